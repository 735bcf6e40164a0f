// Suspended frames: generators, async functions and async generators.
//
// A generator object (ObjectClass.generator) holds its frame while it is suspended: the header
// values a frame needs (callee, this, new.target, argument count, environment, code block),
// the offset to continue at and every register, in a register file (an environment cell used
// as a vector of Values, allocated once by CreateGenerator, traced conservatively because a
// register may hold a raw word of a call frame being built there). A running generator's frame
// is on the register stack like any other.
//
// Resuming copies the frame back onto the register stack:
//   * from bytecode (`gen.next(v)` compiled as a Call), into the callee frame the call built, in
//     the same interpreter loop: no native recursion, however deep `yield*` nests;
//   * from Swift (builtins such as Array.from, for-of's IteratorNext, the job queue for
//     awaits), as a new entry frame.
// Either way the tier that runs the frame starts it at `hot.resumeOffset`, after the Yield or
// Await that suspended it, with the sent value and the resume mode in that instruction's
// `received` and `mode` registers: the interpreter takes the offset when the code block has no
// machine code, else the code's function entry takes it and jumps to that resume point. Yield
// and Await save the frame and return to whoever resumed it, exactly as Return does.

/// Internal slots of generator objects.
enum GeneratorSlot {
  static let state = 0
  /// The register file of the suspended frame (undefined once completed).
  static let frame = 1
  static let kind = 2
  /// An async function's promise; an async generator's queue of requests.
  static let extra = 3
}

enum GeneratorState: Int32 {
  case suspendedStart = 0
  case suspendedYield = 1
  case executing = 2
  case completed = 3
  /// An async generator awaiting the value of a `return` request (ES2024 27.6.3.9).
  case awaitingReturn = 4
}

enum GeneratorKind: Int32 {
  case generator = 0
  case asyncFunction = 1
  case asyncGenerator = 2
}

/// The layout of a register file.
enum SavedFrame {
  static let callee = 0
  static let this = 1
  static let newTarget = 2
  static let argumentCount = 3
  static let environment = 4
  static let codeBlock = 5
  static let resumeOffset = 6
  static let registers = 7
}

extension ObjectRef {
  var generatorState: GeneratorState {
    get { GeneratorState(rawValue: internalSlot(GeneratorSlot.state).asInt32)! }
    nonmutating set { setInternalSlot(GeneratorSlot.state, Value(newValue.rawValue)) }
  }
  var generatorKind: GeneratorKind { GeneratorKind(rawValue: internalSlot(GeneratorSlot.kind).asInt32)! }
}

extension Runtime {
  /// A generator object for the frame `fp` (CreateGenerator), suspended at its start.
  func newGenerator(_ kind: GeneratorKind, prototype: Value, frame fp: Registers) -> ObjectRef {
    let registerCount = Int(Frame.codeData(fp).pointee.registerCount)
    let generator = newObject(.generator, prototype: prototype)
    generator.generatorState = .suspendedStart
    generator.setInternalSlot(GeneratorSlot.kind, Value(kind.rawValue))
    let file = newEnvironment(parent: .undefined, slotCount: SavedFrame.registers + registerCount, descriptor: nil)
    file.cell.cellHeader.pointee.flags |= EnvironmentFlags.registerFile
    generator.setInternalSlot(GeneratorSlot.frame, file.value)
    return generator
  }

  // MARK: Suspending

  /// Saves the frame `fp` into `generator` to continue at `offset`, then returns `result` to
  /// whoever resumed the frame (or called it first), as Return does.
  func suspend(
    _ fp: Registers, into generator: ObjectRef, resumeAt offset: Int, result: Value, awaiting: Bool = false
  ) -> Registers {
    let saved = EnvironmentRef(generator.internalSlot(GeneratorSlot.frame)).slots
    let code = Frame.codeData(fp)
    saved[SavedFrame.callee] = fp[Frame.calleeOffset]
    saved[SavedFrame.this] = fp[Frame.thisOffset]
    saved[SavedFrame.newTarget] = fp[Frame.newTargetOffset]
    saved[SavedFrame.argumentCount] = Value(Int32(Frame.argumentCount(fp)))
    saved[SavedFrame.environment] = fp[Frame.environmentOffset]
    saved[SavedFrame.codeBlock] = fp[Frame.codeBlockOffset]
    saved[SavedFrame.resumeOffset] = Value(Int32(offset))
    (saved + SavedFrame.registers).update(from: fp, count: liveRegisterCount(code, resumeOffset: offset))
    // The initial yield leaves a new generator suspended at its start; an await leaves it
    // executing (requests sent meanwhile wait in an async generator's queue).
    if !awaiting && generator.generatorState != .suspendedStart { generator.generatorState = .suspendedYield }
    return leaveFrame(fp, info: fp[Frame.returnInfoOffset].bits, result: result)
  }

  // MARK: Resuming

  /// Copies the suspended frame of `generator` to `frame` (a callee frame position) with the
  /// given header, delivers (`mode`, `value`) to the instruction that suspended it, and marks
  /// the generator executing. The frame continues at `hot.resumeOffset`.
  func restoreFrame(
    _ generator: ObjectRef, at frame: Registers, mode: ResumeMode, value: Value, caller: Registers?,
    returnInfo: UInt64, returnPC: Int
  ) throws(JSException) {
    let saved = EnvironmentRef(generator.internalSlot(GeneratorSlot.frame)).slots
    let code = saved[SavedFrame.codeBlock]
    let data = CodeBlockCellRef(code).data
    let registerCount = Int(data.pointee.registerCount)
    if _slowPath(frame + registerCount + 2 * Frame.headerSize >= registerStack.limit) {
      throw rangeError("Maximum call stack size exceeded")
    }
    frame[Frame.calleeOffset] = saved[SavedFrame.callee]
    frame[Frame.thisOffset] = saved[SavedFrame.this]
    frame[Frame.argumentCountOffset] = Value(bits: UInt64(saved[SavedFrame.argumentCount].asInt32))
    frame[Frame.newTargetOffset] = saved[SavedFrame.newTarget]
    frame[Frame.callerFrameOffset] = Value(bits: UInt64(UInt(bitPattern: caller)))
    frame[Frame.returnPCOffset] = Value(bits: UInt64(returnPC))
    frame[Frame.codeBlockOffset] = code
    frame[Frame.returnInfoOffset] = Value(bits: returnInfo)
    frame[Frame.environmentOffset] = saved[SavedFrame.environment]
    frame[Frame.machineReturnOffset] = Value(bits: 0)
    let offset = Int(saved[SavedFrame.resumeOffset].asInt32)
    // The registers past the suspension's live ones are dead: whatever the stack holds there
    // (it is scanned conservatively) is overwritten before it is read.
    frame.update(from: saved + SavedFrame.registers, count: liveRegisterCount(data, resumeOffset: offset))
    // Yield and Await have the same operands: generator, value, received, mode.
    let suspension = UnsafePointer(data.pointee.instructions) + offset - Instruction.Yield.size
    assert(Opcode.decode(suspension[0]) == .yield || Opcode.decode(suspension[0]) == .await)
    frame[Instruction.Yield(suspension).received] = value
    frame[Instruction.Yield(suspension).mode] = Value(mode.rawValue)
    generator.generatorState = .executing
    enterRealm(of: data)
    stackTop = frame + registerCount
    hot.pointee.resumeOffset = offset
  }

  /// The registers a suspension saves and restores (its `live` operand). A generator that has
  /// not started is "suspended" at its initial Yield, like any other.
  @inline(__always) func liveRegisterCount(_ code: UnsafeMutablePointer<CodeBlockData>, resumeOffset offset: Int) -> Int
  {
    let suspension = UnsafePointer(code.pointee.instructions) + offset - Instruction.Yield.size
    return min(Int(Instruction.Yield(suspension).live), Int(code.pointee.registerCount))
  }

  /// Where a frame handed over "at its first instruction" starts: a resumed generator's
  /// offset, once.
  @inline(__always) func takeResumeOffset() -> Int {
    let offset = hot.pointee.resumeOffset
    if _slowPath(offset != 0) { hot.pointee.resumeOffset = 0 }
    return offset
  }

  /// Resumes a suspended frame from Swift, as a new entry frame on top of the register
  /// stack; returns what it yields (or its completion's result, for a generator).
  func resumeFromNative(_ generator: ObjectRef, mode: ResumeMode, value: Value) throws(JSException) -> Value {
    nativeDepth += 1
    defer { nativeDepth -= 1 }
    if nativeDepth > options.maximumNativeDepth { throw rangeError("Maximum call stack size exceeded") }
    try checkNativeStack()
    nativeFrames[nativeDepth].function = .undefined
    let savedTop = stackTop
    defer { stackTop = savedTop }
    let callerRealm = realmPointer
    defer { if _slowPath(realmPointer != callerRealm) { switchRealm(to: callerRealm) } }
    let frame = stackTop + Frame.headerSize
    let caller = nativeCallSite
    try restoreFrame(
      generator, at: frame, mode: mode, value: value, caller: caller?.fp, returnInfo: Frame.Flags.entry,
      returnPC: (caller?.pc ?? 0) + 1)
    return try interpret(entry: frame)
  }

  // MARK: %GeneratorPrototype% next, return and throw

  /// GeneratorValidate, and the parts of GeneratorResume and GeneratorResumeAbrupt (ES2024
  /// 27.5.3.3-4) that finish without running the frame: the result, or nil to resume it.
  func generatorResultWithoutResuming(_ generator: ObjectRef, _ mode: ResumeMode, _ value: Value)
    throws(JSException) -> Value?
  {
    var state = generator.generatorState
    if state == .executing { throw typeError("Generator is already running") }
    if state == .suspendedStart && mode != .next {
      completeGenerator(generator)
      state = .completed
    }
    guard state == .completed else { return nil }
    switch mode {
    case .next: return iteratorResult(.undefined, done: true)
    case .return: return iteratorResult(value, done: true)
    case .throw: throw JSException(value)
    }
  }

  func completeGenerator(_ generator: ObjectRef) {
    generator.generatorState = .completed
    generator.setInternalSlot(GeneratorSlot.frame, .undefined)
  }

  /// `generator.next(value)` (or return/throw) from Swift.
  func resumeGenerator(_ generator: ObjectRef, mode: ResumeMode, value: Value) throws(JSException) -> Value {
    if let result = try generatorResultWithoutResuming(generator, mode, value) { return result }
    return try resumeFromNative(generator, mode: mode, value: value)
  }

  /// The resume mode of a call of %GeneratorPrototype%.next, return or throw (of any realm:
  /// they behave alike).
  @inline(__always) func generatorMethodMode(_ callee: Value) -> ResumeMode? {
    guard callee.isObject, callee.asObject.objectClass == .nativeFunction,
      callee.asObject.hasFlag(ObjectFlags.generatorMethod)
    else { return nil }
    return ResumeMode(rawValue: callee.asObject.internalSlot(0).asInt32)
  }

  /// A Call of a generator method on a generator from bytecode: resumes the frame in the
  /// callee frame at `base` (returned), or finishes in the caller (`fp` returned). Nil when the
  /// receiver is no generator: the method's own TypeError comes from calling it.
  func resumeGeneratorFromCall(
    _ mode: ResumeMode, _ fp: Registers, base: Registers, argumentCount: Int, dst: Int, returnPC: Int
  ) throws(JSException) -> Registers? {
    let this = base[Frame.thisOffset]
    guard this.isObject, this.asObject.objectClass == .generator, this.asObject.generatorKind == .generator else {
      return nil
    }
    let generator = this.asObject
    let value = argumentCount > 0 ? base[0] : .undefined
    stackTop = fp + Int(Frame.codeData(fp).pointee.registerCount)
    if let result = try generatorResultWithoutResuming(generator, mode, value) {
      fp[dst] = result
      return fp
    }
    try checkSafePoint()
    try restoreFrame(
      generator, at: base, mode: mode, value: value, caller: fp, returnInfo: returnInfo(dst: dst), returnPC: returnPC)
    return base
  }
}
