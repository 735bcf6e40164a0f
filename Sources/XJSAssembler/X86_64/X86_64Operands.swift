// Operands of the x86-64 assembler: registers, conditions, memory addresses.

/// A general-purpose register. Its width in an instruction comes from the
/// instruction's `width:` argument (or the instruction itself for byte forms).
public enum X86Register: UInt8, CaseIterable, Sendable {
  case rax, rcx, rdx, rbx, rsp, rbp, rsi, rdi
  case r8, r9, r10, r11, r12, r13, r14, r15

  /// The three bits that go into ModRM/SIB/opcode.
  var low3: UInt8 { rawValue & 7 }
  /// Whether the register needs a REX extension bit (r8–r15).
  var isExtended: Bool { rawValue >= 8 }
  /// spl/bpl/sil/dil are only reachable as byte registers with a REX prefix
  /// (without one, the same numbers mean ah/ch/dh/bh).
  var needsREXAsByte: Bool { (4...7).contains(rawValue) }
}

/// An SSE register.
public enum XMMRegister: UInt8, CaseIterable, Sendable {
  case xmm0, xmm1, xmm2, xmm3, xmm4, xmm5, xmm6, xmm7
  case xmm8, xmm9, xmm10, xmm11, xmm12, xmm13, xmm14, xmm15
}

/// Operand width of an integer instruction.
public enum X86Width: Sendable {
  /// 32 bits; writing a 32-bit register zeroes the upper half.
  case dword
  /// 64 bits (REX.W).
  case qword
}

/// A condition code, as in `jcc`, `setcc`, `cmovcc` (the low nibble of the opcode).
public enum X86Condition: UInt8, CaseIterable, Sendable {
  case overflow = 0  // o
  case noOverflow  // no
  case below  // b (carry; unsigned <)
  case aboveOrEqual  // ae (unsigned >=)
  case equal  // e / z
  case notEqual  // ne / nz
  case belowOrEqual  // be (unsigned <=)
  case above  // a (unsigned >)
  case sign  // s
  case notSign  // ns
  case parity  // p (unordered after ucomisd)
  case noParity  // np
  case less  // l (signed <)
  case greaterOrEqual  // ge
  case lessOrEqual  // le
  case greater  // g

  /// The condition that holds exactly when this one does not (flip of bit 0).
  public var inverted: X86Condition { X86Condition(rawValue: rawValue ^ 1)! }
}

/// Scale of an index register in a memory operand.
public enum X86Scale: UInt8, Sendable {
  case x1 = 0
  case x2, x4, x8
}

/// A memory operand: `[base + index*scale + displacement]`, an absolute
/// 32-bit address, or an address relative to the next instruction (RIP).
public struct X86Memory: Sendable {
  enum Base: Sendable {
    case register(X86Register)
    case none
    case rip(Label?)
  }

  let base: Base
  let index: X86Register?
  let scale: X86Scale
  let displacement: Int32

  /// `[base + index*scale + displacement]`. `rsp` cannot be an index (its
  /// number means "no index"); `r12` can.
  public init(
    base: X86Register, index: X86Register? = nil, scale: X86Scale = .x1, displacement: Int32 = 0
  ) {
    precondition(index != .rsp, "rsp cannot be an index register")
    self.base = .register(base)
    self.index = index
    self.scale = scale
    self.displacement = displacement
  }

  /// `[index*scale + displacement]` with no base register.
  public init(index: X86Register, scale: X86Scale, displacement: Int32 = 0) {
    precondition(index != .rsp, "rsp cannot be an index register")
    self.base = .none
    self.index = index
    self.scale = scale
    self.displacement = displacement
  }

  private init(base: Base, displacement: Int32) {
    self.base = base
    self.index = nil
    self.scale = .x1
    self.displacement = displacement
  }

  /// `[displacement]`: an absolute address in the low (sign-extended) 2 GB.
  public static func absolute(_ address: Int32) -> X86Memory {
    X86Memory(base: .none, displacement: address)
  }

  /// `[rip + displacement]`, counted from the end of the instruction.
  public static func ripRelative(_ displacement: Int32) -> X86Memory {
    X86Memory(base: .rip(nil), displacement: displacement)
  }

  /// `[rip + (label - end of instruction)]`: data placed in the code, such as
  /// a double constant.
  public static func ripRelative(_ label: Label) -> X86Memory {
    X86Memory(base: .rip(label), displacement: 0)
  }
}
