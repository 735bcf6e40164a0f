// Integer moves, add/sub, logic, shifts and bitfields, multiply/divide, and
// conditional select.

extension ARM64Assembler {
  // MARK: - Move wide immediates (C6.2 MOVZ/MOVN/MOVK)

  /// `movz rd, #imm16, lsl #shift`: rd = imm16 << shift.
  public mutating func movz(_ rd: ARM64Register, _ imm16: UInt16, shift: Int = 0) {
    moveWide(0x5280_0000, rd, imm16, shift)
  }

  /// `movn rd, #imm16, lsl #shift`: rd = ~(imm16 << shift).
  public mutating func movn(_ rd: ARM64Register, _ imm16: UInt16, shift: Int = 0) {
    moveWide(0x1280_0000, rd, imm16, shift)
  }

  /// `movk rd, #imm16, lsl #shift`: replaces one halfword of rd.
  public mutating func movk(_ rd: ARM64Register, _ imm16: UInt16, shift: Int = 0) {
    moveWide(0x7280_0000, rd, imm16, shift)
  }

  private mutating func moveWide(
    _ opcode: UInt32, _ rd: ARM64Register, _ imm16: UInt16, _ shift: Int
  ) {
    precondition(
      shift % 16 == 0 && shift >= 0 && shift < (rd.is64Bit ? 64 : 32),
      "bad move-wide shift \(shift)")
    emit(
      opcode | ARM64Assembler.sizeFlag(rd) | UInt32(shift / 16) << 21 | UInt32(imm16) << 5
        | rd.encoded(as: .zeroRegister))
  }

  /// Loads any constant into `rd` in as few instructions as it can: one
  /// `movz`, `movn` or `orr` with a bitmask immediate when one suffices, else
  /// `movz` or `movn` (whichever leaves fewer halfwords to fix) and `movk`s.
  /// For a `w` register only the low 32 bits of `value` count.
  public mutating func mov(_ rd: ARM64Register, immediate value: UInt64) {
    let halfwordCount = rd.is64Bit ? 4 : 2
    let value = rd.is64Bit ? value : value & 0xFFFF_FFFF
    let halfwords = (0..<halfwordCount).map { UInt16(truncatingIfNeeded: value >> UInt64(16 * $0)) }
    let nonZero = halfwords.indices.filter { halfwords[$0] != 0 }
    let nonOnes = halfwords.indices.filter { halfwords[$0] != 0xFFFF }

    if nonZero.count <= 1 {
      let index = nonZero.first ?? 0
      movz(rd, halfwords[index], shift: 16 * index)
    } else if nonOnes.count <= 1 {
      let index = nonOnes.first ?? 0
      movn(rd, ~halfwords[index], shift: 16 * index)
    } else if let bitmask = ARM64BitmaskImmediate(value, is64Bit: rd.is64Bit) {
      logicalImmediate(0x3200_0000, rd, rd.is64Bit ? .xzr : .wzr, bitmask)
    } else if nonOnes.count < nonZero.count {
      movn(rd, ~halfwords[nonOnes[0]], shift: 16 * nonOnes[0])
      for index in nonOnes.dropFirst() { movk(rd, halfwords[index], shift: 16 * index) }
    } else {
      movz(rd, halfwords[nonZero[0]], shift: 16 * nonZero[0])
      for index in nonZero.dropFirst() { movk(rd, halfwords[index], shift: 16 * index) }
    }
  }

  /// `mov rd, rn` between registers, including to and from `sp`.
  public mutating func mov(_ rd: ARM64Register, _ rn: ARM64Register) {
    requireSameWidth(rd, rn)
    if rd.isStackPointer || rn.isStackPointer {
      add(rd, rn, immediate: 0)  // the alias `mov` to/from sp
    } else {
      orr(rd, rd.is64Bit ? .xzr : .wzr, rn)
    }
  }

  // MARK: - Add and subtract (C4.1.2, C4.1.5)

  enum AddSubOperation: UInt32 {
    case add = 0x0000_0000
    case adds = 0x2000_0000
    case sub = 0x4000_0000
    case subs = 0x6000_0000

    var setsFlags: Bool { self == .adds || self == .subs }
  }

  /// Whether `value` is an add/sub immediate: 12 bits, optionally shifted left by 12.
  public static func canEncodeAddSubImmediate(_ value: Int) -> Bool {
    value.fitsUnsigned(bits: 12) || (value & 0xFFF == 0 && value.fitsUnsigned(bits: 24))
  }

  /// `add rd, rn, #imm` (rd and rn may be sp). The immediate is 0–4095 or a
  /// multiple of 4096 up to 0xFFF000.
  public mutating func add(_ rd: ARM64Register, _ rn: ARM64Register, immediate: Int) {
    addSubImmediate(.add, rd, rn, immediate)
  }
  /// `adds rd, rn, #imm` (sets flags; rd = xzr is `cmn`).
  public mutating func adds(_ rd: ARM64Register, _ rn: ARM64Register, immediate: Int) {
    addSubImmediate(.adds, rd, rn, immediate)
  }
  public mutating func sub(_ rd: ARM64Register, _ rn: ARM64Register, immediate: Int) {
    addSubImmediate(.sub, rd, rn, immediate)
  }
  /// `subs rd, rn, #imm` (sets flags; rd = xzr is `cmp`).
  public mutating func subs(_ rd: ARM64Register, _ rn: ARM64Register, immediate: Int) {
    addSubImmediate(.subs, rd, rn, immediate)
  }
  /// `cmp rn, #imm`.
  public mutating func cmp(_ rn: ARM64Register, immediate: Int) {
    subs(rn.is64Bit ? .xzr : .wzr, rn, immediate: immediate)
  }
  /// `cmn rn, #imm`.
  public mutating func cmn(_ rn: ARM64Register, immediate: Int) {
    adds(rn.is64Bit ? .xzr : .wzr, rn, immediate: immediate)
  }

  private mutating func addSubImmediate(
    _ operation: AddSubOperation, _ rd: ARM64Register, _ rn: ARM64Register, _ value: Int
  ) {
    requireSameWidth(rd, rn)
    precondition(
      ARM64Assembler.canEncodeAddSubImmediate(value), "\(value) is not an add/sub immediate")
    let shifted = !value.fitsUnsigned(bits: 12)
    let imm12 = UInt32(shifted ? value >> 12 : value)
    emit(
      0x1100_0000 | operation.rawValue | ARM64Assembler.sizeFlag(rd) | (shifted ? 1 << 22 : 0)
        | imm12 << 10
        | rn.encoded(as: .stackPointer) << 5
        | rd.encoded(as: operation.setsFlags ? .zeroRegister : .stackPointer))
  }

  /// `add rd, rn, rm{, shift #amount}`. When rd or rn is sp (which the
  /// shifted-register form cannot name) and there is no shift, the
  /// extended-register form is used, as assemblers do.
  public mutating func add(
    _ rd: ARM64Register, _ rn: ARM64Register, _ rm: ARM64Register, shift: ARM64Shift = .lsl,
    amount: Int = 0
  ) {
    addSub(.add, rd, rn, rm, shift, amount)
  }
  public mutating func adds(
    _ rd: ARM64Register, _ rn: ARM64Register, _ rm: ARM64Register, shift: ARM64Shift = .lsl,
    amount: Int = 0
  ) {
    addSub(.adds, rd, rn, rm, shift, amount)
  }
  public mutating func sub(
    _ rd: ARM64Register, _ rn: ARM64Register, _ rm: ARM64Register, shift: ARM64Shift = .lsl,
    amount: Int = 0
  ) {
    addSub(.sub, rd, rn, rm, shift, amount)
  }
  public mutating func subs(
    _ rd: ARM64Register, _ rn: ARM64Register, _ rm: ARM64Register, shift: ARM64Shift = .lsl,
    amount: Int = 0
  ) {
    addSub(.subs, rd, rn, rm, shift, amount)
  }
  /// `cmp rn, rm{, shift #amount}`.
  public mutating func cmp(
    _ rn: ARM64Register, _ rm: ARM64Register, shift: ARM64Shift = .lsl, amount: Int = 0
  ) {
    subs(rn.is64Bit ? .xzr : .wzr, rn, rm, shift: shift, amount: amount)
  }
  /// `cmn rn, rm{, shift #amount}`.
  public mutating func cmn(
    _ rn: ARM64Register, _ rm: ARM64Register, shift: ARM64Shift = .lsl, amount: Int = 0
  ) {
    adds(rn.is64Bit ? .xzr : .wzr, rn, rm, shift: shift, amount: amount)
  }
  /// `neg rd, rm{, shift #amount}` (sub from the zero register).
  public mutating func neg(
    _ rd: ARM64Register, _ rm: ARM64Register, shift: ARM64Shift = .lsl, amount: Int = 0
  ) {
    sub(rd, rd.is64Bit ? .xzr : .wzr, rm, shift: shift, amount: amount)
  }
  /// `negs rd, rm` (sets flags; overflow when rm is the minimum integer).
  public mutating func negs(
    _ rd: ARM64Register, _ rm: ARM64Register, shift: ARM64Shift = .lsl, amount: Int = 0
  ) {
    subs(rd, rd.is64Bit ? .xzr : .wzr, rm, shift: shift, amount: amount)
  }

  private mutating func addSub(
    _ operation: AddSubOperation, _ rd: ARM64Register, _ rn: ARM64Register, _ rm: ARM64Register,
    _ shift: ARM64Shift,
    _ amount: Int
  ) {
    let namesStackPointer = rn.isStackPointer || (rd.isStackPointer && !operation.setsFlags)
    if namesStackPointer && shift == .lsl && amount == 0 {
      addSubExtended(operation, rd, rn, rm, rd.is64Bit ? .uxtx : .uxtw, 0)
      return
    }
    requireSameWidth(rd, rn, rm)
    precondition(shift != .ror, "add/sub cannot rotate")
    precondition(
      amount >= 0 && amount < (rd.is64Bit ? 64 : 32), "shift amount \(amount) out of range")
    emit(
      0x0B00_0000 | operation.rawValue | ARM64Assembler.sizeFlag(rd) | UInt32(shift.rawValue) << 22
        | rm.encoded(as: .zeroRegister) << 16 | UInt32(amount) << 10 | rn.encoded(as: .zeroRegister)
        << 5
        | rd.encoded(as: .zeroRegister))
  }

  /// `add rd, rn, rm, extend #amount` (rd and rn may be sp; `rm` is a `w`
  /// register except for uxtx/sxtx). `amount` is 0–4.
  public mutating func add(
    _ rd: ARM64Register, _ rn: ARM64Register, _ rm: ARM64Register, extend: ARM64Extend,
    amount: Int = 0
  ) {
    addSubExtended(.add, rd, rn, rm, extend, amount)
  }
  public mutating func adds(
    _ rd: ARM64Register, _ rn: ARM64Register, _ rm: ARM64Register, extend: ARM64Extend,
    amount: Int = 0
  ) {
    addSubExtended(.adds, rd, rn, rm, extend, amount)
  }
  public mutating func sub(
    _ rd: ARM64Register, _ rn: ARM64Register, _ rm: ARM64Register, extend: ARM64Extend,
    amount: Int = 0
  ) {
    addSubExtended(.sub, rd, rn, rm, extend, amount)
  }
  public mutating func subs(
    _ rd: ARM64Register, _ rn: ARM64Register, _ rm: ARM64Register, extend: ARM64Extend,
    amount: Int = 0
  ) {
    addSubExtended(.subs, rd, rn, rm, extend, amount)
  }
  /// `cmp rn, rm, extend #amount`.
  public mutating func cmp(
    _ rn: ARM64Register, _ rm: ARM64Register, extend: ARM64Extend, amount: Int = 0
  ) {
    subs(rn.is64Bit ? .xzr : .wzr, rn, rm, extend: extend, amount: amount)
  }

  private mutating func addSubExtended(
    _ operation: AddSubOperation, _ rd: ARM64Register, _ rn: ARM64Register, _ rm: ARM64Register,
    _ extend: ARM64Extend, _ amount: Int
  ) {
    requireSameWidth(rd, rn)
    precondition(
      rm.is64Bit == (rd.is64Bit && extend.takes64BitRegister),
      "\(extend) takes a \(extend.takes64BitRegister ? "x" : "w") register, not \(rm)")
    precondition((0...4).contains(amount), "extended-register shift \(amount) is not 0–4")
    emit(
      0x0B20_0000 | operation.rawValue | ARM64Assembler.sizeFlag(rd) | rm.encoded(as: .zeroRegister)
        << 16
        | UInt32(extend.rawValue) << 13 | UInt32(amount) << 10 | rn.encoded(as: .stackPointer) << 5
        | rd.encoded(as: operation.setsFlags ? .zeroRegister : .stackPointer))
  }

  // MARK: - Logic (C4.1.4 logical immediate, C4.1.5 logical shifted register)

  enum LogicalOperation: UInt32 {
    case and = 0x0000_0000
    case bic = 0x0020_0000
    case orr = 0x2000_0000
    case orn = 0x2020_0000
    case eor = 0x4000_0000
    case eon = 0x4020_0000
    case ands = 0x6000_0000
    case bics = 0x6020_0000
  }

  public mutating func and(
    _ rd: ARM64Register, _ rn: ARM64Register, _ rm: ARM64Register, shift: ARM64Shift = .lsl,
    amount: Int = 0
  ) {
    logical(.and, rd, rn, rm, shift, amount)
  }
  public mutating func ands(
    _ rd: ARM64Register, _ rn: ARM64Register, _ rm: ARM64Register, shift: ARM64Shift = .lsl,
    amount: Int = 0
  ) {
    logical(.ands, rd, rn, rm, shift, amount)
  }
  public mutating func orr(
    _ rd: ARM64Register, _ rn: ARM64Register, _ rm: ARM64Register, shift: ARM64Shift = .lsl,
    amount: Int = 0
  ) {
    logical(.orr, rd, rn, rm, shift, amount)
  }
  public mutating func eor(
    _ rd: ARM64Register, _ rn: ARM64Register, _ rm: ARM64Register, shift: ARM64Shift = .lsl,
    amount: Int = 0
  ) {
    logical(.eor, rd, rn, rm, shift, amount)
  }
  /// `bic rd, rn, rm`: rd = rn & ~rm.
  public mutating func bic(
    _ rd: ARM64Register, _ rn: ARM64Register, _ rm: ARM64Register, shift: ARM64Shift = .lsl,
    amount: Int = 0
  ) {
    logical(.bic, rd, rn, rm, shift, amount)
  }
  public mutating func bics(
    _ rd: ARM64Register, _ rn: ARM64Register, _ rm: ARM64Register, shift: ARM64Shift = .lsl,
    amount: Int = 0
  ) {
    logical(.bics, rd, rn, rm, shift, amount)
  }
  /// `orn rd, rn, rm`: rd = rn | ~rm.
  public mutating func orn(
    _ rd: ARM64Register, _ rn: ARM64Register, _ rm: ARM64Register, shift: ARM64Shift = .lsl,
    amount: Int = 0
  ) {
    logical(.orn, rd, rn, rm, shift, amount)
  }
  /// `eon rd, rn, rm`: rd = rn ^ ~rm.
  public mutating func eon(
    _ rd: ARM64Register, _ rn: ARM64Register, _ rm: ARM64Register, shift: ARM64Shift = .lsl,
    amount: Int = 0
  ) {
    logical(.eon, rd, rn, rm, shift, amount)
  }
  /// `mvn rd, rm`: rd = ~rm.
  public mutating func mvn(
    _ rd: ARM64Register, _ rm: ARM64Register, shift: ARM64Shift = .lsl, amount: Int = 0
  ) {
    orn(rd, rd.is64Bit ? .xzr : .wzr, rm, shift: shift, amount: amount)
  }
  /// `tst rn, rm`: sets flags for rn & rm.
  public mutating func tst(
    _ rn: ARM64Register, _ rm: ARM64Register, shift: ARM64Shift = .lsl, amount: Int = 0
  ) {
    ands(rn.is64Bit ? .xzr : .wzr, rn, rm, shift: shift, amount: amount)
  }

  private mutating func logical(
    _ operation: LogicalOperation, _ rd: ARM64Register, _ rn: ARM64Register, _ rm: ARM64Register,
    _ shift: ARM64Shift,
    _ amount: Int
  ) {
    requireSameWidth(rd, rn, rm)
    precondition(
      amount >= 0 && amount < (rd.is64Bit ? 64 : 32), "shift amount \(amount) out of range")
    emit(
      0x0A00_0000 | operation.rawValue | ARM64Assembler.sizeFlag(rd) | UInt32(shift.rawValue) << 22
        | rm.encoded(as: .zeroRegister) << 16 | UInt32(amount) << 10 | rn.encoded(as: .zeroRegister)
        << 5
        | rd.encoded(as: .zeroRegister))
  }

  /// `and rd, rn, #bitmask` (rd may be sp). Check `ARM64BitmaskImmediate.canEncode` first.
  public mutating func and(_ rd: ARM64Register, _ rn: ARM64Register, immediate: UInt64) {
    logicalImmediate(0x1200_0000, rd, rn, bitmask(immediate, rd))
  }
  /// `orr rd, rn, #bitmask` (rd may be sp).
  public mutating func orr(_ rd: ARM64Register, _ rn: ARM64Register, immediate: UInt64) {
    logicalImmediate(0x3200_0000, rd, rn, bitmask(immediate, rd))
  }
  /// `eor rd, rn, #bitmask` (rd may be sp).
  public mutating func eor(_ rd: ARM64Register, _ rn: ARM64Register, immediate: UInt64) {
    logicalImmediate(0x5200_0000, rd, rn, bitmask(immediate, rd))
  }
  /// `ands rd, rn, #bitmask` (sets flags).
  public mutating func ands(_ rd: ARM64Register, _ rn: ARM64Register, immediate: UInt64) {
    logicalImmediate(0x7200_0000, rd, rn, bitmask(immediate, rd))
  }
  /// `bic rd, rn, #mask`: rd = rn & ~mask, encoded as `and` with the
  /// complement (A64 has no bic immediate), so `~mask` must be a bitmask immediate.
  public mutating func bic(_ rd: ARM64Register, _ rn: ARM64Register, immediate mask: UInt64) {
    and(rd, rn, immediate: rd.is64Bit ? ~mask : ~mask & 0xFFFF_FFFF)
  }
  /// `tst rn, #bitmask`.
  public mutating func tst(_ rn: ARM64Register, immediate: UInt64) {
    ands(rn.is64Bit ? .xzr : .wzr, rn, immediate: immediate)
  }

  private func bitmask(_ value: UInt64, _ rd: ARM64Register) -> ARM64BitmaskImmediate {
    guard let encoded = ARM64BitmaskImmediate(value, is64Bit: rd.is64Bit) else {
      preconditionFailure(
        "0x\(String(value, radix: 16)) is not a \(rd.is64Bit ? 64 : 32)-bit bitmask immediate")
    }
    return encoded
  }

  mutating func logicalImmediate(
    _ opcode: UInt32, _ rd: ARM64Register, _ rn: ARM64Register, _ immediate: ARM64BitmaskImmediate
  ) {
    requireSameWidth(rd, rn)
    let setsFlags = opcode == 0x7200_0000
    emit(
      opcode | ARM64Assembler.sizeFlag(rd) | UInt32(immediate.n) << 22 | UInt32(immediate.immr)
        << 16
        | UInt32(immediate.imms) << 10 | rn.encoded(as: .zeroRegister) << 5
        | rd.encoded(as: setsFlags ? .zeroRegister : .stackPointer))
  }

  // MARK: - Shifts and bitfields (C6.2 UBFM/SBFM/EXTR and the *V register shifts)

  /// `ubfm rd, rn, #immr, #imms`.
  public mutating func ubfm(_ rd: ARM64Register, _ rn: ARM64Register, immr: Int, imms: Int) {
    bitfield(0x5300_0000, rd, rn, immr, imms)
  }
  /// `sbfm rd, rn, #immr, #imms`.
  public mutating func sbfm(_ rd: ARM64Register, _ rn: ARM64Register, immr: Int, imms: Int) {
    bitfield(0x1300_0000, rd, rn, immr, imms)
  }

  private mutating func bitfield(
    _ opcode: UInt32, _ rd: ARM64Register, _ rn: ARM64Register, _ immr: Int, _ imms: Int
  ) {
    requireSameWidth(rd, rn)
    let width = rd.is64Bit ? 64 : 32
    precondition(
      (0..<width).contains(immr) && (0..<width).contains(imms), "bitfield positions out of range")
    let n: UInt32 = rd.is64Bit ? 1 << 22 : 0
    emit(
      opcode | ARM64Assembler.sizeFlag(rd) | n | UInt32(immr) << 16 | UInt32(imms) << 10
        | rn.encoded(as: .zeroRegister) << 5 | rd.encoded(as: .zeroRegister))
  }

  /// `lsl rd, rn, #amount` (an alias of ubfm).
  public mutating func lsl(_ rd: ARM64Register, _ rn: ARM64Register, amount: Int) {
    let width = rd.is64Bit ? 64 : 32
    precondition((0..<width).contains(amount), "shift amount \(amount) out of range")
    ubfm(rd, rn, immr: (width - amount) % width, imms: width - 1 - amount)
  }
  /// `lsr rd, rn, #amount`.
  public mutating func lsr(_ rd: ARM64Register, _ rn: ARM64Register, amount: Int) {
    ubfm(rd, rn, immr: amount, imms: rd.is64Bit ? 63 : 31)
  }
  /// `asr rd, rn, #amount`.
  public mutating func asr(_ rd: ARM64Register, _ rn: ARM64Register, amount: Int) {
    sbfm(rd, rn, immr: amount, imms: rd.is64Bit ? 63 : 31)
  }
  /// `ror rd, rn, #amount` (an alias of extr rd, rn, rn).
  public mutating func ror(_ rd: ARM64Register, _ rn: ARM64Register, amount: Int) {
    requireSameWidth(rd, rn)
    precondition(
      (0..<(rd.is64Bit ? 64 : 32)).contains(amount), "rotate amount \(amount) out of range")
    let n: UInt32 = rd.is64Bit ? 1 << 22 : 0
    emit(
      0x1380_0000 | ARM64Assembler.sizeFlag(rd) | n | rn.encoded(as: .zeroRegister) << 16 | UInt32(
        amount) << 10
        | rn.encoded(as: .zeroRegister) << 5 | rd.encoded(as: .zeroRegister))
  }
  /// `ubfx rd, rn, #lsb, #width`: extracts an unsigned bitfield.
  public mutating func ubfx(_ rd: ARM64Register, _ rn: ARM64Register, lsb: Int, width: Int) {
    precondition(
      width >= 1 && lsb + width <= (rd.is64Bit ? 64 : 32), "bitfield does not fit the register")
    ubfm(rd, rn, immr: lsb, imms: lsb + width - 1)
  }
  /// `sbfx rd, rn, #lsb, #width`: extracts a signed bitfield.
  public mutating func sbfx(_ rd: ARM64Register, _ rn: ARM64Register, lsb: Int, width: Int) {
    precondition(
      width >= 1 && lsb + width <= (rd.is64Bit ? 64 : 32), "bitfield does not fit the register")
    sbfm(rd, rn, immr: lsb, imms: lsb + width - 1)
  }
  /// `sxtw xd, wn`: sign-extends an int32.
  public mutating func sxtw(_ rd: ARM64Register, _ rn: ARM64Register) {
    precondition(rd.is64Bit && !rn.is64Bit, "sxtw takes an x destination and a w source")
    sbfm(rd, rn.x, immr: 0, imms: 31)
  }
  /// `sxtb rd, wn`, `sxth rd, wn`: sign-extend a byte or halfword.
  public mutating func sxtb(_ rd: ARM64Register, _ rn: ARM64Register) {
    sbfm(rd, rd.is64Bit ? rn.x : rn, immr: 0, imms: 7)
  }
  public mutating func sxth(_ rd: ARM64Register, _ rn: ARM64Register) {
    sbfm(rd, rd.is64Bit ? rn.x : rn, immr: 0, imms: 15)
  }
  /// `uxtb wd, wn`, `uxth wd, wn`: zero-extend a byte or halfword.
  public mutating func uxtb(_ rd: ARM64Register, _ rn: ARM64Register) {
    ubfm(rd.w, rn.w, immr: 0, imms: 7)
  }
  public mutating func uxth(_ rd: ARM64Register, _ rn: ARM64Register) {
    ubfm(rd.w, rn.w, immr: 0, imms: 15)
  }

  /// `lsl rd, rn, rm` (lslv: the amount is rm modulo the width).
  public mutating func lsl(_ rd: ARM64Register, _ rn: ARM64Register, _ rm: ARM64Register) {
    dataProcessing2(0b001000, rd, rn, rm)
  }
  public mutating func lsr(_ rd: ARM64Register, _ rn: ARM64Register, _ rm: ARM64Register) {
    dataProcessing2(0b001001, rd, rn, rm)
  }
  public mutating func asr(_ rd: ARM64Register, _ rn: ARM64Register, _ rm: ARM64Register) {
    dataProcessing2(0b001010, rd, rn, rm)
  }
  public mutating func ror(_ rd: ARM64Register, _ rn: ARM64Register, _ rm: ARM64Register) {
    dataProcessing2(0b001011, rd, rn, rm)
  }

  // MARK: - Multiply and divide

  /// `sdiv rd, rn, rm`: signed division rounding toward zero; x/0 = 0, no trap.
  public mutating func sdiv(_ rd: ARM64Register, _ rn: ARM64Register, _ rm: ARM64Register) {
    dataProcessing2(0b000011, rd, rn, rm)
  }
  /// `udiv rd, rn, rm`.
  public mutating func udiv(_ rd: ARM64Register, _ rn: ARM64Register, _ rm: ARM64Register) {
    dataProcessing2(0b000010, rd, rn, rm)
  }

  private mutating func dataProcessing2(
    _ opcode: UInt32, _ rd: ARM64Register, _ rn: ARM64Register, _ rm: ARM64Register
  ) {
    requireSameWidth(rd, rn, rm)
    emit(
      0x1AC0_0000 | ARM64Assembler.sizeFlag(rd) | rm.encoded(as: .zeroRegister) << 16 | opcode << 10
        | rn.encoded(as: .zeroRegister) << 5 | rd.encoded(as: .zeroRegister))
  }

  /// `madd rd, rn, rm, ra`: rd = ra + rn * rm.
  public mutating func madd(
    _ rd: ARM64Register, _ rn: ARM64Register, _ rm: ARM64Register, _ ra: ARM64Register
  ) {
    requireSameWidth(rd, rn, rm, ra)
    dataProcessing3(0x1B00_0000 | ARM64Assembler.sizeFlag(rd), rd, rn, rm, ra)
  }
  /// `msub rd, rn, rm, ra`: rd = ra - rn * rm (with sdiv, the remainder).
  public mutating func msub(
    _ rd: ARM64Register, _ rn: ARM64Register, _ rm: ARM64Register, _ ra: ARM64Register
  ) {
    requireSameWidth(rd, rn, rm, ra)
    dataProcessing3(0x1B00_8000 | ARM64Assembler.sizeFlag(rd), rd, rn, rm, ra)
  }
  /// `mul rd, rn, rm`.
  public mutating func mul(_ rd: ARM64Register, _ rn: ARM64Register, _ rm: ARM64Register) {
    madd(rd, rn, rm, rd.is64Bit ? .xzr : .wzr)
  }
  /// `mneg rd, rn, rm`: rd = -(rn * rm).
  public mutating func mneg(_ rd: ARM64Register, _ rn: ARM64Register, _ rm: ARM64Register) {
    msub(rd, rn, rm, rd.is64Bit ? .xzr : .wzr)
  }
  /// `smaddl xd, wn, wm, xa`: xd = xa + sext(wn) * sext(wm).
  public mutating func smaddl(
    _ rd: ARM64Register, _ rn: ARM64Register, _ rm: ARM64Register, _ ra: ARM64Register
  ) {
    precondition(rd.is64Bit && ra.is64Bit && !rn.is64Bit && !rm.is64Bit, "smaddl takes x, w, w, x")
    dataProcessing3(0x9B20_0000, rd, rn, rm, ra)
  }
  /// `smull xd, wn, wm`: the full 64-bit product of two int32s (overflow check for int32 multiply).
  public mutating func smull(_ rd: ARM64Register, _ rn: ARM64Register, _ rm: ARM64Register) {
    smaddl(rd, rn, rm, .xzr)
  }
  /// `smulh xd, xn, xm`: the high 64 bits of the signed 128-bit product.
  public mutating func smulh(_ rd: ARM64Register, _ rn: ARM64Register, _ rm: ARM64Register) {
    precondition(rd.is64Bit, "smulh is 64-bit only")
    requireSameWidth(rd, rn, rm)
    dataProcessing3(0x9B40_0000, rd, rn, rm, .xzr)
  }
  /// `umulh xd, xn, xm`: the high 64 bits of the unsigned 128-bit product.
  public mutating func umulh(_ rd: ARM64Register, _ rn: ARM64Register, _ rm: ARM64Register) {
    precondition(rd.is64Bit, "umulh is 64-bit only")
    requireSameWidth(rd, rn, rm)
    dataProcessing3(0x9BC0_0000, rd, rn, rm, .xzr)
  }

  private mutating func dataProcessing3(
    _ opcode: UInt32, _ rd: ARM64Register, _ rn: ARM64Register, _ rm: ARM64Register,
    _ ra: ARM64Register
  ) {
    emit(
      opcode | rm.encoded(as: .zeroRegister) << 16 | ra.encoded(as: .zeroRegister) << 10
        | rn.encoded(as: .zeroRegister) << 5 | rd.encoded(as: .zeroRegister))
  }

  // MARK: - Conditional select (C6.2 CSEL/CSINC/CSINV/CSNEG)

  /// `csel rd, rn, rm, cond`: rd = cond ? rn : rm.
  public mutating func csel(
    _ rd: ARM64Register, _ rn: ARM64Register, _ rm: ARM64Register, _ condition: ARM64Condition
  ) {
    conditionalSelect(0x1A80_0000, rd, rn, rm, condition)
  }
  /// `csinc rd, rn, rm, cond`: rd = cond ? rn : rm + 1.
  public mutating func csinc(
    _ rd: ARM64Register, _ rn: ARM64Register, _ rm: ARM64Register, _ condition: ARM64Condition
  ) {
    conditionalSelect(0x1A80_0400, rd, rn, rm, condition)
  }
  /// `csinv rd, rn, rm, cond`: rd = cond ? rn : ~rm.
  public mutating func csinv(
    _ rd: ARM64Register, _ rn: ARM64Register, _ rm: ARM64Register, _ condition: ARM64Condition
  ) {
    conditionalSelect(0x5A80_0000, rd, rn, rm, condition)
  }
  /// `csneg rd, rn, rm, cond`: rd = cond ? rn : -rm.
  public mutating func csneg(
    _ rd: ARM64Register, _ rn: ARM64Register, _ rm: ARM64Register, _ condition: ARM64Condition
  ) {
    conditionalSelect(0x5A80_0400, rd, rn, rm, condition)
  }
  /// `cset rd, cond`: rd = cond ? 1 : 0.
  public mutating func cset(_ rd: ARM64Register, _ condition: ARM64Condition) {
    let zero: ARM64Register = rd.is64Bit ? .xzr : .wzr
    csinc(rd, zero, zero, condition.inverted)
  }
  /// `csetm rd, cond`: rd = cond ? -1 : 0.
  public mutating func csetm(_ rd: ARM64Register, _ condition: ARM64Condition) {
    let zero: ARM64Register = rd.is64Bit ? .xzr : .wzr
    csinv(rd, zero, zero, condition.inverted)
  }
  /// `cinc rd, rn, cond`: rd = cond ? rn + 1 : rn.
  public mutating func cinc(_ rd: ARM64Register, _ rn: ARM64Register, _ condition: ARM64Condition) {
    csinc(rd, rn, rn, condition.inverted)
  }

  private mutating func conditionalSelect(
    _ opcode: UInt32, _ rd: ARM64Register, _ rn: ARM64Register, _ rm: ARM64Register,
    _ condition: ARM64Condition
  ) {
    requireSameWidth(rd, rn, rm)
    emit(
      opcode | ARM64Assembler.sizeFlag(rd) | rm.encoded(as: .zeroRegister) << 16 | UInt32(
        condition.rawValue) << 12
        | rn.encoded(as: .zeroRegister) << 5 | rd.encoded(as: .zeroRegister))
  }
}
