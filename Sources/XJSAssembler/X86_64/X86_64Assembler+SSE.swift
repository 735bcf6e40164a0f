// SSE2 scalar double arithmetic, moves and conversions.

extension X86_64Assembler {
  /// `movsd dst, src` between registers (merges the low 64 bits).
  public mutating func movsd(_ dst: XMMRegister, _ src: XMMRegister) {
    sse(0xF2, 0x10, dst.rawValue, .register(src.rawValue))
  }

  /// `movsd dst, qword [memory]` (load; zeroes the upper half of `dst`).
  public mutating func movsd(_ dst: XMMRegister, _ src: X86Memory) {
    sse(0xF2, 0x10, dst.rawValue, .memory(src))
  }

  /// `movsd qword [memory], src` (store).
  public mutating func movsd(_ dst: X86Memory, _ src: XMMRegister) {
    sse(0xF2, 0x11, src.rawValue, .memory(dst))
  }

  /// `movq dst, src`: the bits of a general register into an XMM register.
  public mutating func movq(_ dst: XMMRegister, _ src: X86Register) {
    emit(
      prefix: 0x66, rexW: true, opcode: .init(0x0F, 0x6E), reg: dst.rawValue,
      rm: .register(src.rawValue))
  }

  /// `movq dst, src`: the low 64 bits of an XMM register into a general register.
  public mutating func movq(_ dst: X86Register, _ src: XMMRegister) {
    emit(
      prefix: 0x66, rexW: true, opcode: .init(0x0F, 0x7E), reg: src.rawValue,
      rm: .register(dst.rawValue))
  }

  public mutating func addsd(_ dst: XMMRegister, _ src: XMMRegister) {
    sse(0xF2, 0x58, dst.rawValue, .register(src.rawValue))
  }
  public mutating func addsd(_ dst: XMMRegister, _ src: X86Memory) {
    sse(0xF2, 0x58, dst.rawValue, .memory(src))
  }

  public mutating func subsd(_ dst: XMMRegister, _ src: XMMRegister) {
    sse(0xF2, 0x5C, dst.rawValue, .register(src.rawValue))
  }
  public mutating func subsd(_ dst: XMMRegister, _ src: X86Memory) {
    sse(0xF2, 0x5C, dst.rawValue, .memory(src))
  }

  public mutating func mulsd(_ dst: XMMRegister, _ src: XMMRegister) {
    sse(0xF2, 0x59, dst.rawValue, .register(src.rawValue))
  }
  public mutating func mulsd(_ dst: XMMRegister, _ src: X86Memory) {
    sse(0xF2, 0x59, dst.rawValue, .memory(src))
  }

  public mutating func divsd(_ dst: XMMRegister, _ src: XMMRegister) {
    sse(0xF2, 0x5E, dst.rawValue, .register(src.rawValue))
  }
  public mutating func divsd(_ dst: XMMRegister, _ src: X86Memory) {
    sse(0xF2, 0x5E, dst.rawValue, .memory(src))
  }

  public mutating func sqrtsd(_ dst: XMMRegister, _ src: XMMRegister) {
    sse(0xF2, 0x51, dst.rawValue, .register(src.rawValue))
  }
  public mutating func sqrtsd(_ dst: XMMRegister, _ src: X86Memory) {
    sse(0xF2, 0x51, dst.rawValue, .memory(src))
  }

  /// `ucomisd lhs, rhs`: unordered compare; ZF/PF/CF as for an unsigned
  /// compare, with PF=1 when either operand is NaN.
  public mutating func ucomisd(_ lhs: XMMRegister, _ rhs: XMMRegister) {
    sse(0x66, 0x2E, lhs.rawValue, .register(rhs.rawValue))
  }
  public mutating func ucomisd(_ lhs: XMMRegister, _ rhs: X86Memory) {
    sse(0x66, 0x2E, lhs.rawValue, .memory(rhs))
  }

  /// `xorpd dst, src` (`xorpd x, x` zeroes; with a sign mask, negates).
  public mutating func xorpd(_ dst: XMMRegister, _ src: XMMRegister) {
    sse(0x66, 0x57, dst.rawValue, .register(src.rawValue))
  }

  /// `andpd dst, src` (with a mask, clears the sign: absolute value).
  public mutating func andpd(_ dst: XMMRegister, _ src: XMMRegister) {
    sse(0x66, 0x54, dst.rawValue, .register(src.rawValue))
  }

  /// `cvtsi2sd dst, src`: a signed 32- or 64-bit integer to double.
  public mutating func cvtsi2sd(_ dst: XMMRegister, _ src: X86Register, width: X86Width = .qword) {
    emit(
      prefix: 0xF2, rexW: width == .qword, opcode: .init(0x0F, 0x2A), reg: dst.rawValue,
      rm: .register(src.rawValue))
  }
  public mutating func cvtsi2sd(_ dst: XMMRegister, _ src: X86Memory, width: X86Width = .qword) {
    emit(
      prefix: 0xF2, rexW: width == .qword, opcode: .init(0x0F, 0x2A), reg: dst.rawValue,
      rm: .memory(src))
  }

  /// `cvttsd2si dst, src`: double to signed integer, truncating; out-of-range
  /// and NaN give the "integer indefinite" value 0x80000000(00000000).
  public mutating func cvttsd2si(_ dst: X86Register, _ src: XMMRegister, width: X86Width = .qword) {
    emit(
      prefix: 0xF2, rexW: width == .qword, opcode: .init(0x0F, 0x2C), reg: dst.rawValue,
      rm: .register(src.rawValue))
  }
  public mutating func cvttsd2si(_ dst: X86Register, _ src: X86Memory, width: X86Width = .qword) {
    emit(
      prefix: 0xF2, rexW: width == .qword, opcode: .init(0x0F, 0x2C), reg: dst.rawValue,
      rm: .memory(src))
  }

  /// `prefix 0F opcode /r` without REX.W.
  private mutating func sse(_ prefix: UInt8, _ opcode: UInt8, _ reg: UInt8, _ rm: RM) {
    emit(prefix: prefix, rexW: false, opcode: .init(0x0F, opcode), reg: reg, rm: rm)
  }
}
