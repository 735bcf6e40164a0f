#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// DataView (ES2024 25.3): unaligned reads and writes of any element type, in either
// byte order, at byte offsets of an ArrayBuffer.
//
// Internal slots: the viewed buffer, [[ByteOffset]], [[ByteLength]] (undefined for a
// length-tracking view of a resizable buffer, the spec's `auto`).

enum DataViewSlot {
  static let buffer = 0
  static let byteOffset = 1
  static let byteLength = 2
}

extension Realm {
  func installDataView(_ runtime: Runtime) {
    let prototype = runtime.newObject(.ordinary, prototype: self[.objectPrototype])
    self[.dataViewPrototype] = prototype.value
    _ = makeConstructor("DataView", length: 1, prototype: prototype) { runtime, arguments throws(JSException) in
      try runtime.constructDataView(arguments)
    }
    deferProperties(of: prototype, to: .dataViewPrototype)
  }

  func installDataViewPrototypeProperties(_ runtime: Runtime, _ prototype: ObjectRef) {
    installDataViewAccessors(runtime, prototype)
    for kind in TypedArrayKind.allCases where kind != .uint8Clamped {
      installDataViewMethods(runtime, prototype, kind)
    }
    runtime.addProperty(
      prototype, PropertyKey(symbol: runtime.symbols.toStringTag), runtime.newString("DataView").value,
      [.configurable])
  }

  private func installDataViewAccessors(_ runtime: Runtime, _ prototype: ObjectRef) {
    runtime.defineNativeAccessor(
      prototype, runtime.propertyKey("buffer"), name: "buffer",
      getter: { runtime, arguments throws(JSException) in
        try runtime.thisObject(arguments, .dataView, "get DataView.prototype.buffer").internalSlot(DataViewSlot.buffer)
      })
    runtime.defineNativeAccessor(
      prototype, runtime.propertyKey("byteLength"), name: "byteLength",
      getter: { runtime, arguments throws(JSException) in
        let view = try runtime.thisObject(arguments, .dataView, "get DataView.prototype.byteLength")
        return Value(try runtime.dataViewByteLength(view, "get DataView.prototype.byteLength"))
      })
    runtime.defineNativeAccessor(
      prototype, runtime.propertyKey("byteOffset"), name: "byteOffset",
      getter: { runtime, arguments throws(JSException) in
        let view = try runtime.thisObject(arguments, .dataView, "get DataView.prototype.byteOffset")
        _ = try runtime.dataViewByteLength(view, "get DataView.prototype.byteOffset")
        return view.internalSlot(DataViewSlot.byteOffset)
      })
  }

  /// getInt8 … getFloat64 and setInt8 … setFloat64 for one element type.
  private func installDataViewMethods(_ runtime: Runtime, _ prototype: ObjectRef, _ kind: TypedArrayKind) {
    let typeName = String(kind.name.dropLast("Array".count))
    runtime.defineNativeMethod(prototype, "get" + typeName, length: 1) { runtime, arguments throws(JSException) in
      try runtime.getViewValue(arguments, kind, "DataView.prototype.get\(typeName)")
    }
    runtime.defineNativeMethod(prototype, "set" + typeName, length: 2) { runtime, arguments throws(JSException) in
      try runtime.setViewValue(arguments, kind, "DataView.prototype.set\(typeName)")
    }
  }
}

extension Runtime {
  /// The DataView constructor (ES2024 25.3.2.1).
  func constructDataView(_ arguments: NativeArguments) throws(JSException) -> Value {
    guard arguments.isConstructCall else { throw typeError("Constructor DataView requires 'new'") }
    let bufferValue = arguments[0]
    let byteOffset = arguments[1]
    let byteLength = arguments[2]
    guard bufferValue.isObject, bufferValue.asObject.objectClass == .arrayBuffer else {
      throw typeError("First argument to DataView constructor must be an ArrayBuffer")
    }
    let buffer = bufferValue.asObject
    let offset = try toIndex(
      byteOffset, "Start offset \(describeForError(byteOffset)) is outside the bounds of the buffer")
    if isDetachedBuffer(buffer) { throw typeError("Cannot perform DataView constructor on a detached ArrayBuffer") }
    var bufferByteLength = arrayBufferByteLength(buffer)
    if offset > bufferByteLength { throw rangeError("Start offset \(offset) is outside the bounds of the buffer") }
    var viewByteLength: Int? = nil
    if byteLength.isUndefined {
      if !isResizableBuffer(buffer) { viewByteLength = bufferByteLength - offset }
    } else {
      let length = try toIndex(byteLength, "Invalid DataView length \(describeForError(byteLength))")
      if offset + length > bufferByteLength { throw rangeError("Invalid DataView length \(length)") }
      viewByteLength = length
    }
    let prototype = try prototypeFromConstructor(arguments.newTarget, fallback: .dataViewPrototype)
    // Steps 11–14: reading the prototype may have detached or shrunk the buffer.
    if isDetachedBuffer(buffer) { throw typeError("Cannot perform DataView constructor on a detached ArrayBuffer") }
    bufferByteLength = arrayBufferByteLength(buffer)
    if offset > bufferByteLength { throw rangeError("Start offset \(offset) is outside the bounds of the buffer") }
    if !byteLength.isUndefined, let viewByteLength, offset + viewByteLength > bufferByteLength {
      throw rangeError("Invalid DataView length \(viewByteLength)")
    }
    let view = newObject(.dataView, prototype: prototype)
    view.setInternalSlot(DataViewSlot.buffer, buffer.value)
    view.setInternalSlot(DataViewSlot.byteOffset, Value(offset))
    view.setInternalSlot(DataViewSlot.byteLength, viewByteLength.map { Value($0) } ?? .undefined)
    return view.value
  }

  /// GetViewByteLength, or a TypeError when IsViewOutOfBounds (detached included).
  func dataViewByteLength(_ view: ObjectRef, _ method: String) throws(JSException) -> Int {
    let buffer = view.internalSlot(DataViewSlot.buffer).asObject
    let outOfBounds = "Cannot perform \(method) on a detached or out-of-bounds ArrayBuffer"
    if isDetachedBuffer(buffer) { throw typeError(outOfBounds) }
    let bufferByteLength = arrayBufferByteLength(buffer)
    let offset = view.internalSlot(DataViewSlot.byteOffset).asLength
    let fixedLength = view.internalSlot(DataViewSlot.byteLength)
    if fixedLength.isUndefined {
      if offset > bufferByteLength { throw typeError(outOfBounds) }
      return bufferByteLength - offset
    }
    if offset + fixedLength.asLength > bufferByteLength { throw typeError(outOfBounds) }
    return fixedLength.asLength
  }

  /// GetViewValue (ES2024 25.3.1.5).
  func getViewValue(_ arguments: NativeArguments, _ kind: TypedArrayKind, _ method: String) throws(JSException)
    -> Value
  {
    let view = try thisObject(arguments, .dataView, method)
    let index = try toIndex(arguments[0], "Offset is outside the bounds of the DataView")
    let littleEndian = toBoolean(arguments[1])
    let address = try viewElementAddress(view, index, kind, method)
    return withElementBytes(kind, littleEndian: littleEndian) { scratch in
      memcpy(scratch, address, kind.elementSize)
    }
  }

  /// SetViewValue (ES2024 25.3.1.6).
  func setViewValue(_ arguments: NativeArguments, _ kind: TypedArrayKind, _ method: String) throws(JSException)
    -> Value
  {
    let view = try thisObject(arguments, .dataView, method)
    let index = try toIndex(arguments[0], "Offset is outside the bounds of the DataView")
    let number = try typedArrayElementValue(kind, arguments[1])
    let littleEndian = toBoolean(arguments[2])
    let address = try viewElementAddress(view, index, kind, method)
    var scratch: UInt64 = 0
    withUnsafeMutableBytes(of: &scratch) { bytes in
      let base = bytes.baseAddress!
      kind.store(number, base)
      if littleEndian != hostIsLittleEndian { reverseBytes(base, kind.elementSize) }
      memcpy(address, base, kind.elementSize)
    }
    return .undefined
  }

  /// Steps 5–12 of GetViewValue/SetViewValue: the element's address, after the bounds checks.
  private func viewElementAddress(_ view: ObjectRef, _ index: Int, _ kind: TypedArrayKind, _ method: String)
    throws(JSException) -> UnsafeMutableRawPointer
  {
    let viewSize = try dataViewByteLength(view, method)
    if index > viewSize - kind.elementSize { throw rangeError("Offset is outside the bounds of the DataView") }
    let buffer = view.internalSlot(DataViewSlot.buffer).asObject
    return arrayBufferData(buffer)! + view.internalSlot(DataViewSlot.byteOffset).asLength + index
  }

  /// Loads an element whose bytes `fill` copies into an aligned scratch word, in the given order.
  private func withElementBytes(
    _ kind: TypedArrayKind, littleEndian: Bool, _ fill: (UnsafeMutableRawPointer) -> Void
  ) -> Value {
    var scratch: UInt64 = 0
    return withUnsafeMutableBytes(of: &scratch) { bytes in
      let base = bytes.baseAddress!
      fill(base)
      if littleEndian != hostIsLittleEndian { reverseBytes(base, kind.elementSize) }
      return kind.load(base, self)
    }
  }
}

@inline(__always) private var hostIsLittleEndian: Bool {
  #if _endian(little)
    return true
  #else
    return false
  #endif
}

private func reverseBytes(_ base: UnsafeMutableRawPointer, _ count: Int) {
  var lower = 0
  var upper = count - 1
  while lower < upper {
    let byte = base.load(fromByteOffset: lower, as: UInt8.self)
    base.storeBytes(of: base.load(fromByteOffset: upper, as: UInt8.self), toByteOffset: lower, as: UInt8.self)
    base.storeBytes(of: byte, toByteOffset: upper, as: UInt8.self)
    lower += 1
    upper -= 1
  }
}
