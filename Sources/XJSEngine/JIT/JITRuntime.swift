import CXJSSupport
import XJSAssembler

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// The baseline JIT's part of a runtime: the policy (off, tiered, eager), the code memory and its
// witness log, the entry thunk the interpreter calls machine code through, tier-up, and the
// counters `--stats` prints.
//
// Nothing executable is mapped until the first function tiers up; with the JIT off nothing ever
// is. The first compile reserves code memory and installs the entry thunk, which is also the
// probe: when the OS refuses to make pages executable (PR_SET_MDWE, MemoryDenyWriteExecute=yes,
// SELinux execmem), the JIT turns itself off for good, says why, and every function stays
// interpreted, so the script's result does not change.

/// When a runtime compiles functions to machine code.
package enum JITMode: String, Sendable {
  /// Interpreter only: no executable memory is ever mapped.
  case off
  /// Interpreter first; functions and loops that run often are compiled (the default).
  case tiered
  /// Every function is compiled before it first runs (tests exercise machine code this way).
  case eager
}

/// Which machine code the JIT emits, and how it runs.
package enum JITTarget: String, Sendable {
  /// The host's own ISA (x86-64 or arm64), run natively.
  case native
  /// arm64 code run in ARM64Simulator (on any host): how arm64 is tested on x86-64 machines.
  case arm64Simulator = "arm64-sim"

  /// The ISA the code is for.
  var isARM64: Bool {
    #if arch(arm64)
      return true
    #else
      return self == .arm64Simulator
    #endif
  }
}

package struct JITOptions: Sendable {
  package var mode: JITMode = .tiered
  /// Calls plus loop iterations of a function before it tiers up (in `.tiered` mode).
  package var threshold: Int32 = 500
  package var target: JITTarget = .native
  /// The most bytes of machine code alive at once; past it functions stay interpreted.
  package var maximumCodeBytes = 256 << 20
  /// Code larger than this (in bytecode words) stays interpreted.
  package var maximumBytecodeWords = 1 << 20
  package init() {}
}

/// What the JIT did, for `--stats` and the embedding API.
package struct JITStatistics: Sendable {
  package var functionsCompiled = 0
  /// Code blocks the JIT declined or failed to compile (they run interpreted).
  package var functionsNotCompiled = 0
  /// Why the last code block was not compiled.
  package var lastFailure: String?
  package var osrEntries = 0
  /// Bytes of machine code generated (thunks included), and of bytecode compiled.
  package var codeBytes = 0
  package var bytecodeBytes = 0
  package var compileNanoseconds: UInt64 = 0
}

/// The baseline JIT's state in one runtime.
final class JITRuntime {
  /// The runtime's hot state (machine code's context register).
  let context: UnsafeMutablePointer<RuntimeHotState>
  let options: JITOptions
  /// Every permission change of this runtime's code memory.
  let log = WitnessLog()
  @exclusivity(unchecked) var statistics = JITStatistics()
  /// Why the JIT is off, when it is (`--jitless`, a refused seal, an unsupported host).
  @exclusivity(unchecked) private(set) var disabledReason: String?
  @exclusivity(unchecked) private(set) var allocator: CodeAllocator?
  /// Machine code that enters JIT code from the interpreter (see `enter`).
  @exclusivity(unchecked) private var entryThunk: JITEntryFunction?
  @exclusivity(unchecked) private var entryThunkCode: ExecutableCode?
  /// Runs the code of the `arm64-sim` target.
  @exclusivity(unchecked) private var simulator: ARM64Simulator?
  /// `perf`'s map of JIT code (/tmp/perf-PID.map), written when XJS_PERF_MAP=1.
  @exclusivity(unchecked) private var perfMap: UnsafeMutablePointer<FILE>? = {
    guard let flag = getenv("XJS_PERF_MAP"), String(cString: flag) == "1" else { return nil }
    return fopen("/tmp/perf-\(getpid()).map", "a")
  }()
  /// Every compiled function's code, for `--print-code` (only kept when asked for).
  @exclusivity(unchecked) var keepsCodeListing = false
  @exclusivity(unchecked) var codeListing: [(name: String, code: JITCode)] = []

  init(options: JITOptions, context: UnsafeMutablePointer<RuntimeHotState>) {
    self.context = context
    self.options = options
    if options.mode == .off { disabledReason = "the JIT is off (interpreter only)" }
    #if !arch(x86_64) && !arch(arm64)
      if options.mode != .off && options.target == .native {
        disabledReason = "no JIT backend runs natively on this host"
      }
    #endif
  }

  var isEnabled: Bool { disabledReason == nil }

  /// Names the kernel's rule when it is the reason executable memory is refused. Asked once per
  /// process (MDWE cannot be unset): a sandboxed content process may no longer call prctl when
  /// its later runtimes meet the refusal.
  private static let mdweNote: String =
    xjs_memory_deny_write_execute_flags() > 0 ? ": PR_SET_MDWE is set, the kernel refuses executable memory" : ""

  /// The tier-up counter a new code block starts with.
  var initialTierUpCount: Int32 {
    guard isEnabled else { return Int32.max }
    return options.mode == .eager ? 0 : options.threshold
  }

  /// Whether machine code may be generated at all now (sets up code memory on first use).
  func prepare() -> Bool {
    if !isEnabled { return false }
    if allocator != nil { return true }
    let allocator = CodeAllocator(log: log, limit: options.maximumCodeBytes)
    do {
      let (thunk, code) = try BaselineJIT.installEntryThunk(allocator, target: options.target)
      entryThunk = thunk
      entryThunkCode = code
      if options.target == .arm64Simulator {
        let simulator = ARM64Simulator()
        simulator.simulateCode(of: allocator)
        self.simulator = simulator
      }
      statistics.codeBytes += code.range.count
      self.allocator = allocator
      return true
    } catch {
      allocator.releaseAll(reason: "JIT disabled")
      disabledReason =
        error.cause == .executionRefusedByPolicy
        ? "the OS refused executable memory (\(error))\(Self.mdweNote); running interpreter-only"
        : "no executable memory (\(error)); running interpreter-only"
      return false
    }
  }

  // MARK: Tier-up

  /// Called when a code block's tier-up counter runs out: compiles it (once) if the JIT may.
  /// Returns whether it has machine code now.
  @discardableResult
  func tierUp(_ data: UnsafeMutablePointer<CodeBlockData>) -> Bool {
    switch data.pointee.jitState {
    case .compiled: return true
    case .notCompilable:
      data.pointee.tierUpCounter = Int32.max
      return false
    case .interpreted: break
    }
    guard prepare(), let allocator else {
      data.pointee.jitState = .notCompilable
      data.pointee.tierUpCounter = Int32.max
      return false
    }
    let codeBlock = data.pointee.owner.takeUnretainedValue()
    let start = monotonicNanoseconds()
    defer { statistics.compileNanoseconds += monotonicNanoseconds() - start }
    do {
      let code = try BaselineJIT.compile(codeBlock, allocator: allocator, options: options)
      codeBlock.jitCode = code
      data.pointee.jitEntry = code.entry
      data.pointee.jitDirectEntry = code.directEntry
      data.pointee.jitState = .compiled
      // Compiled for good: calls and loops need not count any more.
      data.pointee.tierUpCounter = Int32.max
      statistics.functionsCompiled += 1
      statistics.codeBytes += code.codeBytes
      statistics.bytecodeBytes += codeBlock.instructionCount * 4
      if keepsCodeListing { codeListing.append((codeBlock.displayName, code)) }
      if let perfMap {
        let start = String(UInt(bitPattern: code.code.start), radix: 16)
        fputs("\(start) \(String(code.codeBytes, radix: 16)) js:\(codeBlock.displayName)\n", perfMap)
        fflush(perfMap)
      }
      return true
    } catch {
      data.pointee.jitState = .notCompilable
      data.pointee.tierUpCounter = Int32.max
      statistics.functionsNotCompiled += 1
      statistics.lastFailure = "\(codeBlock.displayName): \(error)"
      return false
    }
  }

  // MARK: Entering machine code

  /// Runs machine code at `address` for frame `fp` until it leaves for the interpreter.
  @inline(never)
  func enter(_ fp: Registers, _ address: UnsafeRawPointer) -> JITExit {
    if let simulator { return simulate(simulator, fp, address) }
    let exit = entryThunk.unsafelyUnwrapped(UnsafeMutableRawPointer(context), UnsafeMutableRawPointer(fp), address)
    return JITExit(exit)
  }

  /// The entry thunk and what it runs, in the simulator. If the simulator cannot go on (an
  /// instruction it does not implement, a broken calling convention: a bug of the JIT or the
  /// simulator, never of the script), the script stops with an error that names it, as a time
  /// limit stops it (no handler sees it), instead of the process crashing.
  private func simulate(_ simulator: ARM64Simulator, _ fp: Registers, _ address: UnsafeRawPointer) -> JITExit {
    let arguments = [
      UInt64(UInt(bitPattern: context)), UInt64(UInt(bitPattern: fp)), UInt64(UInt(bitPattern: address)),
    ]
    do {
      let (frame, word) = try simulator.run(at: entryThunkCode.unsafelyUnwrapped.start, arguments: arguments)
      return JITExit(xjs_jit_exit(frame: frame, word: word))
    } catch {
      let runtime = context.pointee.runtime.unsafelyUnwrapped.takeUnretainedValue()
      let failure = runtime.makeTerminationError("xjs internal error: the arm64 simulator stopped: \(error)")
      context.pointee.parkedException = failure
      context.pointee.parkedExceptionPC = UnsafePointer(Frame.codeData(fp).pointee.instructions)
      return .exception(frame: fp)
    }
  }

  // MARK: Reporting

  /// One line: what the JIT is doing, or why not.
  var stateDescription: String {
    if let disabledReason { return "off: \(disabledReason)" }
    return "\(options.mode.rawValue) (\(options.target.rawValue), threshold \(options.threshold))"
  }
}

/// The C signature of the entry thunk: (context, frame, machine address) -> exit.
typealias JITEntryFunction =
  @convention(c) (UnsafeMutableRawPointer, UnsafeMutableRawPointer, UnsafeRawPointer)
  -> xjs_jit_exit

/// Why machine code gave control back to the interpreter.
enum JITExit {
  /// Continue interpreting `frame` at instruction offset `pc`.
  case resume(frame: Registers, pc: Int)
  /// An exception is parked (with the pc that threw) in `frame`.
  case exception(frame: Registers)
  /// The entry frame returned; the result is in `hot.returnValue`.
  case returned

  static let resumeKind: UInt64 = 0
  static let exceptionKind: UInt64 = 1
  static let returnedKind: UInt64 = 2

  init(_ exit: xjs_jit_exit) {
    let frame = UnsafeMutablePointer<Value>(bitPattern: UInt(exit.frame))
    switch exit.word & 3 {
    case JITExit.resumeKind: self = .resume(frame: frame.unsafelyUnwrapped, pc: Int(exit.word >> 2))
    case JITExit.exceptionKind: self = .exception(frame: frame.unsafelyUnwrapped)
    default: self = .returned
    }
  }
}

extension CodeBlock {
  /// The name `--stats`, `--print-code` and errors use for this code.
  var displayName: String {
    let (line, column) = source.location(of: Int(sourceRange.start))
    let what = kind == .function ? (name.isEmpty ? "<anonymous>" : name) : "\(kind)"
    return "\(what) (\(source.name):\(line):\(column))"
  }
}
