// The global object's value properties and functions (ES2024 19.1–19.2, B.2.1).

extension Realm {
  func installGlobalFunctions(_ runtime: Runtime) {
    let global = globalObject!
    runtime.addProperty(global, runtime.propertyKey("globalThis"), global.value, .builtin)
    runtime.addProperty(global, runtime.propertyKey("NaN"), Value(Double.nan), [])
    runtime.addProperty(global, runtime.propertyKey("Infinity"), Value(Double.infinity), [])
    runtime.addProperty(global, runtime.names.undefinedName, .undefined, [])
    let eval = runtime.defineNativeMethod(global, "eval", length: 1) { runtime, arguments throws(JSException) in
      try runtime.performIndirectEval(arguments[0])
    }
    self[.evalFunction] = eval.value
    runtime.defineNativeMethod(global, "isNaN", length: 1) { runtime, arguments throws(JSException) in
      Value(try runtime.toNumber(arguments[0]).isNaN)
    }
    runtime.defineNativeMethod(global, "isFinite", length: 1) { runtime, arguments throws(JSException) in
      Value(try runtime.toNumber(arguments[0]).isFinite)
    }
    let parseFloat = runtime.defineNativeMethod(global, "parseFloat", length: 1) {
      runtime, arguments throws(JSException) in
      let string = try runtime.toString(arguments[0])
      let result = string.withUTF16(runtime.heap) { NumberParsing.parseFloat($0) }
      return Value(number: result)
    }
    let parseInt = runtime.defineNativeMethod(global, "parseInt", length: 2) { runtime, arguments throws(JSException) in
      let string = try runtime.toString(arguments[0])
      let radix = try runtime.toInt32(arguments[1])
      let result = string.withUTF16(runtime.heap) { NumberParsing.parseInt($0, radix: radix) }
      return Value(number: result)
    }
    self[.parseFloatFunction] = parseFloat.value
    self[.parseIntFunction] = parseInt.value
    installURIFunctions(runtime, global)
  }

  private func installURIFunctions(_ runtime: Runtime, _ global: ObjectRef) {
    typealias Encoder = (UnsafeBufferPointer<UInt16>) throws(URICoding.Failure) -> [UInt8]
    typealias Decoder = (UnsafeBufferPointer<UInt16>) throws(URICoding.Failure) -> [UInt16]
    let encoders: [(String, Encoder)] = [
      ("encodeURI", { text throws(URICoding.Failure) in try URICoding.encodeURI(text) }),
      ("encodeURIComponent", { text throws(URICoding.Failure) in try URICoding.encodeURIComponent(text) }),
    ]
    for (name, encode) in encoders {
      runtime.defineNativeMethod(global, name, length: 1) { runtime, arguments throws(JSException) in
        let units = try runtime.toString(arguments[0]).utf16Array(runtime.heap)
        do {
          let bytes = try units.withUnsafeBufferPointer { buffer throws(URICoding.Failure) in try encode(buffer) }
          return bytes.withUnsafeBufferPointer { runtime.newString(latin1: $0) }.value
        } catch {
          throw runtime.uriError("URI malformed")
        }
      }
    }
    let decoders: [(String, Decoder)] = [
      ("decodeURI", { text throws(URICoding.Failure) in try URICoding.decodeURI(text) }),
      ("decodeURIComponent", { text throws(URICoding.Failure) in try URICoding.decodeURIComponent(text) }),
    ]
    for (name, decode) in decoders {
      runtime.defineNativeMethod(global, name, length: 1) { runtime, arguments throws(JSException) in
        let units = try runtime.toString(arguments[0]).utf16Array(runtime.heap)
        do {
          let decoded = try units.withUnsafeBufferPointer { buffer throws(URICoding.Failure) in try decode(buffer) }
          return runtime.newString(decoded).value
        } catch {
          throw runtime.uriError("URI malformed")
        }
      }
    }
    runtime.defineNativeMethod(global, "escape", length: 1) { runtime, arguments throws(JSException) in
      let units = try runtime.toString(arguments[0]).utf16Array(runtime.heap)
      let bytes = units.withUnsafeBufferPointer { URICoding.escape($0) }
      return bytes.withUnsafeBufferPointer { runtime.newString(latin1: $0) }.value
    }
    runtime.defineNativeMethod(global, "unescape", length: 1) { runtime, arguments throws(JSException) in
      let units = try runtime.toString(arguments[0]).utf16Array(runtime.heap)
      return runtime.newString(units.withUnsafeBufferPointer { URICoding.unescape($0) }).value
    }
  }
}
