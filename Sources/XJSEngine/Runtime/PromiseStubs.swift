// TEMPORARY: stands in for the Promise machinery being written on the `promise` branch.
enum PromiseReactionHandler {
  case callable(Value)
  case resumeAwait(Value)
}

extension Runtime {
  func promiseResolve(_ value: Value) throws(JSException) -> Value { throw typeError("Promise is not implemented yet") }
  func newPromise() -> Value { newPlainObject().value }
  func resolvePromise(_ promise: Value, with resolution: Value) {}
  func rejectPromise(_ promise: Value, reason: Value) {}
  func performPromiseThen(_ promise: Value, onFulfilled: PromiseReactionHandler, onRejected: PromiseReactionHandler) {}
}
