import XJS

/// The conversions and checks every binding shares (WebIDL's, as far as the DOM needs them).
extension DOMRealm {
  /// Runs a binding's body: inside the nursery's scope, with DOM errors becoming DOMExceptions.
  func run<T>(_ body: () throws -> T) throws -> T {
    try enter {
      do {
        return try body()
      } catch let error as DOMError {
        throw exception(error)
      }
    }
  }

  func typeError(_ message: String) -> JSError { JSError(name: "TypeError", message: message) }

  /// Throws unless the call has `count` arguments ("1 argument required, but only 0 present").
  func require(_ call: JSCall, _ count: Int, _ member: String, _ interface: String) throws {
    guard call.argumentCount >= count else {
      throw typeError(
        "Failed to execute '\(member)' on '\(interface)': \(count) argument\(count == 1 ? "" : "s") required, but only \(call.argumentCount) present."
      )
    }
  }

  /// The node a value wraps, or a TypeError naming the member.
  func node(_ value: JSValue, _ member: String, _ interface: String = "Node", argument: Int = 1) throws -> Node {
    guard let node = interfaces.node.instance(of: value) else {
      throw typeError(
        "Failed to execute '\(member)' on '\(interface)': parameter \(argument) is not of type 'Node'.")
    }
    return node
  }

  /// The node a value wraps, nil for null or undefined, else a TypeError.
  func optionalNode(_ value: JSValue, _ member: String, _ interface: String = "Node", argument: Int = 1) throws
    -> Node?
  {
    if value.isNull || value.isUndefined { return nil }
    return try node(value, member, interface, argument: argument)
  }

  /// DOMString (ToString: symbols throw).
  func string(_ value: JSValue) throws -> String { try value.toString() }

  /// `DOMString?`: null and undefined are nil... undefined only where WebIDL says the argument
  /// is optional; here both mean "no value".
  func nullableString(_ value: JSValue) throws -> String? {
    value.isNull || value.isUndefined ? nil : try value.toString()
  }

  /// `[LegacyNullToEmptyString] DOMString`.
  func stringTreatingNullAsEmpty(_ value: JSValue) throws -> String { value.isNull ? "" : try value.toString() }

  /// `unsigned long`: ToNumber, then modulo 2^32.
  func unsignedLong(_ value: JSValue) throws -> UInt32 {
    let number = try value.toDouble()
    guard number.isFinite else { return 0 }
    return UInt32(truncatingIfNeeded: Int64(number.rounded(.towardZero).truncatingRemainder(dividingBy: 4_294_967_296)))
  }

  /// `long`.
  func long(_ value: JSValue) throws -> Int32 { try value.toInt32() }

  /// Nodes and strings as `append`, `before` and the like take them (strings become Text).
  func nodesOrStrings(_ call: JSCall, document: Document) throws -> [Node] {
    try call.arguments.map { argument in
      if let node = interfaces.node.instance(of: argument) { return node }
      return document.createText(try argument.toString())
    }
  }

  func array(_ nodes: [Node]) -> JSValue { context.array(nodes.map { value(of: $0) }) }
}

/// Registering members whose bodies run through `DOMRealm.run`.
struct Members<Instance: AnyObject> {
  let jsClass: JSClass<Instance>
  weak var realm: DOMRealm?

  private func live() throws -> DOMRealm {
    guard let realm else { throw JSError(name: "Error", message: "The document's realm is gone.") }
    return realm
  }

  func method(_ name: String, _ length: Int = 0, _ body: @escaping (Instance, JSCall, DOMRealm) throws -> JSValue) {
    let realm = self.realm
    jsClass.method(name, length: length) { instance, call in
      guard let realm else { throw JSError(name: "Error", message: "The document's realm is gone.") }
      return try realm.run { try body(instance, call, realm) }
    }
  }

  func attribute(
    _ name: String, _ get: @escaping (Instance, DOMRealm) throws -> JSValue,
    set: ((Instance, JSValue, DOMRealm) throws -> Void)? = nil
  ) {
    let realm = self.realm
    let setter = set.map { set in
      { (instance: Instance, value: JSValue) throws in
        guard let realm else { throw JSError(name: "Error", message: "The document's realm is gone.") }
        try realm.run { try set(instance, value, realm) }
      }
    }
    jsClass.property(
      name,
      get: { instance, _ in
        guard let realm else { throw JSError(name: "Error", message: "The document's realm is gone.") }
        return try realm.run { try get(instance, realm) }
      }, set: setter)
  }

  /// A reflected string attribute (`el.title` ↔ `title="…"`).
  func reflect(_ name: String, attribute: String? = nil) where Instance: Element {
    let attributeName = attribute ?? name.lowercased()
    self.attribute(
      name, { element, realm in realm.context.value(element.attributeValue(attributeName) ?? "") },
      set: { element, value, realm in element.setAttributeValue(attributeName, try realm.string(value)) })
  }

  /// A reflected boolean attribute (`el.hidden` ↔ presence of `hidden`).
  func reflectBoolean(_ name: String, attribute: String? = nil) where Instance: Element {
    let attributeName = attribute ?? name.lowercased()
    self.attribute(
      name, { element, realm in realm.context.value(element.attributeValue(attributeName) != nil) },
      set: { element, value, _ in
        if value.toBool() {
          element.setAttributeValue(attributeName, "")
        } else {
          element.removeAttribute(namespace: nil, localName: attributeName)
        }
      })
  }

  /// A reflected `long` attribute with a default (`tabIndex`, `colSpan`…).
  func reflectLong(_ name: String, attribute: String? = nil, default defaultValue: Int = 0) where Instance: Element {
    let attributeName = attribute ?? name.lowercased()
    self.attribute(
      name,
      { element, realm in
        realm.context.value(element.attributeValue(attributeName).flatMap(parseHTMLInteger) ?? defaultValue)
      },
      set: { element, value, realm in element.setAttributeValue(attributeName, String(try realm.long(value))) })
  }
}

/// The HTML "rules for parsing integers".
func parseHTMLInteger(_ string: String) -> Int? {
  var scalars = Substring(string).drop { $0.isASCII && isASCIIWhitespace($0.asciiValue!) }
  var negative = false
  if scalars.first == "-" {
    negative = true
    scalars = scalars.dropFirst()
  } else if scalars.first == "+" {
    scalars = scalars.dropFirst()
  }
  let digits = scalars.prefix { $0.isASCII && $0.isNumber }
  guard !digits.isEmpty, let value = Int(digits.prefix(18)) else { return nil }
  return negative ? -value : value
}
