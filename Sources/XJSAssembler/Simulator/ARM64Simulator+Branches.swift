// Branches, exception generation and system instructions (Arm ARM C4.1.87): b, bl, b.cond,
// cbz/cbnz, tbz/tbnz, br/blr/ret (which may leave for native code), brk, nop, and the flags
// as the NZCV system register (mrs/msr).

extension ARM64Simulator {
  func executeBranchOrSystem(_ word: UInt32) throws(ARM64SimulatorError) {
    if word & 0x7C00_0000 == 0x1400_0000 {
      // b / bl: imm26 words away.
      if bit(word, 31) { x[30] = pc &+ 4 }
      nextPC = pc &+ (signExtend(UInt64(field(word, 0, 26)), bits: 26) << 2)
    } else if word & 0xFF00_0010 == 0x5400_0000 {
      // b.cond
      if conditionHolds(field(word, 0, 4), nzcv) { nextPC = pc &+ branchOffset19(word) }
    } else if word & 0x7E00_0000 == 0x3400_0000 {
      // cbz / cbnz
      let value = register(field(word, 0, 5)) & widthMask(bit(word, 31))
      if (value == 0) != bit(word, 24) { nextPC = pc &+ branchOffset19(word) }
    } else if word & 0x7E00_0000 == 0x3600_0000 {
      // tbz / tbnz
      let bitNumber = UInt64(field(word, 31, 1) << 5 | field(word, 19, 5))
      let isSet = (register(field(word, 0, 5)) >> bitNumber) & 1 == 1
      if isSet == bit(word, 24) {
        nextPC = pc &+ (signExtend(UInt64(field(word, 5, 14)), bits: 14) << 2)
      }
    } else if word & 0xFE00_0000 == 0xD600_0000 {
      try executeBranchToRegister(word)
    } else {
      try executeSystem(word)
    }
  }

  /// The imm19 word offset of b.cond and cbz/cbnz, in bytes.
  private func branchOffset19(_ word: UInt32) -> UInt64 {
    signExtend(UInt64(field(word, 5, 19)), bits: 19) << 2
  }

  /// br, blr, ret: to simulated code, back to the host, or into native code.
  private func executeBranchToRegister(_ word: UInt32) throws(ARM64SimulatorError) {
    // opc (bits 24–21) 0000 br, 0001 blr, 0010 ret; op2 11111, op3 000000, op4 00000.
    guard word & 0x001F_FC1F == 0x001F_0000, field(word, 21, 4) <= 0b0010 else {
      throw unimplemented(word, "branch to register (pointer authentication or eret)")
    }
    let target = register(field(word, 5, 5))
    if field(word, 21, 4) == 0b0001 { x[30] = pc &+ 4 }
    try branchToRegisterTarget(target)
  }

  private func executeSystem(_ word: UInt32) throws(ARM64SimulatorError) {
    if word & 0xFFE0_001F == 0xD420_0000 {
      throw .breakpoint(address: pc, immediate: UInt16(field(word, 5, 16)))
    } else if word == 0xD503_201F {
      // nop
    } else if word & 0xFFFF_FFE0 == 0xD53B_4200 {
      setRegister(field(word, 0, 5), UInt64(nzcv) << 28)  // mrs xt, nzcv
    } else if word & 0xFFFF_FFE0 == 0xD51B_4200 {
      nzcv = UInt8((register(field(word, 0, 5)) >> 28) & 0xF)  // msr nzcv, xt
    } else {
      throw unimplemented(word, "branches, exception generating and system instructions")
    }
  }
}
