/// An early (parse-time) error: `SyntaxError: <message> at <file>:<line>:<column>`.
public struct SyntaxError: Error, CustomStringConvertible, Sendable {
  public var message: String
  /// UTF-16 offset of the error in the source text.
  public var offset: Int
  /// 1-based line and column (in UTF-16 code units); 0 until located.
  public var line: Int
  public var column: Int
  public var sourceName: String
  /// The text of the offending line (for the caret display).
  public var sourceLine: String

  public init(
    message: String, offset: Int, line: Int = 0, column: Int = 0, sourceName: String = "",
    sourceLine: String = ""
  ) {
    self.message = message
    self.offset = offset
    self.line = line
    self.column = column
    self.sourceName = sourceName
    self.sourceLine = sourceLine
  }

  /// The public error for a parse failure, located in `source`.
  init(_ failure: ParseError, in source: SourceFile) {
    let offset = max(0, min(failure.offset, source.text.count))
    let (line, column) = source.location(of: offset)
    self.init(
      message: failure.message, offset: offset, line: line, column: column,
      sourceName: source.name,
      sourceLine: String(decoding: source.lineText(line), as: UTF16.self))
  }

  /// The message with its position, the source line and a caret under the column.
  public var description: String {
    var text = "SyntaxError: \(message) at \(sourceName):\(line):\(column)"
    guard line > 0 else { return text }
    text += "\n" + sourceLine + "\n"
    // Keep tabs so the caret lines up under the same column in a terminal.
    var caretIndent = ""
    for (index, unit) in sourceLine.utf16.enumerated() where index < column - 1 {
      caretIndent += unit == 0x09 ? "\t" : " "
    }
    if column - 1 > sourceLine.utf16.count {
      caretIndent += String(repeating: " ", count: column - 1 - sourceLine.utf16.count)
    }
    return text + caretIndent + "^"
  }
}

/// The error the lexer and parser throw internally. A reference, so that each
/// `try` site of the deeply recursive parser reserves one pointer for it rather
/// than a whole `SyntaxError` (which made debug-build frames several times larger).
final class ParseError: Error, @unchecked Sendable {
  let message: String
  /// UTF-16 offset in the source text.
  let offset: Int

  init(_ message: String, at offset: Int) {
    self.message = message
    self.offset = offset
  }
}
