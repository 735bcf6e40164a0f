// PC-relative addressing (C4.1.1 "Data Processing -- Immediate", PC-rel. addressing).

extension ARM64Assembler {
  /// `adr xd, label`: xd = the address `label` has when the code runs (±1 MB; `finalize()`
  /// adds an `add`/`sub` of a multiple of 4 KB beyond that, reaching ±16 MB).
  public mutating func adr(_ rd: ARM64Register, _ label: Label) {
    precondition(rd.is64Bit, "adr produces an x register")
    emitBranch(0x1000_0000 | rd.encoded(as: .zeroRegister), to: label, kind: .address21)
  }
}
