import XJS

/// `element.attributes`: a live view of the element's attribute list.
final class AttributeMap {
  let element: Element

  init(element: Element) {
    self.element = element
  }

  func trace(_ tracer: JSTracer) { element.wrapper.map(tracer.mark) }

  static func hooks(_ realm: DOMRealm) -> JSPropertyHooks<AttributeMap> {
    weak let realm = realm
    return JSPropertyHooks(
      get: { map, name, _ in
        guard let realm else { return nil }
        switch name {
        case .index(let index):
          return index < map.element.attributes.count ? realm.value(of: map.element.attributes[index]) : nil
        case .name(let string):
          guard !(try realm.isOnPrototype(string, of: realm.interfaces.namedNodeMap)) else { return nil }
          return map.element.attribute(named: string).map { realm.value(of: $0) }
        }
      },
      set: { map, name, _ in
        switch name {
        case .index: return false
        case .name(let string): return map.element.attribute(named: string) != nil ? false : nil
        }
      },
      names: { map, _ in
        let indices = map.element.attributes.indices.map { JSPropertyName.index($0) }
        var names: [JSPropertyName] = []
        for attribute in map.element.attributes {
          let name = attribute.qualifiedName
          // HTML elements in HTML documents expose lowercase names only.
          if map.element.isHTMLInHTMLDocument && name != asciiLowercase(name) { continue }
          if !names.contains(.name(name)) { names.append(.name(name)) }
        }
        return indices + names
      })
  }
}

/// `DOMTokenList` over one attribute of an element (`classList`, `relList`…).
final class TokenList {
  let element: Element
  let attribute: String

  init(element: Element, attribute: String) {
    self.element = element
    self.attribute = attribute
  }

  var tokens: [Substring] { orderedTokens(element.attributeValue(attribute) ?? "") }

  /// The "update steps": the attribute becomes the serialized set (unless it is absent and the
  /// set empty).
  func update(_ tokens: [Substring]) {
    if element.attributeValue(attribute) == nil && tokens.isEmpty { return }
    element.setAttributeValue(attribute, tokens.joined(separator: " "))
  }

  func trace(_ tracer: JSTracer) { element.wrapper.map(tracer.mark) }

  static func hooks(_ realm: DOMRealm) -> JSPropertyHooks<TokenList> {
    weak let realm = realm
    return JSPropertyHooks(
      get: { list, name, context in
        guard case .index(let index) = name else { return nil }
        let tokens = list.tokens
        return index < tokens.count ? context.value(String(tokens[index])) : nil
      },
      set: { list, name, _ in
        if case .index = name { return false }
        return nil
      },
      names: { list, _ in list.tokens.indices.map { JSPropertyName.index($0) } })
  }
}

/// `element.dataset`: the `data-*` attributes under camelCase names.
final class StringMap {
  let element: Element

  init(element: Element) {
    self.element = element
  }

  func trace(_ tracer: JSTracer) { element.wrapper.map(tracer.mark) }

  /// `data-foo-bar` → `fooBar` (nil for an attribute that has no such name).
  static func propertyName(forAttribute name: String) -> String? {
    guard name.hasPrefix("data-") else { return nil }
    var result = ""
    var dash = false
    for character in name.dropFirst(5) {
      if dash, character.isASCII, character.isLowercase {
        result += character.uppercased()
        dash = false
        continue
      }
      if dash { result += "-" }
      dash = character == "-"
      if !dash { result.append(character) }
    }
    if dash { result += "-" }
    return result
  }

  /// `fooBar` → `data-foo-bar`; a `-` followed by a lowercase letter is a SyntaxError.
  static func attributeName(forProperty name: String) throws(DOMError) -> String {
    var result = "data-"
    var previousDash = false
    for character in name {
      if previousDash && character.isASCII && character.isLowercase {
        throw .syntax("'\(name)' is not a valid dataset name.")
      }
      previousDash = character == "-"
      if character.isASCII && character.isUppercase {
        result += "-" + character.lowercased()
      } else {
        result.append(character)
      }
    }
    return result
  }

  static func hooks(_ realm: DOMRealm) -> JSPropertyHooks<StringMap> {
    weak let realm = realm
    return JSPropertyHooks(
      get: { map, name, context in
        guard case .name(let string) = name, let attribute = try? attributeName(forProperty: string) else { return nil }
        return map.element.attributeValue(attribute).map { context.value($0) }
      },
      set: { map, name, value in
        guard let realm else { return nil }
        let property: String
        switch name {
        case .index(let index): property = String(index)
        case .name(let string): property = string
        }
        do {
          let attribute = try attributeName(forProperty: property)
          guard isValidAttributeLocalName(attribute) else {
            throw DOMError.invalidCharacter("'\(attribute)' is not a valid attribute name.")
          }
          map.element.setAttributeValue(attribute, try realm.string(value))
        } catch let error as DOMError {
          throw realm.exception(error)
        }
        return true
      },
      delete: { map, name, _ in
        guard case .name(let string) = name, let attribute = try? attributeName(forProperty: string),
          map.element.attributeValue(attribute) != nil
        else { return nil }
        map.element.removeAttribute(namespace: nil, localName: attribute)
        return true
      },
      names: { map, _ in
        map.element.attributes.compactMap { attribute in
          attribute.namespaceURI == nil ? propertyName(forAttribute: attribute.localName).map { .name($0) } : nil
        }
      })
  }
}

extension DOMRealm {
  func attributeMap(of element: Element) throws -> JSValue {
    try cachedObject(of: element, "attributes") {
      try interfaces.namedNodeMap.wrap(AttributeMap(element: element), in: context)
    }
  }

  func tokenList(of element: Element, attribute: String) throws -> JSValue {
    try cachedObject(of: element, "tokens:" + attribute) {
      try interfaces.domTokenList.wrap(TokenList(element: element, attribute: attribute), in: context)
    }
  }

  func dataset(of element: Element) throws -> JSValue {
    try cachedObject(of: element, "dataset") {
      try interfaces.domStringMap.wrap(StringMap(element: element), in: context)
    }
  }
}

extension Interfaces {
  func installAttributeMapMembers(_ realm: DOMRealm) {
    let members = Members(jsClass: namedNodeMap, realm: realm)
    members.attribute("length") { map, realm in realm.context.value(map.element.attributes.count) }
    members.method("item", 1) { map, call, realm in
      try realm.require(call, 1, "item", "NamedNodeMap")
      let index = Int(try realm.unsignedLong(call[0]))
      return index < map.element.attributes.count ? realm.value(of: map.element.attributes[index]) : realm.context.null
    }
    members.method("getNamedItem", 1) { map, call, realm in
      try realm.require(call, 1, "getNamedItem", "NamedNodeMap")
      return realm.value(of: map.element.attribute(named: try realm.string(call[0])))
    }
    members.method("getNamedItemNS", 2) { map, call, realm in
      try realm.require(call, 2, "getNamedItemNS", "NamedNodeMap")
      let namespace = try realm.nullableString(call[0])
      return realm.value(
        of: map.element.attribute(
          namespace: namespace?.isEmpty == true ? nil : namespace, localName: try realm.string(call[1])))
    }
    for name in ["setNamedItem", "setNamedItemNS"] {
      members.method(name, 1) { map, call, realm in
        try realm.require(call, 1, name, "NamedNodeMap")
        guard let attribute = realm.interfaces.attr.instance(of: call[0]) else {
          throw realm.typeError("Failed to execute '\(name)' on 'NamedNodeMap': parameter 1 is not of type 'Attr'.")
        }
        return realm.value(of: try map.element.setAttributeNode(attribute))
      }
    }
    members.method("removeNamedItem", 1) { map, call, realm in
      try realm.require(call, 1, "removeNamedItem", "NamedNodeMap")
      let name = try realm.string(call[0])
      guard let removed = map.element.removeAttribute(name) else {
        throw DOMError.notFound("No attribute named '\(name)'.")
      }
      return realm.value(of: removed)
    }
    members.method("removeNamedItemNS", 2) { map, call, realm in
      try realm.require(call, 2, "removeNamedItemNS", "NamedNodeMap")
      let namespace = try realm.nullableString(call[0])
      let localName = try realm.string(call[1])
      guard
        let attribute = map.element.attribute(
          namespace: namespace?.isEmpty == true ? nil : namespace, localName: localName)
      else { throw DOMError.notFound("No attribute named '\(localName)'.") }
      map.element.removeAttribute(attribute)
      return realm.value(of: attribute)
    }
  }

  func installTokenListMembers(_ realm: DOMRealm) {
    let members = Members(jsClass: domTokenList, realm: realm)
    /// A token to add or remove: not empty (SyntaxError), no whitespace (InvalidCharacterError).
    func validToken(_ value: JSValue, _ realm: DOMRealm) throws -> Substring {
      let token = try realm.string(value)
      guard !token.isEmpty else { throw DOMError.syntax("The token must not be empty.") }
      guard !token.utf8.contains(where: isASCIIWhitespace) else {
        throw DOMError.invalidCharacter("The token '\(token)' contains whitespace.")
      }
      return Substring(token)
    }
    members.attribute("length") { list, realm in realm.context.value(list.tokens.count) }
    members.attribute(
      "value", { list, realm in realm.context.value(list.element.attributeValue(list.attribute) ?? "") },
      set: { list, value, realm in list.element.setAttributeValue(list.attribute, try realm.string(value)) })
    members.method("toString") { list, _, realm in
      realm.context.value(list.element.attributeValue(list.attribute) ?? "")
    }
    members.method("item", 1) { list, call, realm in
      try realm.require(call, 1, "item", "DOMTokenList")
      let index = Int(try realm.unsignedLong(call[0]))
      let tokens = list.tokens
      return index < tokens.count ? realm.context.value(String(tokens[index])) : realm.context.null
    }
    members.method("contains", 1) { list, call, realm in
      try realm.require(call, 1, "contains", "DOMTokenList")
      return realm.context.value(list.tokens.contains(Substring(try realm.string(call[0]))))
    }
    members.method("add") { list, call, realm in
      let added = try call.arguments.map { try validToken($0, realm) }
      var tokens = list.tokens
      for token in added where !tokens.contains(token) { tokens.append(token) }
      list.update(tokens)
      return realm.context.undefined
    }
    members.method("remove") { list, call, realm in
      let removed = try call.arguments.map { try validToken($0, realm) }
      list.update(list.tokens.filter { !removed.contains($0) })
      return realm.context.undefined
    }
    members.method("toggle", 1) { list, call, realm in
      try realm.require(call, 1, "toggle", "DOMTokenList")
      let token = try validToken(call[0], realm)
      let force: Bool? = call.argumentCount > 1 && !call[1].isUndefined ? call[1].toBool() : nil
      var tokens = list.tokens
      if tokens.contains(token) {
        if force == true { return realm.context.value(true) }
        tokens.removeAll { $0 == token }
        list.update(tokens)
        return realm.context.value(false)
      }
      if force == false { return realm.context.value(false) }
      tokens.append(token)
      list.update(tokens)
      return realm.context.value(true)
    }
    members.method("replace", 2) { list, call, realm in
      try realm.require(call, 2, "replace", "DOMTokenList")
      // 1–2. An empty token is a SyntaxError before either is checked for whitespace.
      let (first, second) = (try realm.string(call[0]), try realm.string(call[1]))
      if first.isEmpty || second.isEmpty { throw DOMError.syntax("The token must not be empty.") }
      let token = try validToken(realm.context.value(first), realm)
      let replacement = try validToken(realm.context.value(second), realm)
      let tokens = list.tokens
      guard tokens.contains(token) else { return realm.context.value(false) }
      // Replace the first of either token with the replacement; drop the other instances.
      var replaced: [Substring] = []
      var placed = false
      for candidate in tokens {
        if candidate == token || candidate == replacement {
          if !placed { replaced.append(replacement) }
          placed = true
        } else {
          replaced.append(candidate)
        }
      }
      list.update(replaced)
      return realm.context.value(true)
    }
    members.method("supports", 1) { list, _, realm in
      throw realm.typeError("'\(list.attribute)' attribute has no supported tokens.")
    }
  }
}
