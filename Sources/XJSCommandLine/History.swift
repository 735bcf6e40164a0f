import XJSEngine

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The REPL's input history: kept in memory for Up/Down and Ctrl-R, and in a file between
/// sessions (`~/.xjs_repl_history`, or `XJS_REPL_HISTORY`; an empty value keeps none), one
/// entry a line, oldest first, the newest 1000 kept.
final class History {
  static let capacity = 1000
  private(set) var entries: [String] = []
  private let path: String?

  init(path: String?) {
    self.path = path
    guard let path, let contents = FileModuleLoader.readUTF8File(path) else { return }
    let lines = contents.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
    entries = Array(lines.suffix(History.capacity))
    // Appending grows the file; trimming happens here, when a session starts.
    if lines.count > History.capacity { rewrite() }
  }

  /// The path the environment chooses: `XJS_REPL_HISTORY` if set (empty: none), else the home's.
  static var defaultPath: String? {
    if let chosen = getenv("XJS_REPL_HISTORY") {
      let path = String(cString: chosen)
      return path.isEmpty ? nil : path
    }
    guard let home = getenv("HOME") else { return nil }
    return String(cString: home) + "/.xjs_repl_history"
  }

  /// Records a line typed; blank lines and a repeat of the previous entry are not kept.
  func add(_ line: String) {
    guard !line.trimmingSpaces.isEmpty, line != entries.last else { return }
    entries.append(line)
    if entries.count > History.capacity { entries.removeFirst(entries.count - History.capacity) }
    append(line)
  }

  private func append(_ line: String) {
    guard let file = openFile(O_APPEND) else { return }
    fputs(line + "\n", file)
    fclose(file)
  }

  private func rewrite() {
    guard let file = openFile(O_TRUNC) else { return }
    for entry in entries { fputs(entry + "\n", file) }
    fclose(file)
  }

  /// The file for writing, created readable by its owner only (what was typed may be private).
  private func openFile(_ mode: Int32) -> UnsafeMutablePointer<FILE>? {
    guard let path else { return nil }
    let descriptor = open(path, O_WRONLY | O_CREAT | mode, 0o600)
    guard descriptor >= 0 else { return nil }
    guard let file = fdopen(descriptor, "w") else {
      close(descriptor)
      return nil
    }
    return file
  }
}
