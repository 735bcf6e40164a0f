// Every MacroAssembler operation, through ARM64MacroAssembler in the arm64 simulator and (on
// x86-64 hosts) through X86_64MacroAssembler natively, against results computed in Swift:
// moves, loads and stores of every address shape, arithmetic, every condition of every
// compare and branch, overflow branches, doubles and jumps.
import Glibc
import Testing

@testable import XJSAssembler

/// Operands the integer tests combine pairwise.
private let interestingValues: [UInt64] = [
  0, 1, ~0, 0x7FFF_FFFF, 0x8000_0000, 0xFFFF_FFFF, 0x1_0000_0001, UInt64(Int64.max), 0x8000_0000_0000_0000,
  0x1234_5678_9ABC_DEF0, 0xDEAD_BEEF_0000_0025, 0x80, 0xFFFF_FFFF_FFFF_FF7F,
]

/// Immediates of every encodable and unencodable kind.
private let interestingImmediates: [Int32] = [0, 1, -1, 4095, 4096, -4096, 0x12345, .max, .min, 0x7F, -129]

/// Offsets of every addressing form: scaled, unscaled, negative, beyond 12 bits and 1 MB.
private let interestingOffsets: [Int32] = [
  0, 1, 7, 8, 4088, 4095, 4096, 32760, 32768, -1, -8, -256, -257, -4096, 0x12345, -0x12345, 0x10_0008, -0x10_0000,
]

/// `[base + offset]` and `[base + index * scale + offset]` for every interesting offset.
private func addressForms(base: MacroRegister, index: MacroRegister) -> [MacroAddress] {
  interestingOffsets.flatMap { offset in
    [MacroAddress(base, offset)] + [1, 2, 4, 8].map { MacroAddress(base, index: index, scale: $0, offset: offset) }
  }
}

/// Where a form points when base and index hold these values.
private func effectiveAddress(_ address: MacroAddress, base: UInt64, index: UInt64) -> UInt64 {
  let scaled = address.index == nil ? 0 : index &* UInt64(address.scale)
  return base &+ scaled &+ UInt64(bitPattern: Int64(address.offset))
}

/// 3 MB of patterned bytes, with `middle` 1.5 MB in, so every interesting address is inside.
private final class PatternMemory {
  let count = 3 << 20
  let bytes: UnsafeMutablePointer<UInt8>

  init() {
    bytes = .allocate(capacity: count)
    reset()
  }

  deinit { bytes.deallocate() }

  func reset() {
    for index in 0..<count { bytes[index] = UInt8(truncatingIfNeeded: index &* 7 &+ 3) }
  }

  var middle: UInt64 { UInt64(UInt(bitPattern: bytes)) + UInt64(count / 2) }

  func read(_ address: UInt64, size: Int) -> UInt64 {
    let offset = Int(address - UInt64(UInt(bitPattern: bytes)))
    return (0..<size).reduce(0) { $0 | UInt64(bytes[offset + $1]) << UInt64(8 * $1) }
  }

  func write(_ address: UInt64, size: Int, _ value: UInt64) {
    let offset = Int(address - UInt64(UInt(bitPattern: bytes)))
    for byte in 0..<size { bytes[offset + byte] = UInt8(truncatingIfNeeded: value >> UInt64(8 * byte)) }
  }
}

/// Stores t2 into result slot `slot` of the buffer in saved0.
private func storeResult(_ masm: inout any MacroAssembler, _ slot: Int, from register: MacroRegister = .t2) {
  masm.store64(register, MacroAddress(.saved0, Int32(slot * 8)))
}

@Suite(.enabled(if: executionIsAllowed, "this process may not make pages executable (MDWE/SELinux)"))
struct MacroAssemblerBackendTests {
  @Test func immediatesOfEveryWidthMoveIntoRegisters() throws {
    let values: [UInt64] = [
      0, 1, 0xFFFF, 0x1_0000, 0xFFFF_FFFF, 0x1_0000_0000, ~0, 0xFFFF_FFFF_FFFF_1234, 0x1234_5678_9ABC_DEF0,
      0x8000_0000_0000_0000, 0xFFFE_0000_0000_0000, 0x5555_5555_5555_5555, 0x0000_FFFF_0000_FFFF,
    ]
    let program = MacroProgram { masm in
      for (slot, value) in values.enumerated() {
        masm.move(.t2, immediate: Int64(bitPattern: value))
        masm.move(.t5, .t2)
        storeResult(&masm, 2 * slot, from: .t5)
        masm.store64(immediate: Int64(bitPattern: value), MacroAddress(.saved0, Int32(16 * slot + 8)))
      }
    }
    for (backend, results) in try MacroRunner().runEverywhere(program, inputs: [(0, 0)], resultWords: 2 * values.count)
    {
      #expect(results.first?.words == values.flatMap { [$0, $0] }, "\(backend)")
    }
  }

  @Test func loadsOfEveryWidthAndAddressShapeZeroExtend() throws {
    let memory = PatternMemory()
    let forms = addressForms(base: .saved1, index: .saved2)
    let sizes = [8, 4, 2, 1]
    let results = WordBuffer(count: forms.count * sizes.count)
    let program = MacroProgram { masm in
      for (formIndex, form) in forms.enumerated() {
        masm.move(.t2, immediate: -1)  // the loads must clear the upper bits
        masm.load64(.t2, form)
        storeResult(&masm, 4 * formIndex)
        masm.move(.t2, immediate: -1)
        masm.load32(.t2, form)
        storeResult(&masm, 4 * formIndex + 1)
        masm.move(.t2, immediate: -1)
        masm.load16(.t2, form)
        storeResult(&masm, 4 * formIndex + 2)
        masm.move(.t2, immediate: -1)
        masm.load8(.t2, form)
        storeResult(&masm, 4 * formIndex + 3)
      }
    }
    let runner = MacroRunner()
    for function in try runner.everyBackend(program) {
      for index in [0, 3, UInt64(bitPattern: -5), 1000] {
        results.clear()
        _ = try function(results.address, memory.middle, index)
        let expected = forms.flatMap { form in
          sizes.map { memory.read(effectiveAddress(form, base: memory.middle, index: index), size: $0) }
        }
        #expect(results.words == expected, "\(function.backend), index \(index)")
      }
    }
  }

  @Test func storesWriteExactlyTheirBytes() throws {
    let memory = PatternMemory()
    let forms = addressForms(base: .saved1, index: .saved2)
    let immediates: [Int64] = [0, -1, 0x7FFF_FFFF, 0x1_0000_0000, Int64.min, 0x1234_5678]
    // Each form gets one kind of store, in turn; later stores may overwrite earlier ones.
    let program = MacroProgram { masm in
      for (formIndex, form) in forms.enumerated() {
        switch formIndex % 4 {
        case 0: masm.store64(.saved3, form)
        case 1: masm.store32(.saved3, form)
        case 2: masm.store8(.saved3, form)
        default: masm.store64(immediate: immediates[formIndex % immediates.count], form)
        }
      }
    }
    let value: UInt64 = 0x1122_3344_5566_7788
    let runner = MacroRunner()
    for function in try runner.everyBackend(program) {
      for index in [0, 3, UInt64(bitPattern: -5)] {
        memory.reset()
        let reference = PatternMemory()
        for (formIndex, form) in forms.enumerated() {
          let address = effectiveAddress(form, base: reference.middle, index: index)
          switch formIndex % 4 {
          case 0: reference.write(address, size: 8, value)
          case 1: reference.write(address, size: 4, value)
          case 2: reference.write(address, size: 1, value)
          default: reference.write(address, size: 8, UInt64(bitPattern: immediates[formIndex % immediates.count]))
          }
        }
        _ = try function(0, memory.middle, index, value)
        if memcmp(memory.bytes, reference.bytes, memory.count) != 0 {
          let first = (0..<memory.count).first { memory.bytes[$0] != reference.bytes[$0] }!
          Issue.record("\(function.backend), index \(index): bytes differ from offset \(first - memory.count / 2)")
        }
      }
    }
  }

  @Test func loadAddressComputesEveryShape() throws {
    let forms = addressForms(base: .saved2, index: .saved3)
    let program = MacroProgram { masm in
      for (slot, form) in forms.enumerated() {
        masm.loadAddress(.t2, form)
        storeResult(&masm, slot)
      }
      // The destination may be the base or the index.
      masm.move(.t3, .saved2)
      masm.loadAddress(.t3, MacroAddress(.t3, index: .saved3, scale: 8, offset: 0x12345))
      storeResult(&masm, forms.count, from: .t3)
      masm.move(.t3, .saved3)
      masm.loadAddress(.t3, MacroAddress(.saved2, index: .t3, scale: 2, offset: -24))
      storeResult(&masm, forms.count + 1, from: .t3)
    }
    let base: UInt64 = 0x7F00_1234_5000
    let inputs = [0, 3, UInt64(bitPattern: -5), 0x1_0000_0000].map { (base, $0) }
    for (backend, results) in try MacroRunner().runEverywhere(program, inputs: inputs, resultWords: forms.count + 2) {
      for (result, (base, index)) in zip(results, inputs) {
        let expected =
          forms.map { effectiveAddress($0, base: base, index: index) }
          + [base &+ index &* 8 &+ 0x12345, base &+ index &* 2 &- 24]
        #expect(result.words == expected, "\(backend), index \(index)")
      }
    }
  }

  @Test func integerArithmeticOfBothWidths() throws {
    let operations = integerOperations()
    let program = MacroProgram { masm in
      for (slot, operation) in operations.enumerated() {
        operation.emit(&masm)
        storeResult(&masm, slot)
      }
    }
    let inputs = pairs(interestingValues)
    for (backend, results) in try MacroRunner().runEverywhere(program, inputs: inputs, resultWords: operations.count) {
      for (result, (a, b)) in zip(results, inputs) {
        for (slot, operation) in operations.enumerated() where result.words[slot] != operation.reference(a, b) {
          let message =
            "\(backend): \(operation.name) of \(hex(a)), \(hex(b)) gave \(hex(result.words[slot])), "
            + "expected \(hex(operation.reference(a, b)))"
          Issue.record(Comment(rawValue: message))
        }
      }
    }
  }

  @Test func comparesAndBranchesAgreeOnEveryCondition() throws {
    try checkConditions(
      comparisonKinds(), allConditions, scratchWords: 8192, values: Array(interestingValues.prefix(11)))
  }

  @Test func testBranchesOnZeroAndSign() throws {
    try checkConditions(
      testKinds(), [.zero, .nonZero, .signed, .notSigned], scratchWords: 4, values: interestingValues)
  }

  /// Runs every kind under every condition for every pair of `values`, against the references.
  private func checkConditions(
    _ kinds: [ComparisonKind], _ conditions: [MacroCondition], scratchWords: Int, values: [UInt64]
  ) throws {
    let program = MacroProgram { masm in
      for (kindIndex, kind) in kinds.enumerated() {
        for (conditionIndex, condition) in conditions.enumerated() {
          kind.emit(&masm, condition)
          storeResult(&masm, kindIndex * conditions.count + conditionIndex)
        }
      }
    }
    let inputs = pairs(values)
    let runs = try MacroRunner().runEverywhere(
      program, inputs: inputs, resultWords: kinds.count * conditions.count, scratchWords: scratchWords)
    for (backend, results) in runs {
      for (result, (a, b)) in zip(results, inputs) {
        for (kindIndex, kind) in kinds.enumerated() {
          for (conditionIndex, condition) in conditions.enumerated() {
            let expected: UInt64 = kind.reference(condition, a, b) ? 1 : 0
            let actual = result.words[kindIndex * conditions.count + conditionIndex]
            if actual != expected {
              Issue.record("\(backend): \(kind.name) \(condition) of \(hex(a)), \(hex(b)) gave \(actual)")
            }
          }
        }
      }
    }
  }

  @Test func overflowBranchesOfAddSubtractAndMultiply() throws {
    let checks = overflowChecks()
    let program = MacroProgram { masm in
      for (slot, check) in checks.enumerated() {
        masm.move(.t2, .saved2)
        emitBranchOutcome(&masm, into: .t3) { masm, label in check.emit(&masm, label) }
        storeResult(&masm, 2 * slot, from: .t3)
        storeResult(&masm, 2 * slot + 1)
      }
    }
    let inputs = pairs([
      0, 1, ~0, 2, 0x7FFF_FFFF, 0x8000_0000, 0x4000_0000, 0xC000_0000, 46341, 0xFFFF_4B5B, 0x10000, 0xFFFF,
      0xDEAD_BEEF_0000_0007,
    ])
    for (backend, results) in try MacroRunner().runEverywhere(program, inputs: inputs, resultWords: 2 * checks.count) {
      for (result, (a, b)) in zip(results, inputs) {
        for (slot, check) in checks.enumerated() {
          let (taken, value) = check.reference(a, b)
          if result.words[2 * slot] != (taken ? 1 : 0) || result.words[2 * slot + 1] != value {
            let message =
              "\(backend): \(check.name) of \(hex(a)), \(hex(b)) gave (\(result.words[2 * slot]), "
              + "\(hex(result.words[2 * slot + 1]))), expected (\(taken), \(hex(value)))"
            Issue.record(Comment(rawValue: message))
          }
        }
      }
    }
  }

  @Test func doubleArithmeticAndConversions() throws {
    let operations: [(String, (inout any MacroAssembler) -> Void, (Double, Double) -> Double)] = [
      ("add", { $0.addDouble(.fp0, .fp1) }, +),
      ("sub", { $0.subDouble(.fp0, .fp1) }, -),
      ("mul", { $0.mulDouble(.fp0, .fp1) }, *),
      ("div", { $0.divDouble(.fp0, .fp1) }, /),
    ]
    let program = MacroProgram { masm in
      for (slot, operation) in operations.enumerated() {
        masm.moveToDouble(.fp0, .saved2)
        masm.moveToDouble(.fp1, .saved3)
        operation.1(&masm)
        masm.moveFromDouble(.t2, .fp0)
        storeResult(&masm, slot)
      }
      // The other registers, and bits through unchanged.
      masm.moveToDouble(.fp3, .saved2)
      masm.moveToDouble(.fp2, .saved3)
      masm.subDouble(.fp2, .fp3)
      masm.moveFromDouble(.t2, .fp2)
      storeResult(&masm, operations.count)
      masm.moveToDouble(.fp3, .saved2)
      masm.moveFromDouble(.t2, .fp3)
      storeResult(&masm, operations.count + 1)
    }
    let doubles: [Double] = [0, -0.0, 1, -1.5, 3, 0.1, 1e308, -1e308, .infinity, -.infinity, .nan, 5e-324, 0x1p-1022]
    let inputs = pairs(doubles.map(\.bitPattern))
    let runs = try MacroRunner().runEverywhere(program, inputs: inputs, resultWords: operations.count + 2)
    for (backend, results) in runs {
      for (result, (aBits, bBits)) in zip(results, inputs) {
        let (a, b) = (Double(bitPattern: aBits), Double(bitPattern: bBits))
        let expected = operations.map { $0.2(a, b) } + [b - a, a]
        for (slot, value) in expected.enumerated() {
          let actual = Double(bitPattern: result.words[slot])
          let same = value.isNaN ? actual.isNaN : result.words[slot] == value.bitPattern
          #expect(same, "\(backend): slot \(slot) of \(a), \(b) gave \(actual), expected \(value)")
        }
      }
    }
  }

  @Test func int32ToDoubleAndBack() throws {
    let program = MacroProgram { masm in
      masm.convertInt32ToDouble(.fp1, .saved2)
      masm.moveFromDouble(.t2, .fp1)
      storeResult(&masm, 0)
      masm.moveToDouble(.fp2, .saved3)
      masm.move(.t2, immediate: 0x5555)
      emitBranchOutcome(&masm, into: .t3) { masm, label in masm.branchConvertDoubleToInt32(.t2, .fp2, failure: label) }
      storeResult(&masm, 1, from: .t3)
      storeResult(&masm, 2)
    }
    let integers: [UInt64] = [0, 1, ~0, 0x7FFF_FFFF, 0x8000_0000, 0xDEAD_BEEF_0000_0003, 0x1_FFFF_FFFE]
    let doubles: [Double] = [
      3.0, 3.5, -0.0, 0.0, .nan, 0x1p31, -0x1p31, -0x1p31 - 1, 0x1p31 - 1, -3, 1e300, -.infinity, .infinity, 0.5,
      -0.5, 5e-324, -7.25, 1e9,
    ]
    let inputs = Array(zip(integers + integers + integers, doubles.map(\.bitPattern)))
    for (backend, results) in try MacroRunner().runEverywhere(program, inputs: inputs, resultWords: 3) {
      for (result, (integer, bits)) in zip(results, inputs) {
        let double = Double(bitPattern: bits)
        #expect(result.words[0] == Double(Int32(truncatingIfNeeded: integer)).bitPattern, "\(backend) \(integer)")
        if let exact = Int32(exactly: double), double != 0 || double.sign == .plus {
          #expect(result.words[1] == 0, "\(backend): \(double) should convert")
          #expect(result.words[2] == UInt64(UInt32(bitPattern: exact)), "\(backend): \(double)")
        } else {
          #expect(result.words[1] == 1, "\(backend): \(double) should fail to convert")
        }
      }
    }
  }

  @Test func truncatingDoublesToInt32Bits() throws {
    let program = MacroProgram { masm in
      masm.moveToDouble(.fp2, .saved3)
      masm.move(.t2, immediate: 0x5555)
      emitBranchOutcome(&masm, into: .t3) { masm, label in
        masm.branchTruncateDoubleToInt32Bits(.t2, .fp2, failure: label)
      }
      storeResult(&masm, 0, from: .t3)
      storeResult(&masm, 1)
    }
    let doubles: [Double] = [
      3.0, 3.7, -3.7, -0.0, 0.0, .nan, 0x1p31, 0x1p32 + 5, -0x1p31 - 1, 4294967295.5, 0x1p62 + 0x1p40, 0x1p63,
      -0x1p63, 1e300, -.infinity, .infinity, 5e-324, -1e18,
    ]
    let inputs = doubles.map { (UInt64(0), $0.bitPattern) }
    for (backend, results) in try MacroRunner().runEverywhere(program, inputs: inputs, resultWords: 2) {
      for (result, (_, bits)) in zip(results, inputs) {
        let double = Double(bitPattern: bits)
        if double.isFinite && abs(double) < 0x1p63 && double != -0x1p63 {
          #expect(result.words[0] == 0, "\(backend): \(double) should truncate")
          let expected = UInt32(truncatingIfNeeded: Int64(double.rounded(.towardZero)))
          #expect(result.words[1] == UInt64(expected), "\(backend): \(double)")
        } else if !double.isFinite || abs(double) > 0x1p63 {
          #expect(result.words[0] == 1, "\(backend): \(double) should fail")
        }
      }
    }
  }

  @Test func remaindersOfNonNegativeByPositive() throws {
    let program = MacroProgram { masm in
      masm.remainder32(.t2, .saved2, .saved3)
      storeResult(&masm, 0)
      // Into one of the operands, and with the operands in the x86 division registers.
      masm.move(.t0, .saved2)
      masm.move(.t2, .saved3)
      masm.remainder32(.t2, .t0, .t2)
      storeResult(&masm, 1)
      masm.move(.t2, .saved2)
      masm.move(.t0, .saved3)
      masm.remainder32(.t0, .t2, .t0)
      masm.move(.t2, .t0)
      storeResult(&masm, 2)
    }
    let pairs: [(UInt64, UInt64)] = [
      (7, 3), (0, 5), (2_147_483_647, 2), (100, 2_147_483_647), (9, 9), (5, 1), (123_456_789, 1000),
    ]
    for (backend, results) in try MacroRunner().runEverywhere(program, inputs: pairs, resultWords: 3) {
      for (result, (a, b)) in zip(results, pairs) {
        for word in 0..<3 { #expect(result.words[word] == a % b, "\(backend): \(a) % \(b) (\(word))") }
      }
    }
  }

  @Test func doubleBranchesOnEveryConditionWithNaN() throws {
    let conditions: [MacroDoubleCondition] = [
      .equal, .notEqualOrUnordered, .lessThan, .lessThanOrEqual, .greaterThan, .greaterThanOrEqual,
      .lessThanOrUnordered, .lessThanOrEqualOrUnordered, .greaterThanOrUnordered, .greaterThanOrEqualOrUnordered,
      .unordered, .ordered,
    ]
    let program = MacroProgram { masm in
      masm.moveToDouble(.fp1, .saved2)
      masm.moveToDouble(.fp3, .saved3)
      for (slot, condition) in conditions.enumerated() {
        emitBranchOutcome(&masm, into: .t2) { masm, label in masm.branchDouble(condition, .fp1, .fp3, label) }
        storeResult(&masm, slot)
      }
    }
    let doubles: [Double] = [0, -0.0, 1, -1, .infinity, -.infinity, .nan, -.nan, 5e-324]
    let inputs = pairs(doubles.map(\.bitPattern))
    for (backend, results) in try MacroRunner().runEverywhere(program, inputs: inputs, resultWords: conditions.count) {
      for (result, (aBits, bBits)) in zip(results, inputs) {
        let (a, b) = (Double(bitPattern: aBits), Double(bitPattern: bBits))
        for (slot, condition) in conditions.enumerated() {
          let expected = doubleConditionHolds(condition, a, b)
          #expect(result.words[slot] == (expected ? 1 : 0), "\(backend): \(condition) of \(a), \(b)")
          #expect(doubleConditionHolds(condition.negated, a, b) == !expected)
        }
      }
    }
  }

  @Test func jumpsThroughLabelsRegistersAndMemory() throws {
    let program = MacroProgram { masm in
      let viaRegister = masm.makeLabel()
      let viaMemory = masm.makeLabel()
      let backward = masm.makeLabel()
      let forward = masm.makeLabel()
      let done = masm.makeLabel()
      masm.move(.t6, immediate: 0)
      masm.jump(forward)
      masm.bind(backward)
      masm.add64(.t6, immediate: 1000)
      masm.jump(done)
      masm.breakpoint()
      masm.bind(forward)
      masm.add64(.t6, immediate: 1)
      masm.loadLabelAddress(.t3, viaRegister)
      masm.jump(.t3)
      masm.breakpoint()
      masm.bind(viaRegister)
      masm.add64(.t6, immediate: 10)
      masm.loadLabelAddress(.t4, viaMemory)
      masm.store64(.t4, MacroAddress(.saved1, 16))
      masm.move(.t5, immediate: 1)
      masm.jump(MacroAddress(.saved1, index: .t5, scale: 8, offset: 8))
      masm.breakpoint()
      masm.bind(viaMemory)
      masm.add64(.t6, immediate: 100)
      masm.jump(backward)
      masm.bind(done)
      masm.move(.t7, .t6)
    }
    for (backend, results) in try MacroRunner().runEverywhere(
      program, inputs: [(0, 0)], resultWords: 0, scratchWords: 4)
    {
      #expect(results.first.map { $0.returned == (1111, 1111) } == true, "\(backend)")
    }
  }
}

func hex(_ value: UInt64) -> String { "0x" + String(value, radix: 16) }

/// Every ordered pair of `values`.
private func pairs(_ values: [UInt64]) -> [(UInt64, UInt64)] { values.flatMap { a in values.map { (a, $0) } } }

// MARK: The operations

/// An integer operation of a in saved2 and b in saved3, leaving its result in t2.
private struct IntegerOperation {
  let name: String
  let emit: (inout any MacroAssembler) -> Void
  let reference: (UInt64, UInt64) -> UInt64
}

/// One-operand-register form: t2 = a, t3 = b, then `operation`.
private func binary(
  _ name: String, emit operation: @escaping (inout any MacroAssembler) -> Void,
  reference: @escaping (UInt64, UInt64) -> UInt64
) -> IntegerOperation {
  IntegerOperation(
    name: name,
    emit: { masm in
      masm.move(.t2, .saved2)
      masm.move(.t3, .saved3)
      operation(&masm)
    }, reference: reference)
}

private func low32(_ value: UInt64) -> UInt32 { UInt32(truncatingIfNeeded: value) }
private func zeroExtended(_ value: UInt32) -> UInt64 { UInt64(value) }

private func integerOperations() -> [IntegerOperation] {
  var operations: [IntegerOperation] = [
    binary("add64", emit: { $0.add64(.t2, .t3) }, reference: { $0 &+ $1 }),
    binary("sub64", emit: { $0.sub64(.t2, .t3) }, reference: { $0 &- $1 }),
    binary("and64", emit: { $0.and64(.t2, .t3) }, reference: { $0 & $1 }),
    binary("or64", emit: { $0.or64(.t2, .t3) }, reference: { $0 | $1 }),
    binary("xor64", emit: { $0.xor64(.t2, .t3) }, reference: { $0 ^ $1 }),
    binary("not64", emit: { $0.not64(.t2) }, reference: { a, _ in ~a }),
    binary("add32", emit: { $0.add32(.t2, .t3) }, reference: { zeroExtended(low32($0) &+ low32($1)) }),
    binary("sub32", emit: { $0.sub32(.t2, .t3) }, reference: { zeroExtended(low32($0) &- low32($1)) }),
    binary("and32", emit: { $0.and32(.t2, .t3) }, reference: { zeroExtended(low32($0) & low32($1)) }),
    binary("or32", emit: { $0.or32(.t2, .t3) }, reference: { zeroExtended(low32($0) | low32($1)) }),
    binary("xor32", emit: { $0.xor32(.t2, .t3) }, reference: { zeroExtended(low32($0) ^ low32($1)) }),
    binary("not32", emit: { $0.not32(.t2) }, reference: { a, _ in zeroExtended(~low32(a)) }),
    binary(
      "signExtend32To64", emit: { $0.signExtend32To64(.t2, .t3) },
      reference: { _, b in UInt64(bitPattern: Int64(Int32(bitPattern: low32(b)))) }),
    binary(
      "signExtend32To64 in place", emit: { $0.signExtend32To64(.t2, .t2) },
      reference: { a, _ in UInt64(bitPattern: Int64(Int32(bitPattern: low32(a)))) }),
    binary("zeroExtend32To64", emit: { $0.zeroExtend32To64(.t2, .t3) }, reference: { _, b in zeroExtended(low32(b)) }),
    binary(
      "zeroExtend32To64 in place", emit: { $0.zeroExtend32To64(.t2, .t2) },
      reference: { a, _ in zeroExtended(low32(a)) }),
  ]
  for immediate in interestingImmediates {
    let wide = UInt64(bitPattern: Int64(immediate))
    operations += [
      binary("add64 #\(immediate)", emit: { $0.add64(.t2, immediate: immediate) }, reference: { a, _ in a &+ wide }),
      binary("sub64 #\(immediate)", emit: { $0.sub64(.t2, immediate: immediate) }, reference: { a, _ in a &- wide }),
      binary("and64 #\(immediate)", emit: { $0.and64(.t2, immediate: immediate) }, reference: { a, _ in a & wide }),
      binary("or64 #\(immediate)", emit: { $0.or64(.t2, immediate: immediate) }, reference: { a, _ in a | wide }),
      binary(
        "add32 #\(immediate)", emit: { $0.add32(.t2, immediate: immediate) },
        reference: { a, _ in zeroExtended(low32(a) &+ low32(wide)) }),
    ]
  }
  for amount: UInt8 in [0, 1, 5, 31, 32, 33, 63] {
    operations += [
      binary(
        "shiftLeft64 #\(amount)", emit: { $0.shiftLeft64(.t2, immediate: amount) },
        reference: { a, _ in a << UInt64(amount & 63) }),
      binary(
        "shiftRightLogical64 #\(amount)", emit: { $0.shiftRightLogical64(.t2, immediate: amount) },
        reference: { a, _ in a >> UInt64(amount & 63) }),
    ]
    for shift in [MacroShift.left, .arithmeticRight, .logicalRight] {
      operations.append(
        binary(
          "shift32 \(shift) #\(amount)", emit: { $0.shift32(shift, .t2, immediate: amount) },
          reference: { a, _ in shifted32(shift, a, by: UInt64(amount)) }))
    }
  }
  // By a register, including the registers x86-64 shifts through (rcx is t1).
  for shift in [MacroShift.left, .arithmeticRight, .logicalRight] {
    for (dst, amount) in [(MacroRegister.t2, MacroRegister.t3), (.t1, .t3), (.t2, .t1), (.t1, .t1), (.t4, .t2)] {
      operations.append(
        IntegerOperation(
          name: "shift32 \(shift) \(dst) by \(amount)",
          emit: { masm in
            masm.move(amount, .saved3)
            masm.move(dst, .saved2)
            if dst == amount { masm.move(dst, .saved3) }
            masm.shift32(shift, dst, by: amount)
            masm.move(.t2, dst)
          },
          reference: { a, b in dst == amount ? shifted32(shift, b, by: b) : shifted32(shift, a, by: b) }))
    }
  }
  return operations
}

private func shifted32(_ shift: MacroShift, _ value: UInt64, by amount: UInt64) -> UInt64 {
  let count = UInt32(amount & 31)
  switch shift {
  case .left: return zeroExtended(low32(value) << count)
  case .arithmeticRight: return zeroExtended(UInt32(bitPattern: Int32(bitPattern: low32(value)) >> Int32(count)))
  case .logicalRight: return zeroExtended(low32(value) >> count)
  }
}

/// A compare (or branch) of a in saved2 with b in saved3 or an immediate; it leaves 1 in t2
/// when `condition` holds. saved1 is scratch memory.
private struct ComparisonKind {
  let name: String
  let emit: (inout any MacroAssembler, MacroCondition) -> Void
  let reference: (MacroCondition, UInt64, UInt64) -> Bool
}

private func comparisonKinds() -> [ComparisonKind] {
  func branch(
    _ name: String, bits: Int, _ emit: @escaping (inout any MacroAssembler, MacroCondition, Label) -> Void
  ) -> ComparisonKind {
    ComparisonKind(
      name: name,
      emit: { masm, condition in
        masm.move(.t3, .saved3)
        emitBranchOutcome(&masm, into: .t2) { masm, label in emit(&masm, condition, label) }
      },
      reference: { conditionHoldsAfterCompare($0, $1, $2, bits: bits) })
  }
  var kinds: [ComparisonKind] = [
    ComparisonKind(
      name: "compare64",
      emit: { masm, condition in
        masm.move(.t3, .saved3)
        masm.compare64(condition, .saved2, .t3, .t2)
      }, reference: { conditionHoldsAfterCompare($0, $1, $2, bits: 64) }),
    ComparisonKind(
      name: "compare32",
      emit: { masm, condition in
        masm.move(.t2, immediate: -1)  // the result is 0 or 1, upper bits clear
        masm.compare32(condition, .saved2, .saved3, .t2)
      }, reference: { conditionHoldsAfterCompare($0, $1, $2, bits: 32) }),
    branch("branch64", bits: 64) { masm, condition, label in masm.branch64(condition, .saved2, .t3, label) },
    branch("branch32", bits: 32) { masm, condition, label in masm.branch32(condition, .saved2, .t3, label) },
    branch("branch64 [mem]", bits: 64) { masm, condition, label in
      masm.store64(.saved2, MacroAddress(.saved1, 8))
      masm.branch64(condition, MacroAddress(.saved1, 8), .t3, label)
    },
    branch("branch64 [far mem]", bits: 64) { masm, condition, label in
      masm.store64(.saved2, MacroAddress(.saved1, 40000))
      masm.branch64(condition, MacroAddress(.saved1, 40000), .t3, label)
    },
  ]
  for immediate in interestingImmediates {
    let wide = UInt64(bitPattern: Int64(immediate))
    kinds += [
      ComparisonKind(
        name: "branch64 #\(immediate)",
        emit: { masm, condition in
          emitBranchOutcome(&masm, into: .t2) { masm, label in
            masm.branch64(condition, .saved2, immediate: immediate, label)
          }
        }, reference: { condition, a, _ in conditionHoldsAfterCompare(condition, a, wide, bits: 64) }),
      ComparisonKind(
        name: "branch32 #\(immediate)",
        emit: { masm, condition in
          emitBranchOutcome(&masm, into: .t2) { masm, label in
            masm.branch32(condition, .saved2, immediate: immediate, label)
          }
        }, reference: { condition, a, _ in conditionHoldsAfterCompare(condition, a, wide, bits: 32) }),
      ComparisonKind(
        name: "branch32 [mem] #\(immediate)",
        emit: { masm, condition in
          masm.store32(.saved2, MacroAddress(.saved1, 4))
          emitBranchOutcome(&masm, into: .t2) { masm, label in
            masm.branch32(condition, MacroAddress(.saved1, 4), immediate: immediate, label)
          }
        }, reference: { condition, a, _ in conditionHoldsAfterCompare(condition, a, wide, bits: 32) }),
    ]
  }
  for immediate: UInt8 in [0, 1, 0x7F, 0x80, 0xFF, 0x42] {
    kinds.append(
      ComparisonKind(
        name: "branch8 #\(immediate)",
        emit: { masm, condition in
          masm.store8(.saved2, MacroAddress(.saved1, 3))
          emitBranchOutcome(&masm, into: .t2) { masm, label in
            masm.branch8(condition, MacroAddress(.saved1, 3), immediate: immediate, label)
          }
        }, reference: { condition, a, _ in conditionHoldsAfterCompare(condition, a, UInt64(immediate), bits: 8) }))
  }
  return kinds
}

/// A test of a in saved2 against a mask; 1 in t2 when the condition holds.
private func testKinds() -> [ComparisonKind] {
  func holds(_ condition: MacroCondition, _ value: UInt64, bits: Int) -> Bool {
    let signBit = UInt64(1) << UInt64(bits - 1)
    let masked = bits == 64 ? value : value & 0xFFFF_FFFF
    switch condition {
    case .zero: return masked == 0
    case .nonZero: return masked != 0
    case .signed: return masked & signBit != 0
    default: return masked & signBit == 0
    }
  }
  func test(
    _ name: String, reference: @escaping (MacroCondition, UInt64, UInt64) -> Bool,
    emit: @escaping (inout any MacroAssembler, MacroCondition, Label) -> Void
  ) -> ComparisonKind {
    ComparisonKind(
      name: name,
      emit: { masm, condition in
        masm.move(.t3, .saved3)
        emitBranchOutcome(&masm, into: .t2) { masm, label in emit(&masm, condition, label) }
      }, reference: reference)
  }
  var kinds: [ComparisonKind] = [
    test(
      "branchTest64", reference: { holds($0, $1 & $2, bits: 64) },
      emit: { masm, condition, label in
        masm.branchTest64(condition, .saved2, .t3, label)
      }),
    test(
      "branchTest64 itself", reference: { condition, a, _ in holds(condition, a, bits: 64) },
      emit: { masm, condition, label in
        masm.branchTest64(condition, .saved2, .saved2, label)
      }),
  ]
  for immediate: Int32 in [1, -1, 0x80, 0x7FFF_FFFF, .min, 0x12345, 0xFF00, -256] {
    let wide = UInt64(bitPattern: Int64(immediate))
    kinds += [
      test(
        "branchTest64 #\(immediate)", reference: { condition, a, _ in holds(condition, a & wide, bits: 64) },
        emit: { masm, condition, label in
          masm.branchTest64(condition, .saved2, immediate: immediate, label)
        }),
      test(
        "branchTest32 #\(immediate)", reference: { condition, a, _ in holds(condition, a & wide, bits: 32) },
        emit: { masm, condition, label in
          masm.branchTest32(condition, .saved2, immediate: immediate, label)
        }),
      test(
        "branchTest32 [mem] #\(immediate)", reference: { condition, a, _ in holds(condition, a & wide, bits: 32) },
        emit: { masm, condition, label in
          masm.store64(.saved2, MacroAddress(.saved1, 0))
          masm.branchTest32(condition, MacroAddress(.saved1, 0), immediate: immediate, label)
        }),
    ]
  }
  return kinds
}

/// An overflow branch of t2 (holding a) and b in saved3: whether it is taken and t2 after.
private struct OverflowCheck {
  let name: String
  let emit: (inout any MacroAssembler, Label) -> Void
  let reference: (UInt64, UInt64) -> (Bool, UInt64)
}

private func overflowChecks() -> [OverflowCheck] {
  let addConditions: [MacroCondition] = [.overflow, .noOverflow, .zero, .nonZero, .signed, .notSigned]
  func addOutcome(_ condition: MacroCondition, _ a: UInt64, _ b: UInt64) -> (Bool, UInt64) {
    let (sum, overflow) = Int32(bitPattern: low32(a)).addingReportingOverflow(Int32(bitPattern: low32(b)))
    let taken: Bool
    switch condition {
    case .overflow: taken = overflow
    case .noOverflow: taken = !overflow
    case .zero: taken = sum == 0
    case .nonZero: taken = sum != 0
    case .signed: taken = sum < 0
    default: taken = sum >= 0
    }
    return (taken, zeroExtended(UInt32(bitPattern: sum)))
  }
  func subOutcome(_ condition: MacroCondition, _ a: UInt64, _ b: UInt64) -> (Bool, UInt64) {
    (conditionHoldsAfterCompare(condition, a, b, bits: 32), zeroExtended(low32(a) &- low32(b)))
  }
  var checks: [OverflowCheck] = []
  for condition in addConditions {
    checks.append(
      OverflowCheck(
        name: "branchAdd32 \(condition)",
        emit: { masm, label in masm.branchAdd32(condition, .t2, .saved3, label) },
        reference: { addOutcome(condition, $0, $1) }))
    for immediate in interestingImmediates {
      let wide = UInt64(bitPattern: Int64(immediate))
      checks.append(
        OverflowCheck(
          name: "branchAdd32 \(condition) #\(immediate)",
          emit: { masm, label in masm.branchAdd32(condition, .t2, immediate: immediate, label) },
          reference: { a, _ in addOutcome(condition, a, wide) }))
    }
  }
  for condition in allConditions {
    checks.append(
      OverflowCheck(
        name: "branchSub32 \(condition)",
        emit: { masm, label in masm.branchSub32(condition, .t2, .saved3, label) },
        reference: { subOutcome(condition, $0, $1) }))
    for immediate in interestingImmediates {
      let wide = UInt64(bitPattern: Int64(immediate))
      checks.append(
        OverflowCheck(
          name: "branchSub32 \(condition) #\(immediate)",
          emit: { masm, label in masm.branchSub32(condition, .t2, immediate: immediate, label) },
          reference: { a, _ in subOutcome(condition, a, wide) }))
    }
  }
  for condition in [MacroCondition.overflow, .noOverflow] {
    checks.append(
      OverflowCheck(
        name: "branchMul32 \(condition)",
        emit: { masm, label in masm.branchMul32(condition, .t2, .saved3, label) },
        reference: { a, b in
          let product = Int64(Int32(bitPattern: low32(a))) * Int64(Int32(bitPattern: low32(b)))
          let overflow = Int32(exactly: product) == nil
          return (overflow == (condition == .overflow), zeroExtended(UInt32(truncatingIfNeeded: product)))
        }))
  }
  return checks
}

private func doubleConditionHolds(_ condition: MacroDoubleCondition, _ a: Double, _ b: Double) -> Bool {
  switch condition {
  case .equal: a == b
  case .notEqualOrUnordered: !(a == b)
  case .lessThan: a < b
  case .lessThanOrEqual: a <= b
  case .greaterThan: a > b
  case .greaterThanOrEqual: a >= b
  case .lessThanOrUnordered: !(a >= b)
  case .lessThanOrEqualOrUnordered: !(a > b)
  case .greaterThanOrUnordered: !(a <= b)
  case .greaterThanOrEqualOrUnordered: !(a < b)
  case .unordered: a.isNaN || b.isNaN
  case .ordered: !a.isNaN && !b.isNaN
  }
}
