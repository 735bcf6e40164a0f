// Operands of the arm64 assembler: registers, conditions, shifts, extends and addresses.

/// A general-purpose register as an instruction names it: its number, its
/// width (`x` = 64-bit, `w` = 32-bit), and — for number 31 — whether it is the
/// stack pointer or the zero register. Which of the two a "31" means depends
/// on the instruction field; the assembler checks that the register given is
/// the one the field can encode.
public struct ARM64Register: Hashable, Sendable, CustomStringConvertible {
  /// 0–30, or 31 for sp/zr.
  public let number: UInt8
  public let is64Bit: Bool
  public let isStackPointer: Bool

  init(number: UInt8, is64Bit: Bool, isStackPointer: Bool = false) {
    precondition(number < 32)
    self.number = number
    self.is64Bit = is64Bit
    self.isStackPointer = isStackPointer
  }

  /// `x<number>`, 0–30.
  public static func x(_ number: Int) -> ARM64Register {
    precondition((0...30).contains(number), "x\(number) does not exist (x0–x30, then sp/xzr)")
    return ARM64Register(number: UInt8(number), is64Bit: true)
  }

  /// `w<number>`, 0–30.
  public static func w(_ number: Int) -> ARM64Register {
    precondition((0...30).contains(number), "w\(number) does not exist (w0–w30, then wsp/wzr)")
    return ARM64Register(number: UInt8(number), is64Bit: false)
  }

  public var isZeroRegister: Bool { number == 31 && !isStackPointer }

  /// The 64-bit view of the same register.
  public var x: ARM64Register {
    ARM64Register(number: number, is64Bit: true, isStackPointer: isStackPointer)
  }
  /// The 32-bit view of the same register.
  public var w: ARM64Register {
    ARM64Register(number: number, is64Bit: false, isStackPointer: isStackPointer)
  }

  public var description: String {
    if isStackPointer { return is64Bit ? "sp" : "wsp" }
    if number == 31 { return is64Bit ? "xzr" : "wzr" }
    return "\(is64Bit ? "x" : "w")\(number)"
  }

  public static let sp = ARM64Register(number: 31, is64Bit: true, isStackPointer: true)
  public static let wsp = ARM64Register(number: 31, is64Bit: false, isStackPointer: true)
  public static let xzr = ARM64Register(number: 31, is64Bit: true)
  public static let wzr = ARM64Register(number: 31, is64Bit: false)
  /// The frame pointer and link register by their ABI names.
  public static let fp = x29
  public static let lr = x30

  public static let x0 = ARM64Register(number: 0, is64Bit: true)
  public static let x1 = ARM64Register(number: 1, is64Bit: true)
  public static let x2 = ARM64Register(number: 2, is64Bit: true)
  public static let x3 = ARM64Register(number: 3, is64Bit: true)
  public static let x4 = ARM64Register(number: 4, is64Bit: true)
  public static let x5 = ARM64Register(number: 5, is64Bit: true)
  public static let x6 = ARM64Register(number: 6, is64Bit: true)
  public static let x7 = ARM64Register(number: 7, is64Bit: true)
  public static let x8 = ARM64Register(number: 8, is64Bit: true)
  public static let x9 = ARM64Register(number: 9, is64Bit: true)
  public static let x10 = ARM64Register(number: 10, is64Bit: true)
  public static let x11 = ARM64Register(number: 11, is64Bit: true)
  public static let x12 = ARM64Register(number: 12, is64Bit: true)
  public static let x13 = ARM64Register(number: 13, is64Bit: true)
  public static let x14 = ARM64Register(number: 14, is64Bit: true)
  public static let x15 = ARM64Register(number: 15, is64Bit: true)
  public static let x16 = ARM64Register(number: 16, is64Bit: true)
  public static let x17 = ARM64Register(number: 17, is64Bit: true)
  public static let x18 = ARM64Register(number: 18, is64Bit: true)
  public static let x19 = ARM64Register(number: 19, is64Bit: true)
  public static let x20 = ARM64Register(number: 20, is64Bit: true)
  public static let x21 = ARM64Register(number: 21, is64Bit: true)
  public static let x22 = ARM64Register(number: 22, is64Bit: true)
  public static let x23 = ARM64Register(number: 23, is64Bit: true)
  public static let x24 = ARM64Register(number: 24, is64Bit: true)
  public static let x25 = ARM64Register(number: 25, is64Bit: true)
  public static let x26 = ARM64Register(number: 26, is64Bit: true)
  public static let x27 = ARM64Register(number: 27, is64Bit: true)
  public static let x28 = ARM64Register(number: 28, is64Bit: true)
  public static let x29 = ARM64Register(number: 29, is64Bit: true)
  public static let x30 = ARM64Register(number: 30, is64Bit: true)
  public static let w0 = ARM64Register(number: 0, is64Bit: false)
  public static let w1 = ARM64Register(number: 1, is64Bit: false)
  public static let w2 = ARM64Register(number: 2, is64Bit: false)
  public static let w3 = ARM64Register(number: 3, is64Bit: false)
  public static let w4 = ARM64Register(number: 4, is64Bit: false)
  public static let w5 = ARM64Register(number: 5, is64Bit: false)
  public static let w6 = ARM64Register(number: 6, is64Bit: false)
  public static let w7 = ARM64Register(number: 7, is64Bit: false)
  public static let w8 = ARM64Register(number: 8, is64Bit: false)
  public static let w9 = ARM64Register(number: 9, is64Bit: false)
  public static let w10 = ARM64Register(number: 10, is64Bit: false)
  public static let w11 = ARM64Register(number: 11, is64Bit: false)
  public static let w12 = ARM64Register(number: 12, is64Bit: false)
  public static let w13 = ARM64Register(number: 13, is64Bit: false)
  public static let w14 = ARM64Register(number: 14, is64Bit: false)
  public static let w15 = ARM64Register(number: 15, is64Bit: false)
  public static let w16 = ARM64Register(number: 16, is64Bit: false)
  public static let w17 = ARM64Register(number: 17, is64Bit: false)
  public static let w18 = ARM64Register(number: 18, is64Bit: false)
  public static let w19 = ARM64Register(number: 19, is64Bit: false)
  public static let w20 = ARM64Register(number: 20, is64Bit: false)
  public static let w21 = ARM64Register(number: 21, is64Bit: false)
  public static let w22 = ARM64Register(number: 22, is64Bit: false)
  public static let w23 = ARM64Register(number: 23, is64Bit: false)
  public static let w24 = ARM64Register(number: 24, is64Bit: false)
  public static let w25 = ARM64Register(number: 25, is64Bit: false)
  public static let w26 = ARM64Register(number: 26, is64Bit: false)
  public static let w27 = ARM64Register(number: 27, is64Bit: false)
  public static let w28 = ARM64Register(number: 28, is64Bit: false)
  public static let w29 = ARM64Register(number: 29, is64Bit: false)
  public static let w30 = ARM64Register(number: 30, is64Bit: false)
}

/// A double-precision floating-point register `d0`–`d31`.
public struct ARM64FPRegister: Hashable, Sendable, CustomStringConvertible {
  public let number: UInt8

  public static func d(_ number: Int) -> ARM64FPRegister {
    precondition((0...31).contains(number), "d\(number) does not exist")
    return ARM64FPRegister(number: UInt8(number))
  }

  init(number: UInt8) { self.number = number }

  public var description: String { "d\(number)" }

  public static let d0 = ARM64FPRegister(number: 0)
  public static let d1 = ARM64FPRegister(number: 1)
  public static let d2 = ARM64FPRegister(number: 2)
  public static let d3 = ARM64FPRegister(number: 3)
  public static let d4 = ARM64FPRegister(number: 4)
  public static let d5 = ARM64FPRegister(number: 5)
  public static let d6 = ARM64FPRegister(number: 6)
  public static let d7 = ARM64FPRegister(number: 7)
  public static let d8 = ARM64FPRegister(number: 8)
  public static let d9 = ARM64FPRegister(number: 9)
  public static let d10 = ARM64FPRegister(number: 10)
  public static let d11 = ARM64FPRegister(number: 11)
  public static let d12 = ARM64FPRegister(number: 12)
  public static let d13 = ARM64FPRegister(number: 13)
  public static let d14 = ARM64FPRegister(number: 14)
  public static let d15 = ARM64FPRegister(number: 15)
  public static let d16 = ARM64FPRegister(number: 16)
  public static let d17 = ARM64FPRegister(number: 17)
  public static let d18 = ARM64FPRegister(number: 18)
  public static let d19 = ARM64FPRegister(number: 19)
  public static let d20 = ARM64FPRegister(number: 20)
  public static let d21 = ARM64FPRegister(number: 21)
  public static let d22 = ARM64FPRegister(number: 22)
  public static let d23 = ARM64FPRegister(number: 23)
  public static let d24 = ARM64FPRegister(number: 24)
  public static let d25 = ARM64FPRegister(number: 25)
  public static let d26 = ARM64FPRegister(number: 26)
  public static let d27 = ARM64FPRegister(number: 27)
  public static let d28 = ARM64FPRegister(number: 28)
  public static let d29 = ARM64FPRegister(number: 29)
  public static let d30 = ARM64FPRegister(number: 30)
  public static let d31 = ARM64FPRegister(number: 31)
}

/// A condition code (ARM ARM C1.2.4). After `fcmp`, unordered sets C and V.
public enum ARM64Condition: UInt8, CaseIterable, Sendable {
  case eq = 0  // equal
  case ne  // not equal
  case hs  // unsigned >= (carry set, "cs")
  case lo  // unsigned < (carry clear, "cc")
  case mi  // negative
  case pl  // positive or zero
  case vs  // overflow
  case vc  // no overflow
  case hi  // unsigned >
  case ls  // unsigned <=
  case ge  // signed >=
  case lt  // signed <
  case gt  // signed >
  case le  // signed <=
  case al  // always
  case nv  // always (reserved encoding)

  /// The condition that holds exactly when this one does not. `al` and `nv`
  /// both mean "always" and have no inverse.
  public var inverted: ARM64Condition {
    precondition(self != .al && self != .nv, "\(self) has no inverse")
    return ARM64Condition(rawValue: rawValue ^ 1)!
  }
}

/// The shift applied to the last register operand of data-processing instructions.
public enum ARM64Shift: UInt8, Sendable {
  case lsl = 0
  case lsr, asr
  /// Only for logical instructions.
  case ror
}

/// The extension applied to the last register of an extended-register add/sub.
public enum ARM64Extend: UInt8, Sendable {
  case uxtb = 0
  case uxth, uxtw, uxtx, sxtb, sxth, sxtw, sxtx

  /// Whether the extended register is named as `x` (the 64-bit extends) or `w`.
  var takes64BitRegister: Bool { self == .uxtx || self == .sxtx }
}

/// How an index register is extended in a register-offset load or store.
public enum ARM64IndexExtend: UInt8, Sendable {
  /// A 32-bit index, zero-extended.
  case uxtw = 0b010
  /// A 64-bit index (`lsl`).
  case lsl = 0b011
  /// A 32-bit index, sign-extended.
  case sxtw = 0b110
  /// A 64-bit index, `sxtx`.
  case sxtx = 0b111

  var takes64BitRegister: Bool { self == .lsl || self == .sxtx }
}

/// The address of a load or store.
public enum ARM64Address: Sendable {
  /// `[base, #offset]`: the scaled unsigned 12-bit form when the offset is a
  /// non-negative multiple of the access size in range, else the unscaled
  /// signed 9-bit form (`ldur`/`stur`).
  case offset(ARM64Register, Int)
  /// `[base, #offset]!`: adds `offset` to `base` before the access.
  case preIndex(ARM64Register, Int)
  /// `[base], #offset`: adds `offset` to `base` after the access.
  case postIndex(ARM64Register, Int)
  /// `[base, index{, extend {#log2(size)}}]`; `shifted` scales the index by the access size.
  case registerOffset(
    ARM64Register, index: ARM64Register, extend: ARM64IndexExtend = .lsl, shifted: Bool = false)

  /// `[base]`.
  public static func base(_ register: ARM64Register) -> ARM64Address { .offset(register, 0) }
}
