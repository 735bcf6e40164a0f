// A CSS declaration block for `element.style` (CSSOM § 6.6), without cascade, shorthands or
// property-specific value parsing: a value is kept as the text of its tokens (comments dropped,
// whitespace runs collapsed), and any value made of well-formed tokens is accepted.

/// One declaration: a property name (lowercased unless a custom property), its value as
/// serialized text, and whether it is `!important`.
public struct CSSDeclaration: Equatable, Sendable {
  public var name: String
  public var value: String
  public var isImportant: Bool

  public init(name: String, value: String, isImportant: Bool = false) {
    self.name = name
    self.value = value
    self.isImportant = isImportant
  }
}

/// The declarations of a style attribute, in order, with the CSSStyleDeclaration operations.
public struct CSSDeclarationBlock: Equatable, Sendable {
  public private(set) var declarations: [CSSDeclaration] = []

  public init() {}

  /// Parses a style attribute's value ("parse a CSS declaration block"); never fails.
  public init(parsing text: String) {
    var parser = DeclarationListParser(text)
    for declaration in parser.parse() { add(declaration) }
  }

  /// `cssText`: `name: value;` or `name: value !important;`, joined by single spaces.
  public var cssText: String {
    get { declarations.map(\.serialized).joined(separator: " ") }
    set { self = CSSDeclarationBlock(parsing: newValue) }
  }

  public var length: Int { declarations.count }

  /// The property name at `index`, or "" past the end.
  public func item(_ index: Int) -> String {
    declarations.indices.contains(index) ? declarations[index].name : ""
  }

  public func getPropertyValue(_ property: String) -> String {
    declaration(named: property)?.value ?? ""
  }

  /// "important" or "".
  public func getPropertyPriority(_ property: String) -> String {
    declaration(named: property)?.isImportant == true ? "important" : ""
  }

  /// An empty value removes the property; a priority other than "" or "important" (ASCII
  /// case-insensitively) makes the call do nothing, as does a value that does not parse.
  public mutating func setProperty(_ property: String, _ value: String, priority: String = "") {
    let name = normalizedPropertyName(property)
    // CSSOM: "If property is not a custom property ... If property is not a case-sensitive
    // match for a supported CSS property, then return." Any identifier is taken as supported.
    guard isCustomProperty(name) || isIdentifier(name) else { return }
    if value.isEmpty {
      removeProperty(name)
      return
    }
    // "If priority is not the empty string and is not an ASCII case-insensitive match for the
    // string "important", then return."
    guard priority.isEmpty || asciiCaseInsensitiveEqual(priority, "important") else { return }
    // "Let component value list be the result of parsing value for property property. If
    // component value list is null, then return."
    guard let parsed = parseStandaloneValue(value, isCustom: isCustomProperty(name)) else { return }
    set(CSSDeclaration(name: name, value: parsed, isImportant: !priority.isEmpty))
  }

  /// Removes the property and returns its old value ("" if it was not set).
  @discardableResult
  public mutating func removeProperty(_ property: String) -> String {
    let name = normalizedPropertyName(property)
    guard let index = declarations.firstIndex(where: { codePointsEqual($0.name, name) }) else { return "" }
    return declarations.remove(at: index).value
  }

  // MARK: Internals

  private func declaration(named property: String) -> CSSDeclaration? {
    let name = normalizedPropertyName(property)
    return declarations.first { codePointsEqual($0.name, name) }
  }

  /// setProperty's "set a CSS declaration": an existing declaration is updated where it is.
  private mutating func set(_ declaration: CSSDeclaration) {
    if let index = declarations.firstIndex(where: { codePointsEqual($0.name, declaration.name) }) {
      declarations[index] = declaration
    } else {
      declarations.append(declaration)
    }
  }

  /// While parsing, the later of two declarations of a property wins and takes the later place,
  /// unless the earlier one is `!important` and the later is not (as the cascade would decide).
  private mutating func add(_ declaration: CSSDeclaration) {
    if let index = declarations.firstIndex(where: { codePointsEqual($0.name, declaration.name) }) {
      if declarations[index].isImportant && !declaration.isImportant { return }
      declarations.remove(at: index)
    }
    declarations.append(declaration)
  }
}

extension CSSDeclaration {
  var serialized: String { "\(name): \(value)\(isImportant ? " !important" : "");" }
}

/// Custom properties (`--name`) keep their case; every other property name is ASCII-lowercased.
func normalizedPropertyName(_ name: String) -> String {
  isCustomProperty(name) ? name : asciiLowercase(name)
}

func isCustomProperty(_ name: String) -> Bool { name.utf8.starts(with: "--".utf8) }

/// The name is exactly one identifier, written without escapes.
private func isIdentifier(_ name: String) -> Bool {
  let (tokens, _) = CSSTokenizer.tokenize(name)
  guard tokens.count == 1, case .ident(let value) = tokens[0].token else { return false }
  return codePointsEqual(value, name)
}

/// A value given to setProperty: well-formed tokens only, with no top-level `;` or `!` (a
/// priority is its own argument) and every block closed. Nil if the value does not parse.
private func parseStandaloneValue(_ text: String, isCustom: Bool) -> String? {
  let (tokens, source) = CSSTokenizer.tokenize(text)
  let value = ValueTokens(tokens: tokens[...], source: source).trimmed
  guard value.isWellFormed(allowingBang: false), !value.leavesBlocksOpen else { return nil }
  // Only a custom property may have an empty value.
  guard isCustom || !value.tokens.isEmpty else { return nil }
  return value.serialized
}

// MARK: Parsing a list of declarations

/// CSS Syntax 3 § 5.4.5 "consume a list of declarations", over the tokens of a style attribute.
private struct DeclarationListParser {
  let tokens: [PositionedToken]
  let kinds: [CSSToken]
  let source: [Unicode.Scalar]
  var position = 0

  init(_ text: String) {
    (tokens, source) = CSSTokenizer.tokenize(text)
    kinds = tokens.map(\.token)
  }

  mutating func parse() -> [CSSDeclaration] {
    var declarations: [CSSDeclaration] = []
    while position < tokens.count {
      switch kinds[position] {
      case .whitespace, .semicolon:
        position += 1
      case .atKeyword:
        skipAtRule()
      case .ident(let name):
        // "Consume a component value ... while the next input token is anything other than a
        // <semicolon-token> or <EOF-token>", then "consume a declaration" from those.
        let end = endOfDeclaration(from: position)
        if let declaration = declaration(named: name, tokens: position + 1..<end) {
          declarations.append(declaration)
        }
        position = end
      default:
        // "This is a parse error. ... consume a component value and throw away the returned
        // value" up to the next semicolon.
        position = endOfDeclaration(from: position)
      }
    }
    return declarations
  }

  /// The index of the next `;` outside any block, or the end.
  private func endOfDeclaration(from start: Int) -> Int {
    var index = start
    while index < kinds.count && kinds[index] != .semicolon {
      index = endOfComponentValue(at: index)
    }
    return index
  }

  /// The index just past the component value that starts at `index`.
  private func endOfComponentValue(at index: Int) -> Int {
    guard kinds[index].closingToken != nil else { return index + 1 }
    return min(indexOfToken(closingBlockAt: index, in: kinds, end: kinds.count) + 1, kinds.count)
  }

  /// § 5.4.2 "consume an at-rule": its prelude, then a `;` or a `{}` block; dropped, since a
  /// style attribute holds declarations only.
  private mutating func skipAtRule() {
    position += 1
    while position < kinds.count {
      switch kinds[position] {
      case .semicolon:
        position += 1
        return
      case .openBrace:
        position = endOfComponentValue(at: position)
        return
      default:
        position = endOfComponentValue(at: position)
      }
    }
  }

  /// § 5.4.6 "consume a declaration": the name, optional whitespace, a colon, and the value,
  /// with a final `!important` removed and flagged. Nil if it is not a valid declaration.
  private func declaration(named name: String, tokens range: Range<Int>) -> CSSDeclaration? {
    var rest = tokens[range].drop { $0.token == .whitespace }
    guard rest.first?.token == .colon else { return nil }
    rest = rest.dropFirst()
    var value = ValueTokens(tokens: rest, source: source).trimmed
    let isImportant = value.removeImportant()
    let property = normalizedPropertyName(name)
    let isCustom = isCustomProperty(property)
    guard value.isWellFormed(allowingBang: isCustom) else { return nil }
    guard isCustom || !value.tokens.isEmpty else { return nil }
    return CSSDeclaration(name: property, value: value.serialized, isImportant: isImportant)
  }
}

// MARK: Values

/// A declaration's value as tokens with their source, for checks and serialization.
private struct ValueTokens {
  var tokens: ArraySlice<PositionedToken>
  let source: [Unicode.Scalar]

  /// "While the last token ... is a <whitespace-token>, remove that token" (and at the start).
  var trimmed: ValueTokens {
    var copy = self
    copy.trimWhitespace()
    return copy
  }

  private mutating func trimWhitespace() {
    while tokens.first?.token == .whitespace { tokens.removeFirst() }
    while tokens.last?.token == .whitespace { tokens.removeLast() }
  }

  /// "If the last two non-<whitespace-token>s in the declaration's value are a <delim-token>
  /// with the value "!" followed by an <ident-token> with a value that is an ASCII
  /// case-insensitive match for "important", remove them from the declaration's value and set
  /// the declaration's important flag to true." Expects trimmed tokens; leaves them trimmed.
  mutating func removeImportant() -> Bool {
    guard case .ident(let word) = tokens.last?.token, asciiCaseInsensitiveEqual(word, "important") else {
      return false
    }
    var beforeWord = tokens.dropLast()
    while beforeWord.last?.token == .whitespace { beforeWord.removeLast() }
    guard beforeWord.last?.token == .delim("!") else { return false }
    tokens = beforeWord.dropLast()
    trimWhitespace()
    return true
  }

  /// No bad string or bad URL token, no closing token without its opener, and (unless allowed)
  /// no `!` or `;` outside blocks: what `<declaration-value>` forbids.
  func isWellFormed(allowingBang: Bool) -> Bool {
    var open: [CSSToken] = []
    for positioned in tokens {
      let token = positioned.token
      switch token {
      case .badString, .badURL:
        return false
      case .closeParen, .closeBracket, .closeBrace:
        guard token == open.last else { return false }
        open.removeLast()
      case .semicolon where open.isEmpty:
        return false
      case .delim("!") where open.isEmpty && !allowingBang:
        return false
      default:
        if let closing = token.closingToken { open.append(closing) }
      }
    }
    return true
  }

  /// The closing tokens that the end of the input supplies, innermost first.
  var unclosedBlocks: [CSSToken] {
    var open: [CSSToken] = []
    for positioned in tokens {
      if let closing = positioned.token.closingToken {
        open.append(closing)
      } else if positioned.token == open.last {
        open.removeLast()
      }
    }
    return open.reversed()
  }

  var leavesBlocksOpen: Bool { !unclosedBlocks.isEmpty }

  /// The tokens' source text: a whitespace run (with any comments in it) is one space, a
  /// comment between two other tokens becomes `/**/` so they stay apart, and blocks left open
  /// are closed.
  var serialized: String {
    var text = String.UnicodeScalarView()
    var previousEnd: Int?
    for positioned in tokens {
      if positioned.token == .whitespace {
        text.append(" ")
      } else {
        if let previousEnd, positioned.start > previousEnd { text.append(contentsOf: "/**/".unicodeScalars) }
        text.append(contentsOf: source[positioned.start..<positioned.end])
      }
      previousEnd = positioned.token == .whitespace ? nil : positioned.end
    }
    var result = String(text)
    for closing in unclosedBlocks { result += closing.closingText }
    return result
  }
}
