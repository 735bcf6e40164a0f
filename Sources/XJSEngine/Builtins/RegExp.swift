// The RegExp constructor (ES2024 22.2.4) and RegExp.escape (ES2025 22.2.5.1).
//
// Objects and matching are in RegExpObjects.swift, the prototype in RegExpPrototype.swift,
// %RegExpStringIteratorPrototype% in RegExpStringIterator.swift.

extension Realm {
  func installRegExp(_ runtime: Runtime) {
    let prototype = runtime.newObject(.ordinary, prototype: self[.objectPrototype])
    self[.regExpPrototype] = prototype.value
    let constructor = makeConstructor("RegExp", length: 2, prototype: prototype) {
      runtime, arguments throws(JSException) in
      try runtime.constructRegExp(arguments)
    }
    self[.regExpConstructor] = constructor.value
    runtime.defineSpeciesGetter(constructor)
    runtime.defineNativeMethod(constructor, "escape", length: 1) { runtime, arguments throws(JSException) in
      try runtime.regExpEscape(arguments[0])
    }
    deferProperties(of: prototype, to: .regExpPrototype)
    installRegExpStringIterator(runtime)
  }
}

extension Runtime {
  /// RegExp ( pattern, flags ) (ES2024 22.2.4.1)
  fileprivate func constructRegExp(_ arguments: NativeArguments) throws(JSException) -> Value {
    let pattern = arguments[0]
    let flags = arguments[1]
    let patternIsRegExp = try isRegExp(pattern)
    var newTarget = arguments.newTarget
    if newTarget.isUndefined {
      newTarget = arguments.callee.value
      // Step 2.b: RegExp(re) returns re itself when its constructor is RegExp.
      if patternIsRegExp && flags.isUndefined {
        let patternConstructor = try get(pattern.asObject, names.constructor)
        if sameValue(newTarget, patternConstructor) { return pattern }
      }
    }
    let source: Value
    let flagsValue: Value
    if pattern.isObject, pattern.asObject.objectClass == .regExp, regExpPayload(pattern.asObject) != nil {
      source = pattern.asObject.internalSlot(0)
      flagsValue = flags.isUndefined ? pattern.asObject.internalSlot(1) : flags
    } else if patternIsRegExp {
      source = try get(pattern.asObject, names.source)
      flagsValue = flags.isUndefined ? try get(pattern.asObject, names.flags) : flags
    } else {
      source = pattern
      flagsValue = flags
    }
    let object = try regExpAlloc(newTarget)
    return try regExpInitialize(object, pattern: source, flags: flagsValue).value
  }

  /// RegExp.escape (ES2025 22.2.5.1): a pattern that matches `value` literally.
  fileprivate func regExpEscape(_ value: Value) throws(JSException) -> Value {
    guard value.isString else { throw typeError("RegExp.escape requires a string argument") }
    let string = value.asString
    let units = CodeUnits(string, heap)
    var builder = StringBuilder(self, capacity: units.count)
    var index = 0
    while index < units.count {
      if index & 0xFFF == 0xFFF { try checkSafePoint() }
      let (codePoint, size) = units.codePoint(at: index)
      let isAlphanumeric =
        (0x30...0x39).contains(codePoint) || (0x41...0x5A).contains(codePoint)
        || (0x61...0x7A).contains(codePoint)
      if index == 0 && isAlphanumeric {
        appendHexEscape(codePoint, to: &builder)  // step 4.a: a leading digit or letter
      } else {
        appendEscapedForRegExp(codePoint, to: &builder)
      }
      index += size
    }
    return try builder.finish(self).value
  }

  /// EncodeForRegExpEscape (ES2025 22.2.5.1.1)
  private func appendEscapedForRegExp(_ codePoint: UInt32, to builder: inout StringBuilder) {
    let backslash: UInt16 = 0x5C
    switch codePoint {
    case 0x5E, 0x24, 0x5C, 0x2E, 0x2A, 0x2B, 0x3F, 0x28, 0x29, 0x5B, 0x5D, 0x7B, 0x7D, 0x7C, 0x2F:
      // SyntaxCharacter or "/".
      builder.append(backslash)
      builder.append(UInt16(codePoint))
    case 0x09: builder.append(ascii: "\\t")
    case 0x0A: builder.append(ascii: "\\n")
    case 0x0B: builder.append(ascii: "\\v")
    case 0x0C: builder.append(ascii: "\\f")
    case 0x0D: builder.append(ascii: "\\r")
    default:
      let isSurrogate = (0xD800...0xDFFF).contains(codePoint)
      if isOtherPunctuator(codePoint) || isSurrogate
        || (codePoint <= 0xFFFF && isWhiteSpaceOrLineTerminator(UInt16(codePoint)))
      {
        if codePoint <= 0xFF {
          appendHexEscape(codePoint, to: &builder)
        } else {
          builder.append(ascii: "\\u" + hexDigits(codePoint, width: 4))
        }
      } else {
        builder.appendCodePoint(codePoint)
      }
    }
  }

  /// ",-=<>#&!%:;@~'`" and the quotation mark (step 3).
  private func isOtherPunctuator(_ codePoint: UInt32) -> Bool {
    switch codePoint {
    case 0x2C, 0x2D, 0x3D, 0x3C, 0x3E, 0x23, 0x26, 0x21, 0x25, 0x3A, 0x3B, 0x40, 0x7E, 0x27, 0x60, 0x22: true
    default: false
    }
  }

  /// `\xHH` with lowercase digits.
  private func appendHexEscape(_ codePoint: UInt32, to builder: inout StringBuilder) {
    builder.append(ascii: "\\x" + hexDigits(codePoint, width: 2))
  }

  private func hexDigits(_ value: UInt32, width: Int) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }
}
