// Tokens produced by the lexer. A token is a small value (kind, flags, range);
// literal values live in the lexer (`Lexer.numberValue`, `Lexer.stringValue`…)
// and names are decoded from the source on demand, so scanning allocates nothing
// for the common tokens.

/// The kind of a token. Reserved words have their own kinds; every other
/// IdentifierName (including contextual keywords such as `let`, `async`, `of`)
/// is `.identifier`, with `Token.word` telling which contextual word it spells.
public enum TokenKind: UInt8, Sendable {
  case eof
  case identifier
  /// `#name`
  case privateName
  case number
  case bigInt
  case string
  /// A template piece: NoSubstitutionTemplate, TemplateHead, TemplateMiddle or
  /// TemplateTail (`Token.isTemplateTail` tells whether it ends the literal).
  case template
  case regExp

  // Punctuators.
  case leftBrace, rightBrace, leftParen, rightParen, leftBracket, rightBracket
  case dot, ellipsis, semicolon, comma, colon, question, questionDot, arrow
  case lessThan, greaterThan, lessThanOrEqual, greaterThanOrEqual
  case equal, notEqual, strictEqual, strictNotEqual
  case plus, minus, star, slash, percent, starStar
  case plusPlus, minusMinus
  case leftShift, rightShift, unsignedRightShift
  case ampersand, bar, caret, bang, tilde
  case ampersandAmpersand, barBar, questionQuestion
  case assign, plusAssign, minusAssign, starAssign, slashAssign, percentAssign
  case starStarAssign, leftShiftAssign, rightShiftAssign, unsignedRightShiftAssign
  case ampersandAssign, barAssign, caretAssign
  case ampersandAmpersandAssign, barBarAssign, questionQuestionAssign

  // Reserved words (ES2024 12.7.2 ReservedWord, minus `await` and `yield`,
  // which are contextual in scripts).
  case kwBreak, kwCase, kwCatch, kwClass, kwConst, kwContinue, kwDebugger, kwDefault
  case kwDelete, kwDo, kwElse, kwEnum, kwExport, kwExtends, kwFalse, kwFinally, kwFor
  case kwFunction, kwIf, kwImport, kwIn, kwInstanceof, kwNew, kwNull, kwReturn, kwSuper
  case kwSwitch, kwThis, kwThrow, kwTrue, kwTry, kwTypeof, kwVar, kwVoid, kwWhile, kwWith

  public var isKeyword: Bool { rawValue >= TokenKind.kwBreak.rawValue }

  /// True for kinds that are an IdentifierName: usable as a property name after `.`
  /// or as an object-literal key.
  public var isIdentifierName: Bool { self == .identifier || isKeyword }

  public var isAssignmentOperator: Bool {
    rawValue >= TokenKind.assign.rawValue && rawValue <= TokenKind.questionQuestionAssign.rawValue
  }
}

/// Identifier names the parser treats specially in some context. The lexer
/// identifies them once so the parser compares small integers, not strings.
public enum Word: UInt8, Sendable {
  case none
  // Contextual keywords.
  case `let`, `static`, yield, await, async, of, get, set, from, `as`, target, meta
  case constructor, prototype
  // Reserved only in strict mode (ES2024 12.7.2).
  case implements, interface, package, `private`, protected, `public`
  // Restricted binding names in strict mode.
  case eval, arguments
  /// An escaped spelling of a reserved word (`\u0069f`): an IdentifierName, but
  /// never an identifier or a keyword.
  case escapedReservedWord

  /// Reserved in strict-mode code: ES2024 12.7.2 and 13.1.1.
  var isStrictReserved: Bool {
    switch self {
    case .implements, .interface, .package, .private, .protected, .public, .let, .static, .yield:
      true
    default: false
    }
  }
}

public struct Token: Sendable {
  public var kind: TokenKind
  public var word: Word
  var flags: UInt8
  public var start: Int32
  public var end: Int32

  static let newlineBeforeFlag: UInt8 = 1
  /// Identifier or keyword written with `\u` escapes.
  static let escapedFlag: UInt8 = 2
  /// Numbers: legacy octal (`017`) or a decimal with a leading zero (`08`).
  /// Strings: a legacy octal escape (`\07`) or `\8`/`\9`. Both are strict-mode errors.
  static let legacyOctalFlag: UInt8 = 4
  /// Templates: the piece ends the literal (NoSubstitutionTemplate or TemplateTail).
  static let templateTailFlag: UInt8 = 8
  /// Templates: the piece contains an invalid escape (cooked value is undefined).
  static let invalidEscapeFlag: UInt8 = 16

  public init(kind: TokenKind, word: Word = .none, flags: UInt8 = 0, start: Int32, end: Int32) {
    self.kind = kind
    self.word = word
    self.flags = flags
    self.start = start
    self.end = end
  }

  /// A line terminator (or a multi-line comment containing one) precedes the token.
  public var hasNewlineBefore: Bool { flags & Token.newlineBeforeFlag != 0 }
  public var hasEscape: Bool { flags & Token.escapedFlag != 0 }
  public var isLegacyOctal: Bool { flags & Token.legacyOctalFlag != 0 }
  public var isTemplateTail: Bool { flags & Token.templateTailFlag != 0 }
  public var hasInvalidEscape: Bool { flags & Token.invalidEscapeFlag != 0 }

  /// An unescaped contextual keyword `word` (escaped spellings never act as keywords).
  @inline(__always)
  func isContextual(_ word: Word) -> Bool {
    self.word == word && flags & Token.escapedFlag == 0
  }

  public var range: SourceRange { SourceRange(start: start, end: end) }
}

extension TokenKind {
  /// How the token is spelled, for error messages.
  var spelling: String {
    switch self {
    case .eof: "end of input"
    case .identifier: "identifier"
    case .privateName: "private name"
    case .number, .bigInt: "number"
    case .string: "string"
    case .template: "template literal"
    case .regExp: "regular expression"
    case .leftBrace: "{"
    case .rightBrace: "}"
    case .leftParen: "("
    case .rightParen: ")"
    case .leftBracket: "["
    case .rightBracket: "]"
    case .dot: "."
    case .ellipsis: "..."
    case .semicolon: ";"
    case .comma: ","
    case .colon: ":"
    case .question: "?"
    case .questionDot: "?."
    case .arrow: "=>"
    case .lessThan: "<"
    case .greaterThan: ">"
    case .lessThanOrEqual: "<="
    case .greaterThanOrEqual: ">="
    case .equal: "=="
    case .notEqual: "!="
    case .strictEqual: "==="
    case .strictNotEqual: "!=="
    case .plus: "+"
    case .minus: "-"
    case .star: "*"
    case .slash: "/"
    case .percent: "%"
    case .starStar: "**"
    case .plusPlus: "++"
    case .minusMinus: "--"
    case .leftShift: "<<"
    case .rightShift: ">>"
    case .unsignedRightShift: ">>>"
    case .ampersand: "&"
    case .bar: "|"
    case .caret: "^"
    case .bang: "!"
    case .tilde: "~"
    case .ampersandAmpersand: "&&"
    case .barBar: "||"
    case .questionQuestion: "??"
    case .assign: "="
    case .plusAssign: "+="
    case .minusAssign: "-="
    case .starAssign: "*="
    case .slashAssign: "/="
    case .percentAssign: "%="
    case .starStarAssign: "**="
    case .leftShiftAssign: "<<="
    case .rightShiftAssign: ">>="
    case .unsignedRightShiftAssign: ">>>="
    case .ampersandAssign: "&="
    case .barAssign: "|="
    case .caretAssign: "^="
    case .ampersandAmpersandAssign: "&&="
    case .barBarAssign: "||="
    case .questionQuestionAssign: "??="
    case .kwBreak: "break"
    case .kwCase: "case"
    case .kwCatch: "catch"
    case .kwClass: "class"
    case .kwConst: "const"
    case .kwContinue: "continue"
    case .kwDebugger: "debugger"
    case .kwDefault: "default"
    case .kwDelete: "delete"
    case .kwDo: "do"
    case .kwElse: "else"
    case .kwEnum: "enum"
    case .kwExport: "export"
    case .kwExtends: "extends"
    case .kwFalse: "false"
    case .kwFinally: "finally"
    case .kwFor: "for"
    case .kwFunction: "function"
    case .kwIf: "if"
    case .kwImport: "import"
    case .kwIn: "in"
    case .kwInstanceof: "instanceof"
    case .kwNew: "new"
    case .kwNull: "null"
    case .kwReturn: "return"
    case .kwSuper: "super"
    case .kwSwitch: "switch"
    case .kwThis: "this"
    case .kwThrow: "throw"
    case .kwTrue: "true"
    case .kwTry: "try"
    case .kwTypeof: "typeof"
    case .kwVar: "var"
    case .kwVoid: "void"
    case .kwWhile: "while"
    case .kwWith: "with"
    }
  }
}

/// Keyword and contextual-word lookup. A name of 2…12 lowercase ASCII letters is
/// packed five bits a letter into a `UInt64`; an open-addressing table indexed by a
/// multiplicative hash classifies it with one or two probes.
final class WordTable {
  static let shared = WordTable()

  private static let slotBits: UInt64 = 9
  private var keys = [UInt64](repeating: 0, count: 1 << 9)
  /// 0: empty; otherwise 0x100 | TokenKind raw value (keywords) or 0x200 | Word raw value.
  private var values = [UInt16](repeating: 0, count: 1 << 9)

  /// Packs a lowercase letter into a key being built (see `pack`).
  @inline(__always)
  static func extend(_ key: UInt64, with unit: UInt16) -> UInt64 {
    key << 5 | UInt64(unit &- 0x60)
  }

  static func pack<C: Collection>(_ units: C) -> UInt64? where C.Element == UInt16 {
    if units.count < 2 || units.count > 12 { return nil }
    var key: UInt64 = 0
    for unit in units {
      guard unit >= 0x61 && unit <= 0x7A else { return nil }
      key = extend(key, with: unit)
    }
    return key
  }

  private init() {
    let keywords: [TokenKind] = [
      .kwBreak, .kwCase, .kwCatch, .kwClass, .kwConst, .kwContinue, .kwDebugger, .kwDefault,
      .kwDelete, .kwDo, .kwElse, .kwEnum, .kwExport, .kwExtends, .kwFalse, .kwFinally, .kwFor,
      .kwFunction, .kwIf, .kwImport, .kwIn, .kwInstanceof, .kwNew, .kwNull, .kwReturn, .kwSuper,
      .kwSwitch, .kwThis, .kwThrow, .kwTrue, .kwTry, .kwTypeof, .kwVar, .kwVoid, .kwWhile, .kwWith,
    ]
    for kind in keywords {
      insert(WordTable.pack(Array(kind.spelling.utf16))!, 0x100 | UInt16(kind.rawValue))
    }
    let words: [(String, Word)] = [
      ("let", .let), ("static", .static), ("yield", .yield), ("await", .await),
      ("async", .async), ("of", .of), ("get", .get), ("set", .set), ("from", .from),
      ("as", .as), ("target", .target), ("meta", .meta), ("constructor", .constructor),
      ("prototype", .prototype), ("implements", .implements), ("interface", .interface),
      ("package", .package), ("private", .private), ("protected", .protected),
      ("public", .public), ("eval", .eval), ("arguments", .arguments),
    ]
    for (name, word) in words {
      insert(WordTable.pack(Array(name.utf16))!, 0x200 | UInt16(word.rawValue))
    }
  }

  @inline(__always)
  private static func slot(_ key: UInt64) -> Int {
    Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> (64 - slotBits))
  }

  private func insert(_ key: UInt64, _ value: UInt16) {
    var index = WordTable.slot(key)
    while values[index] != 0 { index = (index + 1) & (keys.count - 1) }
    keys[index] = key
    values[index] = value
  }

  /// The keyword kind or contextual word a packed name spells, if any.
  @inline(__always)
  func lookup(_ key: UInt64) -> (keyword: TokenKind?, word: Word) {
    var index = WordTable.slot(key)
    while true {
      let value = values[index]
      if value == 0 { return (nil, .none) }
      if keys[index] == key {
        if value & 0x100 != 0 { return (TokenKind(rawValue: UInt8(value & 0xFF)), .none) }
        return (nil, Word(rawValue: UInt8(value & 0xFF)) ?? .none)
      }
      index = (index + 1) & (keys.count - 1)
    }
  }

  /// The contextual word `name` spells, if any (for names outside the lexer).
  func word(_ name: String) -> Word {
    guard let key = WordTable.pack(Array(name.utf16)) else { return .none }
    return lookup(key).word
  }
}
