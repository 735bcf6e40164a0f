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

  /// Sorts `items` in place: a stable sort by SortCompare (ES2024 23.1.3.30.2).
  func sortValues(_ items: RootedValues, comparator: Value) throws(JSException) {
    var order: [Int] = []
    order.reserveCapacity(items.count)
    var undefinedCount = 0
    for index in 0..<items.count {
      if items[index].isUndefined { undefinedCount += 1 } else { order.append(index) }
    }
    if comparator.isUndefined {
      let keys = RootedValues(self, capacity: items.count)
      for index in 0..<items.count {
        keys.append(items[index].isUndefined ? .undefined : try toString(items[index]).value)
      }
      try mergeSort(&order) { a, b throws(JSException) in
        keys[a].asString.compare(keys[b].asString, heap) <= 0
      }
      withExtendedLifetime(keys) {}
    } else {
      try mergeSort(&order) { a, b throws(JSException) in
        // SortCompare step 4: a NaN result counts as +0.
        let result = try toNumber(call(comparator, this: .undefined, items[a], items[b]))
        return !(result > 0)
      }
    }
    var sorted: [Value] = []
    sorted.reserveCapacity(items.count)
    for index in order { sorted.append(items[index]) }
    for _ in 0..<undefinedCount { sorted.append(.undefined) }
    items.values = sorted
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

/// A stable merge sort of `positions`: `inOrder(a, b)` says whether `a` may come before `b`.
/// The predicate may throw; the sort then stops and rethrows.
func mergeSort(_ positions: inout [Int], _ inOrder: (Int, Int) throws(JSException) -> Bool) throws(JSException) {
  let count = positions.count
  if count < 2 { return }
  let items = UnsafeMutablePointer<Int>.allocate(capacity: count)
  let scratch = UnsafeMutablePointer<Int>.allocate(capacity: count)
  defer {
    items.deallocate()
    scratch.deallocate()
  }
  for index in 0..<count { items[index] = positions[index] }
  try mergeSortRange(items, scratch, 0, count, inOrder)
  for index in 0..<count { positions[index] = items[index] }
}

private func mergeSortRange(
  _ items: UnsafeMutablePointer<Int>, _ scratch: UnsafeMutablePointer<Int>, _ start: Int, _ end: Int,
  _ inOrder: (Int, Int) throws(JSException) -> Bool
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

private func insertionSort(
  _ items: UnsafeMutablePointer<Int>, _ start: Int, _ end: Int, _ inOrder: (Int, Int) throws(JSException) -> Bool
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
