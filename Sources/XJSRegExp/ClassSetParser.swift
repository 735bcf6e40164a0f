/// Character classes under the `v` flag (ES2024 22.2.1 ClassSetExpression): nested classes,
/// union, intersection (`&&`), subtraction (`--`) and string literals `\q{…|…}`.
/// Of the properties of strings only `Emoji_Keycap_Sequence` is supported (its 12 strings
/// are fixed by UTS #51); the RGI_Emoji sets need emoji-sequences data the standard library
/// does not have.
///
/// With `i`, every operand is first mapped through simple case folding (22.2.2.9.3
/// MaybeSimpleCaseFolding) and complements are taken among folded characters (22.2.2.9.4
/// CharacterComplement), so `[^…]` and `\P{…}` mean "no case variant is in the set".
struct ClassSetValue {
  var characters = CodePointSet()
  /// Strings of zero or two or more characters (one-character strings are in `characters`).
  var strings: Set<[UInt32]> = []
  /// 22.2.1.6 MayContainStrings: a syntactic property, decides the `[^…]` early error.
  var mayContainStrings = false
  /// Parsed from a ClassSetRange `a-z` (not allowed as an operand of `&&` or `--`).
  var isRange = false

  mutating func formUnion(_ other: ClassSetValue) {
    characters.formUnion(other.characters)
    strings.formUnion(other.strings)
    mayContainStrings = mayContainStrings || other.mayContainStrings
  }
}

extension RegExpParser {
  /// `[ … ]` as an atom; `index` at the `[`.
  mutating func parseClassSetAtom() throws(RegExpSyntaxError) -> RegExpNode {
    classSetNode(try parseNestedClassSet())
  }

  /// The matcher of a class value: a plain class, or an alternation when it has strings.
  func classSetNode(_ value: ClassSetValue) -> RegExpNode {
    guard !value.strings.isEmpty else { return .characterClass(value.characters, inverted: false) }
    // 22.2.2.7 CompileAtom: the longest strings first, then the single characters, then
    // the empty string.
    var alternatives: [RegExpNode] = []
    let ordered = value.strings.filter { !$0.isEmpty }.sorted {
      $0.count != $1.count ? $0.count > $1.count : $0.lexicographicallyPrecedes($1)
    }
    for string in ordered {
      alternatives.append(.sequence(string.map { .character($0) }))
    }
    if !value.characters.isEmpty {
      alternatives.append(.characterClass(value.characters, inverted: false))
    }
    if value.strings.contains([]) { alternatives.append(.empty) }
    return alternatives.count == 1 ? alternatives[0] : .alternation(alternatives)
  }

  private var foldsCase: Bool { flags.contains(.ignoreCase) }

  /// Characters that are their own simple case folding: the universe of complements under i.
  private var foldedCharacters: CodePointSet { CaseFolding.unicodeCanonicalFixedPoints }

  /// MaybeSimpleCaseFolding of a set of characters.
  private func folded(_ set: CodePointSet) -> CodePointSet {
    foldsCase ? CaseFolding.unicode.closure(of: set).intersection(foldedCharacters) : set
  }

  /// CharacterComplement of an already folded set.
  private func complement(_ set: CodePointSet) -> CodePointSet {
    foldsCase ? foldedCharacters.subtracting(set) : set.inverted()
  }

  /// A CharacterClassEscape's set in `v` mode (22.2.2.9): under i, the uppercase forms are
  /// complements among folded characters. `letter` is the escape's letter.
  func vModeEscapeSet(_ set: CodePointSet, _ letter: UInt16) -> CodePointSet {
    let isComplement = letter == Ch.D || letter == Ch.S || letter == Ch.W || letter == Ch.P
    return isComplement ? complement(folded(set.inverted())) : folded(set)
  }

  /// A `[ … ]` class, possibly `[^ … ]`; `index` at the `[`.
  private mutating func parseNestedClassSet() throws(RegExpSyntaxError) -> ClassSetValue {
    index += 1  // [
    depth += 1
    defer { depth -= 1 }
    if depth > RegExpParser.maxNestingDepth { throw RegExpSyntaxError("Regular expression too large") }
    let negated = consume(Ch.caret)
    var value = try parseClassSetContents()
    value.isRange = false  // a nested class is an operand even when it holds one range
    guard consume(Ch.rightBracket) else { throw RegExpSyntaxError("Unterminated character class") }
    if negated {
      // Early error: `[^…]` must not contain strings (22.2.1.1).
      if value.mayContainStrings { throw RegExpSyntaxError("Negated character class may contain strings") }
      value.characters = complement(value.characters)
    }
    return value
  }

  /// ClassContents up to (not including) the closing `]`.
  private mutating func parseClassSetContents() throws(RegExpSyntaxError) -> ClassSetValue {
    if looksAt(Ch.rightBracket) { return ClassSetValue() }
    let first = try parseClassSetOperand(allowRange: true)
    if looksAtDouble(Ch.ampersand) || looksAtDouble(Ch.minus) {
      // The operands of `&&` and `--` are ClassSetOperands: no ranges.
      if first.isRange { throw RegExpSyntaxError("Invalid set operation in character class") }
      return try parseClassSetOperation(first, operator: current!)
    }
    var value = first
    while let c = current, c != Ch.rightBracket {
      if looksAtDouble(Ch.ampersand) || looksAtDouble(Ch.minus) {
        throw RegExpSyntaxError("Invalid set operation in character class")
      }
      value.formUnion(try parseClassSetOperand(allowRange: true))
    }
    return value
  }

  /// ClassIntersection or ClassSubtraction: operands joined by `&&` or by `--`, never mixed.
  private mutating func parseClassSetOperation(_ first: ClassSetValue, operator op: UInt16)
    throws(RegExpSyntaxError) -> ClassSetValue
  {
    var value = first
    while looksAtDouble(op) {
      index += 2
      if looksAt(Ch.ampersand) && op == Ch.ampersand {
        throw RegExpSyntaxError("Invalid set operation in character class")  // &&&
      }
      let operand = try parseClassSetOperand(allowRange: false)
      if op == Ch.ampersand {
        value.characters = value.characters.intersection(operand.characters)
        value.strings.formIntersection(operand.strings)
        value.mayContainStrings = value.mayContainStrings && operand.mayContainStrings
      } else {
        value.characters = value.characters.subtracting(operand.characters)
        value.strings.subtract(operand.strings)
      }
    }
    guard looksAt(Ch.rightBracket) else {
      throw RegExpSyntaxError("Invalid set operation in character class")
    }
    return value
  }

  private func looksAtDouble(_ unit: UInt16) -> Bool {
    current == unit && peek(1) == unit
  }

  /// ClassSetOperand, or a ClassSetRange when `allowRange` (in a union).
  private mutating func parseClassSetOperand(allowRange: Bool) throws(RegExpSyntaxError)
    -> ClassSetValue
  {
    guard let c = current else { throw RegExpSyntaxError("Unterminated character class") }
    if c == Ch.leftBracket { return try parseNestedClassSet() }
    if c == Ch.backslash, let next = peek(1) {
      if next == Ch.q {
        index += 2
        return try parseClassStringDisjunction()
      }
      index += 1
      if let strings = try parseStringPropertyEscape() { return strings }
      index -= 1
      index += 1
      if let set = try parseCharacterClassEscape(inClass: true) {
        var value = ClassSetValue()
        value.characters = vModeEscapeSet(set, next)
        return value
      }
      index -= 1
    }
    let low = try parseClassSetCharacter()
    var value = ClassSetValue()
    guard allowRange, looksAt(Ch.minus), !looksAtDouble(Ch.minus) else {
      value.characters = folded(CodePointSet(low))
      return value
    }
    index += 1  // -
    let high = try parseClassSetCharacter()
    if low > high { throw RegExpSyntaxError("Range out of order in character class") }
    value.characters = folded(CodePointSet(low, high))
    value.isRange = true
    return value
  }

  /// `p{Name}` naming a property of strings (`v` mode), with `index` at the `p`; nil and
  /// nothing consumed for any other escape. `\P{…}` of one is an early error (22.2.1.1).
  mutating func parseStringPropertyEscape() throws(RegExpSyntaxError) -> ClassSetValue? {
    guard let letter = current, letter == Ch.p || letter == Ch.P, peek(1) == Ch.leftBrace
    else { return nil }
    var end = index + 2
    while end < units.count, units[end] != Ch.rightBrace { end += 1 }
    guard end < units.count,
      let strings = RegExpParser.stringProperty(String(decoding: units[(index + 2)..<end], as: UTF16.self))
    else { return nil }
    if letter == Ch.P { throw RegExpSyntaxError("Invalid property name") }
    index = end + 1
    var value = ClassSetValue()
    value.mayContainStrings = true
    for string in strings {
      value.strings.insert(foldsCase ? string.map { CaseFolding.unicode.canonicalize($0) } : string)
    }
    return value
  }

  /// The strings of a supported property of strings.
  static func stringProperty(_ name: String) -> [[UInt32]]? {
    switch name {
    case "Emoji_Keycap_Sequence":
      // UTS #51 ED-14c: [0-9#*] U+FE0F U+20E3.
      return Array("#*0123456789".unicodeScalars).map { [$0.value, 0xFE0F, 0x20E3] }
    default:
      return nil
    }
  }

  /// `\q{…|…}` after `\q`: each alternative a string of ClassSetCharacters.
  private mutating func parseClassStringDisjunction() throws(RegExpSyntaxError) -> ClassSetValue {
    guard consume(Ch.leftBrace) else { throw RegExpSyntaxError("Invalid escape") }
    var value = ClassSetValue()
    var string: [UInt32] = []
    func finish(_ string: [UInt32], into value: inout ClassSetValue) {
      if string.count == 1 {
        value.characters.insert(string[0])
      } else {
        value.strings.insert(string)
        value.mayContainStrings = true
      }
    }
    while true {
      guard let c = current else { throw RegExpSyntaxError("Unterminated character class") }
      if c == Ch.rightBrace {
        index += 1
        break
      }
      if c == Ch.bar {
        index += 1
        finish(string, into: &value)
        string = []
        continue
      }
      let character = try parseClassSetCharacter()
      string.append(foldsCase ? CaseFolding.unicode.canonicalize(character) : character)
    }
    finish(string, into: &value)
    return value
  }

  /// ClassSetCharacter: a source character that is not a ClassSetSyntaxCharacter nor the
  /// start of a ClassSetReservedDoublePunctuator, or an escape.
  private mutating func parseClassSetCharacter() throws(RegExpSyntaxError) -> UInt32 {
    guard let c = current else { throw RegExpSyntaxError("Unterminated character class") }
    if c == Ch.backslash {
      index += 1
      guard let escaped = current else { throw RegExpSyntaxError("\\ at end of pattern") }
      if escaped == Ch.b {
        index += 1
        return 0x08
      }
      if RegExpParser.isClassSetReservedPunctuator(escaped) {
        index += 1
        return UInt32(escaped)
      }
      return try parseCharacterEscape(inClass: true)
    }
    if RegExpParser.isClassSetSyntaxCharacter(c) {
      throw RegExpSyntaxError("Invalid character in character class")
    }
    if let next = peek(1), next == c, RegExpParser.isClassSetReservedDoublePunctuatorUnit(c) {
      throw RegExpSyntaxError("Invalid set operation in character class")
    }
    return readSourceCharacter(combinePairs: true)
  }

  /// ClassSetSyntaxCharacter :: one of `( ) [ ] { } / - \ |`
  static func isClassSetSyntaxCharacter(_ c: UInt16) -> Bool {
    switch c {
    case 0x28, 0x29, 0x5B, 0x5D, 0x7B, 0x7D, 0x2F, 0x2D, 0x5C, 0x7C: return true
    default: return false
    }
  }

  /// The characters that form ClassSetReservedDoublePunctuator when doubled:
  /// `& ! # $ % * + , . : ; < = > ? @ ^ ` ~`
  static func isClassSetReservedDoublePunctuatorUnit(_ c: UInt16) -> Bool {
    switch c {
    case 0x26, 0x21, 0x23, 0x24, 0x25, 0x2A, 0x2B, 0x2C, 0x2E, 0x3A, 0x3B, 0x3C, 0x3D, 0x3E,
      0x3F, 0x40, 0x5E, 0x60, 0x7E:
      return true
    default: return false
    }
  }

  /// ClassSetReservedPunctuator :: one of `& - ! # % , : ; < = > @ ` ~` (escapable in classes).
  static func isClassSetReservedPunctuator(_ c: UInt16) -> Bool {
    switch c {
    case 0x26, 0x2D, 0x21, 0x23, 0x25, 0x2C, 0x3A, 0x3B, 0x3C, 0x3D, 0x3E, 0x40, 0x60, 0x7E:
      return true
    default: return false
    }
  }
}
