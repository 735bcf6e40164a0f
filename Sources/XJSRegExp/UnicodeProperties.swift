/// `\p{…}` property sets (ES2024 22.2.2.9 UnicodeMatchProperty / UnicodeMatchPropertyValue),
/// derived from the standard library's Unicode data (`Unicode.Scalar.Properties`, Unicode 17
/// in Swift 6.3) on first use and cached as sorted ranges; General_Category from a generated
/// table of the same data. Every `static let` below is
/// initialized lazily and thread-safely by the runtime.
///
/// Supported: `General_Category` values (long and short names, alone or as
/// `General_Category=` / `gc=`), and every binary property of ECMAScript's table except the
/// one listed as missing.
///
/// `Script=` / `sc=` and `Script_Extensions=` / `scx=` come from the generated table in
/// `ScriptData.swift` (the standard library exposes no script data).
///
/// Missing (a SyntaxError "Invalid property name" here, valid in ECMAScript):
/// - Properties of strings (`v` flag only), since `v` is not supported yet.
///
/// Derived indirectly: `Extended_Pictographic` from the standard library's grapheme breaking
/// (rule GB11 joins `X ZWJ 😀` into one cluster exactly when X is Extended_Pictographic).
/// From small in-source tables (the standard library has no API for them):
/// `Regional_Indicator` (U+1F1E6…U+1F1FF) and `Emoji_Component` (emoji-data.txt).
/// The generated General_Category table (GeneralCategoryData.swift).
enum GeneralCategoryData {}

enum UnicodeProperties {
  /// The set named by `\p{name}` or `\p{name=value}`, or nil when unknown.
  static func set(name: String, value: String?) -> CodePointSet? {
    if let value {
      switch name {
      case "General_Category", "gc": return generalCategorySet(value)
      case "Script", "sc": return ScriptData.scriptSet(value)
      case "Script_Extensions", "scx": return ScriptData.extensionsSet(value)
      default: return nil
      }
    }
    return generalCategorySet(name) ?? binaryPropertySet(name)
  }

  // MARK: General_Category

  private static let categoryAliases: [String: [Unicode.GeneralCategory]] = {
    typealias G = Unicode.GeneralCategory
    let letters: [G] = [
      .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
    ]
    let marks: [G] = [.nonspacingMark, .spacingMark, .enclosingMark]
    let numbers: [G] = [.decimalNumber, .letterNumber, .otherNumber]
    let punctuation: [G] = [
      .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
      .initialPunctuation, .finalPunctuation, .otherPunctuation,
    ]
    let symbols: [G] = [.mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol]
    let separators: [G] = [.spaceSeparator, .lineSeparator, .paragraphSeparator]
    let others: [G] = [.control, .format, .surrogate, .privateUse, .unassigned]
    // PropertyValueAliases.txt, gc: short name, long name, other aliases.
    let table: [([String], [G])] = [
      (["C", "Other"], others),
      (["Cc", "Control", "cntrl"], [.control]),
      (["Cf", "Format"], [.format]),
      (["Cn", "Unassigned"], [.unassigned]),
      (["Co", "Private_Use"], [.privateUse]),
      (["Cs", "Surrogate"], [.surrogate]),
      (["L", "Letter"], letters),
      (["LC", "Cased_Letter"], [.uppercaseLetter, .lowercaseLetter, .titlecaseLetter]),
      (["Ll", "Lowercase_Letter"], [.lowercaseLetter]),
      (["Lm", "Modifier_Letter"], [.modifierLetter]),
      (["Lo", "Other_Letter"], [.otherLetter]),
      (["Lt", "Titlecase_Letter"], [.titlecaseLetter]),
      (["Lu", "Uppercase_Letter"], [.uppercaseLetter]),
      (["M", "Mark", "Combining_Mark"], marks),
      (["Mc", "Spacing_Mark"], [.spacingMark]),
      (["Me", "Enclosing_Mark"], [.enclosingMark]),
      (["Mn", "Nonspacing_Mark"], [.nonspacingMark]),
      (["N", "Number"], numbers),
      (["Nd", "Decimal_Number", "digit"], [.decimalNumber]),
      (["Nl", "Letter_Number"], [.letterNumber]),
      (["No", "Other_Number"], [.otherNumber]),
      (["P", "Punctuation", "punct"], punctuation),
      (["Pc", "Connector_Punctuation"], [.connectorPunctuation]),
      (["Pd", "Dash_Punctuation"], [.dashPunctuation]),
      (["Pe", "Close_Punctuation"], [.closePunctuation]),
      (["Pf", "Final_Punctuation"], [.finalPunctuation]),
      (["Pi", "Initial_Punctuation"], [.initialPunctuation]),
      (["Po", "Other_Punctuation"], [.otherPunctuation]),
      (["Ps", "Open_Punctuation"], [.openPunctuation]),
      (["S", "Symbol"], symbols),
      (["Sc", "Currency_Symbol"], [.currencySymbol]),
      (["Sk", "Modifier_Symbol"], [.modifierSymbol]),
      (["Sm", "Math_Symbol"], [.mathSymbol]),
      (["So", "Other_Symbol"], [.otherSymbol]),
      (["Z", "Separator"], separators),
      (["Zl", "Line_Separator"], [.lineSeparator]),
      (["Zp", "Paragraph_Separator"], [.paragraphSeparator]),
      (["Zs", "Space_Separator"], [.spaceSeparator]),
    ]
    var result: [String: [G]] = [:]
    for (names, categories) in table {
      for name in names { result[name] = categories }
    }
    return result
  }()

  /// Every General_Category value's code points, decoded from the generated
  /// `GeneralCategoryData.table` (Scripts/regexp/gen-categories.js). Asking the standard
  /// library for each code point's category instead took a scan of all 1.1 million code points
  /// (about 100 ms) on a process's first `\p{…}`; XJSRegExpTests checks that both agree.
  static let categorySets: [Unicode.GeneralCategory: CodePointSet] = {
    var sets: [Unicode.GeneralCategory: CodePointSet] = [:]
    for (name, ranges) in GeneralCategoryData.table {
      guard let categories = categoryAliases[name], categories.count == 1 else {
        preconditionFailure("GeneralCategoryData names \(name), not a single category")
      }
      sets[categories[0]] = CodePointSet(encodedRanges: ranges)
    }
    return sets
  }()

  private static func generalCategorySet(_ name: String) -> CodePointSet? {
    guard let categories = categoryAliases[name] else { return nil }
    var set = CodePointSet()
    for category in categories {
      if let s = categorySets[category] { set.formUnion(s) }
    }
    return set
  }

  // MARK: Binary properties

  /// Canonical names and their short aliases (PropertyAliases.txt).
  private static let binaryAliases: [String: String] = [
    "AHex": "ASCII_Hex_Digit", "Alpha": "Alphabetic", "Bidi_C": "Bidi_Control",
    "Bidi_M": "Bidi_Mirrored", "CI": "Case_Ignorable", "CWCF": "Changes_When_Casefolded",
    "CWCM": "Changes_When_Casemapped", "CWKCF": "Changes_When_NFKC_Casefolded",
    "CWL": "Changes_When_Lowercased", "CWT": "Changes_When_Titlecased",
    "CWU": "Changes_When_Uppercased", "DI": "Default_Ignorable_Code_Point", "Dep": "Deprecated",
    "Dia": "Diacritic", "EBase": "Emoji_Modifier_Base", "EComp": "Emoji_Component",
    "EMod": "Emoji_Modifier", "EPres": "Emoji_Presentation", "ExtPict": "Extended_Pictographic",
    "Ext": "Extender", "Gr_Base": "Grapheme_Base", "Gr_Ext": "Grapheme_Extend",
    "Hex": "Hex_Digit", "IDSB": "IDS_Binary_Operator", "IDST": "IDS_Trinary_Operator",
    "IDC": "ID_Continue", "IDS": "ID_Start", "Ideo": "Ideographic", "Join_C": "Join_Control",
    "LOE": "Logical_Order_Exception", "Lower": "Lowercase", "NChar": "Noncharacter_Code_Point",
    "Pat_Syn": "Pattern_Syntax", "Pat_WS": "Pattern_White_Space", "QMark": "Quotation_Mark",
    "RI": "Regional_Indicator", "STerm": "Sentence_Terminal", "SD": "Soft_Dotted",
    "Term": "Terminal_Punctuation", "UIdeo": "Unified_Ideograph", "Upper": "Uppercase",
    "VS": "Variation_Selector", "space": "White_Space", "XIDC": "XID_Continue",
    "XIDS": "XID_Start",
  ]

  typealias Predicate = (Unicode.Scalar.Properties) -> Bool

  /// Binary properties answered by `Unicode.Scalar.Properties`, each scanned on first use.
  private static let scannedProperties: [String: () -> CodePointSet] = [
    "ASCII_Hex_Digit": { Scanned.isASCIIHexDigit },
    "Alphabetic": { Scanned.isAlphabetic },
    "Bidi_Control": { Scanned.isBidiControl },
    "Bidi_Mirrored": { Scanned.isBidiMirrored },
    "Case_Ignorable": { Scanned.isCaseIgnorable },
    "Cased": { Scanned.isCased },
    "Changes_When_Casefolded": { Scanned.changesWhenCaseFolded },
    "Changes_When_Casemapped": { Scanned.changesWhenCaseMapped },
    "Changes_When_Lowercased": { Scanned.changesWhenLowercased },
    "Changes_When_NFKC_Casefolded": { Scanned.changesWhenNFKCCaseFolded },
    "Changes_When_Titlecased": { Scanned.changesWhenTitlecased },
    "Changes_When_Uppercased": { Scanned.changesWhenUppercased },
    "Dash": { Scanned.isDash },
    "Default_Ignorable_Code_Point": { Scanned.isDefaultIgnorableCodePoint },
    "Deprecated": { Scanned.isDeprecated },
    "Diacritic": { Scanned.isDiacritic },
    "Emoji": { Scanned.isEmoji },
    "Emoji_Modifier": { Scanned.isEmojiModifier },
    "Emoji_Modifier_Base": { Scanned.isEmojiModifierBase },
    "Emoji_Presentation": { Scanned.isEmojiPresentation },
    "Extender": { Scanned.isExtender },
    "Grapheme_Base": { Scanned.isGraphemeBase },
    "Grapheme_Extend": { Scanned.isGraphemeExtend },
    "Hex_Digit": { Scanned.isHexDigit },
    "IDS_Binary_Operator": { Scanned.isIDSBinaryOperator },
    "IDS_Trinary_Operator": { Scanned.isIDSTrinaryOperator },
    "ID_Continue": { Scanned.isIDContinue },
    "ID_Start": { Scanned.isIDStart },
    "Ideographic": { Scanned.isIdeographic },
    "Join_Control": { Scanned.isJoinControl },
    "Logical_Order_Exception": { Scanned.isLogicalOrderException },
    "Lowercase": { Scanned.isLowercase },
    "Math": { Scanned.isMath },
    "Noncharacter_Code_Point": { Scanned.isNoncharacterCodePoint },
    "Pattern_Syntax": { Scanned.isPatternSyntax },
    "Pattern_White_Space": { Scanned.isPatternWhitespace },
    "Quotation_Mark": { Scanned.isQuotationMark },
    "Radical": { Scanned.isRadical },
    "Sentence_Terminal": { Scanned.isSentenceTerminal },
    "Soft_Dotted": { Scanned.isSoftDotted },
    "Terminal_Punctuation": { Scanned.isTerminalPunctuation },
    "Unified_Ideograph": { Scanned.isUnifiedIdeograph },
    "Uppercase": { Scanned.isUppercase },
    "Variation_Selector": { Scanned.isVariationSelector },
    "White_Space": { Scanned.isWhitespace },
    "XID_Continue": { Scanned.isXIDContinue },
    "XID_Start": { Scanned.isXIDStart },
  ]

  /// One lazily initialized (thread-safe, run-once) set per property.
  private enum Scanned {
    static let isASCIIHexDigit = scan { $0.isASCIIHexDigit }
    static let isAlphabetic = scan { $0.isAlphabetic }
    static let isBidiControl = scan { $0.isBidiControl }
    static let isBidiMirrored = scan { $0.isBidiMirrored }
    static let isCaseIgnorable = scan { $0.isCaseIgnorable }
    static let isCased = scan { $0.isCased }
    static let changesWhenCaseFolded = scan { $0.changesWhenCaseFolded }
    static let changesWhenCaseMapped = scan { $0.changesWhenCaseMapped }
    static let changesWhenLowercased = scan { $0.changesWhenLowercased }
    static let changesWhenNFKCCaseFolded = scan { $0.changesWhenNFKCCaseFolded }
    static let changesWhenTitlecased = scan { $0.changesWhenTitlecased }
    static let changesWhenUppercased = scan { $0.changesWhenUppercased }
    static let isDash = scan { $0.isDash }
    static let isDefaultIgnorableCodePoint = scan { $0.isDefaultIgnorableCodePoint }
    static let isDeprecated = scan { $0.isDeprecated }
    static let isDiacritic = scan { $0.isDiacritic }
    static let isEmoji = scan { $0.isEmoji }
    static let isEmojiModifier = scan { $0.isEmojiModifier }
    static let isEmojiModifierBase = scan { $0.isEmojiModifierBase }
    static let isEmojiPresentation = scan { $0.isEmojiPresentation }
    static let isExtender = scan { $0.isExtender }
    static let isGraphemeBase = scan { $0.isGraphemeBase }
    static let isGraphemeExtend = scan { $0.isGraphemeExtend }
    static let isHexDigit = scan { $0.isHexDigit }
    static let isIDSBinaryOperator = scan { $0.isIDSBinaryOperator }
    static let isIDSTrinaryOperator = scan { $0.isIDSTrinaryOperator }
    static let isIDContinue = scan { $0.isIDContinue }
    static let isIDStart = scan { $0.isIDStart }
    static let isIdeographic = scan { $0.isIdeographic }
    static let isJoinControl = scan { $0.isJoinControl }
    static let isLogicalOrderException = scan { $0.isLogicalOrderException }
    static let isLowercase = scan { $0.isLowercase }
    static let isMath = scan { $0.isMath }
    static let isNoncharacterCodePoint = scan { $0.isNoncharacterCodePoint }
    static let isPatternSyntax = scan { $0.isPatternSyntax }
    static let isPatternWhitespace = scan { $0.isPatternWhitespace }
    static let isQuotationMark = scan { $0.isQuotationMark }
    static let isRadical = scan { $0.isRadical }
    static let isSentenceTerminal = scan { $0.isSentenceTerminal }
    static let isSoftDotted = scan { $0.isSoftDotted }
    static let isTerminalPunctuation = scan { $0.isTerminalPunctuation }
    static let isUnifiedIdeograph = scan { $0.isUnifiedIdeograph }
    static let isUppercase = scan { $0.isUppercase }
    static let isVariationSelector = scan { $0.isVariationSelector }
    static let isWhitespace = scan { $0.isWhitespace }
    static let isXIDContinue = scan { $0.isXIDContinue }
    static let isXIDStart = scan { $0.isXIDStart }
  }

  private static func binaryPropertySet(_ name: String) -> CodePointSet? {
    let canonical = binaryAliases[name] ?? name
    switch canonical {
    case "Any": return CodePointSet(0, CodePointSet.maxCodePoint)
    case "ASCII": return CodePointSet(0, 0x7F)
    case "Assigned": return categorySets[.unassigned, default: CodePointSet()].inverted()
    case "Regional_Indicator": return CodePointSet(0x1F1E6, 0x1F1FF)
    case "Emoji_Component": return emojiComponent
    case "Extended_Pictographic": return extendedPictographic
    default: break
    }
    return scannedProperties[canonical]?()
  }

  /// Emoji_Component from emoji-data.txt (unchanged since Emoji 11.0).
  private static let emojiComponent = CodePointSet(ranges: [
    0x23...0x23, 0x2A...0x2A, 0x30...0x39, 0x200D...0x200D, 0x20E3...0x20E3, 0xFE0F...0xFE0F,
    0x1F1E6...0x1F1FF, 0x1F3FB...0x1F3FF, 0x1F9B0...0x1F9B3, 0xE0020...0xE007F,
  ])

  /// Extended_Pictographic through grapheme breaking: by rule GB11, `X ZWJ U+1F600` is one
  /// extended grapheme cluster exactly when X is Extended_Pictographic (no other rule joins
  /// a ZWJ to a following pictograph).
  private static let extendedPictographic: CodePointSet = scanCodePoints { c in
    guard let scalar = Unicode.Scalar(c) else { return false }
    var s = String.UnicodeScalarView()
    s.append(scalar)
    s.append("\u{200D}")
    s.append("\u{1F600}")
    return String(s).count == 1
  }

  @inline(__always)
  static func scan(_ predicate: Predicate) -> CodePointSet {
    scanCodePoints { c in scalarProperties(c).map(predicate) ?? false }
  }
}
