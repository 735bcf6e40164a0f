import XJS

/// The interface objects of one realm: a `JSClass` per WebIDL interface, chained as the
/// interfaces inherit (HTMLDivElement → HTMLElement → Element → Node → EventTarget).
final class Interfaces {
  weak var realm: DOMRealm?

  let eventTarget: JSClass<EventTarget>
  let node: JSClass<Node>
  let document: JSClass<Document>
  /// The interface of documents `createDocument` makes (XML documents).
  let xmlDocument: JSClass<Document>
  let documentType: JSClass<DocumentType>
  let documentFragment: JSClass<DocumentFragment>
  let characterData: JSClass<CharacterData>
  let text: JSClass<Text>
  let comment: JSClass<Comment>
  let processingInstruction: JSClass<ProcessingInstruction>
  let attr: JSClass<Attr>
  let element: JSClass<Element>
  let htmlElement: JSClass<Element>
  let svgElement: JSClass<Element>
  let mathmlElement: JSClass<Element>
  /// HTMLDivElement and the rest, by interface name.
  private(set) var htmlInterfaces: [String: JSClass<Element>] = [:]

  let event: JSClass<Event>
  /// Event and its subclasses by name (CustomEvent, ErrorEvent, MouseEvent…).
  var eventClasses: [String: JSClass<Event>] = [:]
  let abortSignal: JSClass<AbortSignal>
  let abortController: JSClass<AbortController>
  let nodeList: JSClass<NodeCollection>
  let htmlCollection: JSClass<NodeCollection>
  let namedNodeMap: JSClass<AttributeMap>
  let domTokenList: JSClass<TokenList>
  let domStringMap: JSClass<StringMap>
  let cssStyleDeclaration: JSClass<StyleDeclaration>
  let domImplementation: JSClass<Implementation>
  let nodeIterator: JSClass<Traversal>
  let treeWalker: JSClass<Traversal>
  let domParser: JSClass<DOMParserObject>
  let xmlSerializer: JSClass<XMLSerializerObject>

  init(realm: DOMRealm) {
    self.realm = realm
    eventTarget = JSClass("EventTarget", trace: { $0.trace($1) }, finalizer: { $0.wrapperCollected() })
    node = JSClass("Node", extends: eventTarget, trace: { $0.trace($1) }, finalizer: { $0.wrapperCollected() })
    // A node's Swift storage counts towards the heap limit through its wrapper (which lives as
    // long as the node can be reached), so a huge document meets the limit as a RangeError.
    node.memoryCost = { $0.estimatedMemoryCost }
    document = JSClass("Document", extends: node, trace: { $0.trace($1) }, finalizer: { $0.wrapperCollected() })
    xmlDocument = JSClass(
      "XMLDocument", extends: document, trace: { $0.trace($1) }, finalizer: { $0.wrapperCollected() })
    documentType = JSClass(
      "DocumentType", extends: node, trace: { $0.trace($1) }, finalizer: { $0.wrapperCollected() })
    documentFragment = JSClass(
      "DocumentFragment", extends: node, trace: { $0.trace($1) }, finalizer: { $0.wrapperCollected() })
    characterData = JSClass(
      "CharacterData", extends: node, trace: { $0.trace($1) }, finalizer: { $0.wrapperCollected() })
    text = JSClass("Text", extends: characterData, trace: { $0.trace($1) }, finalizer: { $0.wrapperCollected() })
    comment = JSClass(
      "Comment", extends: characterData, trace: { $0.trace($1) }, finalizer: { $0.wrapperCollected() })
    processingInstruction = JSClass(
      "ProcessingInstruction", extends: characterData, trace: { $0.trace($1) },
      finalizer: { $0.wrapperCollected() })
    attr = JSClass("Attr", extends: node, trace: { $0.trace($1) }, finalizer: { $0.wrapperCollected() })
    element = JSClass("Element", extends: node, trace: { $0.trace($1) }, finalizer: { $0.wrapperCollected() })
    htmlElement = JSClass(
      "HTMLElement", extends: element, trace: { $0.trace($1) }, finalizer: { $0.wrapperCollected() })
    svgElement = JSClass(
      "SVGElement", extends: element, trace: { $0.trace($1) }, finalizer: { $0.wrapperCollected() })
    mathmlElement = JSClass(
      "MathMLElement", extends: element, trace: { $0.trace($1) }, finalizer: { $0.wrapperCollected() })

    event = JSClass("Event", trace: { $0.trace($1) })
    abortSignal = JSClass(
      "AbortSignal", extends: eventTarget, trace: { $0.trace($1) }, finalizer: { $0.wrapperCollected() })
    abortController = JSClass(
      "AbortController",
      trace: { controller, tracer in
        controller.signal.wrapper.map(tracer.mark)
      })
    nodeList = JSClass("NodeList", hooks: NodeCollection.hooks(realm), trace: { $0.trace($1) })
    htmlCollection = JSClass("HTMLCollection", hooks: NodeCollection.hooks(realm), trace: { $0.trace($1) })
    namedNodeMap = JSClass("NamedNodeMap", hooks: AttributeMap.hooks(realm), trace: { $0.trace($1) })
    domTokenList = JSClass("DOMTokenList", hooks: TokenList.hooks(realm), trace: { $0.trace($1) })
    domStringMap = JSClass("DOMStringMap", hooks: StringMap.hooks(realm), trace: { $0.trace($1) })
    cssStyleDeclaration = JSClass("CSSStyleDeclaration", hooks: StyleDeclaration.hooks(realm), trace: { $0.trace($1) })
    domImplementation = JSClass("DOMImplementation", trace: { $0.trace($1) })
    domParser = JSClass("DOMParser")
    xmlSerializer = JSClass("XMLSerializer")
    nodeIterator = JSClass("NodeIterator", trace: { $0.trace($1) })
    treeWalker = JSClass("TreeWalker", trace: { $0.trace($1) })

    for name in Set(htmlElementInterfaces.values).union(["HTMLUnknownElement", "HTMLMediaElement"])
    where name != "HTMLElement" {
      _ = htmlInterface(name)
    }
  }

  /// The class of an HTML element interface, made with its parent first.
  private func htmlInterface(_ name: String) -> JSClass<Element> {
    if let existing = htmlInterfaces[name] { return existing }
    let parent = htmlInterfaceParents[name].map(htmlInterface) ?? htmlElement
    let made = JSClass<Element>(
      name, extends: parent, trace: { $0.trace($1) }, finalizer: { $0.wrapperCollected() })
    htmlInterfaces[name] = made
    return made
  }

  /// The class whose objects wrap `node`.
  func makeWrapper(for node: Node) throws -> JSValue {
    guard let realm else { throw JSError(name: "Error", message: "The document's realm is gone.") }
    let context = realm.context
    switch node {
    case let element as Element:
      switch element.namespaceURI {
      case Namespace.html:
        let name = htmlInterfaceName(for: element.localName)
        return try (htmlInterfaces[name] ?? htmlElement).wrap(element, in: context)
      case Namespace.svg: return try svgElement.wrap(element, in: context)
      case Namespace.mathml: return try mathmlElement.wrap(element, in: context)
      default: return try self.element.wrap(element, in: context)
      }
    case let text as Text: return try self.text.wrap(text, in: context)
    case let comment as Comment: return try self.comment.wrap(comment, in: context)
    case let instruction as ProcessingInstruction: return try processingInstruction.wrap(instruction, in: context)
    case let document as Document:
      return try (document.isXMLDocument ? xmlDocument : self.document).wrap(document, in: context)
    case let doctype as DocumentType: return try documentType.wrap(doctype, in: context)
    case let fragment as DocumentFragment: return try documentFragment.wrap(fragment, in: context)
    case let attribute as Attr: return try attr.wrap(attribute, in: context)
    default: return try self.node.wrap(node, in: context)
    }
  }

  /// Declares every member, then puts the interface objects on the global object.
  func install(on global: JSValue) throws {
    guard let realm else { return }
    installEventTargetMembers(realm)
    installNodeMembers(realm)
    installDocumentMembers(realm)
    installElementMembers(realm)
    installCharacterDataMembers(realm)
    installCollectionMembers(realm)
    installEventMembers(realm)
    installTraversalMembers(realm)
    installHTMLElementMembers(realm)
    installStyleMembers(realm)
    installDOMParser(realm)
    installXMLSerializer(realm)
    let constructors: [(String, (Context) throws(JSError) -> JSValue)] = [
      ("EventTarget", eventTarget.constructor(in:)), ("Node", node.constructor(in:)),
      ("Document", document.constructor(in:)), ("XMLDocument", xmlDocument.constructor(in:)),
      ("DocumentType", documentType.constructor(in:)),
      ("DocumentFragment", documentFragment.constructor(in:)), ("CharacterData", characterData.constructor(in:)),
      ("Text", text.constructor(in:)), ("Comment", comment.constructor(in:)),
      ("ProcessingInstruction", processingInstruction.constructor(in:)), ("Attr", attr.constructor(in:)),
      ("Element", element.constructor(in:)), ("HTMLElement", htmlElement.constructor(in:)),
      ("SVGElement", svgElement.constructor(in:)), ("MathMLElement", mathmlElement.constructor(in:)),
      ("AbortSignal", abortSignal.constructor(in:)),
      ("AbortController", abortController.constructor(in:)), ("NodeList", nodeList.constructor(in:)),
      ("HTMLCollection", htmlCollection.constructor(in:)), ("NamedNodeMap", namedNodeMap.constructor(in:)),
      ("DOMTokenList", domTokenList.constructor(in:)), ("DOMStringMap", domStringMap.constructor(in:)),
      ("CSSStyleDeclaration", cssStyleDeclaration.constructor(in:)),
      ("DOMImplementation", domImplementation.constructor(in:)), ("NodeIterator", nodeIterator.constructor(in:)),
      ("TreeWalker", treeWalker.constructor(in:)), ("DOMParser", domParser.constructor(in:)),
      ("XMLSerializer", xmlSerializer.constructor(in:)),
    ]
    for (name, constructor) in constructors {
      try global.defineProperty(name, value: try constructor(realm.context), enumerable: false)
    }
    for (name, jsClass) in eventClasses {
      try global.defineProperty(name, value: try jsClass.constructor(in: realm.context), enumerable: false)
    }
    for (name, jsClass) in htmlInterfaces {
      try global.defineProperty(name, value: try jsClass.constructor(in: realm.context), enumerable: false)
    }
  }
}
