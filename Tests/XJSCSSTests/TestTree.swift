import XCTest

@testable import XJSCSS

/// A document for the tests: it owns every node, and nodes link to each other weakly, so that
/// releasing a 100,000-deep chain frees nodes one by one instead of recursing down the chain.
final class TestDocument {
  let isHTML: Bool
  let isQuirks: Bool
  private(set) var nodes: [TestNode] = []
  private(set) weak var root: TestNode?

  init(isHTML: Bool = true, isQuirks: Bool = false) {
    self.isHTML = isHTML
    self.isQuirks = isQuirks
  }

  /// A document whose root element is built from `spec`.
  convenience init(isHTML: Bool = true, isQuirks: Bool = false, _ spec: Spec) {
    self.init(isHTML: isHTML, isQuirks: isQuirks)
    setRoot(build(spec))
  }

  func makeNode(_ localName: String, namespace: String? = htmlNamespaceURI) -> TestNode {
    let node = TestNode(localName: localName, namespaceURI: namespace, document: self)
    nodes.append(node)
    return node
  }

  func setRoot(_ node: TestNode) { root = node }

  func append(_ child: TestNode, to parent: TestNode) {
    child.parentElement = parent
    if let last = parent.lastChild {
      last.nextElementSibling = child
      child.previousElementSibling = last
    } else {
      parent.firstElementChild = child
    }
    parent.lastChild = child
  }

  func build(_ spec: Spec) -> TestNode {
    let node = makeNode(spec.name, namespace: spec.namespace)
    node.attributes = spec.attributes.map { TestAttribute(localName: $0.key, namespace: nil, value: $0.value) }
    node.text = spec.text
    for child in spec.children { append(build(child), to: node) }
    return node
  }

  /// The node whose id is `id`.
  func node(_ id: String) -> TestNode {
    guard let node = nodes.first(where: { $0.id == id }) else { fatalError("no node with id \(id)") }
    return node
  }

  /// The ids (or else local names) of every element matching `selector`, in tree order.
  func select(_ selector: String) throws -> [String] {
    try SelectorList(parsing: selector).allMatches(inTreesFrom: root).map(\.label)
  }

  /// Like `select`, among the descendants of the element with id `scopeID`, with it as `:scope`.
  func select(_ selector: String, under scopeID: String) throws -> [String] {
    let scope = node(scopeID)
    return try SelectorList(parsing: selector).allMatches(inDescendantsOf: scope, scope: scope).map(\.label)
  }

  func matches(_ selector: String, _ id: String) throws -> Bool {
    try SelectorList(parsing: selector).matches(node(id))
  }
}

struct TestAttribute {
  var localName: String
  var namespace: String?
  var value: String
}

final class TestNode: SelectorElement {
  let localName: String
  let namespaceURI: String?
  unowned let document: TestDocument
  var attributes: [TestAttribute] = []
  /// The text directly inside the element (`:empty` looks at it).
  var text = ""
  weak var parentElement: TestNode?
  weak var previousElementSibling: TestNode?
  weak var nextElementSibling: TestNode?
  weak var firstElementChild: TestNode?
  weak var lastChild: TestNode?

  init(localName: String, namespaceURI: String?, document: TestDocument) {
    self.localName = localName
    self.namespaceURI = namespaceURI
    self.document = document
  }

  var lastElementChild: TestNode? { lastChild }
  var isHTMLElementInHTMLDocument: Bool { document.isHTML && namespaceURI == htmlNamespaceURI }
  var isInQuirksMode: Bool { document.isQuirks }
  var isDocumentRoot: Bool { document.root === self }
  var hasNoChildrenOrText: Bool { firstElementChild == nil && text.isEmpty }

  func attributeValue(localName: String, namespace: String?) -> String? {
    attributes.first { $0.localName == localName && $0.namespace == namespace }?.value
  }

  func forEachAttribute(_ body: (String, String?, String) -> Void) {
    for attribute in attributes { body(attribute.localName, attribute.namespace, attribute.value) }
  }

  func isSame(as other: TestNode) -> Bool { self === other }

  var label: String { id ?? localName }
}

/// A tree written as nested values: `Spec("div", ["id": "a"], [Spec("p")])`.
struct Spec {
  var name: String
  var namespace: String?
  var attributes: KeyValuePairs<String, String>
  var text: String
  var children: [Spec]

  init(
    _ name: String, namespace: String? = htmlNamespaceURI, _ attributes: KeyValuePairs<String, String> = [:],
    text: String = "", _ children: [Spec] = []
  ) {
    self.name = name
    self.namespace = namespace
    self.attributes = attributes
    self.text = text
    self.children = children
  }
}

/// A deterministic generator (SplitMix64) for the robustness tests.
struct SplitMix64 {
  var state: UInt64

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  mutating func next(below bound: Int) -> Int { Int(next() % UInt64(bound)) }

  /// A string of up to `maximumLength` characters drawn from `alphabet`.
  mutating func string(from alphabet: [Character], maximumLength: Int) -> String {
    String((0..<next(below: maximumLength + 1)).map { _ in alphabet[next(below: alphabet.count)] })
  }
}
