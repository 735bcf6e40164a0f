// Promise.prototype (ES2025 27.2.5): then, catch, finally and @@toStringTag.
//
// finally's thenFinally / catchFinally functions keep onFinally in internal slot 0 and the
// constructor C in slot 1; its value thunks and throwers keep their value in slot 0.

extension Realm {
  func installPromisePrototype(_ runtime: Runtime, _ prototype: ObjectRef) {
    // Promise.prototype.catch (27.2.5.1)
    runtime.defineNativeMethod(prototype, "catch", length: 1) { runtime, arguments throws(JSException) in
      // 1. Let promise be the this value.
      // 2. Return ? Invoke(promise, "then", « undefined, onRejected »).
      try runtime.promiseInvoke(arguments.this, runtime.names.then, [.undefined, arguments[0]])
    }
    // Promise.prototype.finally (27.2.5.3)
    runtime.defineNativeMethod(prototype, "finally", length: 1) { runtime, arguments throws(JSException) in
      try runtime.promiseFinally(arguments.this, arguments[0])
    }
    // Promise.prototype.then (27.2.5.4)
    runtime.defineNativeMethod(prototype, "then", length: 2) { runtime, arguments throws(JSException) in
      // 1. Let promise be the this value.
      // 2. If IsPromise(promise) is false, throw a TypeError exception.
      // (The handlers are read first: what follows allocates, and they may be in a Swift buffer.)
      let promise = arguments.this
      let onFulfilled = arguments[0]
      let onRejected = arguments[1]
      guard runtime.isPromise(promise) else {
        throw runtime.typeError(
          "Method Promise.prototype.then called on incompatible receiver \(runtime.describeForError(promise))")
      }
      // 3. Let C be ? SpeciesConstructor(promise, %Promise%).
      let constructor = try runtime.speciesConstructor(
        promise.asObject, default: runtime.realm[.promiseConstructor])
      // 4. Let resultCapability be ? NewPromiseCapability(C).
      let capability = try runtime.newPromiseCapability(constructor)
      // 5. Return PerformPromiseThen(promise, onFulfilled, onRejected, resultCapability).
      return runtime.performPromiseThen(
        promise, onFulfilled: .callable(onFulfilled), onRejected: .callable(onRejected),
        resultCapability: capability)
    }
    // Promise.prototype [ @@toStringTag ] (27.2.5.5)
    runtime.addProperty(
      prototype, PropertyKey(symbol: runtime.symbols.toStringTag), runtime.newString("Promise").value,
      [.configurable])
  }
}

extension Runtime {
  /// Promise.prototype.finally (27.2.5.3)
  func promiseFinally(_ promise: Value, _ onFinally: Value) throws(JSException) -> Value {
    // 1. Let promise be the this value.
    // 2. If promise is not an Object, throw a TypeError exception.
    guard promise.isObject else {
      throw typeError(
        "Method Promise.prototype.finally called on incompatible receiver \(describeForError(promise))")
    }
    // 3. Let C be ? SpeciesConstructor(promise, %Promise%).
    // 4. Assert: IsConstructor(C) is true.
    let constructor = try speciesConstructor(promise.asObject, default: realm[.promiseConstructor])
    // 5. If IsCallable(onFinally) is false, then
    //    a. Let thenFinally be onFinally. b. Let catchFinally be onFinally.
    guard onFinally.isCallable else {
      return try promiseInvoke(promise, names.then, [onFinally, onFinally])
    }
    // 6. Else,
    //    a–b. thenFinally: call onFinally, then pass the value on.
    let thenFinally = newNativeFunction(nameValue: emptyString.value, length: 1) {
      runtime, arguments throws(JSException) in
      try runtime.callFinallyFunction(arguments.callee, arguments[0], isRejection: false)
    }
    thenFinally.setInternalSlot(0, onFinally)
    thenFinally.setInternalSlot(1, constructor)
    //    c–d. catchFinally: call onFinally, then throw the reason on.
    let catchFinally = newNativeFunction(nameValue: emptyString.value, length: 1) {
      runtime, arguments throws(JSException) in
      try runtime.callFinallyFunction(arguments.callee, arguments[0], isRejection: true)
    }
    catchFinally.setInternalSlot(0, onFinally)
    catchFinally.setInternalSlot(1, constructor)
    // 7. Return ? Invoke(promise, "then", « thenFinally, catchFinally »).
    return try promiseInvoke(promise, names.then, [thenFinally.value, catchFinally.value])
  }

  /// The thenFinallyClosure and catchFinallyClosure of Promise.prototype.finally (27.2.5.3 step 6).
  private func callFinallyFunction(_ function: ObjectRef, _ argument: Value, isRejection: Bool)
    throws(JSException) -> Value
  {
    let onFinally = function.internalSlot(0)
    let constructor = function.internalSlot(1)
    // i. Let result be ? Call(onFinally, undefined).
    let result = try call(onFinally, this: .undefined, arguments: [])
    // ii. Let p be ? PromiseResolve(C, result).
    let promise = try promiseResolve(constructor: constructor, result)
    // iii. Let returnValue be a new Abstract Closure that captures value and returns value
    //      (catchFinally: let throwReason be one that throws reason).
    // iv. Let valueThunk be CreateBuiltinFunction(returnValue, 0, "", « ») (or thrower).
    let thunk: ObjectRef
    if isRejection {
      thunk = newNativeFunction(nameValue: emptyString.value, length: 0) { _, arguments throws(JSException) in
        throw JSException(arguments.callee.internalSlot(0))
      }
    } else {
      thunk = newNativeFunction(nameValue: emptyString.value, length: 0) { _, arguments throws(JSException) in
        arguments.callee.internalSlot(0)
      }
    }
    thunk.setInternalSlot(0, argument)
    // v. Return ? Invoke(p, "then", « valueThunk ») (or « thrower »).
    return try promiseInvoke(promise, names.then, [thunk.value])
  }
}
