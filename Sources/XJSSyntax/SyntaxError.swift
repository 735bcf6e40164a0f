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
  /// Whether the input ended inside a token (a template, comment or string still open): a
  /// REPL reads another line instead of reporting it.
  public var endedInsideToken = false

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
    endedInsideToken = failure.endedInsideToken
  }

  /// The message with its position, the source line and a caret under the column. A long
  /// line (minified code) is cut to `SyntaxError.excerptWidth` code units around the column,
  /// with `...` where it was cut.
  public var description: String {
    let text = "SyntaxError: \(message) at \(sourceName):\(line):\(column)"
    guard line > 0 else { return text }
    let units = Array(sourceLine.utf16)
    let caretIndex = max(column - 1, 0)
    var start = 0
    var end = units.count
    if units.count > SyntaxError.excerptWidth {
      start = max(0, min(caretIndex - SyntaxError.excerptWidth / 2, units.count - SyntaxError.excerptWidth))
      end = min(units.count, start + SyntaxError.excerptWidth)
    }
    let prefix = start > 0 ? "..." : ""
    let suffix = end < units.count ? "..." : ""
    let excerpt = String(decoding: units[start..<end], as: UTF16.self)
    // Keep tabs so the caret lines up under the same column in a terminal.
    var caretIndent = String(repeating: " ", count: prefix.count)
    for index in start..<min(caretIndex, end) { caretIndent += units[index] == 0x09 ? "\t" : " " }
    if caretIndex > end { caretIndent += String(repeating: " ", count: caretIndex - end) }
    return text + "\n" + prefix + excerpt + suffix + "\n" + caretIndent + "^"
  }

  /// How much of a long source line an error shows.
  public static let excerptWidth = 200
}

/// The error the lexer and parser throw internally. A reference, so that each
/// `try` site of the deeply recursive parser reserves one pointer for it rather
/// than a whole `SyntaxError` (which made debug-build frames several times larger).
final class ParseError: Error, @unchecked Sendable {
  let message: String
  /// UTF-16 offset in the source text.
  let offset: Int
  /// The input ended inside the token being scanned (see `SyntaxError.endedInsideToken`).
  var endedInsideToken = false

  init(_ message: String, at offset: Int) {
    self.message = message
    self.offset = offset
  }
}
