// Data processing with immediates (Arm ARM C4.1.86 "Data Processing -- Immediate"): adr/adrp,
// add/sub immediate, logical immediate, move wide, bitfield (the shifts and extends are its
// aliases) and extract (ror).

extension ARM64Simulator {
  func executeDataProcessingImmediate(_ word: UInt32) throws(ARM64SimulatorError) {
    switch field(word, 23, 3) {
    case 0b000, 0b001: executePCRelative(word)
    case 0b010: executeAddSubtractImmediate(word)
    case 0b100: try executeLogicalImmediate(word)
    case 0b101: try executeMoveWide(word)
    case 0b110: try executeBitfield(word)
    case 0b111: try executeExtract(word)
    default: throw unimplemented(word, "add/subtract immediate with tags")
    }
  }

  /// adr xd, #imm21 / adrp xd, #imm21 (in 4 KB pages).
  private func executePCRelative(_ word: UInt32) {
    let immediate = signExtend(UInt64(field(word, 5, 19) << 2 | field(word, 29, 2)), bits: 21)
    if bit(word, 31) {
      setRegister(field(word, 0, 5), (pc & ~0xFFF) &+ (immediate << 12))
    } else {
      setRegister(field(word, 0, 5), pc &+ immediate)
    }
  }

  /// add, adds, sub, subs with a 12-bit immediate, optionally shifted by 12.
  private func executeAddSubtractImmediate(_ word: UInt32) {
    let is64Bit = bit(word, 31)
    let subtract = bit(word, 30)
    let setsFlags = bit(word, 29)
    let immediate = UInt64(field(word, 10, 12)) << (bit(word, 22) ? 12 : 0)
    let operand = registerOrSP(field(word, 5, 5))
    let (result, newFlags) = addWithCarry(
      operand, subtract ? ~immediate : immediate, carry: subtract, is64Bit: is64Bit)
    let rd = field(word, 0, 5)
    if setsFlags {
      nzcv = newFlags
      setRegister(rd, result, is64Bit: is64Bit)
    } else {
      setRegisterOrSP(rd, result, is64Bit: is64Bit)
    }
  }

  /// and, orr, eor, ands with a bitmask immediate.
  private func executeLogicalImmediate(_ word: UInt32) throws(ARM64SimulatorError) {
    let is64Bit = bit(word, 31)
    let n = field(word, 22, 1)
    guard is64Bit || n == 0,
      let (mask, _) = decodeBitMasks(n: n, imms: field(word, 10, 6), immr: field(word, 16, 6), immediate: true)
    else { throw unimplemented(word, "logical immediate, reserved encoding") }
    let immediate = mask & widthMask(is64Bit)
    let operand = register(field(word, 5, 5))
    let rd = field(word, 0, 5)
    switch field(word, 29, 2) {
    case 0b00: setRegisterOrSP(rd, operand & immediate, is64Bit: is64Bit)
    case 0b01: setRegisterOrSP(rd, operand | immediate, is64Bit: is64Bit)
    case 0b10: setRegisterOrSP(rd, operand ^ immediate, is64Bit: is64Bit)
    default:
      let result = operand & immediate
      nzcv = logicalFlags(result, is64Bit: is64Bit)
      setRegister(rd, result, is64Bit: is64Bit)
    }
  }

  /// movn, movz, movk.
  private func executeMoveWide(_ word: UInt32) throws(ARM64SimulatorError) {
    let is64Bit = bit(word, 31)
    let halfword = field(word, 21, 2)
    let operation = field(word, 29, 2)
    guard operation != 0b01, is64Bit || halfword < 2 else { throw unimplemented(word, "move wide, unallocated") }
    let shift = UInt64(halfword * 16)
    let immediate = UInt64(field(word, 5, 16)) << shift
    let rd = field(word, 0, 5)
    switch operation {
    case 0b00: setRegister(rd, ~immediate, is64Bit: is64Bit)
    case 0b10: setRegister(rd, immediate, is64Bit: is64Bit)
    default: setRegister(rd, (register(rd) & ~(0xFFFF << shift)) | immediate, is64Bit: is64Bit)
    }
  }

  /// sbfm, bfm, ubfm (lsl, lsr, asr, sxt*, uxt*, *bfx, *bfiz are their aliases).
  private func executeBitfield(_ word: UInt32) throws(ARM64SimulatorError) {
    let is64Bit = bit(word, 31)
    let n = field(word, 22, 1)
    let immr = field(word, 16, 6)
    let imms = field(word, 10, 6)
    let operation = field(word, 29, 2)
    guard operation != 0b11, n == (is64Bit ? 1 : 0), is64Bit || (immr < 32 && imms < 32),
      let (wmask, tmask) = decodeBitMasks(n: n, imms: imms, immr: immr, immediate: false)
    else { throw unimplemented(word, "bitfield, unallocated") }
    let size: UInt64 = is64Bit ? 64 : 32
    let source = register(field(word, 5, 5)) & widthMask(is64Bit)
    let rd = field(word, 0, 5)
    let rotated = rotateRight(source, UInt64(immr), size: size)
    let result: UInt64
    switch operation {
    case 0b00:  // sbfm: the bits, with bit imms copied above them
      let top: UInt64 = (source >> UInt64(imms)) & 1 == 1 ? ~0 : 0
      result = (top & ~tmask) | (rotated & wmask & tmask)
    case 0b01:  // bfm: the bits inserted into the destination
      let destination = register(rd)
      let bottom = (destination & ~wmask) | (rotated & wmask)
      result = (destination & ~tmask) | (bottom & tmask)
    default:  // ubfm
      result = rotated & wmask & tmask
    }
    setRegister(rd, result, is64Bit: is64Bit)
  }

  /// extr (ror with an immediate is extr of a register with itself).
  private func executeExtract(_ word: UInt32) throws(ARM64SimulatorError) {
    let is64Bit = bit(word, 31)
    let lsb = UInt64(field(word, 10, 6))
    guard field(word, 29, 2) == 0, field(word, 21, 1) == 0, field(word, 22, 1) == (is64Bit ? 1 : 0),
      is64Bit || lsb < 32
    else { throw unimplemented(word, "extract, unallocated") }
    let size: UInt64 = is64Bit ? 64 : 32
    let high = register(field(word, 5, 5)) & widthMask(is64Bit)
    let low = register(field(word, 16, 5)) & widthMask(is64Bit)
    let result = lsb == 0 ? low : (low >> lsb) | (high << (size - lsb))
    setRegister(field(word, 0, 5), result, is64Bit: is64Bit)
  }
}
