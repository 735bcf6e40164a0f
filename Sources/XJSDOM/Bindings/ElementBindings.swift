import XJS

extension Interfaces {
  func installElementMembers(_ realm: DOMRealm) {
    let members = Members(jsClass: element, realm: realm)
    members.attribute("namespaceURI") { element, realm in realm.context.value(element.namespaceURI) }
    members.attribute("prefix") { element, realm in realm.context.value(element.prefix) }
    members.attribute("localName") { element, realm in realm.context.value(element.localName) }
    members.attribute("tagName") { element, realm in realm.context.value(element.tagName) }
    members.attribute(
      "id", { element, realm in realm.context.value(element.id) },
      set: { element, value, realm in element.setAttributeValue("id", try realm.string(value)) })
    members.attribute(
      "className", { element, realm in realm.context.value(element.className) },
      set: { element, value, realm in element.setAttributeValue("class", try realm.string(value)) })
    members.attribute(
      "classList", { element, realm in try realm.tokenList(of: element, attribute: "class") },
      set: { element, value, realm in element.setAttributeValue("class", try realm.string(value)) })
    members.attribute(
      "slot", { element, realm in realm.context.value(element.attributeValue("slot") ?? "") },
      set: { element, value, realm in element.setAttributeValue("slot", try realm.string(value)) })
    members.method("hasAttributes") { element, _, realm in realm.context.value(!element.attributes.isEmpty) }
    members.attribute("attributes") { element, realm in try realm.attributeMap(of: element) }
    members.method("getAttributeNames") { element, _, realm in
      realm.context.array(element.attributes.map { realm.context.value($0.qualifiedName) })
    }
    members.method("getAttribute", 1) { element, call, realm in
      try realm.require(call, 1, "getAttribute", "Element")
      return realm.context.value(element.getAttribute(try realm.string(call[0])))
    }
    members.method("getAttributeNS", 2) { element, call, realm in
      try realm.require(call, 2, "getAttributeNS", "Element")
      let namespace = try realm.nullableString(call[0])
      let localName = try realm.string(call[1])
      return realm.context.value(
        element.attribute(namespace: namespace?.isEmpty == true ? nil : namespace, localName: localName)?.value)
    }
    members.method("setAttribute", 2) { element, call, realm in
      try realm.require(call, 2, "setAttribute", "Element")
      try element.setAttribute(try realm.string(call[0]), try realm.string(call[1]))
      return realm.context.undefined
    }
    members.method("setAttributeNS", 3) { element, call, realm in
      try realm.require(call, 3, "setAttributeNS", "Element")
      let (namespace, prefix, localName) = try validateAndExtract(
        try realm.nullableString(call[0]), try realm.string(call[1]))
      element.setAttribute(namespace: namespace, prefix: prefix, localName: localName, value: try realm.string(call[2]))
      return realm.context.undefined
    }
    members.method("removeAttribute", 1) { element, call, realm in
      try realm.require(call, 1, "removeAttribute", "Element")
      element.removeAttribute(try realm.string(call[0]))
      return realm.context.undefined
    }
    members.method("removeAttributeNS", 2) { element, call, realm in
      try realm.require(call, 2, "removeAttributeNS", "Element")
      let namespace = try realm.nullableString(call[0])
      element.removeAttribute(
        namespace: namespace?.isEmpty == true ? nil : namespace, localName: try realm.string(call[1]))
      return realm.context.undefined
    }
    members.method("toggleAttribute", 1) { element, call, realm in
      try realm.require(call, 1, "toggleAttribute", "Element")
      let name = try realm.string(call[0])
      guard isValidAttributeLocalName(name) else {
        throw DOMError.invalidCharacter("'\(name)' is not a valid attribute name.")
      }
      let force: Bool? = call.argumentCount > 1 && !call[1].isUndefined ? call[1].toBool() : nil
      if element.attribute(named: name) != nil {
        if force == true { return realm.context.value(true) }
        element.removeAttribute(name)
        return realm.context.value(false)
      }
      if force == false { return realm.context.value(false) }
      try element.setAttribute(name, "")
      return realm.context.value(true)
    }
    members.method("hasAttribute", 1) { element, call, realm in
      try realm.require(call, 1, "hasAttribute", "Element")
      return realm.context.value(element.attribute(named: try realm.string(call[0])) != nil)
    }
    members.method("hasAttributeNS", 2) { element, call, realm in
      try realm.require(call, 2, "hasAttributeNS", "Element")
      let namespace = try realm.nullableString(call[0])
      return realm.context.value(
        element.attribute(namespace: namespace?.isEmpty == true ? nil : namespace, localName: try realm.string(call[1]))
          != nil)
    }
    members.method("getAttributeNode", 1) { element, call, realm in
      try realm.require(call, 1, "getAttributeNode", "Element")
      return realm.value(of: element.attribute(named: try realm.string(call[0])))
    }
    members.method("getAttributeNodeNS", 2) { element, call, realm in
      try realm.require(call, 2, "getAttributeNodeNS", "Element")
      let namespace = try realm.nullableString(call[0])
      return realm.value(
        of: element.attribute(
          namespace: namespace?.isEmpty == true ? nil : namespace, localName: try realm.string(call[1])))
    }
    for name in ["setAttributeNode", "setAttributeNodeNS"] {
      members.method(name, 1) { element, call, realm in
        try realm.require(call, 1, name, "Element")
        guard let attribute = realm.interfaces.attr.instance(of: call[0]) else {
          throw realm.typeError("Failed to execute '\(name)' on 'Element': parameter 1 is not of type 'Attr'.")
        }
        return realm.value(of: try element.setAttributeNode(attribute))
      }
    }
    members.method("removeAttributeNode", 1) { element, call, realm in
      try realm.require(call, 1, "removeAttributeNode", "Element")
      guard let attribute = realm.interfaces.attr.instance(of: call[0]) else {
        throw realm.typeError(
          "Failed to execute 'removeAttributeNode' on 'Element': parameter 1 is not of type 'Attr'.")
      }
      guard element.attributes.contains(where: { $0 === attribute }) else {
        throw DOMError.notFound("The attribute is not an attribute of this element.")
      }
      element.removeAttribute(attribute)
      return realm.value(of: attribute)
    }
    members.method("getElementsByTagName", 1) { element, call, realm in
      try realm.require(call, 1, "getElementsByTagName", "Element")
      return try realm.elementsByTagName(element, try realm.string(call[0]))
    }
    members.method("getElementsByTagNameNS", 2) { element, call, realm in
      try realm.require(call, 2, "getElementsByTagNameNS", "Element")
      return try realm.elementsByTagNameNS(element, try realm.nullableString(call[0]), try realm.string(call[1]))
    }
    members.method("getElementsByClassName", 1) { element, call, realm in
      try realm.require(call, 1, "getElementsByClassName", "Element")
      return try realm.elementsByClassName(element, try realm.string(call[0]))
    }
    members.method("matches", 1) { element, call, realm in
      try realm.require(call, 1, "matches", "Element")
      return realm.context.value(try realm.matches(element, try realm.string(call[0])))
    }
    members.method("webkitMatchesSelector", 1) { element, call, realm in
      try realm.require(call, 1, "webkitMatchesSelector", "Element")
      return realm.context.value(try realm.matches(element, try realm.string(call[0])))
    }
    members.method("closest", 1) { element, call, realm in
      try realm.require(call, 1, "closest", "Element")
      return realm.value(of: try realm.closest(element, try realm.string(call[0])))
    }
    members.method("insertAdjacentElement", 2) { element, call, realm in
      try realm.require(call, 2, "insertAdjacentElement", "Element")
      let position = try realm.string(call[0])
      guard let inserted = realm.interfaces.element.instance(of: call[1]) else {
        throw realm.typeError(
          "Failed to execute 'insertAdjacentElement' on 'Element': parameter 2 is not of type 'Element'.")
      }
      return realm.value(of: try element.insertAdjacent(position, inserted))
    }
    members.method("insertAdjacentText", 2) { element, call, realm in
      try realm.require(call, 2, "insertAdjacentText", "Element")
      let position = try realm.string(call[0])
      try element.insertAdjacent(position, element.ownerDocument.createText(try realm.string(call[1])))
      return realm.context.undefined
    }
    members.method("insertAdjacentHTML", 2) { element, call, realm in
      try realm.require(call, 2, "insertAdjacentHTML", "Element")
      try realm.insertAdjacentHTML(element, position: try realm.string(call[0]), markup: try realm.string(call[1]))
      return realm.context.undefined
    }
    members.attribute(
      "innerHTML",
      { element, realm in
        realm.context.value(
          element.ownerDocument.isHTML ? serializeChildren(of: element) : serializeXMLChildren(of: element))
      },
      set: { element, value, realm in try realm.setInnerHTML(element, try realm.stringTreatingNullAsEmpty(value)) })
    members.attribute(
      "outerHTML",
      { element, realm in
        realm.context.value(element.ownerDocument.isHTML ? serializeOuter(element) : serializeXML(element))
      },
      set: { element, value, realm in try realm.setOuterHTML(element, try realm.stringTreatingNullAsEmpty(value)) })

    let fragmentMembers = Members(jsClass: documentFragment, realm: realm)
    fragmentMembers.method("getElementById", 1) { fragment, call, realm in
      try realm.require(call, 1, "getElementById", "DocumentFragment")
      let id = try realm.string(call[0])
      var found: Element?
      if !id.isEmpty {
        fragment.forEachDescendant { node in
          if found == nil, let element = node as? Element, element.attributeValue("id") == id { found = element }
        }
      }
      return realm.value(of: found)
    }

    let attrMembers = Members(jsClass: attr, realm: realm)
    attrMembers.attribute("namespaceURI") { attribute, realm in realm.context.value(attribute.namespaceURI) }
    attrMembers.attribute("prefix") { attribute, realm in realm.context.value(attribute.prefix) }
    attrMembers.attribute("localName") { attribute, realm in realm.context.value(attribute.localName) }
    attrMembers.attribute("name") { attribute, realm in realm.context.value(attribute.qualifiedName) }
    attrMembers.attribute(
      "value", { attribute, realm in realm.context.value(attribute.value) },
      set: { attribute, value, realm in attribute.setTextContent(try realm.string(value)) })
    attrMembers.attribute("ownerElement") { attribute, realm in realm.value(of: attribute.ownerElement) }
    attrMembers.attribute("specified") { _, realm in realm.context.value(true) }
  }
}

extension Element {
  /// "Set an attribute" given an Attr node.
  func setAttributeNode(_ attribute: Attr) throws(DOMError) -> Attr? {
    if let owner = attribute.ownerElement, owner !== self {
      throw .inUseAttribute("The attribute is in use by another element.")
    }
    let old = self.attribute(namespace: attribute.namespaceURI, localName: attribute.localName)
    if old === attribute { return attribute }
    if let old {
      replaceAttribute(old, with: attribute)
    } else {
      appendAttribute(attribute)
    }
    return old
  }

  /// "Insert adjacent": beforebegin, afterbegin, beforeend, afterend (ASCII case-insensitive).
  @discardableResult
  func insertAdjacent(_ position: String, _ node: Node) throws(DOMError) -> Node? {
    switch asciiLowercase(position) {
    case "beforebegin":
      guard let parent else { return nil }
      return try parent.preInsert(node, before: self)
    case "afterbegin": return try preInsert(node, before: firstChild)
    case "beforeend": return try preInsert(node, before: nil)
    case "afterend":
      guard let parent else { return nil }
      return try parent.preInsert(node, before: nextSibling)
    default:
      throw .syntax("'\(position)' is not one of 'beforeBegin', 'afterBegin', 'beforeEnd', or 'afterEnd'.")
    }
  }
}
