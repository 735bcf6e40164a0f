// %RegExpStringIteratorPrototype% (ES2024 22.2.9): the iterator RegExp.prototype[@@matchAll]
// returns.
//
// Internal slots: 0 the iterating RegExp (undefined once done), 1 the iterated string,
// 2 global (Boolean), 3 fullUnicode (Boolean).

extension Realm {
  func installRegExpStringIterator(_ runtime: Runtime) {
    let prototype = runtime.newObject(.ordinary, prototype: self[.iteratorPrototype])
    self[.regExpStringIteratorPrototype] = prototype.value
    runtime.defineNativeMethod(prototype, "next", length: 0) { runtime, arguments throws(JSException) in
      let iterator = try runtime.thisObject(
        arguments, .regExpStringIterator, "%RegExpStringIteratorPrototype%.next")
      return try runtime.regExpStringIteratorNext(iterator)
    }
    runtime.addProperty(
      prototype, PropertyKey(symbol: runtime.symbols.toStringTag),
      runtime.newString("RegExp String Iterator").value, [.configurable])
  }
}

extension Runtime {
  /// CreateRegExpStringIterator (ES2024 22.2.9.1)
  func createRegExpStringIterator(_ matcher: ObjectRef, _ subject: StringRef, global: Bool, fullUnicode: Bool)
    -> Value
  {
    let iterator = newObject(.regExpStringIterator, prototype: realm[.regExpStringIteratorPrototype])
    iterator.setInternalSlot(0, matcher.value)
    iterator.setInternalSlot(1, subject.value)
    iterator.setInternalSlot(2, Value(global))
    iterator.setInternalSlot(3, Value(fullUnicode))
    return iterator.value
  }

  /// %RegExpStringIteratorPrototype%.next (ES2024 22.2.9.2.1): the closure of
  /// CreateRegExpStringIterator, one step per call. An abrupt completion ends the
  /// iteration, as it completes the spec's generator.
  func regExpStringIteratorNext(_ iterator: ObjectRef) throws(JSException) -> Value {
    let matcher = iterator.internalSlot(0)
    guard matcher.isObject else { return iteratorResult(.undefined, done: true) }
    do throws(JSException) {
      return try regExpStringIteratorStep(iterator, matcher.asObject)
    } catch {
      iterator.setInternalSlot(0, .undefined)
      throw error
    }
  }

  private func regExpStringIteratorStep(_ iterator: ObjectRef, _ rx: ObjectRef) throws(JSException) -> Value {
    let subject = iterator.internalSlot(1).asString
    let match = try regExpExec(rx, subject)
    if match.isNull {
      iterator.setInternalSlot(0, .undefined)
      return iteratorResult(.undefined, done: true)
    }
    guard iterator.internalSlot(2).isTrue else {
      // Not global: the one match, then done.
      iterator.setInternalSlot(0, .undefined)
      return iteratorResult(match, done: false)
    }
    let matched = try toString(get(match.asObject, PropertyKey(index: 0)))
    if matched.isEmpty {
      let thisIndex = try toLength(lastIndexValue(rx))
      let unicode = iterator.internalSlot(3).isTrue
      try setLastIndex(rx, Value(advanceStringIndex(subject, thisIndex, unicode: unicode)))
    }
    return iteratorResult(match, done: false)
  }
}
