import XJS
import XJSHTML

/// `DOMParser` (HTML § 8.5.1). Holds nothing: each parse makes a new document.
final class DOMParserObject {}

/// `XMLSerializer` (DOM Parsing § 3.1). Holds nothing.
final class XMLSerializerObject {}

extension Interfaces {
  func installDOMParser(_ realm: DOMRealm) {
    let members = Members(jsClass: domParser, realm: realm)
    members.method("parseFromString", 2) { _, call, realm in
      try realm.require(call, 2, "parseFromString", "DOMParser")
      let markup = try realm.string(call[0])
      let type = try realm.string(call[1])
      return realm.value(of: try realm.parseDocument(markup, type: type))
    }
    domParser.constructor(makingObject: { [weak self] _, prototype in
      guard let self, let realm = self.realm else { throw JSError(name: "TypeError", message: "Illegal constructor") }
      return try self.domParser.wrap(DOMParserObject(), prototype: prototype, in: realm.context)
    })
  }
}

extension Interfaces {
  func installXMLSerializer(_ realm: DOMRealm) {
    let members = Members(jsClass: xmlSerializer, realm: realm)
    members.method("serializeToString", 1) { _, call, realm in
      try realm.require(call, 1, "serializeToString", "XMLSerializer")
      return realm.context.value(serializeXML(try realm.node(call[0], "serializeToString", "XMLSerializer")))
    }
    xmlSerializer.constructor(makingObject: { [weak self] _, prototype in
      guard let self, let realm = self.realm else { throw JSError(name: "TypeError", message: "Illegal constructor") }
      return try self.xmlSerializer.wrap(XMLSerializerObject(), prototype: prototype, in: realm.context)
    })
  }
}

extension DOMRealm {
  /// `parseFromString(string, type)`: "text/html" parses by the HTML parser with scripting
  /// disabled (scripts are inert); the XML types need an XML parser xjs does not have, so they
  /// give the document an XML parser reports for a document it cannot parse (a `parsererror`
  /// root element).
  func parseDocument(_ markup: String, type: String) throws -> Document {
    let xmlTypes = ["text/xml", "application/xml", "application/xhtml+xml", "image/svg+xml"]
    guard type == "text/html" || xmlTypes.contains(type) else {
      throw typeError(
        "Failed to execute 'parseFromString' on 'DOMParser': The provided value '\(type)' is not a valid enum value of type DOMParserSupportedType."
      )
    }
    let owner = document!
    return try enter { () throws -> Document in
      let made = Document(realm: self, isHTML: type == "text/html", contentType: type, url: owner.url)
      let parsed = born(made)
      if type == "text/html" {
        parseHTMLDocument(markup, into: DOMTreeSink(document: parsed), options: HTMLParserOptions(scripting: false))
      } else {
        let root = parsed.createElement(
          localName: "parsererror", namespace: "http://www.mozilla.org/newlayout/xml/parsererror.xml")
        root.link(parsed.createText("XML parsing is not supported by xjs."), before: nil)
        parsed.link(root, before: nil)
      }
      return parsed
    }
  }
}
