// Slow paths of conditional jumps and throws, and unwinding: finding the handler of an exception
// by pc. A conditional jump's slow path returns the jump target or the next instruction; the
// tier that called it checks for a safe point when the target lies backwards.

extension Runtime {
  // MARK: Conditional jumps

  @inline(__always) private func branch(_ pc: BytecodePC, taken: Bool, offset: Int, size: Int) -> BytecodePC {
    taken ? pc + offset : pc + size
  }

  @inline(__always) func executeJumpIfTrue(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let instruction = Instruction.JumpIfTrue(pc)
    return branch(
      pc, taken: toBoolean(fp[instruction.src]), offset: instruction.target, size: Instruction.JumpIfTrue.size)
  }

  @inline(__always) func executeJumpIfFalse(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let instruction = Instruction.JumpIfFalse(pc)
    return branch(
      pc, taken: !toBoolean(fp[instruction.src]), offset: instruction.target, size: Instruction.JumpIfFalse.size)
  }

  /// `lhs < rhs` with the int32 and double cases first (IsLessThan with LeftFirst).
  @inline(__always) func isLessThan(_ a: Value, _ b: Value) throws(JSException) -> Bool {
    if a.isInt32 && b.isInt32 { return a.asInt32 < b.asInt32 }
    if a.isNumber && b.isNumber { return a.asNumber < b.asNumber }
    return try compareLess(a, b)
  }

  @inline(__always) func executeJumpIfLessThan(_ fp: Registers, _ pc: BytecodePC) throws(JSException)
    -> BytecodePC
  {
    let instruction = Instruction.JumpIfLessThan(pc)
    let less = try isLessThan(fp[instruction.lhs], fp[instruction.rhs])
    return branch(pc, taken: less, offset: instruction.target, size: Instruction.JumpIfLessThan.size)
  }

  @inline(__always) func executeJumpIfNotLessThan(_ fp: Registers, _ pc: BytecodePC) throws(JSException)
    -> BytecodePC
  {
    let instruction = Instruction.JumpIfNotLessThan(pc)
    let less = try isLessThan(fp[instruction.lhs], fp[instruction.rhs])
    return branch(pc, taken: !less, offset: instruction.target, size: Instruction.JumpIfNotLessThan.size)
  }

  @inline(__always) func executeJumpIfLessThanInt(_ fp: Registers, _ pc: BytecodePC) throws(JSException)
    -> BytecodePC
  {
    let instruction = Instruction.JumpIfLessThanInt(pc)
    let less = try isLessThan(fp[instruction.lhs], Value(instruction.value))
    return branch(pc, taken: less, offset: instruction.target, size: Instruction.JumpIfLessThanInt.size)
  }

  @inline(__always) func executeJumpIfNotLessThanInt(_ fp: Registers, _ pc: BytecodePC) throws(JSException)
    -> BytecodePC
  {
    let instruction = Instruction.JumpIfNotLessThanInt(pc)
    let less = try isLessThan(fp[instruction.lhs], Value(instruction.value))
    return branch(pc, taken: !less, offset: instruction.target, size: Instruction.JumpIfNotLessThanInt.size)
  }

  @inline(__always) func executeJumpIfStrictEqual(_ fp: Registers, _ pc: BytecodePC) throws(JSException)
    -> BytecodePC
  {
    let instruction = Instruction.JumpIfStrictEqual(pc)
    let equal = isStrictlyEqual(fp[instruction.lhs], fp[instruction.rhs])
    return branch(pc, taken: equal, offset: instruction.target, size: Instruction.JumpIfStrictEqual.size)
  }

  @inline(__always) func executeJumpIfNotStrictEqual(_ fp: Registers, _ pc: BytecodePC) throws(JSException)
    -> BytecodePC
  {
    let instruction = Instruction.JumpIfNotStrictEqual(pc)
    let equal = isStrictlyEqual(fp[instruction.lhs], fp[instruction.rhs])
    return branch(pc, taken: !equal, offset: instruction.target, size: Instruction.JumpIfNotStrictEqual.size)
  }

  // MARK: Throws

  func executeThrow(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    throw JSException(fp[Instruction.Throw(pc).src])
  }

  func executeThrowError(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let instruction = Instruction.ThrowError(pc)
    let message = constant(fp, instruction.message).asString.swiftString(heap)
    throw JSException(makeError(ErrorTypeCode.errorType(instruction.type), message))
  }

  func executeThrowConstAssignment(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    // V8's wording, which does not name the binding (the stack's position does).
    throw typeError("Assignment to constant variable.")
  }

  @inline(__always) func executeMoveException(_ fp: Registers, _ pc: BytecodePC) throws(JSException)
    -> BytecodePC
  {
    fp[Instruction.MoveException(pc).dst] = pendingException
    pendingException = .undefined
    return pc + Instruction.MoveException.size
  }

  // MARK: Safe points

  /// The check at loop back edges and calls (interrupts, time limits, the heap limit).
  func executeSafePoint() throws(JSException) { try checkSafePoint() }

  // MARK: Unwinding

  /// Where an exception thrown at `pc` in frame `fp` is handled: the innermost handler of that
  /// frame or of a caller, popping frames up to the entry frame. Returns the frame and the
  /// handler's pc (with `pendingException` set for its MoveException), or nil when no handler
  /// below the entry frame covers it (the exception then leaves the interpreter loop). Completes
  /// the error's stack first; termination errors (time limit, interrupt) reach no handler.
  func unwind(_ value: Value, from fp: Registers, pc: BytecodePC) -> (frame: Registers, handler: BytecodePC)? {
    var frame = fp
    var code = Frame.codeData(frame)
    // A call that failed while entering its callee may have switched realms already.
    enterRealm(of: code)
    var offset = pc - UnsafePointer(code.pointee.instructions)
    if value.isObject { completePendingStack(value, fp: frame, pc: offset) }
    let isTermination = value == terminationValue && !value.isUndefined
    while true {
      if !isTermination,
        let handler = code.pointee.owner.takeUnretainedValue().handlers.first(where: {
          $0.start <= offset && offset < $0.end
        })
      {
        pendingException = value
        stackTop = frame + Int(code.pointee.registerCount)
        return (frame, UnsafePointer(code.pointee.instructions) + handler.target)
      }
      if frame[Frame.returnInfoOffset].bits & Frame.Flags.entry != 0 { return nil }
      // Inside the caller's call instruction.
      offset = Frame.returnPC(frame) - 1
      frame = Frame.callerFrame(frame)!
      code = Frame.codeData(frame)
      enterRealm(of: code)
    }
  }
}
