// The Boolean constructor and %Boolean.prototype% (ES2024 20.3).

extension Realm {
  func installBoolean(_ runtime: Runtime) {
    // %Boolean.prototype% is itself a Boolean object whose value is false (20.3.3).
    let prototype = runtime.newObject(.booleanObject, prototype: self[.objectPrototype])
    prototype.setInternalSlot(0, .false)
    self[.booleanPrototype] = prototype.value
    let constructor = makeConstructor("Boolean", length: 1, prototype: prototype) {
      runtime, arguments throws(JSException) in
      // Boolean ( value ) (20.3.1.1)
      let boolean = Value(runtime.toBoolean(arguments[0]))
      if arguments.newTarget.isUndefined { return boolean }
      let object = try runtime.ordinaryCreateFromConstructor(
        arguments.newTarget, fallback: .booleanPrototype, objectClass: .booleanObject)
      object.setInternalSlot(0, boolean)
      return object.value
    }
    self[.booleanConstructor] = constructor.value
    runtime.defineNativeMethod(prototype, "toString", length: 0) { runtime, arguments throws(JSException) in
      let boolean = try runtime.thisBooleanValue(arguments.this, "toString")
      return (boolean ? runtime.names.trueName : runtime.names.falseName).atom.value
    }
    runtime.defineNativeMethod(prototype, "valueOf", length: 0) { runtime, arguments throws(JSException) in
      Value(try runtime.thisBooleanValue(arguments.this, "valueOf"))
    }
  }
}

extension Runtime {
  /// thisBooleanValue (ES2024 20.3.3.3.1)
  func thisBooleanValue(_ value: Value, _ method: String) throws(JSException) -> Bool {
    if value.isBoolean { return value.asBool }
    if value.isObject && value.asObject.objectClass == .booleanObject {
      return value.asObject.internalSlot(0).asBool
    }
    throw typeError("Boolean.prototype.\(method) requires that 'this' be a Boolean")
  }
}
