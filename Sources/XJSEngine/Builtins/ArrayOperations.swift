// Element access shared by the Array builtins: the spec's generic steps
// (HasProperty, Get, Set, CreateDataPropertyOrThrow, DeletePropertyOrThrow on
// index keys) with fast paths that are exactly equivalent for dense elements.
//
// Dense elements of .array and .ordinary objects are plain writable data
// properties (accessors and other attributes live in the sparse map), so
// reading one runs no JS. A missing element can be answered without walking
// the prototype chain only while no prototype has indexed properties
// (`prototypesHaveIndexedProperties`, which also covers proxies, String and
// arguments objects used as prototypes) and only for keys that are array
// indices (a key above 2^32 - 2 is a named property).

/// 2^53 - 1, the largest length an array-like may have.
let maximumSafeInteger = 9_007_199_254_740_991

extension Runtime {
  /// Whether the object's indexed properties are its ordinary element storage.
  @inline(__always) func hasOrdinaryElements(_ object: ObjectRef) -> Bool {
    let objectClass = object.objectClass
    return objectClass == .array || objectClass == .ordinary
  }

  /// HasProperty(O, k) followed by Get(O, k): nil when the element is absent.
  func elementIfPresent(_ object: ObjectRef, _ index: Int) throws(JSException) -> Value? {
    if index <= Int(PropertyKey.maximumIndex) && hasOrdinaryElements(object) {
      if index < object.denseCount {
        let value = object.denseElements[index]
        if !value.isEmpty { return value }
      }
      if let sparse = object.sparseElements, let entry = sparse.entries[UInt32(index)] {
        if !entry.attributes.contains(.accessor) { return entry.value }
      } else if !prototypesHaveIndexedProperties {
        return nil
      }
    }
    let key = propertyKey(forIndex: index)
    if !(try hasProperty(object, key)) { return nil }
    return try get(object, key)
  }

  /// Get(O, k)
  func elementValue(_ object: ObjectRef, _ index: Int) throws(JSException) -> Value {
    if index <= Int(PropertyKey.maximumIndex) && hasOrdinaryElements(object) {
      if index < object.denseCount {
        let value = object.denseElements[index]
        if !value.isEmpty { return value }
      }
      if let sparse = object.sparseElements, let entry = sparse.entries[UInt32(index)] {
        if !entry.attributes.contains(.accessor) { return entry.value }
      } else if !prototypesHaveIndexedProperties {
        return .undefined
      }
    }
    return try get(object, propertyKey(forIndex: index))
  }

  /// HasProperty(O, k)
  func hasElement(_ object: ObjectRef, _ index: Int) throws(JSException) -> Bool {
    if index <= Int(PropertyKey.maximumIndex) && hasOrdinaryElements(object) {
      if index < object.denseCount && !object.denseElements[index].isEmpty { return true }
      if let sparse = object.sparseElements, sparse.entries[UInt32(index)] != nil { return true }
      if !prototypesHaveIndexedProperties { return false }
    }
    return try hasProperty(object, propertyKey(forIndex: index))
  }

  /// Set(O, k, V, true)
  func setElement(_ object: ObjectRef, _ index: Int, _ value: Value) throws(JSException) {
    if index < object.denseCount && hasOrdinaryElements(object)
      && !object.hasFlag(ObjectFlags.elementsFrozen) && !object.denseElements[index].isEmpty
    {
      object.denseElements[index] = value
      return
    }
    try set(object, propertyKey(forIndex: index), value, throwing: true)
  }

  /// DeletePropertyOrThrow(O, k)
  func deleteElement(_ object: ObjectRef, _ index: Int) throws(JSException) {
    try deletePropertyOrThrow(object, propertyKey(forIndex: index))
  }

  /// CreateDataPropertyOrThrow(A, k, V); appending to a plain array is a store.
  func createElement(_ array: ObjectRef, _ index: Int, _ value: Value) throws(JSException) {
    if array.isArray && index == array.denseCount && index < Int(PropertyKey.maximumIndex)
      && array.flags
        & (ObjectFlags.extensible | ObjectFlags.elementsSealed | ObjectFlags.elementsFrozen | ObjectFlags.isPrototype)
        == ObjectFlags.extensible
      && array.sparseElements == nil
      && (index < Int(arrayLength(array)) || !array.hasFlag(ObjectFlags.lengthReadOnly))
    {
      storeDense(array, UInt32(index), value)
      return
    }
    try createDataPropertyOrThrow(array, propertyKey(forIndex: index), value)
  }

  /// Reserves element storage for a result array about to receive `count` elements in order.
  func reserveElements(_ array: ObjectRef, _ count: Int) {
    if array.isArray && array.denseCount == 0 && count > 0 && count <= 1 << 20 {
      ensureElementCapacity(array, count)
    }
  }

  /// Set(O, "length", n, true)
  func setLength(_ object: ObjectRef, _ length: Int) throws(JSException) {
    try set(object, names.length, Value(length), throwing: true)
  }

  /// Calls `function` with three arguments kept on the native stack (scanned by the collector).
  @inline(__always)
  func call(_ function: Value, this: Value, _ a: Value, _ b: Value, _ c: Value) throws(JSException) -> Value {
    var arguments = (a, b, c)
    return try withUnsafeMutablePointer(to: &arguments) { pointer throws(JSException) in
      let base = UnsafeRawPointer(pointer).assumingMemoryBound(to: Value.self)
      return try call(function, this: this, arguments: UnsafeBufferPointer(start: base, count: 3))
    }
  }

  /// Calls `function` with one argument kept on the native stack.
  @inline(__always)
  func call(_ function: Value, this: Value, _ a: Value) throws(JSException) -> Value {
    var argument = a
    return try withUnsafeMutablePointer(to: &argument) { pointer throws(JSException) in
      try call(function, this: this, arguments: UnsafeBufferPointer(start: pointer, count: 1))
    }
  }

  /// Calls `function` with two arguments kept on the native stack.
  @inline(__always)
  func call(_ function: Value, this: Value, _ a: Value, _ b: Value) throws(JSException) -> Value {
    var arguments = (a, b)
    return try withUnsafeMutablePointer(to: &arguments) { pointer throws(JSException) in
      let base = UnsafeRawPointer(pointer).assumingMemoryBound(to: Value.self)
      return try call(function, this: this, arguments: UnsafeBufferPointer(start: base, count: 2))
    }
  }

  /// A callback argument, or the TypeError the Array methods throw for a non-callable one.
  func requireCallable(_ value: Value) throws(JSException) -> Value {
    if !value.isCallable { throw typeError("\(describeForError(value)) is not a function") }
    return value
  }

  /// Throws when a list of `count` Values held outside the heap would pass the heap limit.
  func checkListSize(_ count: Int) throws(JSException) {
    if count > 4_294_967_295 || count * 8 > heap.maximumBytes {
      heap.limitRefusals &+= 1
      throw rangeError("Out of memory: a list of \(count) values exceeds the heap limit")
    }
  }

  // MARK: Array creation

  /// ArrayCreate (ES2024 10.4.2.2)
  func arrayCreate(_ length: Int, prototype: Value? = nil) throws(JSException) -> ObjectRef {
    if length > 4_294_967_295 { throw rangeError("Invalid array length") }
    let array = newArray()
    if let prototype, prototype != realm[.arrayPrototype] {
      array.shape = rootShape(prototype: prototype, objectClass: .array)
    }
    setArrayLengthRaw(array, UInt32(length))
    return array
  }

  /// ArraySpeciesCreate (ES2024 10.4.2.3)
  func arraySpeciesCreate(_ original: ObjectRef, _ length: Int) throws(JSException) -> ObjectRef {
    if !(try isArray(original.value)) { return try arrayCreate(length) }
    var constructor = try get(original, names.constructor)
    if constructor.isConstructor {
      // Step 4: %Array% of another realm means "an array of this realm".
      let constructorRealm = try functionRealm(constructor.asObject)
      if constructorRealm !== realm && constructor == constructorRealm[.arrayConstructor] {
        constructor = .undefined
      }
    }
    if constructor.isObject {
      constructor = try get(constructor.asObject, PropertyKey(symbol: symbols.species))
      if constructor.isNull { constructor = .undefined }
    }
    if constructor.isUndefined { return try arrayCreate(length) }
    if !constructor.isConstructor {
      throw typeError("object.constructor[Symbol.species] is not a constructor")
    }
    let result = try construct(constructor, arguments: [Value(length)])
    guard result.isObject else { throw typeError("object.constructor[Symbol.species] returned a non-object") }
    return result.asObject
  }
}
