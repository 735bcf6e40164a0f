#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// Integer-indexed exotic objects (ES2024 10.4.5): the element kinds, reading and
// writing elements in the viewed buffer, the view's length and bounds, and the
// internal-method hooks Runtime/ObjectModel.swift calls for `.typedArray` objects.
//
// A typed array's internal slots (TypedArraySlot): the viewed ArrayBuffer, [[ByteOffset]],
// [[ArrayLength]] (undefined for a length-tracking view, the spec's `auto`) and the
// element kind; then a cache of the address of element 0 and the current length (-1
// when the view is out of bounds or its buffer detached). The cache is valid while its
// epoch equals the runtime's `arrayBufferEpoch`, which every detach and resize bumps, so
// a view never reads through a stale address and the element fast path needs no buffer
// access at all.

enum TypedArraySlot {
  static let buffer = 0
  static let byteOffset = 1
  static let arrayLength = 2
  static let kind = 3
  static let data = 4
  static let length = 5
  static let epoch = 6
}

/// The element types ([[TypedArrayName]] and its Element Type, ES2024 Table 71).
enum TypedArrayKind: Int32, CaseIterable {
  case int8 = 0
  case uint8
  case uint8Clamped
  case int16
  case uint16
  case int32
  case uint32
  case float32
  case float64
  case float16
  case bigInt64
  case bigUint64

  var elementSize: Int {
    switch self {
    case .int8, .uint8, .uint8Clamped: 1
    case .int16, .uint16, .float16: 2
    case .int32, .uint32, .float32: 4
    case .float64, .bigInt64, .bigUint64: 8
    }
  }

  /// [[ContentType]] is BigInt (the elements are BigInts, not Numbers).
  @inline(__always) var isBigInt: Bool { self == .bigInt64 || self == .bigUint64 }

  var name: String {
    switch self {
    case .int8: "Int8Array"
    case .uint8: "Uint8Array"
    case .uint8Clamped: "Uint8ClampedArray"
    case .int16: "Int16Array"
    case .uint16: "Uint16Array"
    case .int32: "Int32Array"
    case .uint32: "Uint32Array"
    case .float32: "Float32Array"
    case .float64: "Float64Array"
    case .float16: "Float16Array"
    case .bigInt64: "BigInt64Array"
    case .bigUint64: "BigUint64Array"
    }
  }

  var prototypeIntrinsic: Intrinsic {
    switch self {
    case .int8: .int8ArrayPrototype
    case .uint8: .uint8ArrayPrototype
    case .uint8Clamped: .uint8ClampedArrayPrototype
    case .int16: .int16ArrayPrototype
    case .uint16: .uint16ArrayPrototype
    case .int32: .int32ArrayPrototype
    case .uint32: .uint32ArrayPrototype
    case .float32: .float32ArrayPrototype
    case .float64: .float64ArrayPrototype
    case .float16: .float16ArrayPrototype
    case .bigInt64: .bigInt64ArrayPrototype
    case .bigUint64: .bigUint64ArrayPrototype
    }
  }

  var constructorIntrinsic: Intrinsic {
    switch self {
    case .int8: .int8ArrayConstructor
    case .uint8: .uint8ArrayConstructor
    case .uint8Clamped: .uint8ClampedArrayConstructor
    case .int16: .int16ArrayConstructor
    case .uint16: .uint16ArrayConstructor
    case .int32: .int32ArrayConstructor
    case .uint32: .uint32ArrayConstructor
    case .float32: .float32ArrayConstructor
    case .float64: .float64ArrayConstructor
    case .float16: .float16ArrayConstructor
    case .bigInt64: .bigInt64ArrayConstructor
    case .bigUint64: .bigUint64ArrayConstructor
    }
  }

  // MARK: Raw element access (RawBytesToNumeric / NumericToRawBytes, native byte order)

  /// The element at `address` as a Number value (int32-encoded when exact) or a new BigInt.
  @inline(__always) func load(_ address: UnsafeRawPointer, _ runtime: Runtime) -> Value {
    switch self {
    case .int8: return Value(Int32(address.load(as: Int8.self)))
    case .uint8, .uint8Clamped: return Value(Int32(address.load(as: UInt8.self)))
    case .int16: return Value(Int32(address.load(as: Int16.self)))
    case .uint16: return Value(Int32(address.load(as: UInt16.self)))
    case .int32: return Value(address.load(as: Int32.self))
    case .uint32:
      let word = address.load(as: UInt32.self)
      return word <= UInt32(Int32.max) ? Value(Int32(word)) : Value(Double(word))
    case .float32: return Value(number: Double(address.load(as: Float.self)))
    case .float64: return Value(number: address.load(as: Double.self))
    case .float16: return Value(number: Double(address.load(as: Float16.self)))
    case .bigInt64: return runtime.newBigInt(address.load(as: Int64.self)).value
    case .bigUint64: return runtime.newBigInt(address.load(as: UInt64.self)).value
    }
  }

  /// Stores a Number value (int32 or double), or a BigInt for the BigInt kinds, with this
  /// kind's conversion (ToInt8 … ToBigUint64 wrap modulo 2^n, ToUint8Clamp rounds half to even).
  @inline(__always) func store(_ number: Value, _ address: UnsafeMutableRawPointer) {
    switch self {
    case .int8, .uint8: address.storeBytes(of: UInt8(truncatingIfNeeded: wrappedInt32(number)), as: UInt8.self)
    case .int16, .uint16:
      address.storeBytes(of: UInt16(truncatingIfNeeded: wrappedInt32(number)), as: UInt16.self)
    case .int32, .uint32: address.storeBytes(of: wrappedInt32(number), as: Int32.self)
    case .uint8Clamped: address.storeBytes(of: clampedUint8(number), as: UInt8.self)
    case .float32: address.storeBytes(of: Float(number.asNumber), as: Float.self)
    case .float64: address.storeBytes(of: number.asNumber, as: Double.self)
    case .float16: address.storeBytes(of: Float16(number.asNumber), as: Float16.self)
    case .bigInt64, .bigUint64: address.storeBytes(of: number.asBigInt.truncatedUInt64, as: UInt64.self)
    }
  }

  @inline(__always) private func wrappedInt32(_ number: Value) -> Int32 {
    number.isInt32 ? number.asInt32 : doubleToInt32(number.asDouble)
  }

  /// ES2024 7.1.12 ToUint8Clamp
  @inline(__always) private func clampedUint8(_ number: Value) -> UInt8 {
    if number.isInt32 { return UInt8(clamping: number.asInt32) }
    let double = number.asDouble
    if !(double > 0) { return 0 }  // NaN, -0, negatives
    if double >= 255 { return 255 }
    return UInt8(double.rounded(.toNearestOrEven))
  }
}

extension Value {
  /// A malloc'd address boxed as a (denormal) double: the collector never takes it for a cell.
  @inline(__always) init(rawAddress: UnsafeMutableRawPointer?) {
    self.init(bits: UInt64(UInt(bitPattern: rawAddress)) &+ Value.doubleEncodeOffset)
  }

  @inline(__always) var rawAddress: UnsafeMutableRawPointer? {
    UnsafeMutableRawPointer(bitPattern: UInt(bits &- Value.doubleEncodeOffset))
  }

  /// A non-negative Int stored as a Number (lengths and offsets in internal slots).
  @inline(__always) var asLength: Int { isInt32 ? Int(asInt32) : Int(asDouble) }
}

extension Runtime {
  // MARK: - The view's state

  @inline(__always) var arrayBufferEpochBits: UInt64 {
    hot.pointee.arrayBufferEpoch &+ Value.doubleEncodeOffset
  }

  /// Called after a buffer is detached or resized: every view recomputes its cache.
  func invalidateTypedArrayCaches() {
    hot.pointee.arrayBufferEpoch &+= 1
  }

  @inline(__always) func typedArrayKind(_ view: ObjectRef) -> TypedArrayKind {
    TypedArrayKind(rawValue: view.internalSlot(TypedArraySlot.kind).asInt32)!
  }

  /// The address of element 0 and the length (IsTypedArrayOutOfBounds → length -1).
  @inline(__always) func typedArrayState(_ view: ObjectRef) -> (data: UnsafeMutableRawPointer?, length: Int) {
    if _slowPath(view.internalSlot(TypedArraySlot.epoch).bits != arrayBufferEpochBits) {
      refreshTypedArrayCache(view)
    }
    return (view.internalSlot(TypedArraySlot.data).rawAddress, view.internalSlot(TypedArraySlot.length).asLength)
  }

  /// Recomputes the cached address and length from the buffer (ES2024 10.4.5.12–14
  /// IsTypedArrayOutOfBounds and TypedArrayLength).
  func refreshTypedArrayCache(_ view: ObjectRef) {
    let buffer = view.internalSlot(TypedArraySlot.buffer).asObject
    let byteOffset = view.internalSlot(TypedArraySlot.byteOffset).asLength
    let elementSize = typedArrayKind(view).elementSize
    var length = -1
    if !isDetachedBuffer(buffer) {
      let bufferByteLength = arrayBufferByteLength(buffer)
      let fixedLength = view.internalSlot(TypedArraySlot.arrayLength)
      if fixedLength.isUndefined {
        if byteOffset <= bufferByteLength { length = (bufferByteLength - byteOffset) / elementSize }
      } else if byteOffset + fixedLength.asLength * elementSize <= bufferByteLength {
        length = fixedLength.asLength
      }
    }
    let data = length >= 0 ? arrayBufferData(buffer).map { $0 + byteOffset } : nil
    view.setInternalSlot(TypedArraySlot.data, Value(rawAddress: data))
    view.setInternalSlot(TypedArraySlot.length, Value(length))
    view.setInternalSlot(TypedArraySlot.epoch, Value(bits: arrayBufferEpochBits))
  }

  /// TypedArrayLength, or nil when the view is out of bounds (detached buffers included).
  @inline(__always) func typedArrayLength(_ view: ObjectRef) -> Int? {
    let length = typedArrayState(view).length
    return length >= 0 ? length : nil
  }

  /// IsTypedArrayFixedLength (used by the typed arrays' [[PreventExtensions]]).
  func isTypedArrayFixedLength(_ view: ObjectRef) -> Bool {
    if view.internalSlot(TypedArraySlot.arrayLength).isUndefined { return false }
    return !isResizableBuffer(view.internalSlot(TypedArraySlot.buffer).asObject)
  }

  /// A new typed array object viewing `buffer` (its cache filled).
  func newTypedArray(
    _ kind: TypedArrayKind, prototype: Value, buffer: ObjectRef, byteOffset: Int, length: Int?
  ) -> ObjectRef {
    let view = newObject(.typedArray, prototype: prototype)
    view.setInternalSlot(TypedArraySlot.buffer, buffer.value)
    view.setInternalSlot(TypedArraySlot.byteOffset, Value(byteOffset))
    view.setInternalSlot(TypedArraySlot.arrayLength, length.map { Value($0) } ?? .undefined)
    view.setInternalSlot(TypedArraySlot.kind, Value(kind.rawValue))
    refreshTypedArrayCache(view)
    return view
  }

  // MARK: - Elements

  /// TypedArrayGetElement with an integral index (undefined when not a valid index).
  @inline(__always) func typedArrayGetElement(_ view: ObjectRef, _ index: Int) -> Value {
    let (data, length) = typedArrayState(view)
    guard index >= 0 && index < length, let data else { return .undefined }
    let kind = typedArrayKind(view)
    return kind.load(data + index * kind.elementSize, self)
  }

  /// The value a typed array of `kind` stores for `value`: ToBigInt for BigInt content, else
  /// ToNumber (either may run user code).
  @inline(__always) func typedArrayElementValue(_ kind: TypedArrayKind, _ value: Value) throws(JSException) -> Value {
    if kind.isBigInt { return try toBigInt(value).value }
    return value.isNumber ? value : Value(try toNumberSlow(value))
  }

  /// TypedArraySetElement (ES2024 10.4.5.16): converts first (which may run code that
  /// detaches or shrinks the buffer), then stores if the index is still valid.
  func typedArraySetElement(_ view: ObjectRef, _ index: Double, _ value: Value) throws(JSException) {
    let number = try typedArrayElementValue(typedArrayKind(view), value)
    storeIfValid(view, index, number)
  }

  /// Stores an already converted Number (or BigInt) at `index` if IsValidIntegerIndex holds.
  @inline(__always) func storeIfValid(_ view: ObjectRef, _ index: Double, _ number: Value) {
    // -0 and fractions are never valid indices.
    guard index.sign == .plus, index == index.rounded(.towardZero), index < 9_007_199_254_740_992 else { return }
    storeIfValid(view, Int(index), number)
  }

  @inline(__always) func storeIfValid(_ view: ObjectRef, _ index: Int, _ number: Value) {
    let (data, length) = typedArrayState(view)
    guard index >= 0 && index < length, let data else { return }
    let kind = typedArrayKind(view)
    kind.store(number, data + index * kind.elementSize)
  }

  /// IsValidIntegerIndex (ES2024 10.4.5.14).
  func isValidIntegerIndex(_ view: ObjectRef, _ index: Double) -> Bool {
    if index.rounded(.towardZero) != index || (index == 0 && index.sign == .minus) { return false }
    let length = typedArrayState(view).length
    return index >= 0 && index < Double(length)
  }

  // MARK: - CanonicalNumericIndexString (ES2024 7.1.21)

  /// The numeric index a key denotes, if it is a canonical numeric string ("-0", "1.5",
  /// "Infinity", "4294967295"; index keys are always one). Such keys never reach the
  /// prototype chain of a typed array.
  func canonicalNumericIndex(_ key: PropertyKey) -> Double? {
    if key.isIndex { return Double(key.index) }
    if key.isSymbol { return nil }
    let string = key.atom
    if string.length == 0 { return nil }
    let first = string.codeUnit(at: 0, heap)
    // Every canonical numeric string starts with a digit, "-", "I"(nfinity) or "N"(aN).
    guard (first >= 0x30 && first <= 0x39) || first == 0x2D || first == 0x49 || first == 0x4E else { return nil }
    if string.length == 2 && first == 0x2D && string.codeUnit(at: 1, heap) == 0x30 { return -0.0 }
    let number = stringToNumber(string)
    return numberToString(number).equals(string, heap) ? number : nil
  }

  /// Whether `key` is numeric for `object`, a typed array: then a missing element
  /// ends the lookup (it is not inherited).
  @inline(__always) func isTypedArrayNumericKey(_ object: ObjectRef, _ key: PropertyKey) -> Bool {
    object.objectClass == .typedArray && canonicalNumericIndex(key) != nil
  }

  // MARK: - Internal-method hooks (called from Runtime/ObjectModel.swift)

  /// [[GetOwnProperty]] for numeric keys (ES2024 10.4.5.1); nil for other keys.
  func typedArrayLookupOwn(_ view: ObjectRef, _ key: PropertyKey) -> OwnLookup? {
    if key.isIndex {
      let index = Int(key.index)
      let (data, length) = typedArrayState(view)
      guard index < length, let data else { return .absent }
      let kind = typedArrayKind(view)
      return .data(kind.load(data + index * kind.elementSize, self), .default, .typedArrayElement(index))
    }
    guard let numeric = canonicalNumericIndex(key) else { return nil }
    guard isValidIntegerIndex(view, numeric) else { return .absent }
    return .data(typedArrayGetElement(view, Int(numeric)), .default, .typedArrayElement(Int(numeric)))
  }

  /// [[DefineOwnProperty]] for numeric keys (ES2024 10.4.5.3); nil for other keys.
  func typedArrayDefineOwnProperty(_ view: ObjectRef, _ key: PropertyKey, _ descriptor: PropertyDescriptor)
    throws(JSException) -> Bool?
  {
    guard let numeric = canonicalNumericIndex(key) else { return nil }
    if !isValidIntegerIndex(view, numeric) { return false }
    if descriptor.configurable == false || descriptor.enumerable == false || descriptor.isAccessorDescriptor
      || descriptor.writable == false
    {
      return false
    }
    if let value = descriptor.value { try typedArraySetElement(view, numeric, value) }
    return true
  }

  /// [[Set]] of a numeric key with no element now (ES2024 10.4.5.5 step 1.b): with the typed
  /// array as the receiver the value is converted, and stored if that made the index valid.
  func typedArraySetAbsentElement(_ view: ObjectRef, _ key: PropertyKey, _ value: Value, receiver: Value)
    throws(JSException)
  {
    guard receiver == view.value, let numeric = canonicalNumericIndex(key) else { return }
    try typedArraySetElement(view, numeric, value)
  }

  /// The integer index keys of [[OwnPropertyKeys]] (ES2024 10.4.5.7 step 3).
  func typedArrayIndexCount(_ view: ObjectRef) -> Int {
    max(typedArrayState(view).length, 0)
  }

  // MARK: - Validation

  /// ValidateTypedArray (ES2024 23.2.4.4): the typed array and its length, or a TypeError.
  func validateTypedArray(_ value: Value, _ method: String) throws(JSException) -> (ObjectRef, Int) {
    let view = try requireTypedArray(value)
    guard let length = typedArrayLength(view) else {
      throw typeError("Cannot perform \(method) on a detached or out-of-bounds ArrayBuffer")
    }
    return (view, length)
  }

  /// RequireInternalSlot(O, [[TypedArrayName]]).
  func requireTypedArray(_ value: Value) throws(JSException) -> ObjectRef {
    guard value.isObject, value.asObject.objectClass == .typedArray else {
      throw typeError("this is not a typed array.")
    }
    return value.asObject
  }
}
