// Array.fromAsync ( asyncItems [ , mapfn [ , thisArg ] ] ) (ES2026 23.1.2.2).
//
// The spec writes it as an async closure; here it is a state machine driven by promise
// reactions. Its state lives in an internal array (so the collector sees it) that each
// reaction carries: every `Await` of the spec is `awaitStep`, whose reactions continue at the
// step after it.

private enum FromAsyncSlot {
  static let promise = 0
  static let array = 1
  /// The async iterator, or the array-like object.
  static let source = 2
  static let next = 3
  static let mapper = 4
  static let thisArgument = 5
  static let index = 6
  /// The array-like's length; -1 when iterating.
  static let length = 7
  /// The error to reject with once an iterator has been closed.
  static let error = 8
  static let count = 9
}

/// What a settled await continues with.
private enum FromAsyncStep: Int32 {
  case iteratorResult = 0
  case mappedIteratorValue = 1
  case arrayLikeValue = 2
  case mappedArrayLikeValue = 3
  /// The iterator's `return` was awaited after an error: reject with the error.
  case closed = 4
}

extension Realm {
  func installArrayFromAsync(_ runtime: Runtime, _ constructor: ObjectRef) {
    runtime.defineNativeMethod(constructor, "fromAsync", length: 1) { runtime, arguments throws(JSException) in
      runtime.arrayFromAsync(arguments)
    }
  }
}

extension Runtime {
  func arrayFromAsync(_ arguments: NativeArguments) -> Value {
    // 1. Let promiseCapability be ! NewPromiseCapability(%Promise%).
    let promise = newPromise()
    do throws(JSException) {
      try arrayFromAsyncStart(promise, constructor: arguments.this, arguments[0], arguments[1], arguments[2])
    } catch let error {
      rejectPromise(promise, reason: error.value)
    }
    return promise
  }

  private func arrayFromAsyncStart(
    _ promise: Value, constructor: Value, _ items: Value, _ mapper: Value, _ thisArgument: Value
  )
    throws(JSException)
  {
    // 3.a-b. A mapping function must be callable.
    if !mapper.isUndefined && !mapper.isCallable { throw typeError("\(describeForError(mapper)) is not a function") }
    // 3.d-e. Let usingAsyncIterator be ? GetMethod(asyncItems, @@asyncIterator) (else @@iterator).
    let asyncMethod = try getMethod(items, PropertyKey(symbol: symbols.asyncIterator))
    let syncMethod = asyncMethod.isUndefined ? try getMethod(items, PropertyKey(symbol: symbols.iterator)) : .undefined
    let state = newArray(Array(repeating: Value.undefined, count: FromAsyncSlot.count))
    func store(_ slot: Int, _ value: Value) { state.denseElements[slot] = value }
    store(FromAsyncSlot.promise, promise)
    store(FromAsyncSlot.mapper, mapper)
    store(FromAsyncSlot.thisArgument, thisArgument)
    store(FromAsyncSlot.index, Value(Int32(0)))
    if !asyncMethod.isUndefined || !syncMethod.isUndefined {
      // 3.f. The iterator branch: A is a new C (or array); the sync iterator is wrapped.
      let array = constructor.isConstructor ? try construct(constructor, arguments: []) : try arrayCreate(0).value
      store(FromAsyncSlot.array, array)
      let (iterator, next) =
        !asyncMethod.isUndefined
        ? try getIterator(items, method: asyncMethod)
        : try { () throws(JSException) in
          let (iterator, next) = try getIterator(items, method: syncMethod)
          return createAsyncFromSyncIterator(iterator: iterator, next: next)
        }()
      store(FromAsyncSlot.source, iterator)
      store(FromAsyncSlot.next, next)
      store(FromAsyncSlot.length, Value(Int32(-1)))
      fromAsyncIteratorStep(state)
    } else {
      // 3.g. The array-like branch.
      let arrayLike = try toObject(items)
      let length = try lengthOfArrayLike(arrayLike)
      let array =
        constructor.isConstructor
        ? try construct(constructor, arguments: [Value(Double(length))]) : try arrayCreate(length).value
      store(FromAsyncSlot.array, array)
      store(FromAsyncSlot.source, arrayLike.value)
      store(FromAsyncSlot.length, Value(Double(length)))
      fromAsyncArrayLikeStep(state)
    }
  }

  // MARK: Steps

  private func fromAsyncSlot(_ state: ObjectRef, _ slot: Int) -> Value { state.denseElements[slot] }
  private func fromAsyncIndex(_ state: ObjectRef) -> Int { Int(fromAsyncSlot(state, FromAsyncSlot.index).asNumber) }
  private func fromAsyncAdvance(_ state: ObjectRef) {
    state.denseElements[FromAsyncSlot.index] = Value(Double(fromAsyncIndex(state) + 1))
  }
  private func fromAsyncReject(_ state: ObjectRef, _ reason: Value) {
    rejectPromise(fromAsyncSlot(state, FromAsyncSlot.promise), reason: reason)
  }

  /// 3.f.iv.1-5: the next result of the iterator, awaited.
  private func fromAsyncIteratorStep(_ state: ObjectRef) {
    do throws(JSException) {
      let result = try call(
        fromAsyncSlot(state, FromAsyncSlot.next), this: fromAsyncSlot(state, FromAsyncSlot.source), arguments: [])
      awaitStep(result, state, .iteratorResult)
    } catch let error {
      fromAsyncReject(state, error.value)
    }
  }

  /// 3.g.iv: the next element of the array-like, awaited (or the end).
  private func fromAsyncArrayLikeStep(_ state: ObjectRef) {
    do throws(JSException) {
      let index = fromAsyncIndex(state)
      let length = Int(fromAsyncSlot(state, FromAsyncSlot.length).asNumber)
      let array = fromAsyncSlot(state, FromAsyncSlot.array).asObject
      if index >= length {
        try set(array, names.length, Value(Double(length)), throwing: true)
        resolvePromise(fromAsyncSlot(state, FromAsyncSlot.promise), with: array.value)
        return
      }
      let source = fromAsyncSlot(state, FromAsyncSlot.source).asObject
      awaitStep(try get(source, PropertyKey(index: UInt32(index))), state, .arrayLikeValue)
    } catch let error {
      fromAsyncReject(state, error.value)
    }
  }

  /// Await(value), continuing at `step` with the outcome.
  private func awaitStep(_ value: Value, _ state: ObjectRef, _ step: FromAsyncStep) {
    let promise: Value
    do throws(JSException) {
      promise = try promiseResolve(value)
    } catch let error {
      fromAsyncSettled(state, step, rejected: true, error.value)
      return
    }
    let data = newArray([state.value, Value(step.rawValue)])
    whenSettled(promise, data: data.value) { runtime, data, rejected, value in
      let values = data.asObject.denseElements
      runtime.fromAsyncSettled(
        values[0].asObject, FromAsyncStep(rawValue: values[1].asInt32)!, rejected: rejected, value)
    }
  }

  /// Where the machine goes after an await settled.
  private func fromAsyncSettled(_ state: ObjectRef, _ step: FromAsyncStep, rejected: Bool, _ value: Value) {
    let array = fromAsyncSlot(state, FromAsyncSlot.array).asObject
    let mapper = fromAsyncSlot(state, FromAsyncSlot.mapper)
    let index = fromAsyncIndex(state)
    switch step {
    case .iteratorResult:
      // The iterator itself failed: nothing to close.
      if rejected { return fromAsyncReject(state, value) }
      do throws(JSException) {
        guard value.isObject else { throw typeError("Iterator result \(describeForError(value)) is not an object") }
        if toBoolean(try get(value.asObject, names.done)) {
          try set(array, names.length, Value(Double(index)), throwing: true)
          resolvePromise(fromAsyncSlot(state, FromAsyncSlot.promise), with: array.value)
          return
        }
        let element = try get(value.asObject, names.value)
        if mapper.isUndefined {
          do throws(JSException) {
            try createDataPropertyOrThrow(array, PropertyKey(index: UInt32(index)), element)
          } catch let error {
            return fromAsyncCloseAndReject(state, error.value)
          }
          fromAsyncAdvance(state)
          fromAsyncIteratorStep(state)
          return
        }
        let mapped: Value
        do throws(JSException) {
          mapped = try call(
            mapper, this: fromAsyncSlot(state, FromAsyncSlot.thisArgument), arguments: [element, Value(Double(index))])
        } catch let error {
          return fromAsyncCloseAndReject(state, error.value)
        }
        awaitStep(mapped, state, .mappedIteratorValue)
      } catch let error {
        fromAsyncReject(state, error.value)
      }
    case .mappedIteratorValue:
      if rejected { return fromAsyncCloseAndReject(state, value) }
      do throws(JSException) {
        try createDataPropertyOrThrow(array, PropertyKey(index: UInt32(index)), value)
      } catch let error {
        return fromAsyncCloseAndReject(state, error.value)
      }
      fromAsyncAdvance(state)
      fromAsyncIteratorStep(state)
    case .arrayLikeValue:
      if rejected { return fromAsyncReject(state, value) }
      if !mapper.isUndefined {
        do throws(JSException) {
          let mapped = try call(
            mapper, this: fromAsyncSlot(state, FromAsyncSlot.thisArgument), arguments: [value, Value(Double(index))])
          awaitStep(mapped, state, .mappedArrayLikeValue)
        } catch let error {
          fromAsyncReject(state, error.value)
        }
        return
      }
      fromAsyncStore(state, array, index, value)
    case .mappedArrayLikeValue:
      if rejected { return fromAsyncReject(state, value) }
      fromAsyncStore(state, array, index, value)
    case .closed:
      fromAsyncReject(state, fromAsyncSlot(state, FromAsyncSlot.error))
    }
  }

  private func fromAsyncStore(_ state: ObjectRef, _ array: ObjectRef, _ index: Int, _ value: Value) {
    do throws(JSException) {
      try createDataPropertyOrThrow(array, PropertyKey(index: UInt32(index)), value)
    } catch let error {
      return fromAsyncReject(state, error.value)
    }
    fromAsyncAdvance(state)
    fromAsyncArrayLikeStep(state)
  }

  /// IfAbruptCloseAsyncIterator: AsyncIteratorClose with a throw completion calls `return`
  /// and awaits its result, then rejects with the original error whatever `return` did.
  private func fromAsyncCloseAndReject(_ state: ObjectRef, _ error: Value) {
    state.denseElements[FromAsyncSlot.error] = error
    let iterator = fromAsyncSlot(state, FromAsyncSlot.source)
    let result: Value
    do throws(JSException) {
      let method = try getMethod(iterator, names.return)
      if method.isUndefined { return fromAsyncReject(state, error) }
      result = try call(method, this: iterator, arguments: [])
    } catch _ {
      return fromAsyncReject(state, error)
    }
    awaitStep(result, state, .closed)
  }
}
