// The Object constructor and its static methods (ES2024 20.1.1–20.1.2).

extension Realm {
  func installObjectConstructor(_ runtime: Runtime) {
    let constructor = makeConstructor("Object", length: 1, prototype: object(.objectPrototype)) {
      runtime, arguments throws(JSException) in
      let newTarget = arguments.newTarget
      if !newTarget.isUndefined && newTarget != arguments.callee.value {
        return try runtime.ordinaryCreateFromConstructor(newTarget, fallback: .objectPrototype).value
      }
      let value = arguments[0]
      if value.isNullish { return runtime.newPlainObject().value }
      return try runtime.toObject(value).value
    }
    self[.objectConstructor] = constructor.value
    installObjectStatics(runtime, constructor)
  }

  private func installObjectStatics(_ runtime: Runtime, _ constructor: ObjectRef) {
    runtime.defineNativeMethod(constructor, "getPrototypeOf", length: 1) { runtime, arguments throws(JSException) in
      try runtime.getPrototypeOf(runtime.toObject(arguments[0]))
    }
    runtime.defineNativeMethod(constructor, "setPrototypeOf", length: 2) { runtime, arguments throws(JSException) in
      let value = arguments[0]
      try runtime.requireObjectCoercible(value)
      let prototype = arguments[1]
      guard prototype.isObject || prototype.isNull else {
        throw runtime.typeError(
          "Object prototype may only be an Object or null: \(runtime.describeForError(prototype))")
      }
      guard value.isObject else { return value }
      if !(try runtime.setPrototypeOf(value.asObject, prototype)) {
        throw runtime.typeError("Cyclic __proto__ value or non-extensible object")
      }
      return value
    }
    runtime.defineNativeMethod(constructor, "create", length: 2) { runtime, arguments throws(JSException) in
      let prototype = arguments[0]
      guard prototype.isObject || prototype.isNull else {
        throw runtime.typeError(
          "Object prototype may only be an Object or null: \(runtime.describeForError(prototype))")
      }
      let object = runtime.newObject(.ordinary, prototype: prototype)
      if !arguments[1].isUndefined { try runtime.objectDefineProperties(object, arguments[1]) }
      return object.value
    }
    runtime.defineNativeMethod(constructor, "defineProperty", length: 3) { runtime, arguments throws(JSException) in
      guard arguments[0].isObject else { throw runtime.typeError("Object.defineProperty called on non-object") }
      let key = try runtime.toPropertyKey(arguments[1])
      let descriptor = try runtime.toPropertyDescriptor(arguments[2])
      try runtime.definePropertyOrThrow(arguments[0].asObject, key, descriptor)
      return arguments[0]
    }
    runtime.defineNativeMethod(constructor, "defineProperties", length: 2) { runtime, arguments throws(JSException) in
      guard arguments[0].isObject else { throw runtime.typeError("Object.defineProperties called on non-object") }
      try runtime.objectDefineProperties(arguments[0].asObject, arguments[1])
      return arguments[0]
    }
    runtime.defineNativeMethod(constructor, "getOwnPropertyDescriptor", length: 2) {
      runtime, arguments throws(JSException) in
      let object = try runtime.toObject(arguments[0])
      let key = try runtime.toPropertyKey(arguments[1])
      return runtime.fromPropertyDescriptor(try runtime.getOwnProperty(object, key))
    }
    runtime.defineNativeMethod(constructor, "getOwnPropertyDescriptors", length: 1) {
      runtime, arguments throws(JSException) in
      let object = try runtime.toObject(arguments[0])
      let result = runtime.newPlainObject()
      for key in try runtime.ownPropertyKeys(object) {
        let descriptor = runtime.fromPropertyDescriptor(try runtime.getOwnProperty(object, key))
        if !descriptor.isUndefined { try runtime.createDataPropertyOrThrow(result, key, descriptor) }
      }
      return result.value
    }
    runtime.defineNativeMethod(constructor, "getOwnPropertyNames", length: 1) {
      runtime, arguments throws(JSException) in
      try runtime.ownKeysArray(arguments[0], strings: true, symbols: false)
    }
    runtime.defineNativeMethod(constructor, "getOwnPropertySymbols", length: 1) {
      runtime, arguments throws(JSException) in
      try runtime.ownKeysArray(arguments[0], strings: false, symbols: true)
    }
    runtime.defineNativeMethod(constructor, "keys", length: 1) { runtime, arguments throws(JSException) in
      try runtime.enumerableOwnProperties(arguments[0], kind: .keys)
    }
    runtime.defineNativeMethod(constructor, "values", length: 1) { runtime, arguments throws(JSException) in
      try runtime.enumerableOwnProperties(arguments[0], kind: .values)
    }
    runtime.defineNativeMethod(constructor, "entries", length: 1) { runtime, arguments throws(JSException) in
      try runtime.enumerableOwnProperties(arguments[0], kind: .entries)
    }
    runtime.defineNativeMethod(constructor, "assign", length: 2) { runtime, arguments throws(JSException) in
      let target = try runtime.toObject(arguments[0])
      for index in 1..<max(arguments.count, 1) {
        let source = arguments[index]
        if source.isNullish { continue }
        let from = try runtime.toObject(source)
        for key in try runtime.ownPropertyKeys(from) {
          if let descriptor = try runtime.getOwnProperty(from, key), descriptor.enumerable == true {
            let value = try runtime.get(from, key)
            try runtime.set(target, key, value, throwing: true)
          }
        }
      }
      return target.value
    }
    runtime.defineNativeMethod(constructor, "is", length: 2) { runtime, arguments throws(JSException) in
      Value(runtime.sameValue(arguments[0], arguments[1]))
    }
    runtime.defineNativeMethod(constructor, "hasOwn", length: 2) { runtime, arguments throws(JSException) in
      let object = try runtime.toObject(arguments[0])
      return Value(try runtime.hasOwnProperty(object, runtime.toPropertyKey(arguments[1])))
    }
    runtime.defineNativeMethod(constructor, "fromEntries", length: 1) { runtime, arguments throws(JSException) in
      try runtime.requireObjectCoercible(arguments[0])
      let object = runtime.newPlainObject()
      let (iterator, next) = try runtime.getIterator(arguments[0])
      while let entry = try runtime.iteratorStep(iterator: iterator, next: next) {
        do throws(JSException) {
          guard entry.isObject else {
            throw runtime.typeError("Iterator value \(runtime.describeForError(entry)) is not an entry object")
          }
          let key = try runtime.get(entry.asObject, PropertyKey(index: 0))
          let value = try runtime.get(entry.asObject, PropertyKey(index: 1))
          try runtime.createDataPropertyOrThrow(object, runtime.toPropertyKey(key), value)
        } catch let error {
          try? runtime.iteratorClose(iterator, suppressErrors: true)
          throw error
        }
      }
      return object.value
    }
    for (name, frozen) in [("freeze", true), ("seal", false)] {
      runtime.defineNativeMethod(constructor, name, length: 1) { runtime, arguments throws(JSException) in
        guard arguments[0].isObject else { return arguments[0] }
        if !(try runtime.setIntegrityLevel(arguments[0].asObject, frozen: frozen)) {
          throw runtime.typeError("Cannot \(name) object")
        }
        return arguments[0]
      }
    }
    for (name, frozen) in [("isFrozen", true), ("isSealed", false)] {
      runtime.defineNativeMethod(constructor, name, length: 1) { runtime, arguments throws(JSException) in
        guard arguments[0].isObject else { return .true }
        return Value(try runtime.testIntegrityLevel(arguments[0].asObject, frozen: frozen))
      }
    }
    runtime.defineNativeMethod(constructor, "preventExtensions", length: 1) { runtime, arguments throws(JSException) in
      guard arguments[0].isObject else { return arguments[0] }
      if !(try runtime.preventExtensions(arguments[0].asObject)) {
        throw runtime.typeError("Cannot prevent extensions")
      }
      return arguments[0]
    }
    runtime.defineNativeMethod(constructor, "isExtensible", length: 1) { runtime, arguments throws(JSException) in
      guard arguments[0].isObject else { return .false }
      return Value(try runtime.isExtensible(arguments[0].asObject))
    }
    runtime.defineNativeMethod(constructor, "groupBy", length: 2) { runtime, arguments throws(JSException) in
      try runtime.objectGroupBy(arguments[0], arguments[1])
    }
  }
}

enum EnumerableKind {
  case keys
  case values
  case entries
}

extension Runtime {
  /// ObjectDefineProperties (ES2024 20.1.2.3.1)
  func objectDefineProperties(_ object: ObjectRef, _ properties: Value) throws(JSException) {
    let props = try toObject(properties)
    var descriptors: [(PropertyKey, PropertyDescriptor)] = []
    // The keys and the descriptors' Values must outlive both loops.
    let rooted = RootedValues(self)
    let keys = try ownPropertyKeys(props)
    defer { withExtendedLifetime((keys, rooted)) {} }
    for key in keys {
      if let property = try getOwnProperty(props, key), property.enumerable == true {
        let descriptor = try toPropertyDescriptor(get(props, key))
        rooted.append(descriptor.value ?? .undefined)
        rooted.append(descriptor.getter ?? .undefined)
        rooted.append(descriptor.setter ?? .undefined)
        descriptors.append((key, descriptor))
      }
    }
    for (key, descriptor) in descriptors { try definePropertyOrThrow(object, key, descriptor) }
  }

  /// An array of own keys (Object.getOwnPropertyNames / getOwnPropertySymbols).
  func ownKeysArray(_ value: Value, strings: Bool, symbols: Bool) throws(JSException) -> Value {
    let object = try toObject(value)
    let keys = try ownPropertyKeys(object)
    let result = RootedValues(self, capacity: keys.count)
    for key in keys where key.isSymbol ? symbols : strings { result.append(keyValue(key)) }
    return newArray(result.values).value
  }

  /// EnumerableOwnProperties (ES2024 7.3.23)
  func enumerableOwnProperties(_ value: Value, kind: EnumerableKind) throws(JSException) -> Value {
    let object = try toObject(value)
    let keys = try ownPropertyKeys(object)
    let result = RootedValues(self, capacity: keys.count)
    for key in keys where !key.isSymbol {
      guard let descriptor = try getOwnProperty(object, key), descriptor.enumerable == true else { continue }
      switch kind {
      case .keys:
        result.append(keyValue(key))
      case .values:
        result.append(try get(object, key))
      case .entries:
        let entryValue = try get(object, key)
        let keyString = keyValue(key)
        result.append(newArray([keyString, entryValue]).value)
      }
    }
    return newArray(result.values).value
  }

  /// Object.groupBy (ES2024 20.1.2.12): GroupBy with property keys, then an object with a
  /// null prototype holding one array per key, in the order keys first appeared.
  func objectGroupBy(_ items: Value, _ callback: Value) throws(JSException) -> Value {
    try requireObjectCoercible(items)
    guard callback.isCallable else { throw typeError("\(describeForError(callback)) is not a function") }
    let keys = PropertyKeyList(self)
    var groups: [RootedValues] = []
    var groupIndex: [UInt64: Int] = [:]
    let (iterator, next) = try getIterator(items)
    var index = 0
    while let value = try iteratorStep(iterator: iterator, next: next) {
      do throws(JSException) {
        if index >= maximumSafeInteger { throw typeError("Object.groupBy: too many elements") }
        let key = try toPropertyKey(call(callback, this: .undefined, value, Value(index)))
        if let existing = groupIndex[key.bits] {
          groups[existing].append(value)
        } else {
          groupIndex[key.bits] = groups.count
          keys.append(key)
          let group = RootedValues(self)
          group.append(value)
          groups.append(group)
        }
      } catch let error {
        try? iteratorClose(iterator, suppressErrors: true)
        throw error
      }
      index += 1
    }
    let object = newObject(.ordinary, prototype: .null)
    for (position, key) in keys.enumerated() {
      try createDataPropertyOrThrow(object, key, newArray(groups[position].values).value)
    }
    return object.value
  }
}
