#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// %TypedArray% (ES2024 23.2.1–23.2.2), the abstract constructor the concrete typed
// array constructors inherit from, and %TypedArray.prototype% (23.2.3), whose methods
// every typed array shares. Each method validates its receiver (ValidateTypedArray:
// a TypeError for a detached or out-of-bounds view) and reads elements with
// TypedArrayGetElement, which gives undefined once user code shrank or detached the buffer.

extension Realm {
  func installTypedArray(_ runtime: Runtime) {
    let prototype = runtime.newObject(.ordinary, prototype: self[.objectPrototype])
    self[.typedArrayPrototype] = prototype.value
    let constructor = runtime.newNativeFunction(name: "TypedArray", length: 0, isConstructor: true) {
      runtime, _ throws(JSException) in
      throw runtime.typeError("Abstract class TypedArray not directly constructable")
    }
    self[.typedArrayConstructor] = constructor.value
    runtime.addProperty(constructor, runtime.names.prototype, prototype.value, [])
    runtime.addProperty(prototype, runtime.names.constructor, constructor.value, .builtin)
    runtime.defineNativeMethod(constructor, "from", length: 1) { runtime, arguments throws(JSException) in
      try runtime.typedArrayFrom(arguments)
    }
    runtime.defineNativeMethod(constructor, "of", length: 0) { runtime, arguments throws(JSException) in
      try runtime.typedArrayOf(arguments)
    }
    runtime.defineSpeciesGetter(constructor)
    deferProperties(of: prototype, to: .typedArrayPrototype)
  }

  func installTypedArrayPrototypeProperties(_ runtime: Runtime, _ prototype: ObjectRef) {
    installTypedArrayAccessors(runtime, prototype)
    installTypedArrayElementMethods(runtime, prototype)
    installTypedArrayCallbackMethods(runtime, prototype)
    installTypedArraySearchMethods(runtime, prototype)
    installTypedArrayCopyingMethods(runtime, prototype)
    installTypedArrayStringMethods(runtime, prototype)
    installTypedArrayIteratorMethods(runtime, prototype)
  }

  private func installTypedArrayAccessors(_ runtime: Runtime, _ prototype: ObjectRef) {
    runtime.defineNativeAccessor(
      prototype, runtime.propertyKey("buffer"), name: "buffer",
      getter: { runtime, arguments throws(JSException) in
        try runtime.requireTypedArray(arguments.this).internalSlot(TypedArraySlot.buffer)
      })
    runtime.defineNativeAccessor(
      prototype, runtime.propertyKey("byteLength"), name: "byteLength",
      getter: { runtime, arguments throws(JSException) in
        let view = try runtime.requireTypedArray(arguments.this)
        return Value((runtime.typedArrayLength(view) ?? 0) * runtime.typedArrayKind(view).elementSize)
      })
    runtime.defineNativeAccessor(
      prototype, runtime.propertyKey("byteOffset"), name: "byteOffset",
      getter: { runtime, arguments throws(JSException) in
        let view = try runtime.requireTypedArray(arguments.this)
        if runtime.typedArrayLength(view) == nil { return Value(Int32(0)) }
        return view.internalSlot(TypedArraySlot.byteOffset)
      })
    runtime.defineNativeAccessor(
      prototype, runtime.names.length, name: "length",
      getter: { runtime, arguments throws(JSException) in
        Value(runtime.typedArrayLength(try runtime.requireTypedArray(arguments.this)) ?? 0)
      })
    recordGetter(runtime, prototype, runtime.names.length, as: .typedArrayLengthGetter)
    // ES2024 23.2.3.38: undefined for anything that is not a typed array (no TypeError).
    runtime.defineNativeAccessor(
      prototype, PropertyKey(symbol: runtime.symbols.toStringTag), name: "[Symbol.toStringTag]",
      getter: { runtime, arguments throws(JSException) in
        let this = arguments.this
        guard this.isObject, this.asObject.objectClass == .typedArray else { return .undefined }
        return runtime.newString(runtime.typedArrayKind(this.asObject).name).value
      })
  }

  private func installTypedArrayElementMethods(_ runtime: Runtime, _ prototype: ObjectRef) {
    runtime.defineNativeMethod(prototype, "at", length: 1) { runtime, arguments throws(JSException) in
      let (view, length) = try runtime.validateTypedArray(arguments.this, "%TypedArray%.prototype.at")
      let relative = try runtime.toIntegerOrInfinity(arguments[0])
      let index = relative >= 0 ? relative : Double(length) + relative
      if index < 0 || index >= Double(length) { return .undefined }
      return runtime.typedArrayGetElement(view, Int(index))
    }
    runtime.defineNativeMethod(prototype, "copyWithin", length: 2) { runtime, arguments throws(JSException) in
      try runtime.typedArrayCopyWithin(arguments)
    }
    runtime.defineNativeMethod(prototype, "fill", length: 1) { runtime, arguments throws(JSException) in
      try runtime.typedArrayFill(arguments)
    }
    runtime.defineNativeMethod(prototype, "reverse", length: 0) { runtime, arguments throws(JSException) in
      let (view, length) = try runtime.validateTypedArray(arguments.this, "%TypedArray%.prototype.reverse")
      runtime.reverseElements(view, length)
      return view.value
    }
    runtime.defineNativeMethod(prototype, "set", length: 1) { runtime, arguments throws(JSException) in
      try runtime.typedArraySet(arguments)
    }
    runtime.defineNativeMethod(prototype, "sort", length: 1) { runtime, arguments throws(JSException) in
      let comparator = try runtime.requireSortComparator(arguments[0])
      let (view, length) = try runtime.validateTypedArray(arguments.this, "%TypedArray%.prototype.sort")
      // The comparator may shrink the buffer: only valid indices are written.
      try runtime.sortElements(of: view, length, comparator: comparator, into: view)
      return view.value
    }
    runtime.defineNativeMethod(prototype, "with", length: 2) { runtime, arguments throws(JSException) in
      try runtime.typedArrayWith(arguments)
    }
  }

  private func installTypedArrayCallbackMethods(_ runtime: Runtime, _ prototype: ObjectRef) {
    runtime.defineNativeMethod(prototype, "every", length: 1) { runtime, arguments throws(JSException) in
      let found = try runtime.typedArrayFind(arguments, "%TypedArray%.prototype.every", fromEnd: false) {
        !runtime.toBoolean($0)
      }
      return Value(found == nil)
    }
    runtime.defineNativeMethod(prototype, "some", length: 1) { runtime, arguments throws(JSException) in
      let found = try runtime.typedArrayFind(arguments, "%TypedArray%.prototype.some", fromEnd: false) {
        runtime.toBoolean($0)
      }
      return Value(found != nil)
    }
    runtime.defineNativeMethod(prototype, "forEach", length: 1) { runtime, arguments throws(JSException) in
      _ = try runtime.typedArrayFind(arguments, "%TypedArray%.prototype.forEach", fromEnd: false) { _ in false }
      return .undefined
    }
    let finders: [(String, Bool, Bool)] = [
      ("find", false, false), ("findIndex", false, true), ("findLast", true, false), ("findLastIndex", true, true),
    ]
    for (name, fromEnd, wantsIndex) in finders {
      runtime.defineNativeMethod(prototype, name, length: 1) { runtime, arguments throws(JSException) in
        let found = try runtime.typedArrayFind(arguments, "%TypedArray%.prototype.\(name)", fromEnd: fromEnd) {
          runtime.toBoolean($0)
        }
        if wantsIndex { return Value(found?.index ?? -1) }
        return found?.value ?? .undefined
      }
    }
    runtime.defineNativeMethod(prototype, "filter", length: 1) { runtime, arguments throws(JSException) in
      try runtime.typedArrayFilter(arguments)
    }
    runtime.defineNativeMethod(prototype, "map", length: 1) { runtime, arguments throws(JSException) in
      try runtime.typedArrayMap(arguments)
    }
    runtime.defineNativeMethod(prototype, "reduce", length: 1) { runtime, arguments throws(JSException) in
      try runtime.typedArrayReduce(arguments, fromEnd: false)
    }
    runtime.defineNativeMethod(prototype, "reduceRight", length: 1) { runtime, arguments throws(JSException) in
      try runtime.typedArrayReduce(arguments, fromEnd: true)
    }
  }

  private func installTypedArraySearchMethods(_ runtime: Runtime, _ prototype: ObjectRef) {
    runtime.defineNativeMethod(prototype, "includes", length: 1) { runtime, arguments throws(JSException) in
      try runtime.typedArrayIncludes(arguments)
    }
    runtime.defineNativeMethod(prototype, "indexOf", length: 1) { runtime, arguments throws(JSException) in
      try runtime.typedArrayIndexOf(arguments)
    }
    runtime.defineNativeMethod(prototype, "lastIndexOf", length: 1) { runtime, arguments throws(JSException) in
      try runtime.typedArrayLastIndexOf(arguments)
    }
  }

  private func installTypedArrayCopyingMethods(_ runtime: Runtime, _ prototype: ObjectRef) {
    runtime.defineNativeMethod(prototype, "slice", length: 2) { runtime, arguments throws(JSException) in
      try runtime.typedArraySlice(arguments)
    }
    runtime.defineNativeMethod(prototype, "subarray", length: 2) { runtime, arguments throws(JSException) in
      try runtime.typedArraySubarray(arguments)
    }
    runtime.defineNativeMethod(prototype, "toReversed", length: 0) { runtime, arguments throws(JSException) in
      let (view, length) = try runtime.validateTypedArray(arguments.this, "%TypedArray%.prototype.toReversed")
      let result = try runtime.typedArrayCreateSameType(view, length: length)
      runtime.copyElements(from: view, start: 0, count: length, to: result, at: 0)
      runtime.reverseElements(result, length)
      return result.value
    }
    runtime.defineNativeMethod(prototype, "toSorted", length: 1) { runtime, arguments throws(JSException) in
      let comparator = try runtime.requireSortComparator(arguments[0])
      let (view, length) = try runtime.validateTypedArray(arguments.this, "%TypedArray%.prototype.toSorted")
      let result = try runtime.typedArrayCreateSameType(view, length: length)
      try runtime.sortElements(of: view, length, comparator: comparator, into: result)
      return result.value
    }
  }

  private func installTypedArrayStringMethods(_ runtime: Runtime, _ prototype: ObjectRef) {
    runtime.defineNativeMethod(prototype, "join", length: 1) { runtime, arguments throws(JSException) in
      let (view, length) = try runtime.validateTypedArray(arguments.this, "%TypedArray%.prototype.join")
      let separator =
        arguments[0].isUndefined ? runtime.singleCodeUnitString(0x2C) : try runtime.toString(arguments[0])
      return try runtime.joinTypedArray(view, length, separator: separator) { element throws(JSException) in
        try runtime.toString(element)
      }.value
    }
    runtime.defineNativeMethod(prototype, "toLocaleString", length: 0) { runtime, arguments throws(JSException) in
      let (view, length) = try runtime.validateTypedArray(arguments.this, "%TypedArray%.prototype.toLocaleString")
      let method = runtime.propertyKey("toLocaleString")
      return try runtime.joinTypedArray(view, length, separator: runtime.singleCodeUnitString(0x2C)) {
        element throws(JSException) in
        try runtime.toString(runtime.call(runtime.getV(element, method), this: element, arguments: []))
      }.value
    }
    // ES2024 23.2.3.32: the same function object as Array.prototype.toString.
    if case .data(let toString, _, _) = runtime.lookupOwn(object(.arrayPrototype), runtime.names.toString) {
      runtime.addProperty(prototype, runtime.names.toString, toString, .builtin)
    }
  }

  private func installTypedArrayIteratorMethods(_ runtime: Runtime, _ prototype: ObjectRef) {
    let kinds: [(String, IterationKind)] = [("entries", .entries), ("keys", .keys), ("values", .values)]
    for (name, kind) in kinds {
      let method = runtime.defineNativeMethod(prototype, name, length: 0) { runtime, arguments throws(JSException) in
        let (view, _) = try runtime.validateTypedArray(arguments.this, "%TypedArray%.prototype.\(name)")
        return runtime.createArrayIterator(view.value, kind: kind)
      }
      if kind == .values {
        runtime.addProperty(prototype, PropertyKey(symbol: runtime.symbols.iterator), method.value, .builtin)
      }
    }
  }
}

extension Runtime {
  // MARK: - %TypedArray%.from and %TypedArray%.of (ES2024 23.2.2.1, 23.2.2.2)

  func typedArrayFrom(_ arguments: NativeArguments) throws(JSException) -> Value {
    let method = "%TypedArray%.from"
    let constructor = arguments.this
    let source = arguments[0]
    let mapper = arguments[1]
    let thisArgument = arguments[2]
    guard constructor.isConstructor else { throw typeError("\(describeForError(constructor)) is not a constructor") }
    if !mapper.isUndefined && !mapper.isCallable { throw typeError("\(describeForError(mapper)) is not a function") }
    let usingIterator = try getMethod(source, PropertyKey(symbol: symbols.iterator))
    if !usingIterator.isUndefined {
      let values = try iterableToList(source, method: usingIterator)
      let target = try typedArrayCreate(from: constructor, length: values.count, method)
      for index in 0..<values.count {
        var value = values[index]
        if !mapper.isUndefined { value = try call(mapper, this: thisArgument, arguments: [value, Value(index)]) }
        try set(target, propertyKey(forIndex: index), value, throwing: true)
      }
      return target.value
    }
    // Step 7: not iterable, an array-like.
    let arrayLike = try toObject(source)
    let length = try lengthOfArrayLike(arrayLike)
    let target = try typedArrayCreate(from: constructor, length: length, method)
    for index in 0..<length {
      let key = propertyKey(forIndex: index)
      var value = try get(arrayLike, key)
      if !mapper.isUndefined { value = try call(mapper, this: thisArgument, arguments: [value, Value(index)]) }
      try set(target, key, value, throwing: true)
    }
    return target.value
  }

  func typedArrayOf(_ arguments: NativeArguments) throws(JSException) -> Value {
    let constructor = arguments.this
    guard constructor.isConstructor else { throw typeError("\(describeForError(constructor)) is not a constructor") }
    let target = try typedArrayCreate(from: constructor, length: arguments.count, "%TypedArray%.of")
    for index in 0..<arguments.count {
      try set(target, PropertyKey(index: UInt32(index)), arguments[index], throwing: true)
    }
    return target.value
  }

  // MARK: - Element methods

  /// %TypedArray%.prototype.copyWithin (ES2024 23.2.3.6).
  func typedArrayCopyWithin(_ arguments: NativeArguments) throws(JSException) -> Value {
    let method = "%TypedArray%.prototype.copyWithin"
    let (view, length) = try validateTypedArray(arguments.this, method)
    let target = try relativeIndex(arguments[0], length: length, default: 0)
    let start = try relativeIndex(arguments[1], length: length, default: 0)
    let end = try relativeIndex(arguments[2], length: length, default: length)
    let count = min(end - start, length - target)
    if count <= 0 { return view.value }
    // The conversions above may have shrunk or detached the buffer (steps 11.c–11.e).
    guard let newLength = typedArrayLength(view) else {
      throw typeError("Cannot perform \(method) on a detached or out-of-bounds ArrayBuffer")
    }
    // Step 17: a shrink clamps the copy to the elements both ranges still have.
    let clampedCount = min(count, newLength - start, newLength - target)
    let elementSize = typedArrayKind(view).elementSize
    guard clampedCount > 0, let data = typedArrayState(view).data else { return view.value }
    memmove(data + target * elementSize, data + start * elementSize, clampedCount * elementSize)
    return view.value
  }

  /// %TypedArray%.prototype.fill (ES2024 23.2.3.9).
  func typedArrayFill(_ arguments: NativeArguments) throws(JSException) -> Value {
    let method = "%TypedArray%.prototype.fill"
    let (view, length) = try validateTypedArray(arguments.this, method)
    let number = try typedArrayElementValue(typedArrayKind(view), arguments[0])
    let start = try relativeIndex(arguments[1], length: length, default: 0)
    var end = try relativeIndex(arguments[2], length: length, default: length)
    guard let newLength = typedArrayLength(view) else {
      throw typeError("Cannot perform \(method) on a detached or out-of-bounds ArrayBuffer")
    }
    end = min(end, newLength)
    guard start < end, let data = typedArrayState(view).data else { return view.value }
    let kind = typedArrayKind(view)
    let size = kind.elementSize
    kind.store(number, data + start * size)
    // Every element has the same bytes: replicate the first one.
    if size == 1 {
      memset(data + start + 1, Int32(data.load(fromByteOffset: start, as: UInt8.self)), end - start - 1)
    } else {
      for index in (start + 1)..<end { memcpy(data + index * size, data + start * size, size) }
    }
    return view.value
  }

  /// Swaps elements end for end (bit patterns move unchanged).
  func reverseElements(_ view: ObjectRef, _ length: Int) {
    guard length > 1, let data = typedArrayState(view).data else { return }
    let size = typedArrayKind(view).elementSize
    var lower = 0
    var upper = length - 1
    var scratch: UInt64 = 0
    while lower < upper {
      withUnsafeMutableBytes(of: &scratch) { temporary in
        let base = temporary.baseAddress!
        memcpy(base, data + lower * size, size)
        memcpy(data + lower * size, data + upper * size, size)
        memcpy(data + upper * size, base, size)
      }
      lower += 1
      upper -= 1
    }
  }

  /// %TypedArray%.prototype.set (ES2024 23.2.3.26).
  func typedArraySet(_ arguments: NativeArguments) throws(JSException) -> Value {
    let target = try requireTypedArray(arguments.this)
    let source = arguments[0]
    let offset = try toIntegerOrInfinity(arguments[1])
    if offset < 0 { throw rangeError("offset is out of bounds") }
    if source.isObject && source.asObject.objectClass == .typedArray {
      try setFromTypedArray(target, offset, source.asObject)
    } else {
      try setFromArrayLike(target, offset, source)
    }
    return .undefined
  }

  /// SetTypedArrayFromTypedArray (ES2024 23.2.3.26.1).
  private func setFromTypedArray(_ target: ObjectRef, _ offset: Double, _ source: ObjectRef) throws(JSException) {
    let method = "%TypedArray%.prototype.set"
    guard let targetLength = typedArrayLength(target), let sourceLength = typedArrayLength(source) else {
      throw typeError("Cannot perform \(method) on a detached or out-of-bounds ArrayBuffer")
    }
    if typedArrayKind(target).isBigInt != typedArrayKind(source).isBigInt {
      throw typeError("\(method): cannot mix BigInt and Number typed arrays")
    }
    if offset.isInfinite || Double(sourceLength) + offset > Double(targetLength) {
      throw rangeError("offset is out of bounds")
    }
    // Same buffer and kind: memmove is the spec's clone-then-copy.
    copyElements(from: source, start: 0, count: sourceLength, to: target, at: Int(offset))
  }

  /// SetTypedArrayFromArrayLike (ES2024 23.2.3.26.2).
  private func setFromArrayLike(_ target: ObjectRef, _ offset: Double, _ source: Value) throws(JSException) {
    guard let targetLength = typedArrayLength(target) else {
      throw typeError("Cannot perform %TypedArray%.prototype.set on a detached or out-of-bounds ArrayBuffer")
    }
    let sourceObject = try toObject(source)
    let sourceLength = try lengthOfArrayLike(sourceObject)
    if offset.isInfinite || Double(sourceLength) + offset > Double(targetLength) {
      throw rangeError("offset is out of bounds")
    }
    let start = Int(offset)
    for index in 0..<sourceLength {
      let value = try get(sourceObject, propertyKey(forIndex: index))
      try typedArraySetElement(target, Double(start + index), value)
      if index & 4095 == 4095 { try checkSafePoint() }
    }
  }

  /// %TypedArray%.prototype.with (ES2024 23.2.3.36).
  func typedArrayWith(_ arguments: NativeArguments) throws(JSException) -> Value {
    let (view, length) = try validateTypedArray(arguments.this, "%TypedArray%.prototype.with")
    let relative = try toIntegerOrInfinity(arguments[0])
    // + 0: ToIntegerOrInfinity's -0 (from -0.5) is the mathematical 0.
    let actualIndex = (relative >= 0 ? relative : Double(length) + relative) + 0
    let number = try typedArrayElementValue(typedArrayKind(view), arguments[1])
    if !isValidIntegerIndex(view, actualIndex) { throw rangeError("Invalid typed array index") }
    let result = try typedArrayCreateSameType(view, length: length)
    for index in 0..<length {
      // A shrunk source reads undefined, stored as NaN (0 for integer kinds).
      let element = Double(index) == actualIndex ? number : typedArrayGetElement(view, index)
      try typedArraySetElement(result, Double(index), element)
    }
    return result.value
  }

  // MARK: - Sorting (ES2024 23.2.3.29, 23.2.3.34)

  /// The comparator argument, checked before anything else is read.
  func requireSortComparator(_ comparator: Value) throws(JSException) -> Value {
    if !comparator.isUndefined && !comparator.isCallable {
      throw typeError("The comparison function must be either a function or undefined")
    }
    return comparator
  }

  /// Sorts the first `length` elements of `view` and writes them to `target`'s valid indices.
  func sortElements(of view: ObjectRef, _ length: Int, comparator: Value, into target: ObjectRef)
    throws(JSException)
  {
    if typedArrayKind(view).isBigInt {
      let sorted = try sortedBigIntElements(view, length, comparator: comparator)
      for index in 0..<sorted.count { storeRawIfValid(target, index, sorted[index]) }
    } else {
      let sorted = try sortedElements(view, length, comparator: comparator)
      for index in 0..<sorted.count { storeIfValid(target, index, Value(number: sorted[index])) }
    }
  }

  /// The elements of a BigInt typed array as raw 64-bit patterns, in BigInt order (signed for
  /// BigInt64Array) or the comparator's, stable.
  private func sortedBigIntElements(_ view: ObjectRef, _ length: Int, comparator: Value) throws(JSException)
    -> [UInt64]
  {
    let signed = typedArrayKind(view) == .bigInt64
    var elements = [UInt64](repeating: 0, count: length)
    if let data = typedArrayState(view).data {
      for index in 0..<length { elements[index] = data.load(fromByteOffset: index * 8, as: UInt64.self) }
    }
    if comparator.isUndefined {
      if signed {
        elements.sort { Int64(bitPattern: $0) < Int64(bitPattern: $1) }
      } else {
        elements.sort()
      }
      return elements
    }
    try mergeSort(&elements) { a, b throws(JSException) in
      let x = signed ? newBigInt(Int64(bitPattern: a)).value : newBigInt(a).value
      let y = signed ? newBigInt(Int64(bitPattern: b)).value : newBigInt(b).value
      let result = try toNumber(call(comparator, this: .undefined, arguments: [x, y]))
      return !(result > 0)  // NaN counts as +0
    }
    return elements
  }

  /// Stores a raw 64-bit element into a BigInt typed array if the index is still valid.
  private func storeRawIfValid(_ view: ObjectRef, _ index: Int, _ bits: UInt64) {
    let (data, length) = typedArrayState(view)
    guard index >= 0 && index < length, let data else { return }
    data.storeBytes(of: bits, toByteOffset: index * 8, as: UInt64.self)
  }

  /// SortIndexedProperties with TypedArray SortCompare: numeric order (-0 before +0, NaN
  /// last) or the comparator's, stable.
  func sortedElements(_ view: ObjectRef, _ length: Int, comparator: Value) throws(JSException) -> [Double] {
    var numbers = [Double](repeating: 0, count: length)
    for index in 0..<length { numbers[index] = typedArrayGetElement(view, index).asNumber }
    if comparator.isUndefined {
      numbers.sort(by: numericallyPrecedes)
      return numbers
    }
    try mergeSort(&numbers) { a, b throws(JSException) in
      let result = try toNumber(call(comparator, this: .undefined, arguments: [Value(number: a), Value(number: b)]))
      return !(result > 0)  // NaN counts as +0
    }
    return numbers
  }

  // MARK: - Callback methods

  /// Calls `callback(element, index, view)` for each index in order (or from the end) until
  /// `stop` says so on the callback's result; returns that element and index.
  func typedArrayFind(
    _ arguments: NativeArguments, _ method: String, fromEnd: Bool, stop: (Value) -> Bool
  ) throws(JSException) -> (value: Value, index: Int)? {
    let (view, length) = try validateTypedArray(arguments.this, method)
    let callback = try requireCallback(arguments[0])
    let thisArgument = arguments[1]
    for step in 0..<length {
      let index = fromEnd ? length - 1 - step : step
      let element = typedArrayGetElement(view, index)
      let result = try call(callback, this: thisArgument, arguments: [element, Value(index), view.value])
      if stop(result) { return (element, index) }
    }
    return nil
  }

  private func requireCallback(_ callback: Value) throws(JSException) -> Value {
    guard callback.isCallable else { throw typeError("\(describeForError(callback)) is not a function") }
    return callback
  }

  /// %TypedArray%.prototype.filter (ES2024 23.2.3.10).
  func typedArrayFilter(_ arguments: NativeArguments) throws(JSException) -> Value {
    let method = "%TypedArray%.prototype.filter"
    let (view, length) = try validateTypedArray(arguments.this, method)
    let callback = try requireCallback(arguments[0])
    let thisArgument = arguments[1]
    var kept: [Value] = []  // numbers only: nothing for the collector to see
    for index in 0..<length {
      let element = typedArrayGetElement(view, index)
      let selected = try call(callback, this: thisArgument, arguments: [element, Value(index), view.value])
      if toBoolean(selected) { kept.append(element) }
    }
    let result = try typedArraySpeciesCreate(view, length: kept.count, method)
    for (index, element) in kept.enumerated() { try typedArraySetElement(result, Double(index), element) }
    return result.value
  }

  /// %TypedArray%.prototype.map (ES2024 23.2.3.22).
  func typedArrayMap(_ arguments: NativeArguments) throws(JSException) -> Value {
    let method = "%TypedArray%.prototype.map"
    let (view, length) = try validateTypedArray(arguments.this, method)
    let callback = try requireCallback(arguments[0])
    let thisArgument = arguments[1]
    let result = try typedArraySpeciesCreate(view, length: length, method)
    for index in 0..<length {
      let element = typedArrayGetElement(view, index)
      let mapped = try call(callback, this: thisArgument, arguments: [element, Value(index), view.value])
      try typedArraySetElement(result, Double(index), mapped)
    }
    return result.value
  }

  /// %TypedArray%.prototype.reduce and reduceRight (ES2024 23.2.3.23–24).
  func typedArrayReduce(_ arguments: NativeArguments, fromEnd: Bool) throws(JSException) -> Value {
    let method = fromEnd ? "%TypedArray%.prototype.reduceRight" : "%TypedArray%.prototype.reduce"
    let (view, length) = try validateTypedArray(arguments.this, method)
    let callback = try requireCallback(arguments[0])
    var step = 0
    var accumulator: Value
    if arguments.count >= 2 {
      accumulator = arguments[1]
    } else {
      if length == 0 { throw typeError("Reduce of empty array with no initial value") }
      accumulator = typedArrayGetElement(view, fromEnd ? length - 1 : 0)
      step = 1
    }
    while step < length {
      let index = fromEnd ? length - 1 - step : step
      let element = typedArrayGetElement(view, index)
      accumulator = try call(callback, this: .undefined, arguments: [accumulator, element, Value(index), view.value])
      step += 1
    }
    return accumulator
  }

  // MARK: - Searching (ES2024 23.2.3.16, 23.2.3.17, 23.2.3.20)

  func typedArrayIncludes(_ arguments: NativeArguments) throws(JSException) -> Value {
    let (view, length) = try validateTypedArray(arguments.this, "%TypedArray%.prototype.includes")
    if length == 0 { return .false }
    guard let start = try searchStart(arguments[1], length: length) else { return .false }
    let target = arguments[0]
    // Elements read after a shrink are undefined, which `includes(undefined)` finds.
    for index in start..<length where sameValueZero(typedArrayGetElement(view, index), target) { return .true }
    return .false
  }

  func typedArrayIndexOf(_ arguments: NativeArguments) throws(JSException) -> Value {
    let (view, length) = try validateTypedArray(arguments.this, "%TypedArray%.prototype.indexOf")
    if length == 0 { return Value(Int32(-1)) }
    guard let start = try searchStart(arguments[1], length: length) else { return Value(Int32(-1)) }
    let target = arguments[0]
    let present = min(length, typedArrayLength(view) ?? 0)
    if typedArrayKind(view).isBigInt {
      guard target.isBigInt else { return Value(Int32(-1)) }
      for index in start..<max(start, present) where isStrictlyEqual(typedArrayGetElement(view, index), target) {
        return Value(index)
      }
      return Value(Int32(-1))
    }
    guard target.isNumber else { return Value(Int32(-1)) }
    // HasProperty is false past a shrink, and elements are numbers: strict equality on numbers.
    let wanted = target.asNumber
    for index in start..<max(start, present) where typedArrayGetElement(view, index).asNumber == wanted {
      return Value(index)
    }
    return Value(Int32(-1))
  }

  func typedArrayLastIndexOf(_ arguments: NativeArguments) throws(JSException) -> Value {
    let (view, length) = try validateTypedArray(arguments.this, "%TypedArray%.prototype.lastIndexOf")
    if length == 0 { return Value(Int32(-1)) }
    let from = arguments.count > 1 ? try toIntegerOrInfinity(arguments[1]) : Double(length - 1)
    if from == -.infinity { return Value(Int32(-1)) }
    let start = from >= 0 ? min(from, Double(length - 1)) : Double(length) + from
    let target = arguments[0]
    let isBigInt = typedArrayKind(view).isBigInt
    guard isBigInt ? target.isBigInt : target.isNumber, start >= 0 else { return Value(Int32(-1)) }
    let present = typedArrayLength(view) ?? 0
    var index = Int(start)
    while index >= 0 {
      if index < present && isStrictlyEqual(typedArrayGetElement(view, index), target) { return Value(index) }
      index -= 1
    }
    return Value(Int32(-1))
  }

  /// The first index to search from `fromIndex` (nil: +∞, nothing to search).
  private func searchStart(_ fromIndex: Value, length: Int) throws(JSException) -> Int? {
    let relative = try toIntegerOrInfinity(fromIndex)
    if relative == .infinity { return nil }
    if relative >= 0 { return relative >= Double(length) ? nil : Int(relative) }
    return Int(max(Double(length) + relative, 0))
  }

  // MARK: - Copying methods

  /// %TypedArray%.prototype.slice (ES2024 23.2.3.27).
  func typedArraySlice(_ arguments: NativeArguments) throws(JSException) -> Value {
    let method = "%TypedArray%.prototype.slice"
    let (view, length) = try validateTypedArray(arguments.this, method)
    let start = try relativeIndex(arguments[0], length: length, default: 0)
    var end = try relativeIndex(arguments[1], length: length, default: length)
    let result = try typedArraySpeciesCreate(view, length: max(end - start, 0), method)
    if end <= start { return result.value }
    guard let newLength = typedArrayLength(view) else {
      throw typeError("Cannot perform \(method) on a detached or out-of-bounds ArrayBuffer")
    }
    end = min(end, newLength)
    let count = max(end - start, 0)
    let kind = typedArrayKind(view)
    if kind != typedArrayKind(result) {
      for index in 0..<count {
        try typedArraySetElement(result, Double(index), typedArrayGetElement(view, start + index))
      }
      return result.value
    }
    // Same type: the bytes are copied in order (step 14.b), also within one buffer.
    guard count > 0, let from = typedArrayState(view).data, let to = typedArrayState(result).data else {
      return result.value
    }
    let source = from + start * kind.elementSize
    let byteCount = count * kind.elementSize
    if view.internalSlot(TypedArraySlot.buffer) == result.internalSlot(TypedArraySlot.buffer) {
      for offset in 0..<byteCount {
        to.storeBytes(of: source.load(fromByteOffset: offset, as: UInt8.self), toByteOffset: offset, as: UInt8.self)
      }
    } else {
      memcpy(to, source, byteCount)
    }
    return result.value
  }

  /// %TypedArray%.prototype.subarray (ES2024 23.2.3.30): a new view of the same buffer.
  func typedArraySubarray(_ arguments: NativeArguments) throws(JSException) -> Value {
    let method = "%TypedArray%.prototype.subarray"
    let view = try requireTypedArray(arguments.this)
    let buffer = view.internalSlot(TypedArraySlot.buffer)
    let sourceLength = typedArrayLength(view) ?? 0
    let start = try relativeIndex(arguments[0], length: sourceLength, default: 0)
    let kind = typedArrayKind(view)
    let beginByteOffset = view.internalSlot(TypedArraySlot.byteOffset).asLength + start * kind.elementSize
    var constructorArguments = [buffer, Value(beginByteOffset)]
    if !(view.internalSlot(TypedArraySlot.arrayLength).isUndefined && arguments[1].isUndefined) {
      let end = try relativeIndex(arguments[1], length: sourceLength, default: sourceLength)
      constructorArguments.append(Value(max(end - start, 0)))
    }
    let defaultConstructor = realm[kind.constructorIntrinsic]
    let constructor = try speciesConstructor(view, default: defaultConstructor)
    let result = try typedArrayCreate(from: constructor, arguments: constructorArguments, method)
    if typedArrayKind(result).isBigInt != kind.isBigInt {
      throw typeError("\(method): the species constructor made a typed array of the other content type")
    }
    return result.value
  }

  // MARK: - join and toLocaleString

  /// The elements converted by `convert` (undefined gives ""), joined by `separator`.
  func joinTypedArray(
    _ view: ObjectRef, _ length: Int, separator: StringRef, _ convert: (Value) throws(JSException) -> StringRef
  ) throws(JSException) -> StringRef {
    var builder = StringBuilder(self)
    for index in 0..<length {
      if index > 0 { builder.append(separator, heap) }
      let element = typedArrayGetElement(view, index)
      if !element.isUndefined { builder.append(try convert(element), heap) }
      if builder.overflowed { break }
      if index & 4095 == 4095 { try checkSafePoint() }
    }
    return try builder.finish(self)
  }
}

/// TypedArray SortCompare without a comparator: ascending, -0 before +0, NaN last.
private func numericallyPrecedes(_ a: Double, _ b: Double) -> Bool {
  if a.isNaN { return false }
  if b.isNaN { return true }
  if a != b { return a < b }
  return a == 0 && a.sign == .minus && b.sign == .plus
}
