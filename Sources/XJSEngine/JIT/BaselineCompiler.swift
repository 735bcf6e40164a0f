import XJSAssembler

// The baseline JIT (V8's Sparkplug, JSC's baseline): one pass over a code block's bytecode,
// one template per instruction, written once against MacroAssembler. Machine code shares the
// interpreter's frames: registers stay in their frame slots, so a function can move between the
// tiers at any instruction boundary with nothing to translate, and the JIT never deoptimizes.
//
// Pinned registers (JITRegister): the frame, the context (the runtime's hot state, followed by
// the slow-path table), the number tag, the code block's data and its bytecode. Templates use
// the temporaries between instructions only; no value lives in a machine register across an
// instruction boundary or a call, so the collector needs no stack maps.
//
// What a template does not do inline it calls: the instruction's slow path through the table
// (the interpreter runs the same functions), with (context, frame, pc) as arguments. A slow path
// that threw returns nil, and the code jumps to the function's exception exit, which hands the
// parked exception to the interpreter's unwinder.
//
// Code is position-independent and embeds no heap pointer: constants, inline caches and the
// runtime are reached through the pinned registers. Nothing in it is patched after sealing.

/// A position in machine code (the bytecode compiler has its own `Label`).
typealias CodeLabel = XJSAssembler.Label

/// What the pinned registers hold in JIT code.
enum JITRegister {
  /// The frame's registers (`fp`).
  static let frame = MacroRegister.saved0
  /// The runtime's hot state, with the slow-path table after it.
  static let context = MacroRegister.saved1
  /// Value.numberTag (0xFFFE_0000_0000_0000): `bits >= tag` is an int32, `bits & tag != 0` a number.
  static let numberTag = MacroRegister.saved2
  /// The running code block's CodeBlockData.
  static let codeData = MacroRegister.saved3
  /// The running code block's bytecode (slow paths get `instructions + pc`).
  static let instructions = MacroRegister.saved4
}

/// Byte offsets JIT code reads, all from the declarations the interpreter uses.
enum JITLayout {
  static let codeDataInCell = Int32(CodeBlockCellRef.dataOffset)
  static let instructionsInData = Int32(MemoryLayout<CodeBlockData>.offset(of: \.instructions)!)
  static let constantsInData = Int32(MemoryLayout<CodeBlockData>.offset(of: \.constants)!)
  static let cachesInData = Int32(MemoryLayout<CodeBlockData>.offset(of: \.propertyCaches)!)
  static let jitEntryInData = Int32(MemoryLayout<CodeBlockData>.offset(of: \.jitEntry)!)
  static let jitDirectEntryInData = Int32(MemoryLayout<CodeBlockData>.offset(of: \.jitDirectEntry)!)
  /// The interrupt flag and the safe-point requests, one 64-bit word (both must be zero).
  static let safePointWord = Int32(MemoryLayout<RuntimeHotState>.offset(of: \.interruptRequested)!)
  /// The slow-path table after the hot state: entry `n` at `slowPathTable + 8 n`.
  static let slowPathTable = Int32(SlowPathTable.offset)

  static func frameSlot(_ register: Int) -> Int32 { Int32(register * 8) }
}

struct JITCompileError: Error, CustomStringConvertible {
  let description: String
}

/// Compiles code blocks and builds the entry thunk, for the target's MacroAssembler.
enum BaselineJIT {
  static func compile(
    _ codeBlock: CodeBlock, allocator: CodeAllocator, options: JITOptions
  ) throws(JITCompileError) -> JITCode {
    if options.target.isARM64 {
      return try compile(ARM64MacroAssembler.self, codeBlock, allocator: allocator, options: options)
    }
    return try compile(X86_64MacroAssembler.self, codeBlock, allocator: allocator, options: options)
  }

  static func installEntryThunk(_ allocator: CodeAllocator, target: JITTarget) throws(ExecutableMemoryError) -> (
    JITEntryFunction, ExecutableCode
  ) {
    if target.isARM64 { return try installEntryThunk(ARM64MacroAssembler.self, allocator) }
    return try installEntryThunk(X86_64MacroAssembler.self, allocator)
  }

  private static func compile<M: MacroAssembler>(
    _: M.Type, _ codeBlock: CodeBlock, allocator: CodeAllocator, options: JITOptions
  ) throws(JITCompileError) -> JITCode {
    guard codeBlock.instructionCount <= options.maximumBytecodeWords else {
      throw JITCompileError(
        description: "\(codeBlock.instructionCount) bytecode words (limit \(options.maximumBytecodeWords))")
    }
    // Every displacement the templates compute must fit the 32 bits of an address offset.
    let limit = 1 << 24
    guard codeBlock.registerCount < limit, codeBlock.constantCount < limit, codeBlock.propertyCacheSiteCount < limit
    else {
      throw JITCompileError(
        description: "\(codeBlock.registerCount) registers, \(codeBlock.constantCount) constants, "
          + "\(codeBlock.propertyCacheSiteCount) cache sites (limit \(limit) each)")
    }
    var compiler = BaselineCompiler<M>(codeBlock)
    compiler.compileFunction()
    let assembled: AssembledCode
    do {
      assembled = try compiler.masm.finalize()
    } catch {
      throw JITCompileError(description: "assembling failed: \(error)")
    }
    let code: ExecutableCode
    do {
      code = try allocator.install(assembled.bytes, reason: "baseline code of \(codeBlock.displayName)")
    } catch {
      throw JITCompileError(description: "no code memory: \(error)")
    }
    let entryPoints = compiler.entryStubs.map { (pc: Int32($0.pc), offset: Int32(assembled.offset(of: $0.label)!)) }
    let starts = compiler.instructionOffsets.map {
      (offset: Int32(assembled.offset(of: compiler.labels[$0])!), pc: Int32($0))
    }
    return JITCode(
      code: code, allocator: allocator, entryOffset: assembled.offset(of: compiler.functionEntry)!,
      directEntryOffset: assembled.offset(of: compiler.directEntry)!,
      entryPoints: entryPoints.sorted { $0.pc < $1.pc }, instructionStarts: starts)
  }

  /// The entry thunk: `(context, frame, address) -> exit` saves the C caller's registers, pins the
  /// frame, the context and the number tag, and jumps to `address`. Machine code leaves through
  /// `leaveNativeFrameAndReturn` with the exit in the two return registers.
  private static func installEntryThunk<M: MacroAssembler>(_: M.Type, _ allocator: CodeAllocator)
    throws(ExecutableMemoryError) -> (JITEntryFunction, ExecutableCode)
  {
    var masm = M()
    masm.enterNativeFrame()
    let arguments = M.argumentRegisters
    masm.move(.t5, arguments[2])
    masm.move(JITRegister.context, arguments[0])
    masm.move(JITRegister.frame, arguments[1])
    masm.move(JITRegister.numberTag, immediate: Int64(bitPattern: Value.numberTag))
    masm.jump(.t5)
    let bytes: [UInt8]
    do { bytes = try masm.finalize().bytes } catch {
      preconditionFailure("the entry thunk does not assemble: \(error)")
    }
    let code = try allocator.install(bytes, reason: "JIT entry thunk")
    return (unsafeBitCast(code.start, to: JITEntryFunction.self), code)
  }
}

/// One code block's compilation.
struct BaselineCompiler<M: MacroAssembler>: InstructionVisitor {
  var masm = M()
  let codeBlock: CodeBlock
  let instructions: UnsafePointer<UInt32>
  /// A label at every instruction (indexed by bytecode offset).
  var labels: [CodeLabel] = []
  var instructionOffsets: [Int] = []
  /// The instruction being compiled.
  var pc: UnsafePointer<UInt32>
  var pcOffset: Int { pc - instructions }

  let functionEntry: CodeLabel
  /// The entry of direct calls: initializes the registers, then falls into `functionEntry`.
  let directEntry: CodeLabel
  let exceptionExit: CodeLabel
  /// Leaves for the interpreter to run the frame in `frame` from its first instruction.
  let resumeFrameAtEntry: CodeLabel
  /// Leaves after the entry frame returned.
  let entryFrameReturned: CodeLabel
  /// Continues a resumed frame at `hot.resumeOffset` (code that suspends only).
  let resumeDispatch: CodeLabel
  /// Where a suspended frame continues: the instruction after each Yield and Await.
  let resumePoints: [Int]
  /// Entries from outside (loop headers, handlers): load the pinned registers, then jump.
  var entryStubs: [(pc: Int, label: CodeLabel)] = []
  /// Out-of-line code emitted after the body.
  var slowCases: [SlowCase] = []
  /// Loop headers: targets of backward jumps.
  let loopHeaders: Set<Int>

  /// Code placed after the body, reached from a fast path that could not finish.
  struct SlowCase {
    let label: CodeLabel
    /// The instruction it belongs to.
    let pc: Int
    let emit: (inout BaselineCompiler<M>) -> Void
  }

  init(_ codeBlock: CodeBlock) {
    self.codeBlock = codeBlock
    instructions = codeBlock.instructionBase
    pc = instructions
    functionEntry = masm.makeLabel()
    directEntry = masm.makeLabel()
    exceptionExit = masm.makeLabel()
    resumeFrameAtEntry = masm.makeLabel()
    entryFrameReturned = masm.makeLabel()
    resumeDispatch = masm.makeLabel()
    var headers = Set<Int>()
    var resumes: [Int] = []
    var offset = 0
    while offset < codeBlock.instructionCount {
      let opcode = Opcode.decode(instructions[offset])
      if let jump = opcode.jumpOperandIndex {
        let target = offset + Int(Int32(bitPattern: instructions[offset + jump]))
        if target <= offset { headers.insert(target) }
      }
      if opcode == .yield || opcode == .await { resumes.append(offset + opcode.size) }
      offset += opcode.size
    }
    loopHeaders = headers
    resumePoints = resumes
    labels.reserveCapacity(codeBlock.instructionCount + 1)
    for _ in 0...codeBlock.instructionCount { labels.append(masm.makeLabel()) }
  }

  // MARK: The function

  mutating func compileFunction() {
    masm.bind(directEntry)
    emitRegisterInitialization()
    masm.bind(functionEntry)
    loadPinnedRegisters()
    if codeBlock.suspends {
      // A resumed generator's frame continues after the Yield or Await that suspended it.
      masm.load64(.t0, MacroAddress(JITRegister.context, JITLayout.resumeOffset))
      masm.branchTest64(.nonZero, .t0, .t0, resumeDispatch)
    }
    var offset = 0
    while offset < codeBlock.instructionCount {
      pc = instructions + offset
      masm.bind(labels[offset])
      instructionOffsets.append(offset)
      visit(pc)
      offset += Opcode.decode(pc[0]).size
    }
    // The code block ends with a return; nothing falls off its end.
    masm.bind(labels[codeBlock.instructionCount])
    masm.breakpoint()
    emitSlowCases()
    emitEntryStubs()
    if codeBlock.suspends { emitResumeDispatch() }
    emitExits()
  }

  /// Takes `hot.resumeOffset` (set by `restoreFrame`, which copied the frame back) and jumps to
  /// that resume point.
  private mutating func emitResumeDispatch() {
    masm.bind(resumeDispatch)
    masm.load64(.t0, MacroAddress(JITRegister.context, JITLayout.resumeOffset))
    masm.store64(immediate: 0, MacroAddress(JITRegister.context, JITLayout.resumeOffset))
    for point in resumePoints {
      masm.branch64(.equal, .t0, immediate: Int32(point), labels[point])
    }
    // restoreFrame resumes only at the offsets after this code block's suspensions.
    masm.breakpoint()
  }

  /// What `enterFunction` does to the registers after a direct call wrote the header and the
  /// arguments: missing arguments and every register above the parameters become undefined
  /// (the counts are this code block's, so the locals are stored one by one).
  mutating func emitRegisterInitialization() {
    let parameterCount = codeBlock.parameterCount
    let registerCount = codeBlock.registerCount
    masm.move(.t1, immediate: Int64(bitPattern: Value.undefined.bits))
    if parameterCount > 0 {
      // Registers argumentCount ..< parameterCount (none when enough arguments came).
      let loop = masm.makeLabel()
      let done = masm.makeLabel()
      masm.load64(.t0, frameHeader(Frame.argumentCountOffset))
      masm.bind(loop)
      masm.branch64(.greaterOrEqual, .t0, immediate: Int32(parameterCount), done)
      masm.store64(.t1, MacroAddress(JITRegister.frame, index: .t0, scale: 8))
      masm.add64(.t0, immediate: 1)
      masm.jump(loop)
      masm.bind(done)
    }
    if registerCount - parameterCount <= 64 {
      for register in parameterCount..<registerCount { masm.store64(.t1, slot(register)) }
    } else {
      let loop = masm.makeLabel()
      let done = masm.makeLabel()
      masm.move(.t0, immediate: Int64(parameterCount))
      masm.bind(loop)
      masm.branch64(.greaterOrEqual, .t0, immediate: Int32(registerCount), done)
      masm.store64(.t1, MacroAddress(JITRegister.frame, index: .t0, scale: 8))
      masm.add64(.t0, immediate: 1)
      masm.jump(loop)
      masm.bind(done)
    }
  }

  /// Loads the code block's data and bytecode from the frame (at every entry from outside and
  /// after a call returns: the callee had its own).
  mutating func loadPinnedRegisters() {
    masm.load64(JITRegister.codeData, frameHeader(Frame.codeBlockOffset))
    masm.load64(JITRegister.codeData, MacroAddress(JITRegister.codeData, JITLayout.codeDataInCell))
    masm.load64(JITRegister.instructions, MacroAddress(JITRegister.codeData, JITLayout.instructionsInData))
  }

  private mutating func emitEntryStubs() {
    var targets = loopHeaders
    for handler in codeBlock.handlers { targets.insert(handler.target) }
    for target in targets.sorted() {
      let label = masm.makeLabel()
      masm.bind(label)
      loadPinnedRegisters()
      masm.jump(labels[target])
      entryStubs.append((target, label))
    }
  }

  private mutating func emitExits() {
    masm.bind(exceptionExit)
    leave(frame: JITRegister.frame, kind: JITExit.exceptionKind)
    masm.bind(resumeFrameAtEntry)
    leave(frame: JITRegister.frame, kind: JITExit.resumeKind)
    masm.bind(entryFrameReturned)
    leave(frame: JITRegister.frame, kind: JITExit.returnedKind)
  }

  /// Leaves machine code with the exit (`frame`, `kind | pc << 2`) in the return registers.
  mutating func leave(frame: MacroRegister, kind: UInt64, pc: Int = 0) {
    masm.move(M.returnRegister, frame)
    masm.move(M.secondReturnRegister, immediate: Int64(kind | UInt64(pc) << 2))
    masm.leaveNativeFrameAndReturn()
  }

  // MARK: Operands

  func slot(_ register: Int) -> MacroAddress { MacroAddress(JITRegister.frame, JITLayout.frameSlot(register)) }
  func frameHeader(_ offset: Int) -> MacroAddress { MacroAddress(JITRegister.frame, JITLayout.frameSlot(offset)) }
  var currentInstructionAddress: MacroArgument {
    .address(MacroAddress(JITRegister.instructions, Int32(pcOffset * 4)))
  }

  // MARK: Slow paths

  /// Calls the slow-path entry `entry` of the table with (context, frame, pc); the result is in t0.
  mutating func callTableEntry(_ entry: Int) {
    masm.setUpArguments([.register(JITRegister.context), .register(JITRegister.frame), currentInstructionAddress])
    masm.call(MacroAddress(JITRegister.context, JITLayout.slowPathTable + Int32(entry * 8)))
  }

  /// Calls the current instruction's slow path; to the exception exit if it threw.
  mutating func callSlowPath() {
    let opcode = Opcode.decode(pc[0])
    callTableEntry(Int(opcode.rawValue))
    if opcode.mayThrow { masm.branchTest64(.zero, M.returnRegister, M.returnRegister, exceptionExit) }
  }

  /// The whole instruction through its slow path (the template of every instruction without a
  /// faster one), including where a conditional jump goes.
  mutating func emitSlowPathInstruction() {
    callSlowPath()
    emitBranchOnSlowPathResult()
  }

  /// After a slow path of an instruction with a jump operand: jump to the target when the slow
  /// path returned it (it returns the next instruction otherwise).
  mutating func emitBranchOnSlowPathResult() {
    let opcode = Opcode.decode(pc[0])
    guard let jumpIndex = opcode.jumpOperandIndex, !opcode.endsBlock else { return }
    let target = pcOffset + Int(Int32(bitPattern: pc[jumpIndex]))
    masm.loadAddress(.t1, MacroAddress(JITRegister.instructions, Int32((pcOffset + opcode.size) * 4)))
    if target <= pcOffset {
      let fallThrough = masm.makeLabel()
      masm.branch64(.equal, M.returnRegister, .t1, fallThrough)
      emitJump(to: target)
      masm.bind(fallThrough)
    } else {
      masm.branch64(.notEqual, M.returnRegister, .t1, labels[target])
    }
  }

  /// Out-of-line code for the current instruction, emitted by `emit` after the body; jump to
  /// the returned label to run it.
  mutating func outOfLine(_ emit: @escaping (inout BaselineCompiler<M>) -> Void) -> CodeLabel {
    let label = masm.makeLabel()
    slowCases.append(SlowCase(label: label, pc: pcOffset, emit: emit))
    return label
  }

  /// Where the current instruction's next instruction starts.
  var nextInstruction: CodeLabel { labels[pcOffset + Opcode.decode(pc[0]).size] }

  /// An out-of-line call of the current instruction's slow path, entered at the returned label;
  /// it continues with the next instruction (or the jump target).
  mutating func slowCase() -> CodeLabel {
    let resume = nextInstruction
    return outOfLine { compiler in
      compiler.callSlowPath()
      compiler.emitBranchOnSlowPathResult()
      compiler.masm.jump(resume)
    }
  }

  private mutating func emitSlowCases() {
    var index = 0
    // Emitting a slow case may add more (a backward branch's safe point).
    while index < slowCases.count {
      let slowCase = slowCases[index]
      index += 1
      pc = instructions + slowCase.pc
      masm.bind(slowCase.label)
      slowCase.emit(&self)
    }
  }

  // MARK: Jumps

  /// Jumps to bytecode `target`; a backward jump checks for a safe point first.
  mutating func emitJump(to target: Int) {
    if target <= pcOffset {
      let request = masm.makeLabel()
      masm.load64(.t0, MacroAddress(JITRegister.context, JITLayout.safePointWord))
      masm.branchTest64(.nonZero, .t0, .t0, request)
      slowCases.append(
        SlowCase(label: request, pc: pcOffset) { compiler in
          compiler.callTableEntry(SlowPathTable.safePointEntry)
          compiler.masm.branchTest64(.zero, M.returnRegister, M.returnRegister, compiler.exceptionExit)
          compiler.masm.jump(compiler.labels[target])
        })
    }
    masm.jump(labels[target])
  }

  /// Jumps to bytecode `target` when `condition` holds between `lhs` and the immediate.
  mutating func emitBranch64(_ condition: MacroCondition, _ lhs: MacroRegister, immediate: Int32, to target: Int) {
    if target <= pcOffset {
      let skip = masm.makeLabel()
      masm.branch64(condition.negatedIntegerCondition, lhs, immediate: immediate, skip)
      emitJump(to: target)
      masm.bind(skip)
    } else {
      masm.branch64(condition, lhs, immediate: immediate, labels[target])
    }
  }
}

extension MacroCondition {
  /// The condition that holds exactly when this one does not.
  var negatedIntegerCondition: MacroCondition {
    switch self {
    case .equal: .notEqual
    case .notEqual: .equal
    case .below: .aboveOrEqual
    case .belowOrEqual: .above
    case .above: .belowOrEqual
    case .aboveOrEqual: .below
    case .less: .greaterOrEqual
    case .lessOrEqual: .greater
    case .greater: .lessOrEqual
    case .greaterOrEqual: .less
    case .overflow: .noOverflow
    case .noOverflow: .overflow
    case .zero: .nonZero
    case .nonZero: .zero
    case .signed: .notSigned
    case .notSigned: .signed
    }
  }
}
