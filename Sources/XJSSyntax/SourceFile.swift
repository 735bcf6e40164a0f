/// A script's text as UTF-16 code units (the unit JavaScript positions are
/// measured in), with a lazily built line table for `line:column` positions.
public final class SourceFile {
  /// The name shown in error messages and stack traces (a path or a URL).
  public let name: String
  public let text: [UInt16]
  private var lineStarts: [Int32]?

  public init(name: String, text: [UInt16]) {
    self.name = name
    self.text = text
  }

  public convenience init(name: String, string: String) {
    self.init(name: name, text: Array(string.utf16))
  }

  /// 1-based line and 1-based column (in UTF-16 code units) of `offset`.
  /// Line terminators are LF, CR, CRLF, U+2028 and U+2029.
  public func location(of offset: Int) -> (line: Int, column: Int) {
    let starts = lineTable()
    var low = 0
    var high = starts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if Int(starts[middle]) <= offset { low = middle } else { high = middle - 1 }
    }
    return (low + 1, offset - Int(starts[low]) + 1)
  }

  /// The text of line `line` (1-based) without its terminator.
  public func lineText(_ line: Int) -> [UInt16] {
    Array(text[lineBounds(line)])
  }

  /// Where line `line` (1-based) lies in the text, without its terminator.
  public func lineBounds(_ line: Int) -> Range<Int> {
    let starts = lineTable()
    guard line >= 1 && line <= starts.count else { return 0..<0 }
    let start = Int(starts[line - 1])
    var end = line < starts.count ? Int(starts[line]) : text.count
    while end > start, isLineTerminator(text[end - 1]) { end -= 1 }
    return start..<end
  }

  /// The source text of `range` as a Swift string (lone surrogates replaced).
  public func string(in range: SourceRange) -> String {
    let start = max(0, min(Int(range.start), text.count))
    let end = max(start, min(Int(range.end), text.count))
    return String(decoding: text[start..<end], as: UTF16.self)
  }

  private func lineTable() -> [Int32] {
    if let lineStarts { return lineStarts }
    var starts: [Int32] = [0]
    var index = 0
    while index < text.count {
      let unit = text[index]
      if unit == 0x0D, index + 1 < text.count, text[index + 1] == 0x0A { index += 1 }
      if isLineTerminator(unit) { starts.append(Int32(index + 1)) }
      index += 1
    }
    lineStarts = starts
    return starts
  }
}

@inline(__always)
func isLineTerminator(_ unit: UInt16) -> Bool {
  unit == 0x0A || unit == 0x0D || unit == 0x2028 || unit == 0x2029
}
