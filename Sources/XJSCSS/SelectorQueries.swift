// The selector entry points the DOM calls: parse a list; match an element (`matches`,
// `closest`); walk a subtree in document order (`querySelector`, `querySelectorAll`).
//
// `scope` is the scoping root for `:scope`: the element `matches`/`closest`/`querySelector`
// were called on. Pass nil when that node is a document or fragment: `:scope` then means `:root`.

extension SelectorList {
  /// Parses a selector list (Selectors 4 § 18 "Grammar"). Namespace prefixes other than `*|`
  /// and `|` are errors, since the DOM declares no namespaces.
  public init(parsing text: String) throws(SelectorSyntaxError) {
    var parser = SelectorParser(text)
    self = try parser.parseSelectorList()
  }

  /// Whether `element` matches any selector in the list.
  public func matches<E: SelectorElement>(_ element: E, scope: E? = nil) -> Bool {
    SelectorMatcher(scope: scope).matches(self, element)
  }

  /// The element or its nearest ancestor that matches (`Element.closest`).
  public func closest<E: SelectorElement>(startingAt element: E, scope: E? = nil) -> E? {
    let matcher = SelectorMatcher(scope: scope)
    var candidate: E? = element
    while let current = candidate {
      if matcher.matches(self, current) { return current }
      candidate = current.parentElement
    }
    return nil
  }

  /// The first descendant of `root` (not `root` itself) in tree order that matches.
  public func firstMatch<E: SelectorElement>(inDescendantsOf root: E, scope: E? = nil) -> E? {
    firstMatch(from: root.firstElementChild, within: root, scope: scope)
  }

  /// Every descendant of `root` (not `root` itself) that matches, in tree order.
  public func allMatches<E: SelectorElement>(inDescendantsOf root: E, scope: E? = nil) -> [E] {
    allMatches(from: root.firstElementChild, within: root, scope: scope)
  }

  /// For a document or fragment: the first match among the trees rooted at `firstChild` and its
  /// following element siblings (the node's element children), in tree order.
  public func firstMatch<E: SelectorElement>(inTreesFrom firstChild: E?, scope: E? = nil) -> E? {
    firstMatch(from: firstChild, within: nil, scope: scope)
  }

  /// For a document or fragment: every match among the trees rooted at `firstChild` and its
  /// following element siblings, in tree order.
  public func allMatches<E: SelectorElement>(inTreesFrom firstChild: E?, scope: E? = nil) -> [E] {
    allMatches(from: firstChild, within: nil, scope: scope)
  }

  private func firstMatch<E: SelectorElement>(from start: E?, within root: E?, scope: E?) -> E? {
    guard !isMatchingNothing else { return nil }
    let matcher = SelectorMatcher(scope: scope)
    var candidate = start
    while let current = candidate {
      if matcher.matches(self, current) { return current }
      candidate = current.nextInTreeOrder(within: root)
    }
    return nil
  }

  private func allMatches<E: SelectorElement>(from start: E?, within root: E?, scope: E?) -> [E] {
    guard !isMatchingNothing else { return [] }
    let matcher = SelectorMatcher(scope: scope)
    var found: [E] = []
    var candidate = start
    while let current = candidate {
      if matcher.matches(self, current) { found.append(current) }
      candidate = current.nextInTreeOrder(within: root)
    }
    return found
  }

  /// Every selector has a pseudo-element: no element can match, so skip the walk.
  private var isMatchingNothing: Bool { selectors.allSatisfy { $0.pseudoElement != nil } }
}

extension SelectorElement {
  /// The next element in tree order (preorder) that is inside `root` (exclusive); with no root,
  /// inside the forest of parentless elements this one belongs to. Iterative, so any depth works.
  func nextInTreeOrder(within root: Self?) -> Self? {
    if let child = firstElementChild { return child }
    var current = self
    while true {
      if let root, current.isSame(as: root) { return nil }
      if let sibling = current.nextElementSibling { return sibling }
      guard let parent = current.parentElement else { return nil }
      current = parent
    }
  }
}
