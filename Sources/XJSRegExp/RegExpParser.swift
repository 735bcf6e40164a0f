/// Parses a pattern (ES2024 22.2.1 and Annex B.1.2) over UTF-16 code units into a
/// `RegExpNode` tree. Non-unicode mode follows the Annex B web-compatibility grammar;
/// unicode mode is strict. Error messages follow V8's wording.
struct RegExpParser {
  /// The parse result: the tree plus what the compiler and the caller need to know.
  struct Result {
    var root: RegExpNode
    var captureCount: Int
    var groupNames: [(name: [UInt16], index: Int)]
  }

  /// Bound on group nesting, so recursion here and in the compiler cannot exhaust the
  /// native stack; deeper patterns get "Regular expression too large".
  static let maxNestingDepth = 256

  let units: [UInt16]
  var index = 0
  /// The flags in effect at the parse position (modifier groups change i, m, s).
  var flags: RegExpFlags
  let unicode: Bool
  /// `NamedCaptureGroups` grammar parameter: on in unicode mode or when the pattern has a
  /// named group anywhere (Annex B.1.2.9 ParsePattern reparses with it on).
  private let namedGroups: Bool
  /// Left capturing parentheses in the whole pattern (CountLeftCapturingParensWithin);
  /// decides whether `\N` is a backreference or a legacy escape.
  private let totalCaptures: Int
  private var captureCount = 0
  private var groupNames: [(name: [UInt16], index: Int)] = []
  /// Where each named group sits (parallel to `groupNames`), for the duplicate-name rule.
  private var groupPaths: [[AlternativeStep]] = []
  /// The enclosing disjunctions of the parse position, outermost first, each with the index
  /// of the alternative being parsed.
  private var alternativePath: [AlternativeStep] = []
  private var disjunctionCount = 0
  private var namedReferences: [[UInt16]] = []
  var depth = 0

  static func parse(pattern: [UInt16], flags: RegExpFlags) throws(RegExpSyntaxError) -> Result {
    var parser = RegExpParser(pattern: pattern, flags: flags)
    return try parser.parsePattern()
  }

  private init(pattern: [UInt16], flags: RegExpFlags) {
    units = pattern
    self.flags = flags
    unicode = flags.isUnicodeMode
    let scan = RegExpParser.prescan(pattern, unicode: flags.isUnicodeMode)
    totalCaptures = scan.captures
    namedGroups = flags.isUnicodeMode || scan.hasNamedGroup
  }

  // MARK: - Prescan

  /// Counts capturing groups and detects named groups without parsing, skipping escapes
  /// and character classes.
  private static func prescan(_ units: [UInt16], unicode: Bool) -> (
    captures: Int, hasNamedGroup: Bool
  ) {
    var captures = 0
    var named = false
    var i = 0
    var inClass = false
    while i < units.count {
      let c = units[i]
      if c == Ch.backslash {
        i += 2
        continue
      }
      if inClass {
        if c == Ch.rightBracket { inClass = false }
      } else if c == Ch.leftBracket {
        inClass = true
      } else if c == Ch.leftParen {
        if i + 1 < units.count && units[i + 1] == Ch.question {
          if i + 3 < units.count && units[i + 2] == Ch.less && units[i + 3] != Ch.equals
            && units[i + 3] != Ch.exclamation
          {
            captures += 1
            named = true
          }
        } else {
          captures += 1
        }
      }
      i += 1
    }
    return (captures, named)
  }

  // MARK: - Reading

  private var atEnd: Bool { index >= units.count }

  var current: UInt16? { index < units.count ? units[index] : nil }

  func peek(_ offset: Int) -> UInt16? {
    index + offset < units.count ? units[index + offset] : nil
  }

  func looksAt(_ unit: UInt16) -> Bool { current == unit }

  mutating func consume(_ unit: UInt16) -> Bool {
    if current == unit {
      index += 1
      return true
    }
    return false
  }

  /// Reads one source character: a code unit, or in unicode mode a whole surrogate pair.
  mutating func readSourceCharacter(combinePairs: Bool) -> UInt32 {
    let c = units[index]
    index += 1
    if combinePairs, UTF16.isLeadSurrogate(c), let next = current, UTF16.isTrailSurrogate(next) {
      index += 1
      return combineSurrogates(c, next)
    }
    return UInt32(c)
  }

  // MARK: - Disjunctions, alternatives, terms

  private mutating func parsePattern() throws(RegExpSyntaxError) -> Result {
    let root = try parseDisjunction()
    if !atEnd {
      // Only an unbalanced ')' stops a top-level disjunction early.
      throw RegExpSyntaxError("Unmatched ')'")
    }
    for name in namedReferences where !groupNames.contains(where: { $0.name == name }) {
      throw RegExpSyntaxError("Invalid named capture referenced")
    }
    return Result(root: root, captureCount: captureCount, groupNames: groupNames)
  }

  private mutating func parseDisjunction() throws(RegExpSyntaxError) -> RegExpNode {
    depth += 1
    defer { depth -= 1 }
    if depth > RegExpParser.maxNestingDepth {
      throw RegExpSyntaxError("Regular expression too large")
    }
    alternativePath.append(AlternativeStep(disjunction: disjunctionCount, alternative: 0))
    disjunctionCount += 1
    defer { alternativePath.removeLast() }
    var alternatives = [try parseAlternative()]
    while consume(Ch.bar) {
      alternativePath[alternativePath.count - 1].alternative += 1
      alternatives.append(try parseAlternative())
    }
    return alternatives.count == 1 ? alternatives[0] : .alternation(alternatives)
  }

  private mutating func parseAlternative() throws(RegExpSyntaxError) -> RegExpNode {
    var terms: [RegExpNode] = []
    while let c = current, c != Ch.bar, c != Ch.rightParen {
      terms.append(try parseTerm())
    }
    switch terms.count {
    case 0: return .empty
    case 1: return terms[0]
    default: return .sequence(terms)
    }
  }

  private mutating func parseTerm() throws(RegExpSyntaxError) -> RegExpNode {
    let c = units[index]
    switch c {
    case Ch.caret, Ch.dollar:
      index += 1
      try rejectQuantifier(message: "Nothing to repeat")
      return .assertion(c == Ch.caret ? .start : .end)
    case Ch.backslash where peek(1) == Ch.b || peek(1) == Ch.B:
      index += 2
      try rejectQuantifier(message: "Nothing to repeat")
      return .assertion(units[index - 1] == Ch.b ? .wordBoundary : .notWordBoundary)
    case Ch.leftParen where peek(1) == Ch.question:
      if let lookaround = try parseLookaround() { return lookaround }
    default:
      break
    }
    let capturesBefore = captureCount
    let atom = try parseAtom()
    return try parseQuantifier(applyingTo: atom, capturesBefore: capturesBefore)
  }

  /// Assertions cannot be quantified; a following quantifier is an error.
  private mutating func rejectQuantifier(message: String) throws(RegExpSyntaxError) {
    guard let c = current else { return }
    if c == Ch.star || c == Ch.plus || c == Ch.question {
      throw RegExpSyntaxError(message)
    }
    if c == Ch.leftBrace {
      var probe = self
      if probe.parseBracedQuantifier() != nil { throw RegExpSyntaxError(message) }
    }
  }

  /// `(?=…)`, `(?!…)`, `(?<=…)`, `(?<!…)`; nil when the group is not a lookaround.
  private mutating func parseLookaround() throws(RegExpSyntaxError) -> RegExpNode? {
    var behind = false
    var offset = 2
    if peek(2) == Ch.less {
      behind = true
      offset = 3
    }
    guard let kind = peek(offset), kind == Ch.equals || kind == Ch.exclamation else { return nil }
    index += offset + 1
    let firstCapture = captureCount + 1
    let body = try parseDisjunction()
    guard consume(Ch.rightParen) else { throw RegExpSyntaxError("Unterminated group") }
    let node = RegExpNode.lookaround(
      body, behind: behind, negative: kind == Ch.exclamation,
      captures: firstCapture..<(captureCount + 1))
    // Annex B QuantifiableAssertion: lookaheads may be quantified outside unicode mode.
    if behind || unicode {
      try rejectQuantifier(message: "Invalid quantifier")
      return node
    }
    return try parseQuantifier(applyingTo: node, capturesBefore: firstCapture - 1)
  }

  // MARK: - Quantifiers

  private mutating func parseQuantifier(applyingTo atom: RegExpNode, capturesBefore: Int)
    throws(RegExpSyntaxError) -> RegExpNode
  {
    guard let c = current else { return atom }
    var min = 0
    var max: Int? = nil
    switch c {
    case Ch.star:
      index += 1
    case Ch.plus:
      min = 1
      index += 1
    case Ch.question:
      max = 1
      index += 1
    case Ch.leftBrace:
      guard let braced = parseBracedQuantifier() else {
        if unicode { throw RegExpSyntaxError("Incomplete quantifier") }
        return atom  // Annex B: `{` is a literal here
      }
      if let upper = braced.max, upper < braced.min {
        throw RegExpSyntaxError("numbers out of order in {} quantifier")
      }
      min = braced.min
      max = braced.max
    default:
      return atom
    }
    let greedy = !consume(Ch.question)
    return .quantified(
      atom, min: min, max: max, greedy: greedy, captures: (capturesBefore + 1)..<(captureCount + 1)
    )
  }

  /// `{n}`, `{n,}`, `{n,m}`; on success advances past `}`. Values saturate at Int32.max.
  private mutating func parseBracedQuantifier() -> (min: Int, max: Int?)? {
    let start = index
    guard consume(Ch.leftBrace), let min = parseDecimal() else {
      index = start
      return nil
    }
    var max: Int? = min
    if consume(Ch.comma) {
      max = parseDecimal()
    }
    guard consume(Ch.rightBrace) else {
      index = start
      return nil
    }
    return (min, max)
  }

  private mutating func parseDecimal() -> Int? {
    var value = 0
    var sawDigit = false
    while let c = current, let digit = Ch.decimalValue(c) {
      value = Swift.min(value * 10 + digit, Int(Int32.max))
      sawDigit = true
      index += 1
    }
    return sawDigit ? value : nil
  }

  // MARK: - Atoms

  private mutating func parseAtom() throws(RegExpSyntaxError) -> RegExpNode {
    let c = units[index]
    switch c {
    case Ch.dot:
      index += 1
      return .dot
    case Ch.leftParen:
      return try parseGroup()
    case Ch.leftBracket:
      return flags.contains(.unicodeSets) ? try parseClassSetAtom() : try parseClass()
    case Ch.backslash:
      return try parseAtomEscape()
    case Ch.star, Ch.plus, Ch.question:
      throw RegExpSyntaxError("Nothing to repeat")
    case Ch.leftBrace:
      var probe = self
      if probe.parseBracedQuantifier() != nil { throw RegExpSyntaxError("Nothing to repeat") }
      if unicode { throw RegExpSyntaxError("Lone quantifier brackets") }
      index += 1
      return .character(UInt32(c))
    case Ch.rightBrace, Ch.rightBracket:
      if unicode { throw RegExpSyntaxError("Lone quantifier brackets") }
      index += 1
      return .character(UInt32(c))
    default:
      return .character(readSourceCharacter(combinePairs: unicode))
    }
  }

  private mutating func parseGroup() throws(RegExpSyntaxError) -> RegExpNode {
    index += 1  // (
    if consume(Ch.question) {
      if consume(Ch.colon) {
        let body = try parseDisjunction()
        guard consume(Ch.rightParen) else { throw RegExpSyntaxError("Unterminated group") }
        return body
      }
      if let modifiers = try parseModifiers() { return try parseModifiedBody(modifiers) }
      guard consume(Ch.less) else { throw RegExpSyntaxError("Invalid group") }
      let name = try parseGroupName()
      for (i, group) in groupNames.enumerated() where group.name == name {
        if RegExpParser.mightBothParticipate(groupPaths[i], alternativePath) {
          throw RegExpSyntaxError("Duplicate capture group name")
        }
      }
      captureCount += 1
      groupNames.append((name, captureCount))
      groupPaths.append(alternativePath)
      return try parseCaptureBody(index: captureCount)
    }
    captureCount += 1
    return try parseCaptureBody(index: captureCount)
  }

  /// MightBothParticipate (ES2025 22.2.1.1): two groups can both take part in one match
  /// unless some disjunction holds them in different alternatives.
  private static func mightBothParticipate(_ a: [AlternativeStep], _ b: [AlternativeStep])
    -> Bool
  {
    for (x, y) in zip(a, b) {
      if x.disjunction != y.disjunction { return true }
      if x.alternative != y.alternative { return false }
    }
    return true
  }

  /// ES2025 RegularExpressionModifiers `ims-ims:` after `(?`, through the colon; nil (and
  /// nothing consumed) when no modifier letter or dash follows.
  private mutating func parseModifiers() throws(RegExpSyntaxError) -> (
    add: RegExpFlags, remove: RegExpFlags
  )? {
    guard let first = current, first == Ch.minus || modifierFlag(first) != nil else { return nil }
    var add = RegExpFlags()
    var remove = RegExpFlags()
    var removing = false
    while let c = current, c != Ch.colon {
      index += 1
      if c == Ch.minus && !removing {
        removing = true
      } else if let flag = modifierFlag(c) {
        // Early errors: no flag twice, in either list.
        if add.contains(flag) || remove.contains(flag) {
          throw RegExpSyntaxError("Repeated flag in modifiers")
        }
        if removing { remove.insert(flag) } else { add.insert(flag) }
      } else {
        throw RegExpSyntaxError("Invalid group")
      }
    }
    guard consume(Ch.colon) else { throw RegExpSyntaxError("Invalid group") }
    if add.isEmpty && remove.isEmpty { throw RegExpSyntaxError("Invalid flag group") }
    return (add, remove)
  }

  private func modifierFlag(_ c: UInt16) -> RegExpFlags? {
    switch c {
    case 0x69: return .ignoreCase  // i
    case 0x6D: return .multiline  // m
    case 0x73: return .dotAll  // s
    default: return nil
    }
  }

  private mutating func parseModifiedBody(_ modifiers: (add: RegExpFlags, remove: RegExpFlags))
    throws(RegExpSyntaxError) -> RegExpNode
  {
    let outer = flags
    flags = flags.union(modifiers.add).subtracting(modifiers.remove)
    defer { flags = outer }
    let body = try parseDisjunction()
    guard consume(Ch.rightParen) else { throw RegExpSyntaxError("Unterminated group") }
    return .modified(body, add: modifiers.add, remove: modifiers.remove)
  }

  private mutating func parseCaptureBody(index groupIndex: Int) throws(RegExpSyntaxError)
    -> RegExpNode
  {
    let body = try parseDisjunction()
    guard consume(Ch.rightParen) else { throw RegExpSyntaxError("Unterminated group") }
    return .capture(index: groupIndex, body)
  }

  // MARK: - Group names

  /// GroupName :: `<` RegExpIdentifierName `>` (the `<` already consumed).
  private mutating func parseGroupName() throws(RegExpSyntaxError) -> [UInt16] {
    var name: [UInt16] = []
    while true {
      guard let c = current else { throw RegExpSyntaxError("Invalid capture group name") }
      if c == Ch.greater {
        index += 1
        break
      }
      let codePoint: UInt32
      if c == Ch.backslash {
        index += 1
        guard consume(Ch.u) else { throw RegExpSyntaxError("Invalid capture group name") }
        // Group names accept RegExpUnicodeEscapeSequence[+UnicodeMode] in every mode.
        guard let value = try parseUnicodeEscapeBody(unicodeMode: true) else {
          throw RegExpSyntaxError("Invalid Unicode escape")
        }
        codePoint = value
      } else {
        codePoint = readSourceCharacter(combinePairs: true)
      }
      let valid =
        name.isEmpty ? isIdentifierStart(codePoint) : isIdentifierPart(codePoint)
      guard valid else { throw RegExpSyntaxError("Invalid capture group name") }
      appendUTF16(codePoint, to: &name)
    }
    if name.isEmpty { throw RegExpSyntaxError("Invalid capture group name") }
    return name
  }

  // MARK: - Escapes outside classes

  private mutating func parseAtomEscape() throws(RegExpSyntaxError) -> RegExpNode {
    index += 1  // backslash
    guard let c = current else { throw RegExpSyntaxError("\\ at end of pattern") }
    if flags.contains(.unicodeSets), let strings = try parseStringPropertyEscape() {
      return classSetNode(strings)
    }
    if let set = try parseCharacterClassEscape(inClass: false) {
      if flags.contains(.unicodeSets) { return .characterClass(vModeEscapeSet(set, c), inverted: false) }
      return .characterClass(set, inverted: false)
    }
    switch c {
    case Ch.k where namedGroups:
      index += 1
      guard consume(Ch.less) else { throw RegExpSyntaxError("Invalid named reference") }
      let name = try parseGroupName()
      namedReferences.append(name)
      return .namedBackreference(name)
    case Ch.one...Ch.nine:
      let start = index
      let number = parseDecimal() ?? 0
      if number <= totalCaptures { return .backreference(number) }
      if unicode { throw RegExpSyntaxError("Invalid escape") }
      index = start  // Annex B: not a backreference; a legacy octal or identity escape
      if c >= Ch.eight {
        index += 1
        return .character(UInt32(c))
      }
      return .character(parseLegacyOctal())
    case Ch.zero:
      if let next = peek(1), Ch.decimalValue(next) != nil {
        if unicode { throw RegExpSyntaxError("Invalid decimal escape") }
        return .character(parseLegacyOctal())
      }
      index += 1
      return .character(0)
    default:
      return .character(try parseCharacterEscape(inClass: false))
    }
  }

  /// `\d \D \s \S \w \W`, and `\p{…} \P{…}` in unicode mode; nil for other escapes.
  /// Expects `index` at the letter after the backslash. The uppercase forms are set
  /// complements taken before any case closure (ES2024 22.2.2.9 CharacterClassEscape), unlike
  /// `[^…]`, which inverts after canonicalizing.
  mutating func parseCharacterClassEscape(inClass: Bool) throws(RegExpSyntaxError)
    -> CodePointSet?
  {
    let c = units[index]
    let set: CodePointSet
    switch c {
    case Ch.d, Ch.D:
      set = CharacterClasses.digits
    case Ch.s, Ch.S:
      set = CharacterClasses.whiteSpace
    case Ch.w, Ch.W:
      set = CharacterClasses.wordCharacters(flags: flags)
    case Ch.p where unicode, Ch.P where unicode:
      index += 1
      let property = try parsePropertyEscape(inClass: inClass)
      return c == Ch.P ? property.inverted() : property
    default:
      return nil
    }
    index += 1
    return c == Ch.D || c == Ch.S || c == Ch.W ? set.inverted() : set
  }

  /// `{Name}`, `{Name=Value}` after `\p`; the set is resolved by `UnicodeProperties`.
  mutating func parsePropertyEscape(inClass: Bool) throws(RegExpSyntaxError)
    -> CodePointSet
  {
    let message = inClass ? "Invalid property name in character class" : "Invalid property name"
    guard consume(Ch.leftBrace) else { throw RegExpSyntaxError(message) }
    var name: [UInt16] = []
    var value: [UInt16]? = nil
    while let c = current, c != Ch.rightBrace {
      index += 1
      if c == Ch.equals && value == nil {
        value = []
        continue
      }
      guard Ch.isPropertyNameCharacter(c) else { throw RegExpSyntaxError(message) }
      if value != nil { value!.append(c) } else { name.append(c) }
    }
    guard consume(Ch.rightBrace),
      let set = UnicodeProperties.set(name: asciiString(name), value: value.map(asciiString))
    else { throw RegExpSyntaxError(message) }
    return set
  }

  /// Legacy octal escape (Annex B LegacyOctalEscapeSequence): up to three octal digits,
  /// at most 0o377.
  private mutating func parseLegacyOctal() -> UInt32 {
    var value: UInt32 = 0
    var digits = 0
    while let c = current, c >= Ch.zero, c <= Ch.seven, digits < 3 {
      let next = value * 8 + UInt32(c - Ch.zero)
      if next > 0o377 { break }
      value = next
      digits += 1
      index += 1
    }
    return value
  }

  /// CharacterEscape (and, in classes, the Annex B `\c` forms); `index` at the letter
  /// after the backslash. Returns the character value.
  mutating func parseCharacterEscape(inClass: Bool) throws(RegExpSyntaxError) -> UInt32 {
    let c = units[index]
    switch c {
    case Ch.f:
      index += 1
      return 0x0C
    case Ch.n:
      index += 1
      return 0x0A
    case Ch.r:
      index += 1
      return 0x0D
    case Ch.t:
      index += 1
      return 0x09
    case Ch.v:
      index += 1
      return 0x0B
    case Ch.c:
      if let letter = peek(1), Ch.isASCIILetter(letter) {
        index += 2
        return UInt32(letter) % 32
      }
      if unicode { throw RegExpSyntaxError("Invalid Unicode escape") }
      if inClass, let next = peek(1), Ch.decimalValue(next) != nil || next == Ch.underscore {
        index += 2  // Annex B ClassControlLetter
        return UInt32(next) % 32
      }
      return UInt32(Ch.backslash)  // Annex B: `\c` matches a backslash; `c` is reread
    case Ch.x:
      index += 1
      if let high = current.flatMap(Ch.hexValue), let low = peek(1).flatMap(Ch.hexValue) {
        index += 2
        return UInt32(high * 16 + low)
      }
      if unicode { throw RegExpSyntaxError("Invalid escape") }
      return UInt32(Ch.x)
    case Ch.u:
      index += 1
      let start = index
      if let value = try parseUnicodeEscapeBody(unicodeMode: unicode) { return value }
      if unicode { throw RegExpSyntaxError("Invalid Unicode escape") }
      index = start
      return UInt32(Ch.u)
    case Ch.zero where !unicode || !(peek(1).map { Ch.decimalValue($0) != nil } ?? false):
      if unicode {
        index += 1
        return 0
      }
      return parseLegacyOctal()
    default:
      break
    }
    if unicode {
      // IdentityEscape[+UnicodeMode]: only syntax characters and `/`.
      if Ch.isSyntaxCharacter(c) || c == Ch.slash || (inClass && c == Ch.minus) {
        index += 1
        return UInt32(c)
      }
      if inClass && Ch.decimalValue(c) != nil {
        throw RegExpSyntaxError("Invalid class escape")
      }
      throw RegExpSyntaxError("Invalid escape")
    }
    if c == Ch.k && namedGroups { throw RegExpSyntaxError("Invalid escape") }
    // Annex B IdentityEscape: any source character (a single code unit).
    return readSourceCharacter(combinePairs: false)
  }

  /// After `\u`: `XXXX`, and in unicode mode `{X…}` or a `\uLead\uTrail` pair.
  /// nil (with `index` unspecified) when malformed.
  private mutating func parseUnicodeEscapeBody(unicodeMode: Bool) throws(RegExpSyntaxError)
    -> UInt32?
  {
    if unicodeMode && consume(Ch.leftBrace) {
      var value: UInt32 = 0
      var digits = 0
      while let c = current, let h = Ch.hexValue(c) {
        value = value * 16 + UInt32(h)
        if value > CodePointSet.maxCodePoint { return nil }
        digits += 1
        index += 1
      }
      guard digits > 0, consume(Ch.rightBrace) else { return nil }
      return value
    }
    guard let lead = parseFourHexDigits() else { return nil }
    if unicodeMode, UTF16.isLeadSurrogate(UInt16(lead)), peek(0) == Ch.backslash,
      peek(1) == Ch.u
    {
      let save = index
      index += 2
      if let trail = parseFourHexDigits(), UTF16.isTrailSurrogate(UInt16(trail)) {
        return combineSurrogates(UInt16(lead), UInt16(trail))
      }
      index = save
    }
    return lead
  }

  private mutating func parseFourHexDigits() -> UInt32? {
    var value: UInt32 = 0
    for offset in 0..<4 {
      guard let c = peek(offset), let h = Ch.hexValue(c) else { return nil }
      value = value * 16 + UInt32(h)
    }
    index += 4
    return value
  }

  // MARK: - Character classes

  private enum ClassAtom {
    case character(UInt32)
    case set(CodePointSet)
  }

  private mutating func parseClass() throws(RegExpSyntaxError) -> RegExpNode {
    index += 1  // [
    let inverted = consume(Ch.caret)
    var bounds: [UInt32] = []
    var sets: [CodePointSet] = []
    func add(_ atom: ClassAtom) {
      switch atom {
      case .character(let c): bounds += [c, c]
      case .set(let s): sets.append(s)
      }
    }
    while true {
      guard let c = current else { throw RegExpSyntaxError("Unterminated character class") }
      if c == Ch.rightBracket {
        index += 1
        break
      }
      let first = try parseClassAtom()
      guard looksAt(Ch.minus), let next = peek(1), next != Ch.rightBracket else {
        add(first)
        continue
      }
      index += 1  // -
      let second = try parseClassAtom()
      switch (first, second) {
      case (.character(let low), .character(let high)):
        if low > high { throw RegExpSyntaxError("Range out of order in character class") }
        bounds += [low, high]
      default:
        // Annex B: a range with a class escape is the union of both ends and `-`.
        if unicode { throw RegExpSyntaxError("Invalid character class") }
        add(first)
        add(.character(UInt32(Ch.minus)))
        add(second)
      }
    }
    var set = CodePointSet(unsortedBounds: bounds)
    for s in sets { set.formUnion(s) }
    return .characterClass(set, inverted: inverted)
  }

  private mutating func parseClassAtom() throws(RegExpSyntaxError) -> ClassAtom {
    guard units[index] == Ch.backslash else {
      return .character(readSourceCharacter(combinePairs: unicode))
    }
    index += 1
    guard let c = current else { throw RegExpSyntaxError("\\ at end of pattern") }
    if let set = try parseCharacterClassEscape(inClass: true) {
      return .set(set)
    }
    switch c {
    case Ch.b:
      index += 1
      return .character(0x08)
    case Ch.minus where unicode:
      index += 1
      return .character(UInt32(Ch.minus))
    case Ch.one...Ch.nine where !unicode:
      // Annex B: no backreferences in classes; octal, or `\8` `\9` as identity escapes.
      if c >= Ch.eight {
        index += 1
        return .character(UInt32(c))
      }
      return .character(parseLegacyOctal())
    default:
      return .character(try parseCharacterEscape(inClass: true))
    }
  }
}

// MARK: - Character helpers

/// One enclosing disjunction of a parse position and the alternative it is in.
struct AlternativeStep {
  let disjunction: Int
  var alternative: Int
}

/// ASCII code units used by the parser.
enum Ch {
  static let backslash: UInt16 = 0x5C
  static let slash: UInt16 = 0x2F
  static let caret: UInt16 = 0x5E
  static let dollar: UInt16 = 0x24
  static let dot: UInt16 = 0x2E
  static let star: UInt16 = 0x2A
  static let plus: UInt16 = 0x2B
  static let question: UInt16 = 0x3F
  static let leftParen: UInt16 = 0x28
  static let rightParen: UInt16 = 0x29
  static let leftBracket: UInt16 = 0x5B
  static let rightBracket: UInt16 = 0x5D
  static let leftBrace: UInt16 = 0x7B
  static let rightBrace: UInt16 = 0x7D
  static let bar: UInt16 = 0x7C
  static let comma: UInt16 = 0x2C
  static let colon: UInt16 = 0x3A
  static let equals: UInt16 = 0x3D
  static let exclamation: UInt16 = 0x21
  static let less: UInt16 = 0x3C
  static let greater: UInt16 = 0x3E
  static let minus: UInt16 = 0x2D
  static let ampersand: UInt16 = 0x26
  static let q: UInt16 = 0x71
  static let underscore: UInt16 = 0x5F
  static let zero: UInt16 = 0x30
  static let one: UInt16 = 0x31
  static let seven: UInt16 = 0x37
  static let eight: UInt16 = 0x38
  static let nine: UInt16 = 0x39
  static let b: UInt16 = 0x62
  static let B: UInt16 = 0x42
  static let c: UInt16 = 0x63
  static let d: UInt16 = 0x64
  static let D: UInt16 = 0x44
  static let f: UInt16 = 0x66
  static let k: UInt16 = 0x6B
  static let n: UInt16 = 0x6E
  static let p: UInt16 = 0x70
  static let P: UInt16 = 0x50
  static let r: UInt16 = 0x72
  static let s: UInt16 = 0x73
  static let S: UInt16 = 0x53
  static let t: UInt16 = 0x74
  static let u: UInt16 = 0x75
  static let v: UInt16 = 0x76
  static let w: UInt16 = 0x77
  static let W: UInt16 = 0x57
  static let x: UInt16 = 0x78

  static func decimalValue(_ c: UInt16) -> Int? {
    c >= 0x30 && c <= 0x39 ? Int(c - 0x30) : nil
  }

  static func hexValue(_ c: UInt16) -> Int? {
    switch c {
    case 0x30...0x39: return Int(c - 0x30)
    case 0x41...0x46: return Int(c - 0x41 + 10)
    case 0x61...0x66: return Int(c - 0x61 + 10)
    default: return nil
    }
  }

  static func isASCIILetter(_ c: UInt16) -> Bool {
    (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A)
  }

  /// SyntaxCharacter :: one of `^ $ \ . * + ? ( ) [ ] { } |`
  static func isSyntaxCharacter(_ c: UInt16) -> Bool {
    switch c {
    case 0x5E, 0x24, 0x5C, 0x2E, 0x2A, 0x2B, 0x3F, 0x28, 0x29, 0x5B, 0x5D, 0x7B, 0x7D, 0x7C:
      return true
    default: return false
    }
  }

  /// UnicodePropertyNameCharacter / UnicodePropertyValueCharacter: ASCII letters, digits, `_`.
  static func isPropertyNameCharacter(_ c: UInt16) -> Bool {
    isASCIILetter(c) || decimalValue(c) != nil || c == underscore
  }
}

@inline(__always)
func combineSurrogates(_ lead: UInt16, _ trail: UInt16) -> UInt32 {
  0x10000 + ((UInt32(lead) - 0xD800) << 10) + (UInt32(trail) - 0xDC00)
}

func appendUTF16(_ codePoint: UInt32, to units: inout [UInt16]) {
  if codePoint < 0x10000 {
    units.append(UInt16(codePoint))
  } else {
    let v = codePoint - 0x10000
    units.append(UInt16(0xD800 + (v >> 10)))
    units.append(UInt16(0xDC00 + (v & 0x3FF)))
  }
}

private func asciiString(_ units: [UInt16]) -> String {
  String(decoding: units, as: UTF16.self)
}

/// IdentifierStartChar :: UnicodeIDStart | `$` | `_`
func isIdentifierStart(_ c: UInt32) -> Bool {
  if c == 0x24 || c == 0x5F { return true }
  return scalarProperties(c)?.isIDStart ?? false
}

/// IdentifierPartChar :: UnicodeIDContinue | `$` | ZWNJ | ZWJ
func isIdentifierPart(_ c: UInt32) -> Bool {
  if c == 0x24 || c == 0x200C || c == 0x200D { return true }
  return scalarProperties(c)?.isIDContinue ?? false
}
