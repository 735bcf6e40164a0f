// Selectors 4 § 18 "Grammar" over CSS Syntax 3 tokens. Each nested argument (`:is(…)`,
// `[…]`) is parsed by a parser over that token range; whitespace is significant only between
// compounds, where it is the descendant combinator.

struct SelectorParser {
  private let tokens: [CSSToken]
  private let starts: [Int]
  private let sourceLength: Int
  private var position: Int
  private let end: Int
  /// `:has()` may not nest, even through `:is()` or `:not()`.
  private let isInsideHas: Bool
  /// How many functional pseudo-classes enclose this parser's range: bounded, so that no input
  /// can exhaust the stack of the parser or the matcher.
  private let nestingDepth: Int
  private static let maximumNestingDepth = 64

  init(_ text: String) {
    let (positioned, source) = CSSTokenizer.tokenize(text)
    tokens = positioned.map(\.token)
    starts = positioned.map(\.start)
    sourceLength = source.count
    position = 0
    end = tokens.count
    isInsideHas = false
    nestingDepth = 0
  }

  private init(_ parent: SelectorParser, range: Range<Int>, isInsideHas: Bool, nestingDepth: Int) {
    tokens = parent.tokens
    starts = parent.starts
    sourceLength = parent.sourceLength
    position = range.lowerBound
    end = range.upperBound
    self.isInsideHas = isInsideHas
    self.nestingDepth = nestingDepth
  }

  private func subparser(_ range: Range<Int>, enteringHas: Bool = false) -> SelectorParser {
    SelectorParser(self, range: range, isInsideHas: isInsideHas || enteringHas, nestingDepth: nestingDepth)
  }

  /// A parser for a function's argument, one level deeper.
  private func argumentParser(_ range: Range<Int>) throws(SelectorSyntaxError) -> SelectorParser {
    guard nestingDepth < SelectorParser.maximumNestingDepth else { throw error("selectors are nested too deeply") }
    return SelectorParser(self, range: range, isInsideHas: isInsideHas, nestingDepth: nestingDepth + 1)
  }

  // MARK: Lists

  /// `<complex-selector-list>`: every item must be valid.
  mutating func parseSelectorList() throws(SelectorSyntaxError) -> SelectorList {
    var selectors: [ComplexSelector] = []
    for item in topLevelItems() {
      var parser = subparser(item)
      selectors.append(try parser.parseComplexSelector(allowingPseudoElement: true))
    }
    return SelectorList(selectors: selectors)
  }

  /// The argument of `:not()` and `:nth-child(… of S)`: unforgiving, no pseudo-elements.
  private mutating func parseNestedList() throws(SelectorSyntaxError) -> SelectorList {
    var selectors: [ComplexSelector] = []
    for item in topLevelItems() {
      var parser = subparser(item)
      selectors.append(try parser.parseComplexSelector(allowingPseudoElement: false))
    }
    return SelectorList(selectors: selectors)
  }

  /// `<forgiving-selector-list>` (`:is()`, `:where()`): invalid items are dropped, and an empty
  /// list is valid and matches nothing.
  private func parseForgivingList() -> SelectorList {
    var selectors: [ComplexSelector] = []
    for item in topLevelItems() {
      var parser = subparser(item)
      if let selector = try? parser.parseComplexSelector(allowingPseudoElement: false) {
        selectors.append(selector)
      }
    }
    return SelectorList(selectors: selectors)
  }

  /// `<relative-selector-list>` (`:has()`): unforgiving.
  private func parseRelativeList() throws(SelectorSyntaxError) -> [RelativeSelector] {
    var selectors: [RelativeSelector] = []
    for item in topLevelItems() {
      var parser = subparser(item, enteringHas: true)
      selectors.append(try parser.parseRelativeSelector())
    }
    return selectors
  }

  /// The ranges between top-level commas (an empty input is one empty item).
  private func topLevelItems() -> [Range<Int>] {
    var items: [Range<Int>] = []
    var itemStart = position
    var index = position
    while index < end {
      if tokens[index] == .comma {
        items.append(itemStart..<index)
        itemStart = index + 1
      } else if tokens[index].closingToken != nil {
        // A comma inside a block or function belongs to it.
        index = closingIndex(ofBlockAt: index)
      }
      index += 1
    }
    items.append(itemStart..<end)
    return items
  }

  private func closingIndex(ofBlockAt open: Int) -> Int {
    indexOfToken(closingBlockAt: open, in: tokens, end: end)
  }

  // MARK: Complex selectors

  private mutating func parseComplexSelector(allowingPseudoElement: Bool) throws(SelectorSyntaxError)
    -> ComplexSelector
  {
    skipWhitespace()
    var leftToRight: [CompoundSelector] = []
    var combinators: [Combinator] = []
    var pseudoElement: String?
    var specificity = Specificity()
    while true {
      let compound = try parseCompound()
      leftToRight.append(compound.selector)
      specificity = specificity + compound.specificity
      if let element = compound.pseudoElement {
        guard allowingPseudoElement else { throw error("a pseudo-element is not allowed here") }
        pseudoElement = element
      }
      let sawWhitespace = skipWhitespace()
      if atEnd { break }
      if pseudoElement != nil { throw error("nothing may follow a pseudo-element") }
      combinators.append(parseCombinator() ?? .descendant)
      if !sawWhitespace && combinators.last == .descendant { throw error("unexpected token") }
      skipWhitespace()
      if atEnd { throw error("a combinator must be followed by a selector") }
    }
    return ComplexSelector(
      compounds: leftToRight.reversed(), combinators: combinators.reversed(), pseudoElement: pseudoElement,
      specificity: specificity)
  }

  /// `<relative-selector>`: an optional leading combinator (descendant if absent), then a
  /// complex selector.
  private mutating func parseRelativeSelector() throws(SelectorSyntaxError) -> RelativeSelector {
    skipWhitespace()
    let anchorCombinator = parseCombinator() ?? .descendant
    let selector = try parseComplexSelector(allowingPseudoElement: false)
    return RelativeSelector(selector: selector, anchorCombinator: anchorCombinator)
  }

  private mutating func parseCombinator() -> Combinator? {
    guard !atEnd, case .delim(let delim) = tokens[position] else { return nil }
    let combinator: Combinator
    switch delim {
    case ">": combinator = .child
    case "+": combinator = .nextSibling
    case "~": combinator = .subsequentSibling
    default: return nil
    }
    position += 1
    return combinator
  }

  // MARK: Compound selectors

  private struct ParsedCompound {
    var selector: CompoundSelector
    var specificity: Specificity
    var pseudoElement: String?
  }

  /// `<compound-selector> [<pseudo-element-selector> <pseudo-class-selector>*]?`.
  private mutating func parseCompound() throws(SelectorSyntaxError) -> ParsedCompound {
    var simple: [SimpleSelector] = []
    var specificity = Specificity()
    var pseudoElement: String?
    if let type = try parseTypeSelector() {
      simple.append(type)
      if case .type = type { specificity.types += 1 }
    }
    loop: while !atEnd {
      let token = tokens[position]
      if pseudoElement != nil && token != .colon { break }
      switch token {
      case .hash(let value, let isID):
        guard isID else { throw error("an ID selector must be an identifier") }
        position += 1
        simple.append(.id(value))
        specificity.ids += 1
      case .delim("."):
        guard position + 1 < end, case .ident(let name) = tokens[position + 1] else {
          throw error("expected a class name after \".\"")
        }
        position += 2
        simple.append(.className(name))
        specificity.classes += 1
      case .openBracket:
        simple.append(.attribute(try parseAttributeSelector()))
        specificity.classes += 1
      case .colon:
        if position + 1 < end, tokens[position + 1] == .colon {
          guard pseudoElement == nil else { throw error("only one pseudo-element is allowed") }
          position += 2
          pseudoElement = try parsePseudoElementName()
          specificity.types += 1
        } else if pseudoElement != nil {
          // Only user-action pseudo-classes may follow a pseudo-element.
          position += 1
          guard case .never = try parsePseudoClass(specificity: &specificity) else {
            throw error("this pseudo-class may not follow a pseudo-element")
          }
        } else if let legacy = legacyPseudoElement() {
          position += 2
          pseudoElement = legacy
          specificity.types += 1
        } else {
          position += 1
          simple.append(.pseudoClass(try parsePseudoClass(specificity: &specificity)))
        }
      case .whitespace, .delim(">"), .delim("+"), .delim("~"):
        break loop
      default:
        throw error("unexpected token in a selector")
      }
    }
    if simple.isEmpty && pseudoElement == nil { throw error("expected a selector") }
    return ParsedCompound(
      selector: CompoundSelector(simpleSelectors: simple), specificity: specificity, pseudoElement: pseudoElement)
  }

  /// `<type-selector>` with its optional `<ns-prefix>`: `E`, `*`, `*|E`, `|E`. A named prefix
  /// is an error: the DOM's selector APIs declare no namespaces.
  private mutating func parseTypeSelector() throws(SelectorSyntaxError) -> SimpleSelector? {
    guard !atEnd else { return nil }
    var namespace = NamespaceConstraint.any
    if isDelim("|", at: position) {
      namespace = .none
      position += 1
    } else if isNamespaceSeparator(at: position + 1) {
      guard isDelim("*", at: position) else { throw error("undeclared namespace prefix") }
      position += 2
    }
    switch position < end ? tokens[position] : nil {
    case .ident(let name):
      position += 1
      return .type(Name(name), namespace)
    case .delim("*"):
      position += 1
      return .universal(namespace)
    default:
      if namespace == .none || position > 0 && isDelim("|", at: position - 1) {
        throw error("expected an element name after \"|\"")
      }
      return nil
    }
  }

  /// A "|" between a prefix and a name (not the start of "|=" or "||").
  private func isNamespaceSeparator(at index: Int) -> Bool {
    guard isDelim("|", at: index), index > position else { return false }
    switch tokens[index - 1] {
    case .ident, .delim("*"): break
    default: return false
    }
    guard index + 1 < end else { return true }
    switch tokens[index + 1] {
    case .ident, .delim("*"): return true
    case .delim("="), .delim("|"): return false
    default: return true
    }
  }

  private func isDelim(_ scalar: Unicode.Scalar, at index: Int) -> Bool {
    index < end && tokens[index] == .delim(scalar)
  }

  // MARK: Attribute selectors

  /// `[ <wq-name> ]` or `[ <wq-name> <attr-matcher> [<string> | <ident>] <attr-modifier>? ]`.
  private mutating func parseAttributeSelector() throws(SelectorSyntaxError) -> AttributeSelector {
    let open = position
    let close = closingIndex(ofBlockAt: open)
    var inner = subparser(open + 1..<close)
    position = close + 1
    return try inner.parseAttributeContents()
  }

  private mutating func parseAttributeContents() throws(SelectorSyntaxError) -> AttributeSelector {
    skipWhitespace()
    var namespace = NamespaceConstraint.none
    if isDelim("|", at: position) && !isDelim("=", at: position + 1) {
      position += 1
    } else if isDelim("*", at: position) && isDelim("|", at: position + 1) {
      namespace = .any
      position += 2
    } else if isDelim("|", at: position + 1), position + 2 < end, case .ident = tokens[position + 2] {
      throw error("undeclared namespace prefix")
    }
    guard !atEnd, case .ident(let name) = tokens[position] else { throw error("expected an attribute name") }
    position += 1
    skipWhitespace()
    var selector = AttributeSelector(
      name: Name(name), namespace: namespace, op: .exists, value: "", caseFlag: .languageDefault,
      isHTMLCaseInsensitiveAttribute: htmlCaseInsensitiveAttributes.contains(asciiLowercase(name)))
    if atEnd { return selector }
    selector.op = try parseAttributeOperator()
    skipWhitespace()
    switch atEnd ? nil : tokens[position] {
    case .ident(let value), .string(let value): selector.value = value
    default: throw error("expected an attribute value")
    }
    position += 1
    skipWhitespace()
    if !atEnd, case .ident(let flag) = tokens[position] {
      if asciiCaseInsensitiveEqual(flag, "i") {
        selector.caseFlag = .insensitive
      } else if asciiCaseInsensitiveEqual(flag, "s") {
        selector.caseFlag = .sensitive
      } else {
        throw error("unknown attribute selector flag")
      }
      position += 1
      skipWhitespace()
    }
    guard atEnd else { throw error("unexpected token in an attribute selector") }
    return selector
  }

  private mutating func parseAttributeOperator() throws(SelectorSyntaxError) -> AttributeSelector.Operator {
    guard case .delim(let first) = tokens[position] else { throw error("expected an attribute operator") }
    if first == "=" {
      position += 1
      return .equals
    }
    guard isDelim("=", at: position + 1) else { throw error("expected an attribute operator") }
    let op: AttributeSelector.Operator
    switch first {
    case "~": op = .includes
    case "|": op = .dashMatch
    case "^": op = .prefix
    case "$": op = .suffix
    case "*": op = .substring
    default: throw error("expected an attribute operator")
    }
    position += 2
    return op
  }

  // MARK: Pseudo-elements

  private func legacyPseudoElement() -> String? {
    guard position + 1 < end, case .ident(let name) = tokens[position + 1] else { return nil }
    let lowered = asciiLowercase(name)
    return ["before", "after", "first-line", "first-letter"].contains(lowered) ? lowered : nil
  }

  private mutating func parsePseudoElementName() throws(SelectorSyntaxError) -> String {
    switch atEnd ? nil : tokens[position] {
    case .ident(let name):
      let lowered = asciiLowercase(name)
      guard knownPseudoElements.contains(lowered) || lowered.hasPrefix("-webkit-") else {
        throw error("unknown pseudo-element")
      }
      position += 1
      return lowered
    case .function(let name):
      let lowered = asciiLowercase(name)
      guard functionalPseudoElements.contains(lowered) else { throw error("unknown pseudo-element") }
      let close = closingIndex(ofBlockAt: position)
      guard close > position + 1 else { throw error("a functional pseudo-element needs an argument") }
      position = close + 1
      return lowered
    default:
      throw error("expected a pseudo-element name")
    }
  }

  // MARK: Pseudo-classes

  private mutating func parsePseudoClass(specificity: inout Specificity) throws(SelectorSyntaxError)
    -> PseudoClass
  {
    switch atEnd ? nil : tokens[position] {
    case .ident(let name):
      guard let pseudoClass = simplePseudoClasses[asciiLowercase(name)] else {
        throw error("unknown pseudo-class")
      }
      position += 1
      specificity.classes += 1
      return pseudoClass
    case .function(let name):
      let close = closingIndex(ofBlockAt: position)
      let argument = try argumentParser(position + 1..<close)
      position = close + 1
      return try argument.parseFunctionalPseudoClass(asciiLowercase(name), specificity: &specificity)
    default:
      throw error("expected a pseudo-class name")
    }
  }

  private func parseFunctionalPseudoClass(_ name: String, specificity: inout Specificity)
    throws(SelectorSyntaxError) -> PseudoClass
  {
    var argument = self
    switch name {
    case "not":
      let list = try argument.parseNestedList()
      specificity = specificity + list.maximumSpecificity
      return .not(list)
    case "is", "matches", "-webkit-any":
      let list = argument.parseForgivingList()
      specificity = specificity + list.maximumSpecificity
      return .is(list)
    case "where":
      return .is(argument.parseForgivingList())
    case "has":
      guard !isInsideHas else { throw error(":has() may not be nested") }
      let relatives = try argument.parseRelativeList()
      specificity = specificity + relatives.map(\.selector.specificity).reduce(Specificity(), max)
      return .has(relatives)
    case "nth-child", "nth-last-child":
      let nth = try argument.parseNth(allowingOf: true)
      specificity.classes += 1
      specificity = specificity + (nth.ofSelector?.maximumSpecificity ?? Specificity())
      return name == "nth-child" ? .nthChild(nth) : .nthLastChild(nth)
    case "nth-of-type", "nth-last-of-type":
      let nth = try argument.parseNth(allowingOf: false)
      specificity.classes += 1
      return name == "nth-of-type" ? .nthOfType(nth) : .nthLastOfType(nth)
    case "lang":
      specificity.classes += 1
      return .lang(try argument.parseLanguageRanges())
    case "dir":
      specificity.classes += 1
      return try argument.parseDirection()
    case "host", "host-context":
      // Shadow trees only; never matches in the light tree the DOM queries.
      specificity.classes += 1
      argument.skipWhitespace()
      _ = try argument.parseCompound()
      argument.skipWhitespace()
      guard argument.atEnd else { throw error("expected one compound selector") }
      return .never
    case "state":
      specificity.classes += 1
      argument.skipWhitespace()
      guard !argument.atEnd, case .ident = argument.tokens[argument.position] else {
        throw error("expected a state name")
      }
      argument.position += 1
      argument.skipWhitespace()
      guard argument.atEnd else { throw error("expected a state name") }
      return .never
    default:
      throw error("unknown pseudo-class")
    }
  }

  /// `An+B [of S]?`.
  private mutating func parseNth(allowingOf: Bool) throws(SelectorSyntaxError) -> NthSelector {
    var anbEnd = end
    if allowingOf, let of = (position..<end).first(where: { isOfKeyword(at: $0) }) { anbEnd = of }
    guard let anb = ANPlusB.parse(tokens[position..<anbEnd]) else { throw error("invalid An+B") }
    var nth = NthSelector(step: anb.step, offset: anb.offset, ofSelector: nil)
    if anbEnd < end {
      var list = subparser(anbEnd + 1..<end)
      nth.ofSelector = try list.parseNestedList()
    }
    return nth
  }

  /// The `of` keyword, which must be separated by whitespace from the An+B before it.
  private func isOfKeyword(at index: Int) -> Bool {
    guard case .ident(let word) = tokens[index], asciiCaseInsensitiveEqual(word, "of") else { return false }
    return index > position && tokens[index - 1] == .whitespace
  }

  private mutating func parseLanguageRanges() throws(SelectorSyntaxError) -> [String] {
    var ranges: [String] = []
    for item in topLevelItems() {
      var parser = subparser(item)
      parser.skipWhitespace()
      switch parser.atEnd ? nil : parser.tokens[parser.position] {
      case .ident(let range), .string(let range): ranges.append(asciiLowercase(range))
      default: throw error("expected a language range")
      }
      parser.position += 1
      parser.skipWhitespace()
      guard parser.atEnd else { throw error("expected a language range") }
    }
    return ranges
  }

  private mutating func parseDirection() throws(SelectorSyntaxError) -> PseudoClass {
    skipWhitespace()
    guard !atEnd, case .ident(let direction) = tokens[position] else { throw error("expected ltr or rtl") }
    position += 1
    skipWhitespace()
    guard atEnd else { throw error("expected ltr or rtl") }
    // Other identifiers are valid and match nothing.
    if asciiCaseInsensitiveEqual(direction, "ltr") { return .dirIsLTR(true) }
    if asciiCaseInsensitiveEqual(direction, "rtl") { return .dirIsLTR(false) }
    return .never
  }

  // MARK: Tokens

  private var atEnd: Bool { position >= end }

  @discardableResult
  private mutating func skipWhitespace() -> Bool {
    let start = position
    while !atEnd && tokens[position] == .whitespace { position += 1 }
    return position > start
  }

  private func error(_ message: String) -> SelectorSyntaxError {
    SelectorSyntaxError(message: message, offset: position < starts.count ? starts[position] : sourceLength)
  }
}

extension SelectorList {
  /// `:is()`, `:not()`, `:has()` and `of S` take the specificity of their most specific argument.
  var maximumSpecificity: Specificity { selectors.map(\.specificity).max() ?? Specificity() }
}

private let simplePseudoClasses: [String: PseudoClass] = {
  var table: [String: PseudoClass] = [
    "root": .root, "empty": .empty, "scope": .scope,
    "first-child": .firstChild, "last-child": .lastChild, "only-child": .onlyChild,
    "first-of-type": .firstOfType, "last-of-type": .lastOfType, "only-of-type": .onlyOfType,
    "checked": .checked, "indeterminate": .indeterminate, "disabled": .disabled, "enabled": .enabled,
    "link": .link, "any-link": .link, "defined": .defined, "required": .required, "optional": .optional,
    "read-only": .readOnly, "read-write": .readWrite, "placeholder-shown": .placeholderShown,
    "default": .isDefault,
  ]
  // Need layout, focus, pointer, history, media or validation state: valid, never match.
  let never = [
    "hover", "active", "focus", "focus-visible", "focus-within", "visited", "target", "target-within",
    "local-link", "current", "past", "future", "playing", "paused", "seeking", "buffering", "stalled", "muted",
    "volume-locked", "fullscreen", "picture-in-picture", "modal", "popover-open", "open", "closed",
    "user-invalid", "user-valid", "autofill", "-webkit-autofill", "valid", "invalid", "in-range",
    "out-of-range", "blank", "host", "first", "left", "right",
  ]
  for name in never { table[name] = .never }
  return table
}()

private let knownPseudoElements: Set<String> = [
  "before", "after", "first-line", "first-letter", "marker", "placeholder", "selection", "backdrop",
  "file-selector-button", "cue", "cue-region", "grammar-error", "spelling-error", "target-text",
  "details-content", "search-text",
]

private let functionalPseudoElements: Set<String> = ["part", "slotted", "cue", "cue-region", "highlight"]

/// HTML § 4.16.2: on HTML elements in HTML documents, these attributes' values compare ASCII
/// case-insensitively in selectors (unless the `s` flag says otherwise).
private let htmlCaseInsensitiveAttributes: Set<String> = [
  "accept", "accept-charset", "align", "alink", "axis", "bgcolor", "charset", "checked", "clear", "codetype",
  "color", "compact", "declare", "defer", "dir", "direction", "disabled", "enctype", "face", "frame", "hreflang",
  "http-equiv", "lang", "language", "link", "media", "method", "multiple", "nohref", "noresize", "noshade",
  "nowrap", "readonly", "rel", "rev", "rules", "scope", "scrolling", "selected", "shape", "target", "text",
  "type", "valign", "valuetype", "vlink",
]
