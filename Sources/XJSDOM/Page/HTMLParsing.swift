import XJS
import XJSHTML

/// The DOM as the HTML parser builds it.
final class DOMTreeSink: HTMLTreeSink {
  let documentNode: Document
  var document: Node { documentNode }
  /// Runs a script element when the parser reaches its end tag (a page load sets it).
  var scriptClosed: ((Node, HTMLSourcePosition) -> Void)?

  init(document: Document) {
    documentNode = document
  }

  func createElement(localName: String, namespace: HTMLNamespace, attributes: [HTMLAttribute]) -> Node {
    let element = documentNode.createElement(localName: localName, namespace: namespace.rawValue)
    for attribute in attributes {
      element.appendAttribute(
        documentNode.createAttribute(
          namespace: attribute.namespace?.rawValue, prefix: attribute.prefix, localName: attribute.localName,
          value: attribute.value))
    }
    if namespace == .html && localName == "template" { element.ensureTemplateContents() }
    return element
  }

  func createComment(_ data: String) -> Node { documentNode.createComment(data) }

  func appendDoctype(name: String, publicID: String, systemID: String) {
    documentNode.insert(documentNode.createDoctype(name: name, publicId: publicID, systemId: systemID), before: nil)
  }

  func append(_ child: Node, to parent: Node) { parent.insert(child, before: nil) }
  func insert(_ child: Node, before reference: Node, in parent: Node) { parent.insert(child, before: reference) }

  func appendText(_ text: String, to parent: Node) {
    if let last = parent.lastChild as? Text {
      last.data += text
    } else {
      parent.insert(documentNode.createText(text), before: nil)
    }
  }

  func insertText(_ text: String, before reference: Node, in parent: Node) {
    if let previous = reference.previousSibling as? Text {
      previous.data += text
    } else {
      parent.insert(documentNode.createText(text), before: reference)
    }
  }

  func parent(of node: Node) -> Node? { node.parent }
  func remove(_ node: Node) { node.remove() }

  func moveChildren(of node: Node, to newParent: Node) {
    while let child = node.firstChild { newParent.insert(child, before: nil) }
  }

  func templateContents(of template: Node) -> Node { (template as! Element).ensureTemplateContents() }

  func addAttributesIfMissing(_ attributes: [HTMLAttribute], to element: Node) {
    guard let element = element as? Element else { return }
    for attribute in attributes where element.attribute(namespace: nil, localName: attribute.localName) == nil {
      element.setAttributeValue(attribute.localName, attribute.value)
    }
  }

  func setQuirksMode(_ mode: HTMLQuirksMode) {
    switch mode {
    case .noQuirks: documentNode.mode = .noQuirks
    case .limitedQuirks: documentNode.mode = .limitedQuirks
    case .quirks: documentNode.mode = .quirks
    }
  }

  func scriptElementClosed(_ script: Node, textStart: HTMLSourcePosition) {
    scriptClosed?(script, textStart)
  }

  func associate(_ element: Node, withForm form: Node) {
    (element as? Element)?.parserForm = form as? Element
  }
}

extension DOMRealm {
  /// The fragment parsing algorithm with `context`: the nodes, in a fragment of the context's document.
  func parseFragment(_ markup: String, context: Element) -> DocumentFragment {
    let owner = context.ownerDocument!
    let scratch = born(Document(realm: self, isHTML: true, contentType: "text/html"))
    let sink = DOMTreeSink(document: scratch)
    var form: Element?
    var node: Element? = context
    while let current = node, form == nil {
      if current.isHTML("form") { form = current }
      node = current.parentElement
    }
    let quirks: HTMLQuirksMode =
      owner.mode == .quirks ? .quirks : owner.mode == .limitedQuirks ? .limitedQuirks : .noQuirks
    let namespace = HTMLNamespace(rawValue: context.namespaceURI ?? "") ?? .html
    let root = parseHTMLFragment(
      markup,
      context: HTMLFragmentContext(localName: context.localName, namespace: namespace, form: form, quirksMode: quirks),
      into: sink)
    let fragment = owner.createFragment()
    while let child = root.firstChild { fragment.insert(child, before: nil) }
    return fragment
  }

  func setInnerHTML(_ element: Element, _ markup: String) throws {
    let fragment = parseFragment(markup, context: element)
    (element.templateContents ?? element).replaceAll(with: fragment)
  }

  func setOuterHTML(_ element: Element, _ markup: String) throws {
    guard let parent = element.parent else { return }
    if parent is Document { throw DOMError("NoModificationAllowedError", "The element's parent is a document.") }
    let context =
      (parent as? Element) ?? element.ownerDocument.createElement(localName: "body", namespace: Namespace.html)
    try parent.replaceChild(element, with: parseFragment(markup, context: context))
  }

  func insertAdjacentHTML(_ element: Element, position: String, markup: String) throws {
    let lowered = asciiLowercase(position)
    var context: Node?
    switch lowered {
    case "beforebegin", "afterend":
      context = element.parent
      if context == nil || context is Document {
        throw DOMError("NoModificationAllowedError", "The element has no parent element.")
      }
    case "afterbegin", "beforeend": context = element
    default:
      throw DOMError.syntax("'\(position)' is not one of 'beforeBegin', 'afterBegin', 'beforeEnd', or 'afterEnd'.")
    }
    var contextElement = context as? Element
    if contextElement == nil || (element.ownerDocument.isHTML && contextElement!.isHTML("html")) {
      contextElement = element.ownerDocument.createElement(localName: "body", namespace: Namespace.html)
    }
    let fragment = parseFragment(markup, context: contextElement!)
    try element.insertAdjacent(lowered, fragment)
  }
}
