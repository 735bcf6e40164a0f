// The HTML parser: any input builds a tree, and the parser keeps the sink's contract (a node
// is appended only when it has no parent, never under itself; references are children of the
// parent named; text goes to nodes in the tree).

import XJSHTML

private final class Node {
  weak var parent: Node?
  var children: [Node] = []
  var text: String?
  var templateContents: Node?
  let isContainer: Bool

  init(isContainer: Bool, text: String? = nil) {
    self.isContainer = isContainer
    self.text = text
  }

  func isInclusiveAncestor(of node: Node) -> Bool {
    var current: Node? = node
    while let candidate = current {
      if candidate === self { return true }
      current = candidate.parent
    }
    return false
  }
}

private final class CheckingSink: HTMLTreeSink {
  let document = Node(isContainer: true)

  func createElement(localName: String, namespace: HTMLNamespace, attributes: [HTMLAttribute]) -> Node {
    let names = attributes.map(\.qualifiedName)
    require(Set(names).count == names.count, "duplicate attributes on <\(localName)>: \(names)")
    let node = Node(isContainer: true)
    if namespace == .html && localName == "template" { node.templateContents = Node(isContainer: true) }
    return node
  }

  func createComment(_ data: String) -> Node { Node(isContainer: false) }

  func appendDoctype(name: String, publicID: String, systemID: String) {
    append(Node(isContainer: false), to: document)
  }

  func append(_ child: Node, to parent: Node) {
    require(child.parent == nil, "append of a node that has a parent")
    require(parent.isContainer, "append to a leaf")
    require(!child.isInclusiveAncestor(of: parent), "append would make a cycle")
    child.parent = parent
    parent.children.append(child)
  }

  func insert(_ child: Node, before reference: Node, in parent: Node) {
    require(child.parent == nil, "insert of a node that has a parent")
    require(reference.parent === parent, "insert before a node that is not a child of the parent")
    require(!child.isInclusiveAncestor(of: parent), "insert would make a cycle")
    child.parent = parent
    parent.children.insert(child, at: parent.children.firstIndex { $0 === reference }!)
  }

  func appendText(_ text: String, to parent: Node) {
    require(parent.isContainer, "text appended to a leaf")
    if let last = parent.children.last, last.text != nil {
      last.text! += text
    } else {
      append(Node(isContainer: false, text: text), to: parent)
    }
  }

  func insertText(_ text: String, before reference: Node, in parent: Node) {
    require(reference.parent === parent, "text inserted before a node that is not a child of the parent")
    let index = parent.children.firstIndex { $0 === reference }!
    if index > 0, parent.children[index - 1].text != nil {
      parent.children[index - 1].text! += text
    } else {
      insert(Node(isContainer: false, text: text), before: reference, in: parent)
    }
  }

  func parent(of node: Node) -> Node? { node.parent }

  func remove(_ node: Node) {
    guard let parent = node.parent else { return }
    parent.children.removeAll { $0 === node }
    node.parent = nil
  }

  func moveChildren(of node: Node, to newParent: Node) {
    require(!node.isInclusiveAncestor(of: newParent), "children moved under their own parent")
    for child in node.children {
      child.parent = newParent
      newParent.children.append(child)
    }
    node.children = []
  }

  func templateContents(of template: Node) -> Node {
    require(template.templateContents != nil, "template contents of an element that is not a template")
    return template.templateContents!
  }

  func addAttributesIfMissing(_ attributes: [HTMLAttribute], to element: Node) {}
  func setQuirksMode(_ mode: HTMLQuirksMode) {}
}

private let fragmentContexts = ["body", "div", "table", "tr", "select", "template", "title", "textarea", "script"]

func fuzzHTML(_ bytes: UnsafeBufferPointer<UInt8>) {
  let input = inputText(bytes)
  parseHTMLDocument(input, into: CheckingSink(), options: HTMLParserOptions(scripting: bytes.count % 2 == 0))
  let sink = CheckingSink()
  let context = HTMLFragmentContext<Node>(localName: fragmentContexts[bytes.count % fragmentContexts.count])
  let root = parseHTMLFragment(input, context: context, into: sink)
  require(root.parent == nil || root.parent === sink.document, "the fragment's root is misplaced")
}
