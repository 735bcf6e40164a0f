// The x86-64 assembler: the instruction encoder core (prefixes, REX, ModRM,
// SIB, displacements, immediates) and labels. Instruction families are in
// the +Integer, +ControlFlow and +SSE files.
//
// Encodings follow the Intel SDM vol. 2, ch. 2 ("Instruction Format").

/// Assembles x86-64 machine code into a byte buffer.
///
/// Labels may be referenced before they are bound; references are resolved by
/// `finalize()`. Backward jumps use the 2-byte short form when the target is
/// within reach, forward jumps always the 32-bit form.
public struct X86_64Assembler {
  var buffer = CodeBuffer()
  var labels = LabelTable()
  var fixups: [Fixup] = []

  /// A 32-bit PC-relative field waiting for its label: the field starts at
  /// `position` and is relative to `end` (the end of its instruction).
  struct Fixup {
    let position: Int
    let end: Int
    let label: Label
  }

  public init() {}

  /// The number of bytes emitted so far (the offset of the next instruction).
  public var offset: Int { buffer.count }

  /// The bytes emitted so far, with unresolved references still zero.
  public var bytes: [UInt8] { buffer.bytes }

  public mutating func makeLabel() -> Label { labels.make() }

  /// Binds `label` to the current offset.
  public mutating func bind(_ label: Label) { labels.bind(label, to: offset) }

  /// Resolves every label reference and returns the code.
  public func finalize() throws(AssemblerError) -> AssembledCode {
    var output = buffer
    for fixup in fixups {
      guard let target = labels.offset(of: fixup.label) else { throw .unboundLabel(fixup.label) }
      let distance = target - fixup.end
      guard distance.fitsSigned(bits: 32) else {
        throw .branchOutOfRange(offset: fixup.position, distance: distance)
      }
      output.patch32(at: fixup.position, UInt32(bitPattern: Int32(distance)))
    }
    return AssembledCode(bytes: output.bytes, labelOffsets: labels.offsets)
  }

  // MARK: - Raw data

  /// Emits raw bytes (constants placed in the code, padding).
  public mutating func emit(bytes: [UInt8]) { for byte in bytes { buffer.emit8(byte) } }

  /// Emits a 64-bit little-endian constant, e.g. a double for `movsd xmm, [rip+label]`.
  public mutating func emit64(_ value: UInt64) { buffer.emit64(value) }

  /// Pads with `int3` up to a multiple of `alignment` bytes.
  public mutating func align(to alignment: Int, filler: UInt8 = 0xCC) {
    precondition(
      alignment > 0 && alignment & (alignment - 1) == 0, "alignment must be a power of two")
    while offset % alignment != 0 { buffer.emit8(filler) }
  }

  // MARK: - Encoder core

  /// The register-or-memory operand of a ModRM byte.
  enum RM {
    /// A register number 0–15 (general-purpose or XMM).
    case register(UInt8)
    case memory(X86Memory)
  }

  /// One to three opcode bytes.
  struct Opcode {
    let bytes: (UInt8, UInt8, UInt8)
    let count: Int

    init(_ first: UInt8) { (bytes, count) = ((first, 0, 0), 1) }
    init(_ first: UInt8, _ second: UInt8) { (bytes, count) = ((first, second, 0), 2) }
    init(_ first: UInt8, _ second: UInt8, _ third: UInt8) {
      (bytes, count) = ((first, second, third), 3)
    }
  }

  enum Immediate {
    case none
    case byte(Int8)
    case word(UInt16)
    case dword(Int32)
  }

  /// Emits `[prefix] [REX] opcode ModRM [SIB] [disp] [imm]`.
  ///
  /// - Parameters:
  ///   - prefix: a mandatory/operand-size prefix (0x66, 0xF2, 0xF3), which must precede REX.
  ///   - reg: the ModRM.reg field: a register number 0–15 or an opcode extension 0–7.
  ///   - forceREX: emit REX even when no bit is set (byte access to spl/bpl/sil/dil).
  mutating func emit(
    prefix: UInt8? = nil, rexW: Bool, opcode: Opcode, reg: UInt8, rm: RM,
    immediate: Immediate = .none,
    forceREX: Bool = false
  ) {
    let start = offset
    if let prefix { buffer.emit8(prefix) }
    emitREX(w: rexW, reg: reg, rm: rm, force: forceREX)
    emitOpcode(opcode)
    let ripLabelField = emitModRM(reg: reg, rm: rm)
    emitImmediate(immediate)
    if let (position, label) = ripLabelField {
      fixups.append(Fixup(position: position, end: offset, label: label))
    }
    assert(offset - start <= 15, "x86 instructions are at most 15 bytes")
  }

  /// Emits `[REX] opcode+register [imm]` (push, pop, mov r, imm).
  mutating func emitWithRegisterInOpcode(rexW: Bool, opcode: UInt8, register: X86Register) {
    emitREX(w: rexW, reg: 0, rm: .register(register.rawValue), force: false)
    buffer.emit8(opcode | register.low3)
  }

  private mutating func emitOpcode(_ opcode: Opcode) {
    buffer.emit8(opcode.bytes.0)
    if opcode.count > 1 { buffer.emit8(opcode.bytes.1) }
    if opcode.count > 2 { buffer.emit8(opcode.bytes.2) }
  }

  private mutating func emitImmediate(_ immediate: Immediate) {
    switch immediate {
    case .none: break
    case .byte(let value): buffer.emit8(UInt8(bitPattern: value))
    case .word(let value): buffer.emit16(value)
    case .dword(let value): buffer.emit32(UInt32(bitPattern: value))
    }
  }

  /// REX = 0100WRXB (SDM 2.2.1).
  private mutating func emitREX(w: Bool, reg: UInt8, rm: RM, force: Bool) {
    var rex: UInt8 = 0
    if w { rex |= 8 }
    if reg >= 8 { rex |= 4 }
    switch rm {
    case .register(let number):
      if number >= 8 { rex |= 1 }
    case .memory(let memory):
      if memory.index?.isExtended == true { rex |= 2 }
      if case .register(let base) = memory.base, base.isExtended { rex |= 1 }
    }
    if rex != 0 || force { buffer.emit8(0x40 | rex) }
  }

  private mutating func emitModRMByte(mod: UInt8, reg: UInt8, rm: UInt8) {
    buffer.emit8(mod << 6 | (reg & 7) << 3 | (rm & 7))
  }

  private mutating func emitSIB(scale: X86Scale, index: UInt8, base: UInt8) {
    buffer.emit8(scale.rawValue << 6 | (index & 7) << 3 | (base & 7))
  }

  /// Emits ModRM, SIB and displacement. Returns the position of a RIP-relative
  /// field that still needs its label, if any.
  private mutating func emitModRM(reg: UInt8, rm: RM) -> (Int, Label)? {
    switch rm {
    case .register(let number):
      emitModRMByte(mod: 3, reg: reg, rm: number)
      return nil
    case .memory(let memory):
      return emitMemoryOperand(reg: reg, memory)
    }
  }

  private mutating func emitMemoryOperand(reg: UInt8, _ memory: X86Memory) -> (Int, Label)? {
    let noIndex: UInt8 = 0b100  // SIB.index 100 means "no index"
    switch memory.base {
    case .rip(let label):
      // mod 00, r/m 101: [rip + disp32] (SDM 2.2.1.6).
      emitModRMByte(mod: 0, reg: reg, rm: 0b101)
      let position = offset
      buffer.emit32(UInt32(bitPattern: memory.displacement))
      return label.map { (position, $0) }
    case .none:
      // mod 00, r/m 100, SIB.base 101: [index*scale + disp32] with no base.
      emitModRMByte(mod: 0, reg: reg, rm: 0b100)
      emitSIB(scale: memory.scale, index: memory.index?.rawValue ?? noIndex, base: 0b101)
      buffer.emit32(UInt32(bitPattern: memory.displacement))
      return nil
    case .register(let base):
      let mod = displacementMode(base: base, memory.displacement)
      if let index = memory.index {
        emitModRMByte(mod: mod, reg: reg, rm: 0b100)
        emitSIB(scale: memory.scale, index: index.rawValue, base: base.rawValue)
      } else if base.low3 == 0b100 {
        // rsp and r12 as a base need a SIB byte (r/m 100 means "SIB follows").
        emitModRMByte(mod: mod, reg: reg, rm: 0b100)
        emitSIB(scale: .x1, index: noIndex, base: base.rawValue)
      } else {
        emitModRMByte(mod: mod, reg: reg, rm: base.rawValue)
      }
      emitDisplacement(mod: mod, memory.displacement)
      return nil
    }
  }

  /// mod 00 = no displacement, 01 = disp8, 10 = disp32. rbp and r13 as a base
  /// have no mod-00 form (it means RIP/disp32), so they take a zero disp8.
  private func displacementMode(base: X86Register, _ displacement: Int32) -> UInt8 {
    if displacement == 0 && base.low3 != 0b101 { return 0 }
    return displacement.fitsSigned(bits: 8) ? 1 : 2
  }

  private mutating func emitDisplacement(mod: UInt8, _ displacement: Int32) {
    if mod == 1 { buffer.emit8(UInt8(bitPattern: Int8(displacement))) }
    if mod == 2 { buffer.emit32(UInt32(bitPattern: displacement)) }
  }

  // MARK: - Label references

  /// Emits a 32-bit PC-relative field for `label` that ends the instruction.
  mutating func emitRelative32(to label: Label) {
    let position = offset
    buffer.emit32(0)
    if let target = labels.offset(of: label) {
      buffer.patch32(at: position, UInt32(bitPattern: Int32(target - offset)))
    } else {
      fixups.append(Fixup(position: position, end: offset, label: label))
    }
  }

  /// The distance from the end of an instruction of `length` bytes starting
  /// here to `label`, if `label` is already bound (a backward reference).
  func boundDistance(to label: Label, instructionLength length: Int) -> Int? {
    labels.offset(of: label).map { $0 - (offset + length) }
  }
}
