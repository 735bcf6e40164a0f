// The Promise constructor and its statics (ES2025 27.2.3, 27.2.4). The machinery (resolving
// functions, capabilities, reactions, jobs) is in Runtime/PromiseJobs.swift; then, catch and
// finally in PromisePrototype.swift.
//
// The element functions of Promise.all, allSettled and any keep a shared state array in
// internal slot 0 (see CombinatorState) and their index in slot 1.

extension Realm {
  func installPromise(_ runtime: Runtime) {
    let prototype = runtime.newObject(.ordinary, prototype: self[.objectPrototype])
    self[.promisePrototype] = prototype.value
    let constructor = makeConstructor("Promise", length: 1, prototype: prototype) {
      runtime, arguments throws(JSException) in
      try runtime.constructPromise(arguments)
    }
    self[.promiseConstructor] = constructor.value
    let combinators: [(String, PromiseCombinator)] = [
      ("all", .all), ("allSettled", .allSettled), ("any", .any), ("race", .race), ("allKeyed", .allKeyed),
      ("allSettledKeyed", .allSettledKeyed),
    ]
    for (name, kind) in combinators {
      runtime.defineNativeMethod(constructor, name, length: 1) { runtime, arguments throws(JSException) in
        try runtime.promiseCombinator(kind, constructor: arguments.this, iterable: arguments[0])
      }
    }
    // Promise.reject (27.2.4.6)
    runtime.defineNativeMethod(constructor, "reject", length: 1) { runtime, arguments throws(JSException) in
      // 1. Let C be the this value.
      // 2. Let promiseCapability be ? NewPromiseCapability(C).
      let capability = try runtime.newPromiseCapability(arguments.this)
      // 3. Perform ? Call(promiseCapability.[[Reject]], undefined, « r »).
      try runtime.rejectCapability(capability, arguments[0])
      // 4. Return promiseCapability.[[Promise]].
      return capability.promise
    }
    // Promise.resolve (27.2.4.7)
    runtime.defineNativeMethod(constructor, "resolve", length: 1) { runtime, arguments throws(JSException) in
      // 1. Let C be the this value.
      // 2. If C is not an Object, throw a TypeError exception.
      guard arguments.this.isObject else { throw runtime.typeError("PromiseResolve called on non-object") }
      // 3. Return ? PromiseResolve(C, x).
      return try runtime.promiseResolve(constructor: arguments.this, arguments[0])
    }
    // Promise.try (27.2.4.8)
    runtime.defineNativeMethod(constructor, "try", length: 1) { runtime, arguments throws(JSException) in
      try runtime.promiseTry(arguments)
    }
    // Promise.withResolvers (27.2.4.9)
    runtime.defineNativeMethod(constructor, "withResolvers", length: 0) { runtime, arguments throws(JSException) in
      // 1. Let C be the this value.
      // 2. Let promiseCapability be ? NewPromiseCapability(C).
      let capability = runtime.materializedFunctions(try runtime.newPromiseCapability(arguments.this))
      // 3. Let obj be OrdinaryObjectCreate(%Object.prototype%).
      let object = runtime.newPlainObject()
      // 4–6. CreateDataPropertyOrThrow(obj, "promise" / "resolve" / "reject", …).
      try runtime.createDataPropertyOrThrow(object, runtime.propertyKey("promise"), capability.promise)
      try runtime.createDataPropertyOrThrow(object, runtime.propertyKey("resolve"), capability.resolve)
      try runtime.createDataPropertyOrThrow(object, runtime.propertyKey("reject"), capability.reject)
      return object.value
    }
    runtime.defineSpeciesGetter(constructor)
    installPromisePrototype(runtime, prototype)
  }
}

enum PromiseCombinator {
  case all, allSettled, any, race
  /// Promise.allKeyed and Promise.allSettledKeyed (the await-dictionary proposal).
  case allKeyed, allSettledKeyed
}

/// The state array shared by one Promise.all/allSettled/any call's element functions.
enum CombinatorState {
  /// The [[Values]] (or errors) list, an array.
  static let values = 0
  /// The result capability's promise, resolve and reject.
  static let promise = 1
  static let resolve = 2
  static let reject = 3
  /// [[RemainingElements]] (an int32).
  static let remaining = 4
  /// An array: true at an index whose [[AlreadyCalled]] record is true.
  static let called = 5
  /// allKeyed / allSettledKeyed: the keys (strings and symbols), an array; else undefined.
  static let keys = 6
}

extension Runtime {
  /// The Promise constructor (27.2.3.1)
  func constructPromise(_ arguments: NativeArguments) throws(JSException) -> Value {
    // 1. If NewTarget is undefined, throw a TypeError exception.
    guard arguments.isConstructCall else {
      throw typeError("Promise constructor cannot be invoked without 'new'")
    }
    // 2. If IsCallable(executor) is false, throw a TypeError exception.
    let executor = arguments[0]
    guard executor.isCallable else {
      throw typeError("Promise resolver \(describeForError(executor)) is not a function")
    }
    // 3. Let promise be ? OrdinaryCreateFromConstructor(NewTarget, "%Promise.prototype%", …).
    // 4–7. [[PromiseState]] pending, empty reaction lists, [[PromiseIsHandled]] false.
    let prototype = try prototypeFromConstructor(arguments.newTarget, fallback: .promisePrototype)
    let promise = newPromiseObject(prototype: prototype)
    // 8. Let resolvingFunctions be CreateResolvingFunctions(promise).
    let (resolve, reject) = createResolvingFunctions(promise)
    // 9. Let completion be Completion(Call(executor, undefined, « resolve, reject »)).
    do {
      _ = try callRooted(executor, this: .undefined, [resolve.value, reject.value])
    } catch {
      if isTermination(error) { throw error }
      // 10. If completion is an abrupt completion, then
      //     a. Perform ? Call(resolvingFunctions.[[Reject]], undefined, « completion.[[Value]] »).
      _ = try callRooted(reject.value, this: .undefined, [error.value])
    }
    // 11. Return promise.
    return withExtendedLifetime(resolve) { promise.value }
  }

  /// Promise.try (27.2.4.8)
  func promiseTry(_ arguments: NativeArguments) throws(JSException) -> Value {
    // 1. Let C be the this value.
    // 2. If C is not an Object, throw a TypeError exception.
    guard arguments.this.isObject else { throw typeError("Promise.try called on non-object") }
    // 3. Let promiseCapability be ? NewPromiseCapability(C).
    let capability = try newPromiseCapability(arguments.this)
    // 4. Let status be Completion(Call(callbackfn, undefined, args)).
    let result: Value
    do {
      result = try call(arguments[0], this: .undefined, arguments: arguments.dropFirst(1))
    } catch {
      // 5. If status is an abrupt completion, then
      //    a. Perform ? Call(promiseCapability.[[Reject]], undefined, « status.[[Value]] »).
      return try rejectAndReturn(capability, error)
    }
    // 6. Else, a. Perform ? Call(promiseCapability.[[Resolve]], undefined, « status.[[Value]] »).
    try resolveCapability(capability, result)
    // 7. Return promiseCapability.[[Promise]].
    return capability.promise
  }

  /// Invoke(V, P, argumentsList) (7.3.21)
  /// The arguments are rooted before anything can run (a `then` getter may allocate).
  func promiseInvoke(_ target: Value, _ key: PropertyKey, _ arguments: [Value]) throws(JSException) -> Value {
    let rooted = RootedValues(self, capacity: arguments.count)
    for argument in arguments { rooted.append(argument) }
    defer { withExtendedLifetime(rooted) {} }
    let function = try getV(target, key)
    guard function.isCallable else {
      throw typeError("\(describeForError(function)) is not a function")
    }
    return try callRooted(function, this: target, arguments)
  }

  /// GetPromiseResolve (27.2.4.1.1)
  private func getPromiseResolve(_ constructor: Value) throws(JSException) -> Value {
    // 1. Let promiseResolve be ? Get(promiseConstructor, "resolve").
    let promiseResolve = try getV(constructor, propertyKey("resolve"))
    // 2. If IsCallable(promiseResolve) is false, throw a TypeError exception.
    guard promiseResolve.isCallable else {
      throw typeError("Promise resolve or reject function is not callable")
    }
    return promiseResolve
  }

  /// Promise.all, allSettled, any and race (27.2.4.1, 27.2.4.2, 27.2.4.3, 27.2.4.5).
  func promiseCombinator(_ kind: PromiseCombinator, constructor: Value, iterable: Value) throws(JSException)
    -> Value
  {
    // 1. Let C be the this value.
    // 2. Let promiseCapability be ? NewPromiseCapability(C).
    let capability = materializedFunctions(try newPromiseCapability(constructor))
    // 3. Let promiseResolve be Completion(GetPromiseResolve(C)).
    // 4. IfAbruptRejectPromise(promiseResolve, promiseCapability).
    let promiseResolve: Value
    do {
      promiseResolve = try getPromiseResolve(constructor)
    } catch {
      return try rejectAndReturn(capability, error)
    }
    if kind == .allKeyed || kind == .allSettledKeyed {
      return try keyedCombinator(kind, constructor: constructor, promises: iterable, capability, promiseResolve)
    }
    // 5. Let iteratorRecord be Completion(GetIterator(iterable, sync)).
    // 6. IfAbruptRejectPromise(iteratorRecord, promiseCapability).
    let iterator: Value
    let next: Value
    do {
      (iterator, next) = try getIterator(iterable)
    } catch {
      return try rejectAndReturn(capability, error)
    }
    // 7. Let result be Completion(PerformPromiseAll(iteratorRecord, C, promiseCapability, promiseResolve)).
    var done = false
    do {
      return try performCombinator(
        kind, iterator: iterator, next: next, done: &done, constructor: constructor, capability: capability,
        promiseResolve: promiseResolve)
    } catch {
      if isTermination(error) { throw error }
      // 8. If result is an abrupt completion, then
      //    a. If iteratorRecord.[[Done]] is false, set result to Completion(IteratorClose(iteratorRecord, result)).
      if !done { try? iteratorClose(iterator, suppressErrors: true) }
      //    b. IfAbruptRejectPromise(result, promiseCapability).
      return try rejectAndReturn(capability, error)
    }
  }

  /// PerformPromiseAll, PerformPromiseAllSettled, PerformPromiseAny, PerformPromiseRace.
  /// `done` is the iterator record's [[Done]]: set when the iterator itself threw or finished.
  private func performCombinator(
    _ kind: PromiseCombinator, iterator: Value, next: Value, done: inout Bool, constructor: Value,
    capability: PromiseCapability, promiseResolve: Value
  ) throws(JSException) -> Value {
    // 1. Let values be a new empty List. 2. Let remainingElementsCount be the Record { [[Value]]: 1 }.
    // (Each array in a local until the state holds it: a Swift array literal is not a root.)
    let state = newCombinatorState(capability, keyed: false)
    let values = state.denseElements[CombinatorState.values].asObject
    // 3. Let index be 0.
    var index = 0
    // 4. Repeat,
    while true {
      // a. Let next be ? IteratorStepValue(iteratorRecord).
      let value: Value?
      do {
        value = try iteratorStep(iterator: iterator, next: next)
      } catch {
        done = true
        throw error
      }
      // b. If next is done, then
      guard let value else {
        done = true
        // (race) i. Return resultCapability.[[Promise]].
        if kind == .race { return capability.promise }
        // i. Set remainingElementsCount.[[Value]] to remainingElementsCount.[[Value]] - 1.
        // ii. If remainingElementsCount.[[Value]] = 0, then resolve (or reject with an AggregateError).
        if decrementRemaining(state) == 0 { try finishCombinator(kind, state) }
        // iii. Return resultCapability.[[Promise]].
        return capability.promise
      }
      // c. Append undefined to values.
      if kind != .race { storeDense(values, UInt32(index), .undefined) }
      // d. Let nextPromise be ? Call(promiseResolve, constructor, « next »).
      let nextPromise = try callRooted(promiseResolve, this: constructor, [value])
      switch kind {
      case .race:
        // Perform ? Invoke(nextPromise, "then", « resultCapability.[[Resolve]], resultCapability.[[Reject]] »).
        _ = try promiseInvoke(nextPromise, names.then, [capability.resolve, capability.reject])
      case .all, .allKeyed:
        // e–k. Let onFulfilled be a Promise.all Resolve Element Function for index.
        let onFulfilled = makeElementFunction(.allResolve, state, index)
        // l. Set remainingElementsCount.[[Value]] to remainingElementsCount.[[Value]] + 1.
        incrementRemaining(state)
        // m. Perform ? Invoke(nextPromise, "then", « onFulfilled, resultCapability.[[Reject]] »).
        _ = try promiseInvoke(nextPromise, names.then, [onFulfilled.value, capability.reject])
      case .allSettled, .allSettledKeyed:
        // The fulfill and reject element functions share one [[AlreadyCalled]] record (the index).
        let onFulfilled = makeElementFunction(.allSettledFulfill, state, index)
        let onRejected = makeElementFunction(.allSettledReject, state, index)
        incrementRemaining(state)
        _ = try promiseInvoke(nextPromise, names.then, [onFulfilled.value, onRejected.value])
      case .any:
        let onRejected = makeElementFunction(.anyReject, state, index)
        incrementRemaining(state)
        // Perform ? Invoke(nextPromise, "then", « resultCapability.[[Resolve]], onRejected »).
        _ = try promiseInvoke(nextPromise, names.then, [capability.resolve, onRejected.value])
      }
      // n. Set index to index + 1.
      index += 1
    }
  }

  /// The state array of one combinator call, remainingElementsCount 1.
  private func newCombinatorState(_ capability: PromiseCapability, keyed: Bool) -> ObjectRef {
    // (Each array in a local until the state holds it: a Swift array literal is not a root.)
    let values = newArray()
    let called = newArray()
    let keys = keyed ? newArray().value : Value.undefined
    let state = newArray(capacity: 7)
    for (index, element) in [
      values.value, capability.promise, capability.resolve, capability.reject, Value(Int32(1)), called.value, keys,
    ].enumerated() {
      storeDense(state, UInt32(index), element)
    }
    return state
  }

  /// Promise.allKeyed / Promise.allSettledKeyed (promises), from step 5 (the await-dictionary proposal).
  private func keyedCombinator(
    _ kind: PromiseCombinator, constructor: Value, promises: Value, _ capability: PromiseCapability,
    _ promiseResolve: Value
  ) throws(JSException) -> Value {
    // 5. If promises is not an Object, then reject with a newly created TypeError object.
    guard promises.isObject else {
      return try rejectAndReturn(capability, typeError("\(describeForError(promises)) is not an object"))
    }
    // 6. Let result be Completion(PerformPromiseAllKeyed(variant, promises, C, promiseCapability, promiseResolve)).
    do {
      return try performKeyedCombinator(
        kind, promises.asObject, constructor: constructor, capability, promiseResolve)
    } catch {
      // 7. IfAbruptRejectPromise(result, promiseCapability).
      return try rejectAndReturn(capability, error)
    }
  }

  /// PerformPromiseAllKeyed (variant, promises, constructor, resultCapability, promiseResolve)
  private func performKeyedCombinator(
    _ kind: PromiseCombinator, _ promises: ObjectRef, constructor: Value, _ capability: PromiseCapability,
    _ promiseResolve: Value
  ) throws(JSException) -> Value {
    // 1. Let allKeys be ? promises.[[OwnPropertyKeys]]().
    let allKeys = try ownPropertyKeys(promises)
    // 2–5. keys, values, remainingElementsCount { 1 }, index 0.
    let state = newCombinatorState(capability, keyed: true)
    let values = state.denseElements[CombinatorState.values].asObject
    let keys = state.denseElements[CombinatorState.keys].asObject
    var index = 0
    // 6. For each element key of allKeys, do
    for key in allKeys {
      // a. Let desc be ? promises.[[GetOwnProperty]](key).
      // b. If desc is not undefined and desc.[[Enumerable]] is true, then
      guard let descriptor = try getOwnProperty(promises, key), descriptor.enumerable == true else { continue }
      // i. Let value be ? Get(promises, key).
      let value = try get(promises, key)
      // ii. Append key to keys. iii. Append undefined to values.
      storeDense(keys, UInt32(index), keyValue(key))
      storeDense(values, UInt32(index), .undefined)
      // iv. Let nextPromise be ? Call(promiseResolve, constructor, « value »).
      let nextPromise = try callRooted(promiseResolve, this: constructor, [value])
      // v–viii. onFulfilled (and for allSettledKeyed onRejected) share [[AlreadyCalled]] (the index);
      //         allKeyed's onRejected is resultCapability.[[Reject]].
      let onFulfilled = makeElementFunction(kind == .allKeyed ? .allResolve : .allSettledFulfill, state, index)
      let onRejected =
        kind == .allKeyed ? capability.reject : makeElementFunction(.allSettledReject, state, index).value
      // ix. Set remainingElementsCount.[[Value]] to remainingElementsCount.[[Value]] + 1.
      incrementRemaining(state)
      // x. Perform ? Invoke(nextPromise, "then", « onFulfilled, onRejected »).
      _ = try promiseInvoke(nextPromise, names.then, [onFulfilled.value, onRejected])
      // xi. Set index to index + 1.
      index += 1
    }
    // 7. Set remainingElementsCount.[[Value]] to remainingElementsCount.[[Value]] - 1.
    // 8. If remainingElementsCount.[[Value]] = 0, resolve with CreateKeyedPromiseCombinatorResultObject.
    if decrementRemaining(state) == 0 { try finishCombinator(kind, state) }
    // 9. Return resultCapability.[[Promise]].
    return capability.promise
  }

  private func decrementRemaining(_ state: ObjectRef) -> Int32 {
    let remaining = state.denseElements[CombinatorState.remaining].asInt32 - 1
    state.denseElements[CombinatorState.remaining] = Value(remaining)
    return remaining
  }

  private func incrementRemaining(_ state: ObjectRef) {
    state.denseElements[CombinatorState.remaining] = Value(
      state.denseElements[CombinatorState.remaining].asInt32 + 1)
  }

  private enum ElementFunctionKind {
    case allResolve, allSettledFulfill, allSettledReject, anyReject
  }

  /// A Promise.all Resolve Element Function (27.2.4.1.3), Promise.allSettled Resolve / Reject
  /// Element Function (27.2.4.2.2–3) or Promise.any Reject Element Function (27.2.4.3.2).
  private func makeElementFunction(_ kind: ElementFunctionKind, _ state: ObjectRef, _ index: Int) -> ObjectRef {
    let function = newNativeFunction(nameValue: emptyString.value, length: 1) {
      runtime, arguments throws(JSException) in
      try runtime.callElementFunction(kind, arguments.callee, arguments[0])
    }
    function.setInternalSlot(0, state.value)
    function.setInternalSlot(1, Value(index))
    return function
  }

  private func callElementFunction(_ kind: ElementFunctionKind, _ function: ObjectRef, _ x: Value)
    throws(JSException) -> Value
  {
    let state = function.internalSlot(0).asObject
    let index = UInt32(function.internalSlot(1).asInt32)
    // 1–2. If F.[[AlreadyCalled]] is true, return undefined. 3. Set it to true.
    let called = state.denseElements[CombinatorState.called].asObject
    if Int(index) < called.denseCount && called.denseElements[Int(index)] == .true { return .undefined }
    storeDense(called, index, .true)
    // 8. Set values[index] to x (allSettled: a { status, value } or { status, reason } object).
    let element: Value
    switch kind {
    case .allResolve, .anyReject:
      element = x
    case .allSettledFulfill, .allSettledReject:
      let object = newPlainObject()
      let fulfilled = kind == .allSettledFulfill
      addProperty(object, propertyKey("status"), newString(fulfilled ? "fulfilled" : "rejected").value, .default)
      addProperty(object, fulfilled ? names.value : propertyKey("reason"), x, .default)
      element = object.value
    }
    storeDense(state.denseElements[CombinatorState.values].asObject, index, element)
    // 9. Set remainingElementsCount.[[Value]] to remainingElementsCount.[[Value]] - 1.
    // 10. If remainingElementsCount.[[Value]] = 0, then …
    if decrementRemaining(state) == 0 { try finishCombinator(combinator(of: kind), state) }
    // 11. Return undefined.
    return .undefined
  }

  private func combinator(of kind: ElementFunctionKind) -> PromiseCombinator {
    switch kind {
    case .allResolve: .all
    case .allSettledFulfill, .allSettledReject: .allSettled
    case .anyReject: .any
    }
  }

  /// The last element is in: resolve with CreateArrayFromList(values), or (any) reject with
  /// an AggregateError whose `errors` is CreateArrayFromList(errors).
  private func finishCombinator(_ kind: PromiseCombinator, _ state: ObjectRef) throws(JSException) {
    let capability = PromiseCapability(
      promise: state.denseElements[CombinatorState.promise], resolve: state.denseElements[CombinatorState.resolve],
      reject: state.denseElements[CombinatorState.reject])
    let list = state.denseElements[CombinatorState.values].asObject
    let keys = state.denseElements[CombinatorState.keys]
    if keys.isObject {
      // CreateKeyedPromiseCombinatorResultObject: a null-prototype object of the keys and values.
      let result = newObject(.ordinary, prototype: .null)
      for index in 0..<keys.asObject.denseCount {
        let key = try toPropertyKey(keys.asObject.denseElements[index])
        try createDataPropertyOrThrow(result, key, list.denseElements[index])
      }
      try resolveCapability(capability, result.value)
      return
    }
    let array = newArray(
      UnsafeBufferPointer(start: list.denseCount > 0 ? list.denseElements : nil, count: list.denseCount))
    if kind == .any {
      // a. Let error be a newly created AggregateError object.
      let error = makeError(.aggregateError, "All promises were rejected")
      // b. Perform ! DefinePropertyOrThrow(error, "errors", PropertyDescriptor { [[Configurable]]: true,
      //    [[Enumerable]]: false, [[Writable]]: true, [[Value]]: CreateArrayFromList(errors) }).
      addProperty(error.asObject, names.errors, array.value, .builtin)
      // c. Return ? Call(promiseCapability.[[Reject]], undefined, « error »).
      try rejectCapability(capability, error)
    } else {
      // a. Let valuesArray be CreateArrayFromList(values).
      // b. Return ? Call(promiseCapability.[[Resolve]], undefined, « valuesArray »).
      try resolveCapability(capability, array.value)
    }
  }
}
