/// Cloning, comparing and namespace lookup (DOM Standard §4.4).
extension Node {
  // MARK: Cloning

  /// "Clone a node" into `document` (the node's own by default), its subtree too when `deep`,
  /// without recursion.
  public func clone(into document: Document? = nil, deep: Bool) -> Node {
    let target = document ?? (self as? Document) ?? ownerDocument!
    let copy = cloneSingle(into: target)
    guard deep else { return copy }
    var pending: [(source: Node, copy: Node)] = [(self, copy)]
    while let (source, parentCopy) = pending.popLast() {
      let childDocument = (parentCopy as? Document) ?? parentCopy.ownerDocument!
      if let template = source as? Element, let contents = template.templateContents,
        let copyContents = (parentCopy as? Element)?.templateContents
      {
        var child = contents.firstChild
        while let node = child {
          let childCopy = node.cloneSingle(into: copyContents.ownerDocument)
          copyContents.link(childCopy, before: nil)
          pending.append((node, childCopy))
          child = node.nextSibling
        }
      }
      var child = source.firstChild
      while let node = child {
        let childCopy = node.cloneSingle(into: childDocument)
        parentCopy.link(childCopy, before: nil)
        pending.append((node, childCopy))
        child = node.nextSibling
      }
    }
    return copy
  }

  /// The node itself copied, without children.
  func cloneSingle(into document: Document) -> Node {
    switch self {
    case let element as Element:
      let copy = document.createElement(
        localName: element.localName, namespace: element.namespaceURI, prefix: element.prefix)
      for attribute in element.attributes {
        copy.appendAttribute(
          document.createAttribute(
            namespace: attribute.namespaceURI, prefix: attribute.prefix, localName: attribute.localName,
            value: attribute.value))
      }
      if element.templateContents != nil { copy.ensureTemplateContents() }
      if let state = element.formState {
        let copiedState = FormControlState()
        copiedState.dirtyValue = state.dirtyValue
        copiedState.checkedness = state.checkedness
        copy.formState = copiedState
      }
      return copy
    case let text as Text: return document.createText(text.data)
    case let comment as Comment: return document.createComment(comment.data)
    case let instruction as ProcessingInstruction:
      return document.createProcessingInstruction(target: instruction.target, data: instruction.data)
    case let doctype as DocumentType:
      return document.createDoctype(name: doctype.name, publicId: doctype.publicId, systemId: doctype.systemId)
    case is DocumentFragment: return document.createFragment()
    case let attribute as Attr:
      return document.createAttribute(
        namespace: attribute.namespaceURI, prefix: attribute.prefix, localName: attribute.localName,
        value: attribute.value)
    case let original as Document:
      let copy = original.realm.born(
        Document(realm: original.realm, isHTML: original.isHTML, contentType: original.contentType, url: original.url))
      copy.mode = original.mode
      return copy
    default: return document.createFragment()
    }
  }

  // MARK: Comparing

  /// "Equals" (`isEqualNode`), without recursion.
  public func isEqual(to other: Node) -> Bool {
    var pending: [(Node, Node)] = [(self, other)]
    while let (a, b) = pending.popLast() {
      guard a.hasEqualOwnState(b), a.childCount == b.childCount else { return false }
      var left = a.firstChild
      var right = b.firstChild
      while let x = left, let y = right {
        pending.append((x, y))
        left = x.nextSibling
        right = y.nextSibling
      }
    }
    return true
  }

  private func hasEqualOwnState(_ other: Node) -> Bool {
    guard nodeType == other.nodeType else { return false }
    switch (self, other) {
    case let (a as DocumentType, b as DocumentType):
      return a.name == b.name && a.publicId == b.publicId && a.systemId == b.systemId
    case let (a as Element, b as Element):
      guard a.namespaceURI == b.namespaceURI, a.prefix == b.prefix, a.localName == b.localName,
        a.attributes.count == b.attributes.count
      else { return false }
      return a.attributes.allSatisfy { attribute in
        b.attributes.contains {
          $0.namespaceURI == attribute.namespaceURI && $0.localName == attribute.localName
            && $0.value == attribute.value
        }
      }
    case let (a as Attr, b as Attr):
      return a.namespaceURI == b.namespaceURI && a.localName == b.localName && a.value == b.value
    case let (a as ProcessingInstruction, b as ProcessingInstruction):
      return a.target == b.target && a.data == b.data
    case let (a as CharacterData, b as CharacterData): return a.data == b.data
    default: return true
    }
  }

  public static let documentPositionDisconnected = 1
  public static let documentPositionPreceding = 2
  public static let documentPositionFollowing = 4
  public static let documentPositionContains = 8
  public static let documentPositionContainedBy = 16
  public static let documentPositionImplementationSpecific = 32

  /// `compareDocumentPosition(other)`, step by step as the standard gives it.
  public func compareDocumentPosition(_ other: Node) -> Int {
    // 1. If this is other, then return zero.
    if self === other { return 0 }
    // 2–4. Attributes compare through their elements.
    var node1: Node? = other
    var node2: Node? = self
    var attr1: Attr?
    var attr2: Attr?
    if let attribute = node1 as? Attr {
      attr1 = attribute
      node1 = attribute.ownerElement
    }
    if let attribute = node2 as? Attr {
      attr2 = attribute
      node2 = attribute.ownerElement
      if let attr1, let element = node1 as? Element, node2 === element {
        for candidate in element.attributes {
          if candidate === attr1 { return Node.documentPositionImplementationSpecific | Node.documentPositionPreceding }
          if candidate === attr2 { return Node.documentPositionImplementationSpecific | Node.documentPositionFollowing }
        }
      }
    }
    // 5. Disconnected nodes: a consistent but arbitrary order.
    guard let first = node1, let second = node2, first.root === second.root else {
      let order =
        ObjectIdentifier(other) < ObjectIdentifier(self)
        ? Node.documentPositionPreceding : Node.documentPositionFollowing
      return Node.documentPositionDisconnected | Node.documentPositionImplementationSpecific | order
    }
    // 6. node1 an ancestor of node2 (or node2's own attribute's element): contains, preceding.
    if (first !== second && first.isInclusiveAncestor(of: second) && attr1 == nil) || (first === second && attr2 != nil)
    {
      return Node.documentPositionContains | Node.documentPositionPreceding
    }
    // 7. node1 a descendant of node2: contained by, following.
    if (first !== second && second.isInclusiveAncestor(of: first) && attr2 == nil) || (first === second && attr1 != nil)
    {
      return Node.documentPositionContainedBy | Node.documentPositionFollowing
    }
    // 8–9. Tree order.
    return first.precedes(second) ? Node.documentPositionPreceding : Node.documentPositionFollowing
  }

  /// Whether this node comes before `other` in tree order (same tree).
  func precedes(_ other: Node) -> Bool {
    var ancestors1: [Node] = []
    var node: Node? = self
    while let current = node {
      ancestors1.append(current)
      node = current.parent
    }
    var ancestors2: [Node] = []
    node = other
    while let current = node {
      ancestors2.append(current)
      node = current.parent
    }
    var i = ancestors1.count - 1
    var j = ancestors2.count - 1
    while i >= 0 && j >= 0 && ancestors1[i] === ancestors2[j] {
      i -= 1
      j -= 1
    }
    if i < 0 { return true }  // self is an ancestor of other
    if j < 0 { return false }
    var sibling = ancestors1[i].nextSibling
    while let current = sibling {
      if current === ancestors2[j] { return true }
      sibling = current.nextSibling
    }
    return false
  }

  // MARK: Namespaces

  /// "Locate a namespace" for `prefix`.
  public func locateNamespace(_ prefix: String?) -> String? {
    switch self {
    case let element as Element:
      if prefix == "xml" { return Namespace.xml }
      if prefix == "xmlns" { return Namespace.xmlns }
      if element.namespaceURI != nil && element.prefix == prefix { return element.namespaceURI }
      for attribute in element.attributes where attribute.namespaceURI == Namespace.xmlns {
        if (attribute.prefix == "xmlns" && attribute.localName == prefix)
          || (prefix == nil && attribute.prefix == nil && attribute.localName == "xmlns")
        {
          return attribute.value.isEmpty ? nil : attribute.value
        }
      }
      return element.parentElement?.locateNamespace(prefix)
    case let document as Document: return document.documentElement?.locateNamespace(prefix)
    case is DocumentType, is DocumentFragment: return nil
    case let attribute as Attr: return attribute.ownerElement?.locateNamespace(prefix)
    default: return parentElement?.locateNamespace(prefix)
    }
  }

  /// "Locate a namespace prefix" for `namespace`, from an element.
  public func lookupPrefix(_ namespace: String?) -> String? {
    guard let namespace, !namespace.isEmpty else { return nil }
    let element: Element?
    switch self {
    case let e as Element: element = e
    case let document as Document: element = document.documentElement
    case is DocumentType, is DocumentFragment: return nil
    case let attribute as Attr: element = attribute.ownerElement
    default: element = parentElement
    }
    var current = element
    while let e = current {
      if e.namespaceURI == namespace, let prefix = e.prefix { return prefix }
      for attribute in e.attributes
      where attribute.prefix == "xmlns" && attribute.value == namespace {
        return attribute.localName
      }
      current = e.parentElement
    }
    return nil
  }
}

extension Element {
  /// A template element's contents, made on first need in the template contents owner document.
  @discardableResult
  func ensureTemplateContents() -> DocumentFragment {
    if let contents = templateContents { return contents }
    let contents = ownerDocument.templateContentsOwnerDocument.createFragment()
    contents.templateHost = self
    templateContents = contents
    return contents
  }
}

extension Node {
  /// "String replace all" (`textContent` on elements and fragments).
  func replaceAllWithText(_ text: String) {
    replaceAll(with: text.isEmpty ? nil : ownerDocument.createText(text))
  }

  /// `textContent`'s setter.
  public func setTextContent(_ text: String) {
    switch self {
    case let data as CharacterData: data.data = text
    case let attribute as Attr:
      if let element = attribute.ownerElement {
        element.changeAttribute(attribute, to: text)
      } else {
        attribute.value = text
      }
    case is Element, is DocumentFragment: replaceAllWithText(text)
    default: break
    }
  }

  /// `normalize()`: no empty Text nodes, no adjacent ones.
  public func normalize() {
    var node = following(within: self)
    while let current = node {
      guard let text = current as? Text else {
        node = current.following(within: self)
        continue
      }
      if text.data.isEmpty {
        node = current.followingSkippingChildren(within: self)
        text.remove()
        continue
      }
      var merged = text.data
      while let next = text.nextSibling as? Text {
        merged += next.data
        next.remove()
      }
      text.data = merged
      node = text.followingSkippingChildren(within: self)
    }
  }
}
