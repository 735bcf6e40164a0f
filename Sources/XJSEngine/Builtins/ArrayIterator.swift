// %IteratorPrototype% (ES2024 27.1.2) and %ArrayIteratorPrototype% (23.1.5).
//
// Array iterator internal slots: 0 the iterated object (undefined when done),
// 1 the next index, 2 the kind (0 keys, 1 values, 2 entries).

enum IterationKind: Int32 {
  case keys = 0
  case values = 1
  case entries = 2
}

extension Realm {
  func installIteratorPrototype(_ runtime: Runtime) {
    let prototype = runtime.newObject(.ordinary, prototype: self[.objectPrototype])
    self[.iteratorPrototype] = prototype.value
    runtime.defineNativeMethod(prototype, runtime.symbols.iterator, name: "[Symbol.iterator]", length: 0) {
      _, arguments throws(JSException) in arguments.this
    }
    installIteratorHelpers(runtime)
  }

  func installArrayIterator(_ runtime: Runtime) {
    let prototype = runtime.newObject(.ordinary, prototype: self[.iteratorPrototype])
    self[.arrayIteratorPrototype] = prototype.value
    let next = runtime.defineNativeMethod(prototype, "next", length: 0) { runtime, arguments throws(JSException) in
      let iterator = try runtime.thisObject(arguments, .arrayIterator, "%ArrayIteratorPrototype%.next")
      return try runtime.arrayIteratorNext(iterator)
    }
    self[.arrayIteratorPrototypeNext] = next.value
    runtime.addProperty(
      prototype, PropertyKey(symbol: runtime.symbols.toStringTag), runtime.newString("Array Iterator").value,
      [.configurable])
  }
}

extension Runtime {
  /// CreateArrayIterator
  func createArrayIterator(_ object: Value, kind: IterationKind) -> Value {
    let iterator = newObject(.arrayIterator, prototype: realm[.arrayIteratorPrototype])
    iterator.setInternalSlot(0, object)
    iterator.setInternalSlot(1, Value(Int32(0)))
    iterator.setInternalSlot(2, Value(kind.rawValue))
    return iterator.value
  }

  func arrayIteratorNext(_ iterator: ObjectRef) throws(JSException) -> Value {
    let target = iterator.internalSlot(0)
    guard target.isObject else { return iteratorResult(.undefined, done: true) }
    let object = target.asObject
    let index = Int(iterator.internalSlot(1).asNumber)
    let length: Int
    if object.objectClass == .typedArray {
      // ES2024 23.1.5.1 step 1.b.ii: a typed array's length, TypeError once out of bounds.
      guard let current = typedArrayLength(object) else {
        throw typeError("Cannot perform %ArrayIteratorPrototype%.next on a detached or out-of-bounds ArrayBuffer")
      }
      length = current
    } else {
      length = try lengthOfArrayLike(object)
    }
    if index >= length {
      iterator.setInternalSlot(0, .undefined)
      return iteratorResult(.undefined, done: true)
    }
    iterator.setInternalSlot(1, Value(index + 1))
    let kind = IterationKind(rawValue: iterator.internalSlot(2).asInt32) ?? .values
    switch kind {
    case .keys:
      return iteratorResult(Value(index), done: false)
    case .values:
      return iteratorResult(try get(object, propertyKey(forIndex: index)), done: false)
    case .entries:
      let value = try get(object, propertyKey(forIndex: index))
      return iteratorResult(newArray([Value(index), value]).value, done: false)
    }
  }
}
