import XJS

public final class Document: Node {
  public enum Mode {
    case noQuirks, limitedQuirks, quirks
  }

  /// "html" documents (from the HTML parser, `createHTMLDocument`) compare names in lowercase.
  public let isHTML: Bool
  public let contentType: String
  public internal(set) var url: String
  public internal(set) var mode = Mode.noQuirks
  /// The realm the document's wrappers live in.
  unowned let realm: DOMRealm
  /// Bumped by every change to the tree or to an attribute: live collections keep their cached
  /// contents while it stays.
  var treeVersion = 0
  /// The window of a page's document (nil for documents made by script).
  weak var window: Window?
  /// The document whose template contents this document holds ("appropriate template contents
  /// owner document").
  var templateContentsOwner: Document?
  /// `readyState`: "loading" while the parser runs, "interactive", then "complete".
  var loadState = "complete"
  /// Made by `createDocument` (or DOMParser for an XML type): its wrapper is an XMLDocument.
  var isXMLDocument = false
  /// `element(withID:)`'s map, valid while `treeVersion` is `version`. Weak: the map must not
  /// keep a node (or, through it, the document) alive.
  var idMap: (version: Int, elements: [String: WeakElement]) = (-1, [:])
  /// The classic script running (`document.currentScript`).
  var currentScript: Element?
  var cachedImplementation: JSHeapReference?
  /// The document's live NodeIterators (fixed up when nodes are removed).
  var iterators: [WeakTraversal] = []

  init(realm: DOMRealm, isHTML: Bool, contentType: String, url: String = "about:blank") {
    self.realm = realm
    self.isHTML = isHTML
    self.contentType = contentType
    self.url = url
    super.init(.document, document: nil)
    ownerDocument = self
  }

  public override var nodeName: String { "#document" }

  public var doctype: DocumentType? {
    var child = firstChild
    while let node = child {
      if let doctype = node as? DocumentType { return doctype }
      child = node.nextSibling
    }
    return nil
  }

  public var documentElement: Element? { firstElementChild }

  /// The `head` element: the first `head` child of the `html` document element.
  public var head: Element? { htmlDocumentElement?.elementChildren.first { $0.isHTML && $0.localName == "head" } }

  /// The `body` element: the first `body` or `frameset` child of the `html` document element.
  public var body: Element? {
    htmlDocumentElement?.elementChildren.first {
      $0.isHTML && ($0.localName == "body" || $0.localName == "frameset")
    }
  }

  private var htmlDocumentElement: Element? {
    guard let root = documentElement, root.isHTML, root.localName == "html" else { return nil }
    return root
  }

  // MARK: Making nodes (each gets its wrapper now: see Node's lifetime rule)

  public func createElement(localName: String, namespace: String?, prefix: String? = nil) -> Element {
    realm.born(Element(localName: localName, namespaceURI: namespace, prefix: prefix, document: self))
  }

  public func createText(_ data: String) -> Text { realm.born(Text(data: data, document: self)) }
  public func createComment(_ data: String) -> Comment { realm.born(Comment(data: data, document: self)) }
  public func createFragment() -> DocumentFragment { realm.born(DocumentFragment(document: self)) }

  public func createProcessingInstruction(target: String, data: String) -> ProcessingInstruction {
    realm.born(ProcessingInstruction(target: target, data: data, document: self))
  }

  public func createDoctype(name: String, publicId: String, systemId: String) -> DocumentType {
    realm.born(DocumentType(name: name, publicId: publicId, systemId: systemId, document: self))
  }

  public func createAttribute(namespace: String?, prefix: String?, localName: String, value: String) -> Attr {
    Attr(namespaceURI: namespace, prefix: prefix, localName: localName, value: value, document: self)
  }

  /// The document that owns the contents of templates in this one: a document of its own, so
  /// scripts in template contents stay inert.
  var templateContentsOwnerDocument: Document {
    if let owner = templateContentsOwner { return owner }
    let owner = realm.born(Document(realm: realm, isHTML: isHTML, contentType: contentType))
    owner.templateContentsOwner = owner
    templateContentsOwner = owner
    return owner
  }

  // MARK: Lifetime

  override func trace(_ tracer: JSTracer) {
    super.trace(tracer)
    templateContentsOwner?.wrapper.map(tracer.mark)
    cachedImplementation.map(tracer.mark)
  }

  override func wrapperCollected() {
    super.wrapperCollected()
    templateContentsOwner = nil
    cachedImplementation = nil
  }
}

/// An element reference that does not keep it alive.
struct WeakElement {
  weak var element: Element?
}
