// Data processing on registers (Arm ARM C4.1.89 "Data Processing -- Register"): logical and
// add/sub on shifted registers, add/sub on extended registers, add/sub with carry,
// conditional select, one- and two-source operations (clz, rbit, rev, divides, variable
// shifts) and three-source multiplies.

extension ARM64Simulator {
  func executeDataProcessingRegister(_ word: UInt32) throws(ARM64SimulatorError) {
    let operation = field(word, 21, 4)
    if !bit(word, 28) {
      if operation & 0b1000 == 0 {
        try executeLogicalShiftedRegister(word)
      } else if operation & 0b0001 == 0 {
        try executeAddSubtractShiftedRegister(word)
      } else {
        try executeAddSubtractExtendedRegister(word)
      }
      return
    }
    switch operation {
    case 0b0000: try executeAddSubtractWithCarry(word)
    case 0b0100: try executeConditionalSelect(word)
    case 0b0110:
      if bit(word, 30) { try executeOneSource(word) } else { try executeTwoSource(word) }
    case 0b1000...0b1111: try executeThreeSource(word)
    default: throw unimplemented(word, "data processing (register): conditional compare or flag manipulation")
    }
  }

  /// and, bic, orr, orn, eor, eon, ands, bics (mov, mvn, tst are aliases).
  private func executeLogicalShiftedRegister(_ word: UInt32) throws(ARM64SimulatorError) {
    let is64Bit = bit(word, 31)
    let amount = UInt64(field(word, 10, 6))
    guard is64Bit || amount < 32 else { throw unimplemented(word, "logical (shifted register), unallocated") }
    var operand2 = shiftRegister(
      register(field(word, 16, 5)), type: field(word, 22, 2), amount: amount, is64Bit: is64Bit)
    if bit(word, 21) { operand2 = ~operand2 }
    let operand1 = register(field(word, 5, 5))
    let rd = field(word, 0, 5)
    switch field(word, 29, 2) {
    case 0b00: setRegister(rd, operand1 & operand2, is64Bit: is64Bit)
    case 0b01: setRegister(rd, operand1 | operand2, is64Bit: is64Bit)
    case 0b10: setRegister(rd, operand1 ^ operand2, is64Bit: is64Bit)
    default:
      let result = operand1 & operand2
      nzcv = logicalFlags(result, is64Bit: is64Bit)
      setRegister(rd, result, is64Bit: is64Bit)
    }
  }

  /// add, adds, sub, subs (cmp, cmn, neg, negs are aliases) of a shifted register.
  private func executeAddSubtractShiftedRegister(_ word: UInt32) throws(ARM64SimulatorError) {
    let is64Bit = bit(word, 31)
    let shiftType = field(word, 22, 2)
    let amount = UInt64(field(word, 10, 6))
    guard shiftType != 0b11, is64Bit || amount < 32 else {
      throw unimplemented(word, "add/subtract (shifted register), unallocated")
    }
    let operand2 = shiftRegister(register(field(word, 16, 5)), type: shiftType, amount: amount, is64Bit: is64Bit)
    addSubtract(word, register(field(word, 5, 5)), operand2, destinationMayBeSP: false)
  }

  /// add, adds, sub, subs of an extended register (the forms that can name sp).
  private func executeAddSubtractExtendedRegister(_ word: UInt32) throws(ARM64SimulatorError) {
    let shift = UInt64(field(word, 10, 3))
    guard field(word, 22, 2) == 0, shift <= 4 else {
      throw unimplemented(word, "add/subtract (extended register), unallocated")
    }
    let operand2 = extendRegister(register(field(word, 16, 5)), option: field(word, 13, 3), shift: shift)
    addSubtract(word, registerOrSP(field(word, 5, 5)), operand2, destinationMayBeSP: !bit(word, 29))
  }

  /// The add/sub common to both register forms: op at bit 30, S at bit 29.
  private func addSubtract(_ word: UInt32, _ operand1: UInt64, _ operand2: UInt64, destinationMayBeSP: Bool) {
    let is64Bit = bit(word, 31)
    let subtract = bit(word, 30)
    let (result, newFlags) = addWithCarry(operand1, subtract ? ~operand2 : operand2, carry: subtract, is64Bit: is64Bit)
    if bit(word, 29) { nzcv = newFlags }
    if destinationMayBeSP {
      setRegisterOrSP(field(word, 0, 5), result, is64Bit: is64Bit)
    } else {
      setRegister(field(word, 0, 5), result, is64Bit: is64Bit)
    }
  }

  /// adc, adcs, sbc, sbcs.
  private func executeAddSubtractWithCarry(_ word: UInt32) throws(ARM64SimulatorError) {
    guard field(word, 10, 6) == 0 else { throw unimplemented(word, "rotate or evaluate into flags") }
    let is64Bit = bit(word, 31)
    let operand2 = register(field(word, 16, 5))
    let (result, newFlags) = addWithCarry(
      register(field(word, 5, 5)), bit(word, 30) ? ~operand2 : operand2, carry: nzcv & Flag.c != 0, is64Bit: is64Bit)
    if bit(word, 29) { nzcv = newFlags }
    setRegister(field(word, 0, 5), result, is64Bit: is64Bit)
  }

  /// csel, csinc, csinv, csneg (cset, csetm, cinc, cneg are aliases).
  private func executeConditionalSelect(_ word: UInt32) throws(ARM64SimulatorError) {
    guard !bit(word, 29), !bit(word, 11) else { throw unimplemented(word, "conditional select, unallocated") }
    let is64Bit = bit(word, 31)
    let result: UInt64
    if conditionHolds(field(word, 12, 4), nzcv) {
      result = register(field(word, 5, 5))
    } else {
      let operand = register(field(word, 16, 5))
      switch (bit(word, 30), bit(word, 10)) {
      case (false, false): result = operand
      case (false, true): result = operand &+ 1
      case (true, false): result = ~operand
      case (true, true): result = 0 &- operand
      }
    }
    setRegister(field(word, 0, 5), result, is64Bit: is64Bit)
  }

  /// rbit, rev, clz (opcode2 00000, S 0).
  private func executeOneSource(_ word: UInt32) throws(ARM64SimulatorError) {
    let is64Bit = bit(word, 31)
    let source = register(field(word, 5, 5))
    let result: UInt64
    switch (field(word, 10, 6), is64Bit) {
    case (0b000000, true): result = UInt64(bitReversing: source)
    case (0b000000, false): result = UInt64(UInt32(bitReversing: UInt32(truncatingIfNeeded: source)))
    case (0b000011, true): result = source.byteSwapped
    case (0b000010, false): result = UInt64(UInt32(truncatingIfNeeded: source).byteSwapped)
    case (0b000100, true): result = UInt64(source.leadingZeroBitCount)
    case (0b000100, false): result = UInt64(UInt32(truncatingIfNeeded: source).leadingZeroBitCount)
    default: throw unimplemented(word, "data processing (1 source): rev16, rev32, cls or pointer authentication")
    }
    guard field(word, 16, 5) == 0, !bit(word, 29) else { throw unimplemented(word, "data processing (1 source)") }
    setRegister(field(word, 0, 5), result, is64Bit: is64Bit)
  }

  /// udiv, sdiv, lslv, lsrv, asrv, rorv.
  private func executeTwoSource(_ word: UInt32) throws(ARM64SimulatorError) {
    guard !bit(word, 29) else { throw unimplemented(word, "data processing (2 source), unallocated") }
    let is64Bit = bit(word, 31)
    let mask = widthMask(is64Bit)
    let operand1 = register(field(word, 5, 5)) & mask
    let operand2 = register(field(word, 16, 5)) & mask
    let result: UInt64
    switch field(word, 10, 6) {
    case 0b000010: result = operand2 == 0 ? 0 : operand1 / operand2  // udiv: x / 0 is 0
    case 0b000011: result = signedDivide(operand1, operand2, is64Bit: is64Bit)
    case 0b001000...0b001011:
      result = shiftRegister(operand1, type: field(word, 10, 2), amount: operand2, is64Bit: is64Bit)
    default: throw unimplemented(word, "data processing (2 source): crc32, pointer authentication or tags")
    }
    setRegister(field(word, 0, 5), result, is64Bit: is64Bit)
  }

  /// sdiv rounds toward zero; x / 0 is 0 and the minimum integer / -1 is itself (no trap).
  private func signedDivide(_ dividend: UInt64, _ divisor: UInt64, is64Bit: Bool) -> UInt64 {
    if divisor & widthMask(is64Bit) == 0 { return 0 }
    if is64Bit {
      let (quotient, _) = Int64(bitPattern: dividend).dividedReportingOverflow(by: Int64(bitPattern: divisor))
      return UInt64(bitPattern: quotient)
    }
    let (quotient, _) = Int32(truncatingIfNeeded: dividend).dividedReportingOverflow(
      by: Int32(truncatingIfNeeded: divisor))
    return UInt64(UInt32(bitPattern: quotient))
  }

  /// madd, msub, smaddl, smsubl, umaddl, umsubl, smulh, umulh (mul, mneg, smull, umull are
  /// aliases).
  private func executeThreeSource(_ word: UInt32) throws(ARM64SimulatorError) {
    let is64Bit = bit(word, 31)
    let n = register(field(word, 5, 5))
    let m = register(field(word, 16, 5))
    let a = register(field(word, 10, 5))
    let subtract = bit(word, 15)
    let result: UInt64
    switch (field(word, 29, 2), field(word, 21, 3), is64Bit) {
    case (0b00, 0b000, _):
      let product = n &* m
      result = subtract ? a &- product : a &+ product
    case (0b00, 0b001, true):
      let product = UInt64(bitPattern: Int64(Int32(truncatingIfNeeded: n)) * Int64(Int32(truncatingIfNeeded: m)))
      result = subtract ? a &- product : a &+ product
    case (0b00, 0b101, true):
      let product = UInt64(UInt32(truncatingIfNeeded: n)) * UInt64(UInt32(truncatingIfNeeded: m))
      result = subtract ? a &- product : a &+ product
    case (0b00, 0b010, true) where !subtract:
      result = UInt64(bitPattern: Int64(bitPattern: n).multipliedFullWidth(by: Int64(bitPattern: m)).high)
    case (0b00, 0b110, true) where !subtract:
      result = n.multipliedFullWidth(by: m).high
    default: throw unimplemented(word, "data processing (3 source), unallocated")
    }
    setRegister(field(word, 0, 5), result, is64Bit: is64Bit)
  }
}

extension FixedWidthInteger where Self: UnsignedInteger {
  /// The bits of `value` in reverse order.
  init(bitReversing value: Self) {
    var result: Self = 0
    var remaining = value
    for _ in 0..<Self.bitWidth {
      result = result << 1 | (remaining & 1)
      remaining >>= 1
    }
    self = result
  }
}
