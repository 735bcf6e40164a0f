// %AsyncGeneratorPrototype% (ES2024 27.6) and the request queue of async generators.
//
// An async generator is a generator object of kind .asyncGenerator whose payload is its queue
// of requests (AsyncGeneratorRequest: a completion and the promise it settles). next, return
// and throw enqueue a request and return its promise; the frame runs (resumeFromNative) when
// the generator is suspended, and each yield settles the oldest request.

final class AsyncGeneratorQueue: HeapTraceable {
  struct Request {
    var mode: ResumeMode
    var value: Value
    var promise: Value
  }
  @exclusivity(unchecked) var requests: [Request] = []

  func trace(_ heap: Heap) {
    for request in requests {
      heap.mark(request.value)
      heap.mark(request.promise)
    }
  }
}

extension Realm {
  func installAsyncGeneratorPrototype(_ runtime: Runtime) {
    let prototype = runtime.newObject(.ordinary, prototype: self[.asyncIteratorPrototype])
    self[.asyncGeneratorPrototype] = prototype.value
    let methods: [(String, ResumeMode)] = [("next", .next), ("return", .return), ("throw", .throw)]
    for (name, mode) in methods {
      runtime.defineNativeMethod(prototype, name, length: 1) { runtime, arguments throws(JSException) in
        runtime.asyncGeneratorRequest(arguments.this, mode: mode, value: arguments[0], method: name)
      }
    }
    runtime.addProperty(
      prototype, PropertyKey(symbol: runtime.symbols.toStringTag), runtime.newString("AsyncGenerator").value,
      [.configurable])
  }
}

extension Runtime {
  func asyncGeneratorQueue(_ generator: ObjectRef) -> AsyncGeneratorQueue {
    if let queue = generator.payloadObject(as: AsyncGeneratorQueue.self) { return queue }
    let queue = AsyncGeneratorQueue()
    generator.setPayloadObject(queue)
    return queue
  }

  /// AsyncGenerator.prototype.next / return / throw (ES2024 27.6.1.2-4).
  func asyncGeneratorRequest(_ this: Value, mode: ResumeMode, value: Value, method: String) -> Value {
    // 1-2. Let promiseCapability be ! NewPromiseCapability(%Promise%).
    let promise = newPromise()
    // 3-4. AsyncGeneratorValidate: an abrupt result rejects the promise.
    guard this.isObject, this.asObject.objectClass == .generator, this.asObject.generatorKind == .asyncGenerator
    else {
      rejectPromise(
        promise,
        reason: typeError(
          "AsyncGenerator.prototype.\(method) called on incompatible receiver \(describeForError(this))"
        )
        .value)
      return promise
    }
    let generator = this.asObject
    var state = generator.generatorState
    switch mode {
    case .next:
      // 6. If state is completed: resolve with CreateIterResultObject(undefined, true).
      if state == .completed {
        resolvePromise(promise, with: iteratorResult(.undefined, done: true))
        return promise
      }
    case .return:
      break
    case .throw:
      // 6-7. A generator never started completes; a completed one rejects with the value.
      if state == .suspendedStart {
        generator.generatorState = .completed
        state = .completed
      }
      if state == .completed {
        rejectPromise(promise, reason: value)
        return promise
      }
    }
    // AsyncGeneratorEnqueue.
    asyncGeneratorQueue(generator).requests.append(.init(mode: mode, value: value, promise: promise))
    if mode == .return && (state == .suspendedStart || state == .completed) {
      // 27.6.1.3 step 8: the generator awaits the value and completes.
      generator.generatorState = .awaitingReturn
      asyncGeneratorAwaitReturn(generator)
    } else if state == .suspendedStart || state == .suspendedYield {
      asyncGeneratorResume(generator, mode: mode, value: value)
    }
    // Otherwise the generator is executing or awaiting a return: the request waits its turn.
    return promise
  }

  /// AsyncGeneratorResume: runs the frame until it yields, awaits or completes (each of which
  /// settles requests itself; an exception completes the generator, see FinishGenerator).
  func asyncGeneratorResume(_ generator: ObjectRef, mode: ResumeMode, value: Value) {
    do throws(JSException) {
      _ = try resumeFromNative(generator, mode: mode, value: value)
    } catch let error {
      // Only a limit can get here (the stack, a time limit): the frame never ran.
      asyncGeneratorCompleteStep(generator, value: error.value, threw: true, done: true)
    }
  }

  /// AsyncGeneratorCompleteStep: the oldest request settles.
  func asyncGeneratorCompleteStep(_ generator: ObjectRef, value: Value, threw: Bool, done: Bool) {
    let queue = asyncGeneratorQueue(generator)
    guard !queue.requests.isEmpty else { return }
    let request = queue.requests.removeFirst()
    if threw {
      rejectPromise(request.promise, reason: value)
    } else {
      resolvePromise(request.promise, with: iteratorResult(value, done: done))
    }
  }

  /// AsyncGeneratorYield (ES2024 27.6.3.8) after the compiled code awaited the value: settles
  /// the oldest request; with more waiting, the frame goes on at once with the next one,
  /// else it suspends.
  func asyncGeneratorYield(_ fp: Registers, _ generator: ObjectRef, value: Value, resumeAt offset: Int)
    throws(JSException) -> Registers
  {
    stackTop = fp + Int(Frame.codeData(fp).pointee.registerCount)
    asyncGeneratorCompleteStep(generator, value: value, threw: false, done: false)
    let queue = asyncGeneratorQueue(generator)
    if let next = queue.requests.first {
      // 9. The next request's completion is delivered without suspending.
      let suspension = UnsafePointer(Frame.codeData(fp).pointee.instructions) + offset - Instruction.Yield.size
      fp[Instruction.Yield(suspension).received] = next.value
      fp[Instruction.Yield(suspension).mode] = Value(next.mode.rawValue)
      hot.pointee.resumeOffset = offset
      return fp
    }
    return suspend(fp, into: generator, resumeAt: offset, result: .undefined)
  }

  /// The generator's body completed (FinishGenerator): settle the request it ran for, then
  /// every request that came meanwhile (AsyncGeneratorDrainQueue).
  func asyncGeneratorComplete(_ generator: ObjectRef, value: Value, threw: Bool) {
    asyncGeneratorCompleteStep(generator, value: value, threw: threw, done: true)
    asyncGeneratorDrainQueue(generator)
  }

  /// AsyncGeneratorDrainQueue (ES2024 27.6.3.11).
  func asyncGeneratorDrainQueue(_ generator: ObjectRef) {
    let queue = asyncGeneratorQueue(generator)
    while let next = queue.requests.first {
      if next.mode == .return {
        generator.generatorState = .awaitingReturn
        asyncGeneratorAwaitReturn(generator)
        return
      }
      // A next completes with undefined, a throw rejects with its value.
      let threw = next.mode == .throw
      asyncGeneratorCompleteStep(generator, value: threw ? next.value : .undefined, threw: threw, done: true)
    }
  }

  /// AsyncGeneratorAwaitReturn (ES2024 27.6.3.10): the oldest request is a return; await its
  /// value, then settle it and drain the queue.
  func asyncGeneratorAwaitReturn(_ generator: ObjectRef) {
    let queue = asyncGeneratorQueue(generator)
    guard let request = queue.requests.first else { return }
    let promise: Value
    do throws(JSException) {
      promise = try promiseResolve(request.value)
    } catch let error {
      generator.generatorState = .completed
      asyncGeneratorCompleteStep(generator, value: error.value, threw: true, done: true)
      asyncGeneratorDrainQueue(generator)
      return
    }
    whenSettled(promise, data: generator.value) { runtime, data, rejected, value in
      let generator = data.asObject
      generator.generatorState = .completed
      runtime.asyncGeneratorCompleteStep(generator, value: value, threw: rejected, done: true)
      runtime.asyncGeneratorDrainQueue(generator)
    }
  }

  /// PerformPromiseThen(promise, onFulfilled, onRejected) with one native body for both
  /// outcomes (`rejected` says which). `data` rides in each reaction function's internal slot,
  /// where the collector sees it, never in the Swift closure.
  func whenSettled(
    _ promise: Value, data: Value, _ body: @escaping (Runtime, Value, _ rejected: Bool, Value) -> Void
  ) {
    func reaction(_ rejected: Bool) -> Value {
      let function = newNativeFunction(name: "", length: 1) { runtime, arguments throws(JSException) in
        body(runtime, arguments.callee.internalSlot(0), rejected, arguments[0])
        return .undefined
      }
      function.setInternalSlot(0, data)
      return function.value
    }
    performPromiseThen(
      promise, onFulfilled: .callable(reaction(false)), onRejected: .callable(reaction(true)),
      resultCapability: nil)
  }
}
