#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// %Array.prototype% (ES2024 23.1.3). Every method is generic: it works on any
// object through the internal methods (so on array-likes and proxies too);
// ArrayOperations.swift holds the element helpers and their dense fast paths,
// ArraySort.swift the sorting methods.

extension Realm {
  func installArrayPrototype(_ runtime: Runtime, _ prototype: ObjectRef) {
    installArrayAccessMethods(runtime, prototype)
    installArrayStringMethods(runtime, prototype)
    installArrayStackMethods(runtime, prototype)
    installArrayReorderingMethods(runtime, prototype)
    installArrayCallbackMethods(runtime, prototype)
    installArrayReduceMethods(runtime, prototype)
    installArrayFindMethods(runtime, prototype)
    installArrayCopyingMethods(runtime, prototype)
    installArraySortMethods(runtime, prototype)
    installArrayIteratorMethods(runtime, prototype)
    installArrayUnscopables(runtime, prototype)
  }

  private func installArrayAccessMethods(_ runtime: Runtime, _ prototype: ObjectRef) {
    runtime.defineNativeMethod(prototype, "at", length: 1) { runtime, arguments throws(JSException) in
      try runtime.arrayAt(arguments.this, arguments[0])
    }
    runtime.defineNativeMethod(prototype, "includes", length: 1) { runtime, arguments throws(JSException) in
      try runtime.arrayIncludes(arguments.this, arguments[0], fromIndex: arguments[1])
    }
    runtime.defineNativeMethod(prototype, "indexOf", length: 1) { runtime, arguments throws(JSException) in
      try runtime.arrayIndexOf(arguments.this, arguments[0], fromIndex: arguments[1])
    }
    runtime.defineNativeMethod(prototype, "lastIndexOf", length: 1) { runtime, arguments throws(JSException) in
      try runtime.arrayLastIndexOf(
        arguments.this, arguments[0], fromIndex: arguments.count > 1 ? arguments[1] : nil)
    }
  }

  private func installArrayStringMethods(_ runtime: Runtime, _ prototype: ObjectRef) {
    runtime.defineNativeMethod(prototype, "join", length: 1) { runtime, arguments throws(JSException) in
      let object = try runtime.toObject(arguments.this)
      return try runtime.arrayJoin(object, separator: arguments[0]).value
    }
    // 23.1.3.36 Array.prototype.toString ( )
    runtime.defineNativeMethod(prototype, "toString", length: 0) { runtime, arguments throws(JSException) in
      let object = try runtime.toObject(arguments.this)
      let join = try runtime.get(object, runtime.names.join)
      if join.isCallable { return try runtime.call(join, this: object.value, arguments: []) }
      return try runtime.objectToString(object.value).value
    }
    runtime.defineNativeMethod(prototype, "toLocaleString", length: 0) { runtime, arguments throws(JSException) in
      try runtime.arrayToLocaleString(runtime.toObject(arguments.this)).value
    }
  }

  private func installArrayStackMethods(_ runtime: Runtime, _ prototype: ObjectRef) {
    runtime.defineNativeMethod(prototype, "push", length: 1) { runtime, arguments throws(JSException) in
      try runtime.arrayPush(arguments)
    }
    runtime.defineNativeMethod(prototype, "pop", length: 0) { runtime, arguments throws(JSException) in
      try runtime.arrayPop(arguments.this)
    }
    runtime.defineNativeMethod(prototype, "shift", length: 0) { runtime, arguments throws(JSException) in
      try runtime.arrayShift(arguments.this)
    }
    runtime.defineNativeMethod(prototype, "unshift", length: 1) { runtime, arguments throws(JSException) in
      try runtime.arrayUnshift(arguments)
    }
    runtime.defineNativeMethod(prototype, "splice", length: 2) { runtime, arguments throws(JSException) in
      try runtime.arraySplice(arguments)
    }
  }

  private func installArrayReorderingMethods(_ runtime: Runtime, _ prototype: ObjectRef) {
    runtime.defineNativeMethod(prototype, "reverse", length: 0) { runtime, arguments throws(JSException) in
      try runtime.arrayReverse(arguments.this)
    }
    runtime.defineNativeMethod(prototype, "fill", length: 1) { runtime, arguments throws(JSException) in
      try runtime.arrayFill(arguments.this, arguments[0], start: arguments[1], end: arguments[2])
    }
    runtime.defineNativeMethod(prototype, "copyWithin", length: 2) { runtime, arguments throws(JSException) in
      try runtime.arrayCopyWithin(arguments.this, target: arguments[0], start: arguments[1], end: arguments[2])
    }
  }

  private func installArrayCallbackMethods(_ runtime: Runtime, _ prototype: ObjectRef) {
    runtime.defineNativeMethod(prototype, "forEach", length: 1) { runtime, arguments throws(JSException) in
      try runtime.arrayForEach(arguments)
    }
    runtime.defineNativeMethod(prototype, "map", length: 1) { runtime, arguments throws(JSException) in
      try runtime.arrayMap(arguments)
    }
    runtime.defineNativeMethod(prototype, "filter", length: 1) { runtime, arguments throws(JSException) in
      try runtime.arrayFilter(arguments)
    }
    runtime.defineNativeMethod(prototype, "some", length: 1) { runtime, arguments throws(JSException) in
      try runtime.arrayTestEach(arguments, stopWhen: true)
    }
    runtime.defineNativeMethod(prototype, "every", length: 1) { runtime, arguments throws(JSException) in
      try runtime.arrayTestEach(arguments, stopWhen: false)
    }
    runtime.defineNativeMethod(prototype, "flat", length: 0) { runtime, arguments throws(JSException) in
      try runtime.arrayFlat(arguments.this, depth: arguments[0])
    }
    runtime.defineNativeMethod(prototype, "flatMap", length: 1) { runtime, arguments throws(JSException) in
      try runtime.arrayFlatMap(arguments.this, mapper: arguments[0], thisArgument: arguments[1])
    }
  }

  private func installArrayReduceMethods(_ runtime: Runtime, _ prototype: ObjectRef) {
    runtime.defineNativeMethod(prototype, "reduce", length: 1) { runtime, arguments throws(JSException) in
      try runtime.arrayReduce(arguments, fromRight: false)
    }
    runtime.defineNativeMethod(prototype, "reduceRight", length: 1) { runtime, arguments throws(JSException) in
      try runtime.arrayReduce(arguments, fromRight: true)
    }
  }

  private func installArrayFindMethods(_ runtime: Runtime, _ prototype: ObjectRef) {
    let variants: [(String, Bool, Bool)] = [
      ("find", false, false), ("findIndex", false, true), ("findLast", true, false), ("findLastIndex", true, true),
    ]
    for (name, fromEnd, wantsIndex) in variants {
      runtime.defineNativeMethod(prototype, name, length: 1) { runtime, arguments throws(JSException) in
        try runtime.arrayFind(arguments, fromEnd: fromEnd, wantsIndex: wantsIndex)
      }
    }
  }

  private func installArrayCopyingMethods(_ runtime: Runtime, _ prototype: ObjectRef) {
    runtime.defineNativeMethod(prototype, "concat", length: 1) { runtime, arguments throws(JSException) in
      try runtime.arrayConcat(arguments)
    }
    runtime.defineNativeMethod(prototype, "slice", length: 2) { runtime, arguments throws(JSException) in
      try runtime.arraySlice(arguments.this, start: arguments[0], end: arguments[1])
    }
    runtime.defineNativeMethod(prototype, "toReversed", length: 0) { runtime, arguments throws(JSException) in
      try runtime.arrayToReversed(arguments.this)
    }
    runtime.defineNativeMethod(prototype, "toSpliced", length: 2) { runtime, arguments throws(JSException) in
      try runtime.arrayToSpliced(arguments)
    }
    runtime.defineNativeMethod(prototype, "with", length: 2) { runtime, arguments throws(JSException) in
      try runtime.arrayWith(arguments.this, index: arguments[0], value: arguments[1])
    }
  }

  private func installArrayIteratorMethods(_ runtime: Runtime, _ prototype: ObjectRef) {
    let values = runtime.defineNativeMethod(prototype, "values", length: 0) { runtime, arguments throws(JSException) in
      runtime.createArrayIterator(try runtime.toObject(arguments.this).value, kind: .values)
    }
    self[.arrayPrototypeValues] = values.value
    // 23.1.3.40 Array.prototype [ @@iterator ] is the same function object as `values`.
    runtime.addProperty(prototype, PropertyKey(symbol: runtime.symbols.iterator), values.value, .builtin)
    runtime.defineNativeMethod(prototype, "keys", length: 0) { runtime, arguments throws(JSException) in
      runtime.createArrayIterator(try runtime.toObject(arguments.this).value, kind: .keys)
    }
    runtime.defineNativeMethod(prototype, "entries", length: 0) { runtime, arguments throws(JSException) in
      runtime.createArrayIterator(try runtime.toObject(arguments.this).value, kind: .entries)
    }
  }

  /// 23.1.3.41 Array.prototype [ @@unscopables ]
  private func installArrayUnscopables(_ runtime: Runtime, _ prototype: ObjectRef) {
    let list = runtime.newObject(.ordinary, prototype: .null)
    let names = [
      "at", "copyWithin", "entries", "fill", "find", "findIndex", "findLast", "findLastIndex", "flat", "flatMap",
      "includes", "keys", "toReversed", "toSorted", "toSpliced", "values",
    ]
    for name in names { runtime.addProperty(list, runtime.propertyKey(name), .true, .default) }
    runtime.addProperty(prototype, PropertyKey(symbol: runtime.symbols.unscopables), list.value, [.configurable])
  }
}

// MARK: - Searching

extension Runtime {
  /// 23.1.3.1 Array.prototype.at ( index )
  func arrayAt(_ this: Value, _ index: Value) throws(JSException) -> Value {
    let object = try toObject(this)
    let length = try lengthOfArrayLike(object)
    let relative = try toIntegerOrInfinity(index)
    let actual = relative >= 0 ? relative : Double(length) + relative
    if actual < 0 || actual >= Double(length) { return .undefined }
    return try elementValue(object, Int(actual))
  }

  /// The start index of includes/indexOf from `fromIndex` (nil: nothing to search).
  private func searchStart(_ fromIndex: Value, length: Int) throws(JSException) -> Int? {
    let relative = try toIntegerOrInfinity(fromIndex)
    if relative == .infinity { return nil }
    if relative >= 0 { return relative >= Double(length) ? nil : Int(relative) }
    return Int(max(Double(length) + relative, 0))
  }

  /// 23.1.3.16 Array.prototype.includes ( searchElement [ , fromIndex ] )
  func arrayIncludes(_ this: Value, _ search: Value, fromIndex: Value) throws(JSException) -> Value {
    let object = try toObject(this)
    let length = try lengthOfArrayLike(object)
    if length == 0 { return .false }
    guard let start = try searchStart(fromIndex, length: length) else { return .false }
    if let indices = sparseIndexSnapshot(object, from: start, to: length) {
      // Reading runs no JS here, and every absent index reads as undefined.
      if search.isUndefined && indices.count < length - start { return .true }
      for index in indices where sameValueZero(try elementValue(object, index), search) { return .true }
      return .false
    }
    for index in start..<length {
      if sameValueZero(try elementValue(object, index), search) { return .true }
      if index & 4095 == 4095 { try checkSafePoint() }
    }
    return .false
  }

  /// 23.1.3.17 Array.prototype.indexOf ( searchElement [ , fromIndex ] )
  func arrayIndexOf(_ this: Value, _ search: Value, fromIndex: Value) throws(JSException) -> Value {
    let object = try toObject(this)
    let length = try lengthOfArrayLike(object)
    if length == 0 { return Value(Int32(-1)) }
    guard let start = try searchStart(fromIndex, length: length) else { return Value(Int32(-1)) }
    var found = -1
    try forEachPresentElement(object, from: start, to: length, quiet: true) { index, value throws(JSException) in
      if isStrictlyEqual(value, search) {
        found = index
        return false
      }
      return true
    }
    return Value(found)
  }

  /// 23.1.3.20 Array.prototype.lastIndexOf ( searchElement [ , fromIndex ] )
  func arrayLastIndexOf(_ this: Value, _ search: Value, fromIndex: Value?) throws(JSException) -> Value {
    let object = try toObject(this)
    let length = try lengthOfArrayLike(object)
    if length == 0 { return Value(Int32(-1)) }
    let relative =
      try fromIndex.map { value throws(JSException) in try toIntegerOrInfinity(value) } ?? Double(length - 1)
    if relative == -.infinity { return Value(Int32(-1)) }
    let last = relative >= 0 ? min(relative, Double(length - 1)) : Double(length) + relative
    if last < 0 { return Value(Int32(-1)) }
    var found = -1
    try forEachPresentElement(object, from: 0, to: Int(last) + 1, quiet: true, descending: true) {
      index, value throws(JSException) in
      if isStrictlyEqual(value, search) {
        found = index
        return false
      }
      return true
    }
    return Value(found)
  }

  /// Runs `body(index, value)` for the present elements in [start, end) (HasProperty then Get at
  /// each index, in order) until it returns false. When `quiet` (the body runs no JS), the
  /// absent stretches of a sparse array are skipped instead of probed one index at a time.
  func forEachPresentElement(
    _ object: ObjectRef, from start: Int, to end: Int, quiet: Bool, descending: Bool = false,
    _ body: (Int, Value) throws(JSException) -> Bool
  ) throws(JSException) {
    if start >= end { return }
    if quiet, let indices = sparseIndexSnapshot(object, from: start, to: end) {
      for index in descending ? indices.reversed() : indices {
        if let value = try elementIfPresent(object, index), !(try body(index, value)) { return }
      }
      return
    }
    var step = 0
    var index = descending ? end - 1 : start
    while descending ? index >= start : index < end {
      if let value = try elementIfPresent(object, index), !(try body(index, value)) { return }
      index += descending ? -1 : 1
      step += 1
      if step & 4095 == 0 { try checkSafePoint() }
    }
  }

  /// The indices in [start, end) of the own elements of a sparse object, ascending, when no
  /// other index can be observed there: ordinary elements, data properties only, no indexed
  /// properties on any prototype. nil when probing every index is needed or just as cheap.
  func sparseIndexSnapshot(_ object: ObjectRef, from start: Int, to end: Int) -> [Int]? {
    guard end - start > 1024, hasOrdinaryElements(object), !prototypesHaveIndexedProperties else { return nil }
    let sparse = object.sparseElements
    let denseEnd = min(object.denseCount, end)
    if denseEnd + (sparse?.entries.count ?? 0) > (end - start) / 2 { return nil }
    var indices: [Int] = []
    if start < denseEnd {
      let dense = object.denseElements
      for index in start..<denseEnd where !dense[index].isEmpty { indices.append(index) }
    }
    for (index, entry) in sparse?.entries ?? [:] {
      if entry.attributes.contains(.accessor) { return nil }
      if Int(index) >= start && Int(index) < end { indices.append(Int(index)) }
    }
    let firstNamed = Int(PropertyKey.maximumIndex) + 1
    if end > firstNamed {
      // Keys from 2^32 - 1 on are named properties, on the object or its prototypes.
      let range = max(start, firstNamed)..<end
      guard let named = numericNamedKeys(object, in: range), !prototypesHaveNumericNamedKeys(object, in: range)
      else { return nil }
      indices.append(contentsOf: named)
    }
    indices.sort()
    return indices
  }

  /// The integers in `range` that name data properties of `object` (nil if one is an accessor).
  private func numericNamedKeys(_ object: ObjectRef, in range: Range<Int>) -> [Int]? {
    var found: [Int] = []
    let shape = object.shape
    if shape.propertyCount == 0 { return found }
    for entry in shape.table.entries where entry.key != .none && entry.key.isString {
      guard let number = integerName(entry.key.atom), range.contains(number) else { continue }
      if entry.location.attributes.contains(.accessor) { return nil }
      found.append(number)
    }
    return found
  }

  /// Whether a prototype of `object` has a property named by an integer in `range` (or is exotic).
  private func prototypesHaveNumericNamedKeys(_ object: ObjectRef, in range: Range<Int>) -> Bool {
    var current = object.prototype
    while current.isObject {
      let prototype = current.asObject
      if prototype.isProxy { return true }
      let shape = prototype.shape
      if shape.propertyCount > 0 {
        for entry in shape.table.entries where entry.key != .none && entry.key.isString {
          if let number = integerName(entry.key.atom), range.contains(number) { return true }
        }
      }
      current = prototype.prototype
    }
    return false
  }

  /// The integer a canonical decimal string spells ("4294967296"; not "01", "1e3", "-1"), if any.
  private func integerName(_ string: StringRef) -> Int? {
    let length = string.length
    if length == 0 || length > 16 { return nil }
    var number = 0
    for position in 0..<length {
      let unit = string.codeUnit(at: position, heap)
      if unit < 0x30 || unit > 0x39 || (position == 0 && unit == 0x30 && length > 1) { return nil }
      number = number * 10 + Int(unit - 0x30)
    }
    return number
  }
}

// MARK: - join, toString, toLocaleString

/// The characters of a string being built, Latin-1 until a wider code unit arrives.
private struct JoinAccumulator {
  private var latin1: [UInt8] = []
  private var utf16: [UInt16] = []
  private var isWide = false

  var count: Int { isWide ? utf16.count : latin1.count }

  mutating func append(_ string: StringRef, _ heap: Heap) {
    string.flattened(heap)
    let length = string.length
    if length == 0 { return }
    if !isWide && string.isLatin1 {
      latin1.append(contentsOf: UnsafeBufferPointer(start: string.latin1Characters, count: length))
      return
    }
    if !isWide {
      utf16 = latin1.map { UInt16($0) }
      latin1 = []
      isWide = true
    }
    if string.isLatin1 {
      let characters = string.latin1Characters
      for index in 0..<length { utf16.append(UInt16(characters[index])) }
    } else {
      utf16.append(contentsOf: UnsafeBufferPointer(start: string.utf16Characters, count: length))
    }
  }

  /// The decimal digits of an int32 (what ToString gives, without making the string).
  mutating func append(_ number: Int32) {
    var magnitude = number.magnitude
    var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    var count = 0
    withUnsafeMutableBytes(of: &digits) { buffer in
      repeat {
        buffer[9 - count] = UInt8(48 + magnitude % 10)
        magnitude /= 10
        count += 1
      } while magnitude > 0
    }
    if number < 0 { appendUnit(45) }
    withUnsafeBytes(of: &digits) { buffer in
      for index in (10 - count)..<10 { appendUnit(UInt16(buffer[index])) }
    }
  }

  private mutating func appendUnit(_ unit: UInt16) {
    if isWide { utf16.append(unit) } else { latin1.append(UInt8(unit)) }
  }

  func makeString(_ runtime: Runtime) -> StringRef {
    if isWide { return utf16.withUnsafeBufferPointer { runtime.newString(utf16: $0) } }
    return latin1.withUnsafeBufferPointer { runtime.newString(latin1: $0) }
  }
}

extension Runtime {
  /// 23.1.3.18 Array.prototype.join ( separator ), with cycle detection (a cyclic join yields "").
  func arrayJoin(_ object: ObjectRef, separator separatorValue: Value) throws(JSException) -> StringRef {
    let length = try lengthOfArrayLike(object)
    let separator = separatorValue.isUndefined ? singleCodeUnitString(0x2C) : try toString(separatorValue)
    return try joinElements(object, length: length, separator: separator, usesToString: true) {
      element throws(JSException) in try toString(element)
    }
  }

  /// 23.1.3.32 Array.prototype.toLocaleString ( )
  func arrayToLocaleString(_ object: ObjectRef) throws(JSException) -> StringRef {
    let length = try lengthOfArrayLike(object)
    return try joinElements(object, length: length, separator: singleCodeUnitString(0x2C), usesToString: false) {
      element throws(JSException) in
      let method = try getV(element, propertyKey("toLocaleString"))
      return try toString(call(method, this: element, arguments: []))
    }
  }

  /// The elements converted by `convert` (null and undefined give ""), joined by `separator`.
  /// When `convert` is ToString, int32 elements are written as digits without a string.
  private func joinElements(
    _ object: ObjectRef, length: Int, separator: StringRef, usesToString: Bool,
    _ convert: (Value) throws(JSException) -> StringRef
  ) throws(JSException) -> StringRef {
    if joinStack.contains(object.value) { return emptyString }
    // The separators alone would pass the string length limit: fail before building them.
    if length > 1 && separator.length > 0 && (length - 1) > maximumStringLength / separator.length {
      throw rangeError("Invalid string length")
    }
    joinStack.append(object.value)
    defer { joinStack.removeLast() }
    var accumulator = JoinAccumulator()
    for index in 0..<length {
      if index > 0 { try appendChecked(&accumulator, separator) }
      let element = try elementValue(object, index)
      if usesToString && element.isInt32 && accumulator.count < maximumStringLength - 11 {
        accumulator.append(element.asInt32)
      } else if !element.isNullish {
        try appendChecked(&accumulator, convert(element))
      }
      if index & 4095 == 4095 { try checkSafePoint() }
    }
    return accumulator.makeString(self)
  }

  private func appendChecked(_ accumulator: inout JoinAccumulator, _ string: StringRef) throws(JSException) {
    let total = accumulator.count + string.length
    if total > maximumStringLength { throw rangeError("Invalid string length") }
    // The characters are held outside the heap until the end: respect the heap limit too.
    if total * 2 > heap.maximumBytes {
      heap.limitRefusals &+= 1
      throw rangeError("Out of memory: the joined string exceeds the heap limit")
    }
    accumulator.append(string, heap)
  }
}

// MARK: - push, pop, shift, unshift, splice

extension Runtime {
  /// Whether an array's elements are a plain list with nothing observable about them: no
  /// sparse or read-only elements, no trailing holes, no indexed prototype properties, a
  /// writable length. Then push/shift/unshift/splice can edit the storage directly.
  private func isPlainDenseArray(_ object: ObjectRef) -> Bool {
    object.isArray && !prototypesHaveIndexedProperties && object.sparseElements == nil
      && object.flags
        & (ObjectFlags.extensible | ObjectFlags.elementsSealed | ObjectFlags.elementsFrozen
          | ObjectFlags.lengthReadOnly | ObjectFlags.isPrototype) == ObjectFlags.extensible
      && object.denseCount == Int(arrayLength(object))
  }

  /// 23.1.3.23 Array.prototype.push ( ...items )
  func arrayPush(_ arguments: NativeArguments) throws(JSException) -> Value {
    let object = try toObject(arguments.this)
    if isPlainDenseArray(object) && Int(arrayLength(object)) + arguments.count < Int(PropertyKey.maximumIndex) {
      var length = arrayLength(object)
      for index in 0..<arguments.count {
        storeDense(object, length, arguments[index])
        length += 1
      }
      return Value(Int(length))
    }
    let length = try lengthOfArrayLike(object)
    if length + arguments.count > maximumSafeInteger {
      throw typeError("Pushing \(arguments.count) elements on an array-like of length \(length) is disallowed")
    }
    for index in 0..<arguments.count { try setElement(object, length + index, arguments[index]) }
    try setLength(object, length + arguments.count)
    return Value(length + arguments.count)
  }

  /// 23.1.3.22 Array.prototype.pop ( )
  func arrayPop(_ this: Value) throws(JSException) -> Value {
    let object = try toObject(this)
    let length = try lengthOfArrayLike(object)
    if length == 0 {
      try setLength(object, 0)
      return .undefined
    }
    let element = try elementValue(object, length - 1)
    try deleteElement(object, length - 1)
    try setLength(object, length - 1)
    return element
  }

  /// 23.1.3.27 Array.prototype.shift ( )
  func arrayShift(_ this: Value) throws(JSException) -> Value {
    let object = try toObject(this)
    let length = try lengthOfArrayLike(object)
    if length == 0 {
      try setLength(object, 0)
      return .undefined
    }
    let first = try elementValue(object, 0)
    if isPlainDenseArray(object) {
      spliceDense(object, at: 0, removing: 1, inserting: UnsafeBufferPointer(start: nil, count: 0))
      return first
    }
    try moveElements(object, from: 1, to: 0, count: length - 1, descending: false)
    try deleteElement(object, length - 1)
    try setLength(object, length - 1)
    return first
  }

  /// 23.1.3.37 Array.prototype.unshift ( ...items )
  func arrayUnshift(_ arguments: NativeArguments) throws(JSException) -> Value {
    let object = try toObject(arguments.this)
    let length = try lengthOfArrayLike(object)
    let count = arguments.count
    if count > 0 {
      if length + count > maximumSafeInteger { throw typeError("Invalid array length") }
      if isPlainDenseArray(object) && length + count <= Int(UInt32.max) {
        spliceDense(object, at: 0, removing: 0, inserting: arguments.all)
        return Value(length + count)
      }
      try moveElements(object, from: 0, to: count, count: length, descending: true)
      for index in 0..<count { try setElement(object, index, arguments[index]) }
    }
    try setLength(object, length + count)
    return Value(length + count)
  }

  /// 23.1.3.31 Array.prototype.splice ( start, deleteCount, ...items )
  func arraySplice(_ arguments: NativeArguments) throws(JSException) -> Value {
    let object = try toObject(arguments.this)
    let length = try lengthOfArrayLike(object)
    let start = try relativeIndex(arguments[0], length: length, default: 0)
    let itemCount = max(arguments.count - 2, 0)
    let deleteCount = try spliceCount(arguments, length: length, start: start)
    if length + itemCount - deleteCount > maximumSafeInteger { throw typeError("Invalid array length") }
    let removed = try arraySpeciesCreate(object, deleteCount)
    let quiet = removed.isArray && removed != object
    try forEachPresentElement(object, from: start, to: start + deleteCount, quiet: quiet) {
      index, value throws(JSException) in
      try createElement(removed, index - start, value)
      return true
    }
    try setLength(removed, deleteCount)
    let newLength = length - deleteCount + itemCount
    if isPlainDenseArray(object) && Int(arrayLength(object)) == length && newLength <= Int(UInt32.max) {
      spliceDense(object, at: start, removing: deleteCount, inserting: arguments.dropFirst(2))
      return removed.value
    }
    if itemCount != deleteCount {
      try moveElements(
        object, from: start + deleteCount, to: start + itemCount, count: length - start - deleteCount,
        descending: itemCount > deleteCount)
    }
    if itemCount < deleteCount {
      // Step 19.b: delete the now unused tail, from the end.
      var index = length
      while index > length - deleteCount + itemCount {
        try deleteElement(object, index - 1)
        index -= 1
        if index & 4095 == 0 { try checkSafePoint() }
      }
    }
    for index in 0..<itemCount { try setElement(object, start + index, arguments[index + 2]) }
    try setLength(object, length - deleteCount + itemCount)
    return removed.value
  }

  /// Replaces `removeCount` elements at `start` of a plain dense array by `items`, moving the
  /// tail with one memmove: on such an array that is all the element-by-element steps of
  /// shift, unshift and splice can be seen to do.
  private func spliceDense(
    _ array: ObjectRef, at start: Int, removing removeCount: Int, inserting items: UnsafeBufferPointer<Value>
  ) {
    let length = array.denseCount
    let newLength = length - removeCount + items.count
    ensureElementCapacity(array, newLength)
    let dense = array.denseElements
    let tail = length - start - removeCount
    if tail > 0 && removeCount != items.count {
      memmove(dense + start + items.count, dense + start + removeCount, tail * MemoryLayout<Value>.stride)
    }
    for index in 0..<items.count { dense[start + index] = items[index] }
    if newLength < length {
      for index in newLength..<length { dense[index] = .empty }
    }
    array.elementsHeader!.pointee.count = UInt32(newLength)
    setArrayLengthRaw(array, UInt32(newLength))
  }

  /// The number of elements splice/toSpliced removes (ES2024 23.1.3.31 steps 8–10).
  private func spliceCount(_ arguments: NativeArguments, length: Int, start: Int) throws(JSException) -> Int {
    if arguments.count == 0 { return 0 }
    if arguments.count == 1 { return length - start }
    let requested = try toIntegerOrInfinity(arguments[1])
    return Int(min(max(requested, 0), Double(length - start)))
  }

  /// Moves `count` elements from `source` to `target` (an absent source deletes the target),
  /// from the last one down when `descending` (as the spec orders it for overlapping moves).
  func moveElements(_ object: ObjectRef, from source: Int, to target: Int, count: Int, descending: Bool)
    throws(JSException)
  {
    if count <= 0 { return }
    if !descending {
      for offset in 0..<count {
        try moveElement(object, from: source + offset, to: target + offset)
        if offset & 4095 == 4095 { try checkSafePoint() }
      }
    } else {
      var offset = count - 1
      while offset >= 0 {
        try moveElement(object, from: source + offset, to: target + offset)
        if offset & 4095 == 0 { try checkSafePoint() }
        offset -= 1
      }
    }
  }

  /// One step of shift/unshift/splice/copyWithin: copy `from` to `to`, or delete `to` if `from` is absent.
  func moveElement(_ object: ObjectRef, from: Int, to: Int) throws(JSException) {
    if let value = try elementIfPresent(object, from) {
      try setElement(object, to, value)
    } else {
      try deleteElement(object, to)
    }
  }
}

// MARK: - reverse, fill, copyWithin

extension Runtime {
  /// 23.1.3.26 Array.prototype.reverse ( )
  func arrayReverse(_ this: Value) throws(JSException) -> Value {
    let object = try toObject(this)
    let length = try lengthOfArrayLike(object)
    let middle = length / 2
    var lower = 0
    while lower != middle {
      let upper = length - lower - 1
      let lowerValue = try elementIfPresent(object, lower)
      let upperValue = try elementIfPresent(object, upper)
      switch (lowerValue, upperValue) {
      case (let lowerValue?, let upperValue?):
        try setElement(object, lower, upperValue)
        try setElement(object, upper, lowerValue)
      case (nil, let upperValue?):
        try setElement(object, lower, upperValue)
        try deleteElement(object, upper)
      case (let lowerValue?, nil):
        try deleteElement(object, lower)
        try setElement(object, upper, lowerValue)
      case (nil, nil):
        break
      }
      lower += 1
      if lower & 4095 == 0 { try checkSafePoint() }
    }
    return object.value
  }

  /// 23.1.3.7 Array.prototype.fill ( value [ , start [ , end ] ] )
  func arrayFill(_ this: Value, _ value: Value, start: Value, end: Value) throws(JSException) -> Value {
    let object = try toObject(this)
    let length = try lengthOfArrayLike(object)
    let first = try relativeIndex(start, length: length, default: 0)
    let final = try relativeIndex(end, length: length, default: length)
    var index = first
    while index < final {
      try setElement(object, index, value)
      index += 1
      if index & 4095 == 0 { try checkSafePoint() }
    }
    return object.value
  }

  /// 23.1.3.4 Array.prototype.copyWithin ( target, start [ , end ] )
  func arrayCopyWithin(_ this: Value, target: Value, start: Value, end: Value) throws(JSException) -> Value {
    let object = try toObject(this)
    let length = try lengthOfArrayLike(object)
    let to = try relativeIndex(target, length: length, default: 0)
    let from = try relativeIndex(start, length: length, default: 0)
    let final = try relativeIndex(end, length: length, default: length)
    let count = min(final - from, length - to)
    try moveElements(object, from: from, to: to, count: count, descending: from < to && to < from + count)
    return object.value
  }
}

// MARK: - Callback methods

extension Runtime {
  /// Steps 1–3 of forEach/map/filter/some/every/reduce/find: the object, its length, the callback.
  private func callbackReceiver(_ arguments: NativeArguments) throws(JSException) -> (ObjectRef, Int, Value) {
    let object = try toObject(arguments.this)
    let length = try lengthOfArrayLike(object)
    let callback = try requireCallable(arguments[0])
    return (object, length, callback)
  }

  /// 23.1.3.15 Array.prototype.forEach ( callbackfn [ , thisArg ] )
  func arrayForEach(_ arguments: NativeArguments) throws(JSException) -> Value {
    let (object, length, callback) = try callbackReceiver(arguments)
    let thisArgument = arguments[1]
    try forEachPresentElement(object, from: 0, to: length, quiet: false) { index, value throws(JSException) in
      _ = try call(callback, this: thisArgument, value, Value(index), object.value)
      return true
    }
    return .undefined
  }

  /// 23.1.3.21 Array.prototype.map ( callbackfn [ , thisArg ] )
  func arrayMap(_ arguments: NativeArguments) throws(JSException) -> Value {
    let (object, length, callback) = try callbackReceiver(arguments)
    let thisArgument = arguments[1]
    let result = try arraySpeciesCreate(object, length)
    reserveElements(result, length)
    try forEachPresentElement(object, from: 0, to: length, quiet: false) { index, value throws(JSException) in
      let mapped = try call(callback, this: thisArgument, value, Value(index), object.value)
      try createElement(result, index, mapped)
      return true
    }
    return result.value
  }

  /// 23.1.3.8 Array.prototype.filter ( callbackfn [ , thisArg ] )
  func arrayFilter(_ arguments: NativeArguments) throws(JSException) -> Value {
    let (object, length, callback) = try callbackReceiver(arguments)
    let thisArgument = arguments[1]
    let result = try arraySpeciesCreate(object, 0)
    var count = 0
    try forEachPresentElement(object, from: 0, to: length, quiet: false) { index, value throws(JSException) in
      if toBoolean(try call(callback, this: thisArgument, value, Value(index), object.value)) {
        try createElement(result, count, value)
        count += 1
      }
      return true
    }
    return result.value
  }

  /// 23.1.3.28 Array.prototype.some / 23.1.3.6 Array.prototype.every: stop at the first
  /// callback result equal to `stopWhen`.
  func arrayTestEach(_ arguments: NativeArguments, stopWhen: Bool) throws(JSException) -> Value {
    let (object, length, callback) = try callbackReceiver(arguments)
    let thisArgument = arguments[1]
    var stopped = false
    try forEachPresentElement(object, from: 0, to: length, quiet: false) { index, value throws(JSException) in
      if toBoolean(try call(callback, this: thisArgument, value, Value(index), object.value)) == stopWhen {
        stopped = true
        return false
      }
      return true
    }
    return Value(stopped == stopWhen)
  }

  /// 23.1.3.24 Array.prototype.reduce / 23.1.3.25 Array.prototype.reduceRight
  func arrayReduce(_ arguments: NativeArguments, fromRight: Bool) throws(JSException) -> Value {
    let (object, length, callback) = try callbackReceiver(arguments)
    var accumulator: Value? = arguments.count > 1 ? arguments[1] : nil
    if length == 0 && accumulator == nil { throw typeError("Reduce of empty array with no initial value") }
    try forEachPresentElement(object, from: 0, to: length, quiet: false, descending: fromRight) {
      index, value throws(JSException) in
      if let previous = accumulator {
        var callArguments = (previous, value, Value(index), object.value)
        accumulator = try withUnsafeMutablePointer(to: &callArguments) { pointer throws(JSException) in
          let base = UnsafeRawPointer(pointer).assumingMemoryBound(to: Value.self)
          return try call(callback, this: .undefined, arguments: UnsafeBufferPointer(start: base, count: 4))
        }
      } else {
        accumulator = value
      }
      return true
    }
    guard let accumulator else { throw typeError("Reduce of empty array with no initial value") }
    return accumulator
  }

  /// find, findIndex (23.1.3.9–10), findLast, findLastIndex (23.1.3.11–12): FindViaPredicate.
  func arrayFind(_ arguments: NativeArguments, fromEnd: Bool, wantsIndex: Bool) throws(JSException) -> Value {
    let (object, length, predicate) = try callbackReceiver(arguments)
    let thisArgument = arguments[1]
    var step = 0
    var index = fromEnd ? length - 1 : 0
    while fromEnd ? index >= 0 : index < length {
      let value = try elementValue(object, index)
      if toBoolean(try call(predicate, this: thisArgument, value, Value(index), object.value)) {
        return wantsIndex ? Value(index) : value
      }
      index += fromEnd ? -1 : 1
      step += 1
      if step & 4095 == 0 { try checkSafePoint() }
    }
    return wantsIndex ? Value(Int32(-1)) : .undefined
  }

  /// 23.1.3.13 Array.prototype.flat ( [ depth ] )
  func arrayFlat(_ this: Value, depth depthValue: Value) throws(JSException) -> Value {
    let object = try toObject(this)
    let length = try lengthOfArrayLike(object)
    var depth = 1.0
    if !depthValue.isUndefined {
      depth = try toIntegerOrInfinity(depthValue)
      if depth < 0 { depth = 0 }
    }
    let result = try arraySpeciesCreate(object, 0)
    try flattenIntoArray(result, object, length, depth: depth)
    return result.value
  }

  /// 23.1.3.14 Array.prototype.flatMap ( mapperFunction [ , thisArg ] )
  func arrayFlatMap(_ this: Value, mapper: Value, thisArgument: Value) throws(JSException) -> Value {
    let object = try toObject(this)
    let length = try lengthOfArrayLike(object)
    let mapper = try requireCallable(mapper)
    let result = try arraySpeciesCreate(object, 0)
    try flattenIntoArray(result, object, length, depth: 1, mapper: mapper, thisArgument: thisArgument)
    return result.value
  }

  /// FlattenIntoArray (ES2024 23.1.3.13.1), with an explicit stack of sources instead of
  /// recursion, so nesting far deeper than the native stack fits (up to 200,000 levels, then
  /// RangeError). The mapper applies to top-level elements only.
  private func flattenIntoArray(
    _ target: ObjectRef, _ source: ObjectRef, _ sourceLength: Int, depth: Double, mapper: Value = .undefined,
    thisArgument: Value = .undefined
  ) throws(JSException) {
    let sources = RootedValues(self)
    var lengths = [sourceLength]
    var positions = [0]
    var depths = [depth]
    sources.append(source.value)
    var targetIndex = 0
    var step = 0
    while let level = positions.indices.last {
      let position = positions[level]
      if position >= lengths[level] {
        sources.values.removeLast()
        lengths.removeLast()
        positions.removeLast()
        depths.removeLast()
        continue
      }
      positions[level] = position + 1
      step += 1
      if step & 4095 == 0 { try checkSafePoint() }
      let current = sources[level].asObject
      guard var element = try elementIfPresent(current, position) else { continue }
      if level == 0 && !mapper.isUndefined {
        element = try call(mapper, this: thisArgument, element, Value(position), current.value)
      }
      if depths[level] > 0, try isArray(element) {
        // A cyclic array flattened to Infinity nests without end: stop, as a recursive flat would.
        if positions.count >= 200_000 { throw rangeError("Maximum call stack size exceeded") }
        let innerLength = try lengthOfArrayLike(element.asObject)
        sources.append(element)
        lengths.append(innerLength)
        positions.append(0)
        depths.append(depths[level] - 1)
        continue
      }
      if targetIndex >= maximumSafeInteger { throw typeError("Invalid array length") }
      try createElement(target, targetIndex, element)
      targetIndex += 1
    }
  }
}

// MARK: - concat, slice and the copying methods

extension Runtime {
  /// 23.1.3.2 Array.prototype.concat ( ...items )
  func arrayConcat(_ arguments: NativeArguments) throws(JSException) -> Value {
    let object = try toObject(arguments.this)
    let result = try arraySpeciesCreate(object, 0)
    var count = 0
    for position in -1..<arguments.count {
      let item = position < 0 ? object.value : arguments[position]
      if try isConcatSpreadable(item) {
        let source = item.asObject
        let length = try lengthOfArrayLike(source)
        if count + length > maximumSafeInteger { throw typeError("Invalid array length") }
        let start = count
        let quiet = result.isArray && result != source
        try forEachPresentElement(source, from: 0, to: length, quiet: quiet) { index, value throws(JSException) in
          try createElement(result, start + index, value)
          return true
        }
        count += length
      } else {
        if count >= maximumSafeInteger { throw typeError("Invalid array length") }
        try createElement(result, count, item)
        count += 1
      }
    }
    try setLength(result, count)
    return result.value
  }

  /// IsConcatSpreadable (ES2024 23.1.3.2.1)
  private func isConcatSpreadable(_ value: Value) throws(JSException) -> Bool {
    guard value.isObject else { return false }
    let spreadable = try get(value.asObject, PropertyKey(symbol: symbols.isConcatSpreadable))
    if !spreadable.isUndefined { return toBoolean(spreadable) }
    return try isArray(value)
  }

  /// 23.1.3.29 Array.prototype.slice ( start, end )
  func arraySlice(_ this: Value, start: Value, end: Value) throws(JSException) -> Value {
    let object = try toObject(this)
    let length = try lengthOfArrayLike(object)
    let first = try relativeIndex(start, length: length, default: 0)
    let final = try relativeIndex(end, length: length, default: length)
    let count = max(final - first, 0)
    let result = try arraySpeciesCreate(object, count)
    let quiet = result.isArray && result != object
    try forEachPresentElement(object, from: first, to: final, quiet: quiet) { index, value throws(JSException) in
      try createElement(result, index - first, value)
      return true
    }
    try setLength(result, count)
    return result.value
  }

  /// 23.1.3.33 Array.prototype.toReversed ( )
  func arrayToReversed(_ this: Value) throws(JSException) -> Value {
    let object = try toObject(this)
    let length = try lengthOfArrayLike(object)
    let result = try arrayCreate(length)
    for index in 0..<length {
      try createElement(result, index, elementValue(object, length - index - 1))
      if index & 4095 == 4095 { try checkSafePoint() }
    }
    return result.value
  }

  /// 23.1.3.35 Array.prototype.toSpliced ( start, skipCount, ...items )
  func arrayToSpliced(_ arguments: NativeArguments) throws(JSException) -> Value {
    let object = try toObject(arguments.this)
    let length = try lengthOfArrayLike(object)
    let start = try relativeIndex(arguments[0], length: length, default: 0)
    let insertCount = max(arguments.count - 2, 0)
    let skipCount = try spliceCount(arguments, length: length, start: start)
    let newLength = length + insertCount - skipCount
    if newLength > maximumSafeInteger { throw typeError("Invalid array length") }
    let result = try arrayCreate(newLength)
    var index = 0
    while index < start {
      try createElement(result, index, elementValue(object, index))
      index += 1
      if index & 4095 == 0 { try checkSafePoint() }
    }
    for item in 0..<insertCount {
      try createElement(result, index, arguments[item + 2])
      index += 1
    }
    var from = start + skipCount
    while index < newLength {
      try createElement(result, index, elementValue(object, from))
      index += 1
      from += 1
      if index & 4095 == 0 { try checkSafePoint() }
    }
    return result.value
  }

  /// 23.1.3.39 Array.prototype.with ( index, value )
  func arrayWith(_ this: Value, index indexValue: Value, value: Value) throws(JSException) -> Value {
    let object = try toObject(this)
    let length = try lengthOfArrayLike(object)
    let relative = try toIntegerOrInfinity(indexValue)
    let actual = relative >= 0 ? relative : Double(length) + relative
    if actual >= Double(length) || actual < 0 { throw rangeError("Invalid index : \(describeForError(indexValue))") }
    let result = try arrayCreate(length)
    let replaced = Int(actual)
    for index in 0..<length {
      try createElement(result, index, index == replaced ? value : elementValue(object, index))
      if index & 4095 == 4095 { try checkSafePoint() }
    }
    return result.value
  }
}
