/// The DOM Standard's mutation algorithms (§4.2.3): pre-insertion validity, insert, append,
/// replace, remove, and adoption into another document.
extension Node {
  var isCharacterDataNode: Bool { nodeType == .text || nodeType == .comment || nodeType == .processingInstruction }

  /// Whether `self` is `other`, or an ancestor of it, across template contents hosts too.
  func isHostIncludingInclusiveAncestor(of other: Node) -> Bool {
    var node: Node? = other
    while let current = node {
      if current === self { return true }
      if let parent = current.parent {
        node = parent
      } else {
        node = (current as? DocumentFragment)?.templateHost
      }
    }
    return false
  }

  /// "Ensure pre-insertion validity" of `node` into `self` before `child`.
  func ensurePreInsertionValidity(of node: Node, before child: Node?) throws(DOMError) {
    try ensureCanHoldChild(node)
    // 3. If child is non-null and its parent is not parent, throw a "NotFoundError".
    if let child, child.parent !== self {
      throw .notFound("The node before which the new node is to be inserted is not a child of this node.")
    }
    try ensureInsertableKind(node)
    // 6. If parent is a document, the document's own rules.
    if nodeType == .document { try ensureDocumentChildRules(inserting: node, before: child, replacing: nil) }
  }

  /// Steps 1–2 of pre-insertion validity (and of "replace"): this node can have children, and
  /// `node` is not one of its inclusive ancestors.
  private func ensureCanHoldChild(_ node: Node) throws(DOMError) {
    // 1. If parent is not a Document, DocumentFragment, or Element node, throw.
    guard nodeType == .document || nodeType == .documentFragment || nodeType == .element else {
      throw .hierarchy("Only documents, fragments and elements have children.")
    }
    // 2. If node is a host-including inclusive ancestor of parent, throw.
    if node.isHostIncludingInclusiveAncestor(of: self) {
      throw .hierarchy("The new child is an ancestor of the parent.")
    }
  }

  /// Steps 4–5: `node` is of a kind that may be inserted here.
  private func ensureInsertableKind(_ node: Node) throws(DOMError) {
    // 4. If node is not a DocumentFragment, DocumentType, Element, or CharacterData node, throw.
    switch node.nodeType {
    case .documentFragment, .documentType, .element, .text, .comment, .processingInstruction: break
    default: throw .hierarchy("Nodes of type \(node.nodeName) may not be inserted.")
    }
    // 5. Text into a document, or a doctype into a non-document, throws.
    if node.nodeType == .text && nodeType == .document {
      throw .hierarchy("Text nodes may not be children of a document.")
    }
    if node.nodeType == .documentType && nodeType != .document {
      throw .hierarchy("A doctype may only be a child of a document.")
    }
  }

  /// Step 6 of pre-insertion validity, and its twin in "replace" (where `replaced` is the child
  /// being replaced: it does not count).
  func ensureDocumentChildRules(inserting node: Node, before child: Node?, replacing replaced: Node?) throws(DOMError) {
    let others = childNodes.filter { $0 !== replaced }
    let hasElementChild = others.contains { $0.nodeType == .element }
    let doctypeFollowsChild: Bool = {
      guard let child else { return false }
      var next = child.nextSibling
      while let sibling = next {
        if sibling.nodeType == .documentType && sibling !== replaced { return true }
        next = sibling.nextSibling
      }
      return false
    }()
    let elementPrecedesChild: Bool = {
      guard let child else { return false }
      var previous = child.previousSibling
      while let sibling = previous {
        if sibling.nodeType == .element && sibling !== replaced { return true }
        previous = sibling.previousSibling
      }
      return false
    }()
    let childIsDoctype = child?.nodeType == .documentType && child !== replaced
    switch node.nodeType {
    case .documentFragment:
      let elements = node.childNodes.filter { $0.nodeType == .element }.count
      if elements > 1 || node.childNodes.contains(where: { $0.nodeType == .text }) {
        throw .hierarchy("A document may have only one element child and no text.")
      }
      if elements == 1 && (hasElementChild || childIsDoctype || doctypeFollowsChild) {
        throw .hierarchy("A document may have only one element child, after its doctype.")
      }
    case .element:
      if hasElementChild || childIsDoctype || doctypeFollowsChild {
        throw .hierarchy("A document may have only one element child, after its doctype.")
      }
    case .documentType:
      if others.contains(where: { $0.nodeType == .documentType }) || elementPrecedesChild
        || (child == nil && hasElementChild)
      {
        throw .hierarchy("A document may have only one doctype, before its element.")
      }
    default: break
    }
  }

  /// "Pre-insert".
  @discardableResult
  public func preInsert(_ node: Node, before child: Node?) throws(DOMError) -> Node {
    try ensurePreInsertionValidity(of: node, before: child)
    var reference = child
    if reference === node { reference = node.nextSibling }
    insert(node, before: reference)
    return node
  }

  @discardableResult
  public func appendChild(_ node: Node) throws(DOMError) -> Node { try preInsert(node, before: nil) }

  /// "Insert": a fragment's children move in its place; nodes are adopted first.
  func insert(_ node: Node, before child: Node?) {
    let nodes: [Node]
    if node.nodeType == .documentFragment {
      nodes = node.childNodes
      for moved in nodes { node.removeChild(moved) }
    } else {
      nodes = [node]
    }
    for inserted in nodes {
      ownerDocument.adopt(inserted)
      link(inserted, before: child)
    }
    ownerDocument.treeVersion &+= 1
  }

  /// Links a parentless node into the children list.
  func link(_ node: Node, before child: Node?) {
    node.parent = self
    if let child {
      node.previousSibling = child.previousSibling
      node.nextSibling = child
      if let previous = child.previousSibling { previous.nextSibling = node } else { firstChild = node }
      child.previousSibling = node
    } else {
      node.previousSibling = lastChild
      if let last = lastChild { last.nextSibling = node } else { firstChild = node }
      lastChild = node
    }
  }

  /// "Remove": unlinks `child`, one of this node's children.
  func removeChild(_ child: Node) {
    if let document = ownerDocument, !document.iterators.isEmpty { document.preRemove(child) }
    if let previous = child.previousSibling {
      previous.nextSibling = child.nextSibling
    } else {
      firstChild = child.nextSibling
    }
    if let next = child.nextSibling {
      next.previousSibling = child.previousSibling
    } else {
      lastChild = child.previousSibling
    }
    child.parent = nil
    child.previousSibling = nil
    child.nextSibling = nil
    ownerDocument?.treeVersion &+= 1
  }

  /// Removes the node from its parent, if it has one.
  public func remove() {
    parent?.removeChild(self)
  }

  /// `removeChild(child)`: NotFoundError unless `child` is a child of this node.
  @discardableResult
  public func removeChildChecked(_ child: Node) throws(DOMError) -> Node {
    guard child.parent === self else { throw .notFound("The node to be removed is not a child of this node.") }
    removeChild(child)
    return child
  }

  /// "Replace a child with node within a parent".
  @discardableResult
  public func replaceChild(_ child: Node, with node: Node) throws(DOMError) -> Node {
    // 1–6 as pre-insertion, with the child that goes away not counting.
    try ensureCanHoldChild(node)
    guard child.parent === self else { throw .notFound("The node to be replaced is not a child of this node.") }
    try ensureInsertableKind(node)
    if nodeType == .document { try ensureDocumentChildRules(inserting: node, before: child, replacing: child) }
    // 7–8. The reference child is child's next sibling (skipping node itself).
    var reference = child.nextSibling
    if reference === node { reference = node.nextSibling }
    // 10–13. Adopt node, remove child, insert node before the reference child.
    node.parent?.removeChild(node)
    if child.parent === self { removeChild(child) }
    insert(node, before: reference)
    return child
  }

  /// "Replace all" with `node` (nil: just remove every child).
  func replaceAll(with node: Node?) {
    while let child = firstChild { removeChild(child) }
    if let node { insert(node, before: nil) }
  }

  // MARK: ParentNode / ChildNode helpers

  /// "Convert nodes into a node": one node, or a fragment holding them all.
  func convertIntoNode(_ nodes: [Node]) -> Node {
    if nodes.count == 1 { return nodes[0] }
    let fragment = ownerDocument.createFragment()
    for node in nodes { try? fragment.appendChild(node) }
    return fragment
  }
}

extension Document {
  /// "Adopt" a node into this document: out of its old parent, and its subtree re-owned.
  func adopt(_ node: Node) {
    if node.nodeType == .document { return }
    node.parent?.removeChild(node)
    guard node.ownerDocument !== self else { return }
    setOwner(of: node)
    node.forEachDescendant(setOwner)
  }

  private func setOwner(of node: Node) {
    node.ownerDocument = self
    if let element = node as? Element {
      for attribute in element.attributes { attribute.ownerDocument = self }
    }
  }
}
