// %StringIteratorPrototype% (ES2024 22.1.5): iteration by code points.
//
// String iterator internal slots: 0 the string (undefined once done), 1 the next
// code-unit position.

extension Realm {
  func installStringIterator(_ runtime: Runtime) {
    let prototype = runtime.newObject(.ordinary, prototype: self[.iteratorPrototype])
    self[.stringIteratorPrototype] = prototype.value
    runtime.defineNativeMethod(prototype, "next", length: 0) { runtime, arguments throws(JSException) in
      let iterator = try runtime.thisObject(arguments, .stringIterator, "%StringIteratorPrototype%.next")
      return runtime.stringIteratorNext(iterator)
    }
    runtime.addProperty(
      prototype, PropertyKey(symbol: runtime.symbols.toStringTag), runtime.newString("String Iterator").value,
      [.configurable])
  }
}

extension Runtime {
  /// CreateStringIterator
  func createStringIterator(_ string: StringRef) -> Value {
    let iterator = newObject(.stringIterator, prototype: realm[.stringIteratorPrototype])
    iterator.setInternalSlot(0, string.value)
    iterator.setInternalSlot(1, Value(Int32(0)))
    return iterator.value
  }

  func stringIteratorNext(_ iterator: ObjectRef) -> Value {
    let target = iterator.internalSlot(0)
    guard target.isString else { return iteratorResult(.undefined, done: true) }
    let string = target.asString
    let position = Int(iterator.internalSlot(1).asInt32)
    if position >= string.length {
      iterator.setInternalSlot(0, .undefined)
      return iteratorResult(.undefined, done: true)
    }
    let (_, size) = CodeUnits(string, heap).codePoint(at: position)
    iterator.setInternalSlot(1, Value(Int32(position + size)))
    let character =
      size == 1
      ? singleCodeUnitString(string.codeUnit(at: position, heap)) : substring(string, position, position + size)
    return iteratorResult(character.value, done: false)
  }
}
