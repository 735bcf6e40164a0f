// Jumps, calls, returns, the stack, and one-byte odds and ends.

extension X86_64Assembler {
  /// `jmp label`: `EB rel8` for a bound label in reach, else `E9 rel32`.
  public mutating func jmp(_ label: Label) {
    if let distance = boundDistance(to: label, instructionLength: 2), distance.fitsSigned(bits: 8) {
      buffer.emit8(0xEB)
      buffer.emit8(UInt8(bitPattern: Int8(distance)))
    } else {
      buffer.emit8(0xE9)
      emitRelative32(to: label)
    }
  }

  /// `jcc label`: `7x rel8` for a bound label in reach, else `0F 8x rel32`.
  public mutating func j(_ condition: X86Condition, _ label: Label) {
    if let distance = boundDistance(to: label, instructionLength: 2), distance.fitsSigned(bits: 8) {
      buffer.emit8(0x70 | condition.rawValue)
      buffer.emit8(UInt8(bitPattern: Int8(distance)))
    } else {
      buffer.emit8(0x0F)
      buffer.emit8(0x80 | condition.rawValue)
      emitRelative32(to: label)
    }
  }

  /// `jmp reg` (FF /4).
  public mutating func jmp(_ target: X86Register) {
    emit(rexW: false, opcode: .init(0xFF), reg: 4, rm: .register(target.rawValue))
  }

  /// `jmp qword [memory]`.
  public mutating func jmp(_ target: X86Memory) {
    emit(rexW: false, opcode: .init(0xFF), reg: 4, rm: .memory(target))
  }

  /// `call label` (E8 rel32).
  public mutating func call(_ label: Label) {
    buffer.emit8(0xE8)
    emitRelative32(to: label)
  }

  /// `call reg` (FF /2). To call a function at an absolute address, load the
  /// address into a scratch register first: code and callee are rarely within
  /// the ±2 GB a rel32 reaches.
  public mutating func call(_ target: X86Register) {
    emit(rexW: false, opcode: .init(0xFF), reg: 2, rm: .register(target.rawValue))
  }

  /// `call qword [memory]`.
  public mutating func call(_ target: X86Memory) {
    emit(rexW: false, opcode: .init(0xFF), reg: 2, rm: .memory(target))
  }

  public mutating func ret() { buffer.emit8(0xC3) }

  public mutating func push(_ register: X86Register) {
    emitWithRegisterInOpcode(rexW: false, opcode: 0x50, register: register)
  }

  /// `push simm32` (pushes 8 bytes, sign-extended).
  public mutating func push(immediate: Int32) {
    buffer.emit8(0x68)
    buffer.emit32(UInt32(bitPattern: immediate))
  }

  public mutating func pop(_ register: X86Register) {
    emitWithRegisterInOpcode(rexW: false, opcode: 0x58, register: register)
  }

  public mutating func nop() { buffer.emit8(0x90) }

  /// `int3`: a breakpoint trap.
  public mutating func int3() { buffer.emit8(0xCC) }

  /// `ud2`: an undefined instruction that always traps (marks unreachable code).
  public mutating func ud2() {
    buffer.emit8(0x0F)
    buffer.emit8(0x0B)
  }
}
