import XJSSyntax

// The JSON object (ES2024 25.5). Parsing is in JSONParser.swift, serialization in
// JSONSerializer.swift; this file holds the two functions' argument handling and the
// reviver walk.

extension Realm {
  func installJSON(_ runtime: Runtime) {
    let json = runtime.newPlainObject()
    defineGlobal("JSON", json.value)
    deferProperties(of: json, to: .json)
  }

  func installJSONProperties(_ runtime: Runtime, _ json: ObjectRef) {
    runtime.defineNativeMethod(json, "parse", length: 2) { runtime, arguments throws(JSException) in
      try runtime.jsonParse(arguments[0], reviver: arguments[1])
    }
    runtime.defineNativeMethod(json, "stringify", length: 3) { runtime, arguments throws(JSException) in
      try runtime.jsonStringify(arguments[0], replacer: arguments[1], space: arguments[2])
    }
    runtime.defineNativeMethod(json, "rawJSON", length: 1) { runtime, arguments throws(JSException) in
      try runtime.jsonRawJSON(arguments[0])
    }
    runtime.defineNativeMethod(json, "isRawJSON", length: 1) { _, arguments throws(JSException) in
      Value(arguments[0].isObject && arguments[0].asObject.objectClass == .rawJSON)
    }
    runtime.addProperty(
      json, PropertyKey(symbol: runtime.symbols.toStringTag), runtime.newString("JSON").value, [.configurable])
  }
}

extension Runtime {
  // MARK: JSON.parse (ES2024 25.5.1)

  func jsonParse(_ text: Value, reviver: Value) throws(JSException) -> Value {
    let string = try toString(text)
    let records = reviver.isCallable ? JSONSourceRecords(runtime: self) : nil
    let unfiltered = try parseJSONText(string, records: records)
    guard let records else { return unfiltered }
    let root = newPlainObject()
    addProperty(root, names.emptyKey, unfiltered, .default)
    var walk = ReviverWalk(runtime: self, reviver: reviver, source: string, records: records)
    return try walk.internalize(holder: root, key: names.emptyKey, record: records.root, depth: 0)
  }

  /// ParseJSON: the value of a JSON text (SyntaxError if it is not one).
  func parseJSONText(_ string: StringRef, records: JSONSourceRecords? = nil) throws(JSException) -> Value {
    string.flattened(heap)
    if string.isLatin1 {
      var parser = JSONParser(
        runtime: self, text: UnsafeBufferPointer(start: string.latin1Characters, count: string.length),
        source: string, records: records)
      return try parser.parse()
    }
    var parser = JSONParser(
      runtime: self, text: UnsafeBufferPointer(start: string.utf16Characters, count: string.length),
      source: string, records: records)
    return try parser.parse()
  }

  /// JSON.rawJSON (json-parse-with-source): a frozen null-prototype object whose text
  /// JSON.stringify writes as it is.
  func jsonRawJSON(_ text: Value) throws(JSException) -> Value {
    let string = try toString(text)
    let length = string.length
    let isJSONWhitespace = { (unit: UInt16) in unit == 0x09 || unit == 0x0A || unit == 0x0D || unit == 0x20 }
    if length == 0 || isJSONWhitespace(string.codeUnit(at: 0, heap))
      || isJSONWhitespace(string.codeUnit(at: length - 1, heap))
    {
      throw syntaxError("Invalid value for JSON.rawJSON")
    }
    let first = string.codeUnit(at: 0, heap)
    if first == 0x7B || first == 0x5B { throw syntaxError("Invalid value for JSON.rawJSON") }
    _ = try parseJSONText(string)
    let object = newObject(.rawJSON, prototype: .null)
    addProperty(object, propertyKey("rawJSON"), string.value, .default)
    _ = try setIntegrityLevel(object, frozen: true)
    return object.value
  }

  // MARK: JSON.stringify (ES2024 25.5.2)

  func jsonStringify(_ value: Value, replacer replacerArgument: Value, space: Value) throws(JSException) -> Value {
    var replacer = Value.undefined
    var propertyList: RootedValues? = nil
    if replacerArgument.isObject {
      if replacerArgument.isCallable {
        replacer = replacerArgument
      } else if try isArray(replacerArgument) {
        propertyList = try jsonPropertyList(replacerArgument.asObject)
      }
    }
    let gap = try jsonGap(space)
    var serializer = JSONSerializer(runtime: self, replacer: replacer, propertyList: propertyList, gap: gap)
    // The wrapper {"": value} is only observable as the replacer's `this`.
    var holder = Value.undefined
    if !replacer.isUndefined {
      let wrapper = newPlainObject()
      addProperty(wrapper, names.emptyKey, value, .default)
      holder = wrapper.value
    }
    let key = JSONKey.string(emptyString.value)
    guard let prepared = try serializer.prepare(value, holder: holder, key: key) else { return .undefined }
    try serializer.write(prepared, key: key)
    return serializer.output.makeString().value
  }

  /// Steps 4.b of JSON.stringify: the [[PropertyList]] from an array replacer (as key bits).
  private func jsonPropertyList(_ replacer: ObjectRef) throws(JSException) -> RootedValues {
    let list = RootedValues(self)
    var seen = Set<UInt64>()
    let length = try lengthOfArrayLike(replacer)
    for index in 0..<length {
      // (First in the body: the holes of a sparse replacer skip the rest.)
      if index & 0xFFF == 0xFFF { try checkSafePoint() }
      let element = try get(replacer, propertyKey(forIndex: index))
      var item: StringRef? = nil
      if element.isString {
        item = element.asString
      } else if element.isNumber {
        item = try toString(element)
      } else if element.isObject,
        element.asObject.objectClass == .stringObject || element.asObject.objectClass == .numberObject
      {
        item = try toString(element)
      }
      guard let item else { continue }
      let key = propertyKey(for: item)
      if seen.insert(key.bits).inserted { list.append(Value(bits: key.bits)) }
    }
    return list
  }

  /// Steps 5–8 of JSON.stringify: the gap from `space`.
  private func jsonGap(_ space: Value) throws(JSException) -> [UInt16] {
    var space = space
    if space.isObject {
      switch space.asObject.objectClass {
      case .numberObject: space = Value(number: try toNumber(space))
      case .stringObject: space = try toString(space).value
      default: break
      }
    }
    if space.isNumber {
      let count = min(10, try toIntegerOrInfinity(space))
      return count >= 1 ? Array(repeating: 0x20, count: Int(count)) : []
    }
    if space.isString {
      return Array(space.asString.utf16Array(heap).prefix(10))
    }
    return []
  }
}

/// InternalizeJSONProperty (ES2024 25.5.1.1, with the json-parse-with-source proposal's
/// context argument), recursive with a native-stack bound.
struct ReviverWalk {
  let runtime: Runtime
  let reviver: Value
  /// The JSON text, for the `source` of primitive values.
  let source: StringRef
  let records: JSONSourceRecords
  /// Keys of the objects being walked (rooted: the reviver may delete their properties).
  let keys: RootedValues

  init(runtime: Runtime, reviver: Value, source: StringRef, records: JSONSourceRecords) {
    self.runtime = runtime
    self.reviver = reviver
    self.source = source
    self.records = records
    keys = RootedValues(runtime)
  }

  /// `record` is the parse record for the value at holder[key], or -1.
  mutating func internalize(holder: ObjectRef, key: PropertyKey, record: Int32, depth: Int) throws(JSException)
    -> Value
  {
    if depth > 64 { try checkNativeStack() }
    let value = try runtime.get(holder, key)
    let context = runtime.newPlainObject()
    // The record applies only while the value is still the one parsed there.
    var parsed: JSONSourceRecords.Record? = nil
    if record >= 0 && runtime.sameValue(records.values[Int(record)], value) {
      let found = records[record]
      parsed = found
      if !value.isObject {
        let text = runtime.substring(source, found.start, found.end)
        runtime.addProperty(context, runtime.propertyKey("source"), text.value, .default)
      }
    }
    if value.isObject {
      let object = value.asObject
      if try runtime.isArray(value) {
        let length = try runtime.lengthOfArrayLike(object)
        let elements = parsed?.elements ?? []
        for index in 0..<length {
          let elementRecord = index < elements.count ? elements[index] : -1
          try revise(object, runtime.propertyKey(forIndex: index), elementRecord, depth: depth)
        }
      } else {
        let start = keys.count
        defer { keys.values.removeSubrange(start...) }
        for key in try runtime.ownPropertyKeys(object) where !key.isSymbol {
          if let descriptor = try runtime.getOwnProperty(object, key), descriptor.enumerable == true {
            keys.append(Value(bits: key.bits))
          }
        }
        var index = start
        while index < keys.count {
          let memberKey = PropertyKey(bits: keys[index].bits)
          try revise(object, memberKey, parsed?.entries[memberKey.bits] ?? -1, depth: depth)
          index += 1
        }
      }
    }
    return try runtime.call(reviver, this: holder.value, arguments: [runtime.keyValue(key), value, context.value])
  }

  /// Steps 2.b.iii / 2.c.iii: internalize one member and store or delete the result.
  private mutating func revise(_ object: ObjectRef, _ key: PropertyKey, _ record: Int32, depth: Int)
    throws(JSException)
  {
    let element = try internalize(holder: object, key: key, record: record, depth: depth + 1)
    if element.isUndefined {
      _ = try runtime.delete(object, key)
    } else {
      _ = try runtime.createDataProperty(object, key, element)
    }
  }

  private mutating func checkNativeStack() throws(JSException) {
    // NativeStack leaves 256 KB of the thread's stack for what runs after (and inside) us.
    if NativeStack.currentAddress() < NativeStack.limit() {
      throw runtime.rangeError("Maximum call stack size exceeded")
    }
  }
}
