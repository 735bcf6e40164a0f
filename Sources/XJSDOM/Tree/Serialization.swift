/// The HTML fragment serialization algorithm (HTML §13.3), without recursion so a document of
/// any depth serializes.

/// Elements that have no end tag and no children in the serialization.
let voidElements: Set<String> = [
  "area", "base", "basefont", "bgsound", "br", "col", "embed", "frame", "hr", "img", "input", "keygen", "link",
  "meta", "param", "source", "track", "wbr",
]

/// Elements whose text children are serialized as they are (the scripting flag is on: so is
/// `noscript`).
private let rawTextParents: Set<String> = [
  "style", "script", "xmp", "iframe", "noembed", "noframes", "plaintext", "noscript",
]

/// `innerHTML`'s getter: the node's children (a template's contents) serialized.
public func serializeChildren(of node: Node) -> String {
  var output = ""
  let start = (node as? Element)?.templateContents ?? node
  if let element = node as? Element, voidElements.contains(element.localName), element.isHTML { return "" }
  serializeChildren(of: start, into: &output)
  return output
}

/// `outerHTML`'s getter: the element and its subtree.
public func serializeOuter(_ node: Node) -> String {
  var output = ""
  guard let element = node as? Element else {
    serializeLeaf(node, parent: node.parent, into: &output)
    return output
  }
  openTag(element, into: &output)
  if element.isHTML && voidElements.contains(element.localName) { return output }
  serializeChildren(of: element.templateContents ?? element, into: &output)
  output += "</\(serializedName(element))>"
  return output
}

/// Serializes every descendant of `root` with an explicit stack of open elements.
private func serializeChildren(of root: Node, into output: inout String) {
  /// The nodes still to visit at each open level, as the next sibling to go to.
  var stack: [(element: Element?, next: Node?)] = [(nil, root.firstChild)]
  while !stack.isEmpty {
    guard let node = stack[stack.count - 1].next else {
      let finished = stack.removeLast()
      if let element = finished.element { output += "</\(serializedName(element))>" }
      continue
    }
    stack[stack.count - 1].next = node.nextSibling
    guard let element = node as? Element else {
      serializeLeaf(node, parent: node.parent, into: &output)
      continue
    }
    openTag(element, into: &output)
    if element.isHTML && voidElements.contains(element.localName) { continue }
    let children = element.templateContents ?? element
    stack.append((element, children.firstChild))
  }
}

private func serializeLeaf(_ node: Node, parent: Node?, into output: inout String) {
  switch node {
  case let text as Text:
    if let parent = parent as? Element, parent.isHTML, rawTextParents.contains(parent.localName) {
      output += text.data
    } else {
      escape(text.data, attributeMode: false, into: &output)
    }
  case let comment as Comment: output += "<!--\(comment.data)-->"
  case let instruction as ProcessingInstruction: output += "<?\(instruction.target) \(instruction.data)>"
  case let doctype as DocumentType: output += "<!DOCTYPE \(doctype.name)>"
  default: break
  }
}

private func serializedName(_ element: Element) -> String {
  switch element.namespaceURI {
  case Namespace.html, Namespace.svg, Namespace.mathml: return element.localName
  default: return element.qualifiedName
  }
}

private func openTag(_ element: Element, into output: inout String) {
  output += "<"
  output += serializedName(element)
  for attribute in element.attributes {
    output += " "
    output += serializedAttributeName(attribute)
    output += "=\""
    escape(attribute.value, attributeMode: true, into: &output)
    output += "\""
  }
  output += ">"
}

/// "The attribute's serialized name".
private func serializedAttributeName(_ attribute: Attr) -> String {
  switch attribute.namespaceURI {
  case nil: return attribute.localName
  case Namespace.xml: return "xml:" + attribute.localName
  case Namespace.xmlns: return attribute.localName == "xmlns" ? "xmlns" : "xmlns:" + attribute.localName
  case Namespace.xlink: return "xlink:" + attribute.localName
  default: return attribute.qualifiedName
  }
}

/// "Escaping a string": `&`, U+00A0, and `"` (attributes) or `<` `>` (text); attribute values
/// escape `<` and `>` too, as the standard does since 2025.
private func escape(_ string: String, attributeMode: Bool, into output: inout String) {
  let needsEscape = string.utf8.contains { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0xC2 }
  guard needsEscape else {
    output += string
    return
  }
  for scalar in string.unicodeScalars {
    switch scalar {
    case "&": output += "&amp;"
    case "\u{A0}": output += "&nbsp;"
    case "<": output += "&lt;"
    case ">": output += "&gt;"
    case "\"" where attributeMode: output += "&quot;"
    default: output.unicodeScalars.append(scalar)
    }
  }
}

/// The document as `xjs run --dom` and the content process print it: its children serialized,
/// with a line break after the doctype as `chromium --headless --dump-dom` prints it (so the
/// two compare with `diff`).
public func dumpedDocument(_ document: Document) -> String {
  var text = ""
  var child = document.firstChild
  while let node = child {
    text += serializeOuter(node)
    if node is DocumentType { text += "\n" }
    child = node.nextSibling
  }
  return text
}

/// The whole document: its children serialized, one after another.
public func serializeDocument(_ document: Document) -> String {
  var output = ""
  serializeChildren(of: document, into: &output)
  return output
}
