// The Number constructor, its static properties and %Number.prototype% (ES2024 21.1).
// The digits come from Support/NumberFormatting.swift (exact, shortest round-trip).

extension Realm {
  func installNumber(_ runtime: Runtime) {
    // %Number.prototype% is itself a Number object whose value is +0 (21.1.3).
    let prototype = runtime.newObject(.numberObject, prototype: self[.objectPrototype])
    prototype.setInternalSlot(0, Value(Int32(0)))
    self[.numberPrototype] = prototype.value
    let constructor = makeConstructor("Number", length: 1, prototype: prototype) {
      runtime, arguments throws(JSException) in
      // Number ( value ) (21.1.1.1): ToNumeric first (a BigInt becomes its Number value), then the wrapper.
      var number = arguments.count == 0 ? Value(Int32(0)) : try runtime.toNumeric(arguments[0])
      if number.isBigInt { number = Value(number: number.asBigInt.integer.toDouble()) }
      if arguments.newTarget.isUndefined { return number }
      let object = try runtime.ordinaryCreateFromConstructor(
        arguments.newTarget, fallback: .numberPrototype, objectClass: .numberObject)
      object.setInternalSlot(0, number)
      return object.value
    }
    self[.numberConstructor] = constructor.value
    installNumberStatics(runtime, constructor)
    installNumberPrototype(runtime, prototype)
  }

  private func installNumberStatics(_ runtime: Runtime, _ constructor: ObjectRef) {
    let constants: [(String, Double)] = [
      ("EPSILON", Double.ulpOfOne), ("MAX_SAFE_INTEGER", 9_007_199_254_740_991),
      ("MIN_SAFE_INTEGER", -9_007_199_254_740_991), ("MAX_VALUE", Double.greatestFiniteMagnitude),
      ("MIN_VALUE", Double.leastNonzeroMagnitude), ("NaN", Double.nan), ("NEGATIVE_INFINITY", -Double.infinity),
      ("POSITIVE_INFINITY", Double.infinity),
    ]
    for (name, number) in constants {
      runtime.defineValue(constructor, name, Value(number: number), [])
    }
    runtime.defineNativeMethod(constructor, "isFinite", length: 1) { _, arguments throws(JSException) in
      Value(arguments[0].isNumber && arguments[0].asNumber.isFinite)
    }
    runtime.defineNativeMethod(constructor, "isInteger", length: 1) { _, arguments throws(JSException) in
      Value(arguments[0].isNumber && isIntegralNumber(arguments[0].asNumber))
    }
    runtime.defineNativeMethod(constructor, "isNaN", length: 1) { _, arguments throws(JSException) in
      Value(arguments[0].isNumber && arguments[0].asNumber.isNaN)
    }
    runtime.defineNativeMethod(constructor, "isSafeInteger", length: 1) { _, arguments throws(JSException) in
      let value = arguments[0]
      return Value(
        value.isNumber && isIntegralNumber(value.asNumber) && value.asNumber.magnitude <= 9_007_199_254_740_991)
    }
  }

  /// Number.parseFloat / parseInt (21.1.2.12–13): the same function objects as the globals,
  /// so this runs after installGlobalFunctions.
  func installNumberParseFunctions(_ runtime: Runtime) {
    let constructor = object(.numberConstructor)
    runtime.defineValue(constructor, "parseFloat", self[.parseFloatFunction])
    runtime.defineValue(constructor, "parseInt", self[.parseIntFunction])
  }

  private func installNumberPrototype(_ runtime: Runtime, _ prototype: ObjectRef) {
    runtime.defineNativeMethod(prototype, "toString", length: 1) { runtime, arguments throws(JSException) in
      let number = try runtime.thisNumberValue(arguments.this, "toString")
      let radixValue = arguments[0]
      let radix = radixValue.isUndefined ? 10 : try runtime.toIntegerOrInfinity(radixValue)
      guard radix >= 2 && radix <= 36 else { throw runtime.rangeError("toString() radix must be between 2 and 36") }
      if radix == 10 { return runtime.numberToString(number).value }
      return runtime.asciiString(NumberFormatting.toRadixASCII(number, radix: Int(radix)) ?? [])
    }
    runtime.defineNativeMethod(prototype, "toLocaleString", length: 0) { runtime, arguments throws(JSException) in
      // Implementation-defined without ECMA-402; the plain Number::toString form.
      runtime.numberToString(try runtime.thisNumberValue(arguments.this, "toLocaleString")).value
    }
    runtime.defineNativeMethod(prototype, "valueOf", length: 0) { runtime, arguments throws(JSException) in
      Value(number: try runtime.thisNumberValue(arguments.this, "valueOf"))
    }
    runtime.defineNativeMethod(prototype, "toFixed", length: 1) { runtime, arguments throws(JSException) in
      // 21.1.3.3: digits are checked before a non-finite value is returned.
      let number = try runtime.thisNumberValue(arguments.this, "toFixed")
      let digits = try runtime.toIntegerOrInfinity(arguments[0])
      guard digits >= 0 && digits <= 100 else {
        throw runtime.rangeError("toFixed() digits argument must be between 0 and 100")
      }
      if !number.isFinite { return runtime.numberToString(number).value }
      return runtime.asciiString(NumberFormatting.toFixedASCII(number, fractionDigits: Int(digits)) ?? [])
    }
    runtime.defineNativeMethod(prototype, "toExponential", length: 1) { runtime, arguments throws(JSException) in
      // 21.1.3.2: a non-finite value is returned before the digits are checked.
      let number = try runtime.thisNumberValue(arguments.this, "toExponential")
      let fractionDigits = arguments[0]
      let digits = try runtime.toIntegerOrInfinity(fractionDigits)
      if !number.isFinite { return runtime.numberToString(number).value }
      guard digits >= 0 && digits <= 100 else {
        throw runtime.rangeError("toExponential() argument must be between 0 and 100")
      }
      let count = fractionDigits.isUndefined ? nil : Int(digits)
      return runtime.asciiString(NumberFormatting.toExponentialASCII(number, fractionDigits: count) ?? [])
    }
    runtime.defineNativeMethod(prototype, "toPrecision", length: 1) { runtime, arguments throws(JSException) in
      // 21.1.3.5
      let number = try runtime.thisNumberValue(arguments.this, "toPrecision")
      let precisionValue = arguments[0]
      if precisionValue.isUndefined { return runtime.numberToString(number).value }
      let precision = try runtime.toIntegerOrInfinity(precisionValue)
      if !number.isFinite { return runtime.numberToString(number).value }
      guard precision >= 1 && precision <= 100 else {
        throw runtime.rangeError("toPrecision() argument must be between 1 and 100")
      }
      return runtime.asciiString(NumberFormatting.toPrecisionASCII(number, precision: Int(precision)) ?? [])
    }
  }
}

/// IsIntegralNumber (ES2024 7.2.6)
func isIntegralNumber(_ number: Double) -> Bool {
  number.isFinite && number.rounded(.towardZero) == number
}

extension Runtime {
  /// thisNumberValue (ES2024 21.1.3.7.1)
  func thisNumberValue(_ value: Value, _ method: String) throws(JSException) -> Double {
    if value.isNumber { return value.asNumber }
    if value.isObject && value.asObject.objectClass == .numberObject {
      return value.asObject.internalSlot(0).asNumber
    }
    throw typeError("Number.prototype.\(method) requires that 'this' be a Number")
  }

  func asciiString(_ bytes: [UInt8]) -> Value {
    bytes.withUnsafeBufferPointer { newString(latin1: $0) }.value
  }
}
