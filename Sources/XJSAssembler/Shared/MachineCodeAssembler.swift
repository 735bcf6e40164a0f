/// What both assemblers share: a byte offset, labels, and finalizing. A
/// MacroAssembler (one interface for the baseline JIT over both ISAs) can be
/// generic over this, with the ISA-specific instruction selection in each
/// conforming backend.
public protocol MachineCodeAssembler {
  init()
  /// The offset of the next instruction. Not stable across `finalize()` on
  /// arm64 (branch lengthening); keep labels for positions needed later.
  var offset: Int { get }
  /// The bytes emitted so far, label references not yet resolved.
  var bytes: [UInt8] { get }
  mutating func makeLabel() -> Label
  mutating func bind(_ label: Label)
  /// Resolves every label reference and returns the finished code.
  func finalize() throws(AssemblerError) -> AssembledCode
}

extension X86_64Assembler: MachineCodeAssembler {}
extension ARM64Assembler: MachineCodeAssembler {}
