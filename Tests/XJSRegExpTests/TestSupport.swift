@testable import XJSRegExp

/// A match as `RegExp.prototype.exec` reports it: the index and each group's text.
struct ExecResult: Equatable, CustomStringConvertible {
  var index: Int
  var groups: [[UInt16]?]

  var strings: [String?] { groups.map { $0.map { String(decoding: $0, as: UTF16.self) } } }
  var description: String { "\(index) \(strings)" }
}

/// Compiles and runs like `exec` (with `y` meaning sticky). nil when there is no match;
/// a pattern error fails through `compileError`.
func exec(_ pattern: String, _ flags: String = "", _ input: String, lastIndex: Int = 0)
  -> [String?]?
{
  execUnits(Array(pattern.utf16), flags, Array(input.utf16), lastIndex: lastIndex)?.strings
}

func execUnits(_ pattern: [UInt16], _ flags: String, _ input: [UInt16], lastIndex: Int = 0)
  -> ExecResult?
{
  guard let parsedFlags = RegExpFlags(parsing: flags) else { return nil }
  let program: RegExpProgram
  do {
    program = try RegExpProgram.compile(pattern: pattern, flags: parsedFlags)
  } catch {
    return ExecResult(index: -2, groups: [Array("SyntaxError: \(error.message)".utf16)])
  }
  var captures = [Int32](repeating: 7, count: program.captureSlotCount)
  let result = input.withUnsafeBufferPointer { buffer in
    captures.withUnsafeMutableBufferPointer { slots in
      program.execute(
        buffer, from: lastIndex, sticky: parsedFlags.contains(.sticky),
        captures: slots.baseAddress!)
    }
  }
  guard result == .matched else { return nil }
  var groups: [[UInt16]?] = []
  for g in 0...program.captureCount {
    let s = Int(captures[2 * g])
    let e = Int(captures[2 * g + 1])
    groups.append(s < 0 ? nil : Array(input[s..<e]))
  }
  return ExecResult(index: Int(captures[0]), groups: groups)
}

/// The syntax error message for a pattern, or nil when it compiles.
func compileError(_ pattern: String, _ flags: String = "") -> String? {
  do {
    _ = try RegExpProgram.compile(pattern, flags: flags)
    return nil
  } catch {
    return error.message
  }
}

func units(_ s: String) -> [UInt16] { Array(s.utf16) }

#if canImport(Glibc)
  import Glibc
#endif

func environmentVariable(_ name: String) -> String? {
  getenv(name).map { String(cString: $0) }
}

func readTextFile(_ path: String) throws -> String {
  guard let file = fopen(path, "r") else { throw TestFileError(path: path) }
  defer { fclose(file) }
  var bytes: [UInt8] = []
  var buffer = [UInt8](repeating: 0, count: 1 << 16)
  while true {
    let n = fread(&buffer, 1, buffer.count, file)
    if n <= 0 { break }
    bytes += buffer[0..<n]
  }
  return String(decoding: bytes, as: UTF8.self)
}

struct TestFileError: Error { var path: String }
