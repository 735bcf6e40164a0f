import XJS
import XJSContent
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
      let request = PageLoadRequest(url: resolver.pageURL, name: path) { src in
        resolver.fetch(src).map { PageScript(source: $0.source, name: $0.name) }.mapError { PageFetchError($0.message) }
      }
      try realm.loadPage(markup, request: request)
      realm.runEventLoop()
      fflush(stderr)
      print(dumpedDocument(realm.document))
      status = reportedErrors == 0 && !realm.isTerminated ? 0 : 1
    } catch {
      printError(error)
      status = 1
    }
    fflush(stdout)
    return status
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
