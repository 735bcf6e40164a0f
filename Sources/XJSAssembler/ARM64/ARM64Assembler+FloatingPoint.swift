// Scalar double-precision floating point (C4.1.6 "Floating-point data processing"
// and conversions between floating-point and integer).

extension ARM64Assembler {
  /// `fmov dd, dn`.
  public mutating func fmov(_ dd: ARM64FPRegister, _ dn: ARM64FPRegister) {
    fp1(0x1E60_4000, dd, dn)
  }

  /// `fmov dd, xn`: the bits of a general register into a d register.
  public mutating func fmov(_ dd: ARM64FPRegister, _ xn: ARM64Register) {
    precondition(xn.is64Bit, "fmov to a d register takes an x register")
    emit(0x9E67_0000 | xn.encoded(as: .zeroRegister) << 5 | UInt32(dd.number))
  }

  /// `fmov xd, dn`: the bits of a d register into a general register.
  public mutating func fmov(_ xd: ARM64Register, _ dn: ARM64FPRegister) {
    precondition(xd.is64Bit, "fmov from a d register takes an x register")
    emit(0x9E66_0000 | UInt32(dn.number) << 5 | xd.encoded(as: .zeroRegister))
  }

  /// The 8-bit `fmov` immediate for `value` (±(16…31)/16 · 2^(−3…4)), or nil.
  public static func fmovImmediate(_ value: Double) -> UInt8? {
    let bits = value.bitPattern
    guard bits & 0x0000_FFFF_FFFF_FFFF == 0 else { return nil }  // only 4 fraction bits
    // VFPExpandImm: exponent = NOT(b):Replicate(b, 8):cd, so bits 62..54 are !b then eight b's.
    let b = (bits >> 61) & 1
    let exponentHigh = (bits >> 54) & 0x1FF
    guard exponentHigh == (b == 1 ? 0x0FF : 0x100) else { return nil }
    return UInt8((bits >> 63) << 7 | b << 6 | (bits >> 48) & 0x3F)
  }

  /// `fmov dd, #value`; check `fmovImmediate(_:)` first.
  public mutating func fmov(_ dd: ARM64FPRegister, immediate value: Double) {
    guard let imm8 = ARM64Assembler.fmovImmediate(value) else {
      preconditionFailure("\(value) is not an fmov immediate")
    }
    emit(0x1E60_1000 | UInt32(imm8) << 13 | UInt32(dd.number))
  }

  public mutating func fadd(_ dd: ARM64FPRegister, _ dn: ARM64FPRegister, _ dm: ARM64FPRegister) {
    fp2(0x1E60_2800, dd, dn, dm)
  }
  public mutating func fsub(_ dd: ARM64FPRegister, _ dn: ARM64FPRegister, _ dm: ARM64FPRegister) {
    fp2(0x1E60_3800, dd, dn, dm)
  }
  public mutating func fmul(_ dd: ARM64FPRegister, _ dn: ARM64FPRegister, _ dm: ARM64FPRegister) {
    fp2(0x1E60_0800, dd, dn, dm)
  }
  public mutating func fdiv(_ dd: ARM64FPRegister, _ dn: ARM64FPRegister, _ dm: ARM64FPRegister) {
    fp2(0x1E60_1800, dd, dn, dm)
  }
  public mutating func fsqrt(_ dd: ARM64FPRegister, _ dn: ARM64FPRegister) {
    fp1(0x1E61_C000, dd, dn)
  }
  public mutating func fneg(_ dd: ARM64FPRegister, _ dn: ARM64FPRegister) {
    fp1(0x1E61_4000, dd, dn)
  }
  public mutating func fabs(_ dd: ARM64FPRegister, _ dn: ARM64FPRegister) {
    fp1(0x1E60_C000, dd, dn)
  }
  /// `frintm`: round toward −∞ (Math.floor).
  public mutating func frintm(_ dd: ARM64FPRegister, _ dn: ARM64FPRegister) {
    fp1(0x1E65_4000, dd, dn)
  }
  /// `frintp`: round toward +∞ (Math.ceil).
  public mutating func frintp(_ dd: ARM64FPRegister, _ dn: ARM64FPRegister) {
    fp1(0x1E64_C000, dd, dn)
  }
  /// `frintz`: round toward zero (Math.trunc).
  public mutating func frintz(_ dd: ARM64FPRegister, _ dn: ARM64FPRegister) {
    fp1(0x1E65_C000, dd, dn)
  }

  /// `fcmp dn, dm`: unordered sets C and V (so `vs` tests for NaN).
  public mutating func fcmp(_ dn: ARM64FPRegister, _ dm: ARM64FPRegister) {
    emit(0x1E60_2000 | UInt32(dm.number) << 16 | UInt32(dn.number) << 5)
  }
  /// `fcmp dn, #0.0`.
  public mutating func fcmpZero(_ dn: ARM64FPRegister) {
    emit(0x1E60_2008 | UInt32(dn.number) << 5)
  }

  /// `scvtf dd, rn`: a signed 32- or 64-bit integer to double.
  public mutating func scvtf(_ dd: ARM64FPRegister, _ rn: ARM64Register) {
    emit(
      0x1E62_0000 | ARM64Assembler.sizeFlag(rn) | rn.encoded(as: .zeroRegister) << 5
        | UInt32(dd.number))
  }

  /// `fcvtzs rd, dn`: double to signed integer, toward zero, saturating (NaN → 0).
  public mutating func fcvtzs(_ rd: ARM64Register, _ dn: ARM64FPRegister) {
    emit(
      0x1E78_0000 | ARM64Assembler.sizeFlag(rd) | UInt32(dn.number) << 5
        | rd.encoded(as: .zeroRegister))
  }

  /// `fjcvtzs wd, dn` (Armv8.3 JSCVT): JavaScript ToInt32 of a double; Z is set
  /// when the conversion was exact. Only for CPUs that report JSCVT.
  public mutating func fjcvtzs(_ rd: ARM64Register, _ dn: ARM64FPRegister) {
    precondition(!rd.is64Bit, "fjcvtzs produces a w register")
    emit(0x1E7E_0000 | UInt32(dn.number) << 5 | rd.encoded(as: .zeroRegister))
  }

  private mutating func fp1(_ opcode: UInt32, _ dd: ARM64FPRegister, _ dn: ARM64FPRegister) {
    emit(opcode | UInt32(dn.number) << 5 | UInt32(dd.number))
  }

  private mutating func fp2(
    _ opcode: UInt32, _ dd: ARM64FPRegister, _ dn: ARM64FPRegister, _ dm: ARM64FPRegister
  ) {
    emit(opcode | UInt32(dm.number) << 16 | UInt32(dn.number) << 5 | UInt32(dd.number))
  }
}
