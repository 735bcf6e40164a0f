// The simulator's own contract: what it refuses (with an error naming the instruction, the
// address, the register), how simulated code calls native code and back (eight arguments,
// two results, tail calls, poisoned caller-saved registers), and runs nested inside native
// calls that leave the outer run as it was.
import CXJSSupport
import Testing

@testable import XJSAssembler

/// Installs raw arm64 code in `runner` (whose simulator then simulates it).
private func install(_ runner: MacroRunner, _ build: (inout ARM64Assembler) -> Void) throws -> UInt64 {
  var assembler = ARM64Assembler()
  build(&assembler)
  return try runner.installSimulated(try assembler.finalize().bytes)
}

private func address(of function: UnsafeRawPointer) -> UInt64 { UInt64(UInt(bitPattern: function)) }

private typealias TwoArguments = @convention(c) (UInt64, UInt64) -> xjs_jit_exit
private typealias EightArguments =
  @convention(c) (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) -> xjs_jit_exit

private let doubleAndIncrement: TwoArguments = { a, b in xjs_jit_exit(frame: a &* 2, word: b &+ 1) }
private let weightedSum: EightArguments = { a, b, c, d, e, f, g, h in
  let sum = [a, b, c, d, e, f, g, h].enumerated().reduce(0 as UInt64) { $0 &+ UInt64($1.offset + 1) &* $1.element }
  return xjs_jit_exit(frame: sum, word: h)
}

/// Re-enters the simulator (passed as x0) to run the function at x1 with argument x2 and
/// returns its result, or 0xE0 and the error's kind when the inner run failed.
private let reenter: @convention(c) (UInt64, UInt64, UInt64) -> xjs_jit_exit = { simulator, function, argument in
  let instance = Unmanaged<ARM64Simulator>.fromOpaque(UnsafeRawPointer(bitPattern: UInt(simulator))!)
    .takeUnretainedValue()
  do {
    let (first, second) = try instance.run(at: function, arguments: [argument])
    return xjs_jit_exit(frame: first, word: second)
  } catch {
    if case ARM64SimulatorError.breakpoint = error { return xjs_jit_exit(frame: 0xE0, word: 1) }
    return xjs_jit_exit(frame: 0xE0, word: 2)
  }
}

/// `stp x29, x30, [sp, #-16]!` … `ldp x29, x30, [sp], #16; ret` around `body`.
private func withFrame(_ a: inout ARM64Assembler, _ body: (inout ARM64Assembler) -> Void) {
  a.stp(.fp, .lr, .preIndex(.sp, -16))
  body(&a)
  a.ldp(.fp, .lr, .postIndex(.sp, 16))
  a.ret()
}

@Suite(.enabled(if: executionIsAllowed, "this process may not make pages executable (MDWE/SELinux)"))
struct ARM64SimulatorTests {
  @Test(arguments: [
    (0x0000_0000 as UInt32, "udf #0"), (0x4EA2_8420, "add v0.4s, v1.4s, v2.4s"), (0xFA41_0000, "ccmp x0, x1, #0, eq"),
    (0x1AC2_4020, "crc32b w0, w1, w2"), (0xD400_0001, "svc #0"), (0x1E7E_0020, "fjcvtzs w0, d1"),
    (0xBD40_0020, "ldr s0, [x1]"),
  ])
  func unimplementedInstructionsStopTheRunNamingThem(word: UInt32, instruction: String) throws {
    let runner = MacroRunner()
    let start = try install(runner) { a in
      a.nop()
      a.emit(instruction: word)
      a.ret()
    }
    do {
      _ = try runner.simulator.run(at: start)
      Issue.record("\(instruction) ran")
    } catch {
      guard case .unimplementedInstruction(let address, let reported, _) = error else {
        Issue.record("\(instruction): \(error)")
        return
      }
      #expect(address == start + 4 && reported == word, "\(instruction)")
      #expect(error.description.contains("0x" + String(word, radix: 16)), "\(error)")
      #expect(error.description.contains("0x" + String(start + 4, radix: 16)), "\(error)")
    }
  }

  @Test func breakpointsStopTheRun() throws {
    let runner = MacroRunner()
    let start = try install(runner) { a in
      a.nop()
      a.brk(0x3C)
    }
    #expect(throws: ARM64SimulatorError.breakpoint(address: start + 4, immediate: 0x3C)) {
      try runner.simulator.run(at: start)
    }
  }

  @Test func runningOffTheCodeIsAnError() throws {
    let runner = MacroRunner()
    var assembler = ARM64Assembler()
    assembler.nop()
    let code = try runner.allocator.install(try assembler.finalize().bytes, reason: "one nop")
    let start = address(of: code.start)
    let simulator = ARM64Simulator()
    simulator.addCodeRange(start..<(start + 4))
    #expect(throws: ARM64SimulatorError.executionOutsideCode(address: start + 4)) { try simulator.run(at: start) }
  }

  @Test func badMemoryAndStackAccessesAreErrors() throws {
    let runner = MacroRunner(stackSizeForSimulator: 64 << 10)
    let nullLoad = try install(runner) { a in
      a.movz(.x1, 8)
      a.ldr(.x0, .base(.x1))
      a.ret()
    }
    #expect(throws: ARM64SimulatorError.invalidMemoryAccess(address: 8, pc: nullLoad + 4)) {
      try runner.simulator.run(at: nullLoad)
    }
    let misaligned = try install(runner) { a in
      a.sub(.sp, .sp, immediate: 8)
      a.str(.x0, .base(.sp))
      a.ret()
    }
    #expect(
      throws: ARM64SimulatorError.misalignedStackPointer(
        stackPointer: runner.simulator.stackTop - 8, pc: misaligned + 4)
    ) {
      try runner.simulator.run(at: misaligned)
    }
    // Endless recursion runs off the 64 KB stack.
    let recursion = try install(runner) { a in
      let top = a.makeLabel()
      a.bind(top)
      a.stp(.fp, .lr, .preIndex(.sp, -16))
      a.bl(top)
    }
    do {
      _ = try runner.simulator.run(at: recursion)
      Issue.record("the recursion returned")
    } catch {
      guard case .stackOverflow(let sp, let pc) = error else {
        Issue.record("\(error)")
        return
      }
      #expect(sp == runner.simulator.stackLimit && pc == recursion)
    }
  }

  @Test func theInstructionLimitStopsEndlessLoops() throws {
    let runner = MacroRunner()
    let loop = try install(runner) { a in
      let top = a.makeLabel()
      a.bind(top)
      a.add(.x0, .x0, immediate: 1)
      a.b(top)
    }
    runner.simulator.instructionLimit = runner.simulator.executedInstructionCount + 1001
    #expect(throws: ARM64SimulatorError.instructionLimitReached(count: runner.simulator.instructionLimit, pc: loop + 4))
    {
      try runner.simulator.run(at: loop)
    }
    #expect(runner.simulator.generalRegister(0) == 501)
  }

  @Test func everyCalleeSavedRegisterIsChecked() throws {
    let runner = MacroRunner()
    let cases: [(String, (inout ARM64Assembler) -> Void)] = [
      ("x19", { $0.movz(.x19, 1) }), ("x28", { $0.add(.x28, .x28, immediate: 1) }), ("x29", { $0.mov(.fp, .sp) }),
      ("sp", { $0.sub(.sp, .sp, immediate: 16) }), ("d8", { $0.fmov(.d8, .x0) }),
      ("d15", { $0.fmov(.d15, immediate: 1) }),
    ]
    for (register, clobber) in cases {
      let start = try install(runner) { a in
        clobber(&a)
        a.ret()
      }
      do {
        _ = try runner.simulator.run(at: start, arguments: [0x1234])
        Issue.record("\(register) went unnoticed")
      } catch {
        guard case .registerNotPreserved(let name, _, _, let pc) = error else {
          Issue.record("\(register): \(error)")
          continue
        }
        #expect(name == register && pc == start + 4, "\(error)")
      }
    }
    // Caller-saved ones may change freely.
    let fine = try install(runner) { a in
      for number in 0...18 { a.movz(.x(number), UInt16(number)) }
      a.fmov(.d0, immediate: 2)
      a.fmov(.d31, immediate: 3)
      a.ret()
    }
    #expect(try runner.simulator.run(at: fine) == (0, 1))
    #expect(runner.simulator.generalRegister(18) == 18)
    #expect(runner.simulator.doubleRegister(31) == (3.0).bitPattern)
  }

  @Test func nativeCallsTakeEightArgumentsAndReturnTwoWords() throws {
    let runner = MacroRunner()
    let eight = address(of: unsafeBitCast(weightedSum, to: UnsafeRawPointer.self))
    let start = try install(runner) { a in
      withFrame(&a) { a in
        for number in 0...7 { a.movz(.x(number), UInt16(10 + number)) }
        a.mov(.x16, immediate: eight)
        a.blr(.x16)
        a.add(.x0, .x0, immediate: 1)  // continues after the call
      }
    }
    let calls = runner.simulator.nativeCallCount
    let expected = (1...8).reduce(0 as UInt64) { $0 + UInt64($1) * UInt64(9 + $1) }
    #expect(try runner.simulator.run(at: start) == (expected + 1, 17))
    #expect(runner.simulator.nativeCallCount == calls + 1)
  }

  @Test func nativeCallsClobberWhatTheConventionLetsThemClobber() throws {
    let runner = MacroRunner()
    let native = address(of: unsafeBitCast(doubleAndIncrement, to: UnsafeRawPointer.self))
    let start = try install(runner) { a in
      withFrame(&a) { a in
        a.movz(.x5, 77)
        a.movz(.x19, 99)  // callee-saved: survives (and is put back by the caller's frame… here by hand)
        a.fmov(.d2, immediate: 1)
        a.mov(.x16, immediate: native)
        a.blr(.x16)
        a.mov(.x1, .x5)
        a.fmov(.x2, .d2)
        a.add(.x1, .x1, .x19)
        a.mov(.x19, immediate: ARM64Simulator.initialCalleeSavedValue(19))
        a.add(.x0, .x0, .x2, shift: .lsr, amount: 63)  // the poison NaN's sign bit is clear
      }
    }
    let (first, second) = try runner.simulator.run(at: start, arguments: [21, 5])
    #expect(first == 42)
    #expect(second == ARM64Simulator.poisonValue &+ 99)
    runner.simulator.poisonsCallerSavedRegisters = false
    #expect(try runner.simulator.run(at: start, arguments: [21, 5]).1 == 77 + 99)
  }

  @Test func aBranchToNativeCodeIsATailCall() throws {
    let runner = MacroRunner()
    let native = address(of: unsafeBitCast(doubleAndIncrement, to: UnsafeRawPointer.self))
    let start = try install(runner) { a in
      a.mov(.x16, immediate: native)
      a.br(.x16)  // x30 still holds the host's return address
    }
    #expect(try runner.simulator.run(at: start, arguments: [4, 9]) == (8, 10))
  }

  @Test func nativeCodeMayRunMoreSimulatedCode() throws {
    let runner = MacroRunner()
    let simulatorAddress = UInt64(UInt(bitPattern: Unmanaged.passUnretained(runner.simulator).toOpaque()))
    let reenterAddress = address(of: unsafeBitCast(reenter, to: UnsafeRawPointer.self))
    // inner(n) = (n + 1000, x19 as it found it), clobbering what it may.
    let inner = try install(runner) { a in
      a.stp(.x19, .x20, .preIndex(.sp, -16))
      a.mov(.x1, .x19)
      a.movz(.x19, 5)
      a.add(.x0, .x0, immediate: 1000)
      for number in 2...17 { a.movz(.x(number), 0xBAD) }
      a.ldp(.x19, .x20, .postIndex(.sp, 16))
      a.ret()
    }
    let failing = try install(runner) { a in a.brk(1) }
    // outer(function) calls reenter(simulator, function, 7) from a frame, then adds x19 and x21 to the result.
    let outer = try install(runner) { a in
      withFrame(&a) { a in
        a.stp(.x19, .x21, .preIndex(.sp, -16))
        a.movz(.x19, 40)
        a.movz(.x21, 2)
        a.mov(.x1, .x0)
        a.mov(.x0, immediate: simulatorAddress)
        a.movz(.x2, 7)
        a.mov(.x16, immediate: reenterAddress)
        a.blr(.x16)
        a.add(.x0, .x0, .x19)
        a.add(.x0, .x0, .x21)
        a.ldp(.x19, .x21, .postIndex(.sp, 16))
      }
    }
    #expect(try runner.simulator.run(at: outer, arguments: [inner]) == (1049, 40))
    // An inner run that fails leaves the outer run as it was.
    #expect(try runner.simulator.run(at: outer, arguments: [failing]) == (0xE0 + 42, 1))
  }

  @Test func atMostEightArguments() {
    let simulator = ARM64Simulator()
    #expect(throws: ARM64SimulatorError.tooManyArguments(count: 9)) {
      try simulator.run(at: 0x1000, arguments: Array(repeating: 0, count: 9))
    }
  }
}
