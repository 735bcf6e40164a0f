import CXJSSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Options a runtime is created with.
package struct RuntimeOptions {
  /// Heap limit in bytes; past it the script gets a RangeError ("Out of memory").
  package var maximumHeapBytes: Int = 2 * 1024 * 1024 * 1024
  /// Collect garbage at every allocation (finds rooting bugs; very slow).
  package var gcStress: Bool = false
  /// VM register-stack size in Values (JS frames live here).
  package var registerStackSize: Int = 1 << 20
  /// Native re-entry depth (builtins calling back into JS, super() calls) before RangeError.
  /// The native stack is checked too (`checkNativeStack`), so on a small thread stack the
  /// RangeError comes sooner; node runs chains of thousands of `super()` calls, so must we.
  package var maximumNativeDepth: Int = 20_000
  /// Installs the test262 `$262` host object in new realms.
  package var test262Host: Bool = false
  /// The baseline JIT: off (interpreter only), tiered (the default) or eager.
  package var jit = JITOptions()
  /// Where the garbage-collected heap's blocks and large cells come from (nil: the system).
  package var heapAllocator: HeapAllocator?

  package init() {}
}

/// A host's allocator for the garbage-collected heap (the C API's `xjs_allocator`). Called on
/// the runtime's thread, for blocks and large cells only (not on the allocation fast path).
package struct HeapAllocator {
  /// Memory of `size` bytes aligned to `alignment` (a power of two), or nil.
  package var allocate: (_ size: Int, _ alignment: Int) -> UnsafeMutableRawPointer?
  /// Returns memory `allocate` gave, with the size asked for.
  package var deallocate: (_ memory: UnsafeMutableRawPointer, _ size: Int) -> Void

  package init(
    allocate: @escaping (Int, Int) -> UnsafeMutableRawPointer?,
    deallocate: @escaping (UnsafeMutableRawPointer, Int) -> Void
  ) {
    self.allocate = allocate
    self.deallocate = deallocate
  }
}

/// A thrown JavaScript value travelling through Swift code (`throws(JSException)`).
package struct JSException: Error {
  package let value: Value
  /// Raised as a frame exits (a derived constructor's bad return value): no handler of the
  /// frame may catch it (see `Runtime.throwSite`).
  let isAtFrameExit: Bool
  package init(_ value: Value) {
    self.value = value
    isAtFrameExit = false
  }
  init(_ value: Value, atFrameExit: Bool) {
    self.value = value
    isAtFrameExit = atFrameExit
  }
}

/// One JavaScript virtual machine: a heap, atoms, shapes, realms, the register
/// stack. Nothing is shared between runtimes; a runtime is used by one thread at a time.
package final class Runtime {
  let heap: Heap
  @exclusivity(unchecked) var atoms = AtomTable()
  /// Root shapes by (prototype, object class), weakly held.
  @exclusivity(unchecked) var rootShapes = KeyMap()
  /// Bumped whenever an object used as a prototype changes shape; prototype-chain
  /// inline-cache entries remember the epoch they were filled in.
  @inline(__always) var prototypeEpoch: UInt32 {
    get { hot.pointee.prototypeEpoch }
    set { hot.pointee.prototypeEpoch = newValue }
  }
  /// Set once any prototype object gets indexed properties: then holes in arrays
  /// must consult the prototype chain.
  @inline(__always) var prototypesHaveIndexedProperties: Bool {
    get { hot.pointee.prototypesHaveIndexedProperties }
    set { hot.pointee.prototypesHaveIndexedProperties = newValue }
  }
  /// State the interpreter reads constantly, in raw memory (no class-property access checks).
  let hot: UnsafeMutablePointer<RuntimeHotState>
  /// See `megamorphicLoad` (PropertyAccess.swift).
  let megamorphicCache: UnsafeMutablePointer<MegamorphicEntry>

  let options: RuntimeOptions
  /// The baseline JIT's state (JIT/JITRuntime.swift).
  let jit: JITRuntime
  @exclusivity(unchecked) private var emptyStringStorage: StringRef?
  var emptyString: StringRef { emptyStringStorage.unsafelyUnwrapped }
  @exclusivity(unchecked) private(set) var singleCharacterStrings: [StringRef] = []
  @exclusivity(unchecked) private var namesStorage: CommonNames?
  var names: CommonNames { namesStorage.unsafelyUnwrapped }
  @exclusivity(unchecked) private var symbolsStorage: WellKnownSymbols?
  var symbols: WellKnownSymbols { symbolsStorage.unsafelyUnwrapped }
  @exclusivity(unchecked) var symbolRegistry: [String: SymbolRef] = [:]

  /// The realm code is running in.
  var realm: Realm! {
    didSet {
      hot.pointee.globalObject = realm.globalObject?.value ?? .undefined
      hot.pointee.globalLexicals = realm.globalLexicals?.value ?? .undefined
      hot.pointee.realm = Unmanaged.passUnretained(realm).toOpaque()
    }
  }
  /// The current realm as the pointer code blocks and native functions record.
  @inline(__always) var realmPointer: UnsafeMutableRawPointer { hot.pointee.realm.unsafelyUnwrapped }

  /// Makes the realm behind `pointer` (a `realmPointer`) the current realm.
  @inline(never)
  func switchRealm(to pointer: UnsafeMutableRawPointer) {
    realm = Unmanaged<Realm>.fromOpaque(pointer).takeUnretainedValue()
  }

  /// A frame runs in the realm of its code: called whenever the running code block changes
  /// (calls, returns, unwinding). Only a cross-realm call pays for the switch.
  @inline(__always)
  func enterRealm(of code: UnsafeMutablePointer<CodeBlockData>) {
    if let target = code.pointee.realm, _slowPath(target != hot.pointee.realm) { switchRealm(to: target) }
  }
  /// The realms that are roots: the first, those of live host contexts, and test262's.
  @exclusivity(unchecked) private(set) var realms: [Realm] = []
  /// Realms the host let go of: they live while something of theirs is reachable, and are
  /// dropped by the first collection that does not reach them.
  @exclusivity(unchecked) private(set) var releasedRealms: [Realm] = []

  /// Stops treating `realm` as a root (the host released its context). The first realm stays.
  package func releaseRealm(_ realm: Realm) {
    guard let index = realms.firstIndex(where: { $0 === realm }), index > 0 else { return }
    realms.remove(at: index)
    releasedRealms.append(realm)
  }

  let registerStack: RegisterStack
  /// One past the highest register stack slot in use (the collector scans below it; a frame
  /// entered from native code starts above it).
  @inline(__always) var stackTop: UnsafeMutablePointer<Value> {
    get { hot.pointee.registerStackTop.unsafelyUnwrapped }
    set { hot.pointee.registerStackTop = newValue }
  }
  /// Depth of native → JS re-entry.
  @exclusivity(unchecked) var nativeDepth = 0
  /// The native call at each depth, for stack traces (Runtime/StackTraces.swift); entries
  /// above `nativeDepth` are stale. Holds no roots: a running call's values live elsewhere.
  let nativeFrames: UnsafeMutablePointer<NativeFrameRecord>
  /// Set from any thread to stop the running script at its next safe point.
  var interruptFlag: UnsafeMutablePointer<Int32> {
    UnsafeMutableRawPointer(hot).advanced(by: MemoryLayout<RuntimeHotState>.offset(of: \.interruptRequested)!)
      .assumingMemoryBound(to: Int32.self)
  }
  /// Called at safe points when the flag is set or a deadline passed; returning
  /// true terminates the script.
  @exclusivity(unchecked) package var interruptHandler: (() -> Bool)?
  /// Absolute monotonic deadline (nanoseconds) or 0. The watchdog raises
  /// `RuntimeHotState.deadlineBit` when it passes; without a watchdog thread every safe point
  /// takes the slow path and reads the clock now and then.
  var deadlineNanoseconds: UInt64 = 0 {
    didSet { armDeadline() }
  }
  /// Whether the watchdog holds an alarm for this runtime's interrupt word.
  private var watchdogArmed = false
  /// The front-end job under way (FrontEndLimits.swift): the memory it is charged for, why a
  /// limit stopped it, and the compiler's countdown to its next checkpoint.
  var frontEndScratchBytes = 0
  /// The lowest native stack address the compiler may use in the current front-end job.
  var compileStackLimit: UInt = 0
  /// Lazy functions: stand-ins made, and compiled at a first call (Compiler/LazyCompilation.swift).
  var lazyFunctionsCreated = 0
  var lazyFunctionsCompiled = 0
  /// The charge for the source text the running front-end job compiles (`sourceCharge(for:)`).
  var compilingSourceCharge: (source: ObjectIdentifier, charge: SharedMemoryCharge)?
  var frontEndStop: JSException?
  @exclusivity(unchecked) var compileCountdown = Runtime.frontEndCheckInterval

  /// Roots an embedding layer keeps in storage of its own (the C API's handle tables): each
  /// scanner reports its values to the function it is given, at every collection.
  package var hostRootScanners: [(_ mark: (Value) -> Void) -> Void] = []
  /// Registered roots held by Swift code (see RootedValues); the list does not own them.
  unowned(unsafe) var rootedListHead: RootedValues?
  /// The embedding API's value handles (see HostRootSlots).
  let hostRootSlots = HostRootSlots()

  /// Where the interpreter called into native code from (for stacks of errors created there).
  @exclusivity(unchecked) var nativeCallSite: (fp: UnsafeMutablePointer<Value>, pc: Int)?

  // Modules (Modules/): every record made, the one whose code is being compiled, the host's loader.
  var modules: [ModuleRecord] = []
  var compilingModule: ModuleRecord?
  /// The script name `import()` in the code being compiled resolves against (eval code and
  /// `new Function` bodies: their caller's), when it is not the code's own source name.
  var compilingReferrerName: String?
  /// Resolves and reads the modules scripts import (the default reads files).
  package var moduleLoader: ModuleLoader = FileModuleLoader()
  var moduleRecursionDepth = 0
  /// [[AsyncEvaluationOrder]]'s counter (IncrementModuleAsyncEvaluationCount).
  var asyncEvaluationCount = 0
  /// The exception a `catch` handler receives (rooted).
  @exclusivity(unchecked) var pendingException: Value = .undefined
  /// The error used to stop a script (time limit, interrupt); catch blocks never receive it.
  @exclusivity(unchecked) var terminationValue: Value = .undefined

  /// Objects being joined by Array.prototype.join (cycle detection).
  @exclusivity(unchecked) var joinStack: [Value] = []
  /// Where script output goes (nil: the process's stdout/stderr).
  @exclusivity(unchecked) package var outputHandler: ((String, Bool) -> Void)?

  @exclusivity(unchecked) var stringCache = NumberStringCache()
  /// Every WeakMap/WeakSet table, for the collector's ephemeron pass (WeakCollections.swift).
  let weakCollections = WeakCollectionRegistry()
  /// Local time for Date (follows TZ; see DateMath.LocalTimeZone).
  @exclusivity(unchecked) var localTimeZone = DateMath.LocalTimeZone()
  @exclusivity(unchecked) var randomState: UInt64 = 0x2545_F491_4F6C_DD1D
  /// Compiled regular expressions by (pattern, flags) (Builtins/RegExpObjects.swift).
  let regExpPrograms = RegExpProgramCache()
  /// Promise jobs and rejection tracking (PromiseJobs.swift); timers (TimerQueue.swift). Both are roots.
  let jobQueue = JobQueue()
  let timerQueue = TimerQueue()

  package init(options: RuntimeOptions = RuntimeOptions()) {
    self.options = options
    heap = Heap(maximumBytes: options.maximumHeapBytes, stressMode: false, allocator: options.heapAllocator)
    registerStack = RegisterStack(capacity: options.registerStackSize)
    // Zeroed pages from calloc cost no memory until deep re-entry touches them; every depth
    // level writes its record before the stack walk can read it.
    guard let records = calloc(options.maximumNativeDepth + 2, MemoryLayout<NativeFrameRecord>.stride) else {
      fatalError("xjs: out of memory allocating the native frame records")
    }
    nativeFrames = records.assumingMemoryBound(to: NativeFrameRecord.self)
    megamorphicCache = Runtime.allocateZeroedMegamorphicCache()
    hot = SlowPathTable.allocateHotState(
      RuntimeHotState(
        interruptRequested: 0, requests: 0, prototypeEpoch: 1, prototypesHaveIndexedProperties: false,
        deadlineCountdown: 0))
    jit = JITRuntime(options: options.jit, context: hot)
    hot.pointee.runtime = Unmanaged.passUnretained(self)
    hot.pointee.registerStackTop = registerStack.base
    hot.pointee.registerStackLimit = registerStack.limit
    heap.runtime = self
    heap.hotState = hot
    heap.deferralDepth += 1
    emptyStringStorage = allocateFlatString(length: 0, latin1: true)
    singleCharacterStrings.reserveCapacity(256)
    for unit in 0..<256 {
      let string = allocateFlatString(length: 1, latin1: true)
      string.latin1Characters[0] = UInt8(unit)
      singleCharacterStrings.append(string)
    }
    emptyStringStorage = atoms.intern(emptyString, heap)
    for index in 0..<256 { singleCharacterStrings[index] = atoms.intern(singleCharacterStrings[index], heap) }
    namesStorage = CommonNames(self)
    symbolsStorage = WellKnownSymbols(self)
    heap.deferralDepth -= 1
    realm = createRealm()
    heap.stressMode = options.gcStress
  }

  deinit {
    if watchdogArmed { Watchdog.shared.disarm(interruptFlag) }
    free(nativeFrames)
    UnsafeMutableRawPointer(hot).deallocate()
    free(megamorphicCache)
  }

  /// The megamorphic cache as zero pages from calloc (an all-zero entry is an empty
  /// `MegamorphicEntry()`): its 160 KB cost no resident memory until entries are filled.
  private static func allocateZeroedMegamorphicCache() -> UnsafeMutablePointer<MegamorphicEntry> {
    guard let raw = calloc(megamorphicCacheSize, MemoryLayout<MegamorphicEntry>.stride) else {
      fatalError("xjs: out of memory allocating the megamorphic cache")
    }
    return raw.bindMemory(to: MegamorphicEntry.self, capacity: megamorphicCacheSize)
  }

  /// Creates a new realm (a global object and a full set of intrinsics).
  func createRealm() -> Realm {
    heap.deferralDepth += 1
    defer { heap.deferralDepth -= 1 }
    let newRealm = Realm(runtime: self)
    realms.append(newRealm)
    let previous = realm
    realm = newRealm
    newRealm.initializeIntrinsics()
    if let previous { realm = previous }
    return newRealm
  }

  // MARK: Roots and weak references

  func markRoots(heap: Heap) {
    heap.mark(emptyString.cell)
    for string in singleCharacterStrings { heap.mark(string.cell) }
    names.trace(heap)
    symbols.trace(heap)
    for symbol in symbolRegistry.values { heap.mark(symbol.cell) }
    for realm in realms { realm.markReachable(heap) }
    if let current = realm { current.markReachable(heap) }
    registerStack.markConservatively(heap, top: stackTop)
    heap.mark(hot.pointee.parkedException)
    heap.mark(hot.pointee.returnValue)
    var rooted = rootedListHead
    while let list = rooted {
      list.trace(heap)
      rooted = list.next
    }
    hostRootSlots.trace(heap)
    for scan in hostRootScanners { scan { heap.markConservatively(UInt($0.bits)) } }
    stringCache.trace(heap)
    heap.mark(pendingException)
    for value in joinStack { heap.mark(value) }
    heap.mark(terminationValue)
    jobQueue.trace(heap)
    timerQueue.trace(heap)
  }

  func processWeakReferences(heap: Heap) {
    megamorphicCache.update(repeating: MegamorphicEntry(), count: megamorphicCacheSize)
    // First: the ephemeron pass may still mark cells (values of live weak-map keys).
    processWeakCollections(heap)
    releasedRealms.removeAll { !$0.wasMarked(heap) }
    atoms.removeDead(heap)
    rootShapes.filter { _, shape in heap.isMarked(CellPointer(bitPattern: UInt(shape))!) }
  }

  // MARK: Interrupts and limits

  /// Called at safe points (loop back edges, function entry). Throws when the
  /// script must stop: heap limit, interrupt request or deadline.
  @inline(__always) func checkSafePoint() throws(JSException) {
    let interrupts = xjs_atomic_load_relaxed_int32(&hot.pointee.interruptRequested)
    if _slowPath(UInt32(bitPattern: interrupts) | hot.pointee.requests != 0) {
      try handleSafePoint()
    }
  }

  /// Collects when out-of-line growth or a collection passed the heap limit, and throws a
  /// RangeError if live memory is still over it.
  func throwIfHeapLimitExceeded() throws(JSException) {
    guard heap.limitExceeded else { return }
    heap.collect()
    guard heap.limitExceeded else { return }
    heap.refuseForLimit()
    throw throwRangeError("Out of memory: the heap limit (\(heap.maximumBytes) bytes) was reached")
  }

  func setSafePointRequest(_ bit: UInt32, _ on: Bool) {
    if on { hot.pointee.requests |= bit } else { hot.pointee.requests &= ~bit }
  }

  func handleSafePoint() throws(JSException) {
    try throwIfHeapLimitExceeded()
    let raised = xjs_atomic_exchange_int32(interruptFlag, 0)
    if deadlineNanoseconds != 0 && deadlineHasPassed(raised: raised) {
      deadlineNanoseconds = 0
      throw JSException(makeTerminationError("Script timed out"))
    }
    if raised & RuntimeHotState.interruptBit != 0 {
      if interruptHandler?() ?? true {
        throw JSException(makeTerminationError("Script interrupted"))
      }
    }
  }

  /// Whether the time limit passed: the watchdog said so, or (without a watchdog) the clock,
  /// read every 256 safe points because reading it costs.
  private func deadlineHasPassed(raised: Int32) -> Bool {
    if watchdogArmed { return raised & RuntimeHotState.deadlineBit != 0 }
    hot.pointee.deadlineCountdown -= 1
    guard hot.pointee.deadlineCountdown <= 0 else { return false }
    hot.pointee.deadlineCountdown = 256
    return monotonicNanoseconds() >= deadlineNanoseconds
  }

  /// Hands the deadline to the watchdog (or, failing that, makes every safe point read the
  /// clock). A deadline bit the watchdog raised for an earlier limit is cleared: once
  /// `disarm` returns the watchdog no longer writes it.
  private func armDeadline() {
    if watchdogArmed {
      Watchdog.shared.disarm(interruptFlag)
      watchdogArmed = false
    }
    xjs_atomic_and_int32(interruptFlag, ~RuntimeHotState.deadlineBit)
    if deadlineNanoseconds != 0 {
      watchdogArmed = Watchdog.shared.arm(interruptFlag, deadline: deadlineNanoseconds)
    }
    setSafePointRequest(RuntimeHotState.deadlineArmed, deadlineNanoseconds != 0 && !watchdogArmed)
  }

  /// Sets a wall-clock limit for the script that runs next.
  package func setTimeLimit(milliseconds: Int) {
    guard milliseconds > 0 else {
      deadlineNanoseconds = 0
      return
    }
    // A limit too far away to represent (about 584 years) saturates instead of trapping.
    let (span, overflow) = UInt64(milliseconds).multipliedReportingOverflow(by: 1_000_000)
    let (deadline, late) = monotonicNanoseconds().addingReportingOverflow(span)
    deadlineNanoseconds = overflow || late ? UInt64.max : deadline
  }

  /// Starts the watchdog thread that enforces time limits now, for a process about to forbid
  /// creating threads (the content process's lock-down). Returns whether it runs.
  @discardableResult package static func prepareWatchdog() -> Bool { Watchdog.shared.prepare() }

  /// Asks the running script to stop at its next safe point (safe from any thread).
  package func requestInterrupt() {
    xjs_atomic_or_int32(interruptFlag, RuntimeHotState.interruptBit)
  }

  package func collectGarbage() { heap.collect() }

  /// How many times the heap limit refused memory (see `Heap.limitRefusals`).
  package var heapLimitRefusals: Int { heap.limitRefusals }

  package var heapStatistics: (liveBytes: Int, collections: Int) {
    (heap.totalBytes, heap.collectionCount)
  }
}

let megamorphicCacheSize = 4096

struct MegamorphicEntry {
  var shape: UInt = 0
  var key: UInt64 = 0
  var entry = PropertyCacheEntry()
}

/// Runtime state read on hot paths, kept outside the class.
struct RuntimeHotState {
  static let heapLimit: UInt32 = 1
  static let deadlineArmed: UInt32 = 2
  /// `interruptRequested` bits: an interrupt was requested; the watchdog saw the deadline pass.
  static let interruptBit: Int32 = 1
  static let deadlineBit: Int32 = 2
  /// Written by any thread (`requestInterrupt`, the watchdog), atomically.
  var interruptRequested: Int32
  /// RuntimeHotState bits: work waiting at the next safe point.
  var requests: UInt32
  var prototypeEpoch: UInt32
  var prototypesHaveIndexedProperties: Bool
  var deadlineCountdown: Int32
  /// The current realm's global object and global lexical record (rooted by the realm).
  var globalObject: Value = .undefined
  var globalLexicals: Value = .undefined
  /// The current realm (an unretained `Realm`), compared with a callee's on calls.
  var realm: UnsafeMutableRawPointer? = nil
  /// Bumped whenever an ArrayBuffer is detached or resized: typed arrays cache their data
  /// address and length with the epoch they were computed in (Builtins/TypedArrayOperations.swift).
  var arrayBufferEpoch: UInt64 = 0
  /// The runtime itself (unretained), for slow-path entries called with this state.
  var runtime: Unmanaged<Runtime>? = nil
  /// One past the highest register stack slot in use; below `registerStackLimit` a frame may grow.
  var registerStackTop: UnsafeMutablePointer<Value>? = nil
  var registerStackLimit: UnsafeMutablePointer<Value>? = nil
  /// The exception a slow-path entry parked (rooted), and the pc the unwinder starts from.
  var parkedException: Value = .undefined
  var parkedExceptionPC: UnsafePointer<UInt32>? = nil
  /// The result of a return from an entry frame (rooted until the frame's caller takes it).
  var returnValue: Value = .undefined
  /// Where a resumed generator's frame continues (an instruction offset), for the tier that
  /// runs the frame it was handed "from its first instruction"; 0 for every other frame.
  var resumeOffset: Int = 0
}

func monotonicNanoseconds() -> UInt64 {
  var time = timespec()
  clock_gettime(CLOCK_MONOTONIC, &time)
  return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

// MARK: - Rooted values held by Swift code

/// A growable list of Values that the collector treats as roots while the list
/// is alive (LibJS's MarkedVector, JSC's MarkedArgumentBuffer). Use it whenever
/// Swift code keeps Values in heap storage across an allocation.
package final class RootedValues {
  private unowned(unsafe) let runtime: Runtime
  fileprivate unowned(unsafe) var next: RootedValues?
  private unowned(unsafe) var previous: RootedValues?
  @exclusivity(unchecked) var values: [Value] = []

  package init(_ runtime: Runtime, capacity: Int = 0) {
    self.runtime = runtime
    values.reserveCapacity(capacity)
    next = runtime.rootedListHead
    next?.previous = self
    runtime.rootedListHead = self
  }

  deinit {
    if let previous { previous.next = next } else { runtime.rootedListHead = next }
    next?.previous = previous
  }

  @inline(__always) package var count: Int { values.count }
  @inline(__always) package subscript(index: Int) -> Value {
    get { values[index] }
    set { values[index] = newValue }
  }
  @inline(__always) package func append(_ value: Value) { values.append(value) }
  package func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<Value>) throws -> R) rethrows -> R {
    try values.withUnsafeBufferPointer(body)
  }

  fileprivate func trace(_ heap: Heap) {
    for value in values { heap.markConservatively(UInt(value.bits)) }
  }
}

/// Small-integer → string cache (number-to-string is hot in string building).
struct NumberStringCache {
  var entries: [Value] = Array(repeating: .empty, count: 1024)
  func trace(_ heap: Heap) {
    for value in entries where !value.isEmpty { heap.mark(value) }
  }
}
