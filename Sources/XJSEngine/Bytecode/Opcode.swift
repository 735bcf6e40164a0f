// The instruction set's description types. The instructions themselves are declared once, in
// Opcodes.spec; Scripts/generate-opcodes derives Opcode+Generated.swift (the `Opcode` enum, its
// table, the typed operand views `Instruction.*` and `InstructionVisitor`) and the compiler's
// typed emitters from it.

/// What an operand word means to the instruction.
enum OperandRole {
  /// A frame register the instruction reads (a signed offset from the frame pointer).
  case read
  /// A frame register the instruction writes.
  case write
  /// A frame register the instruction reads and writes.
  case readWrite
  /// Two consecutive registers the instruction writes.
  case writePair
  /// Two consecutive registers the instruction reads and writes.
  case readWritePair
  /// The base of a callee frame built in the caller's registers (callee at -1, this at -2).
  case frame
  /// The first of a run of registers the instruction reads (the run's length is another operand).
  case range
  /// An index into the code block's constants.
  case constant
  /// A constant index naming a property or binding (an atom string).
  case name
  /// A signed 32-bit immediate.
  case immediate
  /// A signed jump offset, relative to the start of the instruction.
  case jump
  /// An inline-cache site of the code block.
  case cache
  /// An unsigned count.
  case count
  /// Unsigned flag bits.
  case flags
  /// An unsigned index into a side table (scope descriptors, template sites, error types).
  case index

  /// Whether the operand is a frame register (or the first of several).
  var isRegister: Bool {
    switch self {
    case .read, .write, .readWrite, .writePair, .readWritePair, .frame, .range: true
    default: false
    }
  }
}

struct OperandInfo {
  let name: String
  let role: OperandRole
  init(_ name: String, _ role: OperandRole) {
    self.name = name
    self.role = role
  }
}

struct OpcodeFlags: OptionSet {
  let rawValue: UInt8
  static let mayThrow = OpcodeFlags(rawValue: 1)
  static let endsBlock = OpcodeFlags(rawValue: 2)
  static let safePoint = OpcodeFlags(rawValue: 4)
  static let entersFrames = OpcodeFlags(rawValue: 8)
  static let inline = OpcodeFlags(rawValue: 16)
}

struct OpcodeInfo {
  let name: String
  let operands: [OperandInfo]
  let flags: OpcodeFlags
  let summary: String
}

extension Opcode {
  var info: OpcodeInfo { Opcode.table[Int(rawValue)] }

  /// The opcode of an instruction word the compiler wrote (no validation: the
  /// cases' raw values are their declaration indices, which is also their
  /// in-memory tag, so this is a plain byte reinterpretation).
  @inline(__always) static func decode(_ word: UInt32) -> Opcode {
    unsafeBitCast(UInt8(truncatingIfNeeded: word), to: Opcode.self)
  }

  /// The index (1-based, in words) of the jump operand, if the instruction has one: always the
  /// last operand.
  var jumpOperandIndex: Int? {
    info.operands.last?.role == .jump ? info.operands.count : nil
  }
}
