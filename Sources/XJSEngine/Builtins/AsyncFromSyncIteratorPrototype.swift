// %AsyncIteratorPrototype% (ES2024 27.1.3), %AsyncFromSyncIteratorPrototype% (27.1.4), and
// GetIterator(obj, async).
//
// An async-from-sync iterator (ObjectClass.asyncFromSyncIterator) holds its
// [[SyncIteratorRecord]] in its internal slots: 0 the iterator, 1 its next method.

extension Realm {
  func installAsyncIteratorPrototype(_ runtime: Runtime) {
    let prototype = runtime.newObject(.ordinary, prototype: self[.objectPrototype])
    self[.asyncIteratorPrototype] = prototype.value
    runtime.defineNativeMethod(prototype, runtime.symbols.asyncIterator, name: "[Symbol.asyncIterator]", length: 0) {
      _, arguments throws(JSException) in arguments.this
    }
  }

  func installAsyncFromSyncIteratorPrototype(_ runtime: Runtime) {
    let prototype = runtime.newObject(.ordinary, prototype: self[.asyncIteratorPrototype])
    self[.asyncFromSyncIteratorPrototype] = prototype.value
    let methods: [(String, ResumeMode)] = [("next", .next), ("return", .return), ("throw", .throw)]
    for (name, mode) in methods {
      runtime.defineNativeMethod(prototype, name, length: 1) { runtime, arguments throws(JSException) in
        try runtime.asyncFromSyncIteratorStep(arguments, mode: mode)
      }
    }
  }
}

extension Runtime {
  /// GetIterator(obj, async) (ES2024 7.4.3): @@asyncIterator, else a sync iterator wrapped by
  /// CreateAsyncFromSyncIterator.
  func getAsyncIterator(_ iterable: Value) throws(JSException) -> (Value, Value) {
    let method = try getMethod(iterable, PropertyKey(symbol: symbols.asyncIterator))
    if method.isUndefined {
      let syncMethod = try getMethod(iterable, PropertyKey(symbol: symbols.iterator))
      if syncMethod.isUndefined { throw typeError("\(describeForError(iterable)) is not async iterable") }
      let (iterator, next) = try getIterator(iterable, method: syncMethod)
      return createAsyncFromSyncIterator(iterator: iterator, next: next)
    }
    let iterator = try call(method, this: iterable, arguments: [])
    guard iterator.isObject else { throw typeError("Result of the Symbol.asyncIterator method is not an object") }
    return (iterator, try get(iterator.asObject, names.next))
  }

  /// CreateAsyncFromSyncIterator (ES2024 27.1.4.1): (the wrapper, its next method).
  func createAsyncFromSyncIterator(iterator: Value, next: Value) -> (Value, Value) {
    let wrapper = newObject(.asyncFromSyncIterator, prototype: realm[.asyncFromSyncIteratorPrototype])
    wrapper.setInternalSlot(0, iterator)
    wrapper.setInternalSlot(1, next)
    let nextMethod = (try? get(wrapper, names.next)) ?? .undefined
    return (wrapper.value, nextMethod)
  }

  /// %AsyncFromSyncIteratorPrototype%.next / return / throw (ES2024 27.1.4.2.1-3).
  func asyncFromSyncIteratorStep(_ arguments: NativeArguments, mode: ResumeMode) throws(JSException) -> Value {
    let this = arguments.this
    let promise = newPromise()
    guard this.isObject, this.asObject.objectClass == .asyncFromSyncIterator else {
      rejectPromise(promise, reason: typeError("not an async-from-sync iterator").value)
      return promise
    }
    let wrapper = this.asObject
    let iterator = wrapper.internalSlot(0)
    let result: Value
    do throws(JSException) {
      switch mode {
      case .next:
        result = try call(
          wrapper.internalSlot(1), this: iterator, arguments: arguments.count > 0 ? [arguments[0]] : [])
      case .return:
        // 5-6. No `return`: done, with the value given.
        let method = try getMethod(iterator, names.return)
        if method.isUndefined {
          resolvePromise(promise, with: iteratorResult(arguments[0], done: true))
          return promise
        }
        result = try call(method, this: iterator, arguments: arguments.count > 0 ? [arguments[0]] : [])
      case .throw:
        let method = try getMethod(iterator, names.throw)
        if method.isUndefined {
          // 7. No `throw`: close the iterator and reject with a TypeError (the protocol was violated).
          try iteratorClose(iterator, suppressErrors: false)
          rejectPromise(promise, reason: typeError("The iterator does not provide a 'throw' method").value)
          return promise
        }
        result = try call(method, this: iterator, arguments: arguments.count > 0 ? [arguments[0]] : [])
      }
      guard result.isObject else { throw typeError("Iterator result \(describeForError(result)) is not an object") }
    } catch let error {
      rejectPromise(promise, reason: error.value)
      return promise
    }
    asyncFromSyncIteratorContinuation(
      result.asObject, promise: promise, iterator: iterator, closeOnRejection: mode != .return)
    return promise
  }

  /// AsyncFromSyncIteratorContinuation (ES2024 27.1.4.4): settles `promise` with the result's
  /// value awaited, as { value, done }.
  func asyncFromSyncIteratorContinuation(
    _ result: ObjectRef, promise: Value, iterator: Value, closeOnRejection: Bool
  ) {
    let done: Bool
    let valueWrapper: Value
    do throws(JSException) {
      done = toBoolean(try get(result, names.done))
      let value = try get(result, names.value)
      do throws(JSException) {
        valueWrapper = try promiseResolve(value)
      } catch let error {
        // 6. An abrupt PromiseResolve closes the iterator (unless done).
        if !done && closeOnRejection { try? iteratorClose(iterator, suppressErrors: true) }
        throw error
      }
    } catch let error {
      rejectPromise(promise, reason: error.value)
      return
    }
    let state = newArray([promise, iterator, Value(done)])
    whenSettled(valueWrapper, data: state.value) { runtime, data, rejected, value in
      let values = data.asObject.denseElements
      let done = values[2] == .true
      guard rejected else {
        runtime.resolvePromise(values[0], with: runtime.iteratorResult(value, done: done))
        return
      }
      // 10-11. A rejected value closes the iterator, unless it was done (or this is a return).
      if !done && closeOnRejection { try? runtime.iteratorClose(values[1], suppressErrors: true) }
      runtime.rejectPromise(values[0], reason: value)
    }
  }
}
