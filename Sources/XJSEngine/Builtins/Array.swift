// The Array constructor (ES2024 23.1.1–23.1.2). The prototype methods live in ArrayPrototype.swift.

extension Realm {
  func installArray(_ runtime: Runtime) {
    let prototype = object(.arrayPrototype)
    let constructor = makeConstructor("Array", length: 1, prototype: prototype) {
      runtime, arguments throws(JSException) in
      try runtime.constructArray(arguments).value
    }
    self[.arrayConstructor] = constructor.value
    // 23.1.2.2 Array.isArray ( arg )
    runtime.defineNativeMethod(constructor, "isArray", length: 1) { runtime, arguments throws(JSException) in
      Value(try runtime.isArray(arguments[0]))
    }
    // 23.1.2.3 Array.of ( ...items )
    runtime.defineNativeMethod(constructor, "of", length: 0) { runtime, arguments throws(JSException) in
      try runtime.arrayOf(arguments).value
    }
    // 23.1.2.1 Array.from ( items [ , mapfn [ , thisArg ] ] )
    runtime.defineNativeMethod(constructor, "from", length: 1) { runtime, arguments throws(JSException) in
      try runtime.arrayFrom(constructor: arguments.this, arguments[0], mapper: arguments[1], thisArgument: arguments[2])
        .value
    }
    installArrayFromAsync(runtime, constructor)
    // 23.1.2.5 get Array [ @@species ]
    runtime.defineNativeAccessor(
      constructor, PropertyKey(symbol: runtime.symbols.species), name: "[Symbol.species]",
      getter: { _, arguments throws(JSException) in arguments.this })
    installArrayPrototype(runtime, prototype)
  }
}

extension Runtime {
  /// Array ( ...values ) (ES2024 23.1.1.1)
  func constructArray(_ arguments: NativeArguments) throws(JSException) -> ObjectRef {
    let newTarget = arguments.newTarget.isUndefined ? arguments.callee.value : arguments.newTarget
    let prototype = try prototypeFromConstructor(newTarget, fallback: .arrayPrototype)
    if arguments.count == 1 {
      let length = arguments[0]
      let array = try arrayCreate(0, prototype: prototype)
      if !length.isNumber {
        storeDense(array, 0, length)
        return array
      }
      let integerLength = try toUint32(length)
      if Double(integerLength) != length.asNumber { throw rangeError("Invalid array length") }
      setArrayLengthRaw(array, integerLength)
      return array
    }
    let array = try arrayCreate(0, prototype: prototype)
    if arguments.count > 0 {
      ensureElementCapacity(array, arguments.count)
      for index in 0..<arguments.count { storeDense(array, UInt32(index), arguments[index]) }
    }
    return array
  }

  /// Array.of (ES2024 23.1.2.3)
  func arrayOf(_ arguments: NativeArguments) throws(JSException) -> ObjectRef {
    let length = arguments.count
    let constructor = arguments.this
    let array: ObjectRef
    if constructor.isConstructor {
      let created = try construct(constructor, arguments: [Value(length)])
      guard created.isObject else { throw typeError("Array.of: constructor returned a non-object") }
      array = created.asObject
    } else {
      array = try arrayCreate(length)
    }
    for index in 0..<length { try createElement(array, index, arguments[index]) }
    try setLength(array, length)
    return array
  }

  /// Array.from (ES2024 23.1.2.1)
  func arrayFrom(constructor: Value, _ items: Value, mapper: Value, thisArgument: Value) throws(JSException)
    -> ObjectRef
  {
    let mapping = !mapper.isUndefined
    if mapping && !mapper.isCallable { throw typeError("\(describeForError(mapper)) is not a function") }
    let usingIterator = try getMethod(items, PropertyKey(symbol: symbols.iterator))
    if !usingIterator.isUndefined {
      let array = try constructor.isConstructor ? constructedObject(constructor, []) : arrayCreate(0)
      let (iterator, next) = try getIterator(items, method: usingIterator)
      var index = 0
      while true {
        if index >= maximumSafeInteger {
          let error = typeError("Array.from: too many elements")
          try? iteratorClose(iterator, suppressErrors: true)
          throw error
        }
        guard let value = try iteratorStep(iterator: iterator, next: next) else {
          try setLength(array, index)
          return array
        }
        do throws(JSException) {
          let mapped = mapping ? try call(mapper, this: thisArgument, value, Value(index)) : value
          try createElement(array, index, mapped)
        } catch {
          try? iteratorClose(iterator, suppressErrors: true)
          throw error
        }
        index += 1
      }
    }
    // Step 6: an array-like.
    let arrayLike = try toObject(items)
    let length = try lengthOfArrayLike(arrayLike)
    let array = try constructor.isConstructor ? constructedObject(constructor, [Value(length)]) : arrayCreate(length)
    for index in 0..<length {
      let value = try elementValue(arrayLike, index)
      let mapped = mapping ? try call(mapper, this: thisArgument, value, Value(index)) : value
      try createElement(array, index, mapped)
      if index & 4095 == 4095 { try checkSafePoint() }
    }
    try setLength(array, length)
    return array
  }

  /// Construct(C, args), which must give an object.
  private func constructedObject(_ constructor: Value, _ arguments: [Value]) throws(JSException) -> ObjectRef {
    let result = try construct(constructor, arguments: arguments)
    guard result.isObject else { throw typeError("\(describeForError(constructor)) did not construct an object") }
    return result.asObject
  }
}
