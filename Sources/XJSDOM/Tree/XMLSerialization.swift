/// The XML serialization algorithm (DOM Parsing and Serialization § 3.2), namespace-aware, for
/// `XMLSerializer` and for `innerHTML`/`outerHTML` in XML documents. Errors that "require
/// well-formed" would raise are not raised: the output is what a non-strict serializer makes.
/// Iterative, like the HTML serializer, so any depth serializes.

let xmlNamespace = "http://www.w3.org/XML/1998/namespace"
let xmlnsNamespace = "http://www.w3.org/2000/xmlns/"

/// The namespace prefix map: for each namespace (nil: none), its prefixes in the order added.
private typealias PrefixMap = [String?: [String]]

/// `XMLSerializer.serializeToString(node)`, and `outerHTML` in an XML document.
func serializeXML(_ node: Node) -> String {
  var serializer = XMLSerializer()
  serializer.serialize(node, namespace: nil, map: [xmlNamespace: ["xml"]])
  return serializer.output
}

/// `innerHTML` in an XML document: each child, as the element's serialization would give it.
func serializeXMLChildren(of element: Element) -> String {
  var serializer = XMLSerializer()
  let parent: Node = element.templateContents ?? element
  var child = parent.firstChild
  while let node = child {
    serializer.serialize(node, namespace: element.namespaceURI, map: [xmlNamespace: ["xml"]])
    child = node.nextSibling
  }
  return serializer.output
}

private struct XMLSerializer {
  var output = ""
  private var prefixIndex = 1

  /// An element whose start tag is written and whose children are being serialized.
  private struct OpenElement {
    let qualifiedName: String
    let childNamespace: String?
    let map: PrefixMap
    var next: Node?
  }

  mutating func serialize(_ root: Node, namespace: String?, map: PrefixMap) {
    var stack: [OpenElement] = []
    var pending: Node? = root
    var namespace = namespace
    var map = map
    while true {
      if let node = pending {
        pending = nil
        if let element = node as? Element {
          if let open = startTag(element, namespace: namespace, map: map) {
            stack.append(open)
          }
        } else {
          leaf(node)
        }
      }
      // Go on with the innermost open element's next child, closing the finished ones.
      guard var top = stack.popLast() else { return }
      if let next = top.next {
        top.next = next.nextSibling
        stack.append(top)
        pending = next
        namespace = top.childNamespace
        map = top.map
      } else {
        output += "</\(top.qualifiedName)>"
      }
    }
  }

  // MARK: Elements (§ 3.2.1.1)

  /// Writes the start tag; returns the open element to serialize the children of, or nil when
  /// the tag closed itself.
  private mutating func startTag(_ element: Element, namespace contextNamespace: String?, map inherited: PrefixMap)
    -> OpenElement?
  {
    var map = inherited
    var localPrefixes: [String: String] = [:]
    let localDefaultNamespace = recordNamespaceInformation(element, &map, &localPrefixes)
    var inheritedNamespace = contextNamespace
    let namespace = element.namespaceURI
    var ignoreNamespaceDefinitionAttribute = false
    let qualifiedName: String
    output += "<"
    if inheritedNamespace == namespace {
      if localDefaultNamespace != nil { ignoreNamespaceDefinitionAttribute = true }
      qualifiedName = (namespace == xmlNamespace ? "xml:" : "") + element.localName
      output += qualifiedName
    } else {
      var prefix = element.prefix
      let candidatePrefix = preferredPrefix(map, namespace, prefix)
      if let candidatePrefix {
        qualifiedName = candidatePrefix + ":" + element.localName
        if let localDefault = localDefaultNamespace, localDefault != xmlNamespace {
          inheritedNamespace = localDefault.isEmpty ? nil : localDefault
        }
        output += qualifiedName
      } else if prefix != nil {
        if localPrefixes[prefix!] != nil {
          prefix = generatePrefix(&map, namespace)
        } else {
          map[namespace, default: []].append(prefix!)
        }
        qualifiedName = prefix! + ":" + element.localName
        output += qualifiedName + " xmlns:" + prefix! + "=\"" + escapeXML(namespace ?? "", attributeMode: true) + "\""
        if let localDefault = localDefaultNamespace { inheritedNamespace = localDefault.isEmpty ? nil : localDefault }
      } else if localDefaultNamespace == nil || localDefaultNamespace != (namespace ?? "") {
        ignoreNamespaceDefinitionAttribute = true
        qualifiedName = element.localName
        inheritedNamespace = namespace
        output += qualifiedName + " xmlns=\"" + escapeXML(namespace ?? "", attributeMode: true) + "\""
      } else {
        qualifiedName = element.localName
        inheritedNamespace = namespace
        output += qualifiedName
      }
    }
    attributes(of: element, &map, localPrefixes, ignoreNamespaceDefinitionAttribute)
    let content: Node = element.templateContents ?? element
    if content.firstChild == nil {
      if namespace == Namespace.html && voidElements.contains(element.localName) {
        output += " />"
        return nil
      }
      if namespace != Namespace.html {
        output += "/>"
        return nil
      }
    }
    output += ">"
    return OpenElement(
      qualifiedName: qualifiedName, childNamespace: inheritedNamespace, map: map, next: content.firstChild)
  }

  /// "Record the namespace information": the element's `xmlns:p` declarations join the map;
  /// returns the value of its `xmlns` attribute (the local default namespace), if any.
  private func recordNamespaceInformation(
    _ element: Element, _ map: inout PrefixMap, _ localPrefixes: inout [String: String]
  ) -> String? {
    var defaultNamespace: String?
    for attribute in element.attributes where attribute.namespaceURI == xmlnsNamespace {
      guard attribute.prefix != nil else {
        defaultNamespace = attribute.value
        continue
      }
      let declared = attribute.value.isEmpty ? nil : attribute.value
      if map[declared]?.contains(attribute.localName) == true { continue }
      map[declared, default: []].append(attribute.localName)
      localPrefixes[attribute.localName] = attribute.value
    }
    return defaultNamespace
  }

  private func preferredPrefix(_ map: PrefixMap, _ namespace: String?, _ preferred: String?) -> String? {
    guard let candidates = map[namespace], !candidates.isEmpty else { return nil }
    if let preferred, candidates.contains(preferred) { return preferred }
    return candidates.last
  }

  private mutating func generatePrefix(_ map: inout PrefixMap, _ namespace: String?) -> String {
    let prefix = "ns\(prefixIndex)"
    prefixIndex += 1
    map[namespace, default: []].append(prefix)
    return prefix
  }

  // MARK: Attributes (§ 3.2.1.1.3)

  private mutating func attributes(
    of element: Element, _ map: inout PrefixMap, _ localPrefixes: [String: String],
    _ ignoreNamespaceDefinitionAttribute: Bool
  ) {
    for attribute in element.attributes {
      var candidatePrefix: String?
      if let namespace = attribute.namespaceURI {
        candidatePrefix = preferredPrefix(map, namespace, attribute.prefix)
        if namespace == xmlnsNamespace {
          if attribute.value == xmlNamespace { continue }
          if attribute.prefix == nil && ignoreNamespaceDefinitionAttribute { continue }
          if attribute.prefix != nil, localPrefixes[attribute.localName] != attribute.value,
            map[attribute.value.isEmpty ? nil : attribute.value]?.contains(attribute.localName) == true
          {
            continue
          }
          candidatePrefix = "xmlns"
        } else if candidatePrefix == nil {
          let prefix = generatePrefix(&map, namespace)
          candidatePrefix = prefix
          output += " xmlns:" + prefix + "=\"" + escapeXML(namespace, attributeMode: true) + "\""
        }
      }
      output += " " + (candidatePrefix.map { $0 + ":" } ?? "") + attribute.localName
      output += "=\"" + escapeXML(attribute.value, attributeMode: true) + "\""
    }
  }

  // MARK: Other nodes

  private mutating func leaf(_ node: Node) {
    switch node {
    case let text as Text: output += escapeXML(text.data, attributeMode: false)
    case let comment as Comment: output += "<!--" + comment.data + "-->"
    case let instruction as ProcessingInstruction: output += "<?" + instruction.target + " " + instruction.data + "?>"
    case let doctype as DocumentType:
      output += "<!DOCTYPE " + doctype.name
      if !doctype.publicId.isEmpty {
        output += " PUBLIC \"" + doctype.publicId + "\""
      } else if !doctype.systemId.isEmpty {
        output += " SYSTEM"
      }
      if !doctype.systemId.isEmpty { output += " \"" + doctype.systemId + "\"" }
      output += ">"
    case is Document, is DocumentFragment:
      var child = node.firstChild
      while let current = child {
        serialize(current, namespace: nil, map: [xmlNamespace: ["xml"]])
        child = current.nextSibling
      }
    default: break
    }
  }
}

/// `&`, `<`, `>` escaped, and `"` too in attribute values (DOM Parsing § 3.2.1.5, 3.2.1.1.3).
private func escapeXML(_ text: String, attributeMode: Bool) -> String {
  let needsEscape = text.utf8.contains { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || (attributeMode && $0 == 0x22) }
  guard needsEscape else { return text }
  var escaped = ""
  for scalar in text.unicodeScalars {
    switch scalar {
    case "&": escaped += "&amp;"
    case "<": escaped += "&lt;"
    case ">": escaped += "&gt;"
    case "\"" where attributeMode: escaped += "&quot;"
    default: escaped.unicodeScalars.append(scalar)
    }
  }
  return escaped
}
