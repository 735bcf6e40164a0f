// Callbacks: `new ffi.UnsafeCallback({ parameters, result }, fn)` gives C a function pointer
// that calls `fn`. The pointer is one of the trampolines assembled into the executable
// (CXJSSupport/FFITrampolines.c): no memory is mapped or made executable, so callbacks work
// in every engine mode, --jitless and MDWE included. A trampoline saves the argument
// registers and calls `ffiCallbackHandler` with its slot; the slot table says which callback
// owns it.
//
// Rules (README "Native bindings"):
// - a callback lives until `close()`: until then it and its function stay alive, its slot
//   stays taken (256 slots per process), and C may call its pointer;
// - it runs only on the thread of the runtime's innermost outgoing ffi call (or, outside any,
//   the thread that created it); on another thread xjs prints why and aborts, since it cannot
//   run JavaScript there and a made-up result would be silently wrong;
// - an exception never unwinds through C: the callback returns 0 (or nothing), the exception
//   is kept and rethrown when the outgoing call returns, and callbacks called again before
//   then return 0 without running.
// Structs by value are not supported in callback signatures (a TypeError when declared).

import CXJSSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One UnsafeCallback: its signature, function, trampoline slot, and creator.
final class CallbackRecord {
  let parameters: [NativeType]
  let result: NativeType
  let slot: UInt32
  /// The trampoline C calls.
  let entry: UnsafeMutableRawPointer
  /// Unowned: the state releases the slots of its open callbacks when it goes (with its runtime).
  unowned(unsafe) let state: FFIState
  /// The function and the UnsafeCallback object, protected until `close()`.
  let function: Value
  var object: Value = .undefined
  /// The root slots keeping the function and the callback object alive until `close()`.
  var roots: (function: Int32, object: Int32) = (-1, -1)
  let creatorThread = pthread_self()
  private(set) var isClosed = false

  init(parameters: [NativeType], result: NativeType, slot: UInt32, state: FFIState, function: Value) {
    self.parameters = parameters
    self.result = result
    self.slot = slot
    self.entry = xjs_ffi_trampoline_address(slot)!
    self.state = state
    self.function = function
  }

  func close() {
    guard !isClosed else { return }
    isClosed = true
    CallbackSlots.shared.release(slot)
    state.openCallbackSlots.remove(slot)
    state.runtime.releaseRootSlot(roots.function)
    state.runtime.releaseRootSlot(roots.object)
  }
}

/// Which callback owns each trampoline, for every runtime of the process. Claiming and
/// releasing take the lock; finding a slot's record does not: only the runtime that owns a
/// slot's callback releases it, and it runs that callback on its own thread, so the one word
/// read is never written meanwhile (other threads only write other slots).
final class CallbackSlots {
  static let shared = CallbackSlots()
  let capacity = Int(xjs_ffi_trampoline_count())
  /// Retained references, nil for a free slot.
  private let records: UnsafeMutablePointer<Unmanaged<CallbackRecord>?>
  private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

  private init() {
    records = .allocate(capacity: max(capacity, 1))
    records.initialize(repeating: nil, count: max(capacity, 1))
    pthread_mutex_init(lock, nil)
    xjs_ffi_set_callback_handler(ffiCallbackHandler)
  }

  /// A free slot for a record `make` builds, or nil when all are taken.
  func claim(_ make: (UInt32) -> CallbackRecord) -> CallbackRecord? {
    pthread_mutex_lock(lock)
    defer { pthread_mutex_unlock(lock) }
    guard let index = (0..<capacity).first(where: { records[$0] == nil }) else { return nil }
    let record = make(UInt32(index))
    records[index] = .passRetained(record)
    return record
  }

  func release(_ slot: UInt32) {
    pthread_mutex_lock(lock)
    records[Int(slot)]?.release()
    records[Int(slot)] = nil
    pthread_mutex_unlock(lock)
  }

  /// The record owning `slot` (retained by the caller's local: a callback may close itself).
  @inline(__always)
  func record(_ slot: UInt32) -> CallbackRecord? {
    Int(slot) < capacity ? records[Int(slot)]?.takeUnretainedValue() : nil
  }
}

/// What every trampoline calls: finds the callback and runs it, or returns 0 for a slot no
/// callback owns (C calling a closed callback's pointer).
private let ffiCallbackHandler: xjs_ffi_callback_handler = { slot, frame in
  guard let frame else { return }
  frame.pointee.integer_result = 0
  frame.pointee.integer_result_high = 0
  frame.pointee.float_result = 0
  guard let record = CallbackSlots.shared.record(slot) else {
    fputs("xjs: ffi: C called the pointer of a closed UnsafeCallback (slot \(slot)); it returns 0\n", stderr)
    return
  }
  record.state.runCallback(record, frame)
}

extension FFIState {
  /// `new ffi.UnsafeCallback(definition, fn)`.
  func makeCallbackConstructor() -> Value {
    let prototype = runtime.newPlainObject()
    runtime.setToStringTag(prototype.value, "UnsafeCallback")
    let constructor = runtime.newNativeFunction(name: "UnsafeCallback", length: 2, isConstructor: true) {
      runtime, arguments throws(JSException) in
      guard arguments.isConstructCall else { throw runtime.typeError("UnsafeCallback must be called with new") }
      let prototypeValue = try runtime.prototype(forNewTarget: arguments.newTarget, fallback: prototype.value)
      return try self.makeCallback(arguments[0], arguments[1], prototype: prototypeValue)
    }
    runtime.linkConstructor(constructor.value, prototype: prototype.value)
    runtime.defineNativeMethod(prototype, "close", length: 0) { _, arguments throws(JSException) in
      guard let record = self.callbackRecord(arguments.this) else {
        throw self.runtime.typeError("UnsafeCallback.prototype.close called on an object that is not an UnsafeCallback")
      }
      record.close()
      return .undefined
    }
    return constructor.value
  }

  private func makeCallback(_ definition: Value, _ function: Value, prototype: Value) throws(JSException) -> Value {
    let context = "new UnsafeCallback"
    guard CallbackSlots.shared.capacity > 0 else {
      throw JSException(runtime.makeError(.error, "\(context): callbacks are not supported on this architecture"))
    }
    let (parameters, result) = try runtime.parseNativeSignature(definition, context: context)
    guard !parameters.contains(where: \.isStructure), !result.isStructure else {
      throw runtime.typeError("\(context): structs by value are not supported in callback signatures")
    }
    guard runtime.isCallable(function) else {
      throw runtime.typeError("\(context): the callback must be a function, got \(runtime.describeForError(function))")
    }
    let claimed = CallbackSlots.shared.claim { slot in
      CallbackRecord(parameters: parameters, result: result, slot: slot, state: self, function: function)
    }
    guard let record = claimed else {
      throw JSException(
        runtime.makeError(
          .error, "\(context): all \(CallbackSlots.shared.capacity) callback slots are in use (close() some)"))
    }
    openCallbackSlots.insert(record.slot)
    let object = runtime.newHostObject(callbackClass, prototype: prototype, data: record)
    record.object = object
    record.roots = (runtime.takeRootSlot(function), runtime.takeRootSlot(object))
    let key = { (name: String) in self.runtime.propertyKey(name) }
    runtime.addProperty(object.asObject, key("pointer"), pointerValue(UInt(bitPattern: record.entry)), [])
    runtime.addProperty(object.asObject, key("callback"), function, [])
    runtime.addProperty(object.asObject, key("definition"), definition, [])
    return object
  }

  /// Runs `record`'s function for a C call whose registers `frame` holds.
  func runCallback(_ record: CallbackRecord, _ frame: UnsafeMutablePointer<xjs_ffi_callback_frame>) {
    guard mayRunCallback(createdOn: record.creatorThread) else {
      fputs(
        "xjs: ffi: an UnsafeCallback was called on a thread other than its runtime's; "
          + "callbacks may only run on the runtime's thread during an ffi call. Aborting.\n", stderr)
      abort()
    }
    // After a callback threw, the outgoing call is finished as fast as C allows.
    if pendingCallbackException != nil { return }
    // One reusable rooted buffer per callback nesting depth: no allocation per call.
    callbackDepth += 1
    defer { callbackDepth -= 1 }
    if callbackArguments.count < callbackDepth { callbackArguments.append(RootedValues(runtime)) }
    let arguments = callbackArguments[callbackDepth - 1]
    defer { arguments.values.removeAll(keepingCapacity: true) }
    decodeArguments(record.parameters, frame, into: arguments)
    do {
      let value = try arguments.values.withUnsafeBufferPointer { buffer throws(JSException) in
        try runtime.call(record.function, this: .undefined, arguments: buffer)
      }
      try storeResult(value, record.result, frame)
    } catch {
      keepCallbackException(error.value)
    }
  }

  /// The arguments of a C call as SysV x86-64 passes them: integers and addresses in the six
  /// integer registers, floats in the eight vector registers, the rest on the stack in order.
  private func decodeArguments(
    _ parameters: [NativeType], _ frame: UnsafeMutablePointer<xjs_ffi_callback_frame>, into arguments: RootedValues
  ) {
    var integerIndex = 0
    var floatIndex = 0
    var stack = UnsafeRawPointer(frame.pointee.stack_arguments)!
    for type in parameters {
      let bits: UInt64
      if type.isFloatingPoint && floatIndex < 8 {
        bits = withUnsafeBytes(of: frame.pointee.float_arguments) {
          $0.load(fromByteOffset: floatIndex * 8, as: UInt64.self)
        }
        floatIndex += 1
      } else if !type.isFloatingPoint && integerIndex < 6 {
        bits = withUnsafeBytes(of: frame.pointee.integer_arguments) {
          $0.load(fromByteOffset: integerIndex * 8, as: UInt64.self)
        }
        integerIndex += 1
      } else {
        bits = stack.load(as: UInt64.self)
        stack += 8
      }
      arguments.append(value(fromBits: bits, as: type))
    }
  }

  /// Leaves the callback's result where the trampoline loads rax and xmm0 from.
  private func storeResult(_ value: Value, _ type: NativeType, _ frame: UnsafeMutablePointer<xjs_ffi_callback_frame>)
    throws(JSException)
  {
    guard type != .void else { return }
    let position = NativeValuePosition(function: "UnsafeCallback", place: .result)
    if type == .buffer {
      guard value.isNull || borrowedBytes(value) != nil else { throw mismatch(value, "a buffer or null", position) }
      frame.pointee.integer_result = UInt64(UInt(bitPattern: borrowedBytes(value)?.baseAddress))
      return
    }
    let bits = try self.bits(of: value, as: type, at: position)
    if type.isFloatingPoint { frame.pointee.float_result = bits } else { frame.pointee.integer_result = bits }
  }

  /// Keeps the first exception of the outgoing call, to rethrow when it returns (or, outside
  /// any outgoing call, where nothing could rethrow it, reports it).
  private func keepCallbackException(_ exception: Value) {
    guard outgoingCallDepth > 0 else {
      fputs("xjs: ffi: an UnsafeCallback threw outside an ffi call: \(runtime.describeError(exception))\n", stderr)
      return
    }
    pendingCallbackException = (exception, runtime.takeRootSlot(exception))
  }
}
