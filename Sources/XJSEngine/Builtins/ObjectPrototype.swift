// %Object.prototype% (ES2024 20.1.3) and the Annex B accessors on it.

extension Realm {
  func installObjectPrototype(_ runtime: Runtime) {
    let prototype = object(.objectPrototype)
    runtime.defineNativeMethod(prototype, "hasOwnProperty", length: 1) { runtime, arguments throws(JSException) in
      let key = try runtime.toPropertyKey(arguments[0])
      let object = try runtime.toObject(arguments.this)
      return Value(try runtime.hasOwnProperty(object, key))
    }
    runtime.defineNativeMethod(prototype, "isPrototypeOf", length: 1) { runtime, arguments throws(JSException) in
      guard arguments[0].isObject else { return .false }
      let object = try runtime.toObject(arguments.this)
      var current = try runtime.getPrototypeOf(arguments[0].asObject)
      while current.isObject {
        if current == object.value { return .true }
        current = try runtime.getPrototypeOf(current.asObject)
      }
      return .false
    }
    runtime.defineNativeMethod(prototype, "propertyIsEnumerable", length: 1) { runtime, arguments throws(JSException) in
      let key = try runtime.toPropertyKey(arguments[0])
      let object = try runtime.toObject(arguments.this)
      return Value(try runtime.getOwnProperty(object, key)?.enumerable == true)
    }
    let toString = runtime.defineNativeMethod(prototype, "toString", length: 0) {
      runtime, arguments throws(JSException) in
      try runtime.objectToString(arguments.this).value
    }
    self[.objectPrototypeToString] = toString.value
    runtime.defineNativeMethod(prototype, "toLocaleString", length: 0) { runtime, arguments throws(JSException) in
      let method = try runtime.getV(arguments.this, runtime.names.toString)
      return try runtime.call(method, this: arguments.this, arguments: [])
    }
    runtime.defineNativeMethod(prototype, "valueOf", length: 0) { runtime, arguments throws(JSException) in
      try runtime.toObject(arguments.this).value
    }
    // Annex B.2.2.1: __proto__
    runtime.defineNativeAccessor(
      prototype, runtime.names.__proto__, name: "__proto__",
      getter: { runtime, arguments throws(JSException) in
        try runtime.getPrototypeOf(runtime.toObject(arguments.this))
      },
      setter: { runtime, arguments throws(JSException) in
        let this = arguments.this
        try runtime.requireObjectCoercible(this)
        let prototype = arguments[0]
        guard prototype.isObject || prototype.isNull, this.isObject else { return .undefined }
        if !(try runtime.setPrototypeOf(this.asObject, prototype)) {
          throw runtime.typeError("Object.prototype.__proto__ setter failed: cyclic or non-extensible")
        }
        return .undefined
      })
    installLegacyAccessorMethods(runtime, prototype)
  }

  /// Annex B.2.2.2–5: __defineGetter__, __defineSetter__, __lookupGetter__, __lookupSetter__.
  private func installLegacyAccessorMethods(_ runtime: Runtime, _ prototype: ObjectRef) {
    for isGetter in [true, false] {
      runtime.defineNativeMethod(prototype, isGetter ? "__defineGetter__" : "__defineSetter__", length: 2) {
        runtime, arguments throws(JSException) in
        let object = try runtime.toObject(arguments.this)
        guard arguments[1].isCallable else {
          throw runtime.typeError("Object.prototype.__define\(isGetter ? "G" : "S")etter__: Expecting function")
        }
        var descriptor = PropertyDescriptor(enumerable: true, configurable: true)
        if isGetter { descriptor.getter = arguments[1] } else { descriptor.setter = arguments[1] }
        try runtime.definePropertyOrThrow(object, runtime.toPropertyKey(arguments[0]), descriptor)
        return .undefined
      }
      runtime.defineNativeMethod(prototype, isGetter ? "__lookupGetter__" : "__lookupSetter__", length: 1) {
        runtime, arguments throws(JSException) in
        var object = try runtime.toObject(arguments.this)
        let key = try runtime.toPropertyKey(arguments[0])
        while true {
          if let descriptor = try runtime.getOwnProperty(object, key) {
            if descriptor.isAccessorDescriptor {
              return (isGetter ? descriptor.getter : descriptor.setter) ?? .undefined
            }
            return .undefined
          }
          let next = try runtime.getPrototypeOf(object)
          guard next.isObject else { return .undefined }
          object = next.asObject
        }
      }
    }
  }
}

extension Runtime {
  /// Object.prototype.toString (ES2024 20.1.3.6).
  func objectToString(_ value: Value) throws(JSException) -> StringRef {
    if value.isUndefined { return newString("[object Undefined]") }
    if value.isNull { return newString("[object Null]") }
    let object = try toObject(value)
    var builtinTag: String
    if try isArray(object.value) {
      builtinTag = "Array"
    } else {
      switch object.objectClass {
      case .arguments: builtinTag = "Arguments"
      case .error: builtinTag = "Error"
      case .booleanObject: builtinTag = "Boolean"
      case .numberObject: builtinTag = "Number"
      case .stringObject: builtinTag = "String"
      case .date: builtinTag = "Date"
      case .regExp: builtinTag = "RegExp"
      default: builtinTag = object.isCallable ? "Function" : "Object"
      }
    }
    let tag = try get(object, PropertyKey(symbol: symbols.toStringTag))
    if tag.isString { builtinTag = tag.asString.swiftString(heap) }
    return newString("[object \(builtinTag)]")
  }
}
