// %Array.prototype% (ES2024 23.1.3).

extension Realm {
  func installArrayPrototype(_ runtime: Runtime, _ prototype: ObjectRef) {
    runtime.defineNativeMethod(prototype, "push", length: 1) { runtime, arguments throws(JSException) in
      let object = try runtime.toObject(arguments.this)
      if object.isArray && !object.hasFlag(ObjectFlags.lengthReadOnly) && object.sparseElements == nil
        && object.hasFlag(ObjectFlags.extensible) && !runtime.prototypesHaveIndexedProperties
        && object.denseCount == Int(runtime.arrayLength(object))
        && !object.hasFlag(ObjectFlags.elementsSealed)
      {
        var length = runtime.arrayLength(object)
        for index in 0..<arguments.count {
          runtime.storeDense(object, length, arguments[index])
          length += 1
        }
        return Value(Int(length))
      }
      let length = try runtime.lengthOfArrayLike(object)
      if length + arguments.count > 9_007_199_254_740_991 {
        throw runtime.typeError("Pushing \(arguments.count) elements on an array-like of length \(length) is disallowed")
      }
      for index in 0..<arguments.count {
        try runtime.set(object, runtime.propertyKey(forIndex: length + index), arguments[index], throwing: true)
      }
      let newLength = Value(number: Double(length + arguments.count))
      try runtime.set(object, runtime.names.length, newLength, throwing: true)
      return newLength
    }
    runtime.defineNativeMethod(prototype, "pop", length: 0) { runtime, arguments throws(JSException) in
      let object = try runtime.toObject(arguments.this)
      let length = try runtime.lengthOfArrayLike(object)
      if length == 0 {
        try runtime.set(object, runtime.names.length, Value(Int32(0)), throwing: true)
        return .undefined
      }
      let key = runtime.propertyKey(forIndex: length - 1)
      let element = try runtime.get(object, key)
      try runtime.deletePropertyOrThrow(object, key)
      try runtime.set(object, runtime.names.length, Value(number: Double(length - 1)), throwing: true)
      return element
    }
    runtime.defineNativeMethod(prototype, "join", length: 1) { runtime, arguments throws(JSException) in
      let object = try runtime.toObject(arguments.this)
      return try runtime.arrayJoin(object, separator: arguments[0]).value
    }
    runtime.defineNativeMethod(prototype, "toString", length: 0) { runtime, arguments throws(JSException) in
      let object = try runtime.toObject(arguments.this)
      let join = try runtime.get(object, runtime.names.join)
      if join.isCallable { return try runtime.call(join, this: object.value, arguments: []) }
      return try runtime.objectToString(object.value).value
    }
    let values = runtime.defineNativeMethod(prototype, "values", length: 0) { runtime, arguments throws(JSException) in
      runtime.createArrayIterator(try runtime.toObject(arguments.this).value, kind: .values)
    }
    self[.arrayPrototypeValues] = values.value
    runtime.addProperty(prototype, PropertyKey(symbol: runtime.symbols.iterator), values.value, .builtin)
    runtime.defineNativeMethod(prototype, "keys", length: 0) { runtime, arguments throws(JSException) in
      runtime.createArrayIterator(try runtime.toObject(arguments.this).value, kind: .keys)
    }
    runtime.defineNativeMethod(prototype, "entries", length: 0) { runtime, arguments throws(JSException) in
      runtime.createArrayIterator(try runtime.toObject(arguments.this).value, kind: .entries)
    }
  }
}

extension Runtime {
  /// Array.prototype.join's algorithm, with cycle detection (a cyclic join yields "").
  func arrayJoin(_ object: ObjectRef, separator separatorValue: Value) throws(JSException) -> StringRef {
    let length = try lengthOfArrayLike(object)
    let separator = separatorValue.isUndefined ? newString(",") : try toString(separatorValue)
    if joinStack.contains(object.value) { return emptyString }
    joinStack.append(object.value)
    defer { joinStack.removeLast() }
    var result = emptyString
    for index in 0..<length {
      if index > 0 { result = try concatenate(result, separator) }
      let element = try get(object, propertyKey(forIndex: index))
      if !element.isNullish { result = try concatenate(result, toString(element)) }
      if index & 1023 == 1023 { try checkSafePoint() }
    }
    return result
  }
}
