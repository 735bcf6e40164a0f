/// An early (parse-time) error: `SyntaxError: <message> at <file>:<line>:<column>`.
public struct SyntaxError: Error, CustomStringConvertible, Sendable {
  public var message: String
  /// UTF-16 offset of the error in the source text.
  public var offset: Int
  /// 1-based line and column (in UTF-16 code units); 0 until located.
  public var line: Int
  public var column: Int
  public var sourceName: String
  /// The text of the offending line (for the caret display), or of the part of it around the
  /// column when the line is long (minified code): `sourceLineStart` code units are left out
  /// before it, and `sourceLineIsCut` says whether more follow.
  public var sourceLine: String
  public var sourceLineStart = 0
  public var sourceLineIsCut = false
  /// Whether the input ended inside a token (a template, comment or string still open): a
  /// REPL reads another line instead of reporting it.
  public var endedInsideToken = false
  /// The host's checkpoint stopped the parse (`ParserOptions.checkpoint`): the text may be
  /// valid; the host reports its own reason (a time or memory limit) instead.
  public var wasInterrupted = false

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

  /// An error at `offset` in `source`, with its line, column and source excerpt.
  public init(message: String, offset: Int, in source: SourceFile) {
    let offset = max(0, min(offset, source.text.count))
    let (line, column) = source.location(of: offset)
    self.init(message: message, offset: offset, line: line, column: column, sourceName: source.name)
    // Only the excerpt the description shows is decoded: a 10 MB line would take a second.
    let bounds = source.lineBounds(line)
    let excerpt = SyntaxError.excerpt(lineLength: bounds.count, caretIndex: column - 1)
    let units = source.text[(bounds.lowerBound + excerpt.lowerBound)..<(bounds.lowerBound + excerpt.upperBound)]
    sourceLine = String(decoding: units, as: UTF16.self)
    sourceLineStart = excerpt.lowerBound
    sourceLineIsCut = excerpt.upperBound < bounds.count
  }

  /// The public error for a parse failure, located in `source`.
  init(_ failure: ParseError, in source: SourceFile) {
    self.init(message: failure.message, offset: failure.offset, in: source)
    endedInsideToken = failure.endedInsideToken
    wasInterrupted = failure.wasInterrupted
  }

  /// The part of a line of `lineLength` units shown around the caret:
  /// `SyntaxError.excerptWidth` units at most.
  static func excerpt(lineLength: Int, caretIndex: Int) -> Range<Int> {
    guard lineLength > SyntaxError.excerptWidth else { return 0..<lineLength }
    let start = max(0, min(caretIndex - SyntaxError.excerptWidth / 2, lineLength - SyntaxError.excerptWidth))
    return start..<min(lineLength, start + SyntaxError.excerptWidth)
  }

  /// The message with its position, the source line and a caret under the column. A long
  /// line (minified code) is cut to `SyntaxError.excerptWidth` code units around the column,
  /// with `...` where it was cut.
  public var description: String {
    let text = "SyntaxError: \(message) at \(sourceName):\(line):\(column)"
    guard line > 0 else { return text }
    let units = Array(sourceLine.utf16)
    let caretIndex = max(column - 1 - sourceLineStart, 0)
    let shown = SyntaxError.excerpt(lineLength: units.count, caretIndex: caretIndex)
    let prefix = shown.lowerBound > 0 || sourceLineStart > 0 ? "..." : ""
    let suffix = shown.upperBound < units.count || sourceLineIsCut ? "..." : ""
    let excerpt = String(decoding: units[shown], as: UTF16.self)
    // Keep tabs so the caret lines up under the same column in a terminal.
    var caretIndent = String(repeating: " ", count: prefix.count)
    for index in shown.lowerBound..<min(caretIndex, shown.upperBound) {
      caretIndent += units[index] == 0x09 ? "\t" : " "
    }
    if caretIndex > shown.upperBound { caretIndent += String(repeating: " ", count: caretIndex - shown.upperBound) }
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
  /// See `SyntaxError.wasInterrupted`.
  var wasInterrupted = false

  init(_ message: String, at offset: Int) {
    self.message = message
    self.offset = offset
  }
}
