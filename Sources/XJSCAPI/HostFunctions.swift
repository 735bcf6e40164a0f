import CXJSAPI
import XJS
import XJSEngine

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

/// What a C host function's object keeps: the callback, its user data, and how to find its
/// runtime and context (by number: the function must not keep either alive).
private final class HostFunctionRecord {
  let callback: xjs_host_function
  let userData: UserData
  let slot: Int
  let epoch: UInt8
  /// The context the function was made in (a stand-in is made for a call after its release).
  let context: OpaquePointer
  let realm: Realm

  init(
    _ callback: xjs_host_function, _ userData: UserData, _ runtime: CRuntime, _ context: OpaquePointer, _ realm: Realm
  ) {
    self.callback = callback
    self.userData = userData
    slot = runtime.slot
    epoch = runtime.epoch
    self.context = context
    self.realm = realm
  }

  /// One call from JavaScript: this, the arguments and new.target are lent to the callback.
  func invoke(this: Value, arguments: UnsafeBufferPointer<Value>, newTarget: Value) throws(JSException) -> Value {
    guard let runtime = RuntimeSlots.shared.runtime(slot: slot, epoch: epoch) else { return .undefined }
    let (contextHandle, temporary) = runtime.liveContext(context, realm: realm)
    defer { if temporary { runtime.release(contextHandle, .context) } }
    let argc = arguments.count
    let isConstruct = !newTarget.isUndefined
    let returned = try withUnsafeTemporaryAllocation(of: Value.self, capacity: argc + 2) { lent throws(JSException) in
      lent[0] = this
      for index in 0..<argc { lent[index + 1] = arguments[index] }
      lent[argc + 1] = newTarget
      return try runtime.callHost(
        context: contextHandle, lending: UnsafeBufferPointer(start: lent.baseAddress, count: argc + 2)
      ) { handles in
        callback(
          contextHandle, handles[0], argc, handles.baseAddress.map { $0 + 1 }, isConstruct ? handles[argc + 1] : nil,
          userData.pointer)
      }
    }
    return try runtime.takeReturned(returned)
  }
}

extension CRuntime {
  /// `handle` when it still names a live context, else a temporary stand-in for `realm`.
  func liveContext(_ handle: OpaquePointer, realm: Realm) -> (handle: OpaquePointer, temporary: Bool) {
    if let local = LocalHandle(handle), entry(local, .context) != nil { return (handle, false) }
    return self.handle(for: virtualMachine.standInContext(for: realm))
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
    guard let callback, let handle else { throw .invalid("callback is NULL") }
    guard let outFunction else { throw .invalid("out_function is NULL") }
    let record = HostFunctionRecord(
      callback, UserData(userData, finalizer: finalizer), runtime, handle, context.realm)
    let functionName = name.map { String(cString: $0) } ?? ""
    let engine = runtime.engine
    let function = engine.withRealm(context.realm) {
      engine.makeHostFunction(name: functionName, length: Int(length), isConstructor: true) {
        this, arguments, newTarget throws(JSException) in
        try record.invoke(this: this, arguments: arguments, newTarget: newTarget)
      }
    }
    outFunction.pointee = runtime.handle(for: function)
  }
}

@_cdecl("xjs_context_throw")
public func cContextThrow(_ handle: OpaquePointer?, _ value: OpaquePointer?) {
  guard let (_, runtime) = try? lookupContext(handle), runtime.callbackDepth > 0 else { return }
  if let thrown = try? lookupArgument(value, of: runtime, "value") {
    runtime.setPendingThrow(thrown)
  } else {
    runtime.setPendingThrow(
      runtime.engine.makeError(named: "TypeError", message: "xjs_context_throw: not a live value of this runtime"))
  }
}

@_cdecl("xjs_context_throw_error")
public func cContextThrowError(
  _ handle: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ message: UnsafePointer<CChar>?
) {
  guard let (context, runtime) = try? lookupContext(handle), runtime.callbackDepth > 0 else { return }
  let errorName = name.map { String(cString: $0) } ?? "Error"
  let text = message.map { String(cString: $0) } ?? ""
  let engine = runtime.engine
  runtime.setPendingThrow(engine.withRealm(context.realm) { engine.makeError(named: errorName, message: text) })
}
