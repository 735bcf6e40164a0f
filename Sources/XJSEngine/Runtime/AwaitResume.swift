// Await (ES2024 27.7.5.3) on the promise machinery: a suspended frame waits on a promise
// through `.resumeAwait` reactions, whose jobs resume it from Swift (Interpreter/Suspension.swift).

extension Runtime {
  /// Steps 2-9 of Await before the frame suspends: PromiseResolve(%Promise%, value), and
  /// reactions that resume `generator` with the outcome.
  func awaitValue(_ value: Value, resuming generator: ObjectRef) throws(JSException) {
    let promise = try promiseResolve(value)
    performPromiseThen(
      promise, onFulfilled: .resumeAwait(generator.value), onRejected: .resumeAwait(generator.value),
      resultCapability: nil)
  }

  /// The job of a `.resumeAwait` reaction: the awaiting frame continues (a rejection is thrown
  /// where it awaited). Its own exceptions settle its promise or request, never escape.
  func resumeAwait(_ object: Value, throwing: Bool, value: Value) throws(JSException) {
    _ = try resumeFromNative(object.asObject, mode: throwing ? .throw : .next, value: value)
  }
}
