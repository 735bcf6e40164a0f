// CSS Syntax 3 § 4 "Tokenization", shared by selectors and declarations. Comments are dropped
// (a comment still separates tokens), runs of whitespace become one token, and every token keeps
// the source range it came from (in Unicode scalars) for error offsets and value serialization.

struct CSSNumber: Equatable {
  var value: Double
  var isInteger: Bool
  /// The representation starts with "+" or "-" (An+B tells signed from signless integers).
  var hasSign: Bool
}

enum CSSToken: Equatable {
  case ident(String)
  case function(String)
  case atKeyword(String)
  case hash(String, isID: Bool)
  case string(String)
  case badString
  case url(String)
  case badURL
  case delim(Unicode.Scalar)
  case number(CSSNumber)
  case percentage(CSSNumber)
  case dimension(CSSNumber, unit: String)
  case whitespace
  case cdo
  case cdc
  case colon
  case semicolon
  case comma
  case openBracket
  case closeBracket
  case openParen
  case closeParen
  case openBrace
  case closeBrace
}

struct PositionedToken {
  var token: CSSToken
  var start: Int
  var end: Int
}

struct CSSTokenizer {
  private(set) var input: [Unicode.Scalar]
  private var position = 0

  init(_ text: String) {
    input = CSSTokenizer.preprocess(text)
  }

  /// § 3.3: CR LF, CR and FF become LF; NUL and surrogates become U+FFFD.
  private static func preprocess(_ text: String) -> [Unicode.Scalar] {
    var scalars: [Unicode.Scalar] = []
    scalars.reserveCapacity(text.utf8.count)
    var previousWasCR = false
    for scalar in text.unicodeScalars {
      defer { previousWasCR = scalar == "\r" }
      switch scalar {
      case "\n" where previousWasCR: continue
      case "\r", "\u{0C}": scalars.append("\n")
      case "\0": scalars.append("\u{FFFD}")
      default: scalars.append(scalar)
      }
    }
    return scalars
  }

  static func tokenize(_ text: String) -> (tokens: [PositionedToken], source: [Unicode.Scalar]) {
    var tokenizer = CSSTokenizer(text)
    var tokens: [PositionedToken] = []
    while let token = tokenizer.next() { tokens.append(token) }
    return (tokens, tokenizer.input)
  }

  // MARK: Reading

  private func peek(_ offset: Int = 0) -> Unicode.Scalar? {
    let index = position + offset
    return index < input.count ? input[index] : nil
  }

  private mutating func advance(_ count: Int = 1) { position += count }

  /// The next token, or nil at the end of the input.
  mutating func next() -> PositionedToken? {
    while skipComment() {}
    guard let scalar = peek() else { return nil }
    let start = position
    let token = consumeToken(startingWith: scalar)
    return PositionedToken(token: token, start: start, end: position)
  }

  private mutating func skipComment() -> Bool {
    guard peek() == "/", peek(1) == "*" else { return false }
    advance(2)
    while let scalar = peek() {
      if scalar == "*" && peek(1) == "/" {
        advance(2)
        return true
      }
      advance()
    }
    return true
  }

  private mutating func consumeToken(startingWith scalar: Unicode.Scalar) -> CSSToken {
    if isWhitespace(scalar) {
      // Whitespace on both sides of a comment is still one run.
      while let next = peek(), isWhitespace(next) || (next == "/" && peek(1) == "*") {
        if !skipComment() { advance() }
      }
      return .whitespace
    }
    if isDigit(scalar) { return consumeNumeric() }
    if isIdentStart(scalar) { return consumeIdentLike() }
    switch scalar {
    case "\"", "'":
      advance()
      return consumeString(endingWith: scalar)
    case "#":
      if let next = peek(1), isIdentCodePoint(next) || isValidEscape(at: position + 1) {
        advance()
        let isID = startsIdentSequence(at: position)
        return .hash(consumeIdentSequence(), isID: isID)
      }
    case "(": return single(.openParen)
    case ")": return single(.closeParen)
    case "[": return single(.openBracket)
    case "]": return single(.closeBracket)
    case "{": return single(.openBrace)
    case "}": return single(.closeBrace)
    case ",": return single(.comma)
    case ":": return single(.colon)
    case ";": return single(.semicolon)
    case "+", ".":
      if startsNumber(at: position) { return consumeNumeric() }
    case "-":
      if startsNumber(at: position) { return consumeNumeric() }
      if peek(1) == "-" && peek(2) == ">" {
        advance(3)
        return .cdc
      }
      if startsIdentSequence(at: position) { return consumeIdentLike() }
    case "<":
      if peek(1) == "!" && peek(2) == "-" && peek(3) == "-" {
        advance(4)
        return .cdo
      }
    case "@":
      if startsIdentSequence(at: position + 1) {
        advance()
        return .atKeyword(consumeIdentSequence())
      }
    case "\\":
      if isValidEscape(at: position) { return consumeIdentLike() }
    default: break
    }
    return single(.delim(scalar))
  }

  private mutating func single(_ token: CSSToken) -> CSSToken {
    advance()
    return token
  }

  // MARK: Code point classes (§ 4.2)

  private func isWhitespace(_ c: Unicode.Scalar) -> Bool { c == " " || c == "\t" || c == "\n" }
  private func isDigit(_ c: Unicode.Scalar) -> Bool { ("0"..."9").contains(c) }
  private func isHexDigit(_ c: Unicode.Scalar) -> Bool { hexValue(c) != nil }
  private func hexValue(_ c: Unicode.Scalar) -> UInt32? {
    switch c {
    case "0"..."9": return c.value - 0x30
    case "a"..."f": return c.value - 0x61 + 10
    case "A"..."F": return c.value - 0x41 + 10
    default: return nil
    }
  }
  private func isIdentStart(_ c: Unicode.Scalar) -> Bool {
    ("a"..."z").contains(c) || ("A"..."Z").contains(c) || c == "_" || c.value >= 0x80
  }
  private func isIdentCodePoint(_ c: Unicode.Scalar) -> Bool { isIdentStart(c) || isDigit(c) || c == "-" }

  private func isValidEscape(at index: Int) -> Bool {
    guard index < input.count, input[index] == "\\" else { return false }
    return index + 1 < input.count && input[index + 1] != "\n"
  }

  private func startsIdentSequence(at index: Int) -> Bool {
    guard index < input.count else { return false }
    let first = input[index]
    if first == "-" {
      guard index + 1 < input.count else { return false }
      let second = input[index + 1]
      return isIdentStart(second) || second == "-" || isValidEscape(at: index + 1)
    }
    return isIdentStart(first) || isValidEscape(at: index)
  }

  private func startsNumber(at index: Int) -> Bool {
    func scalar(_ i: Int) -> Unicode.Scalar? { i < input.count ? input[i] : nil }
    guard let first = scalar(index) else { return false }
    if first == "+" || first == "-" {
      if let second = scalar(index + 1), isDigit(second) { return true }
      return scalar(index + 1) == "." && scalar(index + 2).map(isDigit) == true
    }
    if first == "." { return scalar(index + 1).map(isDigit) == true }
    return isDigit(first)
  }

  // MARK: Consuming

  /// § 4.3.7: after the backslash.
  private mutating func consumeEscape() -> Unicode.Scalar {
    guard let first = peek() else { return "\u{FFFD}" }
    advance()
    guard var value = hexValue(first) else { return first }
    var digits = 1
    while digits < 6, let next = peek(), let digit = hexValue(next) {
      value = value * 16 + digit
      digits += 1
      advance()
    }
    if let next = peek(), isWhitespace(next) { advance() }
    guard value != 0, let scalar = Unicode.Scalar(value), value <= 0x10FFFF else { return "\u{FFFD}" }
    return scalar
  }

  private mutating func consumeIdentSequence() -> String {
    var result = String.UnicodeScalarView()
    while let c = peek() {
      if isIdentCodePoint(c) {
        result.append(c)
        advance()
      } else if isValidEscape(at: position) {
        advance()
        result.append(consumeEscape())
      } else {
        break
      }
    }
    return String(result)
  }

  private mutating func consumeIdentLike() -> CSSToken {
    let name = consumeIdentSequence()
    guard peek() == "(" else { return .ident(name) }
    advance()
    guard asciiCaseInsensitiveEqual(name, "url") else { return .function(name) }
    // url( followed by a quote is an ordinary function; otherwise an unquoted URL token.
    var lookahead = position
    while lookahead < input.count, isWhitespace(input[lookahead]) { lookahead += 1 }
    if lookahead < input.count, input[lookahead] == "\"" || input[lookahead] == "'" { return .function(name) }
    return consumeURL()
  }

  private mutating func consumeString(endingWith quote: Unicode.Scalar) -> CSSToken {
    var result = String.UnicodeScalarView()
    while let c = peek() {
      if c == quote {
        advance()
        return .string(String(result))
      }
      if c == "\n" { return .badString }
      advance()
      if c == "\\" {
        guard let next = peek() else { continue }
        if next == "\n" {
          advance()
        } else {
          result.append(consumeEscape())
        }
      } else {
        result.append(c)
      }
    }
    return .string(String(result))
  }

  private mutating func consumeURL() -> CSSToken {
    var result = String.UnicodeScalarView()
    while let c = peek(), isWhitespace(c) { advance() }
    while let c = peek() {
      advance()
      switch c {
      case ")": return .url(String(result))
      case _ where isWhitespace(c):
        while let next = peek(), isWhitespace(next) { advance() }
        if peek() == nil { return .url(String(result)) }
        if peek() == ")" {
          advance()
          return .url(String(result))
        }
        consumeBadURLRemnants()
        return .badURL
      case "\"", "'", "(":
        consumeBadURLRemnants()
        return .badURL
      case "\\":
        guard isValidEscape(at: position - 1) else {
          consumeBadURLRemnants()
          return .badURL
        }
        result.append(consumeEscape())
      default:
        if c.value <= 0x08 || c.value == 0x0B || (0x0E...0x1F).contains(c.value) || c.value == 0x7F {
          consumeBadURLRemnants()
          return .badURL
        }
        result.append(c)
      }
    }
    return .url(String(result))
  }

  private mutating func consumeBadURLRemnants() {
    while let c = peek() {
      if c == ")" {
        advance()
        return
      }
      if isValidEscape(at: position) {
        advance()
        _ = consumeEscape()
      } else {
        advance()
      }
    }
  }

  private mutating func consumeNumeric() -> CSSToken {
    let number = consumeNumber()
    if startsIdentSequence(at: position) { return .dimension(number, unit: consumeIdentSequence()) }
    if peek() == "%" {
      advance()
      return .percentage(number)
    }
    return .number(number)
  }

  private mutating func consumeNumber() -> CSSNumber {
    var text = ""
    var isInteger = true
    var hasSign = false
    if let c = peek(), c == "+" || c == "-" {
      hasSign = true
      text.unicodeScalars.append(c)
      advance()
    }
    consumeDigits(into: &text)
    if peek() == ".", let next = peek(1), isDigit(next) {
      isInteger = false
      text += "."
      advance()
      consumeDigits(into: &text)
    }
    if let e = peek(), e == "e" || e == "E" {
      let sign = peek(1).flatMap { $0 == "+" || $0 == "-" ? $0 : nil }
      if let digit = peek(sign == nil ? 1 : 2), isDigit(digit) {
        isInteger = false
        text += "e"
        if let sign { text.unicodeScalars.append(sign) }
        advance(sign == nil ? 1 : 2)
        consumeDigits(into: &text)
      }
    }
    return CSSNumber(value: Double(text) ?? 0, isInteger: isInteger, hasSign: hasSign)
  }

  private mutating func consumeDigits(into text: inout String) {
    while let c = peek(), isDigit(c) {
      text.unicodeScalars.append(c)
      advance()
    }
  }
}

extension CSSToken {
  /// For a token that opens a block or function, the token that closes it.
  var closingToken: CSSToken? {
    switch self {
    case .function, .openParen: return .closeParen
    case .openBracket: return .closeBracket
    case .openBrace: return .closeBrace
    default: return nil
    }
  }

  /// A closing token's text, to close at the end what the input left open.
  var closingText: String {
    switch self {
    case .closeBracket: return "]"
    case .closeBrace: return "}"
    default: return ")"
    }
  }
}

/// The index of the token that closes the block or function opened at `open`, or `end` if the
/// input ends first. CSS Syntax 3 § 5.4.8-9: "consume a simple block" and "consume a function"
/// stop at the matching ending token only; a closing token of another kind is an ordinary
/// component value, and the end of the input closes whatever is open.
func indexOfToken<Tokens: RandomAccessCollection<CSSToken>>(closingBlockAt open: Int, in tokens: Tokens, end: Int)
  -> Int where Tokens.Index == Int
{
  var expected: [CSSToken] = []
  for index in open..<end {
    let token = tokens[index]
    if let closing = token.closingToken {
      expected.append(closing)
    } else if token == expected.last {
      expected.removeLast()
      if expected.isEmpty { return index }
    }
  }
  return end
}
