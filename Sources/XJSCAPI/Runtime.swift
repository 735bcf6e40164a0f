import CXJSAPI
import XJS
import XJSEngine

/// What an `xjs_runtime *` names. The interrupt handle is all another thread may touch; `runtime`
/// is cleared by `xjs_runtime_destroy` on the runtime's thread, so the virtual machine is always
/// torn down there even if an interrupting thread still holds the entry.
final class RuntimeEntry {
  let interrupt: InterruptHandle
  var runtime: CRuntime?

  init(_ runtime: CRuntime) {
    interrupt = runtime.virtualMachine.interruptHandle
    self.runtime = runtime
  }
}

/// A runtime as the C API keeps it: the virtual machine, the C handles of its contexts (so a host
/// callback receives the handle its context was created as), and the exception a callback asked
/// to throw.
final class CRuntime {
  let virtualMachine: VirtualMachine
  /// Owner of every handle made for this runtime.
  let serial: Int
  /// The runtime's own handle (xjs_context_get_runtime answers it).
  var runtimeHandle: OpaquePointer?
  private(set) var contextHandles: [ObjectIdentifier: OpaquePointer] = [:]
  /// Set by xjs_context_throw inside a callback; taken when the callback returns.
  var pendingThrow: JSError?
  /// Host callbacks in progress (xjs_context_throw outside one is ignored).
  var callbackDepth = 0
  /// Host finalizers to run when the runtime is destroyed (the interrupt handler's, the loader's).
  var destructionFinalizers: [() -> Void] = []

  init(_ virtualMachine: VirtualMachine, serial: Int) {
    self.virtualMachine = virtualMachine
    self.serial = serial
  }

  deinit {
    for finalize in destructionFinalizers { finalize() }
  }

  // MARK: Handles of this runtime

  func handle(for value: JSValue) -> OpaquePointer { HandleTable.shared.insert(value, owner: serial) }

  func contextHandle(_ context: CContext) -> OpaquePointer {
    let handle = HandleTable.shared.insert(context, owner: serial)
    contextHandles[ObjectIdentifier(context.context)] = handle
    return handle
  }

  func forgetContext(_ context: Context) { contextHandles[ObjectIdentifier(context)] = nil }

  /// The handle a callback gets for `context`: its own, or (for a context the host has released)
  /// a temporary one that `temporary` reports so the caller removes it after the call.
  func handle(for context: Context) -> (handle: OpaquePointer, temporary: Bool) {
    if let handle = contextHandles[ObjectIdentifier(context)] { return (handle, false) }
    return (HandleTable.shared.insert(CContext(context, runtime: self), owner: serial), true)
  }

  /// Checks that `value` was made in this runtime's heap.
  func check(_ value: JSValue) throws(CFailure) {
    guard value.heapIdentity == virtualMachine.heapIdentity else {
      throw .invalid("a value of another runtime (or of a destroyed one)")
    }
  }
}

/// What an `xjs_context *` names.
final class CContext {
  let context: Context
  weak var runtime: CRuntime?

  init(_ context: Context, runtime: CRuntime) {
    self.context = context
    self.runtime = runtime
  }
}

// MARK: Looking handles up

func lookupRuntime(_ handle: OpaquePointer?) throws(CFailure) -> CRuntime {
  guard let entry = HandleTable.shared.lookup(handle, as: RuntimeEntry.self), let runtime = entry.runtime else {
    throw .invalid("not a live xjs_runtime")
  }
  return runtime
}

func lookupContext(_ handle: OpaquePointer?) throws(CFailure) -> (CContext, CRuntime) {
  guard let context = HandleTable.shared.lookup(handle, as: CContext.self) else {
    throw .invalid("not a live xjs_context")
  }
  guard let runtime = context.runtime else { throw .invalid("the context's runtime was destroyed") }
  return (context, runtime)
}

/// A value handle's value and the runtime that owns it.
func lookupValue(_ handle: OpaquePointer?, _ what: String = "value") throws(CFailure) -> (JSValue, owner: Int) {
  guard let (value, owner) = HandleTable.shared.lookupWithOwner(handle, as: JSValue.self) else {
    throw .invalid("\(what) is not a live xjs_value")
  }
  return (value, owner)
}

/// Runs a Swift API call, turning a JSError into a C error owned by nobody.
func performing<T>(owner: Int, _ body: () throws(JSError) -> T) throws(CFailure) -> T {
  do {
    return try body()
  } catch {
    throw .error(CError(error, owner: owner))
  }
}

// MARK: Version

@_cdecl("xjs_version")
public func cVersion() -> UInt32 { UInt32(EngineVersion.number) }

private let versionText = mallocString(EngineVersion.string)

@_cdecl("xjs_version_string")
public func cVersionString() -> UnsafePointer<CChar>? { UnsafePointer(versionText) }

// MARK: Runtimes

@_cdecl("xjs_runtime_options_init")
public func cRuntimeOptionsInit(_ options: UnsafeMutablePointer<xjs_runtime_options>?) {
  guard let options else { return }
  let defaults = VirtualMachine.Options()
  options.pointee = xjs_runtime_options()
  options.pointee.struct_size = UInt32(MemoryLayout<xjs_runtime_options>.size)
  options.pointee.jit = XJS_JIT_AUTO
  options.pointee.heap_limit = UInt64(defaults.heapLimit)
  options.pointee.stack_size = UInt64(defaults.stackSize)
  options.pointee.max_reentry_depth = UInt32(defaults.maximumReentryDepth)
}

/// A C pointer that crosses threads in a @Sendable closure (the interrupt handler's user data).
private struct SendablePointer: @unchecked Sendable { let pointer: UnsafeMutableRawPointer? }

@_cdecl("xjs_runtime_create")
public func cRuntimeCreate(
  _ options: UnsafePointer<xjs_runtime_options>?, _ outRuntime: UnsafeMutablePointer<OpaquePointer?>?
) -> OpaquePointer? {
  outRuntime?.pointee = nil
  return reportingFailure { () throws(CFailure) in
    guard let outRuntime else { throw .invalid("out_runtime is NULL") }
    var settings = xjs_runtime_options()
    if let options {
      guard options.pointee.struct_size == UInt32(MemoryLayout<xjs_runtime_options>.size) else {
        throw .invalid(
          "xjs_runtime_options.struct_size is not sizeof(xjs_runtime_options): call xjs_runtime_options_init")
      }
      settings = options.pointee
    } else {
      cRuntimeOptionsInit(&settings)
    }
    let (vmOptions, allocator) = try virtualMachineOptions(settings)
    let serial = HandleTable.shared.nextRuntimeSerial()
    let runtime = CRuntime(VirtualMachine(options: vmOptions, heapAllocator: allocator), serial: serial)
    if let finalize = settings.interrupt_finalizer {
      let data = settings.interrupt_user_data
      runtime.destructionFinalizers.append { finalize(data) }
    }
    runtime.runtimeHandle = HandleTable.shared.insert(RuntimeEntry(runtime), owner: 0)
    outRuntime.pointee = runtime.runtimeHandle
  }
}

private func virtualMachineOptions(_ settings: xjs_runtime_options) throws(CFailure) -> (
  VirtualMachine.Options, HeapAllocator?
) {
  var options = VirtualMachine.Options()
  switch settings.jit {
  case XJS_JIT_AUTO: options.jit = .auto
  case XJS_JIT_OFF: options.jit = .off
  case XJS_JIT_EAGER: options.jit = .eager
  default: throw .invalid("xjs_runtime_options.jit is not an xjs_jit_mode")
  }
  if settings.heap_limit > 0 { options.heapLimit = Int(clamping: settings.heap_limit) }
  if settings.stack_size > 0 { options.stackSize = Int(clamping: settings.stack_size) }
  if settings.max_reentry_depth > 0 { options.maximumReentryDepth = Int(settings.max_reentry_depth) }
  if settings.time_limit_ms > 0 { options.timeLimit = .milliseconds(Int64(clamping: settings.time_limit_ms)) }
  if let handler = settings.interrupt_handler {
    let data = SendablePointer(pointer: settings.interrupt_user_data)
    options.interruptHandler = { handler(data.pointer) != 0 }
  }
  options.gcStress = settings.gc_stress != 0
  guard let hook = settings.allocator?.pointee else { return (options, nil) }
  guard let allocate = hook.allocate, let deallocate = hook.deallocate else {
    throw .invalid("xjs_allocator needs both allocate and deallocate")
  }
  let data = hook.user_data
  let allocator = HeapAllocator(
    allocate: { size, alignment in allocate(data, size, alignment) },
    deallocate: { memory, size in deallocate(data, memory, size) })
  return (options, allocator)
}

@_cdecl("xjs_runtime_destroy")
public func cRuntimeDestroy(_ handle: OpaquePointer?) {
  guard let entry = HandleTable.shared.lookup(handle, as: RuntimeEntry.self), let runtime = entry.runtime else {
    return
  }
  HandleTable.shared.remove(handle)
  // Values, errors' values and classes go first, while the heap they refer to still exists;
  // then the contexts, then the virtual machine (running the finalizers of host objects left).
  var dropped = HandleTable.shared.removeAll(ownedBy: runtime.serial)
  dropped.removeAll { $0 is JSValue }
  dropped.removeAll { $0 is CClass }
  dropped.removeAll()
  entry.runtime = nil
  _ = runtime  // the last reference goes here, on the runtime's thread
}

@_cdecl("xjs_runtime_interrupt")
public func cRuntimeInterrupt(_ handle: OpaquePointer?) {
  HandleTable.shared.lookup(handle, as: RuntimeEntry.self)?.interrupt.interrupt()
}

@_cdecl("xjs_runtime_collect_garbage")
public func cRuntimeCollectGarbage(_ handle: OpaquePointer?) {
  (try? lookupRuntime(handle))?.virtualMachine.collectGarbage()
}

@_cdecl("xjs_runtime_heap_size")
public func cRuntimeHeapSize(_ handle: OpaquePointer?) -> UInt64 {
  UInt64((try? lookupRuntime(handle))?.virtualMachine.heapSize ?? 0)
}

@_cdecl("xjs_runtime_is_jit_enabled")
public func cRuntimeIsJITEnabled(_ handle: OpaquePointer?) -> Int32 {
  (try? lookupRuntime(handle))?.virtualMachine.isJITEnabled == true ? 1 : 0
}

@_cdecl("xjs_runtime_run_jobs")
public func cRuntimeRunJobs(_ handle: OpaquePointer?) -> OpaquePointer? {
  reportingFailure { () throws(CFailure) in
    let runtime = try lookupRuntime(handle)
    try performing(owner: runtime.serial) { () throws(JSError) in try runtime.virtualMachine.runPendingJobs() }
  }
}

@_cdecl("xjs_runtime_run_event_loop")
public func cRuntimeRunEventLoop(_ handle: OpaquePointer?) -> OpaquePointer? {
  reportingFailure { () throws(CFailure) in
    let runtime = try lookupRuntime(handle)
    try performing(owner: runtime.serial) { () throws(JSError) in try runtime.virtualMachine.runEventLoop() }
  }
}

@_cdecl("xjs_runtime_has_pending_jobs")
public func cRuntimeHasPendingJobs(_ handle: OpaquePointer?) -> Int32 {
  (try? lookupRuntime(handle))?.virtualMachine.hasPendingJobs == true ? 1 : 0
}

@_cdecl("xjs_runtime_has_pending_work")
public func cRuntimeHasPendingWork(_ handle: OpaquePointer?) -> Int32 {
  (try? lookupRuntime(handle))?.virtualMachine.hasPendingWork == true ? 1 : 0
}
