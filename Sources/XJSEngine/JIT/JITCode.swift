import XJSAssembler

/// The machine code of one code block: sealed RX, never written again, freed with the block.
///
/// Besides the function's entry, it has an entry for every loop header (OSR: a loop the
/// interpreter is running continues in machine code at its header) and every exception handler
/// (the unwinder resumes a compiled frame there). Each entry loads the function's pinned
/// registers from the frame first, so the interpreter can jump in with only the frame.
final class JITCode {
  let code: ExecutableCode
  /// Keeps the code memory alive as long as this code is.
  private let allocator: CodeAllocator
  /// The function's entry (the frame is set up; the body starts at pc 0).
  let entry: UnsafeRawPointer
  /// The entry of a direct call: only the header and arguments are written.
  let directEntry: UnsafeRawPointer
  /// (bytecode offset, machine offset) of loop headers and handlers, ascending by bytecode.
  let entryPoints: [(pc: Int32, offset: Int32)]
  /// (machine offset, bytecode offset) where each instruction's code starts, for `--print-code`.
  let instructionStarts: [(offset: Int32, pc: Int32)]

  var codeBytes: Int { code.range.count }
  /// The machine code and the tables kept with it.
  var estimatedBytes: Int { 128 &+ codeBytes &+ (entryPoints.count &+ instructionStarts.count) &* 8 }

  init(
    code: ExecutableCode, allocator: CodeAllocator, entryOffset: Int, directEntryOffset: Int,
    entryPoints: [(pc: Int32, offset: Int32)],
    instructionStarts: [(offset: Int32, pc: Int32)]
  ) {
    self.code = code
    self.allocator = allocator
    self.entry = code.address(at: entryOffset)
    self.directEntry = code.address(at: directEntryOffset)
    self.entryPoints = entryPoints
    self.instructionStarts = instructionStarts
  }

  deinit { allocator.free(code, reason: "code of a dead function") }

  /// The machine entry for bytecode offset `pc` (a loop header or a handler), if there is one.
  func entry(atBytecodeOffset pc: Int) -> UnsafeRawPointer? {
    var low = 0
    var high = entryPoints.count - 1
    while low <= high {
      let middle = (low + high) / 2
      let candidate = Int(entryPoints[middle].pc)
      if candidate == pc { return code.address(at: Int(entryPoints[middle].offset)) }
      if candidate < pc { low = middle + 1 } else { high = middle - 1 }
    }
    return nil
  }
}
