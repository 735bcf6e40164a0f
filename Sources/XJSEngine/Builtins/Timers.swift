// Host functions of the event loop (HTML's timers and microtask queuing, as node and browsers
// have them): queueMicrotask, setTimeout, clearTimeout, setInterval, clearInterval. The timer
// queue and the loop are in Runtime/TimerQueue.swift, the job queue in Runtime/PromiseJobs.swift.
//
// Delays follow node: ToNumber of the argument, anything outside [1, 2^31 - 1] (0, negative,
// NaN) is 1 ms, fractions are dropped. Timer ids are positive integers, one space for both
// kinds (clearTimeout clears an interval too, as in HTML).

extension Realm {
  func installTimers(_ runtime: Runtime) {
    let global = globalObject!
    runtime.defineNativeMethod(global, "queueMicrotask", length: 1) { runtime, arguments throws(JSException) in
      let callback = arguments[0]
      guard callback.isCallable else {
        throw runtime.typeError(
          "The \"callback\" argument must be of type function. Received \(runtime.describeForError(callback))")
      }
      runtime.enqueueJob(.callback(callback))
      return .undefined
    }
    for (name, repeating) in [("setTimeout", false), ("setInterval", true)] {
      runtime.defineNativeMethod(global, name, length: 1) { runtime, arguments throws(JSException) in
        try runtime.setTimer(arguments, repeating: repeating)
      }
    }
    for name in ["clearTimeout", "clearInterval"] {
      runtime.defineNativeMethod(global, name, length: 1) { runtime, arguments throws(JSException) in
        let id = arguments[0]
        if id.isNumber, let number = Int(exactly: id.asNumber) { runtime.clearTimer(id: number) }
        return .undefined
      }
    }
  }
}

extension Runtime {
  /// setTimeout / setInterval (callback, delay, ...arguments): the new timer's id.
  fileprivate func setTimer(_ arguments: NativeArguments, repeating: Bool) throws(JSException) -> Value {
    let callback = arguments[0]
    guard callback.isCallable else {
      throw typeError(
        "The \"callback\" argument must be of type function. Received \(describeForError(callback))")
    }
    var delay = try toNumber(arguments[1])
    if !(delay >= 1 && delay <= 2_147_483_647) { delay = 1 }
    let extra = arguments.dropFirst(2)
    let extraArguments = extra.isEmpty ? Value.undefined : newArray(extra).value
    let id = addTimer(
      callback: callback, arguments: extraArguments, milliseconds: Int(delay), repeating: repeating)
    return Value(id)
  }
}
