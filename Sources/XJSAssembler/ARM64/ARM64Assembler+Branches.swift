// Branches (C4.1.2 "Branches, Exception Generating and System instructions").

extension ARM64Assembler {
  /// `b label` (±128 MB).
  public mutating func b(_ label: Label) {
    emitBranch(0x1400_0000, to: label, kind: .unconditional26)
  }

  /// `bl label`: call, return address in x30.
  public mutating func bl(_ label: Label) {
    emitBranch(0x9400_0000, to: label, kind: .unconditional26)
  }

  /// `b.cond label` (±1 MB before `finalize()` lengthens it). Use `b` for "always".
  public mutating func b(_ condition: ARM64Condition, _ label: Label) {
    precondition(condition != .al && condition != .nv, "use b(_:) for an unconditional branch")
    emitBranch(0x5400_0000 | UInt32(condition.rawValue), to: label, kind: .conditional19)
  }

  /// `cbz rt, label`: branch if rt is zero.
  public mutating func cbz(_ rt: ARM64Register, _ label: Label) {
    emitBranch(
      0x3400_0000 | ARM64Assembler.sizeFlag(rt) | rt.encoded(as: .zeroRegister), to: label,
      kind: .conditional19)
  }

  /// `cbnz rt, label`: branch if rt is not zero.
  public mutating func cbnz(_ rt: ARM64Register, _ label: Label) {
    emitBranch(
      0x3500_0000 | ARM64Assembler.sizeFlag(rt) | rt.encoded(as: .zeroRegister), to: label,
      kind: .conditional19)
  }

  /// `tbz rt, #bit, label`: branch if bit `bit` of rt is zero (±32 KB before lengthening).
  public mutating func tbz(_ rt: ARM64Register, bit: Int, _ label: Label) {
    emitBranch(0x3600_0000 | testBitFields(rt, bit), to: label, kind: .testBit14)
  }

  /// `tbnz rt, #bit, label`: branch if bit `bit` of rt is one.
  public mutating func tbnz(_ rt: ARM64Register, bit: Int, _ label: Label) {
    emitBranch(0x3700_0000 | testBitFields(rt, bit), to: label, kind: .testBit14)
  }

  /// b5 (bit 31) and b40 (bits 19–23) name the bit; a w register allows 0–31.
  private func testBitFields(_ rt: ARM64Register, _ bit: Int) -> UInt32 {
    precondition((0..<(rt.is64Bit ? 64 : 32)).contains(bit), "bit \(bit) is outside \(rt)")
    return UInt32(bit >> 5) << 31 | UInt32(bit & 0x1F) << 19 | rt.encoded(as: .zeroRegister)
  }

  /// `br xn`: jump to the address in xn.
  public mutating func br(_ rn: ARM64Register) { emit(0xD61F_0000 | branchRegister(rn)) }

  /// `blr xn`: call the address in xn.
  public mutating func blr(_ rn: ARM64Register) { emit(0xD63F_0000 | branchRegister(rn)) }

  /// `ret {xn}` (x30 by default).
  public mutating func ret(_ rn: ARM64Register = .x30) { emit(0xD65F_0000 | branchRegister(rn)) }

  private func branchRegister(_ rn: ARM64Register) -> UInt32 {
    precondition(rn.is64Bit, "branch targets are x registers")
    return rn.encoded(as: .zeroRegister) << 5
  }

  public mutating func nop() { emit(0xD503_201F) }

  /// `brk #imm16`: a breakpoint trap (marks unreachable code).
  public mutating func brk(_ imm16: UInt16) { emit(0xD420_0000 | UInt32(imm16) << 5) }
}
