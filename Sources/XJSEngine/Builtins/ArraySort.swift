#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// Array.prototype.sort and toSorted (ES2024 23.1.3.30, 23.1.3.34).
//
// The elements are read into a rooted list (SortIndexedProperties), sorted
// there by a stable merge sort over their positions, and written back. The
// comparator never sees undefined (SortCompare steps 1–3 put undefined last),
// and without a comparator each element is converted to a string once.

extension Realm {
  func installArraySortMethods(_ runtime: Runtime, _ prototype: ObjectRef) {
    runtime.defineNativeMethod(prototype, "sort", length: 1) { runtime, arguments throws(JSException) in
      try runtime.arraySort(arguments.this, comparator: arguments[0])
    }
    runtime.defineNativeMethod(prototype, "toSorted", length: 1) { runtime, arguments throws(JSException) in
      try runtime.arrayToSorted(arguments.this, comparator: arguments[0])
    }
  }
}

extension Runtime {
  /// 23.1.3.30 Array.prototype.sort ( comparefn )
  func arraySort(_ this: Value, comparator: Value) throws(JSException) -> Value {
    try requireComparator(comparator)
    let object = try toObject(this)
    let length = try lengthOfArrayLike(object)
    let items = try sortIndexedProperties(object, length: length, comparator: comparator, skipHoles: true)
    var step = 0
    for index in 0..<items.count {
      try setElement(object, index, items[index])
      step += 1
      if step & 4095 == 0 { try checkSafePoint() }
    }
    // Step 7: the holes end up at the end, as deletions.
    try deleteElements(object, from: items.count, to: length)
    return object.value
  }

  /// 23.1.3.34 Array.prototype.toSorted ( comparefn )
  func arrayToSorted(_ this: Value, comparator: Value) throws(JSException) -> Value {
    try requireComparator(comparator)
    let object = try toObject(this)
    let length = try lengthOfArrayLike(object)
    let result = try arrayCreate(length)
    let items = try sortIndexedProperties(object, length: length, comparator: comparator, skipHoles: false)
    for index in 0..<items.count { try createElement(result, index, items[index]) }
    return result.value
  }

  private func requireComparator(_ comparator: Value) throws(JSException) {
    if !comparator.isUndefined && !comparator.isCallable {
      throw typeError("The comparison function must be either a function or undefined")
    }
  }

  /// SortIndexedProperties (ES2024 23.1.3.30.1): the elements, sorted.
  func sortIndexedProperties(_ object: ObjectRef, length: Int, comparator: Value, skipHoles: Bool)
    throws(JSException) -> RootedValues
  {
    let items = RootedValues(self)
    if skipHoles {
      try forEachPresentElement(object, from: 0, to: length, quiet: true) { _, value throws(JSException) in
        items.append(value)
        if items.count & 4095 == 0 { try checkListSize(items.count) }
        return true
      }
    } else {
      for index in 0..<length {
        items.append(try elementValue(object, index))
        if index & 4095 == 4095 {
          try checkListSize(items.count)
          try checkSafePoint()
        }
      }
    }
    try sortValues(items, comparator: comparator)
    return items
  }

  /// Sorts `items` in place: a stable sort by SortCompare (ES2024 23.1.3.30.2). The sort moves
  /// copies; `items` keeps every Value rooted until the sorted list replaces its contents.
  func sortValues(_ items: RootedValues, comparator: Value) throws(JSException) {
    var defined: [Value] = []
    defined.reserveCapacity(items.count)
    var undefinedCount = 0
    for value in items.values {
      if value.isUndefined { undefinedCount += 1 } else { defined.append(value) }
    }
    if comparator.isUndefined {
      try sortByStrings(&defined)
    } else {
      try mergeSort(&defined) { a, b throws(JSException) in
        // SortCompare step 4: a NaN result counts as +0.
        let result = try toNumber(call(comparator, this: .undefined, a, b))
        return !(result > 0)
      }
    }
    for _ in 0..<undefinedCount { defined.append(.undefined) }
    items.values = defined
  }

  /// The default order: by the code units of each value's ToString, converted once per value.
  private func sortByStrings(_ values: inout [Value]) throws(JSException) {
    let strings = RootedValues(self, capacity: values.count)
    var keys: [StringSortKey] = []
    keys.reserveCapacity(values.count)
    for (position, value) in values.enumerated() {
      let string = try toString(value)
      strings.append(string.value)
      keys.append(StringSortKey(string.flattened(heap), position: position))
    }
    try mergeSort(&keys) { a, b throws(JSException) in
      if a.prefix != b.prefix { return a.prefix < b.prefix }
      return compareFlatStrings(a.string, b.string) <= 0
    }
    let original = values
    for index in 0..<keys.count { values[index] = original[keys[index].position] }
    withExtendedLifetime(strings) {}
  }

  /// Code-unit order of two flat strings.
  private func compareFlatStrings(_ a: StringRef, _ b: StringRef) -> Int {
    if a.isLatin1 && b.isLatin1 {
      let result = memcmp(a.rawCharacters, b.rawCharacters, min(a.length, b.length))
      return result != 0 ? Int(result) : a.length - b.length
    }
    return a.compare(b, heap)
  }

  /// Deletes the elements in [start, end), skipping the absent stretches of a sparse array.
  private func deleteElements(_ object: ObjectRef, from start: Int, to end: Int) throws(JSException) {
    if start >= end { return }
    if let indices = sparseIndexSnapshot(object, from: start, to: end) {
      for index in indices { try deleteElement(object, index) }
      return
    }
    for index in start..<end {
      try deleteElement(object, index)
      if index & 4095 == 4095 { try checkSafePoint() }
    }
  }
}

/// A string to sort with its first four code units packed big-endian, so most comparisons
/// never touch the string's cell (equal prefixes fall back to the full comparison).
struct StringSortKey {
  let prefix: UInt64
  let string: StringRef
  let position: Int

  init(_ string: StringRef, position: Int) {
    var prefix: UInt64 = 0
    for index in 0..<4 {
      let unit: UInt16
      if index >= string.length {
        unit = 0
      } else {
        unit = string.isLatin1 ? UInt16(string.latin1Characters[index]) : string.utf16Characters[index]
      }
      prefix = prefix << 16 | UInt64(unit)
    }
    self.prefix = prefix
    self.string = string
    self.position = position
  }
}

/// A stable merge sort of plain-data elements (Values, keys): `inOrder(a, b)` says whether
/// `a` may come before `b`. The predicate may throw; the sort then stops and rethrows
/// (leaving `elements` as it was).
func mergeSort<Element>(
  _ elements: inout [Element], _ inOrder: (Element, Element) throws(JSException) -> Bool
) throws(JSException) {
  precondition(_isPOD(Element.self), "mergeSort moves elements bitwise")
  let count = elements.count
  if count < 2 { return }
  let items = UnsafeMutablePointer<Element>.allocate(capacity: count)
  let scratch = UnsafeMutablePointer<Element>.allocate(capacity: count)
  defer {
    items.deallocate()
    scratch.deallocate()
  }
  for index in 0..<count { items[index] = elements[index] }
  try mergeSortRange(items, scratch, 0, count, inOrder)
  for index in 0..<count { elements[index] = items[index] }
}

private func mergeSortRange<Element>(
  _ items: UnsafeMutablePointer<Element>, _ scratch: UnsafeMutablePointer<Element>, _ start: Int, _ end: Int,
  _ inOrder: (Element, Element) throws(JSException) -> Bool
) throws(JSException) {
  if end - start <= 8 {
    try insertionSort(items, start, end, inOrder)
    return
  }
  let middle = start + (end - start) / 2
  try mergeSortRange(items, scratch, start, middle, inOrder)
  try mergeSortRange(items, scratch, middle, end, inOrder)
  // Already in order: nothing to merge.
  if try inOrder(items[middle - 1], items[middle]) { return }
  var left = start
  var right = middle
  var output = start
  while left < middle && right < end {
    if try inOrder(items[left], items[right]) {
      scratch[output] = items[left]
      left += 1
    } else {
      scratch[output] = items[right]
      right += 1
    }
    output += 1
  }
  while left < middle {
    scratch[output] = items[left]
    left += 1
    output += 1
  }
  // The rest of the right run is already in place.
  for index in start..<output { items[index] = scratch[index] }
}

private func insertionSort<Element>(
  _ items: UnsafeMutablePointer<Element>, _ start: Int, _ end: Int,
  _ inOrder: (Element, Element) throws(JSException) -> Bool
) throws(JSException) {
  var index = start + 1
  while index < end {
    let item = items[index]
    var position = index
    while position > start, !(try inOrder(items[position - 1], item)) {
      items[position] = items[position - 1]
      position -= 1
    }
    items[position] = item
    index += 1
  }
}
