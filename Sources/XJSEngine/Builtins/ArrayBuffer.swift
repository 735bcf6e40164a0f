#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// ArrayBuffer (ES2024 25.1), with resizable buffers and transfer.
//
// The bytes are malloc'd memory owned by the buffer's payload (ArrayBufferStorage),
// reported to the heap so the heap limit counts them. Internal slots mirror what
// views read: the data address (boxed, see Value(rawAddress:)), [[ArrayBufferByteLength]],
// [[ArrayBufferMaxByteLength]] (undefined for a fixed-length buffer) and whether the
// buffer is detached. Every change of address or length goes through `setBufferBlock`,
// which also invalidates the typed arrays' cached views.

enum ArrayBufferSlot {
  static let data = 0
  static let byteLength = 1
  static let maxByteLength = 2
  static let detached = 3
}

/// Owns a buffer's bytes; freed (and unreported) when the buffer cell is swept.
final class ArrayBufferStorage {
  private unowned(unsafe) let heap: Heap
  private(set) var data: UnsafeMutableRawPointer?
  private(set) var capacity = 0

  /// Set for a host's memory, lent without copying: called instead of `free` when the buffer
  /// is collected or detached.
  private var deallocator: ((UnsafeMutableRawPointer) -> Void)?

  init(heap: Heap) { self.heap = heap }

  /// Storage over a host's block (not counted against the heap limit: the host owns it).
  init(
    heap: Heap, external data: UnsafeMutableRawPointer, byteLength: Int,
    deallocator: @escaping (UnsafeMutableRawPointer) -> Void
  ) {
    self.heap = heap
    self.data = data
    capacity = byteLength
    self.deallocator = deallocator
  }

  deinit { release() }

  /// Takes ownership of `data` (`capacity` bytes), freeing the previous block.
  func replace(_ newData: UnsafeMutableRawPointer?, capacity newCapacity: Int) {
    if newData != data || deallocator != nil { release() } else { heap.reportExternalFree(capacity) }
    data = newData
    capacity = newCapacity
    heap.reportExternalAllocation(newCapacity)
  }

  /// Gives up the block without freeing it (its new owner reports it).
  func relinquish() -> (UnsafeMutableRawPointer?, Int) {
    if deallocator != nil { return relinquishCopy() }
    let block = (data, capacity)
    heap.reportExternalFree(capacity)
    data = nil
    capacity = 0
    return block
  }

  /// A host's block cannot change owners: the new owner gets a malloc'd copy, and the host
  /// its block back.
  private func relinquishCopy() -> (UnsafeMutableRawPointer?, Int) {
    var copy: UnsafeMutableRawPointer? = nil
    if capacity > 0, let data, let block = malloc(capacity) {
      memcpy(block, data, capacity)
      copy = block
    }
    let size = copy == nil ? 0 : capacity
    release()
    return (copy, size)
  }

  private func release() {
    if let deallocator {
      if let data { deallocator(data) }
      self.deallocator = nil
      data = nil
      capacity = 0
      return
    }
    if let data { free(data) }
    heap.reportExternalFree(capacity)
    data = nil
    capacity = 0
  }
}

extension Realm {
  func installArrayBuffer(_ runtime: Runtime) {
    let prototype = runtime.newObject(.ordinary, prototype: self[.objectPrototype])
    self[.arrayBufferPrototype] = prototype.value
    let constructor = makeConstructor("ArrayBuffer", length: 1, prototype: prototype) {
      runtime, arguments throws(JSException) in
      try runtime.constructArrayBuffer(arguments)
    }
    self[.arrayBufferConstructor] = constructor.value
    runtime.defineNativeMethod(constructor, "isView", length: 1) { _, arguments throws(JSException) in
      let argument = arguments[0]
      guard argument.isObject else { return .false }
      let objectClass = argument.asObject.objectClass
      return Value(objectClass == .typedArray || objectClass == .dataView)
    }
    runtime.defineSpeciesGetter(constructor)
    installArrayBufferAccessors(runtime, prototype)
    installArrayBufferMethods(runtime, prototype)
    runtime.addProperty(
      prototype, PropertyKey(symbol: runtime.symbols.toStringTag), runtime.newString("ArrayBuffer").value,
      [.configurable])
  }

  private func installArrayBufferAccessors(_ runtime: Runtime, _ prototype: ObjectRef) {
    runtime.defineNativeAccessor(
      prototype, runtime.propertyKey("byteLength"), name: "byteLength",
      getter: { runtime, arguments throws(JSException) in
        let buffer = try runtime.thisArrayBuffer(arguments, "get ArrayBuffer.prototype.byteLength")
        return Value(runtime.arrayBufferByteLength(buffer))
      })
    runtime.defineNativeAccessor(
      prototype, runtime.propertyKey("detached"), name: "detached",
      getter: { runtime, arguments throws(JSException) in
        let buffer = try runtime.thisArrayBuffer(arguments, "get ArrayBuffer.prototype.detached")
        return Value(runtime.isDetachedBuffer(buffer))
      })
    runtime.defineNativeAccessor(
      prototype, runtime.propertyKey("maxByteLength"), name: "maxByteLength",
      getter: { runtime, arguments throws(JSException) in
        let buffer = try runtime.thisArrayBuffer(arguments, "get ArrayBuffer.prototype.maxByteLength")
        if runtime.isDetachedBuffer(buffer) { return Value(Int32(0)) }
        let maximum = buffer.internalSlot(ArrayBufferSlot.maxByteLength)
        return maximum.isUndefined ? buffer.internalSlot(ArrayBufferSlot.byteLength) : maximum
      })
    runtime.defineNativeAccessor(
      prototype, runtime.propertyKey("resizable"), name: "resizable",
      getter: { runtime, arguments throws(JSException) in
        Value(runtime.isResizableBuffer(try runtime.thisArrayBuffer(arguments, "get ArrayBuffer.prototype.resizable")))
      })
  }

  private func installArrayBufferMethods(_ runtime: Runtime, _ prototype: ObjectRef) {
    runtime.defineNativeMethod(prototype, "resize", length: 1) { runtime, arguments throws(JSException) in
      try runtime.arrayBufferResize(arguments)
    }
    runtime.defineNativeMethod(prototype, "slice", length: 2) { runtime, arguments throws(JSException) in
      try runtime.arrayBufferSlice(arguments)
    }
    runtime.defineNativeMethod(prototype, "transfer", length: 0) { runtime, arguments throws(JSException) in
      let buffer = try runtime.thisArrayBuffer(arguments, "ArrayBuffer.prototype.transfer")
      return try runtime.arrayBufferCopyAndDetach(
        buffer, arguments[0], preserveResizability: true, "ArrayBuffer.prototype.transfer"
      ).value
    }
    runtime.defineNativeMethod(prototype, "transferToFixedLength", length: 0) {
      runtime, arguments throws(JSException) in
      let buffer = try runtime.thisArrayBuffer(arguments, "ArrayBuffer.prototype.transferToFixedLength")
      return try runtime.arrayBufferCopyAndDetach(
        buffer, arguments[0], preserveResizability: false, "ArrayBuffer.prototype.transferToFixedLength"
      ).value
    }
  }
}

extension Runtime {
  // MARK: - Buffer state

  @inline(__always) func arrayBufferData(_ buffer: ObjectRef) -> UnsafeMutableRawPointer? {
    buffer.internalSlot(ArrayBufferSlot.data).rawAddress
  }

  /// [[ArrayBufferByteLength]] (0 once detached).
  @inline(__always) func arrayBufferByteLength(_ buffer: ObjectRef) -> Int {
    buffer.internalSlot(ArrayBufferSlot.byteLength).asLength
  }

  @inline(__always) func isDetachedBuffer(_ buffer: ObjectRef) -> Bool {
    buffer.internalSlot(ArrayBufferSlot.detached).isTrue
  }

  /// Not IsFixedLengthArrayBuffer.
  @inline(__always) func isResizableBuffer(_ buffer: ObjectRef) -> Bool {
    !buffer.internalSlot(ArrayBufferSlot.maxByteLength).isUndefined
  }

  /// Installs a new block (or none) and length; views recompute their caches.
  private func setBufferBlock(_ buffer: ObjectRef, _ data: UnsafeMutableRawPointer?, byteLength: Int) {
    buffer.setInternalSlot(ArrayBufferSlot.data, Value(rawAddress: data))
    buffer.setInternalSlot(ArrayBufferSlot.byteLength, Value(byteLength))
    invalidateTypedArrayCaches()
  }

  private func bufferStorage(_ buffer: ObjectRef) -> ArrayBufferStorage {
    buffer.payloadObject(as: ArrayBufferStorage.self)!
  }

  /// `this` as an ArrayBuffer, or a TypeError naming the method.
  func thisArrayBuffer(_ arguments: NativeArguments, _ method: String) throws(JSException) -> ObjectRef {
    try thisObject(arguments, .arrayBuffer, method)
  }

  // MARK: - Allocation

  /// Zeroed memory for `byteLength` bytes, or RangeError when the heap limit (or malloc) refuses.
  func allocateByteBlock(_ byteLength: Int) throws(JSException) -> UnsafeMutableRawPointer? {
    if byteLength == 0 { return nil }
    guard byteLength <= heap.maximumBytes, heap.checkLimit(forAdditional: byteLength),
      let block = calloc(byteLength, 1)
    else {
      if byteLength > heap.maximumBytes { heap.limitRefusals &+= 1 }
      throw rangeError("Array buffer allocation failed")
    }
    return block
  }

  /// AllocateArrayBuffer (ES2024 25.1.3.1): `prototype` already taken from the constructor.
  func allocateArrayBuffer(prototype: Value, byteLength: Int, maxByteLength: Int? = nil) throws(JSException)
    -> ObjectRef
  {
    if let maxByteLength, maxByteLength > heap.maximumBytes {
      throw rangeError("Invalid array buffer max length")
    }
    let data = try allocateByteBlock(byteLength)
    let buffer = newObject(.arrayBuffer, prototype: prototype)
    let storage = ArrayBufferStorage(heap: heap)
    storage.replace(data, capacity: byteLength)
    buffer.setPayloadObject(storage)
    buffer.setInternalSlot(ArrayBufferSlot.maxByteLength, maxByteLength.map { Value($0) } ?? .undefined)
    buffer.setInternalSlot(ArrayBufferSlot.detached, .false)
    setBufferBlock(buffer, data, byteLength: byteLength)
    return buffer
  }

  /// A fixed-length buffer over a host's `byteLength` bytes at `data`, lent without copying;
  /// `deallocator` gets the block back when the buffer is collected or detached.
  func newExternalArrayBuffer(
    _ data: UnsafeMutableRawPointer, byteLength: Int, deallocator: @escaping (UnsafeMutableRawPointer) -> Void
  ) -> ObjectRef {
    let buffer = newObject(.arrayBuffer, prototype: realm[.arrayBufferPrototype])
    buffer.setPayloadObject(
      ArrayBufferStorage(heap: heap, external: data, byteLength: byteLength, deallocator: deallocator))
    buffer.setInternalSlot(ArrayBufferSlot.maxByteLength, .undefined)
    buffer.setInternalSlot(ArrayBufferSlot.detached, .false)
    setBufferBlock(buffer, data, byteLength: byteLength)
    return buffer
  }

  /// A fixed-length buffer with %ArrayBuffer.prototype%.
  func newArrayBuffer(byteLength: Int) throws(JSException) -> ObjectRef {
    try allocateArrayBuffer(prototype: realm[.arrayBufferPrototype], byteLength: byteLength)
  }

  /// The ArrayBuffer constructor (ES2024 25.1.4.1).
  func constructArrayBuffer(_ arguments: NativeArguments) throws(JSException) -> Value {
    guard arguments.isConstructCall else { throw typeError("Constructor ArrayBuffer requires 'new'") }
    let byteLength = try toIndex(arguments[0], "Invalid array buffer length")
    let maxByteLength = try maxByteLengthOption(arguments[1])
    if let maxByteLength, byteLength > maxByteLength {
      throw rangeError("Invalid array buffer max length")
    }
    let prototype = try prototypeFromConstructor(arguments.newTarget, fallback: .arrayBufferPrototype)
    return try allocateArrayBuffer(prototype: prototype, byteLength: byteLength, maxByteLength: maxByteLength).value
  }

  /// GetArrayBufferMaxByteLengthOption (ES2024 25.1.3.7).
  private func maxByteLengthOption(_ options: Value) throws(JSException) -> Int? {
    guard options.isObject else { return nil }
    let maximum = try get(options.asObject, propertyKey("maxByteLength"))
    if maximum.isUndefined { return nil }
    return try toIndex(maximum, "Invalid array buffer max length")
  }

  /// ToIndex with the caller's RangeError message.
  func toIndex(_ value: Value, _ message: @autoclosure () -> String) throws(JSException) -> Int {
    if value.isUndefined { return 0 }
    let integer = try toIntegerOrInfinity(value)
    if integer < 0 || integer > 9_007_199_254_740_991 { throw rangeError(message()) }
    return Int(integer)
  }

  // MARK: - Detach, resize, copy

  /// DetachArrayBuffer (ES2024 25.1.3.5): frees the bytes; every view now sees length 0.
  func detachArrayBuffer(_ buffer: ObjectRef) {
    bufferStorage(buffer).replace(nil, capacity: 0)
    buffer.setInternalSlot(ArrayBufferSlot.detached, .true)
    setBufferBlock(buffer, nil, byteLength: 0)
  }

  /// ArrayBuffer.prototype.resize (ES2024 25.1.6.6).
  func arrayBufferResize(_ arguments: NativeArguments) throws(JSException) -> Value {
    let buffer = try thisArrayBuffer(arguments, "ArrayBuffer.prototype.resize")
    guard isResizableBuffer(buffer) else {
      throw typeError("Method ArrayBuffer.prototype.resize called on incompatible receiver #<ArrayBuffer>")
    }
    let newByteLength = try toIndex(arguments[0], "Invalid array buffer length")
    if isDetachedBuffer(buffer) {
      throw typeError("Cannot perform ArrayBuffer.prototype.resize on a detached ArrayBuffer")
    }
    if newByteLength > buffer.internalSlot(ArrayBufferSlot.maxByteLength).asLength {
      throw rangeError("ArrayBuffer.prototype.resize: Invalid length parameter")
    }
    try resizeBlock(buffer, to: newByteLength)
    return .undefined
  }

  /// HostResizeArrayBuffer: new bytes are zero; the block may move.
  private func resizeBlock(_ buffer: ObjectRef, to newByteLength: Int) throws(JSException) {
    let storage = bufferStorage(buffer)
    let oldByteLength = arrayBufferByteLength(buffer)
    if newByteLength > storage.capacity {
      // Grow geometrically (up to the maximum) so repeated small resizes stay linear.
      let maximum = buffer.internalSlot(ArrayBufferSlot.maxByteLength).asLength
      let capacity = min(max(newByteLength, storage.capacity + storage.capacity / 2), maximum)
      let grown = try allocateByteBlock(capacity)!
      if let old = storage.data { memcpy(grown, old, oldByteLength) }
      storage.replace(grown, capacity: capacity)
    } else if newByteLength > oldByteLength, let data = storage.data {
      memset(data + oldByteLength, 0, newByteLength - oldByteLength)
    }
    setBufferBlock(buffer, storage.data, byteLength: newByteLength)
  }

  /// ArrayBuffer.prototype.slice (ES2024 25.1.6.7).
  func arrayBufferSlice(_ arguments: NativeArguments) throws(JSException) -> Value {
    let method = "ArrayBuffer.prototype.slice"
    let buffer = try thisArrayBuffer(arguments, method)
    if isDetachedBuffer(buffer) { throw typeError("Cannot perform \(method) on a detached ArrayBuffer") }
    let length = arrayBufferByteLength(buffer)
    let first = try relativeIndex(arguments[0], length: length, default: 0)
    let final = try relativeIndex(arguments[1], length: length, default: length)
    let newLength = max(final - first, 0)
    let constructor = try speciesConstructor(buffer, default: realm[.arrayBufferConstructor])
    let created = try construct(constructor, arguments: [Value(newLength)])
    guard created.isObject, created.asObject.objectClass == .arrayBuffer else {
      throw typeError("\(method): species constructor did not return an ArrayBuffer")
    }
    let target = created.asObject
    if isDetachedBuffer(target) { throw typeError("\(method): the new ArrayBuffer is detached") }
    if target == buffer { throw typeError("\(method): species constructor returned the same ArrayBuffer") }
    if arrayBufferByteLength(target) < newLength { throw typeError("\(method): the new ArrayBuffer is too small") }
    // The species constructor may have detached or shrunk the source.
    if isDetachedBuffer(buffer) { throw typeError("Cannot perform \(method) on a detached ArrayBuffer") }
    let currentLength = arrayBufferByteLength(buffer)
    if first < currentLength, let from = arrayBufferData(buffer), let to = arrayBufferData(target) {
      memmove(to, from + first, min(newLength, currentLength - first))
    }
    return target.value
  }

  /// ArrayBufferCopyAndDetach (ES2024 25.1.3.3) for transfer and transferToFixedLength:
  /// the bytes move to a new buffer (no copy when the block can be reused).
  func arrayBufferCopyAndDetach(
    _ buffer: ObjectRef, _ newLengthValue: Value, preserveResizability: Bool, _ method: String
  ) throws(JSException) -> ObjectRef {
    let newByteLength =
      newLengthValue.isUndefined
      ? arrayBufferByteLength(buffer) : try toIndex(newLengthValue, "Invalid array buffer length")
    if isDetachedBuffer(buffer) { throw typeError("Cannot perform \(method) on a detached ArrayBuffer") }
    var newMaxByteLength: Int? = nil
    if preserveResizability && isResizableBuffer(buffer) {
      newMaxByteLength = buffer.internalSlot(ArrayBufferSlot.maxByteLength).asLength
    }
    if let newMaxByteLength, newByteLength > newMaxByteLength {
      throw rangeError("\(method): Invalid length parameter")
    }
    let target = try allocateArrayBuffer(
      prototype: realm[.arrayBufferPrototype], byteLength: 0, maxByteLength: newMaxByteLength)
    let (block, capacity) = try movedBlock(buffer, newByteLength, keepCapacity: newMaxByteLength != nil)
    bufferStorage(target).replace(block, capacity: capacity)
    setBufferBlock(target, block, byteLength: newByteLength)
    detachArrayBuffer(buffer)
    return target
  }

  /// The buffer's block, taken from it and fitted to `newByteLength` bytes (new bytes zero).
  /// The source keeps its block if this throws.
  private func movedBlock(_ buffer: ObjectRef, _ newByteLength: Int, keepCapacity: Bool) throws(JSException)
    -> (UnsafeMutableRawPointer?, Int)
  {
    let storage = bufferStorage(buffer)
    let oldByteLength = arrayBufferByteLength(buffer)
    if newByteLength > storage.capacity {
      let grown = try allocateByteBlock(newByteLength)
      if let grown, let old = storage.data { memcpy(grown, old, oldByteLength) }
      storage.replace(nil, capacity: 0)
      return (grown, newByteLength)
    }
    let (block, capacity) = storage.relinquish()
    if newByteLength > oldByteLength, let block { memset(block + oldByteLength, 0, newByteLength - oldByteLength) }
    if keepCapacity || newByteLength == capacity { return (block, capacity) }
    // A fixed-length result gives back what it does not use.
    if newByteLength == 0 {
      free(block)
      return (nil, 0)
    }
    return (realloc(block, newByteLength) ?? block, newByteLength)
  }
}
