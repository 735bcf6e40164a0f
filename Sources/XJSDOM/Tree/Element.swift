import XJS

/// Namespace URIs the DOM compares against.
public enum Namespace {
  public static let html = "http://www.w3.org/1999/xhtml"
  public static let svg = "http://www.w3.org/2000/svg"
  public static let mathml = "http://www.w3.org/1998/Math/MathML"
  public static let xlink = "http://www.w3.org/1999/xlink"
  public static let xml = "http://www.w3.org/XML/1998/namespace"
  public static let xmlns = "http://www.w3.org/2000/xmlns/"
}

/// An attribute node. An element's attributes are `Attr` objects; unlike other nodes an `Attr`
/// gets its wrapper on first use, and until then its element owns it alone.
public final class Attr: Node {
  public let namespaceURI: String?
  public let prefix: String?
  public let localName: String
  public internal(set) var value: String
  public internal(set) var ownerElement: Element?

  init(namespaceURI: String?, prefix: String?, localName: String, value: String, document: Document?) {
    self.namespaceURI = namespaceURI
    self.prefix = prefix
    self.localName = localName
    self.value = value
    super.init(.attribute, document: document)
  }

  public var qualifiedName: String { prefix.map { "\($0):\(localName)" } ?? localName }
  public override var nodeName: String { qualifiedName }
  public override var nodeValue: String? { value }

  override func trace(_ tracer: JSTracer) {
    super.trace(tracer)
    ownerElement?.wrapper.map(tracer.mark)
  }

  override func wrapperCollected() {
    super.wrapperCollected()
    ownerElement = nil
  }
}

/// What form controls remember beyond their attributes (the value and checkedness a user, or
/// script through the IDL attributes, has set).
final class FormControlState {
  var dirtyValue: String?
  var checkedness: Bool?
  var selectedness: Bool?
}

public final class Element: Node {
  public let namespaceURI: String?
  public let prefix: String?
  public let localName: String
  public internal(set) var attributes: [Attr] = []
  /// A `template` element's contents.
  var templateContents: DocumentFragment?
  var formState: FormControlState?
  /// The form a form-associated element was parsed in (the parser's form element pointer).
  weak var parserForm: Element?
  /// Wrappers made on first use and kept for identity (`el.classList === el.classList`).
  var cachedObjects: [String: JSHeapReference] = [:]
  /// IDL-only flags (`input.indeterminate`).
  var cachedFlags: Set<String> = []

  init(localName: String, namespaceURI: String?, prefix: String? = nil, document: Document?) {
    self.localName = localName
    self.namespaceURI = namespaceURI
    self.prefix = prefix
    super.init(.element, document: document)
  }

  public var qualifiedName: String { prefix.map { "\($0):\(localName)" } ?? localName }
  public var isHTML: Bool { namespaceURI == Namespace.html }
  /// An HTML element in an HTML document: its names compare in lowercase.
  public var isHTMLInHTMLDocument: Bool { isHTML && (ownerDocument?.isHTML ?? false) }

  public var tagName: String { isHTMLInHTMLDocument ? asciiUppercase(qualifiedName) : qualifiedName }
  public override var nodeName: String { tagName }

  // MARK: Attributes

  /// "Get an attribute by name".
  public func attribute(named qualifiedName: String) -> Attr? {
    let name = isHTMLInHTMLDocument ? asciiLowercase(qualifiedName) : qualifiedName
    return attributes.first { $0.qualifiedName == name }
  }

  /// "Get an attribute by namespace and local name".
  public func attribute(namespace: String?, localName: String) -> Attr? {
    attributes.first { $0.namespaceURI == namespace && $0.localName == localName }
  }

  /// The value of the attribute with this local name in no namespace (what HTML reflects).
  public func attributeValue(_ localName: String) -> String? {
    attributes.first { $0.namespaceURI == nil && $0.localName == localName }?.value
  }

  public func getAttribute(_ qualifiedName: String) -> String? { attribute(named: qualifiedName)?.value }

  /// `setAttribute`: the first attribute of that name changes, or a new one is appended.
  public func setAttribute(_ qualifiedName: String, _ value: String) throws(DOMError) {
    guard isValidAttributeLocalName(qualifiedName) else {
      throw .invalidCharacter("'\(qualifiedName)' is not a valid attribute name.")
    }
    let name = isHTMLInHTMLDocument ? asciiLowercase(qualifiedName) : qualifiedName
    if let existing = attributes.first(where: { $0.qualifiedName == name }) {
      changeAttribute(existing, to: value)
    } else {
      appendAttribute(Attr(namespaceURI: nil, prefix: nil, localName: name, value: value, document: ownerDocument))
    }
  }

  /// Sets the attribute with this local name in no namespace (reflected IDL attributes).
  public func setAttributeValue(_ localName: String, _ value: String) {
    if let existing = attribute(namespace: nil, localName: localName) {
      changeAttribute(existing, to: value)
    } else {
      appendAttribute(Attr(namespaceURI: nil, prefix: nil, localName: localName, value: value, document: ownerDocument))
    }
  }

  /// "Set an attribute value" with a namespace.
  func setAttribute(namespace: String?, prefix: String?, localName: String, value: String) {
    if let existing = attribute(namespace: namespace, localName: localName) {
      changeAttribute(existing, to: value)
    } else {
      appendAttribute(
        Attr(namespaceURI: namespace, prefix: prefix, localName: localName, value: value, document: ownerDocument))
    }
  }

  @discardableResult
  public func removeAttribute(_ qualifiedName: String) -> Attr? {
    guard let attribute = attribute(named: qualifiedName) else { return nil }
    removeAttribute(attribute)
    return attribute
  }

  func removeAttribute(namespace: String?, localName: String) {
    if let attribute = attribute(namespace: namespace, localName: localName) { removeAttribute(attribute) }
  }

  func removeAttribute(_ attribute: Attr) {
    attributes.removeAll { $0 === attribute }
    attribute.ownerElement = nil
    attributeChanged(attribute.localName, namespace: attribute.namespaceURI)
  }

  func appendAttribute(_ attribute: Attr) {
    attribute.ownerElement = self
    attribute.ownerDocument = ownerDocument
    attributes.append(attribute)
    attributeChanged(attribute.localName, namespace: attribute.namespaceURI)
  }

  /// Puts `new` where `old` is in the list ("replace an attribute").
  func replaceAttribute(_ old: Attr, with new: Attr) {
    guard let index = attributes.firstIndex(where: { $0 === old }) else { return }
    old.ownerElement = nil
    new.ownerElement = self
    new.ownerDocument = ownerDocument
    attributes[index] = new
    attributeChanged(new.localName, namespace: new.namespaceURI)
  }

  func changeAttribute(_ attribute: Attr, to value: String) {
    attribute.value = value
    attributeChanged(attribute.localName, namespace: attribute.namespaceURI)
  }

  /// The attribute change steps the DOM itself needs.
  func attributeChanged(_ localName: String, namespace: String?) {
    ownerDocument?.treeVersion &+= 1
    if namespace == nil && localName.hasPrefix("on") && isHTML { eventHandlerAttributeChanged(localName) }
  }

  /// An `onname` content attribute sets (or, removed, clears) the element's event handler,
  /// compiled from its text when the event first comes. `<body>` and `<frameset>` forward the
  /// window's handlers to the window.
  private func eventHandlerAttributeChanged(_ attributeName: String) {
    let name = String(attributeName.dropFirst(2))
    let target: EventTarget
    if (localName == "body" || localName == "frameset") && windowReflectedHandlers.contains(name) {
      guard let window = ownerDocument?.window else { return }
      target = window
    } else {
      guard globalEventHandlerNames.contains(name) else { return }
      target = self
    }
    target.eventHandlers[name] = nil
    if let source = attributeValue(attributeName) {
      target.eventHandlerSources[name] = source
      target.ensureHandlerListener(name)
    } else {
      target.eventHandlerSources[name] = nil
    }
  }

  /// `elementChildPosition`'s cache: valid while the document's tree version is `version`.
  var positionCache: (version: Int, fromStart: Int, fromEnd: Int) = (-1, 0, 0)

  public var id: String { attributeValue("id") ?? "" }
  public var className: String { attributeValue("class") ?? "" }

  /// The class attribute's tokens (split on ASCII whitespace, duplicates kept out).
  public var classNames: [Substring] { orderedTokens(className) }

  // MARK: Lifetime

  override func trace(_ tracer: JSTracer) {
    super.trace(tracer)
    for attribute in attributes { attribute.wrapper.map(tracer.mark) }
    for object in cachedObjects.values { tracer.mark(object) }
    templateContents?.wrapper.map(tracer.mark)
  }

  override func wrapperCollected() {
    super.wrapperCollected()
    for attribute in attributes where attribute.wrapper == nil { attribute.ownerElement = nil }
    attributes = []
    cachedObjects = [:]
    templateContents = nil
  }
}

// MARK: Names

/// "Valid attribute local name": not empty, and none of ASCII whitespace, NUL, `/`, `=`, `>`.
func isValidAttributeLocalName(_ name: String) -> Bool {
  !name.isEmpty && !name.utf8.contains { "\0\t\n\u{0C}\r /=>".utf8.contains($0) }
}

/// "Valid element local name" (the relaxed rule the DOM Standard adopted in 2025).
func isValidElementLocalName(_ name: String) -> Bool {
  guard let first = name.unicodeScalars.first else { return false }
  if first.isASCII {
    guard (first >= "a" && first <= "z") || (first >= "A" && first <= "Z") else { return false }
    return !name.utf8.contains { "\0\t\n\u{0C}\r />".utf8.contains($0) }
  }
  guard first == ":" || first == "_" || first.value >= 0x80 else { return false }
  return name.unicodeScalars.dropFirst().allSatisfy { scalar in
    (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z") || (scalar >= "0" && scalar <= "9")
      || scalar == "-" || scalar == "." || scalar == ":" || scalar == "_" || scalar.value >= 0x80
  }
}

func asciiLowercase(_ string: String) -> String {
  guard string.utf8.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) else { return string }
  return String(decoding: string.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 32 : $0 }, as: UTF8.self)
}

func asciiUppercase(_ string: String) -> String {
  guard string.utf8.contains(where: { $0 >= 0x61 && $0 <= 0x7A }) else { return string }
  return String(decoding: string.utf8.map { $0 >= 0x61 && $0 <= 0x7A ? $0 - 32 : $0 }, as: UTF8.self)
}

/// The string without leading and trailing ASCII whitespace (tab, LF, FF, CR, space).
func trimmingHTMLWhitespace(_ string: String) -> String {
  let utf8 = Array(string.utf8)
  guard let first = utf8.firstIndex(where: { !isASCIIWhitespace($0) }),
    let last = utf8.lastIndex(where: { !isASCIIWhitespace($0) })
  else { return "" }
  return String(decoding: utf8[first...last], as: UTF8.self)
}

func isASCIIWhitespace(_ byte: UInt8) -> Bool {
  byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
}

/// The "ordered set parser": tokens split on ASCII whitespace, each kept once.
func orderedTokens(_ string: String) -> [Substring] {
  var tokens: [Substring] = []
  for token in string.split(whereSeparator: { $0.isASCII && isASCIIWhitespace($0.asciiValue!) })
  where !tokens.contains(token) {
    tokens.append(token)
  }
  return tokens
}
