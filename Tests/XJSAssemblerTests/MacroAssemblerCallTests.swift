// C calls through MacroAssembler on both backends: setUpArguments as a parallel move (cycles,
// fan-out, immediates, addresses that read registers being overwritten), calls out to Swift
// and back with two result words, native frames that preserve every callee-saved register,
// and branches and label addresses more than 1 MB away.
import CXJSSupport
import Testing

@testable import XJSAssembler

/// What `recordArguments` saw (the suite is serialized, so one test at a time uses it).
nonisolated(unsafe) private var recordedArguments: [[UInt64]] = []

/// A Swift function machine code calls: it records its arguments and returns two words.
private let recordArguments: @convention(c) (UInt64, UInt64, UInt64, UInt64) -> xjs_jit_exit = { a, b, c, d in
  recordedArguments.append([a, b, c, d])
  return xjs_jit_exit(frame: a &+ b, word: c ^ d)
}

private let recorderAddress = UInt64(UInt(bitPattern: unsafeBitCast(recordArguments, to: UnsafeRawPointer.self)))

/// An argument source by role, so one spec means the same move on both backends.
private enum Source {
  /// The backend's i-th argument register.
  case argument(Int)
  /// A register that is an argument register on neither backend.
  case other(Int)
  case immediate(Int64)
  case address(base: Role, index: Role?, scale: Int, offset: Int32)

  enum Role {
    case argument(Int)
    case other(Int)
  }
}

private let otherRegisters: [MacroRegister] = [.t5, .t6, .t7, .saved0, .saved1, .saved2, .saved3]

private func register(_ role: Source.Role, _ arguments: [MacroRegister]) -> MacroRegister {
  switch role {
  case .argument(let index): arguments[index]
  case .other(let index): otherRegisters[index]
  }
}

/// What each role's register holds when the arguments are set up.
private func initialValue(_ role: Source.Role) -> UInt64 {
  switch role {
  case .argument(let index): 0x0A0A_0000_0000_0000 | UInt64(index) << 12
  case .other(let index): 0x0B0B_0000_0000_0000 | UInt64(index) << 12
  }
}

private func value(of source: Source) -> UInt64 {
  switch source {
  case .argument(let index): initialValue(.argument(index))
  case .other(let index): initialValue(.other(index))
  case .immediate(let value): UInt64(bitPattern: value)
  case .address(let base, let index, let scale, let offset):
    initialValue(base) &+ (index.map { initialValue($0) &* UInt64(scale) } ?? 0) &+ UInt64(bitPattern: Int64(offset))
  }
}

/// A program that fills every role's register, sets up `sources` and calls the recorder
/// (through memory or a register); it returns the recorder's two words.
private func callProgram(_ sources: [Source], throughMemory: Bool, cell: WordBuffer) -> MacroProgram {
  MacroProgram { masm in
    let arguments = type(of: masm).argumentRegisters
    for index in 0..<4 { masm.move(arguments[index], immediate: Int64(bitPattern: initialValue(.argument(index)))) }
    for index in otherRegisters.indices {
      masm.move(otherRegisters[index], immediate: Int64(bitPattern: initialValue(.other(index))))
    }
    masm.setUpArguments(
      sources.map { source in
        switch source {
        case .argument(let index): .register(arguments[index])
        case .other(let index): .register(otherRegisters[index])
        case .immediate(let value): .immediate(value)
        case .address(let base, let index, let scale, let offset):
          if let index {
            .address(
              MacroAddress(register(base, arguments), index: register(index, arguments), scale: scale, offset: offset))
          } else {
            .address(MacroAddress(register(base, arguments), offset))
          }
        }
      })
    if throughMemory {
      masm.move(.saved4, immediate: Int64(bitPattern: cell.address))
      masm.call(MacroAddress(.saved4, 8))
    } else {
      masm.move(.saved4, immediate: Int64(bitPattern: recorderAddress))
      masm.call(.saved4)
    }
    masm.move(.t6, type(of: masm).returnRegister)
    masm.move(.t7, type(of: masm).secondReturnRegister)
  }
}

/// Moves worth checking by hand: cycles, fan-out, and addresses that read moved registers.
private let chosenMoves: [[Source]] = [
  [],
  [.argument(0), .argument(1), .argument(2), .argument(3)],
  [.argument(1), .argument(0)],
  [.argument(1), .argument(2), .argument(0)],
  [.argument(1), .argument(2), .argument(3), .argument(0)],
  [.argument(3), .argument(0), .argument(1), .argument(2)],
  [.argument(1), .argument(0), .argument(3), .argument(2)],
  [.argument(0), .argument(0), .argument(0), .argument(0)],
  [.argument(3), .argument(3), .argument(0), .argument(1)],
  [.other(0), .other(3), .other(6), .argument(0)],
  [.immediate(-1), .argument(0), .immediate(0x1234_5678_9ABC_DEF0), .argument(1)],
  [.address(base: .argument(1), index: nil, scale: 1, offset: 8), .argument(0)],
  [.argument(1), .address(base: .argument(0), index: .argument(2), scale: 1, offset: 0), .argument(1)],
  [
    .address(base: .argument(1), index: .argument(0), scale: 8, offset: 0x12345),
    .address(base: .argument(0), index: nil, scale: 1, offset: -16),
    .argument(3), .argument(2),
  ],
  [
    .address(base: .argument(3), index: .argument(2), scale: 4, offset: 0x7FFF_FFF0),
    .address(base: .argument(2), index: .argument(3), scale: 2, offset: -0x10_0000),
    .address(base: .argument(1), index: .argument(0), scale: 8, offset: 0),
    .address(base: .argument(0), index: .argument(1), scale: 1, offset: 24),
  ],
  [.address(base: .other(3), index: .argument(0), scale: 8, offset: 16), .other(1), .argument(0), .immediate(7)],
]

/// A deterministic generator (SplitMix64), so a failing spec can be reproduced.
private struct SplitMix64 {
  var state: UInt64

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  mutating func below(_ limit: Int) -> Int { Int(next() % UInt64(limit)) }
}

private func randomMoves(count: Int) -> [[Source]] {
  var random = SplitMix64(state: 2024)
  func role() -> Source.Role {
    random.below(3) == 0 ? .other(random.below(otherRegisters.count)) : .argument(random.below(4))
  }
  func source() -> Source {
    switch random.below(10) {
    case 0..<5: return .argument(random.below(4))
    case 5, 6: return .other(random.below(otherRegisters.count))
    case 7: return .immediate(Int64(bitPattern: random.next()) >> Int64(random.below(64)))
    default:
      let offsets: [Int32] = [0, 8, -8, 4095, 0x12345, -0x12345, 0x10_0000]
      return .address(
        base: role(), index: random.below(2) == 0 ? nil : role(), scale: [1, 2, 4, 8][random.below(4)],
        offset: offsets[random.below(offsets.count)])
    }
  }
  return (0..<count).map { _ in (0..<(1 + random.below(4))).map { _ in source() } }
}

@Suite(.serialized, .enabled(if: executionIsAllowed, "this process may not make pages executable (MDWE/SELinux)"))
struct MacroAssemblerCallTests {
  @Test func argumentsArriveAsAParallelMoveAndTwoWordsComeBack() throws {
    try checkMoves(chosenMoves)
  }

  @Test func randomArgumentMovesArriveIntact() throws {
    try checkMoves(randomMoves(count: 300))
  }

  private func checkMoves(_ specs: [[Source]]) throws {
    let cell = WordBuffer(count: 2)
    cell[1] = recorderAddress
    let runner = MacroRunner()
    for (specIndex, sources) in specs.enumerated() {
      let program = callProgram(sources, throughMemory: specIndex % 2 == 0, cell: cell)
      for function in try runner.everyBackend(program) {
        recordedArguments = []
        let (first, second) = try function()
        guard recordedArguments.count == 1 else {
          Issue.record("\(function.backend): \(recordedArguments.count) calls for \(sources)")
          continue
        }
        let arguments = recordedArguments[0]
        #expect(first == arguments[0] &+ arguments[1] && second == arguments[2] ^ arguments[3], "\(function.backend)")
        let expected = sources.map(value(of:))
        #expect(Array(arguments.prefix(expected.count)) == expected, "\(function.backend): \(sources)")
      }
    }
  }

  @Test func nativeFramesPreserveEveryCalleeSavedRegister() throws {
    let runner = MacroRunner()
    // A function that breaks the convention: it overwrites x19…x29 and returns.
    var clobberer = ARM64Assembler()
    for number in 19...29 { clobberer.mov(.x(number), immediate: 0xDEAD_0000 + UInt64(number)) }
    clobberer.ret()
    let clobberBytes = try clobberer.finalize().bytes
    let clobber = try runner.installSimulated(clobberBytes)
    let program = MacroProgram { masm in
      for register in [MacroRegister.saved0, .saved1, .saved2, .saved3, .saved4] {
        masm.move(register, immediate: -7)
      }
      masm.move(.t5, immediate: Int64(bitPattern: clobber))
      masm.call(.t5)
      masm.move(.t6, immediate: 42)
      masm.move(.t7, immediate: 43)
    }
    // The simulator checks x19…x29, sp and d8…d15 at the return.
    let result = try runner.arm64(program)()
    #expect(result == (42, 43))
    // Without a frame the clobber shows, at the ret.
    do {
      _ = try runner.simulator.run(at: clobber)
      Issue.record("the clobber went unnoticed")
    } catch {
      let ret = clobber + UInt64(clobberBytes.count - 4)
      #expect(
        error == .registerNotPreserved(register: "x19", expected: 0x5AFE_0000_0000_0013, actual: 0xDEAD_0013, pc: ret))
    }
  }

  @Test func branchesAndLabelAddressesReachBeyondOneMegabyte() throws {
    let program = MacroProgram { masm in
      let done = masm.makeLabel()
      let backward = masm.makeLabel()
      let backwardThroughRegister = masm.makeLabel()
      let farEqual = masm.makeLabel()
      let farZero = masm.makeLabel()
      let farSigned = masm.makeLabel()
      let common = masm.makeLabel()
      let throughRegister = masm.makeLabel()
      masm.move(.t6, immediate: 0)
      masm.move(.t7, immediate: 0)
      masm.branch32(.equal, .saved2, .saved3, farEqual)
      masm.branchTest64(.zero, .saved2, .saved2, farZero)
      masm.branchTest64(.signed, .saved3, .saved3, farSigned)
      masm.move(.t6, immediate: 5)
      masm.jump(done)
      masm.bind(backward)
      masm.add64(.t7, immediate: 100)
      masm.jump(done)
      masm.bind(backwardThroughRegister)
      masm.add64(.t7, immediate: 10)
      masm.jump(done)
      let fillerStart = masm.offset
      while masm.offset < fillerStart + (1 << 20) + 0x1_0000 { masm.breakpoint() }
      masm.bind(farEqual)
      masm.move(.t6, immediate: 1)
      masm.jump(common)
      masm.bind(farZero)
      masm.move(.t6, immediate: 2)
      masm.jump(common)
      masm.bind(farSigned)
      masm.move(.t6, immediate: 3)
      masm.bind(common)
      masm.loadLabelAddress(.t5, backwardThroughRegister)
      masm.branch64(.notEqual, .t6, immediate: 1, throughRegister)
      masm.branch64(.equal, .t6, immediate: 1, backward)
      masm.breakpoint()
      masm.bind(throughRegister)
      masm.jump(.t5)
      masm.bind(done)
    }
    let inputs: [(UInt64, UInt64)] = [(7, 7), (0, 7), (5, ~0), (5, 7)]
    let expected: [(UInt64, UInt64)] = [(1, 100), (2, 10), (3, 10), (5, 0)]
    for (backend, results) in try MacroRunner().runEverywhere(program, inputs: inputs, resultWords: 0) {
      #expect(results.map(\.returned.0) == expected.map(\.0), "\(backend)")
      #expect(results.map(\.returned.1) == expected.map(\.1), "\(backend)")
    }
    // On arm64 five short forms were lengthened: b.eq, cbz, tbnz, adr and the backward b.eq.
    var masm: any MacroAssembler = ARM64MacroAssembler()
    program.body(&masm)
    let bytes = try masm.finalize().bytes
    #expect(bytes.count == masm.offset + 5 * 4)
  }
}
