import CXJSAPI
import XJS
import XJSEngine

/// The hot part of a runtime's handle table, in raw memory so the paths every call takes do no
/// reference counting: entry i holds values[i] (a value, rooted: the collector scans the table)
/// and tags[i] (its kind and generation). A free entry's value is the index of the next free
/// entry as an int (never a cell), -1 ending the list.
struct HandleTableState {
  var values: UnsafeMutablePointer<Value>
  var tags: UnsafeMutablePointer<EntryTag>
  var count = 0
  var capacity: Int
  var firstFree = -1
  let slot: Int
  let epoch: UInt8

  init(slot: Int, epoch: UInt8, capacity: Int) {
    values = .allocate(capacity: capacity)
    tags = .allocate(capacity: capacity)
    self.capacity = capacity
    self.slot = slot
    self.epoch = epoch
  }

  @inline(__always)
  mutating func allocate(_ kind: EntryKind, _ value: Value) -> (index: Int, handle: OpaquePointer) {
    let index: Int
    if firstFree >= 0 {
      index = firstFree
      firstFree = Int(values[index].asInt32)
    } else {
      if count == capacity { grow() }
      index = count
      count += 1
      tags[index].generation = 1
    }
    values[index] = value
    tags[index].kind = kind
    return (index, LocalHandle(slot: slot, epoch: epoch, index: index, generation: tags[index].generation).pointer)
  }

  private mutating func grow() {
    let grownValues = UnsafeMutablePointer<Value>.allocate(capacity: capacity * 2)
    grownValues.moveInitialize(from: values, count: count)
    values.deallocate()
    values = grownValues
    let grownTags = UnsafeMutablePointer<EntryTag>.allocate(capacity: capacity * 2)
    grownTags.moveInitialize(from: tags, count: count)
    tags.deallocate()
    tags = grownTags
    capacity *= 2
  }

  /// The entry index of a live handle of this table of `kind`.
  @inline(__always)
  func entry(_ handle: LocalHandle, _ kind: EntryKind) -> Int? {
    let index = handle.index
    guard handle.slot == slot, handle.epoch == epoch, index >= 0, index < count, tags[index].kind == kind,
      tags[index].generation == handle.generation
    else { return nil }
    return index
  }

  @inline(__always)
  mutating func free(_ index: Int) {
    values[index] = Value(Int32(firstFree))
    tags[index].kind = .free
    tags[index].generation = (tags[index].generation &+ 1) & 0xFFF
    firstFree = index
  }

  func deallocate() {
    values.deallocate()
    tags.deallocate()
  }
}

/// A runtime as the C API keeps it: the virtual machine and the table behind the runtime's
/// handles (contexts, values, classes), used on the runtime's thread only.
final class CRuntime {
  let virtualMachine: VirtualMachine
  unowned(unsafe) let engine: Runtime
  let slot: Int
  let epoch: UInt8
  let table: UnsafeMutablePointer<HandleTableState>
  /// The CContext or CClass of context and class entries.
  private var objects: [Int: AnyObject] = [:]

  /// C handles of the contexts C created, by context (a callback made through the Swift API
  /// receives the handle its context was created as).
  private var contextHandles: [ObjectIdentifier: OpaquePointer] = [:]
  /// What host callbacks asked to throw, one slot per callback depth (rooted).
  private var pendingThrows: RootedValues!
  /// Host callbacks in progress (xjs_context_throw outside one is ignored).
  private(set) var callbackDepth = 0
  /// Set when a call inside a callback met a termination: the callback's return rethrows it.
  var sawTermination = false
  /// Host finalizers to run once the runtime is gone (the interrupt handler's, the loader's).
  var destructionFinalizers: [() -> Void] = []

  init(_ virtualMachine: VirtualMachine, slot: Int, epoch: UInt8) {
    self.virtualMachine = virtualMachine
    engine = virtualMachine.engine
    self.slot = slot
    self.epoch = epoch
    table = .allocate(capacity: 1)
    table.initialize(to: HandleTableState(slot: slot, epoch: epoch, capacity: 64))
    pendingThrows = RootedValues(engine, capacity: 4)
    let table = self.table
    engine.hostRootScanners.append { mark in
      for index in 0..<table.pointee.count where table.pointee.tags[index].kind == .value {
        mark(table.pointee.values[index])
      }
    }
  }

  /// Drops every handle's object and value, on the runtime's thread, before the virtual machine.
  func tearDown() {
    engine.hostRootScanners.removeAll()
    for index in 0..<table.pointee.count { table.pointee.tags[index].kind = .free }
    objects.removeAll()
    contextHandles.removeAll()
    pendingThrows = nil
  }

  deinit {
    table.pointee.deallocate()
    table.deallocate()
    for finalize in destructionFinalizers { finalize() }
  }

  var handle: OpaquePointer { LocalHandle(slot: slot, epoch: epoch, index: -1, generation: 0).pointer }

  // MARK: Entries

  /// A new value handle (the value stays alive until the handle is released).
  @inline(__always)
  func handle(for value: Value) -> OpaquePointer { table.pointee.allocate(.value, value).handle }

  func handle(for value: JSValue) -> OpaquePointer { handle(for: value.engineValue) }

  /// The entry index of a live handle of this runtime of `kind`.
  @inline(__always)
  func entry(_ handle: LocalHandle, _ kind: EntryKind) -> Int? { table.pointee.entry(handle, kind) }

  @inline(__always)
  func value(at index: Int) -> Value { table.pointee.values[index] }

  func object(at index: Int) -> AnyObject? { objects[index] }

  /// Frees an entry; returns its object so the caller drops it.
  @inline(__always)
  @discardableResult
  func freeEntry(_ index: Int) -> AnyObject? {
    var object: AnyObject?
    if table.pointee.tags[index].kind != .value {
      object = objects.removeValue(forKey: index)
      if let context = object as? CContext { contextHandles[ObjectIdentifier(context.context)] = nil }
    }
    table.pointee.free(index)
    return object
  }

  private func allocateObjectEntry(_ kind: EntryKind, _ object: AnyObject) -> OpaquePointer {
    let (index, handle) = table.pointee.allocate(kind, .undefined)
    objects[index] = object
    return handle
  }

  /// Frees the entry of a live handle of this runtime (any kind but the runtime itself).
  func release(_ handle: OpaquePointer?, _ kind: EntryKind) {
    guard let local = LocalHandle(handle), let index = entry(local, kind) else { return }
    freeEntry(index)
  }

  func contextHandle(_ context: CContext) -> OpaquePointer {
    let handle = allocateObjectEntry(.context, context)
    contextHandles[ObjectIdentifier(context.context)] = handle
    return handle
  }

  func classHandle(_ hostClass: CClass) -> OpaquePointer { allocateObjectEntry(.hostClass, hostClass) }

  /// The handle a callback gets for `context`: the one C created it as, or a temporary one
  /// (`temporary`: the caller frees it after the call) for a context the host has released.
  func handle(for context: Context) -> (handle: OpaquePointer, temporary: Bool) {
    if let handle = contextHandles[ObjectIdentifier(context)] { return (handle, false) }
    return (allocateObjectEntry(.context, CContext(context, runtime: self)), true)
  }

  // MARK: Calling into the host

  /// Runs a host callback: `lent` values get handles for the call (freed after it), and what the
  /// callback asked to throw, or a termination it met, is thrown when it returns.
  func callHost<T>(
    context: OpaquePointer, lending lent: UnsafeBufferPointer<Value>,
    _ body: (_ lent: UnsafeBufferPointer<OpaquePointer?>) -> T
  ) throws(JSException) -> T {
    let depth = callbackDepth
    if pendingThrows.count == depth { pendingThrows.append(.empty) }
    pendingThrows[depth] = .empty
    callbackDepth += 1
    let result = withUnsafeTemporaryAllocation(of: OpaquePointer?.self, capacity: max(lent.count, 1)) { handles in
      for index in 0..<lent.count { handles[index] = handle(for: lent[index]) }
      defer {
        for index in 0..<lent.count {
          if let local = LocalHandle(handles[index]), let entry = entry(local, .value) { freeEntry(entry) }
        }
      }
      return body(UnsafeBufferPointer(start: handles.baseAddress, count: lent.count))
    }
    callbackDepth -= 1
    let thrown = pendingThrows[depth]
    pendingThrows[depth] = .empty
    if sawTermination {
      sawTermination = false
      throw JSException(engine.currentTerminationValue)
    }
    if !thrown.isEmpty { throw JSException(thrown) }
    return result
  }

  /// Records what the innermost running callback will throw.
  func setPendingThrow(_ value: Value) {
    guard callbackDepth > 0 else { return }
    pendingThrows[callbackDepth - 1] = value
  }

  /// Takes over a value handle a callback returned (NULL: undefined).
  func takeReturned(_ handle: OpaquePointer?) throws(JSException) -> Value {
    guard let handle else { return .undefined }
    guard let local = LocalHandle(handle), let index = entry(local, .value) else {
      throw JSException(
        engine.makeError(
          named: "TypeError", message: "a host callback returned a handle that is not a live xjs_value of this runtime")
      )
    }
    let value = table.pointee.values[index]
    freeEntry(index)
    return value
  }
}

/// What an `xjs_context *` names.
final class CContext {
  let context: Context
  let realm: Realm
  unowned(unsafe) let runtime: CRuntime

  init(_ context: Context, runtime: CRuntime) {
    self.context = context
    realm = context.engineRealm
    self.runtime = runtime
  }
}

// MARK: Looking handles up

@inline(__always)
func lookupRuntime(_ handle: OpaquePointer?) throws(CFailure) -> CRuntime {
  guard let local = LocalHandle(handle), local.index == -1,
    let runtime = RuntimeSlots.shared.runtime(slot: local.slot, epoch: local.epoch)
  else { throw .invalid("not a live xjs_runtime") }
  return runtime
}

/// The handle table a runtime-local handle belongs to (no reference counting: the hot paths).
@inline(__always)
func owningTable(_ local: LocalHandle) -> UnsafeMutablePointer<HandleTableState>? {
  RuntimeSlots.unretained._withUnsafeGuaranteedRef { $0.table(slot: local.slot, epoch: local.epoch) }
}

/// A value handle's value, looked up without touching any object.
@inline(__always)
func fastValue(_ handle: OpaquePointer?) -> Value? {
  guard let local = LocalHandle(handle), let table = owningTable(local), let index = table.pointee.entry(local, .value)
  else { return nil }
  return table.pointee.values[index]
}

/// A new value handle in the table of a live context handle (NULL for anything else).
@inline(__always)
func fastHandle(for value: Value, inContext handle: OpaquePointer?) -> OpaquePointer? {
  guard let local = LocalHandle(handle), let table = owningTable(local), table.pointee.entry(local, .context) != nil
  else { return nil }
  return table.pointee.allocate(.value, value).handle
}

/// The runtime a handle of any runtime-local kind belongs to.
@inline(__always)
func owningRuntime(_ local: LocalHandle) -> CRuntime? {
  RuntimeSlots.unretained._withUnsafeGuaranteedRef { $0.runtime(slot: local.slot, epoch: local.epoch) }
}

@inline(__always)
func lookupContext(_ handle: OpaquePointer?) throws(CFailure) -> (CContext, CRuntime) {
  guard let local = LocalHandle(handle), let runtime = owningRuntime(local), let index = runtime.entry(local, .context),
    let context = runtime.object(at: index) as? CContext
  else { throw .invalid("not a live xjs_context") }
  return (context, runtime)
}

/// A value handle's value and its runtime.
@inline(__always)
func lookupValue(_ handle: OpaquePointer?, _ what: StaticString = "value") throws(CFailure) -> (Value, CRuntime) {
  guard let local = LocalHandle(handle), let runtime = owningRuntime(local), let index = runtime.entry(local, .value)
  else { throw .invalid("\(what) is not a live xjs_value") }
  return (runtime.value(at: index), runtime)
}

/// A lent value argument, which must belong to `runtime`.
@inline(__always)
func lookupArgument(_ handle: OpaquePointer?, of runtime: CRuntime, _ what: StaticString) throws(CFailure) -> Value {
  guard let local = LocalHandle(handle), let index = runtime.entry(local, .value) else {
    throw .invalid("\(what) is not a live xjs_value of this runtime")
  }
  return runtime.value(at: index)
}

extension CRuntime {
  /// Runs engine code as an entry from the host (in `realm`, default the runtime's first), and
  /// turns a thrown value into a C error.
  @inline(__always)
  func perform<T>(in realm: Realm? = nil, _ body: (Runtime) throws(JSException) -> T) throws(CFailure) -> T {
    do {
      return try virtualMachine.enterForHost { runtime throws(JSException) in
        try runtime.withRealm(realm ?? runtime.initialRealm) { () throws(JSException) in try body(runtime) }
      }
    } catch {
      throw failure(error)
    }
  }

  /// Runs a Swift API call, turning a JSError into a C error.
  func performing<T>(_ body: () throws(JSError) -> T) throws(CFailure) -> T {
    do {
      return try body()
    } catch {
      throw failure(error)
    }
  }

  func failure(_ error: JSError) -> CFailure {
    if error.kind == .terminated && callbackDepth > 0 { sawTermination = true }
    return .error(CError(error, slot: slot, epoch: epoch))
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
    guard let (slot, epoch) = RuntimeSlots.shared.reserve() else {
      throw .invalid("too many runtimes (\(RuntimeSlots.capacity - 1) at once)")
    }
    let runtime = CRuntime(VirtualMachine(options: vmOptions, heapAllocator: allocator), slot: slot, epoch: epoch)
    if let finalize = settings.interrupt_finalizer {
      let data = settings.interrupt_user_data
      runtime.destructionFinalizers.append { finalize(data) }
    }
    RuntimeSlots.shared.occupy(runtime)
    outRuntime.pointee = runtime.handle
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
  guard let runtime = try? lookupRuntime(handle), runtime.callbackDepth == 0 else { return }
  // No handle of the runtime resolves from here on; its contexts, classes and values go while
  // the heap still exists, then the virtual machine (finalizing the host objects left).
  let owned = RuntimeSlots.shared.vacate(runtime.slot)
  runtime.tearDown()
  _ = owned
}

@_cdecl("xjs_runtime_interrupt")
public func cRuntimeInterrupt(_ handle: OpaquePointer?) {
  guard let local = LocalHandle(handle), local.index == -1 else { return }
  RuntimeSlots.shared.interruptHandle(slot: local.slot, epoch: local.epoch)?.interrupt()
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
    try runtime.performing { () throws(JSError) in try runtime.virtualMachine.runPendingJobs() }
  }
}

@_cdecl("xjs_runtime_run_event_loop")
public func cRuntimeRunEventLoop(_ handle: OpaquePointer?) -> OpaquePointer? {
  reportingFailure { () throws(CFailure) in
    let runtime = try lookupRuntime(handle)
    try runtime.performing { () throws(JSError) in try runtime.virtualMachine.runEventLoop() }
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
