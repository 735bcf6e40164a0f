// System instructions (C4.1.2 "Branches, Exception Generating and System instructions"):
// the condition flags as a system register, and the supervisor call.

extension ARM64Assembler {
  /// `mrs xt, nzcv`: the condition flags into bits 31–28 of xt (the other bits zero).
  public mutating func mrsNZCV(_ rt: ARM64Register) {
    precondition(rt.is64Bit, "mrs reads into an x register")
    emit(0xD53B_4200 | rt.encoded(as: .zeroRegister))
  }

  /// `msr nzcv, xt`: the condition flags from bits 31–28 of xt.
  public mutating func msrNZCV(_ rt: ARM64Register) {
    precondition(rt.is64Bit, "msr writes from an x register")
    emit(0xD51B_4200 | rt.encoded(as: .zeroRegister))
  }

  /// `svc #imm16`: a system call (Linux: number in x8, arguments in x0…x5).
  public mutating func svc(_ imm16: UInt16) { emit(0xD400_0001 | UInt32(imm16) << 5) }
}
