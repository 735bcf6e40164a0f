// The frame layout shared by the interpreter and the JIT.
//
// A frame's registers are `fp[0 ..< registerCount]`: parameters first, then
// locals and temporaries. Below fp lies a fixed header; a caller builds the
// header and arguments of the frame it calls in its own topmost registers, so
// arguments are never copied:
//
//   fp[-10] where the caller's machine code continues after the call returns (raw address),
//           or 0 when the caller runs in the interpreter
//   fp[-9] the current environment (captured bindings; scope pushes update it)
//   fp[-8] return register in the caller (low 32 bits) | FrameFlags (high bits)
//   fp[-7] code block (CodeBlockCell value)
//   fp[-6] return pc: instruction offset in the caller's code block
//   fp[-5] caller frame pointer (raw address; 0 for the first frame)
//   fp[-4] new.target (undefined for calls)
//   fp[-3] argument count (raw integer)
//   fp[-2] this
//   fp[-1] callee
//   fp[0…] arguments / parameters, then locals
enum Frame {
  static let headerSize = 10
  static let calleeOffset = -1
  static let thisOffset = -2
  static let argumentCountOffset = -3
  static let newTargetOffset = -4
  static let callerFrameOffset = -5
  static let returnPCOffset = -6
  static let codeBlockOffset = -7
  static let returnInfoOffset = -8
  static let environmentOffset = -9
  static let machineReturnOffset = -10

  struct Flags {
    /// Entered from native code: returning leaves the interpreter loop.
    static let entry: UInt64 = 1 << 32
    /// A [[Construct]] call: a non-object result is replaced by `this`.
    static let construct: UInt64 = 1 << 33
  }

  @inline(__always) static func codeBlock(_ fp: UnsafeMutablePointer<Value>) -> CodeBlock? {
    let cell = fp[codeBlockOffset]
    guard cell.isCell, cell.asCell.cellKind == .codeBlock else { return nil }
    return CodeBlockCellRef(cell).codeBlock
  }

  /// The running code's hot data (the frame's code block cell must be set).
  @inline(__always) static func codeData(_ fp: UnsafeMutablePointer<Value>) -> UnsafeMutablePointer<CodeBlockData> {
    CodeBlockCellRef(fp[codeBlockOffset]).data
  }

  @inline(__always) static func callerFrame(_ fp: UnsafeMutablePointer<Value>) -> UnsafeMutablePointer<Value>? {
    UnsafeMutablePointer(bitPattern: UInt(fp[callerFrameOffset].bits))
  }

  @inline(__always) static func returnPC(_ fp: UnsafeMutablePointer<Value>) -> Int {
    Int(truncatingIfNeeded: fp[returnPCOffset].bits)
  }

  @inline(__always) static func argumentCount(_ fp: UnsafeMutablePointer<Value>) -> Int {
    Int(truncatingIfNeeded: fp[argumentCountOffset].bits)
  }
}
