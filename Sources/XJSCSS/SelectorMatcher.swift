// Selectors 4 § 17 "Evaluating a selector": a complex selector is matched right to left, from its
// subject outwards. The walk keeps its choices in an array instead of on the call stack, and it
// loops over ancestors and siblings, so neither the depth of the tree nor the length of the
// selector can exhaust the stack; only nesting (`:is(:not(…))`, bounded by the parser) recurses.
//
// Backtracking is pruned by what a failure proves. Say the compound left of a combinator fails
// for every candidate:
// - after a child or descendant combinator, every ancestor was tried: choosing another element
//   further right can only offer fewer ancestors, so the whole selector fails;
// - after a sibling combinator, another sibling further right has the same parent, so only a
//   different ancestor (at a descendant combinator) can help.

struct SelectorMatcher<E: SelectorElement> {
  /// The scoping root `:scope` stands for; nil means `:scope` is `:root`.
  let scope: E?

  /// Whether `element` matches any selector of `list` (a selector with a pseudo-element never
  /// matches an element).
  func matches(_ list: SelectorList, _ element: E) -> Bool {
    list.selectors.contains { selector in
      selector.pseudoElement == nil && matches(Walk(selector), subject: element)
    }
  }
}

// MARK: Complex selectors

/// What one right-to-left walk matches: the compounds of a complex selector and, for a relative
/// selector inside `:has()`, the anchor its leftmost compound must relate to. Level `k` is
/// `compounds[k]`; the anchor, when present, is one more level that only the anchor matches.
private struct Walk<E: SelectorElement> {
  let selector: ComplexSelector
  let anchor: E?
  let anchorCombinator: Combinator
  /// An ancestor the walk may not climb to (the `:has()` anchor or its parent): the elements a
  /// relative selector describes all lie below it. The anchor level itself may reach it.
  let boundary: E?

  init(_ selector: ComplexSelector) {
    self.selector = selector
    anchor = nil
    anchorCombinator = .descendant
    boundary = nil
  }

  init(_ relative: RelativeSelector, anchor: E, needsAnchorLevel: Bool, boundary: E?) {
    selector = relative.selector
    self.anchor = needsAnchorLevel ? anchor : nil
    anchorCombinator = relative.anchorCombinator
    self.boundary = boundary
  }

  var levelCount: Int { selector.compounds.count + (anchor == nil ? 0 : 1) }

  /// The combinator between level `index` and level `index + 1`.
  func combinator(_ index: Int) -> Combinator {
    index < selector.combinators.count ? selector.combinators[index] : anchorCombinator
  }
}

/// Why a candidate failed, which says how far back the walk must go to try something else.
private enum Failure {
  /// The compound did not match this element: another candidate for the same combinator may.
  case tryNextCandidate
  /// No other sibling can help; only a different ancestor, at a descendant combinator.
  case retryAtDescendant
  /// No choice anywhere can help.
  case final
}

private enum Step<E> {
  /// Test this element against the next level.
  case tryCandidate(E)
  /// The current level has no candidate left.
  case fail(Failure)
}

extension SelectorMatcher {
  fileprivate func matches(_ walk: Walk<E>, subject: E) -> Bool {
    guard walk.levelCount > 0, matchesLevel(0, subject, walk) else { return false }
    guard walk.levelCount > 1 else { return true }
    // path[k] is the element level k matched; a candidate is tried for level path.count.
    var path = [subject]
    var step = firstStep(from: subject, combinatorIndex: 0, walk)
    while true {
      switch step {
      case .tryCandidate(let candidate):
        let level = path.count
        if matchesLevel(level, candidate, walk) {
          if level == walk.levelCount - 1 { return true }
          path.append(candidate)
          step = firstStep(from: candidate, combinatorIndex: level, walk)
        } else {
          step = nextStep(after: candidate, .tryNextCandidate, combinatorIndex: level - 1, walk)
        }
      case .fail(let failure):
        // The element that led to the failed level failed too; move on from it.
        guard path.count > 1 else { return false }
        let failed = path.removeLast()
        step = nextStep(after: failed, failure, combinatorIndex: path.count - 1, walk)
      }
    }
  }

  private func matchesLevel(_ level: Int, _ element: E, _ walk: Walk<E>) -> Bool {
    let compounds = walk.selector.compounds
    if level < compounds.count { return matches(compounds[level], element) }
    guard let anchor = walk.anchor else { return false }
    return element.isSame(as: anchor)
  }

  /// The first element the combinator after `element` (at level `combinatorIndex`) points to.
  private func firstStep(from element: E, combinatorIndex: Int, _ walk: Walk<E>) -> Step<E> {
    let combinator = walk.combinator(combinatorIndex)
    let next: E?
    switch combinator {
    case .child, .descendant: next = parent(of: element, forLevel: combinatorIndex + 1, walk)
    case .nextSibling, .subsequentSibling: next = element.previousElementSibling
    }
    guard let next else { return .fail(combinator.isSibling ? .retryAtDescendant : .final) }
    return .tryCandidate(next)
  }

  /// After `candidate` failed (or everything left of it did), the next element to try for the
  /// same level, or how the level fails.
  private func nextStep(after candidate: E, _ failure: Failure, combinatorIndex: Int, _ walk: Walk<E>) -> Step<E> {
    if failure == .final { return .fail(.final) }
    switch walk.combinator(combinatorIndex) {
    case .nextSibling:
      return .fail(failure)
    case .child:
      // Another sibling further right would have this same parent.
      return .fail(.retryAtDescendant)
    case .subsequentSibling:
      if failure == .retryAtDescendant { return .fail(failure) }
      guard let earlier = candidate.previousElementSibling else { return .fail(.retryAtDescendant) }
      return .tryCandidate(earlier)
    case .descendant:
      guard let ancestor = parent(of: candidate, forLevel: combinatorIndex + 1, walk) else { return .fail(.final) }
      return .tryCandidate(ancestor)
    }
  }

  /// The parent, unless it is the walk's boundary and the level is not the anchor's.
  private func parent(of element: E, forLevel level: Int, _ walk: Walk<E>) -> E? {
    guard let parent = element.parentElement else { return nil }
    if level < walk.selector.compounds.count, let boundary = walk.boundary, parent.isSame(as: boundary) {
      return nil
    }
    return parent
  }
}

extension Combinator {
  var isSibling: Bool { self == .nextSibling || self == .subsequentSibling }
  var isAncestral: Bool { self == .child || self == .descendant }
}

// MARK: :has()

extension SelectorMatcher {
  /// Selectors 4 § 4.5: "matches if any of the relative selectors, when absolutized and
  /// evaluated with the element as the :scope elements, would match at least one element."
  private func matchesAny(_ relatives: [RelativeSelector], anchor: E) -> Bool {
    relatives.contains { matches($0, anchor: anchor) }
  }

  /// Tries every element the relative selector could describe, each as the subject of a walk
  /// that ends at the anchor.
  private func matches(_ relative: RelativeSelector, anchor: E) -> Bool {
    let combinators = relative.selector.combinators
    let reachesDescendants = combinators.contains { $0.isAncestral }
    let reachesLaterSiblings = combinators.contains { $0.isSibling }
    switch relative.anchorCombinator {
    case .descendant, .child:
      // Every element is below the anchor, and the walk cannot climb past it: for the
      // descendant combinator, reaching the leftmost compound is enough.
      let walk = Walk(
        relative, anchor: anchor, needsAnchorLevel: relative.anchorCombinator == .child, boundary: anchor)
      if relative.anchorCombinator == .child && !reachesDescendants {
        return anyChild(of: anchor) { matches(walk, subject: $0) }
      }
      return anyDescendant(of: anchor) { matches(walk, subject: $0) }
    case .nextSibling, .subsequentSibling:
      let walk = Walk(relative, anchor: anchor, needsAnchorLevel: true, boundary: anchor.parentElement)
      let onlyNextSibling = relative.anchorCombinator == .nextSibling && !reachesLaterSiblings
      var sibling = anchor.nextElementSibling
      while let current = sibling {
        if matches(walk, subject: current) { return true }
        if reachesDescendants && anyDescendant(of: current, { matches(walk, subject: $0) }) { return true }
        if onlyNextSibling { return false }
        sibling = current.nextElementSibling
      }
      return false
    }
  }

  private func anyChild(of element: E, _ test: (E) -> Bool) -> Bool {
    var child = element.firstElementChild
    while let current = child {
      if test(current) { return true }
      child = current.nextElementSibling
    }
    return false
  }

  private func anyDescendant(of element: E, _ test: (E) -> Bool) -> Bool {
    var candidate = element.firstElementChild
    while let current = candidate {
      if test(current) { return true }
      candidate = current.nextInTreeOrder(within: element)
    }
    return false
  }
}

// MARK: Compound and simple selectors

extension SelectorMatcher {
  fileprivate func matches(_ compound: CompoundSelector, _ element: E) -> Bool {
    compound.simpleSelectors.allSatisfy { matches($0, element) }
  }

  private func matches(_ simple: SimpleSelector, _ element: E) -> Bool {
    switch simple {
    case .type(let name, let namespace):
      // HTML § 4.16.2: for HTML elements in HTML documents the selector's name is lowercased.
      let expected = element.isHTMLElementInHTMLDocument ? name.lowercased : name.asWritten
      return matches(namespace, element) && codePointsEqual(element.localName, expected)
    case .universal(let namespace):
      return matches(namespace, element)
    case .id(let id):
      guard let value = element.id else { return false }
      return bytesEqual(value.utf8, id.utf8, caseInsensitive: element.isInQuirksMode)
    case .className(let name):
      return element.hasClass(name, caseInsensitive: element.isInQuirksMode)
    case .attribute(let attribute):
      return matches(attribute, element)
    case .pseudoClass(let pseudoClass):
      return matches(pseudoClass, element)
    }
  }

  private func matches(_ namespace: NamespaceConstraint, _ element: E) -> Bool {
    switch namespace {
    case .any: return true
    case .none: return element.namespaceURI == nil
    }
  }
}

// MARK: Attribute selectors

extension SelectorMatcher {
  private func matches(_ selector: AttributeSelector, _ element: E) -> Bool {
    let isHTML = element.isHTMLElementInHTMLDocument
    // The DOM lowercases attribute names on HTML elements in HTML documents, so the selector's
    // name is lowercased to meet them.
    let name = isHTML ? selector.name.lowercased : selector.name.asWritten
    switch selector.namespace {
    case .none:
      guard let value = element.attributeValue(localName: name, namespace: nil) else { return false }
      return matches(selector, value: value, caseInsensitive: comparesCaseInsensitively(selector, isHTML, true))
    case .any:
      var found = false
      element.forEachAttribute { localName, namespace, value in
        guard !found, codePointsEqual(localName, name) else { return }
        let caseInsensitive = comparesCaseInsensitively(selector, isHTML, namespace == nil)
        found = matches(selector, value: value, caseInsensitive: caseInsensitive)
      }
      return found
    }
  }

  /// The `i` and `s` flags decide; without one, HTML's list of attributes whose values are
  /// case-insensitive, for attributes in no namespace on HTML elements in HTML documents.
  private func comparesCaseInsensitively(
    _ selector: AttributeSelector, _ isHTMLElement: Bool, _ isInNoNamespace: Bool
  ) -> Bool {
    switch selector.caseFlag {
    case .insensitive: return true
    case .sensitive: return false
    case .languageDefault: return isHTMLElement && isInNoNamespace && selector.isHTMLCaseInsensitiveAttribute
    }
  }

  private func matches(_ selector: AttributeSelector, value: String, caseInsensitive: Bool) -> Bool {
    let actual = value.utf8
    let expected = selector.value.utf8
    switch selector.op {
    case .exists:
      return true
    case .equals:
      return bytesEqual(actual, expected, caseInsensitive: caseInsensitive)
    case .includes:
      // "If 'val' contains whitespace, it will never represent anything (since the words are
      // separated by spaces). Also if 'val' is the empty string, it will never represent
      // anything."
      guard !expected.isEmpty, !expected.contains(where: \.isASCIIWhitespace) else { return false }
      return whitespaceSeparatedList(value, contains: selector.value, caseInsensitive: caseInsensitive)
    case .dashMatch:
      // Exactly the value, or the value followed by "-".
      if bytesEqual(actual, expected, caseInsensitive: caseInsensitive) { return true }
      guard bytes(actual, havePrefix: expected, caseInsensitive: caseInsensitive) else { return false }
      return actual.dropFirst(expected.count).first == UInt8(ascii: "-")
    case .prefix:
      // "If 'val' is the empty string then the selector does not represent anything" (also for
      // $= and *=).
      return !expected.isEmpty && bytes(actual, havePrefix: expected, caseInsensitive: caseInsensitive)
    case .suffix:
      return !expected.isEmpty && bytes(actual, haveSuffix: expected, caseInsensitive: caseInsensitive)
    case .substring:
      return !expected.isEmpty && bytes(actual, contain: expected, caseInsensitive: caseInsensitive)
    }
  }
}

// MARK: Pseudo-classes

extension SelectorMatcher {
  private func matches(_ pseudoClass: PseudoClass, _ element: E) -> Bool {
    switch pseudoClass {
    case .not(let list): return !matches(list, element)
    case .is(let list): return matches(list, element)
    case .has(let relatives): return matchesAny(relatives, anchor: element)
    case .nthChild(let nth): return matches(nth, element, fromEnd: false, ofType: false)
    case .nthLastChild(let nth): return matches(nth, element, fromEnd: true, ofType: false)
    case .nthOfType(let nth): return matches(nth, element, fromEnd: false, ofType: true)
    case .nthLastOfType(let nth): return matches(nth, element, fromEnd: true, ofType: true)
    case .firstChild: return element.previousElementSibling == nil
    case .lastChild: return element.nextElementSibling == nil
    case .onlyChild: return element.previousElementSibling == nil && element.nextElementSibling == nil
    case .firstOfType: return isFirstOfType(element, fromEnd: false)
    case .lastOfType: return isFirstOfType(element, fromEnd: true)
    case .onlyOfType: return isFirstOfType(element, fromEnd: false) && isFirstOfType(element, fromEnd: true)
    case .root: return element.isDocumentRoot
    case .empty: return element.hasNoChildrenOrText
    case .scope: return scope.map { element.isSame(as: $0) } ?? element.isDocumentRoot
    default: return matchesState(pseudoClass, element)
    }
  }

  /// The pseudo-classes that only ask the element about itself.
  private func matchesState(_ pseudoClass: PseudoClass, _ element: E) -> Bool {
    switch pseudoClass {
    case .checked: return element.isChecked
    case .isDefault: return element.isDefault
    case .indeterminate: return element.isIndeterminate
    case .disabled: return element.isDisabled
    case .enabled: return element.canBeDisabled && !element.isDisabled
    case .link: return element.isLink
    case .defined: return element.isDefined
    case .required: return element.requiredness == true
    case .optional: return element.requiredness == false
    case .readOnly: return !element.isReadWrite
    case .readWrite: return element.isReadWrite
    case .placeholderShown: return element.isPlaceholderShown
    case .lang(let ranges): return matchesLanguage(ranges, element)
    case .dirIsLTR(let isLTR): return isLeftToRight(element) == isLTR
    default: return false  // .never, and the structural cases handled by the caller
    }
  }

  /// `:nth-child(An+B [of S])` and its relatives: the element's 1-based index among the siblings
  /// that count (those matching S, or of its type) must be An+B for some n ≥ 0.
  private func matches(_ nth: NthSelector, _ element: E, fromEnd: Bool, ofType: Bool) -> Bool {
    // "of S": the element itself must match S, and only siblings matching S are counted.
    if let filter = nth.ofSelector, !matches(filter, element) { return false }
    let formula = ANPlusB(step: nth.step, offset: nth.offset)
    // Every sibling counts: the tree may know the position (otherwise each element's walk makes
    // `:nth-child` over n siblings quadratic).
    if nth.ofSelector == nil && !ofType, let position = element.elementChildPosition {
      return formula.matches(index: fromEnd ? position.fromEnd : position.fromStart)
    }
    var index = 1
    var sibling = fromEnd ? element.nextElementSibling : element.previousElementSibling
    while let current = sibling {
      if counts(current, like: element, nth, ofType: ofType) {
        index += 1
        // With A ≤ 0 the positions that match are at most B: no need to count further.
        if formula.step <= 0 && index > formula.offset { return false }
      }
      sibling = fromEnd ? current.nextElementSibling : current.previousElementSibling
    }
    return formula.matches(index: index)
  }

  private func counts(_ sibling: E, like element: E, _ nth: NthSelector, ofType: Bool) -> Bool {
    if ofType { return isSameType(sibling, element) }
    guard let filter = nth.ofSelector else { return true }
    return matches(filter, sibling)
  }

  /// No sibling of the same type before it (or after it, `fromEnd`).
  private func isFirstOfType(_ element: E, fromEnd: Bool) -> Bool {
    var sibling = fromEnd ? element.nextElementSibling : element.previousElementSibling
    while let current = sibling {
      if isSameType(current, element) { return false }
      sibling = fromEnd ? current.nextElementSibling : current.previousElementSibling
    }
    return true
  }

  /// Same local name and same namespace ("elements of the same type").
  private func isSameType(_ a: E, _ b: E) -> Bool {
    guard codePointsEqual(a.localName, b.localName) else { return false }
    switch (a.namespaceURI, b.namespaceURI) {
    case (nil, nil): return true
    case (let x?, let y?): return codePointsEqual(x, y)
    default: return false
    }
  }
}

// MARK: :lang() and :dir()

/// The namespace of `xml:lang`.
private let xmlNamespaceURI = "http://www.w3.org/XML/1998/namespace"

extension SelectorMatcher {
  /// The element's language: the `xml:lang` or `lang` attribute of it or its nearest ancestor
  /// that has one (HTML § 3.2.6.2). Nil when none says; `:lang()` then matches nothing, since
  /// the document's own language (meta, HTTP headers) is not known here.
  private func language(of element: E) -> String? {
    var current: E? = element
    while let candidate = current {
      if let value = candidate.attributeValue(localName: "lang", namespace: xmlNamespaceURI)
        ?? candidate.attributeValue(localName: "lang", namespace: nil)
      {
        return value
      }
      current = candidate.parentElement
    }
    return nil
  }

  private func matchesLanguage(_ ranges: [String], _ element: E) -> Bool {
    guard let language = language(of: element) else { return false }
    return ranges.contains { languageTag(language, matchesRange: $0) }
  }

  /// `:dir()` without bidi analysis: the nearest `dir` attribute of ltr or rtl decides, `auto`
  /// counts as ltr (its text is not inspected), and the default is ltr.
  private func isLeftToRight(_ element: E) -> Bool {
    var current: E? = element
    while let candidate = current {
      if let direction = candidate.attributeValue(localName: "dir", namespace: nil) {
        if asciiCaseInsensitiveEqual(direction, "rtl") { return false }
        if asciiCaseInsensitiveEqual(direction, "ltr") || asciiCaseInsensitiveEqual(direction, "auto") {
          return true
        }
      }
      current = candidate.parentElement
    }
    return true
  }
}

/// RFC 4647 § 3.3.2 "Extended Filtering", which Selectors 4 § 7.2 uses for `:lang()`: subtags
/// compare ASCII case-insensitively, `*` stands for any subtags, and a range's subtags may skip
/// over the tag's (`de-CH` matches `de-Latn-CH`) but never over a singleton such as `x`. An
/// empty range matches only an empty (unknown) language.
func languageTag(_ tag: String, matchesRange range: String) -> Bool {
  if range.isEmpty || tag.isEmpty { return range.isEmpty && tag.isEmpty }
  let rangeSubtags = range.utf8.split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
  let tagSubtags = tag.utf8.split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
  let wildcard = "*".utf8
  // "Compare the first subtag in the range to the first subtag in the tag ... the wildcard '*'
  // matches any value".
  guard let firstRange = rangeSubtags.first, let firstTag = tagSubtags.first,
    firstRange.elementsEqual(wildcard) || asciiCaseInsensitiveEqual(firstRange, firstTag)
  else { return false }
  var rangeIndex = 1
  var tagIndex = 1
  while rangeIndex < rangeSubtags.count {
    let subtag = rangeSubtags[rangeIndex]
    if subtag.elementsEqual(wildcard) {
      rangeIndex += 1
    } else if tagIndex >= tagSubtags.count {
      return false
    } else if asciiCaseInsensitiveEqual(subtag, tagSubtags[tagIndex]) {
      rangeIndex += 1
      tagIndex += 1
    } else if tagSubtags[tagIndex].count == 1 {
      return false
    } else {
      tagIndex += 1
    }
  }
  return true
}
