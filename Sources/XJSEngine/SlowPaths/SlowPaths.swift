// The slow-path layer: the semantics of every instruction that is not `inline` in Opcodes.spec,
// written once, as `Runtime.execute<Name>(fp, pc)`. Both tiers run them: the interpreter calls
// them directly (they inline into its loop), JIT code calls their C-convention entries
// (SlowPathEntries+Generated.swift) through the table the runtime keeps.
//
// The ABI of an entry (JSC's CommonSlowPaths, LibJS's AsmSlowPaths):
//
//   entry(context, fp, pc) -> next pc | nil                  most instructions
//   entry(context, fp, pc) -> frame   | nil                  instructions that enter frames (`calls`)
//
// `context` is the runtime's hot state (the JIT keeps it in a register), `fp` the frame's
// registers, `pc` the instruction. nil means an exception is pending: the entry parked it in the
// runtime with the pc that threw (`park`), and the caller hands it to the unwinder
// (`unwind(from:pc:)`), which finds the handler by pc.
//
// For `calls` instructions the frame returned says where to continue: the same fp (the
// instruction completed here, as a call of a native function does), a callee's fp (its frame is
// set up, run it from pc 0), or a caller's fp (a return wrote the result into the caller's
// register; continue at the returning frame's return pc). A return from an entry frame returns
// the returning frame itself and leaves the result in `hot.returnValue`.

/// The registers of a frame (`fp[0…]`, header below).
typealias Registers = UnsafeMutablePointer<Value>
/// An instruction in a code block's bytecode.
typealias BytecodePC = UnsafePointer<UInt32>
/// The runtime's hot state, the first argument of every slow-path entry.
typealias SlowPathContext = UnsafeMutablePointer<RuntimeHotState>

/// An entry as C sees it: (context, fp, pc) -> next pc, all untyped (C has no Swift structs).
typealias SlowPathFunction =
  @convention(c) (UnsafeMutableRawPointer, UnsafeMutableRawPointer, UnsafeRawPointer)
  -> UnsafeRawPointer?
/// The entry of an instruction that enters frames: (context, fp, pc) -> frame.
typealias FrameSlowPathFunction =
  @convention(c) (UnsafeMutableRawPointer, UnsafeMutableRawPointer, UnsafeRawPointer)
  -> UnsafeMutableRawPointer?

/// An entry's arguments, typed: the runtime the context belongs to (unretained: entries use it
/// through `_withUnsafeGuaranteedRef`, without reference counting), the frame, the instruction.
@inline(__always) func slowPathArguments(
  _ context: UnsafeMutableRawPointer, _ frame: UnsafeMutableRawPointer, _ instruction: UnsafeRawPointer
) -> (Unmanaged<Runtime>, Registers, BytecodePC) {
  let hot = context.assumingMemoryBound(to: RuntimeHotState.self)
  return (
    hot.pointee.runtime.unsafelyUnwrapped, frame.assumingMemoryBound(to: Value.self),
    instruction.assumingMemoryBound(to: UInt32.self)
  )
}

extension Runtime {
  /// Parks a thrown exception (and the pc of the instruction that threw) for the unwinder: what a
  /// slow-path entry does instead of throwing through C code. Returns the ABI's nil marker.
  func park<T>(_ exception: JSException, fp: Registers, at pc: BytecodePC) -> T? {
    hot.pointee.parkedException = exception.value
    hot.pointee.parkedExceptionPC = throwSite(of: exception, fp, pc)
    return nil
  }

  /// Where the unwinder starts looking for a handler of `exception` raised by the instruction at
  /// `pc`: there, or past the frame's last instruction for an exception raised as the frame
  /// exits (so no handler of the frame catches it).
  @inline(__always) func throwSite(of exception: JSException, _ fp: Registers, _ pc: BytecodePC) -> BytecodePC {
    guard _slowPath(exception.isAtFrameExit) else { return pc }
    let code = Frame.codeData(fp)
    return UnsafePointer(code.pointee.instructions) + code.pointee.owner.takeUnretainedValue().instructionCount
  }

  /// Takes the exception a slow-path entry parked.
  func takeParkedException() -> JSException {
    let value = hot.pointee.parkedException
    hot.pointee.parkedException = .undefined
    return JSException(value)
  }

  // MARK: Decoding helpers for the slow paths

  /// Constant `index` of the code running in frame `fp`.
  @inline(__always) func constant(_ fp: Registers, _ index: Int) -> Value {
    Frame.codeData(fp).pointee.constants[index]
  }

  /// The inline-cache entries of site `site` of the code running in frame `fp`.
  @inline(__always) func cacheSite(_ fp: Registers, _ site: Int) -> UnsafeMutablePointer<PropertyCacheEntry> {
    Frame.codeData(fp).pointee.propertyCaches + site * propertyCacheWays
  }

  /// Whether the code running in frame `fp` is strict.
  @inline(__always) func isStrict(_ fp: Registers) -> Bool { Frame.codeData(fp).pointee.isStrict }

  /// The instruction offset of `pc` in the code running in frame `fp`.
  @inline(__always) func pcOffset(_ fp: Registers, _ pc: BytecodePC) -> Int {
    pc - UnsafePointer(Frame.codeData(fp).pointee.instructions)
  }

  /// Where a taken jump of the instruction at `pc` goes.
  @inline(__always) func jumpTarget(_ pc: BytecodePC, _ offset: Int) -> BytecodePC { pc + offset }
}

/// The slow-path entries in raw memory right after the runtime's hot state, so JIT code calls
/// entry `n` as `call [context + SlowPathTable.offset + 8 n]`: first one per opcode
/// (`slowPathEntries`), then the runtime's own entries for machine code.
enum SlowPathTable {
  /// The table's byte offset from the hot state.
  static let offset = (MemoryLayout<RuntimeHotState>.stride + 15) / 16 * 16
  /// The safe-point check of backward jumps (`(context, fp, pc) -> pc | nil`).
  static let safePointEntry = Opcode.allCases.count
  /// The `this` a Construct creates for its callee (`(context, fp, pc) -> object | nil`).
  static let createThisEntry = Opcode.allCases.count + 1
  static let count = Opcode.allCases.count + 2

  /// The hot state with its table, allocated and filled.
  static func allocateHotState(_ state: RuntimeHotState) -> UnsafeMutablePointer<RuntimeHotState> {
    let raw = UnsafeMutableRawPointer.allocate(byteCount: offset + count * 8, alignment: 16)
    let hot = raw.bindMemory(to: RuntimeHotState.self, capacity: 1)
    hot.initialize(to: state)
    let table = (raw + offset).bindMemory(to: UnsafeRawPointer?.self, capacity: count)
    for (index, entry) in slowPathEntries.enumerated() { table[index] = entry }
    table[safePointEntry] = unsafeBitCast(slowPathSafePoint as SlowPathFunction, to: UnsafeRawPointer.self)
    table[createThisEntry] = unsafeBitCast(slowPathCreateThis as FrameSlowPathFunction, to: UnsafeRawPointer.self)
    return hot
  }
}

/// The safe-point check of a backward jump in machine code: the next pc (the jump's own, only
/// non-nil matters), or nil when the script must stop (interrupt, time limit, heap limit).
func slowPathSafePoint(
  _ context: UnsafeMutableRawPointer, _ frame: UnsafeMutableRawPointer, _ instruction: UnsafeRawPointer
) -> UnsafeRawPointer? {
  let (runtime, fp, pc) = slowPathArguments(context, frame, instruction)
  return runtime._withUnsafeGuaranteedRef { runtime in
    do throws(JSException) {
      try runtime.checkSafePoint()
      return UnsafeRawPointer(pc)
    } catch {
      return runtime.park(error, fp: fp, at: pc)
    }
  }
}

/// The `this` of the Construct at `pc` whose callee (a bytecode constructor that is not derived)
/// is in its frame header: OrdinaryCreateFromConstructor through the site's cache. Returns the
/// object (its cell address is its Value) or nil when it threw.
func slowPathCreateThis(
  _ context: UnsafeMutableRawPointer, _ frame: UnsafeMutableRawPointer, _ instruction: UnsafeRawPointer
) -> UnsafeMutableRawPointer? {
  let (runtime, fp, pc) = slowPathArguments(context, frame, instruction)
  return runtime._withUnsafeGuaranteedRef { runtime in
    do throws(JSException) {
      let construct = Instruction.Construct(pc)
      let callee = fp[construct.base + Frame.calleeOffset].asObject
      let this = try runtime.constructedThis(
        callee, cache: runtime.cacheSite(fp, construct.cache), fp, runtime.pcOffset(fp, pc))
      return this.cell
    } catch {
      return runtime.park(error, fp: fp, at: pc)
    }
  }
}
