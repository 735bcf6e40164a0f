// The arm64 (A64) assembler core: the instruction stream, register-field
// checks, labels, and branch relaxation. Instruction families are in the
// +Integer, +Memory, +Branches and +FloatingPoint files.
//
// Encodings follow the Arm Architecture Reference Manual for A-profile,
// chapter C4 ("A64 Instruction Set Encoding").

/// Assembles A64 machine code (little-endian, 4 bytes an instruction).
///
/// Branches to labels are emitted in their short form. `finalize()` then
/// checks every reach; a `b.cond`, `cbz`/`cbnz` or `tbz`/`tbnz` whose target
/// lies beyond its ±1 MB / ±32 KB range becomes an inverted branch over an
/// unconditional `b` (±128 MB), and an `adr` beyond ±1 MB becomes `adr` and
/// an `add`/`sub` of a multiple of 4 KB (±16 MB). That insertion moves the
/// code after it, so only label-relative PC-relative instructions may be
/// emitted, and positions needed after finalizing are read from
/// `AssembledCode.offset(of:)`.
public struct ARM64Assembler {
  var buffer = CodeBuffer()
  var labels = LabelTable()
  var fixups: [Fixup] = []

  /// The PC-relative field of one instruction, waiting for its label.
  struct Fixup {
    var position: Int
    let label: Label
    let kind: BranchKind
  }

  enum BranchKind {
    /// `b`, `bl`: imm26 at bits 0–25, ±128 MB.
    case unconditional26
    /// `b.cond`, `cbz`, `cbnz`: imm19 at bits 5–23, ±1 MB.
    case conditional19
    /// `tbz`, `tbnz`: imm14 at bits 5–18, ±32 KB.
    case testBit14
    /// `adr`: a byte distance, immlo at bits 29–30 and immhi at bits 5–23, ±1 MB.
    case address21

    var immediateBits: Int {
      switch self {
      case .unconditional26: return 26
      case .conditional19: return 19
      case .testBit14: return 14
      case .address21: return 21
      }
    }

    var immediateShift: UInt32 { self == .unconditional26 ? 0 : 5 }

    /// Whether `distance` bytes can be encoded (word-aligned for branches, in range).
    func reaches(_ distance: Int) -> Bool {
      if self == .address21 { return distance.fitsSigned(bits: 21) }
      return distance % 4 == 0 && (distance / 4).fitsSigned(bits: immediateBits)
    }
  }

  public init() {}

  /// The number of bytes emitted so far (the offset of the next instruction).
  public var offset: Int { buffer.count }

  /// The bytes emitted so far, with label references not yet resolved.
  public var bytes: [UInt8] { buffer.bytes }

  public mutating func makeLabel() -> Label { labels.make() }

  /// Binds `label` to the current offset.
  public mutating func bind(_ label: Label) { labels.bind(label, to: offset) }

  /// Emits one raw instruction word. It must not be PC-relative: code may
  /// move when `finalize()` lengthens a branch before it.
  public mutating func emit(instruction word: UInt32) { buffer.emit32(word) }

  // MARK: - Finalizing

  /// Lengthens out-of-range short branches, resolves every label reference,
  /// and returns the code.
  public func finalize() throws(AssemblerError) -> AssembledCode {
    var output = buffer
    var table = labels
    var pending = fixups
    let lengthened = try branchesToLengthen()

    // Insert the second word of every lengthened instruction, moving the code
    // after it, in one pass.
    let lengthenedPositions = pending.indices.filter { lengthened[$0] }.map { pending[$0].position }
    let moved = CodeMotion(lengthenedPositions: lengthenedPositions)
    output.insertZeros(4, before: lengthenedPositions.map { $0 + 4 })
    table.move(moved.offset)
    for index in pending.indices { pending[index].position = moved.offset(pending[index].position) }

    for (index, fixup) in pending.enumerated() {
      guard let target = table.offset(of: fixup.label) else { throw .unboundLabel(fixup.label) }
      if lengthened[index] && fixup.kind == .address21 {
        try patchLengthenedAddress(&output, at: fixup.position, target: target)
      } else if lengthened[index] {
        try patchLengthened(&output, at: fixup.position, target: target)
      } else {
        try patch(&output, at: fixup.position, kind: fixup.kind, distance: target - fixup.position)
      }
    }
    return AssembledCode(bytes: output.bytes, labelOffsets: table.offsets)
  }

  /// Which fixups need the long form. Lengthening moves code and may push other
  /// branches out of range, so this repeats until nothing changes (distances only
  /// grow, so it ends); each round costs O(fixups × log lengthened), so code with
  /// thousands of far branches (a long `a && b && …`) stays linear in practice.
  private func branchesToLengthen() throws(AssemblerError) -> [Bool] {
    var lengthened = [Bool](repeating: false, count: fixups.count)
    var motion = CodeMotion(lengthenedPositions: [])
    var changed = true
    while changed {
      changed = false
      for (index, fixup) in fixups.enumerated() where !lengthened[index] && fixup.kind != .unconditional26 {
        guard let target = labels.offset(of: fixup.label) else { throw .unboundLabel(fixup.label) }
        if fixup.kind.reaches(motion.offset(target) - motion.offset(fixup.position)) { continue }
        lengthened[index] = true
        changed = true
      }
      if changed {
        motion = CodeMotion(lengthenedPositions: fixups.indices.filter { lengthened[$0] }.map { fixups[$0].position })
      }
    }
    return lengthened
  }

  /// Where code moves when a word is inserted after each lengthened instruction:
  /// an offset moves by 4 bytes for each lengthened instruction before it.
  struct CodeMotion {
    /// Positions of the lengthened instructions, ascending.
    let lengthenedPositions: [Int]

    func offset(_ original: Int) -> Int {
      // The number of positions below `original`, by binary search.
      var low = 0
      var high = lengthenedPositions.count
      while low < high {
        let middle = (low + high) / 2
        if lengthenedPositions[middle] < original { low = middle + 1 } else { high = middle }
      }
      return original + 4 * low
    }
  }

  /// Writes `distance` into the immediate field of the branch at `position`.
  private func patch(_ output: inout CodeBuffer, at position: Int, kind: BranchKind, distance: Int)
    throws(AssemblerError)
  {
    guard kind.reaches(distance) else {
      throw .branchOutOfRange(offset: position, distance: distance)
    }
    if kind == .address21 {
      output.patch32(at: position, ARM64Assembler.withAddressImmediate(output.read32(at: position), distance))
      return
    }
    let mask = (UInt32(1) << UInt32(kind.immediateBits)) - 1
    let field = (UInt32(truncatingIfNeeded: distance / 4) & mask) << kind.immediateShift
    let word = output.read32(at: position) & ~(mask << kind.immediateShift)
    output.patch32(at: position, word | field)
  }

  /// Turns the short branch at `position` into `inverted-branch +8; b target`
  /// (the second word was inserted as zeros).
  private func patchLengthened(_ output: inout CodeBuffer, at position: Int, target: Int)
    throws(AssemblerError)
  {
    let original = output.read32(at: position)
    let inverted = ARM64Assembler.invertingCondition(of: original)
    output.patch32(at: position, inverted)
    try patch(&output, at: position, kind: ARM64Assembler.kind(of: original), distance: 8)
    output.patch32(at: position + 4, 0x1400_0000)  // b
    try patch(&output, at: position + 4, kind: .unconditional26, distance: target - (position + 4))
  }

  /// Turns the `adr rd` at `position` into `adr rd, #low; add/sub rd, rd, #high, lsl #12`
  /// (the second word was inserted as zeros): `low` is the distance's low 12 bits, `high`
  /// the rest in 4 KB units, at most 4095 of them either way.
  private func patchLengthenedAddress(_ output: inout CodeBuffer, at position: Int, target: Int)
    throws(AssemblerError)
  {
    let distance = target - position
    let pages = distance >> 12  // rounds down, so the low part is 0…4095
    guard (-4095...4095).contains(pages) else {
      throw .branchOutOfRange(offset: position, distance: distance)
    }
    let adr = output.read32(at: position)
    output.patch32(at: position, ARM64Assembler.withAddressImmediate(adr, distance & 0xFFF))
    let rd = adr & 0x1F
    let opcode: UInt32 = pages >= 0 ? 0x9140_0000 : 0xD140_0000  // add / sub xd, xn, #imm, lsl #12
    output.patch32(at: position + 4, opcode | UInt32(abs(pages)) << 10 | rd << 5 | rd)
  }

  /// `word` (an `adr`) with its 21-bit byte distance set to `distance`.
  static func withAddressImmediate(_ word: UInt32, _ distance: Int) -> UInt32 {
    let bits = UInt32(truncatingIfNeeded: distance) & 0x1F_FFFF
    return word & ~(0x6000_0000 | 0x00FF_FFE0) | (bits & 3) << 29 | (bits >> 2) << 5
  }

  /// The short branch kind of an encoded `b.cond`, `cbz`/`cbnz` or `tbz`/`tbnz`.
  static func kind(of word: UInt32) -> BranchKind {
    word & 0x7E00_0000 == 0x3600_0000 ? .testBit14 : .conditional19
  }

  /// The same branch with the opposite sense: `b.cond` flips bit 0 of the
  /// condition; `cbz`↔`cbnz` and `tbz`↔`tbnz` flip bit 24.
  static func invertingCondition(of word: UInt32) -> UInt32 {
    if word & 0xFF00_0010 == 0x5400_0000 { return word ^ 1 }
    return word ^ (1 << 24)
  }

  // MARK: - Emitting and register fields

  mutating func emit(_ word: UInt32) { buffer.emit32(word) }

  /// Emits a short or unconditional branch to `label`, to be patched by `finalize()`.
  mutating func emitBranch(_ word: UInt32, to label: Label, kind: BranchKind) {
    fixups.append(Fixup(position: offset, label: label, kind: kind))
    buffer.emit32(word)
  }

  /// The `sf` bit (bit 31): 1 for 64-bit operations.
  static func sizeFlag(_ register: ARM64Register) -> UInt32 { register.is64Bit ? 1 << 31 : 0 }
}

/// What register 31 means in an instruction field.
enum RegisterField {
  /// 31 is the zero register; sp cannot be named.
  case zeroRegister
  /// 31 is the stack pointer; the zero register cannot be named.
  case stackPointer
}

extension ARM64Register {
  /// The 5-bit field for this register, checking that the field can name it.
  func encoded(as field: RegisterField) -> UInt32 {
    switch field {
    case .zeroRegister:
      precondition(
        !isStackPointer, "\(self) cannot be encoded here: this operand names the zero register")
    case .stackPointer:
      precondition(
        !isZeroRegister, "\(self) cannot be encoded here: this operand names the stack pointer")
    }
    return UInt32(number)
  }
}

/// Checks that all registers of an instruction have the same width.
func requireSameWidth(_ registers: ARM64Register...) {
  let width = registers[0].is64Bit
  precondition(registers.allSatisfy { $0.is64Bit == width }, "mixed register widths: \(registers)")
}
