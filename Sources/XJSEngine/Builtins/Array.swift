// The Array constructor (ES2024 23.1.1–23.1.2). The prototype methods live in ArrayPrototype.swift.

extension Realm {
  func installArray(_ runtime: Runtime) {
    let prototype = object(.arrayPrototype)
    let constructor = makeConstructor("Array", length: 1, prototype: prototype) {
      runtime, arguments throws(JSException) in
      let newTarget = arguments.newTarget.isUndefined ? arguments.callee.value : arguments.newTarget
      let prototype = try runtime.prototypeFromConstructor(newTarget, fallback: .arrayPrototype)
      let array = runtime.newArray()
      if prototype != runtime.realm[.arrayPrototype] {
        array.shape = runtime.rootShape(prototype: prototype, objectClass: .array)
      }
      if arguments.count == 1 {
        let length = arguments[0]
        if length.isNumber {
          let integer = try runtime.toUint32(length)
          if Double(integer) != length.asNumber { throw runtime.rangeError("Invalid array length") }
          runtime.setArrayLengthRaw(array, integer)
        } else {
          runtime.storeDense(array, 0, length)
        }
        return array.value
      }
      for index in 0..<arguments.count { runtime.storeDense(array, UInt32(index), arguments[index]) }
      return array.value
    }
    self[.arrayConstructor] = constructor.value
    runtime.defineNativeMethod(constructor, "isArray", length: 1) { runtime, arguments throws(JSException) in
      Value(try runtime.isArray(arguments[0]))
    }
    runtime.defineNativeMethod(constructor, "of", length: 0) { runtime, arguments throws(JSException) in
      let this = arguments.this
      let array: ObjectRef
      if this.isConstructor {
        array = try runtime.construct(this, arguments: [Value(arguments.count)]).asObject
      } else {
        array = runtime.newArray()
      }
      for index in 0..<arguments.count {
        try runtime.createDataPropertyOrThrow(array, PropertyKey(index: UInt32(index)), arguments[index])
      }
      try runtime.set(array, runtime.names.length, Value(arguments.count), throwing: true)
      return array.value
    }
    runtime.defineNativeAccessor(
      constructor, PropertyKey(symbol: runtime.symbols.species), name: "[Symbol.species]",
      getter: { _, arguments throws(JSException) in arguments.this })
    installArrayPrototype(runtime, prototype)
  }
}
