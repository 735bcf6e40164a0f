import XJS

extension Interfaces {
  func installNodeMembers(_ realm: DOMRealm) {
    let members = Members(jsClass: node, realm: realm)
    members.attribute("nodeType") { node, realm in realm.context.value(node.nodeType.rawValue) }
    members.attribute("nodeName") { node, realm in realm.context.value(node.nodeName) }
    members.attribute("baseURI") { node, realm in realm.context.value(node.ownerDocument.url) }
    members.attribute("isConnected") { node, realm in realm.context.value(node.isConnected) }
    members.attribute("ownerDocument") { node, realm in
      node is Document ? realm.context.null : realm.value(of: node.ownerDocument)
    }
    members.attribute("parentNode") { node, realm in realm.value(of: node.parent) }
    members.attribute("parentElement") { node, realm in realm.value(of: node.parentElement) }
    members.attribute("firstChild") { node, realm in realm.value(of: node.firstChild) }
    members.attribute("lastChild") { node, realm in realm.value(of: node.lastChild) }
    members.attribute("previousSibling") { node, realm in realm.value(of: node.previousSibling) }
    members.attribute("nextSibling") { node, realm in realm.value(of: node.nextSibling) }
    members.attribute("childNodes") { node, realm in try realm.childNodesList(of: node) }
    members.method("hasChildNodes") { node, _, realm in realm.context.value(node.hasChildNodes) }
    members.method("getRootNode") { node, _, realm in realm.value(of: node.root) }
    members.attribute(
      "nodeValue", { node, realm in realm.context.value(node.nodeValue) },
      set: { node, value, realm in
        // `DOMString?`: null and undefined both mean the empty string here.
        if node is CharacterData || node is Attr { node.setTextContent(try realm.nullableString(value) ?? "") }
      })
    members.attribute(
      "textContent", { node, realm in realm.context.value(node.textContent) },
      set: { node, value, realm in node.setTextContent(try realm.nullableString(value) ?? "") })
    members.method("normalize") { node, _, realm in
      node.normalize()
      return realm.context.undefined
    }
    members.method("cloneNode") { node, call, realm in
      if node is Document || node is DocumentType || node is Element || node is CharacterData
        || node is DocumentFragment || node is Attr
      {
        return realm.value(of: node.clone(deep: call[0].toBool()))
      }
      throw DOMError.notSupported("This node cannot be cloned.")
    }
    members.method("isEqualNode", 1) { node, call, realm in
      try realm.require(call, 1, "isEqualNode", "Node")
      guard let other = try realm.optionalNode(call[0], "isEqualNode") else { return realm.context.value(false) }
      return realm.context.value(node.isEqual(to: other))
    }
    members.method("isSameNode", 1) { node, call, realm in
      try realm.require(call, 1, "isSameNode", "Node")
      return realm.context.value(try realm.optionalNode(call[0], "isSameNode") === node)
    }
    members.method("compareDocumentPosition", 1) { node, call, realm in
      try realm.require(call, 1, "compareDocumentPosition", "Node")
      return realm.context.value(node.compareDocumentPosition(try realm.node(call[0], "compareDocumentPosition")))
    }
    members.method("contains", 1) { node, call, realm in
      try realm.require(call, 1, "contains", "Node")
      guard let other = try realm.optionalNode(call[0], "contains") else { return realm.context.value(false) }
      return realm.context.value(node.isInclusiveAncestor(of: other))
    }
    members.method("lookupPrefix", 1) { node, call, realm in
      realm.context.value(node.lookupPrefix(try realm.nullableString(call[0])))
    }
    members.method("lookupNamespaceURI", 1) { node, call, realm in
      let prefix = try realm.nullableString(call[0])
      return realm.context.value(node.locateNamespace(prefix?.isEmpty == true ? nil : prefix))
    }
    members.method("isDefaultNamespace", 1) { node, call, realm in
      let namespace = try realm.nullableString(call[0])
      return realm.context.value(node.locateNamespace(nil) == (namespace?.isEmpty == true ? nil : namespace))
    }
    members.method("insertBefore", 2) { node, call, realm in
      try realm.require(call, 2, "insertBefore", "Node")
      let child = try realm.node(call[0], "insertBefore")
      let reference = try realm.optionalNode(call[1], "insertBefore", argument: 2)
      return realm.value(of: try node.preInsert(child, before: reference))
    }
    members.method("appendChild", 1) { node, call, realm in
      try realm.require(call, 1, "appendChild", "Node")
      return realm.value(of: try node.appendChild(try realm.node(call[0], "appendChild")))
    }
    members.method("replaceChild", 2) { node, call, realm in
      try realm.require(call, 2, "replaceChild", "Node")
      let replacement = try realm.node(call[0], "replaceChild")
      let child = try realm.node(call[1], "replaceChild", argument: 2)
      return realm.value(of: try node.replaceChild(child, with: replacement))
    }
    members.method("removeChild", 1) { node, call, realm in
      try realm.require(call, 1, "removeChild", "Node")
      return realm.value(of: try node.removeChildChecked(try realm.node(call[0], "removeChild")))
    }
    defineNodeConstants(realm)

    installParentNode(Members(jsClass: document, realm: realm))
    installParentNode(Members(jsClass: documentFragment, realm: realm))
    installParentNode(Members(jsClass: element, realm: realm))
    installChildNode(Members(jsClass: documentType, realm: realm), "DocumentType")
    installChildNode(Members(jsClass: element, realm: realm), "Element")
    installChildNode(Members(jsClass: characterData, realm: realm), "CharacterData")
    installElementSiblings(Members(jsClass: element, realm: realm))
    installElementSiblings(Members(jsClass: characterData, realm: realm))

    let doctypeMembers = Members(jsClass: documentType, realm: realm)
    doctypeMembers.attribute("name") { doctype, realm in realm.context.value(doctype.name) }
    doctypeMembers.attribute("publicId") { doctype, realm in realm.context.value(doctype.publicId) }
    doctypeMembers.attribute("systemId") { doctype, realm in realm.context.value(doctype.systemId) }

    documentFragment.constructor(makingObject: { [weak realm] call, prototype in
      guard let realm, let document = Optional(realm.document) else {
        throw JSError(name: "TypeError", message: "Illegal constructor")
      }
      return try realm.born(DocumentFragment(document: document), jsClass: self.documentFragment, prototype: prototype)
    })
  }

  private func defineNodeConstants(_ realm: DOMRealm) {
    let constants: [(String, Int)] = [
      ("ELEMENT_NODE", 1), ("ATTRIBUTE_NODE", 2), ("TEXT_NODE", 3), ("CDATA_SECTION_NODE", 4),
      ("ENTITY_REFERENCE_NODE", 5), ("ENTITY_NODE", 6), ("PROCESSING_INSTRUCTION_NODE", 7), ("COMMENT_NODE", 8),
      ("DOCUMENT_NODE", 9), ("DOCUMENT_TYPE_NODE", 10), ("DOCUMENT_FRAGMENT_NODE", 11), ("NOTATION_NODE", 12),
      ("DOCUMENT_POSITION_DISCONNECTED", 1), ("DOCUMENT_POSITION_PRECEDING", 2),
      ("DOCUMENT_POSITION_FOLLOWING", 4), ("DOCUMENT_POSITION_CONTAINS", 8),
      ("DOCUMENT_POSITION_CONTAINED_BY", 16), ("DOCUMENT_POSITION_IMPLEMENTATION_SPECIFIC", 32),
    ]
    realm.afterInstall.append { context in
      let constructor = try self.node.constructor(in: context)
      let prototype = try self.node.prototype(in: context)
      for (name, value) in constants {
        for object in [constructor, prototype] {
          try object.defineProperty(name, value: value, writable: false, enumerable: true, configurable: false)
        }
      }
    }
  }

  /// The ParentNode mixin.
  func installParentNode<Instance: Node>(_ members: Members<Instance>) {
    let interface = members.jsClass.name
    members.attribute("children") { node, realm in try realm.childrenCollection(of: node) }
    members.attribute("firstElementChild") { node, realm in realm.value(of: node.firstElementChild) }
    members.attribute("lastElementChild") { node, realm in realm.value(of: node.lastElementChild) }
    members.attribute("childElementCount") { node, realm in realm.context.value(node.elementChildren.count) }
    members.method("prepend") { node, call, realm in
      let inserted = node.convertIntoNode(try realm.nodesOrStrings(call, document: node.ownerDocument))
      try node.preInsert(inserted, before: node.firstChild)
      return realm.context.undefined
    }
    members.method("append") { node, call, realm in
      let inserted = node.convertIntoNode(try realm.nodesOrStrings(call, document: node.ownerDocument))
      try node.appendChild(inserted)
      return realm.context.undefined
    }
    members.method("replaceChildren") { node, call, realm in
      let inserted = node.convertIntoNode(try realm.nodesOrStrings(call, document: node.ownerDocument))
      try node.ensurePreInsertionValidity(of: inserted, before: nil)
      node.replaceAll(with: inserted)
      return realm.context.undefined
    }
    members.method("querySelector", 1) { node, call, realm in
      try realm.require(call, 1, "querySelector", interface)
      return realm.value(of: try realm.querySelector(node, try realm.string(call[0])))
    }
    members.method("querySelectorAll", 1) { node, call, realm in
      try realm.require(call, 1, "querySelectorAll", interface)
      return try realm.staticNodeList(try realm.querySelectorAll(node, try realm.string(call[0])))
    }
  }

  /// The ChildNode mixin.
  func installChildNode<Instance: Node>(_ members: Members<Instance>, _ interface: String) {
    /// The first following sibling not in `nodes` ("viable next sibling"), likewise previous.
    func viableNext(_ node: Node, _ nodes: [Node]) -> Node? {
      var sibling = node.nextSibling
      while let current = sibling, nodes.contains(where: { $0 === current }) { sibling = current.nextSibling }
      return sibling
    }
    func viablePrevious(_ node: Node, _ nodes: [Node]) -> Node? {
      var sibling = node.previousSibling
      while let current = sibling, nodes.contains(where: { $0 === current }) { sibling = current.previousSibling }
      return sibling
    }
    members.method("before") { node, call, realm in
      guard let parent = node.parent else { return realm.context.undefined }
      let nodes = try realm.nodesOrStrings(call, document: node.ownerDocument)
      let previous = viablePrevious(node, nodes)
      let inserted = node.convertIntoNode(nodes)
      try parent.preInsert(inserted, before: previous.map { $0.nextSibling } ?? parent.firstChild)
      return realm.context.undefined
    }
    members.method("after") { node, call, realm in
      guard let parent = node.parent else { return realm.context.undefined }
      let nodes = try realm.nodesOrStrings(call, document: node.ownerDocument)
      let next = viableNext(node, nodes)
      try parent.preInsert(node.convertIntoNode(nodes), before: next)
      return realm.context.undefined
    }
    members.method("replaceWith") { node, call, realm in
      guard let parent = node.parent else { return realm.context.undefined }
      let nodes = try realm.nodesOrStrings(call, document: node.ownerDocument)
      let next = viableNext(node, nodes)
      let replacement = node.convertIntoNode(nodes)
      if node.parent === parent {
        try parent.replaceChild(node, with: replacement)
      } else {
        try parent.preInsert(replacement, before: next)
      }
      return realm.context.undefined
    }
    members.method("remove") { node, _, realm in
      node.remove()
      return realm.context.undefined
    }
  }

  /// The NonDocumentTypeChildNode mixin.
  func installElementSiblings<Instance: Node>(_ members: Members<Instance>) {
    members.attribute("previousElementSibling") { node, realm in realm.value(of: node.previousElementSibling) }
    members.attribute("nextElementSibling") { node, realm in realm.value(of: node.nextElementSibling) }
  }
}
