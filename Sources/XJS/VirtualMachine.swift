import XJSEngine

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Whether the baseline JIT compiles hot code.
public enum JITPolicy: Sendable {
  /// Tiered: functions are interpreted first and compiled once hot (the default). Falls back to
  /// the interpreter when the system refuses executable memory.
  case auto
  /// Interpreter only: no executable memory is ever mapped.
  case off
  /// Every function is compiled before its first run.
  case eager
}

/// Which machine code the JIT makes.
public enum JITCodeTarget: Sendable {
  /// The host's own instruction set, run natively.
  case native
  /// arm64 code run in the built-in arm64 simulator, on any host (how arm64 is tested on x86-64).
  case arm64Simulator
}

/// One JavaScript virtual machine: a heap, its contexts, their job queue. Everything made in it
/// (contexts, values, host classes) is used on one thread at a time; only `interruptHandle` may
/// be used from any thread.
///
/// Ownership: the virtual machine owns its heap; contexts and values refer to it without keeping
/// it alive (so a host closure may capture its context without making a cycle). Keep the
/// `VirtualMachine` for as long as its contexts are used: afterwards their operations throw
/// `JSError.Kind.destroyed`. Destroying it runs the finalizers of every host object left.
public final class VirtualMachine {
  /// Settings fixed when the virtual machine is created.
  public struct Options: Sendable {
    public var jit: JITPolicy = .auto
    public var jitTarget: JITCodeTarget = .native
    /// Calls plus loop iterations before a function is compiled (nil: the engine's default).
    public var jitThreshold: Int?
    /// Heap limit in bytes: past it the script gets a RangeError ("Out of memory"), also when
    /// the allocation happens inside a host function.
    public var heapLimit: Int = 2 << 30
    /// Size of the JavaScript stack in bytes (JS frames); past it a RangeError.
    public var stackSize: Int = 8 << 20
    /// How deeply host functions, builtins and `super()` calls may re-enter JavaScript before a
    /// RangeError (which also comes when the thread's native stack runs low).
    public var maximumReentryDepth: Int = 20_000
    /// Wall-clock limit for each entry from the host (an evaluation, a call, a run of the job
    /// queue); a script past it stops with an uncatchable termination (`JSError.Kind.terminated`).
    public var timeLimit: Duration?
    /// Called on the virtual machine's thread at the next safe point after
    /// `InterruptHandle.interrupt()`: return true to stop the running script, false to go on.
    /// Without a handler an interrupt always stops it.
    public var interruptHandler: (@Sendable () -> Bool)?
    /// Collect garbage at every allocation (finds rooting bugs in host code; very slow).
    public var gcStress = false

    public init() {}
  }

  public let options: Options
  let core: VirtualMachineCore

  public init(options: Options = Options()) {
    self.options = options
    core = VirtualMachineCore(options)
  }

  /// Contexts and values may outlive the virtual machine (they hold its core, not it): the
  /// engine goes now, and they report `.destroyed` from here on.
  deinit { core.destroy() }

  /// `configure` adjusts the engine's settings past what `Options` has (the C API's allocator).
  init(options: Options, configure: (inout RuntimeOptions) -> Void) {
    self.options = options
    core = VirtualMachineCore(options, configure: configure)
  }

  /// The engine's version ("0.1.0").
  public static var version: String { EngineVersion.string }

  /// Stops a running script from any thread (see `Options.interruptHandler`).
  public var interruptHandle: InterruptHandle { InterruptHandle(core.link) }

  /// Collects garbage now.
  public func collectGarbage() { core.runtime.collectGarbage() }

  /// Bytes the heap holds (live cells and the memory they own), as of the last allocation.
  public var heapSize: Int { core.runtime.heapStatistics.liveBytes }

  /// Whether the JIT is in use (false when off, or when the system refused executable memory).
  public var isJITEnabled: Bool { core.runtime.isJITEnabled }

  /// How modules are found: `import` in modules and `import()` anywhere resolve and load through
  /// it. The default reads files (paths and `file:` URLs).
  public var moduleLoader: any ModuleLoader {
    get { core.moduleLoader }
    set {
      core.moduleLoader = newValue
      core.runtime.moduleLoader = LoaderBridge(newValue)
    }
  }

  /// Runs the promise jobs queued so far (and those they queue) until none is left.
  public func runPendingJobs() throws(JSError) {
    try core.enter { runtime throws(JSException) in try runtime.runPendingJobs() }
  }

  /// Runs jobs and timers (`setTimeout`) until no work is left, waiting for timers not yet due.
  public func runEventLoop() throws(JSError) {
    try core.enter { runtime throws(JSException) in try runtime.runEventLoop() }
  }

  /// Waits for the next timer to be due and runs its callback, not the jobs it queues (a host
  /// running its own loop follows each task with its microtask checkpoint, and goes on after a
  /// callback throws). False when no timer is armed.
  public func runNextTimer() throws(JSError) -> Bool {
    try core.enter { runtime throws(JSException) in try runtime.runNextTimer() }
  }

  /// Whether jobs or timers are waiting.
  public var hasPendingWork: Bool { core.runtime.hasPendingWork }

  /// Whether promise jobs are waiting.
  public var hasPendingJobs: Bool { core.runtime.hasPendingJobs }

  /// How long until the next timer is due (zero when due now), nil when no timer is armed: a
  /// host running its own loop waits that long for its other inputs before `runNextTimer()`.
  public var timeUntilNextTimer: Duration? {
    core.runtime.nanosecondsUntilNextTimer.map { .nanoseconds(Int64(clamping: $0)) }
  }

  /// Where `print` and `console` write: by default the process's stdout and stderr; a handler
  /// gets each piece of text (ending in a line break) and whether it is error output.
  public var outputHandler: ((_ text: String, _ isError: Bool) -> Void)? {
    get { core.runtime.outputHandler }
    set { core.runtime.outputHandler = newValue }
  }

  /// Sets up the JIT's code memory now rather than when the first function gets hot, so a
  /// refusal of executable memory by the system is known (and reported in `jitStatus`)
  /// before any script runs. Returns `isJITEnabled`; maps nothing with the JIT off.
  @discardableResult
  public func prepareJIT() -> Bool { core.runtime.prepareJIT() }

  /// Which mode runs and why, as `--stats` prints it: "tiered (native, threshold 500)", or
  /// "off: " and the reason (the JIT switched off, the system refused executable memory).
  public var jitStatus: String { core.runtime.jitStateDescription }

  /// The witness log: one line per permission change of the JIT's code memory (sequence
  /// number, address range, from → to, digest of the bytes sealed), oldest first.
  public var jitWitnessLog: [String] { core.runtime.jitWitnessLog.map { "\($0)" } }

  /// The `--stats` report (JIT counters, code memory, collections).
  public var statisticsReport: String { core.runtime.statisticsReport() }

  /// How many times the heap limit refused an allocation (each one a RangeError the script
  /// may have caught): a host that treats the limit as fatal checks it after each task.
  public var heapLimitRefusals: Int { core.runtime.heapLimitRefusals }
}

/// Asks a virtual machine's running script to stop; usable from any thread, and harmless once
/// the virtual machine is gone.
public final class InterruptHandle: @unchecked Sendable {
  private let link: VirtualMachineLink

  init(_ link: VirtualMachineLink) { self.link = link }

  public func interrupt() { link.interrupt() }
}

/// How objects that must not keep a virtual machine's core alive, or that live on other threads,
/// reach it: interrupt handles (any thread, under a lock) and host classes (their hooks). No
/// weak reference points at the core itself, so retaining it stays on Swift's fast path.
final class VirtualMachineLink: @unchecked Sendable {
  private unowned(unsafe) let core: VirtualMachineCore
  private var isAlive = true
  private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

  init(_ core: VirtualMachineCore) {
    self.core = core
    pthread_mutex_init(lock, nil)
  }

  deinit {
    pthread_mutex_destroy(lock)
    lock.deallocate()
  }

  /// The core while it lives (on the virtual machine's thread).
  var liveCore: VirtualMachineCore? { isAlive ? core : nil }

  func interrupt() {
    pthread_mutex_lock(lock)
    defer { pthread_mutex_unlock(lock) }
    if isAlive { core.runtime.requestInterrupt() }
  }

  func sever() {
    pthread_mutex_lock(lock)
    defer { pthread_mutex_unlock(lock) }
    isAlive = false
  }
}

/// What the public objects share: the runtime, and the rules for entering it.
final class VirtualMachineCore {
  /// The engine (nil once the virtual machine is destroyed: `isAlive` is false then).
  private(set) var runtime: Runtime!
  private(set) var isAlive = true
  private(set) lazy var link = VirtualMachineLink(self)
  let timeLimitMilliseconds: Int
  var moduleLoader: any ModuleLoader = FileModuleLoader()
  var initialRealmTaken = false
  var defaultContext: Context?
  /// Entries from the host in progress (the time limit is armed by the outermost).
  private var entryDepth = 0

  init(_ options: VirtualMachine.Options, configure: (inout RuntimeOptions) -> Void = { _ in }) {
    var runtimeOptions = RuntimeOptions()
    runtimeOptions.maximumHeapBytes = max(options.heapLimit, 1 << 20)
    runtimeOptions.registerStackSize = max(options.stackSize / 8, 1 << 12)
    runtimeOptions.maximumNativeDepth = max(options.maximumReentryDepth, 1)
    runtimeOptions.gcStress = options.gcStress
    switch options.jit {
    case .auto: runtimeOptions.jit.mode = .tiered
    case .off: runtimeOptions.jit.mode = .off
    case .eager: runtimeOptions.jit.mode = .eager
    }
    switch options.jitTarget {
    case .native: runtimeOptions.jit.target = .native
    case .arm64Simulator: runtimeOptions.jit.target = .arm64Simulator
    }
    if let threshold = options.jitThreshold { runtimeOptions.jit.threshold = Int32(clamping: max(threshold, 0)) }
    configure(&runtimeOptions)
    runtime = Runtime(options: runtimeOptions)
    if let handler = options.interruptHandler { runtime.interruptHandler = { handler() } }
    if let limit = options.timeLimit {
      let (seconds, attoseconds) = limit.components
      let milliseconds = seconds.multipliedReportingOverflow(by: 1000)
      timeLimitMilliseconds =
        milliseconds.overflow
        ? Int.max : max(Int(milliseconds.partialValue) + Int(attoseconds / 1_000_000_000_000_000), 1)
    } else {
      timeLimitMilliseconds = 0
    }
  }

  /// Tears the engine down (finalizing the host objects left); contexts and values that still
  /// hold the core see `isAlive` false.
  func destroy() {
    guard isAlive else { return }
    link.sever()
    isAlive = false
    defaultContext = nil  // the stand-in context holds the core: no cycle is left
    runtime = nil
  }

  /// Runs `body` as an entry from the host: arms the time limit for the outermost entry and
  /// turns a thrown value into a `JSError`.
  func enter<T>(_ body: (Runtime) throws(JSException) -> T) throws(JSError) -> T {
    let outermost = entryDepth == 0
    if outermost && timeLimitMilliseconds > 0 { runtime.setTimeLimit(milliseconds: timeLimitMilliseconds) }
    entryDepth += 1
    defer {
      entryDepth -= 1
      if outermost && timeLimitMilliseconds > 0 { runtime.setTimeLimit(milliseconds: 0) }
    }
    do {
      return try body(runtime)
    } catch {
      throw JSError(thrown: error.value, runtime: runtime, core: self)
    }
  }
}
