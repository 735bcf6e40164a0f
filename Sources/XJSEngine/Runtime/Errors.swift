// Creating and throwing JavaScript errors from Swift, and stack traces.
//
// Usage: `throw runtime.typeError("x is not a function")`.
//
// Stacks: an error created while the interpreter is inside a native call
// captures the stack at once (the interpreter records where it called from).
// An error created by an interpreter slow path is marked pending and gets its
// stack when the interpreter catches it, where the exact pc is known.

extension Runtime {
  func makeError(_ type: ErrorType, _ message: String) -> Value {
    let error = newObject(.error, prototype: realm[type.prototypeIntrinsic])
    addProperty(error, names.message, newString(message).value, .builtin)
    attachStack(error)
    return error.value
  }

  func typeError(_ message: String) -> JSException { JSException(makeError(.typeError, message)) }
  func rangeError(_ message: String) -> JSException { JSException(makeError(.rangeError, message)) }
  func referenceError(_ message: String) -> JSException { JSException(makeError(.referenceError, message)) }
  func syntaxError(_ message: String) -> JSException { JSException(makeError(.syntaxError, message)) }
  func uriError(_ message: String) -> JSException { JSException(makeError(.uriError, message)) }
  func throwRangeError(_ message: String) -> JSException { rangeError(message) }

  /// An uncatchable-by-design termination (time limit, interrupt): an Error
  /// object that the interpreter refuses to deliver to catch blocks.
  func makeTerminationError(_ message: String) -> Value {
    let error = newObject(.error, prototype: realm[.errorPrototype])
    addProperty(error, names.message, newString(message).value, .builtin)
    addProperty(error, names.name, newString("TerminationError").value, .builtin)
    terminationValue = error.value
    return error.value
  }

  /// Gives an error object its `stack` property now, or marks it to get one when caught.
  /// `skippingNatives`: native frames at the top to leave out (the Error constructor's own).
  func attachStack(_ error: ObjectRef, skippingNatives: Int = 0) {
    if let frame = nativeCallSite {
      guard let limit = stackTraceLimit() else { return }
      let lines = stackFrameLines(from: frame.fp, pc: frame.pc, limit: limit, skippingNatives: skippingNatives)
      defineStack(error, frames: lines.map(\.text))
    } else {
      error.flags |= ObjectFlags.hasHostData
      addProperty(error, names.stack, .undefined, .builtin)
    }
  }

  /// Completes a pending stack with the frames starting at (fp, pc).
  func completePendingStack(_ value: Value, fp: UnsafeMutablePointer<Value>, pc: Int) {
    guard value.isObject else { return }
    let error = value.asObject
    guard error.objectClass == .error, error.hasFlag(ObjectFlags.hasHostData) else { return }
    error.flags &= ~ObjectFlags.hasHostData
    guard let limit = stackTraceLimit() else { return }
    defineStack(error, frames: stackFrames(from: fp, pc: pc, limit: limit))
  }

  func defineStack(_ error: ObjectRef, frames: [String]) {
    var text = (try? errorHeadline(error)) ?? "Error"
    for frame in frames { text += "\n    at " + frame }
    let stack = newString(text).value
    if let location = error.shape.lookup(names.stack) {
      error.setSlot(location.slot, stack)
    } else {
      addProperty(error, names.stack, stack, .builtin)
    }
  }

  /// `Name: message` of an error object, read without running getters.
  func errorHeadline(_ error: ObjectRef) throws(JSException) -> String {
    func plainString(_ key: PropertyKey) -> String? {
      var current: ObjectRef? = error
      while let object = current {
        if case .data(let value, _, _) = lookupOwn(object, key) {
          return value.isString ? value.asString.swiftString(heap) : nil
        }
        let prototype = object.prototype
        current = prototype.isObject ? prototype.asObject : nil
      }
      return nil
    }
    let name = plainString(names.name) ?? "Error"
    let message = plainString(names.message) ?? ""
    if message.isEmpty { return name }
    if name.isEmpty { return message }
    return name + ": " + message
  }
}
