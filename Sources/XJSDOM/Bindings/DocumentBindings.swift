import XJS

extension Interfaces {
  func installDocumentMembers(_ realm: DOMRealm) {
    let members = Members(jsClass: document, realm: realm)
    members.attribute("URL") { document, realm in realm.context.value(document.url) }
    members.attribute("documentURI") { document, realm in realm.context.value(document.url) }
    members.attribute("compatMode") { document, realm in
      realm.context.value(document.mode == .quirks ? "BackCompat" : "CSS1Compat")
    }
    for name in ["characterSet", "charset", "inputEncoding"] {
      members.attribute(name) { _, realm in realm.context.value("UTF-8") }
    }
    members.attribute("contentType") { document, realm in realm.context.value(document.contentType) }
    members.attribute("doctype") { document, realm in realm.value(of: document.doctype) }
    members.attribute("documentElement") { document, realm in realm.value(of: document.documentElement) }
    members.attribute("head") { document, realm in realm.value(of: document.head) }
    members.attribute("body") { document, realm in realm.value(of: document.body) }
    members.attribute("defaultView") { document, realm in
      document.window != nil ? realm.context.globalObject : realm.context.null
    }
    members.attribute("readyState") { document, realm in realm.context.value(document.readyState) }
    members.attribute("currentScript") { document, realm in realm.value(of: document.currentScript) }
    // The document's live collections of HTML elements by kind (HTML § 3.1.4).
    let kinds: [(String, (Element) -> Bool)] = [
      ("scripts", { $0.isHTML("script") }), ("images", { $0.isHTML("img") }), ("forms", { $0.isHTML("form") }),
      ("embeds", { $0.isHTML("embed") }), ("plugins", { $0.isHTML("embed") }),
      ("links", { ($0.isHTML("a") || $0.isHTML("area")) && $0.attributeValue("href") != nil }),
      ("anchors", { $0.isHTML("a") && $0.attributeValue("name") != nil }),
    ]
    for (name, test) in kinds {
      members.attribute(name) { document, realm in
        try realm.cachedObject(of: document, name) { try realm.htmlCollection(.descendants(document, test)) }
      }
    }
    members.attribute(
      "title", { document, realm in realm.context.value(document.title) },
      set: { document, value, realm in document.setTitle(try realm.string(value)) })
    members.attribute("implementation") { document, realm in try realm.implementation(of: document) }
    members.attribute("location") { document, realm in
      document.window != nil ? try realm.context["location"] : realm.context.null
    }

    members.method("getElementById", 1) { document, call, realm in
      try realm.require(call, 1, "getElementById", "Document")
      return realm.value(of: document.element(withID: try realm.string(call[0])))
    }
    members.method("getElementsByTagName", 1) { document, call, realm in
      try realm.require(call, 1, "getElementsByTagName", "Document")
      return try realm.elementsByTagName(document, try realm.string(call[0]))
    }
    members.method("getElementsByTagNameNS", 2) { document, call, realm in
      try realm.require(call, 2, "getElementsByTagNameNS", "Document")
      return try realm.elementsByTagNameNS(document, try realm.nullableString(call[0]), try realm.string(call[1]))
    }
    members.method("getElementsByClassName", 1) { document, call, realm in
      try realm.require(call, 1, "getElementsByClassName", "Document")
      return try realm.elementsByClassName(document, try realm.string(call[0]))
    }
    members.method("getElementsByName", 1) { document, call, realm in
      try realm.require(call, 1, "getElementsByName", "Document")
      let name = try realm.string(call[0])
      return try realm.staticNodeList(document.descendantElements.filter { $0.attributeValue("name") == name })
    }
    members.method("createElement", 1) { document, call, realm in
      try realm.require(call, 1, "createElement", "Document")
      return realm.value(of: try document.createElementChecked(try realm.string(call[0])))
    }
    members.method("createElementNS", 2) { document, call, realm in
      try realm.require(call, 2, "createElementNS", "Document")
      let (namespace, prefix, localName) = try validateAndExtract(
        try realm.nullableString(call[0]), try realm.string(call[1]))
      return realm.value(of: document.createElement(localName: localName, namespace: namespace, prefix: prefix))
    }
    members.method("createDocumentFragment") { document, _, realm in realm.value(of: document.createFragment()) }
    members.method("createTextNode", 1) { document, call, realm in
      try realm.require(call, 1, "createTextNode", "Document")
      return realm.value(of: document.createText(try realm.string(call[0])))
    }
    members.method("createComment", 1) { document, call, realm in
      try realm.require(call, 1, "createComment", "Document")
      return realm.value(of: document.createComment(try realm.string(call[0])))
    }
    members.method("createCDATASection", 1) { document, call, realm in
      throw DOMError.notSupported("CDATA sections are not supported in HTML documents.")
    }
    members.method("createProcessingInstruction", 2) { document, call, realm in
      try realm.require(call, 2, "createProcessingInstruction", "Document")
      let target = try realm.string(call[0])
      let data = try realm.string(call[1])
      guard isValidXMLName(target) else { throw DOMError.invalidCharacter("'\(target)' is not a valid target.") }
      guard !data.contains("?>") else { throw DOMError.invalidCharacter("The data may not contain '?>'.") }
      return realm.value(of: document.createProcessingInstruction(target: target, data: data))
    }
    members.method("createAttribute", 1) { document, call, realm in
      try realm.require(call, 1, "createAttribute", "Document")
      var name = try realm.string(call[0])
      guard isValidAttributeLocalName(name) else {
        throw DOMError.invalidCharacter("'\(name)' is not a valid attribute name.")
      }
      if document.isHTML { name = asciiLowercase(name) }
      return realm.value(of: document.createAttribute(namespace: nil, prefix: nil, localName: name, value: ""))
    }
    members.method("createAttributeNS", 2) { document, call, realm in
      try realm.require(call, 2, "createAttributeNS", "Document")
      let (namespace, prefix, localName) = try validateAndExtract(
        try realm.nullableString(call[0]), try realm.string(call[1]))
      return realm.value(
        of: document.createAttribute(namespace: namespace, prefix: prefix, localName: localName, value: ""))
    }
    members.method("importNode", 1) { document, call, realm in
      try realm.require(call, 1, "importNode", "Document")
      let node = try realm.node(call[0], "importNode", "Document")
      guard !(node is Document) else { throw DOMError.notSupported("A document cannot be imported.") }
      return realm.value(of: node.clone(into: document, deep: call[1].toBool()))
    }
    members.method("adoptNode", 1) { document, call, realm in
      try realm.require(call, 1, "adoptNode", "Document")
      let node = try realm.node(call[0], "adoptNode", "Document")
      guard !(node is Document) else { throw DOMError.notSupported("A document cannot be adopted.") }
      if let attribute = node as? Attr, let owner = attribute.ownerElement { owner.removeAttribute(attribute) }
      document.adopt(node)
      if let attribute = node as? Attr { attribute.ownerDocument = document }
      return realm.value(of: node)
    }
    members.method("createEvent", 1) { document, call, realm in
      try realm.require(call, 1, "createEvent", "Document")
      return try realm.createEvent(interface: try realm.string(call[0]))
    }
    members.method("createNodeIterator", 1) { document, call, realm in
      try realm.require(call, 1, "createNodeIterator", "Document")
      return try realm.makeTraversal(call, walker: false)
    }
    members.method("createTreeWalker", 1) { document, call, realm in
      try realm.require(call, 1, "createTreeWalker", "Document")
      return try realm.makeTraversal(call, walker: true)
    }
    document.constructor(makingObject: { [weak realm] _, prototype in
      guard let realm else { throw JSError(name: "TypeError", message: "Illegal constructor") }
      let made = Document(realm: realm, isHTML: false, contentType: "application/xml")
      return try realm.born(made, jsClass: self.document, prototype: prototype)
    })
    installImplementationMembers(realm)
  }

  private func installImplementationMembers(_ realm: DOMRealm) {
    let members = Members(jsClass: domImplementation, realm: realm)
    members.method("createDocumentType", 3) { implementation, call, realm in
      try realm.require(call, 3, "createDocumentType", "DOMImplementation")
      let name = try realm.string(call[0])
      guard isValidDoctypeName(name) else { throw DOMError.invalidCharacter("'\(name)' is not a valid doctype name.") }
      return realm.value(
        of: implementation.document.createDoctype(
          name: name, publicId: try realm.string(call[1]), systemId: try realm.string(call[2])))
    }
    members.method("createHTMLDocument") { implementation, call, realm in
      let document = realm.born(Document(realm: realm, isHTML: true, contentType: "text/html"))
      document.link(document.createDoctype(name: "html", publicId: "", systemId: ""), before: nil)
      let html = document.createElement(localName: "html", namespace: Namespace.html)
      document.link(html, before: nil)
      let head = document.createElement(localName: "head", namespace: Namespace.html)
      html.link(head, before: nil)
      if call.argumentCount > 0 && !call[0].isUndefined {
        let title = document.createElement(localName: "title", namespace: Namespace.html)
        head.link(title, before: nil)
        title.link(document.createText(try realm.string(call[0])), before: nil)
      }
      html.link(document.createElement(localName: "body", namespace: Namespace.html), before: nil)
      return realm.value(of: document)
    }
    members.method("createDocument", 2) { implementation, call, realm in
      try realm.require(call, 2, "createDocument", "DOMImplementation")
      let namespace = try realm.nullableString(call[0])
      let contentType =
        namespace == Namespace.html
        ? "application/xhtml+xml" : namespace == Namespace.svg ? "image/svg+xml" : "application/xml"
      let made = Document(realm: realm, isHTML: false, contentType: contentType)
      made.isXMLDocument = true
      let document = realm.born(made)
      let qualifiedName = try realm.stringTreatingNullAsEmpty(call[1])
      var element: Element?
      if !qualifiedName.isEmpty {
        let (ns, prefix, localName) = try validateAndExtract(namespace, qualifiedName)
        element = document.createElement(localName: localName, namespace: ns, prefix: prefix)
      }
      if call.argumentCount > 2, let doctype = try realm.optionalNode(call[2], "createDocument") {
        guard doctype is DocumentType else {
          throw realm.typeError(
            "Failed to execute 'createDocument' on 'DOMImplementation': parameter 3 is not of type 'DocumentType'.")
        }
        try document.appendChild(doctype)
      }
      if let element { try document.appendChild(element) }
      return realm.value(of: document)
    }
    members.method("hasFeature") { _, _, realm in realm.context.value(true) }
  }
}

/// `document.implementation`'s object: one per document.
final class Implementation {
  unowned let document: Document

  init(document: Document) {
    self.document = document
  }

  func trace(_ tracer: JSTracer) { document.wrapper.map(tracer.mark) }
}

extension DOMRealm {
  func implementation(of document: Document) throws -> JSValue {
    if let cached = document.cachedImplementation { return cached.value(in: context) }
    let object = try interfaces.domImplementation.wrap(Implementation(document: document), in: context)
    document.cachedImplementation = object.heapReference
    return object
  }
}

extension Document {
  public var readyState: String { loadState }

  /// Every element in tree order.
  var descendantElements: [Element] {
    var elements: [Element] = []
    forEachDescendant { if let element = $0 as? Element { elements.append(element) } }
    return elements
  }

  /// The first element in tree order whose id is `id`.
  /// The first element in tree order whose ID is `id`: from a map of the document's IDs, built
  /// in one walk and kept until the tree next changes (so a run of lookups costs one walk).
  public func element(withID id: String) -> Element? {
    guard !id.isEmpty else { return nil }
    if idMap.version != treeVersion {
      var map: [String: WeakElement] = [:]
      var node = following(within: self)
      while let current = node {
        if let element = current as? Element, let value = element.attributeValue("id"), map[value] == nil {
          map[value] = WeakElement(element: element)
        }
        node = current.following(within: self)
      }
      idMap = (treeVersion, map)
    }
    return idMap.elements[id]?.element
  }

  /// `createElement(localName)`: lowercased in HTML documents, HTML namespace in HTML and XHTML.
  func createElementChecked(_ name: String) throws(DOMError) -> Element {
    guard isValidElementLocalName(name) else { throw .invalidCharacter("'\(name)' is not a valid element name.") }
    let localName = isHTML ? asciiLowercase(name) : name
    let namespace = isHTML || contentType == "application/xhtml+xml" ? Namespace.html : nil
    let element = createElement(localName: localName, namespace: namespace)
    if element.isHTML && element.localName == "template" { element.ensureTemplateContents() }
    return element
  }

  /// The title element's text, whitespace stripped and collapsed.
  public var title: String {
    guard let title = titleElement else { return "" }
    return title.descendantTextContent.split(whereSeparator: { $0.isASCII && isASCIIWhitespace($0.asciiValue!) })
      .joined(separator: " ")
  }

  private var titleElement: Element? {
    var node = following(within: self)
    while let current = node {
      if let element = current as? Element, element.localName == "title",
        element.isHTML || element.namespaceURI == Namespace.svg
      {
        return element
      }
      node = current.following(within: self)
    }
    return nil
  }

  func setTitle(_ text: String) {
    if let element = titleElement {
      element.replaceAllWithText(text)
    } else if let head {
      let element = createElement(localName: "title", namespace: Namespace.html)
      head.insert(element, before: nil)
      element.replaceAllWithText(text)
    }
  }
}

/// "Validate and extract" a namespace and qualified name (createElementNS, setAttributeNS…).
func validateAndExtract(_ namespace: String?, _ qualifiedName: String) throws(DOMError) -> (String?, String?, String) {
  let namespace = namespace?.isEmpty == true ? nil : namespace
  var prefix: String?
  var localName = qualifiedName
  if let colon = qualifiedName.firstIndex(of: ":") {
    prefix = String(qualifiedName[..<colon])
    localName = String(qualifiedName[qualifiedName.index(after: colon)...])
  }
  guard isValidQualifiedName(prefix: prefix, localName: localName) else {
    throw .invalidCharacter("'\(qualifiedName)' is not a valid qualified name.")
  }
  if prefix != nil && namespace == nil { throw .namespace("A prefix needs a namespace.") }
  if prefix == "xml" && namespace != Namespace.xml { throw .namespace("The xml prefix is for the XML namespace.") }
  if (qualifiedName == "xmlns" || prefix == "xmlns") && namespace != Namespace.xmlns {
    throw .namespace("The xmlns prefix is for the XMLNS namespace.")
  }
  if namespace == Namespace.xmlns && qualifiedName != "xmlns" && prefix != "xmlns" {
    throw .namespace("The XMLNS namespace is for the xmlns prefix.")
  }
  return (namespace, prefix, localName)
}

private func isValidQualifiedName(prefix: String?, localName: String) -> Bool {
  if let prefix {
    guard !prefix.isEmpty, !prefix.utf8.contains(where: { "\0\t\n\u{0C}\r />".utf8.contains($0) }) else {
      return false
    }
    return isValidAttributeLocalName(localName) && !localName.contains(":")
  }
  return isValidElementLocalName(localName)
}

/// The XML `Name` production (processing instruction targets).
func isValidXMLName(_ name: String) -> Bool {
  guard let first = name.unicodeScalars.first else { return false }
  func isStart(_ c: Unicode.Scalar) -> Bool {
    (c >= "A" && c <= "Z") || (c >= "a" && c <= "z") || c == ":" || c == "_"
      || (c.value >= 0xC0 && c.value != 0xD7 && c.value != 0xF7)
  }
  return isStart(first)
    && name.unicodeScalars.dropFirst().allSatisfy {
      isStart($0) || ($0 >= "0" && $0 <= "9") || $0 == "-" || $0 == "." || $0.value == 0xB7
    }
}

/// "Valid doctype name": no ASCII whitespace, NUL or `>`.
func isValidDoctypeName(_ name: String) -> Bool {
  !name.utf8.contains { "\0\t\n\u{0C}\r >".utf8.contains($0) }
}
