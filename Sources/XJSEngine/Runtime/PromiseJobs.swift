// The promise machinery (ES2025 27.2.1–27.2.5) and the job queue (HostEnqueuePromiseJob, 9.5),
// with rejection tracking (HostPromiseRejectionTracker, 27.2.1.9).
//
// The API other parts of the engine build on (async functions, await, the host event loop):
//
//   func newPromise() -> Value
//       a new pending %Promise% of the current realm.
//   func promiseResolve(_ value: Value) throws(JSException) -> Value
//       PromiseResolve(%Promise%, value): `value` itself when it is a promise whose
//       `constructor` is %Promise%, else a new promise resolved with it.
//   func resolvePromise(_ promise: Value, with resolution: Value)
//   func rejectPromise(_ promise: Value, reason: Value)
//       what the promise's resolve and reject functions do (a thenable resolution goes through
//       NewPromiseResolveThenableJob; resolving a promise with itself rejects it with a
//       TypeError); both do nothing once the promise was resolved through this API.
//   enum PromiseReactionHandler { case callable(Value); case resumeAwait(Value) }
//   func performPromiseThen(_ promise: Value, onFulfilled: PromiseReactionHandler,
//       onRejected: PromiseReactionHandler, resultCapability: PromiseCapability?)
//       PerformPromiseThen. `.callable(undefined)` is the spec's empty handler (identity or
//       thrower); a `.resumeAwait(object)` reaction's job calls
//       `resumeAwait(object, throwing: rejected, value: argument)` (AwaitResume.swift).
//   func enqueueJob(_ job: PromiseJob)
//       HostEnqueuePromiseJob: appends to the FIFO job queue.
//   func runJobs() throws(JSException)
//       drains the queue (the host calls it after a script and after each timer callback);
//       an exception no job handles stops the drain and is thrown, the rest stays queued.
//
// A promise is an object of class `.promise`: internal slots [[PromiseState]],
// [[PromiseResult]] and flags ([[PromiseIsHandled]], and "already resolved" for a promise
// resolved through the API above); its reactions are the payload (a PromiseReactionList the
// collector traces). The job queue and the list of rejected-but-unhandled promises are
// runtime roots (`JobQueue.trace`, called from Runtime.markRoots). Capability records and
// handlers live only in Swift locals, reaction lists and queued jobs, all of which are traced.

import CXJSSupport

enum PromiseSlot {
  static let state = 0
  static let result = 1
  static let flags = 2
}

enum PromiseState: Int32 {
  case pending = 0
  case fulfilled
  case rejected
}

enum PromiseFlags {
  /// [[PromiseIsHandled]]
  static let isHandled: Int32 = 1
  /// The "already resolved" record of a promise resolved without resolving functions (an
  /// intrinsic capability, `resolvePromise`/`rejectPromise`).
  static let alreadyResolved: Int32 = 2
}

/// A PromiseCapability Record (27.2.1.1). For a capability of the current realm's %Promise%,
/// `resolve` and `reject` are undefined: the promise is resolved directly, with its own
/// already-resolved flag, and function objects are made only where script could see them
/// (`materializedFunctions`).
struct PromiseCapability {
  var promise: Value
  var resolve: Value
  var reject: Value

  var isIntrinsic: Bool { resolve.isUndefined }

  func trace(_ heap: Heap) {
    heap.mark(promise)
    heap.mark(resolve)
    heap.mark(reject)
  }
}

/// A reaction's [[Handler]].
enum PromiseReactionHandler {
  /// A JS function, or undefined for the spec's empty handler (identity when fulfilled,
  /// thrower when rejected).
  case callable(Value)
  /// The suspended async function or generator object `await` resumes.
  case resumeAwait(Value)

  func trace(_ heap: Heap) {
    switch self {
    case .callable(let value), .resumeAwait(let value): heap.mark(value)
    }
  }
}

/// A fulfill reaction and a reject reaction made by one PerformPromiseThen (27.2.1.2): they
/// share the capability and always sit at the same place in the two lists, so one record holds both.
struct PromiseReaction {
  var capability: PromiseCapability?
  var onFulfilled: PromiseReactionHandler
  var onRejected: PromiseReactionHandler

  func trace(_ heap: Heap) {
    capability?.trace(heap)
    onFulfilled.trace(heap)
    onRejected.trace(heap)
  }
}

/// [[PromiseFulfillReactions]] and [[PromiseRejectReactions]] of a pending promise (its payload).
final class PromiseReactionList: HeapTraceable {
  @exclusivity(unchecked) var reactions: [PromiseReaction] = []
  func trace(_ heap: Heap) {
    for reaction in reactions { reaction.trace(heap) }
  }
}

/// A job on the queue.
enum PromiseJob {
  /// NewPromiseReactionJob (27.2.2.1): the reaction's fulfill or reject half with the argument.
  case reaction(PromiseReaction, rejected: Bool, argument: Value)
  /// NewPromiseResolveThenableJob (27.2.2.2).
  case resolveThenable(promise: Value, thenable: Value, then: Value)
  /// A callback with no arguments (queueMicrotask).
  case callback(Value)

  func trace(_ heap: Heap) {
    switch self {
    case .reaction(let reaction, _, let argument):
      reaction.trace(heap)
      heap.mark(argument)
    case .resolveThenable(let promise, let thenable, let then):
      heap.mark(promise)
      heap.mark(thenable)
      heap.mark(then)
    case .callback(let function):
      heap.mark(function)
    }
  }
}

/// The runtime's job queue (FIFO) and rejection tracker state; a root of the collector.
final class JobQueue {
  @exclusivity(unchecked) private var jobs: [PromiseJob] = []
  @exclusivity(unchecked) private var head = 0
  /// Promises rejected while nothing handled them, in order (HostPromiseRejectionTracker
  /// "reject"); one that gets a handler later is dropped when the list is next filtered.
  @exclusivity(unchecked) var rejectedUnhandled: [Value] = []
  /// Reasons of promises still unhandled at a checkpoint, for `takeUnhandledRejections`.
  @exclusivity(unchecked) var unhandledReasons: [Value] = []
  @exclusivity(unchecked) var isDraining = false
  /// HostPromiseRejectionTracker records rejections (the test262 host turns it off).
  @exclusivity(unchecked) var tracksRejections = true

  var isEmpty: Bool { head == jobs.count }
  var count: Int { jobs.count - head }

  func append(_ job: PromiseJob) { jobs.append(job) }

  func removeFirst() -> PromiseJob? {
    guard head < jobs.count else { return nil }
    let job = jobs[head]
    jobs[head] = .callback(.undefined)
    head += 1
    if head == jobs.count {
      jobs.removeAll(keepingCapacity: true)
      head = 0
    } else if head >= 1024 && head * 2 >= jobs.count {
      jobs.removeFirst(head)
      head = 0
    }
    return job
  }

  func trace(_ heap: Heap) {
    for index in head..<jobs.count { jobs[index].trace(heap) }
    for promise in rejectedUnhandled { heap.mark(promise) }
    for reason in unhandledReasons { heap.mark(reason) }
  }
}

extension Runtime {
  // MARK: - Promise objects

  /// IsPromise (27.2.1.6)
  @inline(__always) func isPromise(_ value: Value) -> Bool {
    value.isObject && value.asObject.objectClass == .promise
  }

  /// A pending promise with `prototype` (the object part of the Promise constructor's step 3).
  func newPromiseObject(prototype: Value) -> ObjectRef {
    let promise = newObject(.promise, prototype: prototype)
    promise.setInternalSlot(PromiseSlot.state, Value(PromiseState.pending.rawValue))
    promise.setInternalSlot(PromiseSlot.result, .undefined)
    promise.setInternalSlot(PromiseSlot.flags, Value(Int32(0)))
    return promise
  }

  /// A new pending %Promise% of the current realm.
  func newPromise() -> Value {
    newPromiseObject(prototype: realm[.promisePrototype]).value
  }

  func promiseState(_ promise: ObjectRef) -> PromiseState {
    PromiseState(rawValue: promise.internalSlot(PromiseSlot.state).asInt32) ?? .pending
  }

  private func promiseFlags(_ promise: ObjectRef) -> Int32 { promise.internalSlot(PromiseSlot.flags).asInt32 }

  private func setPromiseFlag(_ promise: ObjectRef, _ flag: Int32) {
    promise.setInternalSlot(PromiseSlot.flags, Value(promiseFlags(promise) | flag))
  }

  /// Whether an exception is the termination of the script (time limit, interrupt): no
  /// promise machinery may turn it into a rejection.
  @inline(__always) func isTermination(_ exception: JSException) -> Bool {
    exception.value == terminationValue && !exception.value.isUndefined
  }

  /// A termination caught by code that cannot throw: make the next safe point stop the script again.
  func rearmTermination() {
    xjs_atomic_or_int32(interruptFlag, RuntimeHotState.interruptBit)
  }

  // MARK: - Resolving functions (27.2.1.3)

  /// CreateResolvingFunctions(promise). Each function keeps the promise in internal slot 0
  /// (undefined once [[AlreadyResolved]] is true) and its partner in slot 1, so setting the
  /// shared record clears both. With `sharingPromiseFlag`, slot 1 is `true` and the record is
  /// the promise's own already-resolved flag (the functions of an intrinsic capability).
  func createResolvingFunctions(_ promise: ObjectRef, sharingPromiseFlag: Bool = false) -> (
    resolve: ObjectRef, reject: ObjectRef
  ) {
    let resolve = newNativeFunction(nameValue: emptyString.value, length: 1) {
      runtime, arguments throws(JSException) in
      // 27.2.1.3.2 Promise Resolve Functions
      guard let promise = runtime.claimResolution(arguments.callee) else { return .undefined }
      try runtime.resolveUnresolvedPromise(promise, arguments[0])
      return .undefined
    }
    let reject = newNativeFunction(nameValue: emptyString.value, length: 1) {
      runtime, arguments throws(JSException) in
      // 27.2.1.3.1 Promise Reject Functions
      guard let promise = runtime.claimResolution(arguments.callee) else { return .undefined }
      runtime.rejectPendingPromise(promise, arguments[0])
      return .undefined
    }
    resolve.setInternalSlot(0, promise.value)
    reject.setInternalSlot(0, promise.value)
    if sharingPromiseFlag {
      resolve.setInternalSlot(1, .true)
      reject.setInternalSlot(1, .true)
    } else {
      resolve.setInternalSlot(1, reject.value)
      reject.setInternalSlot(1, resolve.value)
    }
    return (resolve, reject)
  }

  /// Steps 1–6 of the resolve and reject functions: the promise if [[AlreadyResolved]] was
  /// false (it is now true), nil otherwise.
  private func claimResolution(_ function: ObjectRef) -> ObjectRef? {
    let promise = function.internalSlot(0)
    guard promise.isObject else { return nil }
    let partner = function.internalSlot(1)
    if partner.isObject {
      function.setInternalSlot(0, .undefined)
      partner.asObject.setInternalSlot(0, .undefined)
      return promise.asObject
    }
    return claimPromiseFlag(promise.asObject) ? promise.asObject : nil
  }

  /// Sets a promise's own already-resolved flag; false if it was set.
  private func claimPromiseFlag(_ promise: ObjectRef) -> Bool {
    if promiseFlags(promise) & PromiseFlags.alreadyResolved != 0 { return false }
    setPromiseFlag(promise, PromiseFlags.alreadyResolved)
    return true
  }

  /// Steps 7–16 of Promise Resolve Functions (27.2.1.3.2), once [[AlreadyResolved]] was set.
  /// Throws only a termination.
  func resolveUnresolvedPromise(_ promise: ObjectRef, _ resolution: Value) throws(JSException) {
    // 7. If SameValue(resolution, promise) is true, then
    if resolution == promise.value {
      // a. Let selfResolutionError be a newly created TypeError object.
      // b. Perform RejectPromise(promise, selfResolutionError).
      rejectPendingPromise(promise, makeError(.typeError, "Chaining cycle detected for promise #<Promise>"))
      return
    }
    // 8. If resolution is not an Object, then: Perform FulfillPromise(promise, resolution).
    guard resolution.isObject else {
      fulfillPromise(promise, resolution)
      return
    }
    // 9. Let then be Completion(Get(resolution, "then")).
    let thenAction: Value
    do {
      thenAction = try get(resolution.asObject, names.then)
    } catch {
      if isTermination(error) { throw error }
      // 10. If then is an abrupt completion, then: Perform RejectPromise(promise, then.[[Value]]).
      rejectPendingPromise(promise, error.value)
      return
    }
    // 12. If IsCallable(thenAction) is false, then: Perform FulfillPromise(promise, resolution).
    guard thenAction.isCallable else {
      fulfillPromise(promise, resolution)
      return
    }
    // 13. Let thenJobCallback be HostMakeJobCallback(thenAction).
    // 14. Let job be NewPromiseResolveThenableJob(promise, resolution, thenJobCallback).
    // 15. Perform HostEnqueuePromiseJob(job.[[Job]], job.[[Realm]]).
    enqueueJob(.resolveThenable(promise: promise.value, thenable: resolution, then: thenAction))
  }

  /// FulfillPromise (27.2.1.4)
  func fulfillPromise(_ promise: ObjectRef, _ value: Value) {
    // 1. Assert: The value of promise.[[PromiseState]] is pending.
    guard promiseState(promise) == .pending else { return }
    // 2. Let reactions be promise.[[PromiseFulfillReactions]].
    let reactions = promise.payloadObject(as: PromiseReactionList.self)
    // 3–6. Set the result, clear the reaction lists, set the state to fulfilled.
    promise.setInternalSlot(PromiseSlot.result, value)
    promise.setInternalSlot(PromiseSlot.state, Value(PromiseState.fulfilled.rawValue))
    promise.setPayloadObject(nil as PromiseReactionList?)
    // 7. Perform TriggerPromiseReactions(reactions, value).
    if let reactions { triggerPromiseReactions(reactions.reactions, rejected: false, value) }
  }

  /// RejectPromise (27.2.1.7)
  func rejectPendingPromise(_ promise: ObjectRef, _ reason: Value) {
    guard promiseState(promise) == .pending else { return }
    let reactions = promise.payloadObject(as: PromiseReactionList.self)
    promise.setInternalSlot(PromiseSlot.result, reason)
    promise.setInternalSlot(PromiseSlot.state, Value(PromiseState.rejected.rawValue))
    promise.setPayloadObject(nil as PromiseReactionList?)
    // 7. If promise.[[PromiseIsHandled]] is false, perform HostPromiseRejectionTracker(promise, "reject").
    if promiseFlags(promise) & PromiseFlags.isHandled == 0 { trackRejection(promise) }
    // 8. Perform TriggerPromiseReactions(reactions, reason).
    if let reactions { triggerPromiseReactions(reactions.reactions, rejected: true, reason) }
  }

  /// TriggerPromiseReactions (27.2.1.8)
  private func triggerPromiseReactions(_ reactions: [PromiseReaction], rejected: Bool, _ argument: Value) {
    // 1. For each element reaction of reactions, do
    for reaction in reactions {
      // a. Let job be NewPromiseReactionJob(reaction, argument).
      // b. Perform HostEnqueuePromiseJob(job.[[Job]], job.[[Realm]]).
      enqueueJob(.reaction(reaction, rejected: rejected, argument: argument))
    }
  }

  // MARK: - The API for await and the host

  /// What a promise's resolve function does, for a promise resolved without resolving functions.
  func resolvePromise(_ promise: Value, with resolution: Value) {
    guard isPromise(promise), claimPromiseFlag(promise.asObject) else { return }
    do {
      try resolveUnresolvedPromise(promise.asObject, resolution)
    } catch {
      rearmTermination()
    }
  }

  /// What a promise's reject function does, for a promise resolved without resolving functions.
  func rejectPromise(_ promise: Value, reason: Value) {
    guard isPromise(promise), claimPromiseFlag(promise.asObject) else { return }
    rejectPendingPromise(promise.asObject, reason)
  }

  /// PromiseResolve(%Promise%, value) in the current realm.
  func promiseResolve(_ value: Value) throws(JSException) -> Value {
    try promiseResolve(constructor: realm[.promiseConstructor], value)
  }

  /// PromiseResolve (27.2.4.7.1)
  func promiseResolve(constructor: Value, _ value: Value) throws(JSException) -> Value {
    // 1. If IsPromise(x) is true, then
    if isPromise(value) {
      // a. Let xConstructor be ? Get(x, "constructor").
      // b. If SameValue(xConstructor, C) is true, return x.
      if sameValue(try get(value.asObject, names.constructor), constructor) { return value }
    }
    // 2. Let promiseCapability be ? NewPromiseCapability(C).
    let capability = try newPromiseCapability(constructor)
    // 3. Perform ? Call(promiseCapability.[[Resolve]], undefined, « x »).
    try resolveCapability(capability, value)
    // 4. Return promiseCapability.[[Promise]].
    return capability.promise
  }

  /// PerformPromiseThen (27.2.5.4.1). Returns the result capability's promise, or undefined.
  @discardableResult
  func performPromiseThen(
    _ promise: Value, onFulfilled: PromiseReactionHandler, onRejected: PromiseReactionHandler,
    resultCapability: PromiseCapability?
  ) -> Value {
    // 1. Assert: IsPromise(promise) is true.
    let object = promise.asObject
    // 3–6. Handlers that are not callable are empty; the reactions share the capability.
    let reaction = PromiseReaction(
      capability: resultCapability, onFulfilled: Runtime.jobHandler(onFulfilled),
      onRejected: Runtime.jobHandler(onRejected))
    switch promiseState(object) {
    case .pending:
      // 7. Append fulfillReaction and rejectReaction to the lists.
      if let list = object.payloadObject(as: PromiseReactionList.self) {
        list.reactions.append(reaction)
      } else {
        let list = PromiseReactionList()
        list.reactions.append(reaction)
        object.setPayloadObject(list)
      }
    case .fulfilled:
      // 8. Let value be promise.[[PromiseResult]]; enqueue NewPromiseReactionJob(fulfillReaction, value).
      enqueueJob(.reaction(reaction, rejected: false, argument: object.internalSlot(PromiseSlot.result)))
    case .rejected:
      // 9. c. If promise.[[PromiseIsHandled]] is false, perform HostPromiseRejectionTracker(promise, "handle").
      //    (The tracker drops promises that became handled when it next looks at its list.)
      enqueueJob(.reaction(reaction, rejected: true, argument: object.internalSlot(PromiseSlot.result)))
    }
    // 10. Set promise.[[PromiseIsHandled]] to true.
    setPromiseFlag(object, PromiseFlags.isHandled)
    // 11–12. Return the capability's promise, or undefined.
    return resultCapability?.promise ?? .undefined
  }

  /// HostMakeJobCallback, with a handler that is not callable made empty (undefined).
  private static func jobHandler(_ handler: PromiseReactionHandler) -> PromiseReactionHandler {
    if case .callable(let function) = handler, !function.isCallable { return .callable(.undefined) }
    return handler
  }

  // MARK: - Capabilities (27.2.1.5)

  /// NewPromiseCapability(C)
  func newPromiseCapability(_ constructor: Value) throws(JSException) -> PromiseCapability {
    // 1. If IsConstructor(C) is false, throw a TypeError exception.
    guard constructor.isConstructor else {
      throw typeError("\(describeForError(constructor)) is not a constructor")
    }
    // The current realm's %Promise%: Construct would make exactly this promise, and nothing
    // observes the executor or resolving functions, so make neither.
    if constructor == realm[.promiseConstructor] {
      return PromiseCapability(promise: newPromise(), resolve: .undefined, reject: .undefined)
    }
    // 2–4. The executor records resolve and reject in its internal slots.
    let executor = newNativeFunction(nameValue: emptyString.value, length: 2) {
      runtime, arguments throws(JSException) in
      // GetCapabilitiesExecutor Functions
      let function = arguments.callee
      // a. If promiseCapability.[[Resolve]] is not undefined, throw a TypeError exception.
      // b. If promiseCapability.[[Reject]] is not undefined, throw a TypeError exception.
      guard function.internalSlot(0).isUndefined, function.internalSlot(1).isUndefined else {
        throw runtime.typeError("Promise executor has already been invoked with non-undefined arguments")
      }
      // c–d. Set promiseCapability.[[Resolve]] to resolve, [[Reject]] to reject.
      function.setInternalSlot(0, arguments[0])
      function.setInternalSlot(1, arguments[1])
      return .undefined
    }
    executor.setInternalSlot(0, .undefined)
    executor.setInternalSlot(1, .undefined)
    // 5. Let promise be ? Construct(C, « executor »).
    let promise = try withExtendedLifetime(executor) { () throws(JSException) in
      try construct(constructor, arguments: [executor.value])
    }
    let resolve = executor.internalSlot(0)
    let reject = executor.internalSlot(1)
    // 6. If IsCallable(resolvingFunctions.[[Resolve]]) is false, throw a TypeError exception.
    guard resolve.isCallable else { throw typeError("Promise resolve function is not callable") }
    // 7. If IsCallable(resolvingFunctions.[[Reject]]) is false, throw a TypeError exception.
    guard reject.isCallable else { throw typeError("Promise reject function is not callable") }
    // 8. Return the PromiseCapability Record { [[Promise]]: promise, [[Resolve]], [[Reject]] }.
    return PromiseCapability(promise: promise, resolve: resolve, reject: reject)
  }

  /// The capability with function objects for resolve and reject (an intrinsic capability
  /// gets functions sharing its promise's already-resolved flag), for code that hands them to script.
  func materializedFunctions(_ capability: PromiseCapability) -> PromiseCapability {
    guard capability.isIntrinsic else { return capability }
    let (resolve, reject) = createResolvingFunctions(capability.promise.asObject, sharingPromiseFlag: true)
    return PromiseCapability(promise: capability.promise, resolve: resolve.value, reject: reject.value)
  }

  /// Call(promiseCapability.[[Resolve]], undefined, « value »)
  func resolveCapability(_ capability: PromiseCapability, _ value: Value) throws(JSException) {
    if capability.isIntrinsic {
      let promise = capability.promise.asObject
      if claimPromiseFlag(promise) { try resolveUnresolvedPromise(promise, value) }
    } else {
      _ = try callRooted(capability.resolve, this: .undefined, [value])
    }
  }

  /// Call(promiseCapability.[[Reject]], undefined, « reason »)
  func rejectCapability(_ capability: PromiseCapability, _ reason: Value) throws(JSException) {
    if capability.isIntrinsic {
      let promise = capability.promise.asObject
      if claimPromiseFlag(promise) { rejectPendingPromise(promise, reason) }
    } else {
      _ = try callRooted(capability.reject, this: .undefined, [reason])
    }
  }

  /// IfAbruptRejectPromise(value, capability) for a caught exception: rejects and returns the
  /// capability's promise (a termination is thrown on).
  func rejectAndReturn(_ capability: PromiseCapability, _ error: JSException) throws(JSException) -> Value {
    if isTermination(error) { throw error }
    try rejectCapability(capability, error.value)
    return capability.promise
  }

  /// Call(F, V, argumentsList) with the arguments registered as roots for the whole call: a
  /// native callee reads its arguments from this buffer, and these are often fresh objects
  /// (resolving functions, element functions) nothing else holds yet.
  func callRooted(_ function: Value, this: Value, _ arguments: [Value]) throws(JSException) -> Value {
    // Up to three arguments: on the native stack, which the collector scans (no allocation).
    switch arguments.count {
    case 1:
      return try call(function, this: this, arguments[0])
    case 2:
      return try call(function, this: this, arguments[0], arguments[1])
    case 3:
      return try call(function, this: this, arguments[0], arguments[1], arguments[2])
    default:
      break
    }
    let rooted = RootedValues(self, capacity: arguments.count)
    for argument in arguments { rooted.append(argument) }
    return try withExtendedLifetime(rooted) { () throws(JSException) in
      try rooted.values.withUnsafeBufferPointer { buffer throws(JSException) in
        try call(function, this: this, arguments: buffer)
      }
    }
  }

  // MARK: - Jobs

  /// HostEnqueuePromiseJob (9.5.5): jobs run in FIFO order once the running script is done.
  func enqueueJob(_ job: PromiseJob) {
    jobQueue.append(job)
  }

  /// Runs queued jobs until the queue is empty (jobs queued meanwhile run too). An exception
  /// a job lets out (a queueMicrotask callback's, a custom capability's reject function's, a
  /// termination) stops the drain and is thrown; the remaining jobs stay queued. Does nothing
  /// while a drain is already running further out.
  func runJobs() throws(JSException) {
    if jobQueue.isDraining { return }
    jobQueue.isDraining = true
    defer { jobQueue.isDraining = false }
    while let job = jobQueue.removeFirst() {
      try checkSafePoint()
      try runJob(job)
    }
  }

  private func runJob(_ job: PromiseJob) throws(JSException) {
    switch job {
    case .reaction(let reaction, let rejected, let argument):
      try runReactionJob(reaction, rejected: rejected, argument: argument)
    case .resolveThenable(let promise, let thenable, let then):
      try runResolveThenableJob(promise.asObject, thenable, then)
    case .callback(let function):
      _ = try call(function, this: .undefined, arguments: [])
    }
  }

  /// The job of NewPromiseReactionJob (27.2.2.1)
  private func runReactionJob(_ reaction: PromiseReaction, rejected: Bool, argument: Value) throws(JSException) {
    // c. Let handler be reaction.[[Handler]].
    let handler = rejected ? reaction.onRejected : reaction.onFulfilled
    var result = argument
    var isAbrupt = rejected
    var handlerThrew = false
    switch handler {
    case .resumeAwait(let object):
      try resumeAwait(object, throwing: rejected, value: argument)
      return
    case .callable(let function):
      // d. If handler is empty, then: the argument as a normal completion when fulfilled,
      //    as a throw completion when rejected.
      // e. Else, let handlerResult be Completion(HostCallJobCallback(handler, undefined, « argument »)).
      if !function.isUndefined {
        do {
          result = try callRooted(function, this: .undefined, [argument])
          isAbrupt = false
        } catch {
          if isTermination(error) { throw error }
          result = error.value
          isAbrupt = true
          handlerThrew = true
        }
      }
    }
    // f. If promiseCapability is undefined, then: (Assert: handlerResult is not an abrupt completion.)
    guard let capability = reaction.capability else {
      if handlerThrew { throw JSException(result) }
      return
    }
    // h. If handlerResult is an abrupt completion, return ? Call(promiseCapability.[[Reject]], …).
    // i. Else, return ? Call(promiseCapability.[[Resolve]], undefined, « handlerResult.[[Value]] »).
    if isAbrupt {
      try rejectCapability(capability, result)
    } else {
      try resolveCapability(capability, result)
    }
  }

  /// The job of NewPromiseResolveThenableJob (27.2.2.2)
  private func runResolveThenableJob(_ promise: ObjectRef, _ thenable: Value, _ then: Value) throws(JSException) {
    // a. Let resolvingFunctions be CreateResolvingFunctions(promiseToResolve).
    let (resolve, reject) = createResolvingFunctions(promise)
    // b. Let thenCallResult be Completion(HostCallJobCallback(then, thenable, « resolve, reject »)).
    do {
      _ = try callRooted(then, this: thenable, [resolve.value, reject.value])
    } catch {
      if isTermination(error) { throw error }
      // c. If thenCallResult is an abrupt completion, then
      //    i. Return ? Call(resolvingFunctions.[[Reject]], undefined, « thenCallResult.[[Value]] »).
      _ = try callRooted(reject.value, this: .undefined, [error.value])
    }
    withExtendedLifetime(resolve) {}
  }

  // MARK: - Rejection tracking (HostPromiseRejectionTracker, 27.2.1.9)

  private func trackRejection(_ promise: ObjectRef) {
    guard jobQueue.tracksRejections else { return }
    let count = jobQueue.rejectedUnhandled.count
    if count >= 1024 && count.nonzeroBitCount == 1 {
      // Drop the ones handled since, so a long drain that rejects and handles does not grow the list.
      jobQueue.rejectedUnhandled.removeAll { promiseFlags($0.asObject) & PromiseFlags.isHandled != 0 }
    }
    jobQueue.rejectedUnhandled.append(promise.value)
  }

  /// The promises rejected with no handler that still have none (the check after a drain),
  /// oldest first; the tracker forgets them.
  func takeUnhandledRejectedPromises() -> [Value] {
    let list = jobQueue.rejectedUnhandled
    jobQueue.rejectedUnhandled = []
    return list.filter { promiseFlags($0.asObject) & PromiseFlags.isHandled == 0 }
  }
}
