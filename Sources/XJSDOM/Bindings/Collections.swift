import XJS

/// A `NodeList` or an `HTMLCollection`: live over a tree (recomputed when the document's tree
/// version moves), or static (`querySelectorAll`).
final class NodeCollection {
  enum Source {
    /// `childNodes`.
    case children(Node)
    /// `children`.
    case elementChildren(Node)
    /// `getElementsBy…`, `form.elements`, `select.options`…: descendants that pass the filter.
    case descendants(Node, (Element) -> Bool)
    /// `querySelectorAll`.
    case fixed([Node])
  }

  let source: Source
  private var cache: [Node] = []
  private var version = -1

  init(_ source: Source) {
    self.source = source
  }

  private var root: Node? {
    switch source {
    case .children(let node), .elementChildren(let node), .descendants(let node, _): return node
    case .fixed: return nil
    }
  }

  var nodes: [Node] {
    switch source {
    case .fixed(let nodes): return nodes
    case .children(let node):
      refresh(node) { node.childNodes }
    case .elementChildren(let node):
      refresh(node) { node.elementChildren }
    case .descendants(let node, let filter):
      refresh(node) {
        var found: [Node] = []
        node.forEachDescendant { if let element = $0 as? Element, filter(element) { found.append(element) } }
        return found
      }
    }
    return cache
  }

  private func refresh(_ root: Node, _ compute: () -> [Node]) {
    let current = root.ownerDocument?.treeVersion ?? 0
    if current != version {
      cache = compute()
      version = current
    }
  }

  /// HTMLCollection's named items: the first element whose id, or (HTML elements) name, is `name`.
  func namedItem(_ name: String) -> Element? {
    guard !name.isEmpty else { return nil }
    return nodes.lazy.compactMap { $0 as? Element }.first {
      $0.attributeValue("id") == name || ($0.isHTML && $0.attributeValue("name") == name)
    }
  }

  /// HTMLCollection's supported property names: ids, then names, each once, in tree order.
  var names: [String] {
    var names: [String] = []
    for case let element as Element in nodes {
      if let id = element.attributeValue("id"), !id.isEmpty, !names.contains(id) { names.append(id) }
      if element.isHTML, let name = element.attributeValue("name"), !name.isEmpty, !names.contains(name) {
        names.append(name)
      }
    }
    return names
  }

  func trace(_ tracer: JSTracer) {
    root?.wrapper.map(tracer.mark)
    if case .fixed(let nodes) = source { for node in nodes { node.wrapper.map(tracer.mark) } }
  }

  /// Indexed properties (and, for HTMLCollection, named ones) as WebIDL gives them: read-only.
  static func hooks(_ realm: DOMRealm) -> JSPropertyHooks<NodeCollection> {
    weak let realm = realm
    return JSPropertyHooks(
      get: { collection, name, context in
        guard let realm else { return nil }
        switch name {
        case .index(let index):
          let nodes = collection.nodes
          return index < nodes.count ? realm.value(of: nodes[index]) : nil
        case .name(let string):
          guard collection.isHTMLCollection(realm),
            !(try realm.isOnPrototype(string, of: realm.interfaces.htmlCollection))
          else { return nil }
          return collection.namedItem(string).map { realm.value(of: $0) }
        }
      },
      set: { collection, name, _ in
        guard let realm else { return nil }
        switch name {
        case .index: return false
        case .name(let string):
          return collection.isHTMLCollection(realm) && collection.namedItem(string) != nil ? false : nil
        }
      },
      delete: { collection, name, _ in
        guard let realm else { return nil }
        switch name {
        case .index(let index): return index < collection.nodes.count ? false : nil
        case .name(let string):
          return collection.isHTMLCollection(realm) && collection.namedItem(string) != nil ? false : nil
        }
      },
      names: { collection, _ in
        guard let realm else { return [] }
        let indices = (0..<collection.nodes.count).map { JSPropertyName.index($0) }
        return collection.isHTMLCollection(realm) ? indices + collection.names.map { .name($0) } : indices
      })
  }

  /// Set by the realm when it makes an HTMLCollection (a NodeList has no named items).
  var isNamed = false
  func isHTMLCollection(_ realm: DOMRealm) -> Bool { isNamed }
}

extension DOMRealm {
  /// Whether `name` is found on the interface's prototype chain (named properties never shadow it).
  func isOnPrototype<T>(_ name: String, of jsClass: JSClass<T>) throws -> Bool {
    try jsClass.prototype(in: context).has(name)
  }

  func childNodesList(of node: Node) throws -> JSValue {
    if let cached = node.cachedChildNodes { return cached.value(in: context) }
    let list = try interfaces.nodeList.wrap(NodeCollection(.children(node)), in: context)
    node.cachedChildNodes = list.heapReference
    return list
  }

  func childrenCollection(of node: Node) throws -> JSValue {
    try cachedObject(of: node, "children") { try htmlCollection(.elementChildren(node)) }
  }

  func htmlCollection(_ source: NodeCollection.Source) throws -> JSValue {
    let collection = NodeCollection(source)
    collection.isNamed = true
    return try interfaces.htmlCollection.wrap(collection, in: context)
  }

  func staticNodeList(_ nodes: [Node]) throws -> JSValue {
    try interfaces.nodeList.wrap(NodeCollection(.fixed(nodes)), in: context)
  }

  /// An object made once per node and kept for identity.
  func cachedObject(of node: Node, _ key: String, _ make: () throws -> JSValue) throws -> JSValue {
    if let element = node as? Element {
      if let cached = element.cachedObjects[key] { return cached.value(in: context) }
      let made = try make()
      element.cachedObjects[key] = made.heapReference
      return made
    }
    if let cached = node.cachedNodeObjects[key] { return cached.value(in: context) }
    let made = try make()
    node.cachedNodeObjects[key] = made.heapReference
    return made
  }

  /// `getElementsByTagName(qualifiedName)`.
  func elementsByTagName(_ root: Node, _ qualifiedName: String) throws -> JSValue {
    if qualifiedName == "*" { return try htmlCollection(.descendants(root, { _ in true })) }
    let lowered = asciiLowercase(qualifiedName)
    return try htmlCollection(
      .descendants(
        root,
        { element in
          element.isHTMLInHTMLDocument ? element.qualifiedName == lowered : element.qualifiedName == qualifiedName
        }))
  }

  /// `getElementsByTagNameNS(namespace, localName)`.
  func elementsByTagNameNS(_ root: Node, _ namespace: String?, _ localName: String) throws -> JSValue {
    let namespace = namespace?.isEmpty == true ? nil : namespace
    return try htmlCollection(
      .descendants(
        root,
        { element in
          (namespace == "*" || element.namespaceURI == namespace)
            && (localName == "*" || element.localName == localName)
        }))
  }

  /// `getElementsByClassName(names)`: elements carrying every class (case-insensitive in quirks mode).
  func elementsByClassName(_ root: Node, _ names: String) throws -> JSValue {
    let wanted = orderedTokens(names)
    guard !wanted.isEmpty else { return try htmlCollection(.fixed([])) }
    let quirks = (root.ownerDocument ?? root as? Document)?.mode == .quirks
    return try htmlCollection(
      .descendants(
        root,
        { element in
          let classes = element.classNames
          return wanted.allSatisfy { name in
            classes.contains { quirks ? asciiLowercase(String($0)) == asciiLowercase(String(name)) : $0 == name }
          }
        }))
  }
}

extension Interfaces {
  func installCollectionMembers(_ realm: DOMRealm) {
    for (jsClass, interface) in [(nodeList, "NodeList"), (htmlCollection, "HTMLCollection")] {
      let members = Members(jsClass: jsClass, realm: realm)
      members.attribute("length") { collection, realm in realm.context.value(collection.nodes.count) }
      members.method("item", 1) { collection, call, realm in
        try realm.require(call, 1, "item", interface)
        let index = Int(try realm.unsignedLong(call[0]))
        let nodes = collection.nodes
        return index < nodes.count ? realm.value(of: nodes[index]) : realm.context.null
      }
    }
    Members(jsClass: htmlCollection, realm: realm).method("namedItem", 1) { collection, call, realm in
      try realm.require(call, 1, "namedItem", "HTMLCollection")
      return realm.value(of: collection.namedItem(try realm.string(call[0])))
    }
    installAttributeMapMembers(realm)
    installTokenListMembers(realm)
  }
}
