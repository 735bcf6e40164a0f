// The scanner for the lexical grammar of scripts (ES2024 clause 12 and Annex B.1).
//
// The lexer knows nothing about strict mode or grammar context: it flags what
// strict mode forbids (legacy octal literals and escapes) on the token and lets
// the parser decide. Where the grammar's goal symbol matters — a `/` starting a
// regular expression, a `}` continuing a template — the parser asks for a rescan.

/// A class, so that the parser calls it through one reference: as a struct held
/// by the parser, every call copied it (and retained each of its arrays).
/// Stored properties are `@exclusivity(unchecked)` for the same reason as the
/// parser's: no overlapping accesses, and dynamic checks cost on every token.
final class Lexer {
  let text: UnsafeBufferPointer<UInt16>
  let end: Int
  /// The offset of the next character to scan.
  @exclusivity(unchecked) var position: Int
  /// The current token.
  @exclusivity(unchecked) var token: Token
  @exclusivity(unchecked) private var hasProducedToken = false

  // Values of the current token.
  @exclusivity(unchecked) var numberValue: Double = 0
  /// BigInt literal value as decimal digits.
  @exclusivity(unchecked) var bigIntValue: String = ""
  /// String literal value, or the cooked value of a template piece.
  @exclusivity(unchecked) var stringValue: [UInt16] = []
  /// The raw value of a template piece (CR and CRLF normalized to LF).
  @exclusivity(unchecked) var templateRaw: [UInt16] = []
  /// Where the first invalid escape of a template piece is, and why.
  @exclusivity(unchecked) var templateEscapeError: ParseError?
  @exclusivity(unchecked) var regExpPattern: [UInt16] = []
  @exclusivity(unchecked) var regExpFlags: String = ""

  /// Digits of a decimal literal without separators, reused between literals.
  @exclusivity(unchecked) var digitScratch: [UInt8] = []
  /// Held here so the hot path does not go through a lazy global each time.
  let words = WordTable.shared
  /// Scanning module code: HTML-like comments (Annex B.1.1) are not comments.
  var isModule = false

  /// Scans `text[start..<end]` (the whole text by default); offsets stay
  /// relative to the start of `text`.
  init(text: UnsafeBufferPointer<UInt16>, start: Int = 0, end: Int? = nil) {
    self.text = text
    self.end = end ?? text.count
    self.position = start
    self.token = Token(kind: .eof, start: Int32(start), end: Int32(start))
  }

  struct State {
    let position: Int
    let token: Token
    let hasProducedToken: Bool
  }

  func saveState() -> State {
    State(position: position, token: token, hasProducedToken: hasProducedToken)
  }

  func restoreState(_ state: State) {
    position = state.position
    token = state.token
    hasProducedToken = state.hasProducedToken
  }

  /// The code unit at `index`, or 0 past the end (callers compare with non-zero units).
  @inline(__always)
  func unit(at index: Int) -> UInt16 {
    index < end ? text[index] : 0
  }

  func error(_ message: String, at offset: Int) -> ParseError {
    ParseError(message, at: offset)
  }

  /// An error for input that ends inside a token (more input could complete it).
  func endOfInputError(_ message: String, at offset: Int) -> ParseError {
    let failure = ParseError(message, at: offset)
    failure.endedInsideToken = true
    return failure
  }

  // MARK: Tokens

  /// Scans the next token into `token`.
  func next() throws(ParseError) {
    let newline = try skipTrivia()
    hasProducedToken = true
    let start = position
    let flags: UInt8 = newline ? Token.newlineBeforeFlag : 0
    guard position < end else {
      token = Token(kind: .eof, flags: flags, start: Int32(start), end: Int32(start))
      return
    }
    let unit = text[position]
    if unit < 128 {
      if isIdentifierStart(UInt32(unit)) || unit == 0x5C {
        return try scanIdentifierOrKeyword(flags: flags)
      }
      if isDecimalDigit(unit) || (unit == 0x2E && isDecimalDigit(self.unit(at: position + 1))) {
        return try scanNumber(flags: flags)
      }
      switch unit {
      case 0x22, 0x27: return try scanString(quote: unit, flags: flags)
      case 0x60: return try scanTemplate(flags: flags)
      case 0x23: return try scanPrivateName(flags: flags)
      default:
        let kind = try scanPunctuator(unit)
        token = Token(kind: kind, flags: flags, start: Int32(start), end: Int32(position))
        return
      }
    }
    if isHighSurrogate(unit) || isUnicodeIdentifierStart(UInt32(unit)) {
      return try scanIdentifierOrKeyword(flags: flags)
    }
    throw error("Invalid or unexpected token", at: start)
  }

  /// Skips white space, line terminators and comments; returns whether a line
  /// terminator was among them.
  private func skipTrivia() throws(ParseError) -> Bool {
    var newline = false
    while position < end {
      let unit = text[position]
      switch unit {
      case 0x20, 0x09, 0x0B, 0x0C:
        position += 1
      case 0x0A, 0x0D, 0x2028, 0x2029:
        newline = true
        position += 1
      case 0x2F:  // `/`
        let following = self.unit(at: position + 1)
        if following == 0x2F {
          skipLineComment(from: position + 2)
        } else if following == 0x2A {
          if try skipBlockComment() { newline = true }
        } else {
          return newline
        }
      case 0x3C:  // `<!--` (Annex B.1.1): a single-line comment in scripts.
        guard !isModule, self.unit(at: position + 1) == 0x21, self.unit(at: position + 2) == 0x2D,
          self.unit(at: position + 3) == 0x2D
        else { return newline }
        skipLineComment(from: position + 4)
      case 0x2D:  // `-->` at the start of a line (Annex B.1.1 HTMLCloseComment).
        guard !isModule, newline || !hasProducedToken, self.unit(at: position + 1) == 0x2D,
          self.unit(at: position + 2) == 0x3E
        else { return newline }
        skipLineComment(from: position + 3)
      case 0x23:  // `#!` hashbang comment, only at the very start (ES2023 12.5).
        guard position == 0, self.unit(at: 1) == 0x21 else { return newline }
        skipLineComment(from: 2)
      default:
        guard unit >= 128, isNonASCIIWhiteSpace(unit) else { return newline }
        position += 1
      }
    }
    return newline
  }

  private func skipLineComment(from start: Int) {
    var index = start
    while index < end && !isLineTerminator(text[index]) { index += 1 }
    position = index
  }

  /// Skips `/* … */`; returns whether it contains a line terminator.
  private func skipBlockComment() throws(ParseError) -> Bool {
    let start = position
    var index = position + 2
    var newline = false
    while index < end {
      let unit = text[index]
      if unit == 0x2A && self.unit(at: index + 1) == 0x2F {
        position = index + 2
        return newline
      }
      if isLineTerminator(unit) { newline = true }
      index += 1
    }
    throw endOfInputError("Unterminated comment", at: start)
  }

  // MARK: Punctuators

  /// Scans a punctuator starting with ASCII `unit` at `position`.
  private func scanPunctuator(_ unit: UInt16) throws(ParseError) -> TokenKind {
    let start = position
    let second = self.unit(at: position + 1)
    let third = self.unit(at: position + 2)
    // Every branch sets the length of the punctuator it recognizes.
    var length = 1
    var kind: TokenKind
    switch unit {
    case 0x7B: kind = .leftBrace
    case 0x7D: kind = .rightBrace
    case 0x28: kind = .leftParen
    case 0x29: kind = .rightParen
    case 0x5B: kind = .leftBracket
    case 0x5D: kind = .rightBracket
    case 0x3B: kind = .semicolon
    case 0x2C: kind = .comma
    case 0x3A: kind = .colon
    case 0x7E: kind = .tilde
    case 0x2E:  // `.` or `...`
      if second == 0x2E && third == 0x2E { (kind, length) = (.ellipsis, 3) } else { kind = .dot }
    case 0x3F:  // `?`, `??`, `??=`, `?.` (not before a digit: `a?.5:b`)
      if second == 0x3F {
        (kind, length) = third == 0x3D ? (.questionQuestionAssign, 3) : (.questionQuestion, 2)
      } else if second == 0x2E && !isDecimalDigit(third) {
        (kind, length) = (.questionDot, 2)
      } else {
        kind = .question
      }
    case 0x3C:  // `<`, `<=`, `<<`, `<<=`
      if second == 0x3C {
        (kind, length) = third == 0x3D ? (.leftShiftAssign, 3) : (.leftShift, 2)
      } else if second == 0x3D {
        (kind, length) = (.lessThanOrEqual, 2)
      } else {
        kind = .lessThan
      }
    case 0x3E:  // `>`, `>=`, `>>`, `>>=`, `>>>`, `>>>=`
      if second == 0x3E {
        if third == 0x3E {
          (kind, length) =
            self.unit(at: position + 3) == 0x3D
            ? (.unsignedRightShiftAssign, 4) : (.unsignedRightShift, 3)
        } else {
          (kind, length) = third == 0x3D ? (.rightShiftAssign, 3) : (.rightShift, 2)
        }
      } else if second == 0x3D {
        (kind, length) = (.greaterThanOrEqual, 2)
      } else {
        kind = .greaterThan
      }
    case 0x3D:  // `=`, `==`, `===`, `=>`
      if second == 0x3D {
        (kind, length) = third == 0x3D ? (.strictEqual, 3) : (.equal, 2)
      } else if second == 0x3E {
        (kind, length) = (.arrow, 2)
      } else {
        kind = .assign
      }
    case 0x21:  // `!`, `!=`, `!==`
      if second == 0x3D {
        (kind, length) = third == 0x3D ? (.strictNotEqual, 3) : (.notEqual, 2)
      } else {
        kind = .bang
      }
    case 0x2B:  // `+`, `++`, `+=`
      if second == 0x2B {
        (kind, length) = (.plusPlus, 2)
      } else if second == 0x3D {
        (kind, length) = (.plusAssign, 2)
      } else {
        kind = .plus
      }
    case 0x2D:  // `-`, `--`, `-=`
      if second == 0x2D {
        (kind, length) = (.minusMinus, 2)
      } else if second == 0x3D {
        (kind, length) = (.minusAssign, 2)
      } else {
        kind = .minus
      }
    case 0x2A:  // `*`, `*=`, `**`, `**=`
      if second == 0x2A {
        (kind, length) = third == 0x3D ? (.starStarAssign, 3) : (.starStar, 2)
      } else if second == 0x3D {
        (kind, length) = (.starAssign, 2)
      } else {
        kind = .star
      }
    case 0x2F:  // `/`, `/=` (the parser rescans these as a regular expression where one may start)
      if second == 0x3D { (kind, length) = (.slashAssign, 2) } else { kind = .slash }
    case 0x25:  // `%`, `%=`
      if second == 0x3D { (kind, length) = (.percentAssign, 2) } else { kind = .percent }
    case 0x26:  // `&`, `&&`, `&=`, `&&=`
      if second == 0x26 {
        (kind, length) = third == 0x3D ? (.ampersandAmpersandAssign, 3) : (.ampersandAmpersand, 2)
      } else if second == 0x3D {
        (kind, length) = (.ampersandAssign, 2)
      } else {
        kind = .ampersand
      }
    case 0x7C:  // `|`, `||`, `|=`, `||=`
      if second == 0x7C {
        (kind, length) = third == 0x3D ? (.barBarAssign, 3) : (.barBar, 2)
      } else if second == 0x3D {
        (kind, length) = (.barAssign, 2)
      } else {
        kind = .bar
      }
    case 0x5E:  // `^`, `^=`
      if second == 0x3D { (kind, length) = (.caretAssign, 2) } else { kind = .caret }
    default:
      throw error("Invalid or unexpected token", at: start)
    }
    position += length
    return kind
  }

  // MARK: Identifiers

  private func scanIdentifierOrKeyword(flags: UInt8) throws(ParseError) {
    let start = position
    // Fast path: ASCII identifier characters without escapes, packing the name
    // for the keyword table while it is all lowercase letters.
    var index = position
    var key: UInt64 = 0
    var isLowercase = true
    while index < end {
      let unit = text[index]
      guard unit < 128, isIdentifierPart(UInt32(unit)) else { break }
      if unit >= 0x61 && unit <= 0x7A {
        key = WordTable.extend(key, with: unit)
      } else {
        isLowercase = false
      }
      index += 1
    }
    if index < end, text[index] == 0x5C || text[index] >= 128 {
      position = start
      let name = try scanEscapedOrUnicodeIdentifier()
      return classifyIdentifier(
        units: name.units, escaped: name.hasEscape, flags: flags, start: start)
    }
    position = index
    var kind = TokenKind.identifier
    var word = Word.none
    let length = index - start
    if isLowercase && length >= 2 && length <= 12 {
      let found = words.lookup(key)
      if let keyword = found.keyword { kind = keyword } else { word = found.word }
    }
    token = Token(kind: kind, word: word, flags: flags, start: Int32(start), end: Int32(index))
  }

  private func classifyIdentifier(
    units: [UInt16], escaped: Bool, flags: UInt8, start: Int
  ) {
    var kind = TokenKind.identifier
    var word = Word.none
    if let key = WordTable.pack(units) {
      let found = words.lookup(key)
      if let keyword = found.keyword {
        if escaped { word = .escapedReservedWord } else { kind = keyword }
      } else {
        word = found.word
      }
    }
    let tokenFlags = escaped ? flags | Token.escapedFlag : flags
    token = Token(
      kind: kind, word: word, flags: tokenFlags, start: Int32(start), end: Int32(position))
  }

  /// Scans an IdentifierName that has escapes or non-ASCII characters, starting
  /// at `position`; returns its code units.
  func scanEscapedOrUnicodeIdentifier() throws(ParseError) -> (
    units: [UInt16], hasEscape: Bool
  ) {
    var units: [UInt16] = []
    var hasEscape = false
    var isFirst = true
    while position < end {
      let characterStart = position
      var codePoint: UInt32
      let unit = text[position]
      if unit == 0x5C {
        guard self.unit(at: position + 1) == 0x75 else {
          throw error("Invalid Unicode escape sequence", at: characterStart)
        }
        position += 2
        guard let value = scanUnicodeEscapeValue() else {
          throw error("Invalid Unicode escape sequence", at: characterStart)
        }
        codePoint = value
        hasEscape = true
        let valid = isFirst ? isIdentifierStart(codePoint) : isIdentifierPart(codePoint)
        guard valid else { throw error("Invalid Unicode escape sequence", at: characterStart) }
      } else {
        codePoint = UInt32(unit)
        var length = 1
        if isHighSurrogate(unit), isLowSurrogate(self.unit(at: position + 1)) {
          codePoint = combineSurrogates(unit, text[position + 1])
          length = 2
        }
        let valid = isFirst ? isIdentifierStart(codePoint) : isIdentifierPart(codePoint)
        if !valid {
          if isFirst { throw error("Invalid or unexpected token", at: characterStart) }
          break
        }
        position += length
      }
      appendUTF16(codePoint, to: &units)
      isFirst = false
    }
    return (units, hasEscape)
  }

  /// After `\u`: four hex digits or `{hex}` (at most 0x10FFFF). Nil when malformed.
  func scanUnicodeEscapeValue() -> UInt32? {
    if unit(at: position) == 0x7B {
      position += 1
      var value: UInt32 = 0
      var digits = 0
      while let digit = hexDigitValue(unit(at: position)) {
        value = value * 16 + digit
        if value > 0x10FFFF { return nil }
        digits += 1
        position += 1
      }
      guard digits > 0, unit(at: position) == 0x7D else { return nil }
      position += 1
      return value
    }
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard let digit = hexDigitValue(unit(at: position)) else { return nil }
      value = value * 16 + digit
      position += 1
    }
    return value
  }

  /// The name of an identifier, keyword or private-name token (without `#`),
  /// with escapes decoded.
  func identifierName(_ token: Token) -> String {
    var start = Int(token.start)
    if token.kind == .privateName { start += 1 }
    let end = Int(token.end)
    if !token.hasEscape {
      if let ascii = asciiString(from: start, to: end) { return ascii }
      return String(decoding: UnsafeBufferPointer(rebasing: text[start..<end]), as: UTF16.self)
    }
    let decoded = decodeIdentifier(at: start)
    return String(decoding: decoded, as: UTF16.self)
  }

  /// The code units of the (escaped) name starting at `start`; leaves the scan position alone.
  private func decodeIdentifier(at start: Int) -> [UInt16] {
    let saved = position
    defer { position = saved }
    position = start
    return (try? scanEscapedOrUnicodeIdentifier())?.units ?? []
  }

  /// The text as a String when it is all ASCII (the common case, and much
  /// faster than transcoding UTF-16).
  private func asciiString(from start: Int, to end: Int) -> String? {
    for index in start..<end where text[index] >= 0x80 { return nil }
    return String(unsafeUninitializedCapacity: end - start) { buffer in
      for index in start..<end { buffer[index - start] = UInt8(truncatingIfNeeded: text[index]) }
      return end - start
    }
  }

  private func scanPrivateName(flags: UInt8) throws(ParseError) {
    let start = position
    position += 1
    let next = unit(at: position)
    let startsName =
      next == 0x5C || (next < 128 && isIdentifierStart(UInt32(next)))
      || (next >= 128 && (isHighSurrogate(next) || isUnicodeIdentifierStart(UInt32(next))))
    guard startsName else { throw error("Invalid or unexpected token", at: start) }
    let name = try scanEscapedOrUnicodeIdentifier()
    token = Token(
      kind: .privateName, flags: name.hasEscape ? flags | Token.escapedFlag : flags,
      start: Int32(start), end: Int32(position))
  }
}
