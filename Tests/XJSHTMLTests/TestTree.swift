import XJSHTML

/// A plain tree for the parser's tests, serialized in html5lib's tree-construction format.
final class TestNode {
  enum Kind {
    case document, fragment
    case doctype(String, String, String)
    case comment(String)
    case text(String)
    case element(String, HTMLNamespace, [HTMLAttribute])
  }

  var kind: Kind
  weak var parent: TestNode?
  var children: [TestNode] = []
  var templateContents: TestNode?

  init(_ kind: Kind) {
    self.kind = kind
  }
}

final class TestSink: HTMLTreeSink {
  let document = TestNode(.document)
  var scriptsClosed = 0

  func createElement(localName: String, namespace: HTMLNamespace, attributes: [HTMLAttribute]) -> TestNode {
    let node = TestNode(.element(localName, namespace, attributes))
    if namespace == .html && localName == "template" { node.templateContents = TestNode(.fragment) }
    return node
  }

  func createComment(_ data: String) -> TestNode { TestNode(.comment(data)) }

  func appendDoctype(name: String, publicID: String, systemID: String) {
    append(TestNode(.doctype(name, publicID, systemID)), to: document)
  }

  func append(_ child: TestNode, to parent: TestNode) {
    child.parent = parent
    parent.children.append(child)
  }

  func insert(_ child: TestNode, before reference: TestNode, in parent: TestNode) {
    child.parent = parent
    let index = parent.children.firstIndex { $0 === reference } ?? parent.children.count
    parent.children.insert(child, at: index)
  }

  func appendText(_ text: String, to parent: TestNode) {
    if let last = parent.children.last, case .text(let existing) = last.kind {
      last.kind = .text(existing + text)
    } else {
      append(TestNode(.text(text)), to: parent)
    }
  }

  func insertText(_ text: String, before reference: TestNode, in parent: TestNode) {
    let index = parent.children.firstIndex { $0 === reference } ?? parent.children.count
    if index > 0, case .text(let existing) = parent.children[index - 1].kind {
      parent.children[index - 1].kind = .text(existing + text)
    } else {
      insert(TestNode(.text(text)), before: reference, in: parent)
    }
  }

  func parent(of node: TestNode) -> TestNode? { node.parent }

  func remove(_ node: TestNode) {
    guard let parent = node.parent else { return }
    parent.children.removeAll { $0 === node }
    node.parent = nil
  }

  func moveChildren(of node: TestNode, to newParent: TestNode) {
    for child in node.children { append(child, to: newParent) }
    node.children = []
  }

  func templateContents(of template: TestNode) -> TestNode { template.templateContents! }

  func addAttributesIfMissing(_ attributes: [HTMLAttribute], to element: TestNode) {
    guard case .element(let name, let namespace, var existing) = element.kind else { return }
    for attribute in attributes where !existing.contains(where: { $0.localName == attribute.localName }) {
      existing.append(attribute)
    }
    element.kind = .element(name, namespace, existing)
  }

  func setQuirksMode(_ mode: HTMLQuirksMode) {}
  func scriptElementClosed(_ script: TestNode, textStart: HTMLSourcePosition) { scriptsClosed += 1 }
}

/// html5lib's `#document` format: `| ` then two spaces per level.
func html5libTree(_ nodes: [TestNode]) -> String {
  var lines: [String] = []
  var stack: [(TestNode, Int)] = nodes.reversed().map { ($0, 0) }
  while let (node, depth) = stack.popLast() {
    let indent = "| " + String(repeating: "  ", count: depth)
    switch node.kind {
    case .document, .fragment: break
    case .doctype(let name, let publicID, let systemID):
      if publicID.isEmpty && systemID.isEmpty {
        lines.append(indent + "<!DOCTYPE \(name)>")
      } else {
        lines.append(indent + "<!DOCTYPE \(name) \"\(publicID)\" \"\(systemID)\">")
      }
    case .comment(let data): lines.append(indent + "<!-- \(data) -->")
    case .text(let text): lines.append(indent + "\"\(text)\"")
    case .element(let name, let namespace, let attributes):
      let prefix = namespace == .svg ? "svg " : namespace == .mathml ? "math " : ""
      lines.append(indent + "<\(prefix)\(name)>")
      let attributeIndent = "| " + String(repeating: "  ", count: depth + 1)
      let names = attributes.map { attribute -> (String, String) in
        let shown: String
        switch attribute.namespace {
        case .xlink: shown = "xlink " + attribute.localName
        case .xml: shown = "xml " + attribute.localName
        case .xmlns: shown = "xmlns " + attribute.localName
        default: shown = attribute.localName
        }
        return (shown, attribute.value)
      }.sorted { $0.0.utf8.lexicographicallyPrecedes($1.0.utf8) }
      for (shown, value) in names { lines.append(attributeIndent + "\(shown)=\"\(value)\"") }
      var children = node.children.map { ($0, depth + 1) }
      if let contents = node.templateContents {
        lines.append(attributeIndent + "content")
        children = contents.children.map { ($0, depth + 2) }
      }
      stack.append(contentsOf: children.reversed())
    }
  }
  return lines.joined(separator: "\n")
}
