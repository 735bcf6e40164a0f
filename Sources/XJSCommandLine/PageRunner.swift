import XJS
import XJSDOM

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `xjs run --dom page.html`: loads the page as a browser's content process does (XJSDOM's page
/// loader), runs its event loop, and prints the serialized document on stdout. Script errors go
/// to stderr as in plain runs; loading goes on after them.
struct PageRunner {
  let options: RunOptions

  func run(path: String) -> Int32 {
    guard let markup = readTextFile(path) else {
      fputs("xjs: cannot open '\(path)': \(String(cString: strerror(errno)))\n", stderr)
      return 2
    }
    let virtualMachine = VirtualMachine(options: virtualMachineOptions())
    var reportedErrors = 0
    let status: Int32
    do {
      let context = Context(virtualMachine)
      let realm = try DOMRealm(virtualMachine: virtualMachine, context: context)
      realm.reportError = { error in
        reportedErrors += 1
        printError(error)
      }
      realm.reportLoadFailure = { message in
        reportedErrors += 1
        fflush(stdout)
        fputs("xjs: \(message)\n", stderr)
      }
      realm.reportUnhandledRejection = { error in
        reportedErrors += 1
        printError(error, prefix: "Uncaught (in promise) ")
      }
      let watchdog = options.timeoutMilliseconds.map {
        Watchdog(milliseconds: $0, handle: virtualMachine.interruptHandle)
      }
      defer { watchdog?.cancel() }
      let resolver = PageResources(pagePath: path, documentRoots: options.documentRoots)
      let request = PageLoadRequest(url: resolver.pageURL, name: path) { src in resolver.fetch(src) }
      try realm.loadPage(markup, request: request)
      realm.runEventLoop()
      fflush(stderr)
      print(printedDocument(realm.document))
      status = reportedErrors == 0 && !realm.isTerminated ? 0 : 1
    } catch {
      printError(error)
      status = 1
    }
    fflush(stdout)
    return status
  }

  /// The document's serialization, with a line break after the doctype as
  /// `chromium --headless --dump-dom` prints it (so the two compare with `diff`).
  private func printedDocument(_ document: Document) -> String {
    var text = ""
    var child = document.firstChild
    while let node = child {
      text += serializeOuter(node)
      if node is DocumentType { text += "\n" }
      child = node.nextSibling
    }
    return text
  }

  private func virtualMachineOptions() -> VirtualMachine.Options {
    var settings = VirtualMachine.Options()
    switch options.jitMode {
    case .off: settings.jit = .off
    case .eager: settings.jit = .eager
    case .tiered: settings.jit = .auto
    }
    settings.jitTarget = options.jitTarget == .arm64Simulator ? .arm64Simulator : .native
    settings.jitThreshold = options.jitThreshold.map(Int.init)
    settings.gcStress = options.gcStress
    if let maximumHeap = options.maximumHeap { settings.heapLimit = maximumHeap }
    return settings
  }

  /// As plain runs print an uncaught error: `Uncaught` and the stack (which names file:line:col).
  private func printError(_ error: JSError, prefix: String = "Uncaught ") {
    fflush(stdout)
    switch error.kind {
    case .exception: fputs(prefix + error.description + "\n", stderr)
    case .syntax: fputs(error.description + "\n", stderr)
    case .terminated: fputs("xjs: \(error.message) (--timeout-ms=\(options.timeoutMilliseconds ?? 0))\n", stderr)
    case .destroyed: fputs("xjs: \(error.message)\n", stderr)
    }
  }
}

/// Where a page's scripts come from: `src` relative to the page, root-relative paths (`/x.js`)
/// against the document roots (searched in order: the first that has the file wins), and
/// `file:` URLs. Other schemes need a network and fail.
struct PageResources {
  let pageDirectory: String
  let documentRoots: [String]
  let pageURL: String

  init(pagePath: String, documentRoots: [String]) {
    let slash = pagePath.lastIndex(of: "/")
    pageDirectory = slash.map { String(pagePath[..<$0]) }.map { $0.isEmpty ? "/" : $0 } ?? "."
    self.documentRoots = documentRoots.isEmpty ? [pageDirectory] : documentRoots
    let absolute = pagePath.hasPrefix("/") ? pagePath : currentDirectory() + "/" + pagePath
    pageURL = fileURL(forPath: normalizePath(absolute))
  }

  func fetch(_ src: String) -> Result<PageScript, PageFetchError> {
    guard let candidates = paths(for: src) else {
      return .failure(PageFetchError("only paths and file: URLs can be loaded"))
    }
    for path in candidates {
      if let source = readTextFile(path) { return .success(PageScript(source: source, name: path)) }
    }
    let tried = candidates.joined(separator: ", ")
    return .failure(PageFetchError("cannot open \(tried): \(String(cString: strerror(errno)))"))
  }

  /// The files `src` may name, in the order they are tried; nil for a URL of another scheme.
  private func paths(for src: String) -> [String]? {
    var reference = Substring(src.filter { $0 != "\t" && $0 != "\n" && $0 != "\r" })
    while let first = reference.first, first == " " { reference.removeFirst() }
    if let end = reference.firstIndex(where: { $0 == "?" || $0 == "#" }) { reference = reference[..<end] }
    let text = String(reference)
    if text.lowercased().hasPrefix("file:") {
      return path(ofFileURL: "file:" + text.dropFirst(5)).map { [normalizePath($0)] }
    }
    if hasScheme(text) || text.hasPrefix("//") { return nil }
    let path = percentDecoded(text)
    if path.hasPrefix("/") { return documentRoots.map { normalizePath($0 + path) } }
    return [normalizePath(pageDirectory + "/" + path)]
  }

  private func hasScheme(_ text: String) -> Bool {
    guard let colon = text.firstIndex(of: ":"), let first = text.first, first.isLetter else { return false }
    return text[..<colon].allSatisfy { $0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == "." }
  }
}

/// `a/./b/../c` → `a/c` (leading `..` kept; an absolute path stays absolute).
func normalizePath(_ path: String) -> String {
  var parts: [Substring] = []
  for part in path.split(separator: "/", omittingEmptySubsequences: true) {
    if part == "." { continue }
    if part == "..", let last = parts.last, last != ".." {
      parts.removeLast()
      continue
    }
    if part == "..", path.hasPrefix("/") { continue }
    parts.append(part)
  }
  let joined = parts.joined(separator: "/")
  if path.hasPrefix("/") { return "/" + joined }
  return joined.isEmpty ? "." : joined
}

/// Interrupts the virtual machine once `milliseconds` of wall time have passed: `--timeout-ms`
/// bounds the whole page (its parse, scripts, and event loop), however many entries that takes.
final class Watchdog: @unchecked Sendable {
  private let milliseconds: Int
  private let handle: InterruptHandle
  private var lock = pthread_mutex_t()
  private var condition = pthread_cond_t()
  private var cancelled = false
  private var thread = pthread_t()

  init(milliseconds: Int, handle: InterruptHandle) {
    self.milliseconds = milliseconds
    self.handle = handle
    pthread_mutex_init(&lock, nil)
    pthread_cond_init(&condition, nil)
    let box = Unmanaged.passRetained(self).toOpaque()
    pthread_create(
      &thread, nil,
      { argument in
        let watchdog = Unmanaged<Watchdog>.fromOpaque(argument!).takeRetainedValue()
        watchdog.wait()
        return nil
      }, box)
  }

  private func wait() {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    let total = Int(now.tv_nsec) + (milliseconds % 1000) * 1_000_000
    var deadline = timespec(
      tv_sec: now.tv_sec + milliseconds / 1000 + total / 1_000_000_000, tv_nsec: total % 1_000_000_000)
    pthread_mutex_lock(&lock)
    var timedOut = false
    while !cancelled && !timedOut {
      timedOut = pthread_cond_timedwait(&condition, &lock, &deadline) == ETIMEDOUT
    }
    let fire = !cancelled
    pthread_mutex_unlock(&lock)
    if fire { handle.interrupt() }
  }

  func cancel() {
    pthread_mutex_lock(&lock)
    cancelled = true
    pthread_cond_signal(&condition)
    pthread_mutex_unlock(&lock)
    pthread_join(thread, nil)
  }
}
