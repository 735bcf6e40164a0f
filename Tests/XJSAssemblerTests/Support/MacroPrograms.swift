// Test functions written once against MacroAssembler, assembled by either backend, installed
// in sealed W^X code memory, and run: arm64 code in ARM64Simulator, x86-64 code natively (on
// x86-64 hosts). Both must give the same results, which the tests compute in Swift.
import CXJSSupport
import Testing

@testable import XJSAssembler

/// A C-callable test function `(a0, a1, a2, a3) -> (r0, r1)`, written once over the
/// MacroAssembler protocol: the harness enters a native frame, copies the arguments to
/// saved0…saved3, emits the body, and returns t6 and t7.
struct MacroProgram {
  let body: (inout any MacroAssembler) -> Void

  init(_ body: @escaping (inout any MacroAssembler) -> Void) { self.body = body }

  /// The whole function, by backend `M`.
  func assemble<M: MacroAssembler>(_: M.Type) throws -> [UInt8] {
    var masm: any MacroAssembler = M()
    masm.enterNativeFrame()
    for (index, saved) in [MacroRegister.saved0, .saved1, .saved2, .saved3].enumerated() {
      masm.move(saved, M.argumentRegisters[index])
    }
    body(&masm)
    masm.move(M.returnRegister, .t6)
    masm.move(M.secondReturnRegister, .t7)
    masm.leaveNativeFrameAndReturn()
    return try masm.finalize().bytes
  }
}

typealias NativeTestFunction = @convention(c) (UInt64, UInt64, UInt64, UInt64) -> xjs_jit_exit

/// A test function installed for one backend.
struct InstalledProgram {
  let backend: String
  let call: ([UInt64]) throws -> (UInt64, UInt64)

  func callAsFunction(_ arguments: UInt64...) throws -> (UInt64, UInt64) { try call(arguments) }
}

/// Code memory and a simulator for one test (tests run in parallel; nothing is shared).
final class MacroRunner {
  let allocator: CodeAllocator
  let simulator: ARM64Simulator

  init(regionSize: Int = 4 << 20, stackSizeForSimulator: Int = 1 << 20) {
    allocator = CodeAllocator(log: WitnessLog(), regionSize: regionSize)
    simulator = ARM64Simulator(stackSize: stackSizeForSimulator)
    simulator.simulateCode(of: allocator)
  }

  deinit { allocator.releaseAll(reason: "test done") }

  /// Installs `bytes` (the simulator simulates all of the allocator's code).
  func installSimulated(_ bytes: [UInt8]) throws -> UInt64 {
    UInt64(UInt(bitPattern: try allocator.install(bytes, reason: "arm64 test code").start))
  }

  func arm64(_ program: MacroProgram) throws -> InstalledProgram {
    let address = try installSimulated(try program.assemble(ARM64MacroAssembler.self))
    return InstalledProgram(backend: "arm64 (simulated)") { arguments in
      try self.simulator.run(at: address, arguments: arguments + Array(repeating: 0, count: 4 - arguments.count))
    }
  }

  #if arch(x86_64)
    func x86_64(_ program: MacroProgram) throws -> InstalledProgram {
      let code = try allocator.install(try program.assemble(X86_64MacroAssembler.self), reason: "x86-64 test code")
      let function = unsafeBitCast(code.start, to: NativeTestFunction.self)
      return InstalledProgram(backend: "x86-64 (native)") { arguments in
        let padded = arguments + Array(repeating: 0, count: 4 - arguments.count)
        let result = function(padded[0], padded[1], padded[2], padded[3])
        return (result.frame, result.word)
      }
    }
  #endif

  /// The program on every backend this host runs: simulated arm64, and native x86-64 here.
  func everyBackend(_ program: MacroProgram) throws -> [InstalledProgram] {
    #if arch(x86_64)
      return [try arm64(program), try x86_64(program)]
    #else
      return [try arm64(program)]
    #endif
  }
}

/// One run of a program in a batch: the words it left in its result buffer and the two it returned.
struct BatchResult {
  let words: [UInt64]
  let returned: (UInt64, UInt64)
}

extension MacroRunner {
  /// Runs `program` once per (a2, a3) in `inputs` on every backend there is: simulated arm64,
  /// native x86-64 (on x86-64 hosts) and arm64 under qemu (when installed). a0 is a zeroed
  /// buffer of `resultWords` words, a1 scratch memory of `scratchWords` words.
  func runEverywhere(_ program: MacroProgram, inputs: [(UInt64, UInt64)], resultWords: Int, scratchWords: Int = 0)
    throws -> [(backend: String, results: [BatchResult])]
  {
    let results = WordBuffer(count: resultWords)
    let scratch = WordBuffer(count: scratchWords + 1)
    var runs: [(backend: String, results: [BatchResult])] = []
    for function in try everyBackend(program) {
      let batch = try inputs.map { first, second in
        results.clear()
        let returned = try function(results.address, scratch.address, first, second)
        return BatchResult(words: results.words, returned: returned)
      }
      runs.append((function.backend, batch))
    }
    if qemuPath != nil {
      runs.append(
        (
          "arm64 (qemu)",
          try runUnderQEMU(program, inputs: inputs, resultWords: resultWords, scratchWords: scratchWords)
        ))
    }
    return runs
  }
}

let executionIsAllowed = ExecutionPermission.probe() == .allowed

/// A zeroed buffer of 64-bit words that tests hand to programs as a pointer.
final class WordBuffer {
  let pointer: UnsafeMutablePointer<UInt64>
  let count: Int

  init(count: Int) {
    self.count = count
    pointer = .allocate(capacity: count)
    pointer.initialize(repeating: 0, count: count)
  }

  deinit { pointer.deallocate() }

  var address: UInt64 { UInt64(UInt(bitPattern: pointer)) }
  subscript(index: Int) -> UInt64 {
    get { pointer[index] }
    set { pointer[index] = newValue }
  }
  func clear() { pointer.update(repeating: 0, count: count) }
  var words: [UInt64] { Array(UnsafeBufferPointer(start: pointer, count: count)) }
}

/// Every integer condition, in a fixed order.
let allConditions: [MacroCondition] = [
  .equal, .notEqual, .below, .belowOrEqual, .above, .aboveOrEqual, .less, .lessOrEqual, .greater,
  .greaterOrEqual, .overflow, .noOverflow, .zero, .nonZero, .signed, .notSigned,
]

/// Whether `condition` holds after comparing `lhs` with `rhs` at `bits` bits (the flags of
/// `lhs - rhs`), as both backends define it.
func conditionHoldsAfterCompare(_ condition: MacroCondition, _ lhs: UInt64, _ rhs: UInt64, bits: Int) -> Bool {
  let mask: UInt64 = bits == 64 ? ~0 : (1 << UInt64(bits)) - 1
  let (a, b) = (lhs & mask, rhs & mask)
  let difference = (a &- b) & mask
  let signBit = UInt64(1) << UInt64(bits - 1)
  let less = signed(a, bits: bits) < signed(b, bits: bits)
  let overflow = ((a ^ b) & (a ^ difference) & signBit) != 0
  switch condition {
  case .equal, .zero: return a == b
  case .notEqual, .nonZero: return a != b
  case .below: return a < b
  case .belowOrEqual: return a <= b
  case .above: return a > b
  case .aboveOrEqual: return a >= b
  case .less: return less
  case .lessOrEqual: return less || a == b
  case .greater: return !less && a != b
  case .greaterOrEqual: return !less
  case .overflow: return overflow
  case .noOverflow: return !overflow
  case .signed: return difference & signBit != 0
  case .notSigned: return difference & signBit == 0
  }
}

/// Sets `dst` to 1 when `branch` (emitted with a label) is taken, else to 0.
func emitBranchOutcome(
  _ masm: inout any MacroAssembler, into dst: MacroRegister, _ branch: (inout any MacroAssembler, Label) -> Void
) {
  let taken = masm.makeLabel()
  let done = masm.makeLabel()
  masm.move(dst, immediate: 0)
  branch(&masm, taken)
  masm.jump(done)
  masm.bind(taken)
  masm.move(dst, immediate: 1)
  masm.bind(done)
}

/// The low `bits` bits of `value` as a signed number.
func signed(_ value: UInt64, bits: Int) -> Int64 {
  let shift = Int64(64 - bits)
  return Int64(bitPattern: value << UInt64(shift)) >> shift
}
