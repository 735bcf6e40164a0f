// The BigInt constructor and %BigInt.prototype% (ES2024 21.2).

extension Realm {
  func installBigInt(_ runtime: Runtime) {
    let prototype = runtime.newObject(.ordinary, prototype: self[.objectPrototype])
    self[.bigIntPrototype] = prototype.value
    let constructor = makeConstructor("BigInt", length: 1, prototype: prototype) {
      runtime, arguments throws(JSException) in
      // BigInt ( value ) (21.2.1.1): callable, but not with `new`.
      if !arguments.newTarget.isUndefined { throw runtime.typeError("BigInt is not a constructor") }
      let primitive = try runtime.toPrimitive(arguments[0], preferring: .number)
      if primitive.isNumber { return try runtime.numberToBigInt(primitive.asNumber).value }
      return try runtime.toBigInt(primitive).value
    }
    installBigIntStatics(runtime, constructor)
    installBigIntPrototype(runtime, prototype)
  }

  private func installBigIntStatics(_ runtime: Runtime, _ constructor: ObjectRef) {
    // BigInt.asIntN ( bits, bigint ) (21.2.2.1)
    runtime.defineNativeMethod(constructor, "asIntN", length: 2) { runtime, arguments throws(JSException) in
      let bits = try runtime.toIndex(arguments[0])
      let bigInt = try runtime.toBigInt(arguments[1])
      return try runtime.bigIntResult { try bigInt.integer.asIntN(UInt64(bits)) }
    }
    // BigInt.asUintN ( bits, bigint ) (21.2.2.2)
    runtime.defineNativeMethod(constructor, "asUintN", length: 2) { runtime, arguments throws(JSException) in
      let bits = try runtime.toIndex(arguments[0])
      let bigInt = try runtime.toBigInt(arguments[1])
      return try runtime.bigIntResult { try bigInt.integer.asUintN(UInt64(bits)) }
    }
  }

  private func installBigIntPrototype(_ runtime: Runtime, _ prototype: ObjectRef) {
    // BigInt.prototype.toString ( [ radix ] ) (21.2.3.3)
    runtime.defineNativeMethod(prototype, "toString", length: 0) { runtime, arguments throws(JSException) in
      let bigInt = try runtime.thisBigIntValue(arguments.this, "toString")
      var radix = 10.0
      if !arguments[0].isUndefined { radix = try runtime.toIntegerOrInfinity(arguments[0]) }
      guard radix >= 2 && radix <= 36 else { throw runtime.rangeError("toString() radix must be between 2 and 36") }
      return runtime.bigIntToString(bigInt, radix: Int(radix)).value
    }
    // BigInt.prototype.toLocaleString (21.2.3.2): no Intl, so the radix-10 string.
    runtime.defineNativeMethod(prototype, "toLocaleString", length: 0) { runtime, arguments throws(JSException) in
      runtime.bigIntToString(try runtime.thisBigIntValue(arguments.this, "toLocaleString")).value
    }
    runtime.defineNativeMethod(prototype, "valueOf", length: 0) { runtime, arguments throws(JSException) in
      try runtime.thisBigIntValue(arguments.this, "valueOf").value
    }
    runtime.addProperty(
      prototype, PropertyKey(symbol: runtime.symbols.toStringTag), runtime.newString("BigInt").value,
      [.configurable])
  }
}

extension Runtime {
  /// ThisBigIntValue (ES2024 21.2.3.4.1)
  func thisBigIntValue(_ value: Value, _ method: String) throws(JSException) -> BigIntRef {
    if value.isBigInt { return value.asBigInt }
    if value.isObject && value.asObject.objectClass == .bigIntObject {
      return value.asObject.internalSlot(0).asBigInt
    }
    throw typeError("BigInt.prototype.\(method) requires that 'this' be a BigInt")
  }
}
