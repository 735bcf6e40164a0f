import CXJSAPI
import XJS

/// A host's user data and its finalizer: the finalizer runs once the engine drops what holds
/// this (a function object collected, a class released with no object left).
final class UserData {
  let pointer: UnsafeMutableRawPointer?
  private let finalizer: (@convention(c) (UnsafeMutableRawPointer?) -> Void)?

  init(_ pointer: UnsafeMutableRawPointer?, finalizer: (@convention(c) (UnsafeMutableRawPointer?) -> Void)?) {
    self.pointer = pointer
    self.finalizer = finalizer
  }

  deinit { finalizer?(pointer) }
}

extension CRuntime {
  /// Calls into the host: lends `context` and `values` as handles for the call (removed after
  /// it), and turns an xjs_context_throw during the call into a thrown JSError.
  func callHost<T>(
    in context: Context, lending values: [JSValue],
    _ body: (_ context: OpaquePointer, _ lent: UnsafeBufferPointer<OpaquePointer?>) -> T
  ) throws(JSError) -> T {
    let (contextHandle, temporary) = handle(for: context)
    let handles: [OpaquePointer?] = values.map { handle(for: $0) }
    let outerThrow = pendingThrow
    pendingThrow = nil
    callbackDepth += 1
    let result = handles.withUnsafeBufferPointer { body(contextHandle, $0) }
    callbackDepth -= 1
    let thrown = pendingThrow
    pendingThrow = outerThrow
    for handle in handles { HandleTable.shared.remove(handle) }
    if temporary { HandleTable.shared.remove(contextHandle) }
    if let thrown { throw thrown }
    return result
  }

  /// Takes over a value handle a callback returned (NULL: `otherwise`).
  func takeReturned(_ handle: OpaquePointer?, otherwise: @autoclosure () -> JSValue) throws(JSError) -> JSValue {
    guard let handle else { return otherwise() }
    guard let value = HandleTable.shared.lookup(handle, as: JSValue.self) else {
      throw JSError(name: "TypeError", message: "a host callback returned a handle that is not a live xjs_value")
    }
    HandleTable.shared.remove(handle)
    guard value.heapIdentity == virtualMachine.heapIdentity else {
      throw JSError(name: "TypeError", message: "a host callback returned a value of another runtime")
    }
    return value
  }
}

@_cdecl("xjs_function")
public func cFunction(
  _ handle: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ length: UInt32, _ callback: xjs_host_function?,
  _ userData: UnsafeMutableRawPointer?, _ finalizer: (@convention(c) (UnsafeMutableRawPointer?) -> Void)?,
  _ outFunction: UnsafeMutablePointer<OpaquePointer?>?
) -> OpaquePointer? {
  outFunction?.pointee = nil
  return reportingFailure { () throws(CFailure) in
    let (context, runtime) = try lookupContext(handle)
    guard let callback else { throw .invalid("callback is NULL") }
    guard let outFunction else { throw .invalid("out_function is NULL") }
    let data = UserData(userData, finalizer: finalizer)
    let function = context.context.function(name.map { String(cString: $0) } ?? "", length: Int(length)) {
      [weak runtime] call in
      guard let runtime else { throw JSError(name: "Error", message: "the runtime is being destroyed") }
      let lent = [call.this] + call.arguments + (call.newTarget.map { [$0] } ?? [])
      let returned = try runtime.callHost(in: call.context, lending: lent) { context, lent in
        let argv = lent.baseAddress.map { $0 + 1 }
        let newTarget = call.newTarget == nil ? nil : lent[lent.count - 1]
        return callback(context, lent[0], call.arguments.count, argv, newTarget, data.pointer)
      }
      return try runtime.takeReturned(returned, otherwise: call.context.undefined)
    }
    outFunction.pointee = runtime.handle(for: function)
  }
}

@_cdecl("xjs_context_throw")
public func cContextThrow(_ handle: OpaquePointer?, _ value: OpaquePointer?) {
  guard let (_, runtime) = try? lookupContext(handle), runtime.callbackDepth > 0 else { return }
  if let (thrown, _) = try? lookupValue(value), (try? runtime.check(thrown)) != nil {
    runtime.pendingThrow = JSError(throwing: thrown)
  } else {
    runtime.pendingThrow = JSError(name: "TypeError", message: "xjs_context_throw: not a live value of this runtime")
  }
}

@_cdecl("xjs_context_throw_error")
public func cContextThrowError(
  _ handle: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ message: UnsafePointer<CChar>?
) {
  guard let (_, runtime) = try? lookupContext(handle), runtime.callbackDepth > 0 else { return }
  runtime.pendingThrow = JSError(
    name: name.map { String(cString: $0) } ?? "Error", message: message.map { String(cString: $0) } ?? "")
}
