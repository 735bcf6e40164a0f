// The iterator protocol (ES2024 7.4) and for-in enumeration.

/// The state of a for-in loop: the keys collected up front, and the objects
/// they came from (a key deleted before it is reached is skipped).
final class ForInState: HeapTraceable {
  @exclusivity(unchecked) var keys: [Value] = []
  @exclusivity(unchecked) var position = 0
  @exclusivity(unchecked) var object: Value = .undefined

  func trace(_ heap: Heap) {
    heap.mark(object)
    for key in keys[position...] { heap.mark(key) }
  }
}

extension Runtime {
  /// GetIterator(obj, sync): (iterator, next method).
  func getIterator(_ iterable: Value) throws(JSException) -> (Value, Value) {
    let method = try getMethod(iterable, PropertyKey(symbol: symbols.iterator))
    if method.isUndefined {
      throw typeError("\(describeForError(iterable)) is not iterable")
    }
    return try getIterator(iterable, method: method)
  }

  func getIterator(_ iterable: Value, method: Value) throws(JSException) -> (Value, Value) {
    let iterator = try call(method, this: iterable, arguments: [])
    guard iterator.isObject else { throw typeError("Result of the Symbol.iterator method is not an object") }
    let next = try get(iterator.asObject, names.next)
    return (iterator, next)
  }

  /// IteratorStep + IteratorValue: the next value, or nil when done.
  func iteratorStep(iterator: Value, next: Value) throws(JSException) -> Value? {
    let result: Value
    if generatorMethodMode(next) == .next && iterator.isObject && iterator.asObject.objectClass == .generator
      && iterator.asObject.generatorKind == .generator
    {
      // A generator's own next: resumed directly (what the call would do, without its frame).
      result = try resumeGenerator(iterator.asObject, mode: .next, value: .undefined)
    } else {
      result = try call(next, this: iterator, arguments: [])
    }
    guard result.isObject else { throw typeError("Iterator result \(describeForError(result)) is not an object") }
    let resultObject = result.asObject
    if resultObject.shape == realm.iteratorResultShape {
      // The shape of { value, done } (CreateIterResultObject, or a literal): two data properties.
      return toBoolean(resultObject.slot(1)) ? nil : resultObject.slot(0)
    }
    if toBoolean(try get(resultObject, names.done)) { return nil }
    return try get(resultObject, names.value)
  }

  /// IteratorClose: calls `return` if present. With `suppressErrors` (closing
  /// because of a throw), errors from `return` are ignored.
  func iteratorClose(_ iterator: Value, suppressErrors: Bool) throws(JSException) {
    guard iterator.isObject else { return }
    if suppressErrors {
      if let method = try? getMethod(iterator, names.return), !method.isUndefined {
        _ = try? call(method, this: iterator, arguments: [])
      }
      return
    }
    let method = try getMethod(iterator, names.return)
    if method.isUndefined { return }
    let result = try call(method, this: iterator, arguments: [])
    if !result.isObject { throw typeError("Iterator result \(describeForError(result)) is not an object") }
  }

  /// CreateIterResultObject
  func iteratorResult(_ value: Value, done: Bool) -> Value {
    let result = allocateObject(.ordinary, shape: realm.iteratorResultShape)
    result.setSlot(0, value)
    result.setSlot(1, Value(done))
    return result.value
  }

  // MARK: for-in

  /// An enumerator over the enumerable string keys of `value` and its prototypes.
  func forInEnumerator(_ value: Value) throws(JSException) -> ObjectRef {
    let enumerator = newObject(.forInIterator, prototype: .null)
    let state = ForInState()
    enumerator.setPayloadObject(state)
    if value.isNullish { return enumerator }
    let object = try toObject(value)
    state.object = object.value
    var visited = Set<UInt64>()
    var current: Value = object.value
    while current.isObject {
      let holder = current.asObject
      for key in try ownPropertyKeys(holder) where !key.isSymbol {
        if !visited.insert(key.bits).inserted { continue }
        guard let descriptor = try getOwnProperty(holder, key) else { continue }
        if descriptor.enumerable == true { state.keys.append(keyValue(key)) }
      }
      current = try getPrototypeOf(holder)
    }
    return enumerator
  }

  /// The next key still present, or nil.
  func forInNextKey(_ enumerator: ObjectRef) throws(JSException) -> Value? {
    guard let state = enumerator.payloadObject(as: ForInState.self) else { return nil }
    while state.position < state.keys.count {
      let key = state.keys[state.position]
      state.position += 1
      // A property deleted during the loop is not visited.
      if state.object.isObject, try hasProperty(state.object.asObject, toPropertyKey(key)) { return key }
    }
    return nil
  }
}
