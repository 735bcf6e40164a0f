import XJSEngine

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a page's scripts come from (the module loader's helpers read files and URLs), for `xjs run --dom` and for the host that serves a
/// content process's `fetch`es: `src` relative to the page, root-relative paths (`/x.js`)
/// against the document roots (searched in order: the first that has the file wins), and
/// `file:` URLs. Other schemes need a network and fail. With `readableDirectories` set, only
/// files inside one of them (after symbolic links are resolved) are read.
public struct PageResources: Sendable {
  public let pageDirectory: String
  public let documentRoots: [String]
  public let pageURL: String
  /// Real paths of the directories files may be read from (nil: anywhere).
  public let readableDirectories: [String]?

  public init(pagePath: String, documentRoots: [String] = [], readableDirectories: [String]? = nil) {
    let absolute = pagePath.hasPrefix("/") ? pagePath : FileModuleLoader.currentDirectoryPath() + "/" + pagePath
    let slash = pagePath.lastIndex(of: "/")
    pageDirectory = slash.map { String(pagePath[..<$0]) }.map { $0.isEmpty ? "/" : $0 } ?? "."
    self.documentRoots = documentRoots.isEmpty ? [pageDirectory] : documentRoots
    pageURL = FileModuleLoader.fileURL(forPath: normalizePath(absolute))
    self.readableDirectories = readableDirectories.map { $0.map { realPath($0) ?? normalizePath($0) } }
  }

  /// A script's text and the name its errors carry (the path it was read from).
  public func fetch(_ src: String) -> Result<(source: String, name: String), FetchFailure> {
    guard let candidates = paths(for: src) else {
      return .failure(FetchFailure("only paths and file: URLs can be loaded"))
    }
    var refused = false
    for path in candidates {
      switch readChecked(path) {
      case .refused: refused = true
      case .missing: continue
      case .read(let source): return .success((source, path))
      }
    }
    let tried = candidates.joined(separator: ", ")
    if refused { return .failure(FetchFailure("\(tried) is outside the directories the page may read")) }
    return .failure(FetchFailure("cannot open \(tried): \(String(cString: strerror(errno)))"))
  }

  /// Whether the policy lets the file at real path `real` be read.
  public func isReadable(realPath real: String) -> Bool {
    guard let readableDirectories else { return true }
    return readableDirectories.contains { real.hasPrefix($0 == "/" ? "/" : $0 + "/") }
  }

  private enum CheckedRead {
    case read(String)
    case missing
    case refused
  }

  /// Opens the file first, then checks the real path of what was opened (/proc/self/fd), so a
  /// file swapped for a symbolic link between a check and the open cannot slip through.
  private func readChecked(_ path: String) -> CheckedRead {
    guard let file = fopen(path, "rbe") else { return .missing }
    defer { fclose(file) }
    guard isReadable(realPath: realPath("/proc/self/fd/\(fileno(file))") ?? "") else { return .refused }
    return FileModuleLoader.readUTF8(file).map(CheckedRead.read) ?? .missing
  }

  /// The files `src` may name, in the order they are tried; nil for a URL of another scheme.
  private func paths(for src: String) -> [String]? {
    var reference = Substring(src.filter { $0 != "\t" && $0 != "\n" && $0 != "\r" })
    while let first = reference.first, first == " " { reference.removeFirst() }
    if let end = reference.firstIndex(where: { $0 == "?" || $0 == "#" }) { reference = reference[..<end] }
    let text = String(reference)
    if text.lowercased().hasPrefix("file:") {
      return FileModuleLoader.path(ofFileURL: "file:" + text.dropFirst(5)).map { [normalizePath($0)] }
    }
    if hasScheme(text) || text.hasPrefix("//") { return nil }
    let path = FileModuleLoader.percentDecoded(Substring(text))
    if path.hasPrefix("/") { return documentRoots.map { normalizePath($0 + path) } }
    return [normalizePath(pageDirectory + "/" + path)]
  }

  private func hasScheme(_ text: String) -> Bool {
    guard let colon = text.firstIndex(of: ":"), let first = text.first, first.isLetter else { return false }
    return text[..<colon].allSatisfy { $0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == "." }
  }
}

/// Why a resource could not be had.
public struct FetchFailure: Error, Sendable, CustomStringConvertible {
  public var message: String
  public init(_ message: String) { self.message = message }
  public var description: String { message }
}

/// `a/./b/../c` → `a/c` (leading `..` kept; an absolute path stays absolute).
public func normalizePath(_ path: String) -> String {
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

/// The path with every symbolic link resolved, or nil when it does not exist.
public func realPath(_ path: String) -> String? {
  guard let resolved = realpath(path, nil) else { return nil }
  defer { free(resolved) }
  return String(cString: resolved)
}
