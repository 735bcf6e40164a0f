// Integer moves, arithmetic, logic, shifts, compares, setcc and cmovcc.

extension X86_64Assembler {
  /// The eight classic ALU operations; the value is both the ModRM.reg
  /// extension of the immediate forms (0x81/0x83 /n) and bits 5:3 of the
  /// register forms (opcode n*8 + 1 or + 3).
  enum ALUOperation: UInt8 {
    case add = 0
    case or, adc, sbb, and, sub, xor, cmp
  }

  /// Shift and rotate group (0xC1/0xD1/0xD3 /n).
  enum ShiftOperation: UInt8 {
    case rol = 0
    case ror, rcl, rcr, shl, shr
    case sar = 7
  }

  // MARK: - Moves

  /// `mov dst, src` between registers.
  public mutating func mov(_ dst: X86Register, _ src: X86Register, width: X86Width = .qword) {
    emit(rexW: width == .qword, opcode: .init(0x89), reg: src.rawValue, rm: .register(dst.rawValue))
  }

  /// `mov dst, [memory]` (load).
  public mutating func mov(_ dst: X86Register, _ src: X86Memory, width: X86Width = .qword) {
    emit(rexW: width == .qword, opcode: .init(0x8B), reg: dst.rawValue, rm: .memory(src))
  }

  /// `mov [memory], src` (store).
  public mutating func mov(_ dst: X86Memory, _ src: X86Register, width: X86Width = .qword) {
    emit(rexW: width == .qword, opcode: .init(0x89), reg: src.rawValue, rm: .memory(dst))
  }

  /// `mov [memory], imm32`; a qword store sign-extends the immediate.
  public mutating func mov(_ dst: X86Memory, immediate: Int32, width: X86Width = .qword) {
    emit(
      rexW: width == .qword, opcode: .init(0xC7), reg: 0, rm: .memory(dst),
      immediate: .dword(immediate))
  }

  /// Loads any 64-bit constant into `dst` with the shortest encoding:
  /// `mov r32, imm32` (zero-extends), `mov r64, simm32`, or `movabs r64, imm64`.
  public mutating func mov(_ dst: X86Register, immediate: Int64) {
    if immediate.fitsUnsigned(bits: 32) {
      movZeroExtended(dst, immediate: UInt32(immediate))
    } else if immediate.fitsSigned(bits: 32) {
      emit(
        rexW: true, opcode: .init(0xC7), reg: 0, rm: .register(dst.rawValue),
        immediate: .dword(Int32(immediate)))
    } else {
      movabs(dst, immediate: immediate)
    }
  }

  /// `mov r32, imm32` (B8+r): the upper 32 bits of `dst` become zero.
  public mutating func movZeroExtended(_ dst: X86Register, immediate: UInt32) {
    emitWithRegisterInOpcode(rexW: false, opcode: 0xB8, register: dst)
    buffer.emit32(immediate)
  }

  /// `movabs r64, imm64` (REX.W B8+r): always the 10-byte form.
  public mutating func movabs(_ dst: X86Register, immediate: Int64) {
    emitWithRegisterInOpcode(rexW: true, opcode: 0xB8, register: dst)
    buffer.emit64(UInt64(bitPattern: immediate))
  }

  /// `mov byte [memory], src8`.
  public mutating func movByte(_ dst: X86Memory, _ src: X86Register) {
    emit(
      rexW: false, opcode: .init(0x88), reg: src.rawValue, rm: .memory(dst),
      forceREX: src.needsREXAsByte)
  }

  /// `mov byte [memory], imm8`.
  public mutating func movByte(_ dst: X86Memory, immediate: UInt8) {
    emit(
      rexW: false, opcode: .init(0xC6), reg: 0, rm: .memory(dst),
      immediate: .byte(Int8(bitPattern: immediate)))
  }

  /// `mov word [memory], src16`.
  public mutating func movWord(_ dst: X86Memory, _ src: X86Register) {
    emit(prefix: 0x66, rexW: false, opcode: .init(0x89), reg: src.rawValue, rm: .memory(dst))
  }

  /// `mov word [memory], imm16`.
  public mutating func movWord(_ dst: X86Memory, immediate: UInt16) {
    emit(
      prefix: 0x66, rexW: false, opcode: .init(0xC7), reg: 0, rm: .memory(dst),
      immediate: .word(immediate))
  }

  /// `movzx dst32, byte [memory]` (zero-extends into the whole register).
  public mutating func movzxByte(_ dst: X86Register, _ src: X86Memory) {
    emit(rexW: false, opcode: .init(0x0F, 0xB6), reg: dst.rawValue, rm: .memory(src))
  }

  /// `movzx dst32, src8`.
  public mutating func movzxByte(_ dst: X86Register, _ src: X86Register) {
    emit(
      rexW: false, opcode: .init(0x0F, 0xB6), reg: dst.rawValue, rm: .register(src.rawValue),
      forceREX: src.needsREXAsByte)
  }

  /// `movzx dst32, word [memory]`.
  public mutating func movzxWord(_ dst: X86Register, _ src: X86Memory) {
    emit(rexW: false, opcode: .init(0x0F, 0xB7), reg: dst.rawValue, rm: .memory(src))
  }

  /// `movzx dst32, src16`.
  public mutating func movzxWord(_ dst: X86Register, _ src: X86Register) {
    emit(rexW: false, opcode: .init(0x0F, 0xB7), reg: dst.rawValue, rm: .register(src.rawValue))
  }

  /// `movsx dst, byte [memory]`.
  public mutating func movsxByte(_ dst: X86Register, _ src: X86Memory, width: X86Width = .qword) {
    emit(rexW: width == .qword, opcode: .init(0x0F, 0xBE), reg: dst.rawValue, rm: .memory(src))
  }

  /// `movsx dst, word [memory]`.
  public mutating func movsxWord(_ dst: X86Register, _ src: X86Memory, width: X86Width = .qword) {
    emit(rexW: width == .qword, opcode: .init(0x0F, 0xBF), reg: dst.rawValue, rm: .memory(src))
  }

  /// `movsxd dst64, src32`: sign-extends an int32.
  public mutating func movsxd(_ dst: X86Register, _ src: X86Register) {
    emit(rexW: true, opcode: .init(0x63), reg: dst.rawValue, rm: .register(src.rawValue))
  }

  /// `movsxd dst64, dword [memory]`.
  public mutating func movsxd(_ dst: X86Register, _ src: X86Memory) {
    emit(rexW: true, opcode: .init(0x63), reg: dst.rawValue, rm: .memory(src))
  }

  /// `lea dst, [memory]`.
  public mutating func lea(_ dst: X86Register, _ src: X86Memory, width: X86Width = .qword) {
    emit(rexW: width == .qword, opcode: .init(0x8D), reg: dst.rawValue, rm: .memory(src))
  }

  // MARK: - Arithmetic and logic

  public mutating func add(_ dst: X86Register, _ src: X86Register, width: X86Width = .qword) {
    alu(.add, dst, src, width)
  }
  public mutating func add(_ dst: X86Register, _ src: X86Memory, width: X86Width = .qword) {
    alu(.add, dst, src, width)
  }
  public mutating func add(_ dst: X86Memory, _ src: X86Register, width: X86Width = .qword) {
    alu(.add, dst, src, width)
  }
  public mutating func add(_ dst: X86Register, immediate: Int32, width: X86Width = .qword) {
    alu(.add, .register(dst.rawValue), immediate, width)
  }
  public mutating func add(_ dst: X86Memory, immediate: Int32, width: X86Width = .qword) {
    alu(.add, .memory(dst), immediate, width)
  }

  public mutating func sub(_ dst: X86Register, _ src: X86Register, width: X86Width = .qword) {
    alu(.sub, dst, src, width)
  }
  public mutating func sub(_ dst: X86Register, _ src: X86Memory, width: X86Width = .qword) {
    alu(.sub, dst, src, width)
  }
  public mutating func sub(_ dst: X86Memory, _ src: X86Register, width: X86Width = .qword) {
    alu(.sub, dst, src, width)
  }
  public mutating func sub(_ dst: X86Register, immediate: Int32, width: X86Width = .qword) {
    alu(.sub, .register(dst.rawValue), immediate, width)
  }
  public mutating func sub(_ dst: X86Memory, immediate: Int32, width: X86Width = .qword) {
    alu(.sub, .memory(dst), immediate, width)
  }

  public mutating func and(_ dst: X86Register, _ src: X86Register, width: X86Width = .qword) {
    alu(.and, dst, src, width)
  }
  public mutating func and(_ dst: X86Register, _ src: X86Memory, width: X86Width = .qword) {
    alu(.and, dst, src, width)
  }
  public mutating func and(_ dst: X86Memory, _ src: X86Register, width: X86Width = .qword) {
    alu(.and, dst, src, width)
  }
  public mutating func and(_ dst: X86Register, immediate: Int32, width: X86Width = .qword) {
    alu(.and, .register(dst.rawValue), immediate, width)
  }
  public mutating func and(_ dst: X86Memory, immediate: Int32, width: X86Width = .qword) {
    alu(.and, .memory(dst), immediate, width)
  }

  public mutating func or(_ dst: X86Register, _ src: X86Register, width: X86Width = .qword) {
    alu(.or, dst, src, width)
  }
  public mutating func or(_ dst: X86Register, _ src: X86Memory, width: X86Width = .qword) {
    alu(.or, dst, src, width)
  }
  public mutating func or(_ dst: X86Memory, _ src: X86Register, width: X86Width = .qword) {
    alu(.or, dst, src, width)
  }
  public mutating func or(_ dst: X86Register, immediate: Int32, width: X86Width = .qword) {
    alu(.or, .register(dst.rawValue), immediate, width)
  }
  public mutating func or(_ dst: X86Memory, immediate: Int32, width: X86Width = .qword) {
    alu(.or, .memory(dst), immediate, width)
  }

  public mutating func xor(_ dst: X86Register, _ src: X86Register, width: X86Width = .qword) {
    alu(.xor, dst, src, width)
  }
  public mutating func xor(_ dst: X86Register, _ src: X86Memory, width: X86Width = .qword) {
    alu(.xor, dst, src, width)
  }
  public mutating func xor(_ dst: X86Memory, _ src: X86Register, width: X86Width = .qword) {
    alu(.xor, dst, src, width)
  }
  public mutating func xor(_ dst: X86Register, immediate: Int32, width: X86Width = .qword) {
    alu(.xor, .register(dst.rawValue), immediate, width)
  }
  public mutating func xor(_ dst: X86Memory, immediate: Int32, width: X86Width = .qword) {
    alu(.xor, .memory(dst), immediate, width)
  }

  /// `cmp lhs, rhs`: sets flags for `lhs - rhs`.
  public mutating func cmp(_ lhs: X86Register, _ rhs: X86Register, width: X86Width = .qword) {
    alu(.cmp, lhs, rhs, width)
  }
  public mutating func cmp(_ lhs: X86Register, _ rhs: X86Memory, width: X86Width = .qword) {
    alu(.cmp, lhs, rhs, width)
  }
  public mutating func cmp(_ lhs: X86Memory, _ rhs: X86Register, width: X86Width = .qword) {
    alu(.cmp, lhs, rhs, width)
  }
  public mutating func cmp(_ lhs: X86Register, immediate: Int32, width: X86Width = .qword) {
    alu(.cmp, .register(lhs.rawValue), immediate, width)
  }
  public mutating func cmp(_ lhs: X86Memory, immediate: Int32, width: X86Width = .qword) {
    alu(.cmp, .memory(lhs), immediate, width)
  }

  /// `reg op= reg` (opcode n*8 + 1: r/m ← r/m op reg).
  private mutating func alu(
    _ operation: ALUOperation, _ dst: X86Register, _ src: X86Register, _ width: X86Width
  ) {
    emit(
      rexW: width == .qword, opcode: .init(operation.rawValue << 3 | 1), reg: src.rawValue,
      rm: .register(dst.rawValue))
  }

  /// `reg op= [memory]` (opcode n*8 + 3: reg ← reg op r/m).
  private mutating func alu(
    _ operation: ALUOperation, _ dst: X86Register, _ src: X86Memory, _ width: X86Width
  ) {
    emit(
      rexW: width == .qword, opcode: .init(operation.rawValue << 3 | 3), reg: dst.rawValue,
      rm: .memory(src))
  }

  /// `[memory] op= reg`.
  private mutating func alu(
    _ operation: ALUOperation, _ dst: X86Memory, _ src: X86Register, _ width: X86Width
  ) {
    emit(
      rexW: width == .qword, opcode: .init(operation.rawValue << 3 | 1), reg: src.rawValue,
      rm: .memory(dst))
  }

  /// `r/m op= imm`: 0x83 with a sign-extended imm8 when it fits, else 0x81 imm32.
  private mutating func alu(
    _ operation: ALUOperation, _ dst: RM, _ immediate: Int32, _ width: X86Width
  ) {
    if immediate.fitsSigned(bits: 8) {
      emit(
        rexW: width == .qword, opcode: .init(0x83), reg: operation.rawValue, rm: dst,
        immediate: .byte(Int8(immediate)))
    } else {
      emit(
        rexW: width == .qword, opcode: .init(0x81), reg: operation.rawValue, rm: dst,
        immediate: .dword(immediate))
    }
  }

  /// `test lhs, rhs`: sets flags for `lhs & rhs`.
  public mutating func test(_ lhs: X86Register, _ rhs: X86Register, width: X86Width = .qword) {
    emit(rexW: width == .qword, opcode: .init(0x85), reg: rhs.rawValue, rm: .register(lhs.rawValue))
  }
  public mutating func test(_ lhs: X86Memory, _ rhs: X86Register, width: X86Width = .qword) {
    emit(rexW: width == .qword, opcode: .init(0x85), reg: rhs.rawValue, rm: .memory(lhs))
  }
  public mutating func test(_ lhs: X86Register, immediate: Int32, width: X86Width = .qword) {
    emit(
      rexW: width == .qword, opcode: .init(0xF7), reg: 0, rm: .register(lhs.rawValue),
      immediate: .dword(immediate))
  }
  public mutating func test(_ lhs: X86Memory, immediate: Int32, width: X86Width = .qword) {
    emit(
      rexW: width == .qword, opcode: .init(0xF7), reg: 0, rm: .memory(lhs),
      immediate: .dword(immediate))
  }

  /// `test lhs8, imm8`: checks tag bits in the low byte.
  public mutating func testByte(_ lhs: X86Register, immediate: UInt8) {
    emit(
      rexW: false, opcode: .init(0xF6), reg: 0, rm: .register(lhs.rawValue),
      immediate: .byte(Int8(bitPattern: immediate)),
      forceREX: lhs.needsREXAsByte)
  }

  /// `cmp byte [memory], imm8` (0x80 /7 ib).
  public mutating func cmpByte(_ lhs: X86Memory, immediate: UInt8) {
    emit(
      rexW: false, opcode: .init(0x80), reg: ALUOperation.cmp.rawValue, rm: .memory(lhs),
      immediate: .byte(Int8(bitPattern: immediate)))
  }

  /// `test byte [memory], imm8`.
  public mutating func testByte(_ lhs: X86Memory, immediate: UInt8) {
    emit(
      rexW: false, opcode: .init(0xF6), reg: 0, rm: .memory(lhs),
      immediate: .byte(Int8(bitPattern: immediate)))
  }

  /// `imul dst, src` (signed, low half; OF/CF report overflow).
  public mutating func imul(_ dst: X86Register, _ src: X86Register, width: X86Width = .qword) {
    emit(
      rexW: width == .qword, opcode: .init(0x0F, 0xAF), reg: dst.rawValue,
      rm: .register(src.rawValue))
  }
  public mutating func imul(_ dst: X86Register, _ src: X86Memory, width: X86Width = .qword) {
    emit(rexW: width == .qword, opcode: .init(0x0F, 0xAF), reg: dst.rawValue, rm: .memory(src))
  }

  /// `imul dst, src, imm` (three-operand form).
  public mutating func imul(
    _ dst: X86Register, _ src: X86Register, immediate: Int32, width: X86Width = .qword
  ) {
    imul(dst, .register(src.rawValue), immediate, width)
  }
  public mutating func imul(
    _ dst: X86Register, _ src: X86Memory, immediate: Int32, width: X86Width = .qword
  ) {
    imul(dst, .memory(src), immediate, width)
  }

  private mutating func imul(_ dst: X86Register, _ src: RM, _ immediate: Int32, _ width: X86Width) {
    if immediate.fitsSigned(bits: 8) {
      emit(
        rexW: width == .qword, opcode: .init(0x6B), reg: dst.rawValue, rm: src,
        immediate: .byte(Int8(immediate)))
    } else {
      emit(
        rexW: width == .qword, opcode: .init(0x69), reg: dst.rawValue, rm: src,
        immediate: .dword(immediate))
    }
  }

  /// `idiv src`: signed divide rdx:rax (edx:eax) by `src`; quotient in rax, remainder in rdx.
  public mutating func idiv(_ src: X86Register, width: X86Width = .qword) {
    emit(rexW: width == .qword, opcode: .init(0xF7), reg: 7, rm: .register(src.rawValue))
  }

  /// `div src`: unsigned divide.
  public mutating func div(_ src: X86Register, width: X86Width = .qword) {
    emit(rexW: width == .qword, opcode: .init(0xF7), reg: 6, rm: .register(src.rawValue))
  }

  /// `cdq` (edx ← sign of eax) or `cqo` (rdx ← sign of rax), before `idiv`.
  public mutating func signExtendAccumulator(width: X86Width = .qword) {
    if width == .qword { buffer.emit8(0x48) }
    buffer.emit8(0x99)
  }

  public mutating func not(_ dst: X86Register, width: X86Width = .qword) {
    emit(rexW: width == .qword, opcode: .init(0xF7), reg: 2, rm: .register(dst.rawValue))
  }
  public mutating func not(_ dst: X86Memory, width: X86Width = .qword) {
    emit(rexW: width == .qword, opcode: .init(0xF7), reg: 2, rm: .memory(dst))
  }
  public mutating func neg(_ dst: X86Register, width: X86Width = .qword) {
    emit(rexW: width == .qword, opcode: .init(0xF7), reg: 3, rm: .register(dst.rawValue))
  }
  public mutating func neg(_ dst: X86Memory, width: X86Width = .qword) {
    emit(rexW: width == .qword, opcode: .init(0xF7), reg: 3, rm: .memory(dst))
  }

  // MARK: - Shifts

  public mutating func shl(_ dst: X86Register, immediate: UInt8, width: X86Width = .qword) {
    shift(.shl, .register(dst.rawValue), immediate, width)
  }
  public mutating func shl(_ dst: X86Memory, immediate: UInt8, width: X86Width = .qword) {
    shift(.shl, .memory(dst), immediate, width)
  }
  /// `shl dst, cl`.
  public mutating func shlByCL(_ dst: X86Register, width: X86Width = .qword) {
    shiftByCL(.shl, .register(dst.rawValue), width)
  }
  public mutating func shlByCL(_ dst: X86Memory, width: X86Width = .qword) {
    shiftByCL(.shl, .memory(dst), width)
  }

  public mutating func shr(_ dst: X86Register, immediate: UInt8, width: X86Width = .qword) {
    shift(.shr, .register(dst.rawValue), immediate, width)
  }
  public mutating func shr(_ dst: X86Memory, immediate: UInt8, width: X86Width = .qword) {
    shift(.shr, .memory(dst), immediate, width)
  }
  /// `shr dst, cl`.
  public mutating func shrByCL(_ dst: X86Register, width: X86Width = .qword) {
    shiftByCL(.shr, .register(dst.rawValue), width)
  }
  public mutating func shrByCL(_ dst: X86Memory, width: X86Width = .qword) {
    shiftByCL(.shr, .memory(dst), width)
  }

  public mutating func sar(_ dst: X86Register, immediate: UInt8, width: X86Width = .qword) {
    shift(.sar, .register(dst.rawValue), immediate, width)
  }
  public mutating func sar(_ dst: X86Memory, immediate: UInt8, width: X86Width = .qword) {
    shift(.sar, .memory(dst), immediate, width)
  }
  /// `sar dst, cl`.
  public mutating func sarByCL(_ dst: X86Register, width: X86Width = .qword) {
    shiftByCL(.sar, .register(dst.rawValue), width)
  }
  public mutating func sarByCL(_ dst: X86Memory, width: X86Width = .qword) {
    shiftByCL(.sar, .memory(dst), width)
  }

  /// 0xD1 for a count of 1, else 0xC1 ib. The CPU masks the count to 5/6 bits.
  private mutating func shift(
    _ operation: ShiftOperation, _ dst: RM, _ count: UInt8, _ width: X86Width
  ) {
    precondition(
      count < (width == .qword ? 64 : 32), "shift count \(count) is wider than the operand")
    if count == 1 {
      emit(rexW: width == .qword, opcode: .init(0xD1), reg: operation.rawValue, rm: dst)
    } else {
      emit(
        rexW: width == .qword, opcode: .init(0xC1), reg: operation.rawValue, rm: dst,
        immediate: .byte(Int8(count)))
    }
  }

  private mutating func shiftByCL(_ operation: ShiftOperation, _ dst: RM, _ width: X86Width) {
    emit(rexW: width == .qword, opcode: .init(0xD3), reg: operation.rawValue, rm: dst)
  }

  // MARK: - Conditional set and move

  /// `setcc dst8`: the low byte of `dst` becomes 1 if `condition` holds, else 0.
  public mutating func set(_ condition: X86Condition, _ dst: X86Register) {
    emit(
      rexW: false, opcode: .init(0x0F, 0x90 | condition.rawValue), reg: 0,
      rm: .register(dst.rawValue),
      forceREX: dst.needsREXAsByte)
  }

  /// `setcc byte [memory]`.
  public mutating func set(_ condition: X86Condition, _ dst: X86Memory) {
    emit(rexW: false, opcode: .init(0x0F, 0x90 | condition.rawValue), reg: 0, rm: .memory(dst))
  }

  /// `cmovcc dst, src`.
  public mutating func cmov(
    _ condition: X86Condition, _ dst: X86Register, _ src: X86Register, width: X86Width = .qword
  ) {
    emit(
      rexW: width == .qword, opcode: .init(0x0F, 0x40 | condition.rawValue), reg: dst.rawValue,
      rm: .register(src.rawValue))
  }

  /// `cmovcc dst, [memory]`.
  public mutating func cmov(
    _ condition: X86Condition, _ dst: X86Register, _ src: X86Memory, width: X86Width = .qword
  ) {
    emit(
      rexW: width == .qword, opcode: .init(0x0F, 0x40 | condition.rawValue), reg: dst.rawValue,
      rm: .memory(src))
  }
}
