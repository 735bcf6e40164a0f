// The arm64 backend of MacroAssembler (AAPCS64, the Procedure Call Standard for the Arm 64-bit
// Architecture).
//
//   saved0…saved4  x19, x20, x21, x22, x23       (x29 frame pointer, x30 link register)
//   t0…t7          x0…x7
//   fp0…fp3        d0…d3
//   scratch        x16 (values), x17 (addresses), d31; setUpArguments also parks addresses in
//                  x9…x12. None of them is ever a MacroRegister.
//   arguments      x0…x3 (t0…t3); results x0 (t0), x1 (t1)
//
// Flags follow the x86-64 backend wherever both ISAs can agree: compares (branch…, compare…)
// and branchSub32 give every MacroCondition the same meaning on both; after branchAdd32 the
// conditions that do not read the carry (overflow, zero, sign, equality) do; after a test the
// zero and sign conditions do. (arm64's carry after an addition is the inverse of x86's borrow
// convention the unsigned conditions are written for.)

/// MacroAssembler for arm64, over ARM64Assembler.
public struct ARM64MacroAssembler: MacroAssembler {
  public private(set) var assembler = ARM64Assembler()

  public init() {}

  public var offset: Int { assembler.offset }
  public mutating func makeLabel() -> Label { assembler.makeLabel() }
  public mutating func bind(_ label: Label) { assembler.bind(label) }
  /// Lengthens out-of-range branches and `adr`s (so keep labels, not offsets) and resolves labels.
  public func finalize() throws(AssemblerError) -> AssembledCode { try assembler.finalize() }

  public static let argumentRegisters: [MacroRegister] = [.t0, .t1, .t2, .t3]
  public static let returnRegister = MacroRegister.t0
  public static let secondReturnRegister = MacroRegister.t1

  /// Holds immediates and loaded operands.
  private static let scratch = ARM64Register.x16
  /// Holds the parts of addresses an instruction cannot encode.
  private static let addressScratch = ARM64Register.x17
  private static let fpScratch = ARM64FPRegister.d31
  /// Where `setUpArguments` keeps addresses whose argument register another argument still reads.
  private static let argumentTemporaries: [ARM64Register] = [.x9, .x10, .x11, .x12]
  /// What `enterNativeFrame` saves after the frame record: every callee-saved general register.
  public static let nativeFrameSavedRegisters: [ARM64Register] = [
    .x19, .x20, .x21, .x22, .x23, .x24, .x25, .x26, .x27, .x28,
  ]
  /// The native frame: the frame record (x29, x30) and the saved registers, 16-byte aligned.
  public static let nativeFrameSize = 16 + 8 * nativeFrameSavedRegisters.count

  /// The machine register of `register` (its 64-bit view).
  public static func machineRegister(_ register: MacroRegister) -> ARM64Register {
    switch register {
    case .saved0: .x19
    case .saved1: .x20
    case .saved2: .x21
    case .saved3: .x22
    case .saved4: .x23
    case .t0: .x0
    case .t1: .x1
    case .t2: .x2
    case .t3: .x3
    case .t4: .x4
    case .t5: .x5
    case .t6: .x6
    case .t7: .x7
    }
  }

  /// The machine register of `register`.
  public static func machineRegister(_ register: MacroFPRegister) -> ARM64FPRegister {
    switch register {
    case .fp0: .d0
    case .fp1: .d1
    case .fp2: .d2
    case .fp3: .d3
    }
  }

  private func x(_ register: MacroRegister) -> ARM64Register { Self.machineRegister(register) }
  private func w(_ register: MacroRegister) -> ARM64Register { Self.machineRegister(register).w }
  private func d(_ register: MacroFPRegister) -> ARM64FPRegister { Self.machineRegister(register) }

  private func condition(_ condition: MacroCondition) -> ARM64Condition {
    switch condition {
    case .equal: .eq
    case .notEqual: .ne
    case .below: .lo
    case .belowOrEqual: .ls
    case .above: .hi
    case .aboveOrEqual: .hs
    case .less: .lt
    case .lessOrEqual: .le
    case .greater: .gt
    case .greaterOrEqual: .ge
    case .overflow: .vs
    case .noOverflow: .vc
    case .zero: .eq
    case .nonZero: .ne
    case .signed: .mi
    case .notSigned: .pl
    }
  }

  // MARK: Operands

  /// The arm64 form of `address` for an access of `size` bytes, computing into x17 what no
  /// addressing mode holds: an offset beyond the 12-bit scaled or 9-bit unscaled forms, or an
  /// index scaled by other than 1 or the access size, or an index and an offset together.
  private mutating func memory(_ address: MacroAddress, size: Int) -> ARM64Address {
    let base = x(address.base)
    let offset = Int(address.offset)
    let scratch = Self.addressScratch
    guard let indexRegister = address.index else {
      if ARM64Assembler.canEncodeOffset(offset, accessSize: size) { return .offset(base, offset) }
      assembler.mov(scratch, immediate: UInt64(bitPattern: Int64(offset)))
      return .registerOffset(base, index: scratch)
    }
    let index = x(indexRegister)
    let shift = address.scale.trailingZeroBitCount
    let indexFitsAccess = address.scale == 1 || address.scale == size
    if offset == 0 && indexFitsAccess {
      return .registerOffset(base, index: index, shifted: address.scale != 1)
    }
    if ARM64Assembler.canEncodeOffset(offset, accessSize: size) {
      assembler.add(scratch, base, index, amount: shift)
      return .offset(scratch, offset)
    }
    assembler.mov(scratch, immediate: UInt64(bitPattern: Int64(offset)))
    assembler.add(scratch, scratch, base)
    if indexFitsAccess { return .registerOffset(scratch, index: index, shifted: address.scale != 1) }
    assembler.add(scratch, scratch, index, amount: shift)
    return .base(scratch)
  }

  /// `dst = src + value` (both x, or both w, registers), through `scratch` when no add/sub
  /// immediate encodes `value`.
  private mutating func addImmediate(
    _ dst: ARM64Register, _ src: ARM64Register, _ value: Int64, scratch: ARM64Register
  ) {
    if value == 0 {
      if dst != src { assembler.mov(dst, src) }
    } else if value > 0 && ARM64Assembler.canEncodeAddSubImmediate(Int(value)) {
      assembler.add(dst, src, immediate: Int(value))
    } else if value < 0 && ARM64Assembler.canEncodeAddSubImmediate(Int(-value)) {
      assembler.sub(dst, src, immediate: Int(-value))
    } else {
      let wide = dst.is64Bit ? scratch : scratch.w
      assembler.mov(wide, immediate: UInt64(bitPattern: value))
      assembler.add(dst, src, wide)
    }
  }

  /// Sets the flags of `lhs - value` (x or w), as `cmp` with a register holding `value` would.
  /// A negative value is compared with `cmn`, which sets the same flags for any value but 0.
  private mutating func compareImmediate(_ lhs: ARM64Register, _ value: Int64, scratch: ARM64Register) {
    if value >= 0 && ARM64Assembler.canEncodeAddSubImmediate(Int(value)) {
      assembler.cmp(lhs, immediate: Int(value))
    } else if value < 0 && ARM64Assembler.canEncodeAddSubImmediate(Int(-value)) {
      assembler.cmn(lhs, immediate: Int(-value))
    } else {
      let wide = lhs.is64Bit ? scratch : scratch.w
      assembler.mov(wide, immediate: UInt64(bitPattern: value))
      assembler.cmp(lhs, wide)
    }
  }

  /// Sets the flags of `lhs & mask` (x or w).
  private mutating func testImmediate(_ lhs: ARM64Register, _ mask: UInt64, scratch: ARM64Register) {
    let allOnes: UInt64 = lhs.is64Bit ? ~0 : 0xFFFF_FFFF
    if mask == allOnes {
      assembler.tst(lhs, lhs)
    } else if ARM64BitmaskImmediate.canEncode(mask, is64Bit: lhs.is64Bit) {
      assembler.tst(lhs, immediate: mask)
    } else {
      let wide = lhs.is64Bit ? scratch : scratch.w
      assembler.mov(wide, immediate: mask)
      assembler.tst(lhs, wide)
    }
  }

  private enum LogicalOperation {
    case and, or, xor
  }

  /// `dst = dst <operation> value` (x or w), through x16 when no bitmask immediate encodes `value`.
  private mutating func logicalImmediate(_ operation: LogicalOperation, _ dst: ARM64Register, _ value: UInt64) {
    let value = dst.is64Bit ? value : value & 0xFFFF_FFFF
    if ARM64BitmaskImmediate.canEncode(value, is64Bit: dst.is64Bit) {
      switch operation {
      case .and: assembler.and(dst, dst, immediate: value)
      case .or: assembler.orr(dst, dst, immediate: value)
      case .xor: assembler.eor(dst, dst, immediate: value)
      }
      return
    }
    let source = dst.is64Bit ? Self.scratch : Self.scratch.w
    assembler.mov(source, immediate: value)
    switch operation {
    case .and: assembler.and(dst, dst, source)
    case .or: assembler.orr(dst, dst, source)
    case .xor: assembler.eor(dst, dst, source)
    }
  }

  // MARK: Moves, loads, stores

  public mutating func move(_ dst: MacroRegister, _ src: MacroRegister) {
    if dst != src { assembler.mov(x(dst), x(src)) }
  }

  public mutating func move(_ dst: MacroRegister, immediate: Int64) {
    assembler.mov(x(dst), immediate: UInt64(bitPattern: immediate))
  }

  public mutating func load64(_ dst: MacroRegister, _ address: MacroAddress) {
    let operand = memory(address, size: 8)
    assembler.ldr(x(dst), operand)
  }

  public mutating func load32(_ dst: MacroRegister, _ address: MacroAddress) {
    let operand = memory(address, size: 4)
    assembler.ldr(w(dst), operand)
  }

  public mutating func load16(_ dst: MacroRegister, _ address: MacroAddress) {
    let operand = memory(address, size: 2)
    assembler.ldrh(w(dst), operand)
  }

  public mutating func load8(_ dst: MacroRegister, _ address: MacroAddress) {
    let operand = memory(address, size: 1)
    assembler.ldrb(w(dst), operand)
  }

  public mutating func store64(_ src: MacroRegister, _ address: MacroAddress) {
    let operand = memory(address, size: 8)
    assembler.str(x(src), operand)
  }

  public mutating func store32(_ src: MacroRegister, _ address: MacroAddress) {
    let operand = memory(address, size: 4)
    assembler.str(w(src), operand)
  }

  public mutating func store8(_ src: MacroRegister, _ address: MacroAddress) {
    let operand = memory(address, size: 1)
    assembler.strb(w(src), operand)
  }

  public mutating func store64(immediate: Int64, _ address: MacroAddress) {
    let source: ARM64Register
    if immediate == 0 {
      source = .xzr
    } else {
      assembler.mov(Self.scratch, immediate: UInt64(bitPattern: immediate))
      source = Self.scratch
    }
    let operand = memory(address, size: 8)
    assembler.str(source, operand)
  }

  public mutating func loadAddress(_ dst: MacroRegister, _ address: MacroAddress) {
    loadAddress(x(dst), address)
  }

  /// `dst = base + index * scale + offset`, through x16 and x17.
  private mutating func loadAddress(_ dst: ARM64Register, _ address: MacroAddress) {
    guard let index = address.index else {
      addImmediate(dst, x(address.base), Int64(address.offset), scratch: Self.scratch)
      return
    }
    let shift = address.scale.trailingZeroBitCount
    if address.offset == 0 {
      assembler.add(dst, x(address.base), x(index), amount: shift)
    } else {
      assembler.add(Self.addressScratch, x(address.base), x(index), amount: shift)
      addImmediate(dst, Self.addressScratch, Int64(address.offset), scratch: Self.scratch)
    }
  }

  public mutating func loadLabelAddress(_ dst: MacroRegister, _ label: Label) {
    assembler.adr(x(dst), label)
  }

  // MARK: Integer arithmetic

  public mutating func add64(_ dst: MacroRegister, _ src: MacroRegister) { assembler.add(x(dst), x(dst), x(src)) }
  public mutating func add64(_ dst: MacroRegister, immediate: Int32) {
    addImmediate(x(dst), x(dst), Int64(immediate), scratch: Self.scratch)
  }
  public mutating func sub64(_ dst: MacroRegister, _ src: MacroRegister) { assembler.sub(x(dst), x(dst), x(src)) }
  public mutating func sub64(_ dst: MacroRegister, immediate: Int32) {
    addImmediate(x(dst), x(dst), -Int64(immediate), scratch: Self.scratch)
  }
  public mutating func and64(_ dst: MacroRegister, _ src: MacroRegister) { assembler.and(x(dst), x(dst), x(src)) }
  /// The immediate is sign-extended to 64 bits, as on x86-64.
  public mutating func and64(_ dst: MacroRegister, immediate: Int32) {
    logicalImmediate(.and, x(dst), UInt64(bitPattern: Int64(immediate)))
  }
  public mutating func or64(_ dst: MacroRegister, _ src: MacroRegister) { assembler.orr(x(dst), x(dst), x(src)) }
  /// The immediate is sign-extended to 64 bits, as on x86-64.
  public mutating func or64(_ dst: MacroRegister, immediate: Int32) {
    logicalImmediate(.or, x(dst), UInt64(bitPattern: Int64(immediate)))
  }
  public mutating func xor64(_ dst: MacroRegister, _ src: MacroRegister) { assembler.eor(x(dst), x(dst), x(src)) }
  public mutating func not64(_ dst: MacroRegister) { assembler.mvn(x(dst), x(dst)) }
  public mutating func shiftLeft64(_ dst: MacroRegister, immediate: UInt8) {
    assembler.lsl(x(dst), x(dst), amount: Int(immediate & 63))
  }
  public mutating func shiftRightLogical64(_ dst: MacroRegister, immediate: UInt8) {
    assembler.lsr(x(dst), x(dst), amount: Int(immediate & 63))
  }
  public mutating func add32(_ dst: MacroRegister, _ src: MacroRegister) { assembler.add(w(dst), w(dst), w(src)) }
  public mutating func add32(_ dst: MacroRegister, immediate: Int32) {
    if immediate == 0 {
      assembler.mov(w(dst), w(dst))  // still zero-extends
    } else {
      addImmediate(w(dst), w(dst), Int64(immediate), scratch: Self.scratch)
    }
  }
  public mutating func sub32(_ dst: MacroRegister, _ src: MacroRegister) { assembler.sub(w(dst), w(dst), w(src)) }
  public mutating func and32(_ dst: MacroRegister, _ src: MacroRegister) { assembler.and(w(dst), w(dst), w(src)) }
  public mutating func or32(_ dst: MacroRegister, _ src: MacroRegister) { assembler.orr(w(dst), w(dst), w(src)) }
  public mutating func xor32(_ dst: MacroRegister, _ src: MacroRegister) { assembler.eor(w(dst), w(dst), w(src)) }
  public mutating func not32(_ dst: MacroRegister) { assembler.mvn(w(dst), w(dst)) }

  public mutating func shift32(_ shift: MacroShift, _ dst: MacroRegister, by amount: MacroRegister) {
    // The register forms (lslv, asrv, lsrv) take the amount modulo 32, as the protocol asks.
    switch shift {
    case .left: assembler.lsl(w(dst), w(dst), w(amount))
    case .arithmeticRight: assembler.asr(w(dst), w(dst), w(amount))
    case .logicalRight: assembler.lsr(w(dst), w(dst), w(amount))
    }
  }

  public mutating func shift32(_ shift: MacroShift, _ dst: MacroRegister, immediate: UInt8) {
    let amount = Int(immediate & 31)
    switch shift {
    case .left: assembler.lsl(w(dst), w(dst), amount: amount)
    case .arithmeticRight: assembler.asr(w(dst), w(dst), amount: amount)
    case .logicalRight: assembler.lsr(w(dst), w(dst), amount: amount)
    }
  }

  public mutating func signExtend32To64(_ dst: MacroRegister, _ src: MacroRegister) {
    assembler.sxtw(x(dst), w(src))
  }

  public mutating func zeroExtend32To64(_ dst: MacroRegister, _ src: MacroRegister) {
    assembler.mov(w(dst), w(src))
  }

  // MARK: Branches

  public mutating func jump(_ label: Label) { assembler.b(label) }
  public mutating func jump(_ target: MacroRegister) { assembler.br(x(target)) }
  public mutating func jump(_ target: MacroAddress) {
    let operand = memory(target, size: 8)
    assembler.ldr(Self.scratch, operand)
    assembler.br(Self.scratch)
  }

  private mutating func branch(_ condition: MacroCondition, _ label: Label) {
    assembler.b(self.condition(condition), label)
  }

  public mutating func branch64(
    _ condition: MacroCondition, _ lhs: MacroRegister, _ rhs: MacroRegister, _ label: Label
  ) {
    assembler.cmp(x(lhs), x(rhs))
    branch(condition, label)
  }

  public mutating func branch64(_ condition: MacroCondition, _ lhs: MacroRegister, immediate: Int32, _ label: Label) {
    if immediate == 0 && (condition == .equal || condition == .notEqual) {
      if condition == .equal { assembler.cbz(x(lhs), label) } else { assembler.cbnz(x(lhs), label) }
      return
    }
    compareImmediate(x(lhs), Int64(immediate), scratch: Self.scratch)
    branch(condition, label)
  }

  public mutating func branch64(_ condition: MacroCondition, _ lhs: MacroAddress, _ rhs: MacroRegister, _ label: Label)
  {
    let operand = memory(lhs, size: 8)
    assembler.ldr(Self.scratch, operand)
    assembler.cmp(Self.scratch, x(rhs))
    branch(condition, label)
  }

  public mutating func branch32(
    _ condition: MacroCondition, _ lhs: MacroRegister, _ rhs: MacroRegister, _ label: Label
  ) {
    assembler.cmp(w(lhs), w(rhs))
    branch(condition, label)
  }

  public mutating func branch32(_ condition: MacroCondition, _ lhs: MacroRegister, immediate: Int32, _ label: Label) {
    compareImmediate(w(lhs), Int64(immediate), scratch: Self.scratch)
    branch(condition, label)
  }

  public mutating func branch32(_ condition: MacroCondition, _ lhs: MacroAddress, immediate: Int32, _ label: Label) {
    let operand = memory(lhs, size: 4)
    assembler.ldr(Self.scratch.w, operand)
    compareImmediate(Self.scratch.w, Int64(immediate), scratch: Self.addressScratch)
    branch(condition, label)
  }

  public mutating func branch8(_ condition: MacroCondition, _ lhs: MacroAddress, immediate: UInt8, _ label: Label) {
    let byte = Self.scratch.w
    let operand = memory(lhs, size: 1)
    assembler.ldrb(byte, operand)
    switch condition {
    case .equal, .notEqual, .zero, .nonZero, .below, .belowOrEqual, .above, .aboveOrEqual:
      // Zero-extended bytes compare as the bytes do for equality and unsigned order.
      assembler.cmp(byte, immediate: Int(immediate))
    default:
      // Signed order, overflow and sign need the flags of an 8-bit subtraction: compare the
      // bytes in the top byte of the words.
      assembler.lsl(byte, byte, amount: 24)
      assembler.movz(Self.addressScratch.w, UInt16(immediate) << 8, shift: 16)
      assembler.cmp(byte, Self.addressScratch.w)
    }
    branch(condition, label)
  }

  public mutating func branchTest64(
    _ condition: MacroCondition, _ lhs: MacroRegister, _ mask: MacroRegister, _ label: Label
  ) {
    // A register tested against itself needs no flags.
    switch condition {
    case .zero where lhs == mask: assembler.cbz(x(lhs), label)
    case .nonZero where lhs == mask: assembler.cbnz(x(lhs), label)
    case .signed where lhs == mask: assembler.tbnz(x(lhs), bit: 63, label)
    case .notSigned where lhs == mask: assembler.tbz(x(lhs), bit: 63, label)
    default:
      assembler.tst(x(lhs), x(mask))
      branch(condition, label)
    }
  }

  /// The immediate is sign-extended to 64 bits, as on x86-64.
  public mutating func branchTest64(
    _ condition: MacroCondition, _ lhs: MacroRegister, immediate: Int32, _ label: Label
  ) {
    testImmediate(x(lhs), UInt64(bitPattern: Int64(immediate)), scratch: Self.scratch)
    branch(condition, label)
  }

  public mutating func branchTest32(
    _ condition: MacroCondition, _ lhs: MacroRegister, immediate: Int32, _ label: Label
  ) {
    testImmediate(w(lhs), UInt64(UInt32(bitPattern: immediate)), scratch: Self.scratch)
    branch(condition, label)
  }

  public mutating func branchTest32(
    _ condition: MacroCondition, _ lhs: MacroAddress, immediate: Int32, _ label: Label
  ) {
    let operand = memory(lhs, size: 4)
    assembler.ldr(Self.scratch.w, operand)
    testImmediate(Self.scratch.w, UInt64(UInt32(bitPattern: immediate)), scratch: Self.addressScratch)
    branch(condition, label)
  }

  public mutating func branchAdd32(
    _ condition: MacroCondition, _ dst: MacroRegister, _ src: MacroRegister, _ label: Label
  ) {
    assembler.adds(w(dst), w(dst), w(src))
    branch(condition, label)
  }

  public mutating func branchAdd32(
    _ condition: MacroCondition, _ dst: MacroRegister, immediate: Int32, _ label: Label
  ) {
    addSettingFlags32(w(dst), Int64(immediate))
    branch(condition, label)
  }

  public mutating func branchSub32(
    _ condition: MacroCondition, _ dst: MacroRegister, _ src: MacroRegister, _ label: Label
  ) {
    assembler.subs(w(dst), w(dst), w(src))
    branch(condition, label)
  }

  public mutating func branchSub32(
    _ condition: MacroCondition, _ dst: MacroRegister, immediate: Int32, _ label: Label
  ) {
    if immediate == 0 {
      assembler.subs(w(dst), w(dst), immediate: 0)  // "no borrow", as x86's sub sets it
    } else {
      addSettingFlags32(w(dst), -Int64(immediate))
    }
    branch(condition, label)
  }

  /// `dst += value` in 32 bits, setting the flags. Adding a negative value subtracts its
  /// magnitude, which sets the same overflow, sign and zero flags.
  private mutating func addSettingFlags32(_ dst: ARM64Register, _ value: Int64) {
    if value >= 0 && ARM64Assembler.canEncodeAddSubImmediate(Int(value)) {
      assembler.adds(dst, dst, immediate: Int(value))
    } else if value < 0 && ARM64Assembler.canEncodeAddSubImmediate(Int(-value)) {
      assembler.subs(dst, dst, immediate: Int(-value))
    } else if value == Int64(Int32.max) + 1 {
      // Subtracting Int32.min: its negation is no int32.
      assembler.mov(Self.scratch.w, immediate: 0x8000_0000)
      assembler.subs(dst, dst, Self.scratch.w)
    } else {
      assembler.mov(Self.scratch.w, immediate: UInt64(UInt32(truncatingIfNeeded: value)))
      assembler.adds(dst, dst, Self.scratch.w)
    }
  }

  /// Only `.overflow` and `.noOverflow` (the x86 multiply leaves the other flags undefined).
  public mutating func remainder32(_ dst: MacroRegister, _ lhs: MacroRegister, _ rhs: MacroRegister) {
    assembler.sdiv(Self.scratch.w, w(lhs), w(rhs))
    assembler.msub(w(dst), Self.scratch.w, w(rhs), w(lhs))
  }

  public mutating func branchMul32(
    _ condition: MacroCondition, _ dst: MacroRegister, _ src: MacroRegister, _ label: Label
  ) {
    precondition(condition == .overflow || condition == .noOverflow, "branchMul32 tests overflow only")
    // The exact 64-bit product fits an int32 when sign-extending its low half gives it back.
    assembler.smull(Self.scratch, w(dst), w(src))
    assembler.mov(w(dst), Self.scratch.w)
    assembler.cmp(Self.scratch, Self.scratch.w, extend: .sxtw)
    assembler.b(condition == .overflow ? .ne : .eq, label)
  }

  public mutating func compare64(
    _ condition: MacroCondition, _ lhs: MacroRegister, _ rhs: MacroRegister, _ dst: MacroRegister
  ) {
    assembler.cmp(x(lhs), x(rhs))
    assembler.cset(x(dst), self.condition(condition))
  }

  public mutating func compare32(
    _ condition: MacroCondition, _ lhs: MacroRegister, _ rhs: MacroRegister, _ dst: MacroRegister
  ) {
    assembler.cmp(w(lhs), w(rhs))
    assembler.cset(x(dst), self.condition(condition))
  }

  // MARK: Doubles

  public mutating func moveToDouble(_ dst: MacroFPRegister, _ src: MacroRegister) { assembler.fmov(d(dst), x(src)) }
  public mutating func moveFromDouble(_ dst: MacroRegister, _ src: MacroFPRegister) {
    assembler.fmov(x(dst), d(src))
  }
  public mutating func addDouble(_ dst: MacroFPRegister, _ src: MacroFPRegister) {
    assembler.fadd(d(dst), d(dst), d(src))
  }
  public mutating func subDouble(_ dst: MacroFPRegister, _ src: MacroFPRegister) {
    assembler.fsub(d(dst), d(dst), d(src))
  }
  public mutating func mulDouble(_ dst: MacroFPRegister, _ src: MacroFPRegister) {
    assembler.fmul(d(dst), d(dst), d(src))
  }
  public mutating func divDouble(_ dst: MacroFPRegister, _ src: MacroFPRegister) {
    assembler.fdiv(d(dst), d(dst), d(src))
  }

  public mutating func convertInt32ToDouble(_ dst: MacroFPRegister, _ src: MacroRegister) {
    assembler.scvtf(d(dst), w(src))
  }

  public mutating func branchConvertDoubleToInt32(_ dst: MacroRegister, _ src: MacroFPRegister, failure: Label) {
    let done = makeLabel()
    // fcvtzs saturates and maps NaN to 0: converting back and comparing catches every inexact
    // or out-of-range value, and NaN (unordered is "not equal").
    assembler.fcvtzs(w(dst), d(src))
    assembler.scvtf(Self.fpScratch, w(dst))
    assembler.fcmp(d(src), Self.fpScratch)
    assembler.b(.ne, failure)
    // 0 may have come from -0, which is no int32.
    assembler.cbnz(w(dst), done)
    assembler.fmov(Self.scratch, d(src))
    assembler.tbnz(Self.scratch, bit: 63, failure)
    bind(done)
  }

  public mutating func branchTruncateDoubleToInt32Bits(
    _ dst: MacroRegister, _ src: MacroFPRegister, failure: Label
  ) {
    // fcvtzs saturates, so first check the magnitude: a biased exponent of 1023 + 63 or more is
    // 2^63 or larger (NaN and the infinities have 2047).
    assembler.fmov(Self.scratch, d(src))
    assembler.ubfx(Self.scratch, Self.scratch, lsb: 52, width: 11)
    assembler.cmp(Self.scratch, immediate: 1023 + 63)
    assembler.b(.hs, failure)
    assembler.fcvtzs(x(dst), d(src))
    // Writing the 32-bit view zero-extends.
    assembler.mov(w(dst), w(dst))
  }

  public mutating func branchDouble(
    _ condition: MacroDoubleCondition, _ lhs: MacroFPRegister, _ rhs: MacroFPRegister, _ label: Label
  ) {
    // fcmp sets NZCV to 0110 for equal, 1000 for less, 0010 for greater, 0011 for unordered
    // (Arm ARM C1.2.4, "Condition code"), so each condition is one b.cond.
    assembler.fcmp(d(lhs), d(rhs))
    let code: ARM64Condition =
      switch condition {
      case .equal: .eq
      case .notEqualOrUnordered: .ne
      case .lessThan: .mi
      case .lessThanOrEqual: .ls
      case .greaterThan: .gt
      case .greaterThanOrEqual: .ge
      case .lessThanOrUnordered: .lt
      case .lessThanOrEqualOrUnordered: .le
      case .greaterThanOrUnordered: .hi
      case .greaterThanOrEqualOrUnordered: .hs
      case .unordered: .vs
      case .ordered: .vc
      }
    assembler.b(code, label)
  }

  // MARK: Calls and native frames

  public mutating func setUpArguments(_ arguments: [MacroArgument]) {
    precondition(arguments.count <= Self.argumentRegisters.count, "too many arguments")
    let targets = arguments.indices.map { x(Self.argumentRegisters[$0]) }
    let reads = arguments.map(registersRead)
    func isReadByAnother(_ index: Int) -> Bool {
      reads.indices.contains { $0 != index && reads[$0].contains(targets[index]) }
    }
    // 1. An address whose register another argument still reads is computed first, into a
    //    temporary, while every register holds what the caller put there.
    var parked: [(target: ARM64Register, temporary: ARM64Register)] = []
    for (index, argument) in arguments.enumerated() {
      guard case .address(let address) = argument, isReadByAnother(index) else { continue }
      let temporary = Self.argumentTemporaries[parked.count]
      loadAddress(temporary, address)
      parked.append((targets[index], temporary))
    }
    // 2. An address whose register no other argument reads goes straight there.
    for (index, argument) in arguments.enumerated() {
      guard case .address(let address) = argument, !isReadByAnother(index) else { continue }
      loadAddress(targets[index], address)
    }
    // 3. Register to register, in parallel.
    var moves: [(target: ARM64Register, source: ARM64Register)] = []
    for (index, argument) in arguments.enumerated() {
      if case .register(let source) = argument { moves.append((targets[index], x(source))) }
    }
    emitParallelMoves(moves)
    // 4. Nothing is read any more: the parked addresses and the immediates.
    for (target, temporary) in parked { assembler.mov(target, temporary) }
    for (index, argument) in arguments.enumerated() {
      if case .immediate(let value) = argument { assembler.mov(targets[index], immediate: UInt64(bitPattern: value)) }
    }
  }

  private func registersRead(by argument: MacroArgument) -> [ARM64Register] {
    switch argument {
    case .register(let register): [x(register)]
    case .immediate: []
    case .address(let address): [x(address.base)] + (address.index.map { [x($0)] } ?? [])
    }
  }

  /// Moves registers into distinct targets, each source read before it is overwritten: any
  /// move whose target no pending move reads goes first; what is left then are cycles, each
  /// broken by copying one target into x16 (which the cycle then unwinds into completely).
  private mutating func emitParallelMoves(_ moves: [(target: ARM64Register, source: ARM64Register)]) {
    var pending = moves.filter { $0.target != $0.source }
    while !pending.isEmpty {
      if let ready = pending.firstIndex(where: { move in !pending.contains { $0.source == move.target } }) {
        let move = pending.remove(at: ready)
        assembler.mov(move.target, move.source)
        continue
      }
      let blocked = pending[0].target
      assembler.mov(Self.scratch, blocked)
      for index in pending.indices where pending[index].source == blocked {
        pending[index].source = Self.scratch
      }
    }
  }

  public mutating func call(_ address: MacroAddress) {
    let operand = memory(address, size: 8)
    assembler.ldr(Self.scratch, operand)
    assembler.blr(Self.scratch)
  }

  public mutating func call(_ target: MacroRegister) { assembler.blr(x(target)) }

  public mutating func enterNativeFrame() {
    // The frame record first (AAPCS64 6.4.6), then x19…x28 above it: 96 bytes keep sp 16-aligned.
    assembler.stp(.fp, .lr, .preIndex(.sp, -Self.nativeFrameSize))
    assembler.mov(.fp, .sp)
    for (pair, offset) in savedRegisterPairs() { assembler.stp(pair.0, pair.1, .offset(.sp, offset)) }
  }

  public mutating func leaveNativeFrameAndReturn() {
    for (pair, offset) in savedRegisterPairs() { assembler.ldp(pair.0, pair.1, .offset(.sp, offset)) }
    assembler.ldp(.fp, .lr, .postIndex(.sp, Self.nativeFrameSize))
    assembler.ret()
  }

  /// x19…x28 in pairs, each with its offset from sp in the native frame.
  private func savedRegisterPairs() -> [((ARM64Register, ARM64Register), Int)] {
    let registers = Self.nativeFrameSavedRegisters
    return stride(from: 0, to: registers.count, by: 2).map { index in
      ((registers[index], registers[index + 1]), 16 + 8 * index)
    }
  }

  public mutating func breakpoint() { assembler.brk(0) }
}
