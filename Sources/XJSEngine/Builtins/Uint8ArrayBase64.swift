// Uint8Array to and from base64 and hex (ES2026 23.3): Uint8Array.fromBase64,
// Uint8Array.fromHex, and Uint8Array.prototype.toBase64 / toHex / setFromBase64 /
// setFromHex. Decoding never runs user code, so the target's bytes are read and
// written directly in its buffer.

/// The outcome of FromBase64 / FromHex: the characters consumed, the decoded bytes,
/// and whether decoding stopped at a syntax error (thrown after the bytes are used).
struct DecodeResult {
  var read = 0
  var bytes: [UInt8] = []
  var failed = false
}

enum Base64Alphabet { case base64, base64url }
enum LastChunkHandling { case loose, strict, stopBeforePartial }

extension Realm {
  func installUint8ArrayBase64(_ runtime: Runtime) {
    let constructor = self[TypedArrayKind.uint8.constructorIntrinsic].asObject
    let prototype = self[TypedArrayKind.uint8.prototypeIntrinsic].asObject
    runtime.defineNativeMethod(constructor, "fromBase64", length: 1) { runtime, arguments throws(JSException) in
      try runtime.uint8ArrayFromBase64(arguments[0], options: arguments[1])
    }
    runtime.defineNativeMethod(constructor, "fromHex", length: 1) { runtime, arguments throws(JSException) in
      try runtime.uint8ArrayFromHex(arguments[0])
    }
    runtime.defineNativeMethod(prototype, "toBase64", length: 0) { runtime, arguments throws(JSException) in
      try runtime.uint8ArrayToBase64(arguments.this, options: arguments[0])
    }
    runtime.defineNativeMethod(prototype, "toHex", length: 0) { runtime, arguments throws(JSException) in
      try runtime.uint8ArrayToHex(arguments.this)
    }
    runtime.defineNativeMethod(prototype, "setFromBase64", length: 1) { runtime, arguments throws(JSException) in
      try runtime.uint8ArraySetFromBase64(arguments.this, arguments[0], options: arguments[1])
    }
    runtime.defineNativeMethod(prototype, "setFromHex", length: 1) { runtime, arguments throws(JSException) in
      try runtime.uint8ArraySetFromHex(arguments.this, arguments[0])
    }
  }
}

extension Runtime {
  // MARK: - The methods

  /// Uint8Array.fromBase64 (ES2026 23.3.1.1)
  func uint8ArrayFromBase64(_ string: Value, options: Value) throws(JSException) -> Value {
    guard string.isString else { throw typeError("Uint8Array.fromBase64 requires a string") }
    let (alphabet, lastChunkHandling) = try base64DecodeOptions(options)
    let result = decodeBase64(string.asString.utf16Array(heap), alphabet, lastChunkHandling, maxLength: Int.max)
    if result.failed { throw syntaxError("Uint8Array.fromBase64: invalid base64 string") }
    return try newUint8Array(result.bytes).value
  }

  /// Uint8Array.fromHex (ES2026 23.3.1.2)
  func uint8ArrayFromHex(_ string: Value) throws(JSException) -> Value {
    guard string.isString else { throw typeError("Uint8Array.fromHex requires a string") }
    let result = decodeHex(string.asString.utf16Array(heap), maxLength: Int.max)
    if result.failed { throw syntaxError("Uint8Array.fromHex: invalid hex string") }
    return try newUint8Array(result.bytes).value
  }

  /// Uint8Array.prototype.toBase64 (ES2026 23.3.2.1)
  func uint8ArrayToBase64(_ this: Value, options: Value) throws(JSException) -> Value {
    let view = try validateUint8Array(this, "Uint8Array.prototype.toBase64")
    let optionsObject = try optionsObject(options)
    let alphabet = try base64Alphabet(optionsObject)
    let omitPadding = toBoolean(try get(optionsObject, propertyKey("omitPadding")))
    let bytes = try uint8ArrayBytes(view, "Uint8Array.prototype.toBase64")
    return encodeBase64(bytes, alphabet, omitPadding: omitPadding).withUnsafeBufferPointer { newString(latin1: $0) }
      .value
  }

  /// Uint8Array.prototype.toHex (ES2026 23.3.2.2)
  func uint8ArrayToHex(_ this: Value) throws(JSException) -> Value {
    let view = try validateUint8Array(this, "Uint8Array.prototype.toHex")
    let bytes = try uint8ArrayBytes(view, "Uint8Array.prototype.toHex")
    let digits = Array("0123456789abcdef".utf8)
    var text: [UInt8] = []
    text.reserveCapacity(bytes.count * 2)
    for byte in bytes {
      text.append(digits[Int(byte >> 4)])
      text.append(digits[Int(byte & 15)])
    }
    return text.withUnsafeBufferPointer { newString(latin1: $0) }.value
  }

  /// Uint8Array.prototype.setFromBase64 (ES2026 23.3.2.3)
  func uint8ArraySetFromBase64(_ this: Value, _ string: Value, options: Value) throws(JSException) -> Value {
    let view = try validateUint8Array(this, "Uint8Array.prototype.setFromBase64")
    guard string.isString else { throw typeError("Uint8Array.prototype.setFromBase64 requires a string") }
    let (alphabet, lastChunkHandling) = try base64DecodeOptions(options)
    guard let byteLength = typedArrayLength(view) else {
      throw typeError("Cannot perform Uint8Array.prototype.setFromBase64 on a detached or out-of-bounds ArrayBuffer")
    }
    let result = decodeBase64(string.asString.utf16Array(heap), alphabet, lastChunkHandling, maxLength: byteLength)
    // Steps 13-14: the bytes decoded before an error are written, then the error is thrown.
    writeBytes(result.bytes, into: view)
    if result.failed { throw syntaxError("Uint8Array.prototype.setFromBase64: invalid base64 string") }
    return try readWrittenResult(read: result.read, written: result.bytes.count)
  }

  /// Uint8Array.prototype.setFromHex (ES2026 23.3.2.4)
  func uint8ArraySetFromHex(_ this: Value, _ string: Value) throws(JSException) -> Value {
    let view = try validateUint8Array(this, "Uint8Array.prototype.setFromHex")
    guard string.isString else { throw typeError("Uint8Array.prototype.setFromHex requires a string") }
    guard let byteLength = typedArrayLength(view) else {
      throw typeError("Cannot perform Uint8Array.prototype.setFromHex on a detached or out-of-bounds ArrayBuffer")
    }
    let result = decodeHex(string.asString.utf16Array(heap), maxLength: byteLength)
    writeBytes(result.bytes, into: view)
    if result.failed { throw syntaxError("Uint8Array.prototype.setFromHex: invalid hex string") }
    return try readWrittenResult(read: result.read, written: result.bytes.count)
  }

  // MARK: - Helpers

  /// ValidateUint8Array (ES2026 23.3.3.1)
  private func validateUint8Array(_ value: Value, _ method: String) throws(JSException) -> ObjectRef {
    guard value.isObject, value.asObject.objectClass == .typedArray, typedArrayKind(value.asObject) == .uint8 else {
      throw typeError("\(method) called on a value that is not a Uint8Array")
    }
    return value.asObject
  }

  /// GetUint8ArrayBytes (ES2026 23.3.3.2)
  private func uint8ArrayBytes(_ view: ObjectRef, _ method: String) throws(JSException) -> [UInt8] {
    let (data, length) = typedArrayState(view)
    guard length >= 0 else {
      throw typeError("Cannot perform \(method) on a detached or out-of-bounds ArrayBuffer")
    }
    guard let data, length > 0 else { return [] }
    return Array(UnsafeBufferPointer(start: data.assumingMemoryBound(to: UInt8.self), count: length))
  }

  /// SetUint8ArrayBytes (ES2026 23.3.3.3); the caller checked the length beforehand and
  /// decoding runs no user code, so the view is still in bounds for `bytes.count`.
  private func writeBytes(_ bytes: [UInt8], into view: ObjectRef) {
    guard !bytes.isEmpty, let data = typedArrayState(view).data else { return }
    bytes.withUnsafeBytes { data.copyMemory(from: $0.baseAddress!, byteCount: bytes.count) }
  }

  private func newUint8Array(_ bytes: [UInt8]) throws(JSException) -> ObjectRef {
    let view = try allocateTypedArray(
      .uint8, prototype: realm[TypedArrayKind.uint8.prototypeIntrinsic], length: bytes.count)
    writeBytes(bytes, into: view)
    return view
  }

  private func readWrittenResult(read: Int, written: Int) throws(JSException) -> Value {
    let result = newObject(.ordinary, prototype: realm[.objectPrototype])
    _ = try createDataProperty(result, propertyKey("read"), Value(number: Double(read)))
    _ = try createDataProperty(result, propertyKey("written"), Value(number: Double(written)))
    return result.value
  }

  /// GetOptionsObject (ES2026 14.5.2.1 of ECMA-402 style): undefined means no options.
  private func optionsObject(_ options: Value) throws(JSException) -> ObjectRef {
    if options.isUndefined { return newObject(.ordinary, prototype: .null) }
    guard options.isObject else { throw typeError("The options argument must be an object") }
    return options.asObject
  }

  /// The `alphabet` option: "base64" (the default) or "base64url"; anything else is a TypeError.
  private func base64Alphabet(_ options: ObjectRef) throws(JSException) -> Base64Alphabet {
    let value = try get(options, propertyKey("alphabet"))
    if value.isUndefined { return .base64 }
    switch value.isString ? value.asString.swiftString(heap) : nil {
    case "base64": return .base64
    case "base64url": return .base64url
    default: throw typeError("expected alphabet to be either \"base64\" or \"base64url\"")
    }
  }

  /// The `alphabet` then `lastChunkHandling` options of fromBase64 / setFromBase64.
  private func base64DecodeOptions(_ options: Value) throws(JSException) -> (Base64Alphabet, LastChunkHandling) {
    let object = try optionsObject(options)
    let alphabet = try base64Alphabet(object)
    let value = try get(object, propertyKey("lastChunkHandling"))
    if value.isUndefined { return (alphabet, .loose) }
    switch value.isString ? value.asString.swiftString(heap) : nil {
    case "loose": return (alphabet, .loose)
    case "strict": return (alphabet, .strict)
    case "stop-before-partial": return (alphabet, .stopBeforePartial)
    default:
      throw typeError("expected lastChunkHandling to be either \"loose\", \"strict\", or \"stop-before-partial\"")
    }
  }
}

// MARK: - Encoding and decoding (no JavaScript values involved)

private let standardBase64Digits = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
private let urlBase64Digits = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

func encodeBase64(_ bytes: [UInt8], _ alphabet: Base64Alphabet, omitPadding: Bool) -> [UInt8] {
  let digits = alphabet == .base64 ? standardBase64Digits : urlBase64Digits
  var text: [UInt8] = []
  text.reserveCapacity((bytes.count + 2) / 3 * 4)
  var index = 0
  while index < bytes.count {
    let count = min(3, bytes.count - index)
    var triple = UInt32(bytes[index]) << 16
    if count > 1 { triple |= UInt32(bytes[index + 1]) << 8 }
    if count > 2 { triple |= UInt32(bytes[index + 2]) }
    for position in 0...count { text.append(digits[Int((triple >> (18 - 6 * UInt32(position))) & 63)]) }
    if !omitPadding { for _ in count..<3 { text.append(UInt8(ascii: "=")) } }
    index += 3
  }
  return text
}

/// The value of a standard base64 digit (after base64url's `-`/`_` were mapped), or nil.
private func base64DigitValue(_ unit: UInt16) -> UInt32? {
  switch unit {
  case 0x41...0x5A: UInt32(unit - 0x41)
  case 0x61...0x7A: UInt32(unit - 0x61 + 26)
  case 0x30...0x39: UInt32(unit - 0x30 + 52)
  case 0x2B: 62
  case 0x2F: 63
  default: nil
  }
}

/// SkipAsciiWhitespace (ES2026 23.3.3.4): tab, line feed, form feed, carriage return, space.
private func skipAsciiWhitespace(_ units: [UInt16], _ start: Int) -> Int {
  var index = start
  while index < units.count, [0x09, 0x0A, 0x0C, 0x0D, 0x20].contains(units[index]) { index += 1 }
  return index
}

/// DecodeFinalBase64Chunk / DecodeFullLengthBase64Chunk (ES2026 23.3.3.5-6): 2, 3 or 4
/// digits to 1, 2 or 3 bytes; nil when `throwOnExtraBits` and the unused bits are not zero.
private func decodeBase64Chunk(_ chunk: [UInt32], throwOnExtraBits: Bool) -> [UInt8]? {
  var value: UInt32 = 0
  for position in 0..<4 { value = value << 6 | (position < chunk.count ? chunk[position] : 0) }
  let bytes = [UInt8(value >> 16), UInt8((value >> 8) & 255), UInt8(value & 255)]
  let kept = chunk.count - 1
  if throwOnExtraBits && kept < 3 && bytes[kept] != 0 { return nil }
  return Array(bytes[0..<kept])
}

/// FromBase64 (ES2026 23.3.3.7)
func decodeBase64(
  _ units: [UInt16], _ alphabet: Base64Alphabet, _ lastChunkHandling: LastChunkHandling, maxLength: Int
) -> DecodeResult {
  var result = DecodeResult()
  if maxLength == 0 { return result }
  var chunk: [UInt32] = []
  var index = 0
  while true {
    index = skipAsciiWhitespace(units, index)
    if index == units.count {
      // Step 10.b: the input ended inside a chunk.
      if !chunk.isEmpty {
        if lastChunkHandling == .stopBeforePartial { return result }
        if lastChunkHandling == .strict || chunk.count == 1 {
          result.failed = true
          return result
        }
        result.bytes += decodeBase64Chunk(chunk, throwOnExtraBits: false)!
      }
      result.read = units.count
      return result
    }
    var unit = units[index]
    index += 1
    if unit == 0x3D {  // "=": padding ends the input (step 10.d).
      return finishPaddedBase64(units, index, chunk, lastChunkHandling, result)
    }
    if alphabet == .base64url {
      if unit == 0x2B || unit == 0x2F {
        result.failed = true
        return result
      }
      if unit == 0x2D { unit = 0x2B } else if unit == 0x5F { unit = 0x2F }
    }
    guard let digit = base64DigitValue(unit) else {
      result.failed = true
      return result
    }
    // Step 10.h: stop before a chunk whose bytes would not all fit.
    let remaining = maxLength - result.bytes.count
    if (remaining == 1 && chunk.count == 2) || (remaining == 2 && chunk.count == 3) { return result }
    chunk.append(digit)
    if chunk.count == 4 {
      result.bytes += decodeBase64Chunk(chunk, throwOnExtraBits: false)!
      chunk.removeAll(keepingCapacity: true)
      result.read = index
      if result.bytes.count == maxLength { return result }
    }
  }
}

/// FromBase64 step 10.d: a "=" was read at `index - 1` after the digits in `chunk`.
private func finishPaddedBase64(
  _ units: [UInt16], _ start: Int, _ chunk: [UInt32], _ lastChunkHandling: LastChunkHandling,
  _ partial: DecodeResult
) -> DecodeResult {
  var result = partial
  if chunk.count < 2 {
    result.failed = true
    return result
  }
  var index = skipAsciiWhitespace(units, start)
  if chunk.count == 2 {
    if index == units.count {
      if lastChunkHandling != .stopBeforePartial { result.failed = true }
      return result
    }
    if units[index] == 0x3D { index = skipAsciiWhitespace(units, index + 1) }
  }
  if index < units.count {
    result.failed = true
    return result
  }
  guard let bytes = decodeBase64Chunk(chunk, throwOnExtraBits: lastChunkHandling == .strict) else {
    result.failed = true
    return result
  }
  result.bytes += bytes
  result.read = units.count
  return result
}

/// FromHex (ES2026 23.3.3.8)
func decodeHex(_ units: [UInt16], maxLength: Int) -> DecodeResult {
  var result = DecodeResult()
  if units.count % 2 != 0 {
    result.failed = true
    return result
  }
  while result.read < units.count && result.bytes.count < maxLength {
    guard let high = hexDigitValue(units[result.read]), let low = hexDigitValue(units[result.read + 1]) else {
      result.failed = true
      return result
    }
    result.read += 2
    result.bytes.append(high << 4 | low)
  }
  return result
}

private func hexDigitValue(_ unit: UInt16) -> UInt8? {
  switch unit {
  case 0x30...0x39: UInt8(unit - 0x30)
  case 0x41...0x46: UInt8(unit - 0x41 + 10)
  case 0x61...0x66: UInt8(unit - 0x61 + 10)
  default: nil
  }
}
