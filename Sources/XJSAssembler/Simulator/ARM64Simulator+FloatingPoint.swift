// Scalar double-precision floating point (Arm ARM C4.1.90 "Data Processing -- Scalar
// Floating-Point and Advanced SIMD"): fmov (register, immediate, to and from x registers),
// fadd/fsub/fmul/fdiv, fabs/fneg/fsqrt, frintm/frintp/frintz, fcmp, scvtf and fcvtzs.
//
// NaNs follow the Arm rules, not the host's (FPCR.DN = 0): an operation on a NaN returns the
// first signaling NaN operand, else the first quiet one, quieted; a NaN made from numbers
// (∞ − ∞, 0 / 0, √−1) is the default NaN 0x7FF8_0000_0000_0000.

extension ARM64Simulator {
  func executeFloatingPoint(_ word: UInt32) throws(ARM64SimulatorError) {
    let rd = Int(field(word, 0, 5))
    let rn = Int(field(word, 5, 5))
    let rm = Int(field(word, 16, 5))
    switch word {
    case _ where word & 0xFFFF_FC00 == 0x9E67_0000: d[rd] = register(UInt32(rn))  // fmov dd, xn
    case _ where word & 0xFFFF_FC00 == 0x9E66_0000: setRegister(UInt32(rd), d[rn])  // fmov xd, dn
    case _ where word & 0x7FFF_FC00 == 0x1E62_0000:  // scvtf dd, wn / xn
      let source = register(UInt32(rn))
      let value = bit(word, 31) ? Double(Int64(bitPattern: source)) : Double(Int32(truncatingIfNeeded: source))
      d[rd] = value.bitPattern
    case _ where word & 0x7FFF_FC00 == 0x1E78_0000:  // fcvtzs wd / xd, dn
      let is64Bit = bit(word, 31)
      setRegister(UInt32(rd), convertToSignedInteger(d[rn], is64Bit: is64Bit), is64Bit: is64Bit)
    case _ where word & 0xFFE0_FC00 == 0x1E60_0800: d[rd] = arithmetic(d[rn], d[rm], *)  // fmul
    case _ where word & 0xFFE0_FC00 == 0x1E60_1800: d[rd] = arithmetic(d[rn], d[rm], /)  // fdiv
    case _ where word & 0xFFE0_FC00 == 0x1E60_2800: d[rd] = arithmetic(d[rn], d[rm], +)  // fadd
    case _ where word & 0xFFE0_FC00 == 0x1E60_3800: d[rd] = arithmetic(d[rn], d[rm], -)  // fsub
    case _ where word & 0xFFE0_FC1F == 0x1E60_2000: nzcv = compare(d[rn], d[rm])  // fcmp dn, dm
    case _ where word & 0xFFFF_FC1F == 0x1E60_2008: nzcv = compare(d[rn], 0)  // fcmp dn, #0.0
    case _ where word & 0xFFE0_1FE0 == 0x1E60_1000: d[rd] = expandImmediate(field(word, 13, 8))  // fmov dd, #imm
    case _ where word & 0xFFFF_FC00 == 0x1E60_4000: d[rd] = d[rn]  // fmov dd, dn
    case _ where word & 0xFFFF_FC00 == 0x1E60_C000: d[rd] = d[rn] & ~(1 << 63)  // fabs
    case _ where word & 0xFFFF_FC00 == 0x1E61_4000: d[rd] = d[rn] ^ (1 << 63)  // fneg
    case _ where word & 0xFFFF_FC00 == 0x1E61_C000: d[rd] = unary(d[rn]) { $0.squareRoot() }  // fsqrt
    case _ where word & 0xFFFF_FC00 == 0x1E65_4000: d[rd] = unary(d[rn]) { $0.rounded(.down) }  // frintm
    case _ where word & 0xFFFF_FC00 == 0x1E64_C000: d[rd] = unary(d[rn]) { $0.rounded(.up) }  // frintp
    case _ where word & 0xFFFF_FC00 == 0x1E65_C000: d[rd] = unary(d[rn]) { $0.rounded(.towardZero) }  // frintz
    default: throw unimplemented(word, "floating point or Advanced SIMD")
    }
  }

  /// A binary operation with the Arm NaN rules.
  private func arithmetic(_ a: UInt64, _ b: UInt64, _ operation: (Double, Double) -> Double) -> UInt64 {
    if let nan = propagatedNaN(a, b) { return nan }
    let result = operation(Double(bitPattern: a), Double(bitPattern: b))
    return result.isNaN ? Self.defaultNaN : result.bitPattern
  }

  private func unary(_ a: UInt64, _ operation: (Double) -> Double) -> UInt64 {
    if let nan = propagatedNaN(a, a) { return nan }
    let result = operation(Double(bitPattern: a))
    return result.isNaN ? Self.defaultNaN : result.bitPattern
  }

  static let defaultNaN: UInt64 = 0x7FF8_0000_0000_0000
  private static let quietBit: UInt64 = 1 << 51

  /// FPProcessNaNs: the NaN an operation on `a` and `b` returns, if either is one.
  private func propagatedNaN(_ a: UInt64, _ b: UInt64) -> UInt64? {
    let (first, second) = (Double(bitPattern: a), Double(bitPattern: b))
    if first.isSignalingNaN { return a | Self.quietBit }
    if second.isSignalingNaN { return b | Self.quietBit }
    if first.isNaN { return a }
    if second.isNaN { return b }
    return nil
  }

  /// FPCompare: NZCV 0110 equal, 1000 less, 0010 greater, 0011 unordered.
  private func compare(_ a: UInt64, _ b: UInt64) -> UInt8 {
    let (first, second) = (Double(bitPattern: a), Double(bitPattern: b))
    if first.isNaN || second.isNaN { return Flag.c | Flag.v }
    if first == second { return Flag.z | Flag.c }
    return first < second ? Flag.n : Flag.c
  }

  /// fcvtzs: toward zero, saturating at the integer's range; NaN converts to 0.
  private func convertToSignedInteger(_ bits: UInt64, is64Bit: Bool) -> UInt64 {
    let value = Double(bitPattern: bits)
    if value.isNaN { return 0 }
    if is64Bit {
      if value >= 0x1p63 { return UInt64(bitPattern: Int64.max) }
      if value < -0x1p63 { return UInt64(bitPattern: Int64.min) }
      return UInt64(bitPattern: Int64(value.rounded(.towardZero)))
    }
    if value >= 0x1p31 { return UInt64(UInt32(bitPattern: Int32.max)) }
    if value < -0x1p31 { return UInt64(UInt32(bitPattern: Int32.min)) }
    return UInt64(UInt32(bitPattern: Int32(value.rounded(.towardZero))))
  }

  /// VFPExpandImm for a double: sign a, exponent NOT(b):Replicate(b, 8):cd, fraction efgh.
  private func expandImmediate(_ imm8: UInt32) -> UInt64 {
    let sign = UInt64(imm8 >> 7) << 63
    let b = UInt64((imm8 >> 6) & 1)
    let exponent = (b ^ 1) << 10 | (b == 1 ? 0xFF << 2 : 0) | UInt64((imm8 >> 4) & 3)
    let fraction = UInt64(imm8 & 0xF) << 48
    return sign | exponent << 52 | fraction
  }
}
