import XJS

/// The DOM's node types (`Node.nodeType`).
public enum NodeType: Int {
  case element = 1
  case attribute = 2
  case text = 3
  case cdataSection = 4
  case processingInstruction = 7
  case comment = 8
  case document = 9
  case documentType = 10
  case documentFragment = 11
}

/// A node of a document's tree.
///
/// Lifetime (the rooting rule of the DOM): every node has its wrapper from birth, and the
/// collector decides how long both live. Links between nodes are strong Swift references; a
/// wrapper's trace marks the wrappers of its node's parent, siblings, first child and document,
/// so a tree lives while script (or the page) can reach any node of it. When the collector finds
/// a tree unreachable, the finalizer of each wrapper cuts its node's links and the Swift objects
/// go with their wrappers. A node between its creation and the moment it is in a tree or in
/// script's hands sits in its realm's nursery (see `DOMRealm`).
public class Node: EventTarget {
  public let nodeType: NodeType
  /// The document the node belongs to (itself, for a document).
  public internal(set) var ownerDocument: Document!

  public internal(set) var parent: Node?
  public internal(set) var firstChild: Node?
  public internal(set) var lastChild: Node?
  public internal(set) var previousSibling: Node?
  public internal(set) var nextSibling: Node?
  /// The `childNodes` list's wrapper, made on first use (the same object every time).
  var cachedChildNodes: JSHeapReference?
  /// Other objects made once per node for identity (`document.children`…).
  var cachedNodeObjects: [String: JSHeapReference] = [:]

  init(_ nodeType: NodeType, document: Document?) {
    self.nodeType = nodeType
    self.ownerDocument = document
  }

  // MARK: Names and values (overridden by each kind)

  public var nodeName: String { "" }
  /// `nodeValue`: the data of text, comments and processing instructions, else nil.
  public var nodeValue: String? { nil }

  // MARK: Tree navigation

  public var hasChildNodes: Bool { firstChild != nil }

  public var childNodes: [Node] {
    var nodes: [Node] = []
    var child = firstChild
    while let node = child {
      nodes.append(node)
      child = node.nextSibling
    }
    return nodes
  }

  public var childCount: Int {
    var count = 0
    var child = firstChild
    while let node = child {
      count += 1
      child = node.nextSibling
    }
    return count
  }

  public var parentElement: Element? { parent as? Element }

  /// The index of the node among its siblings.
  public var index: Int {
    var count = 0
    var sibling = previousSibling
    while let node = sibling {
      count += 1
      sibling = node.previousSibling
    }
    return count
  }

  /// The root of the node's tree (the node itself when it has no parent).
  public var root: Node {
    var node = self
    while let parent = node.parent { node = parent }
    return node
  }

  public var isConnected: Bool { root is Document }

  /// Whether `self` is `other` or one of its ancestors.
  public func isInclusiveAncestor(of other: Node) -> Bool {
    var node: Node? = other
    while let current = node {
      if current === self { return true }
      node = current.parent
    }
    return false
  }

  /// The node after this one in tree order, within `root`'s subtree (nil past its end).
  public func following(within root: Node? = nil) -> Node? {
    if let child = firstChild { return child }
    return followingSkippingChildren(within: root)
  }

  /// The node after this one's subtree in tree order, within `root`'s subtree.
  public func followingSkippingChildren(within root: Node? = nil) -> Node? {
    var node: Node = self
    while node !== root {
      if let next = node.nextSibling { return next }
      guard let parent = node.parent else { return nil }
      node = parent
    }
    return nil
  }

  /// The node before this one in tree order, within `root`'s subtree.
  public func preceding(within root: Node? = nil) -> Node? {
    if self === root { return nil }
    guard var node = previousSibling else { return parent }
    while let last = node.lastChild { node = last }
    return node
  }

  /// Every descendant in tree order (not the node itself), without recursion.
  public func forEachDescendant(_ body: (Node) -> Void) {
    var node = following(within: self)
    while let current = node {
      body(current)
      node = current.following(within: self)
    }
  }

  /// The element children, in order.
  public var elementChildren: [Element] {
    var elements: [Element] = []
    var child = firstChild
    while let node = child {
      if let element = node as? Element { elements.append(element) }
      child = node.nextSibling
    }
    return elements
  }

  public var firstElementChild: Element? {
    var child = firstChild
    while let node = child {
      if let element = node as? Element { return element }
      child = node.nextSibling
    }
    return nil
  }

  public var lastElementChild: Element? {
    var child = lastChild
    while let node = child {
      if let element = node as? Element { return element }
      child = node.previousSibling
    }
    return nil
  }

  public var previousElementSibling: Element? {
    var sibling = previousSibling
    while let node = sibling {
      if let element = node as? Element { return element }
      sibling = node.previousSibling
    }
    return nil
  }

  public var nextElementSibling: Element? {
    var sibling = nextSibling
    while let node = sibling {
      if let element = node as? Element { return element }
      sibling = node.nextSibling
    }
    return nil
  }

  // MARK: Text

  /// The concatenated data of the Text descendants (the "descendant text content").
  public var descendantTextContent: String {
    var text = ""
    forEachDescendant { node in
      if let data = node as? Text { text += data.data }
    }
    return text
  }

  /// `textContent`'s getter: null for documents and doctypes.
  public var textContent: String? {
    switch nodeType {
    case .document, .documentType: return nil
    case .element, .documentFragment: return descendantTextContent
    default: return nodeValue
    }
  }

  /// A node's "get the parent" for events: its parent; a document's is its window (except for `load`).
  override func parentForEvent(_ event: Event) -> EventTarget? {
    if let document = self as? Document {
      return event.type == "load" ? nil : document.window
    }
    return parent
  }

  // MARK: Lifetime

  override func trace(_ tracer: JSTracer) {
    super.trace(tracer)
    parent?.wrapper.map(tracer.mark)
    firstChild?.wrapper.map(tracer.mark)
    previousSibling?.wrapper.map(tracer.mark)
    nextSibling?.wrapper.map(tracer.mark)
    if let document = ownerDocument, document !== self { document.wrapper.map(tracer.mark) }
    cachedChildNodes.map(tracer.mark)
    for object in cachedNodeObjects.values { tracer.mark(object) }
  }

  /// Cuts the node's links once its wrapper is collected (its whole tree is unreachable then).
  override func wrapperCollected() {
    super.wrapperCollected()
    parent = nil
    firstChild = nil
    lastChild = nil
    previousSibling = nil
    nextSibling = nil
    ownerDocument = nil
    cachedChildNodes = nil
    cachedNodeObjects = [:]
  }
}

extension Node {
  /// What the node holds in Swift memory, roughly (object headers, links, strings), when its
  /// wrapper is made: the heap limit's share for it. Strings added later are not counted.
  var estimatedMemoryCost: Int {
    switch self {
    case let data as CharacterData: return 192 + data.data.utf8.count
    case let element as Element:
      return 320 + element.attributes.reduce(0) { $0 + 128 + $1.localName.utf8.count + $1.value.utf8.count }
    default: return 256
    }
  }
}
