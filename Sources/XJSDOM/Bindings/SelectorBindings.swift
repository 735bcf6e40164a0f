import XJS
import XJSCSS

/// An element as the selector matcher sees it.
struct SelectorNode: SelectorElement {
  let element: Element

  var parentElement: SelectorNode? { element.parentElement.map(SelectorNode.init) }
  var previousElementSibling: SelectorNode? { element.previousElementSibling.map(SelectorNode.init) }
  var nextElementSibling: SelectorNode? { element.nextElementSibling.map(SelectorNode.init) }
  var firstElementChild: SelectorNode? { element.firstElementChild.map(SelectorNode.init) }
  var lastElementChild: SelectorNode? { element.lastElementChild.map(SelectorNode.init) }
  var elementChildPosition: (fromStart: Int, fromEnd: Int)? { element.elementChildPosition }
  var localName: String { element.localName }
  var namespaceURI: String? { element.namespaceURI }
  var isHTMLElementInHTMLDocument: Bool { element.isHTMLInHTMLDocument }
  var isInQuirksMode: Bool { element.ownerDocument?.mode == .quirks }
  var isDocumentRoot: Bool { element.parent is Document }

  var hasNoChildrenOrText: Bool {
    var child = element.firstChild
    while let node = child {
      if node is Element { return false }
      if let text = node as? Text, !text.data.isEmpty { return false }
      child = node.nextSibling
    }
    return true
  }

  func attributeValue(localName: String, namespace: String?) -> String? {
    element.attribute(namespace: namespace, localName: localName)?.value
  }

  func forEachAttribute(_ body: (String, String?, String) -> Void) {
    for attribute in element.attributes { body(attribute.localName, attribute.namespaceURI, attribute.value) }
  }

  func isSame(as other: SelectorNode) -> Bool { element === other.element }

  var isChecked: Bool {
    if element.isHTML("input") {
      let type = element.inputType
      return (type == "checkbox" || type == "radio") && element.isChecked
    }
    return element.isHTML("option") && element.isSelected
  }

  var isDisabled: Bool { element.formControlIsDisabled }
}

extension DOMRealm {
  /// A selector list parsed once per string; a syntax error is a `SyntaxError` DOMException.
  func selectorList(_ text: String) throws -> SelectorList {
    if let cached = selectorCache[text] { return cached }
    do {
      let list = try SelectorList(parsing: text)
      if selectorCache.count > 512 { selectorCache.removeAll() }
      selectorCache[text] = list
      return list
    } catch {
      throw DOMError.syntax("'\(text)' is not a valid selector.")
    }
  }

  func querySelector(_ root: Node, _ text: String) throws -> Node? {
    let list = try selectorList(text)
    if list.containsPseudoElement { return nil }
    if let element = root as? Element {
      return list.firstMatch(inDescendantsOf: SelectorNode(element: element), scope: SelectorNode(element: element))?
        .element
    }
    return list.firstMatch(inTreesFrom: root.firstElementChild.map(SelectorNode.init))?.element
  }

  func querySelectorAll(_ root: Node, _ text: String) throws -> [Node] {
    let list = try selectorList(text)
    if list.containsPseudoElement { return [] }
    if let element = root as? Element {
      return list.allMatches(inDescendantsOf: SelectorNode(element: element), scope: SelectorNode(element: element))
        .map(\.element)
    }
    return list.allMatches(inTreesFrom: root.firstElementChild.map(SelectorNode.init)).map(\.element)
  }

  func matches(_ element: Element, _ text: String) throws -> Bool {
    let list = try selectorList(text)
    if list.containsPseudoElement { return false }
    return list.matches(SelectorNode(element: element), scope: SelectorNode(element: element))
  }

  func closest(_ element: Element, _ text: String) throws -> Element? {
    let list = try selectorList(text)
    if list.containsPseudoElement { return nil }
    return list.closest(startingAt: SelectorNode(element: element), scope: SelectorNode(element: element))?.element
  }
}

extension Element {
  /// The 1-based position among the parent's element children (from the start and the end),
  /// cached for all siblings at once until the tree next changes.
  var elementChildPosition: (fromStart: Int, fromEnd: Int)? {
    guard let parent, let document = ownerDocument else { return nil }
    let version = document.treeVersion
    if positionCache.version != version {
      var siblings: [Element] = []
      var child = parent.firstChild
      while let node = child {
        if let element = node as? Element { siblings.append(element) }
        child = node.nextSibling
      }
      for (index, sibling) in siblings.enumerated() {
        sibling.positionCache = (version, index + 1, siblings.count - index)
      }
    }
    return (positionCache.fromStart, positionCache.fromEnd)
  }
}
