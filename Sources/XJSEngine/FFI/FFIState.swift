// One realm's ffi machinery: the prototype of its pointer objects, its open callbacks, and
// what an outgoing call leaves for the callbacks it causes (the thread, an exception to
// rethrow). The realm holds it (`Runtime.ffiState`), so it lives as long as the realm.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

final class FFIState {
  unowned(unsafe) let runtime: Runtime
  // Callbacks (and the state's holder) are host objects of these classes, which belong to the
  // process; pointers and views are `.nativePointer` objects. So both pass between realms.
  static let callbackClass = HostClass(name: "UnsafeCallback")
  static let stateClass = HostClass(name: "FFIState")
  var callbackClass: HostClass { Self.callbackClass }
  /// The prototype of pointer objects, and their shape (both rooted by the realm's host values):
  /// the shape is looked up once, not at every pointer a callback receives.
  let pointerPrototype: Value
  let pointerShape: ShapeRef

  /// Outgoing calls under way on the runtime's thread (callbacks may run only inside one).
  var outgoingCallDepth = 0
  var outgoingCallThread = pthread_self()
  /// The first exception a callback threw during the innermost outgoing call: rethrown when
  /// that call returns, since it cannot unwind through C frames.
  var pendingCallbackException: (value: Value, root: Int32)?
  /// Callbacks running (nested through ffi calls they make), and a rooted argument buffer for
  /// each depth reached so far.
  var callbackDepth = 0
  var callbackArguments: [RootedValues] = []
  /// The trampoline slots of this state's callbacks not closed yet.
  var openCallbackSlots: Set<UInt32> = []

  init(runtime: Runtime) {
    self.runtime = runtime
    let prototype = runtime.newObject(.ordinary, prototype: .null)
    runtime.setToStringTag(prototype.value, "pointer")
    pointerPrototype = prototype.value
    pointerShape = runtime.rootShape(prototype: prototype.value, objectClass: .nativePointer)
  }

  /// The realm (or its runtime) is going: its callbacks' trampolines return 0 from now on.
  deinit {
    for slot in openCallbackSlots { CallbackSlots.shared.release(slot) }
  }

  static let stateKey = "%ffi.state%"
  static let pointerPrototypeKey = "%ffi.pointerPrototype%"
  static let pointerShapeKey = "%ffi.pointerShape%"

  // MARK: Pointer objects

  /// A pointer object for `address`; null for address 0 (as in Deno, null is the null pointer).
  func pointerValue(_ address: UInt) -> Value {
    guard address != 0 else { return .null }
    return nativePointerObject(runtime.allocateObject(.nativePointer, shape: pointerShape), address, .pointer)
  }

  /// The address of a pointer object (0 for null); nil for any other value.
  func address(ofPointer value: Value) -> UInt? {
    value.isNull ? 0 : nativeAddress(value, .pointer)
  }

  /// Makes a new `.nativePointer` object a pointer or view object: one cell (class `.nativePointer`), no payload to allocate or
  /// finalize, since callbacks make two of them per call of a typical comparator.
  func nativePointerObject(_ object: ObjectRef, _ address: UInt, _ role: NativePointerRole) -> Value {
    object.setInternalSlot(0, Value(rawAddress: UnsafeMutableRawPointer(bitPattern: address)))
    object.setInternalSlot(1, Value(role.rawValue))
    return object.value
  }

  /// The address of a pointer or view object of `role` (nil for any other value).
  func nativeAddress(_ value: Value, _ role: NativePointerRole) -> UInt? {
    guard value.isObject, value.asObject.objectClass == .nativePointer,
      value.asObject.internalSlot(1) == Value(role.rawValue)
    else { return nil }
    return UInt(bitPattern: value.asObject.internalSlot(0).rawAddress)
  }

  /// The open callback behind an UnsafeCallback object (nil for other values).
  func callbackRecord(_ value: Value) -> CallbackRecord? {
    guard let data = runtime.hostData(value, of: callbackClass) else { return nil }
    return data as? CallbackRecord
  }

  // MARK: Outgoing calls

  /// Runs `body` (which calls into C) as an outgoing call: callbacks are allowed on this thread
  /// meanwhile, and an exception one of them threw is rethrown afterwards.
  @inline(__always)
  func performOutgoingCall<T>(_ body: () -> T) throws(JSException) -> T {
    let savedThread = outgoingCallThread
    outgoingCallThread = pthread_self()
    outgoingCallDepth += 1
    let result = body()
    outgoingCallDepth -= 1
    outgoingCallThread = savedThread
    if _slowPath(pendingCallbackException != nil) {
      let (exception, root) = pendingCallbackException!
      pendingCallbackException = nil
      runtime.releaseRootSlot(root)
      throw JSException(exception)
    }
    return result
  }

  /// Whether a callback may run JavaScript now: on the thread of the innermost outgoing call
  /// (or, outside one, on the thread that made the callback).
  func mayRunCallback(createdOn creator: pthread_t) -> Bool {
    pthread_equal(pthread_self(), outgoingCallDepth > 0 ? outgoingCallThread : creator) != 0
  }
}

/// What a `.nativePointer` object is.
enum NativePointerRole: Int32 {
  case pointer = 0
  case view = 1
}

extension Runtime {
  /// The current realm's ffi state, made on first use; the realm's host values keep it (in a
  /// host object) and the pointer prototype alive.
  func ffiState() -> FFIState {
    if let holder = realm.hostValues[FFIState.stateKey], let data = hostData(holder, of: FFIState.stateClass),
      let state = data as? FFIState
    {
      return state
    }
    let state = FFIState(runtime: self)
    realm.hostValues[FFIState.pointerPrototypeKey] = state.pointerPrototype
    realm.hostValues[FFIState.pointerShapeKey] = Value(cell: state.pointerShape.cell)
    realm.hostValues[FFIState.stateKey] = newHostObject(FFIState.stateClass, prototype: .null, data: state)
    return state
  }
}
