#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// The concrete typed array constructors (ES2024 23.2.5–23.2.7): Int8Array, Uint8Array,
// Uint8ClampedArray, Int16Array, Uint16Array, Int32Array, Uint32Array, Float32Array,
// Float64Array, Float16Array (ES2025), BigInt64Array and BigUint64Array, and the abstract
// operations that create typed arrays (TypedArrayCreateFromConstructor, TypedArraySpeciesCreate, …).

extension Realm {
  func installTypedArrayConstructors(_ runtime: Runtime) {
    for kind in TypedArrayKind.allCases { installTypedArrayConstructor(runtime, kind) }
    installUint8ArrayBase64(runtime)
  }

  private func installTypedArrayConstructor(_ runtime: Runtime, _ kind: TypedArrayKind) {
    let prototype = runtime.newObject(.ordinary, prototype: self[.typedArrayPrototype])
    self[kind.prototypeIntrinsic] = prototype.value
    // ES2024 23.2.6: the constructors inherit from %TypedArray%.
    let constructor = runtime.newNativeFunction(
      name: kind.name, length: 3, isConstructor: true, prototype: self[.typedArrayConstructor]
    ) { runtime, arguments throws(JSException) in
      try runtime.constructTypedArray(kind, arguments)
    }
    self[kind.constructorIntrinsic] = constructor.value
    runtime.addProperty(constructor, runtime.names.prototype, prototype.value, [])
    runtime.addProperty(prototype, runtime.names.constructor, constructor.value, .builtin)
    let bytesPerElement = runtime.propertyKey("BYTES_PER_ELEMENT")
    runtime.addProperty(constructor, bytesPerElement, Value(Int32(kind.elementSize)), [])
    runtime.addProperty(prototype, bytesPerElement, Value(Int32(kind.elementSize)), [])
    defineGlobal(kind.name, constructor.value)
  }
}

extension Runtime {
  // MARK: - The constructor (ES2024 23.2.5.1)

  func constructTypedArray(_ kind: TypedArrayKind, _ arguments: NativeArguments) throws(JSException) -> Value {
    guard arguments.isConstructCall else { throw typeError("Constructor \(kind.name) requires 'new'") }
    let first = arguments[0]
    guard first.isObject else {
      // Step 6.c: a length (ToIndex before the prototype is read).
      let length = try toIndex(first, "Invalid typed array length: \(describeForError(first))")
      let prototype = try prototypeFromConstructor(arguments.newTarget, fallback: kind.prototypeIntrinsic)
      return try allocateTypedArray(kind, prototype: prototype, length: length).value
    }
    let byteOffset = arguments[1]
    let length = arguments[2]
    let prototype = try prototypeFromConstructor(arguments.newTarget, fallback: kind.prototypeIntrinsic)
    let source = first.asObject
    switch source.objectClass {
    case .typedArray:
      return try typedArrayFromTypedArray(kind, prototype: prototype, source).value
    case .arrayBuffer:
      return try typedArrayFromBuffer(kind, prototype: prototype, source, byteOffset: byteOffset, length: length)
        .value
    default:
      return try typedArrayFromObject(kind, prototype: prototype, source).value
    }
  }

  /// AllocateTypedArray with a length: a new zeroed buffer of `length` elements.
  func allocateTypedArray(_ kind: TypedArrayKind, prototype: Value, length: Int) throws(JSException) -> ObjectRef {
    if length > heap.maximumBytes / kind.elementSize { throw rangeError("Invalid typed array length: \(length)") }
    let buffer = try newArrayBuffer(byteLength: length * kind.elementSize)
    return newTypedArray(kind, prototype: prototype, buffer: buffer, byteOffset: 0, length: length)
  }

  /// InitializeTypedArrayFromTypedArray (ES2024 23.2.5.1.2): a copy in a new buffer.
  private func typedArrayFromTypedArray(_ kind: TypedArrayKind, prototype: Value, _ source: ObjectRef)
    throws(JSException) -> ObjectRef
  {
    guard let length = typedArrayLength(source) else {
      throw typeError("Cannot construct \(kind.name) from a detached or out-of-bounds typed array")
    }
    if kind.isBigInt != typedArrayKind(source).isBigInt {
      throw typeError("Cannot construct \(kind.name) from a \(typedArrayKind(source).name)")
    }
    let result = try allocateTypedArray(kind, prototype: prototype, length: length)
    copyElements(from: source, start: 0, count: length, to: result, at: 0)
    return result
  }

  /// Copies `count` elements between typed arrays of one content type (both in bounds for the
  /// range), converting between kinds; overlapping ranges of one buffer behave like a copy
  /// through a temporary.
  func copyElements(from source: ObjectRef, start: Int, count: Int, to target: ObjectRef, at targetStart: Int) {
    guard count > 0, let from = typedArrayState(source).data, let to = typedArrayState(target).data else { return }
    let sourceKind = typedArrayKind(source)
    let targetKind = typedArrayKind(target)
    let sourceBytes = from + start * sourceKind.elementSize
    let targetBytes = to + targetStart * targetKind.elementSize
    // BigInt64 and BigUint64 elements convert by keeping the 64 bits.
    if sourceKind == targetKind || (sourceKind.isBigInt && targetKind.isBigInt) {
      memmove(targetBytes, sourceBytes, count * sourceKind.elementSize)
      return
    }
    let sourceStride = sourceKind.elementSize
    let targetStride = targetKind.elementSize
    if source.internalSlot(TypedArraySlot.buffer) != target.internalSlot(TypedArraySlot.buffer) {
      for index in 0..<count {
        targetKind.store(sourceKind.load(sourceBytes + index * sourceStride, self), targetBytes + index * targetStride)
      }
      return
    }
    // Different kinds over one buffer may overlap: read everything (numbers) before writing.
    let values = UnsafeMutableBufferPointer<Value>.allocate(capacity: count)
    defer { values.deallocate() }
    for index in 0..<count { values[index] = sourceKind.load(sourceBytes + index * sourceStride, self) }
    for index in 0..<count { targetKind.store(values[index], targetBytes + index * targetStride) }
  }

  /// InitializeTypedArrayFromArrayBuffer (ES2024 23.2.5.1.3): a view of `buffer`.
  private func typedArrayFromBuffer(
    _ kind: TypedArrayKind, prototype: Value, _ buffer: ObjectRef, byteOffset: Value, length: Value
  ) throws(JSException) -> ObjectRef {
    let elementSize = kind.elementSize
    let offset = try toIndex(
      byteOffset, "Start offset \(describeForError(byteOffset)) is outside the bounds of the buffer")
    if offset % elementSize != 0 {
      throw rangeError("start offset of \(kind.name) should be a multiple of \(elementSize)")
    }
    var newLength: Int? = nil
    if !length.isUndefined {
      newLength = try toIndex(length, "Invalid typed array length: \(describeForError(length))")
    }
    if isDetachedBuffer(buffer) { throw typeError("Cannot perform Construct on a detached ArrayBuffer") }
    let bufferByteLength = arrayBufferByteLength(buffer)
    if let newLength {
      if offset + newLength * elementSize > bufferByteLength {
        throw rangeError("Invalid typed array length: \(newLength)")
      }
      return newTypedArray(kind, prototype: prototype, buffer: buffer, byteOffset: offset, length: newLength)
    }
    if offset > bufferByteLength { throw rangeError("Start offset \(offset) is outside the bounds of the buffer") }
    if isResizableBuffer(buffer) {
      // A length-tracking view ([[ArrayLength]] auto).
      return newTypedArray(kind, prototype: prototype, buffer: buffer, byteOffset: offset, length: nil)
    }
    if bufferByteLength % elementSize != 0 {
      throw rangeError("byte length of \(kind.name) should be a multiple of \(elementSize)")
    }
    return newTypedArray(
      kind, prototype: prototype, buffer: buffer, byteOffset: offset, length: (bufferByteLength - offset) / elementSize)
  }

  /// Steps 6.b.iv: from an iterable (InitializeTypedArrayFromList) or an array-like.
  private func typedArrayFromObject(_ kind: TypedArrayKind, prototype: Value, _ source: ObjectRef)
    throws(JSException) -> ObjectRef
  {
    let usingIterator = try getMethod(source.value, PropertyKey(symbol: symbols.iterator))
    if !usingIterator.isUndefined {
      let values = try iterableToList(source.value, method: usingIterator)
      let result = try allocateTypedArray(kind, prototype: prototype, length: values.count)
      for index in 0..<values.count { try typedArraySetElement(result, Double(index), values[index]) }
      return result
    }
    // InitializeTypedArrayFromArrayLike (ES2024 23.2.5.1.5)
    let length = try lengthOfArrayLike(source)
    let result = try allocateTypedArray(kind, prototype: prototype, length: length)
    for index in 0..<length {
      let value = try get(source, propertyKey(forIndex: index))
      try typedArraySetElement(result, Double(index), value)
      if index & 4095 == 4095 { try checkSafePoint() }
    }
    return result
  }

  /// IteratorToList(GetIteratorFromMethod(value, method)); plain arrays with the built-in
  /// iteration are read directly (nothing observable runs while they are read).
  func iterableToList(_ value: Value, method: Value) throws(JSException) -> RootedValues {
    if value.isObject, value.asObject.isArray, method == realm[.arrayPrototypeValues],
      hasDefaultArrayIteration(value.asObject), value.asObject.sparseElements == nil
    {
      let array = value.asObject
      let length = Int(arrayLength(array))
      if array.denseCount == length || !prototypesHaveIndexedProperties {
        let values = RootedValues(self, capacity: length)
        let denseCount = array.denseCount
        for index in 0..<length {
          let element = index < denseCount ? array.denseElements[index] : .empty
          values.append(element.isEmpty ? .undefined : element)
        }
        return values
      }
    }
    let values = RootedValues(self)
    let (iterator, next) = try getIterator(value, method: method)
    while let element = try iteratorStep(iterator: iterator, next: next) {
      values.append(element)
      if values.count & 4095 == 0 {
        if values.count > 100_000_000 { throw rangeError("Invalid typed array length: \(values.count)") }
        try checkSafePoint()
      }
    }
    return values
  }

  // MARK: - Creating typed arrays from constructors (ES2024 23.2.4)

  /// TypedArrayCreateFromConstructor: Construct, then ValidateTypedArray and the length check.
  func typedArrayCreate(from constructor: Value, length: Int, _ method: String) throws(JSException) -> ObjectRef {
    let created = try construct(constructor, arguments: [Value(length)])
    let (view, actualLength) = try validateTypedArray(created, method)
    if actualLength < length { throw typeError("\(method): the typed array constructor made a shorter array") }
    return view
  }

  /// TypedArrayCreateFromConstructor with arguments other than one length.
  func typedArrayCreate(from constructor: Value, arguments: [Value], _ method: String) throws(JSException)
    -> ObjectRef
  {
    let created = try construct(constructor, arguments: arguments)
    return try validateTypedArray(created, method).0
  }

  /// TypedArraySpeciesCreate(exemplar, « length »).
  func typedArraySpeciesCreate(_ exemplar: ObjectRef, length: Int, _ method: String) throws(JSException)
    -> ObjectRef
  {
    let kind = typedArrayKind(exemplar)
    let defaultConstructor = realm[kind.constructorIntrinsic]
    let constructor = try speciesConstructor(exemplar, default: defaultConstructor)
    if constructor == defaultConstructor {
      // What Construct(%TA%, « length ») does, without the call.
      return try allocateTypedArray(kind, prototype: realm[kind.prototypeIntrinsic], length: length)
    }
    let result = try typedArrayCreate(from: constructor, length: length, method)
    if typedArrayKind(result).isBigInt != kind.isBigInt {
      throw typeError("\(method): the species constructor made a typed array of the other content type")
    }
    return result
  }

  /// TypedArrayCreateSameType(exemplar, « length »).
  func typedArrayCreateSameType(_ exemplar: ObjectRef, length: Int) throws(JSException) -> ObjectRef {
    let kind = typedArrayKind(exemplar)
    return try allocateTypedArray(kind, prototype: realm[kind.prototypeIntrinsic], length: length)
  }
}
