import XJSAssembler

// The templates: one per instruction (InstructionVisitor makes forgetting one a compile error).
// Inline instructions are done here in machine code; calls and returns switch frames without
// leaving machine code when the other side is compiled too; every other instruction calls its
// slow path, unless a faster template (BaselineFastPaths.swift) handles its common case inline.

extension BaselineCompiler {
  // MARK: Moves and constants

  mutating func visitMove(_ instruction: Instruction.Move) {
    masm.load64(.t0, slot(instruction.src))
    masm.store64(.t0, slot(instruction.dst))
  }

  mutating func visitLoadConstant(_ instruction: Instruction.LoadConstant) {
    masm.load64(.t0, MacroAddress(JITRegister.codeData, JITLayout.constantsInData))
    masm.load64(.t0, MacroAddress(.t0, Int32(instruction.constant * 8)))
    masm.store64(.t0, slot(instruction.dst))
  }

  mutating func visitLoadInt(_ instruction: Instruction.LoadInt) {
    storeConstant(Value(instruction.value), instruction.dst)
  }

  mutating func visitLoadUndefined(_ instruction: Instruction.LoadUndefined) {
    storeConstant(.undefined, instruction.dst)
  }
  mutating func visitLoadNull(_ instruction: Instruction.LoadNull) { storeConstant(.null, instruction.dst) }
  mutating func visitLoadTrue(_ instruction: Instruction.LoadTrue) { storeConstant(.true, instruction.dst) }
  mutating func visitLoadFalse(_ instruction: Instruction.LoadFalse) { storeConstant(.false, instruction.dst) }
  mutating func visitLoadEmpty(_ instruction: Instruction.LoadEmpty) { storeConstant(.empty, instruction.dst) }

  mutating func storeConstant(_ value: Value, _ register: Int) {
    masm.store64(immediate: Int64(bitPattern: value.bits), slot(register))
  }

  // MARK: Jumps (inline ones)

  mutating func visitJump(_ instruction: Instruction.Jump) {
    emitJump(to: pcOffset + instruction.target)
  }

  mutating func visitJumpIfNullish(_ instruction: Instruction.JumpIfNullish) {
    loadNullishTest(instruction.src)
    emitBranch64(.equal, .t0, immediate: Int32(Value.null.bits), to: pcOffset + instruction.target)
  }

  mutating func visitJumpIfNotNullish(_ instruction: Instruction.JumpIfNotNullish) {
    loadNullishTest(instruction.src)
    emitBranch64(.notEqual, .t0, immediate: Int32(Value.null.bits), to: pcOffset + instruction.target)
  }

  /// t0 = the value with the undefined tag bit cleared: null's bits exactly for undefined and null.
  mutating func loadNullishTest(_ register: Int) {
    masm.load64(.t0, slot(register))
    masm.and64(.t0, immediate: ~Int32(Value.undefinedTag))
  }

  mutating func visitJumpIfUndefined(_ instruction: Instruction.JumpIfUndefined) {
    masm.load64(.t0, slot(instruction.src))
    emitBranch64(.equal, .t0, immediate: Int32(Value.undefined.bits), to: pcOffset + instruction.target)
  }

  mutating func visitJumpIfNotUndefined(_ instruction: Instruction.JumpIfNotUndefined) {
    masm.load64(.t0, slot(instruction.src))
    emitBranch64(.notEqual, .t0, immediate: Int32(Value.undefined.bits), to: pcOffset + instruction.target)
  }

  mutating func visitJumpIfNotInt32(_ instruction: Instruction.JumpIfNotInt32) {
    let target = pcOffset + instruction.target
    masm.load64(.t0, slot(instruction.src))
    if target > pcOffset {
      branchIfNotInt32(.t0, labels[target])
    } else {
      let isInt32 = masm.makeLabel()
      branchIfInt32(.t0, isInt32)
      emitJump(to: target)
      masm.bind(isInt32)
    }
  }

  // MARK: Scopes (inline ones)

  mutating func visitPopScope(_ instruction: Instruction.PopScope) {
    masm.load64(.t0, frameHeader(Frame.environmentOffset))
    masm.load64(.t0, MacroAddress(.t0, Int32(EnvironmentRef.parentOffset)))
    masm.store64(.t0, frameHeader(Frame.environmentOffset))
  }

  mutating func visitDebugger(_ instruction: Instruction.Debugger) {}
  mutating func visitNop(_ instruction: Instruction.Nop) {}

  // MARK: Calls and returns

  mutating func visitCall(_ instruction: Instruction.Call) {
    let slow = masm.makeLabel()
    let returnPoint = masm.makeLabel()
    emitDirectEntry(
      base: instruction.base, argumentCount: instruction.argumentCount, dst: instruction.dst,
      construct: false, returnPoint: returnPoint, slow: slow)
    masm.bind(slow)
    emitFrameEnteringCall(returnPoint: returnPoint)
  }
  mutating func visitCallEval(_ instruction: Instruction.CallEval) {
    emitFrameEnteringCall(returnPoint: masm.makeLabel())
  }
  mutating func visitConstruct(_ instruction: Instruction.Construct) {
    let slow = masm.makeLabel()
    let returnPoint = masm.makeLabel()
    emitDirectEntry(
      base: instruction.base, argumentCount: instruction.argumentCount, dst: instruction.dst,
      construct: true, returnPoint: returnPoint, slow: slow)
    masm.bind(slow)
    emitFrameEnteringCall(returnPoint: returnPoint)
  }

  /// Call, CallEval, Construct through the slow path: it sets up a bytecode callee's frame (or
  /// calls any other callee to completion and returns this frame). A compiled callee is jumped
  /// to with `returnPoint` in its header; an interpreted one is left to the interpreter, which
  /// comes back to `returnPoint` when it returns.
  mutating func emitFrameEnteringCall(returnPoint: CodeLabel) {
    let completed = masm.makeLabel()
    callSlowPath()
    masm.branch64(.equal, M.returnRegister, JITRegister.frame, completed)
    masm.loadLabelAddress(.t1, returnPoint)
    masm.store64(.t1, MacroAddress(M.returnRegister, JITLayout.frameSlot(Frame.machineReturnOffset)))
    masm.move(JITRegister.frame, M.returnRegister)
    masm.load64(.t1, frameHeader(Frame.codeBlockOffset))
    masm.load64(.t1, MacroAddress(.t1, JITLayout.codeDataInCell))
    masm.load64(.t1, MacroAddress(.t1, JITLayout.jitEntryInData))
    masm.branchTest64(.zero, .t1, .t1, resumeFrameAtEntry)
    masm.jump(.t1)
    masm.bind(returnPoint)
    loadPinnedRegisters()
    masm.bind(completed)
  }

  /// A call (or `new`) of a compiled bytecode function without leaving machine code: what the
  /// slow path and `enterFunction` do, inline, for the common case (same realm, no arguments
  /// object or rest parameter, no `this` coercion, room on the stack, no safe-point request). A
  /// constructor's `this` comes from the createThis entry (a derived one's starts empty).
  /// Anything else goes to `slow` before anything is written.
  mutating func emitDirectEntry(
    base: Int, argumentCount: Int, dst: Int, construct: Bool, returnPoint: CodeLabel, slow: CodeLabel
  ) {
    let size = Opcode.decode(pc[0]).size
    emitDirectEntryChecks(base: base, construct: construct, slow: slow)
    if construct {
      let derived = masm.makeLabel()
      let thisKnown = masm.makeLabel()
      masm.load16(.t1, MacroAddress(.t0, JITLayout.flagsInCell))
      masm.branchTest32(.nonZero, .t1, immediate: Int32(ObjectFlags.derivedConstructor), derived)
      callTableEntry(SlowPathTable.createThisEntry)
      masm.branchTest64(.zero, M.returnRegister, M.returnRegister, exceptionExit)
      masm.store64(M.returnRegister, slot(base + Frame.thisOffset))
      masm.jump(thisKnown)
      masm.bind(derived)
      storeConstant(.empty, base + Frame.thisOffset)
      masm.bind(thisKnown)
      loadCallee(base: base)
    }
    // t0 = the callee, t1 = its code block cell, t2 = its CodeBlockData, t3 = its machine code,
    // t4 = its register count, t5 = its frame.
    func header(_ offset: Int) -> MacroAddress { MacroAddress(.t5, JITLayout.frameSlot(offset)) }
    masm.store64(immediate: Int64(argumentCount), header(Frame.argumentCountOffset))
    if construct {
      masm.store64(.t0, header(Frame.newTargetOffset))
    } else {
      masm.store64(immediate: Int64(Value.undefined.bits), header(Frame.newTargetOffset))
    }
    masm.store64(JITRegister.frame, header(Frame.callerFrameOffset))
    masm.store64(immediate: Int64(pcOffset + size), header(Frame.returnPCOffset))
    masm.store64(.t1, header(Frame.codeBlockOffset))
    let flags = construct ? Frame.Flags.construct : 0
    masm.move(.t6, immediate: Int64(bitPattern: UInt64(UInt32(bitPattern: Int32(dst))) | flags))
    masm.store64(.t6, header(Frame.returnInfoOffset))
    masm.load64(.t6, MacroAddress(.t0, JITLayout.internalSlotsInObject + Int32(FunctionSlot.environment * 8)))
    masm.store64(.t6, header(Frame.environmentOffset))
    masm.loadLabelAddress(.t6, returnPoint)
    masm.store64(.t6, header(Frame.machineReturnOffset))
    // The callee's direct entry sets missing arguments and its other registers to undefined.
    masm.loadAddress(.t6, MacroAddress(.t5, index: .t4, scale: 8))
    masm.store64(.t6, MacroAddress(JITRegister.context, JITLayout.registerStackTop))
    masm.move(JITRegister.frame, .t5)
    masm.jump(.t3)
  }

  /// Whether a direct entry may go ahead (else to `slow`), leaving what `loadCallee` loads.
  mutating func emitDirectEntryChecks(base: Int, construct: Bool, slow: CodeLabel) {
    masm.load64(.t0, slot(base + Frame.calleeOffset))
    branchIfNotObject(.t0, slow)
    branchIfNotObjectClass(.t0, .function, slow)
    masm.load16(.t1, MacroAddress(.t0, JITLayout.flagsInCell))
    if construct {
      masm.branchTest32(.zero, .t1, immediate: Int32(ObjectFlags.constructor), slow)
    } else {
      masm.branchTest32(.nonZero, .t1, immediate: Int32(ObjectFlags.classConstructor), slow)
    }
    loadCallee(base: base)
    masm.branchTest64(.zero, .t3, .t3, slow)
    // Both registers are -1 when there is neither an arguments object nor a rest parameter.
    masm.load32(.t6, MacroAddress(.t2, JITLayout.argumentsRegisterInData))
    masm.load32(.t7, MacroAddress(.t2, JITLayout.restRegisterInData))
    masm.and32(.t6, .t7)
    masm.branchTest32(.notSigned, .t6, immediate: -1, slow)
    // A constructor's `this` is an object (or uninitialized): nothing to coerce.
    if !construct {
      masm.branch8(.notEqual, MacroAddress(.t2, JITLayout.needsThisCoercionInData), immediate: 0, slow)
    }
    masm.load64(.t6, MacroAddress(.t2, JITLayout.realmInData))
    masm.branch64(.notEqual, MacroAddress(JITRegister.context, JITLayout.realm), .t6, slow)
    masm.load64(.t6, MacroAddress(JITRegister.context, JITLayout.safePointWord))
    masm.branchTest64(.nonZero, .t6, .t6, slow)
    // The stack limit as enterFunction checks it.
    masm.loadAddress(.t6, MacroAddress(.t5, index: .t4, scale: 8, offset: Int32(2 * Frame.headerSize * 8)))
    masm.branch64(.belowOrEqual, MacroAddress(JITRegister.context, JITLayout.registerStackLimit), .t6, slow)
  }

  /// t0 = the callee of the frame at `base`, t1 = its code block cell, t2 = its CodeBlockData,
  /// t3 = its machine code's direct entry (or 0), t4 = its register count, t5 = the callee's frame.
  mutating func loadCallee(base: Int) {
    masm.load64(.t0, slot(base + Frame.calleeOffset))
    masm.load64(.t1, MacroAddress(.t0, JITLayout.internalSlotsInObject + Int32(FunctionSlot.code * 8)))
    masm.load64(.t2, MacroAddress(.t1, JITLayout.codeDataInCell))
    masm.load64(.t3, MacroAddress(.t2, JITLayout.jitDirectEntryInData))
    masm.load32(.t4, MacroAddress(.t2, JITLayout.registerCountInData))
    masm.loadAddress(.t5, slot(base))
  }

  /// Return: the slow path writes the result into the caller's register and returns the caller's
  /// frame (the returning frame itself for an entry frame). A compiled caller continues at the
  /// return point it stored; an interpreted one gets control back. Inline: a call's or (unless
  /// this is a derived constructor) a `new`'s frame returning to a caller in the same realm, and
  /// an entry frame's plain return.
  mutating func visitReturn(_ instruction: Instruction.Return) {
    let slow = masm.makeLabel()
    let notPlainCall = masm.makeLabel()
    let toCaller = masm.makeLabel()
    // t0 = return info (the caller's register in the low half, flags in the high), t3 = result.
    masm.load64(.t0, frameHeader(Frame.returnInfoOffset))
    masm.load64(.t3, slot(instruction.src))
    masm.move(.t1, .t0)
    masm.shiftRightLogical64(.t1, immediate: 32)
    masm.branchTest64(.nonZero, .t1, .t1, notPlainCall)
    masm.bind(toCaller)
    // t1 = the caller's frame, t2 = its CodeBlockData.
    masm.load64(.t1, frameHeader(Frame.callerFrameOffset))
    masm.load64(.t2, MacroAddress(.t1, JITLayout.frameSlot(Frame.codeBlockOffset)))
    masm.load64(.t2, MacroAddress(.t2, JITLayout.codeDataInCell))
    masm.load64(.t4, MacroAddress(.t2, JITLayout.realmInData))
    masm.branch64(.notEqual, MacroAddress(JITRegister.context, JITLayout.realm), .t4, slow)
    masm.signExtend32To64(.t0, .t0)
    masm.store64(.t3, MacroAddress(.t1, index: .t0, scale: 8))
    masm.load32(.t4, MacroAddress(.t2, JITLayout.registerCountInData))
    masm.loadAddress(.t4, MacroAddress(.t1, index: .t4, scale: 8))
    masm.store64(.t4, MacroAddress(JITRegister.context, JITLayout.registerStackTop))
    masm.move(M.returnRegister, .t1)
    let returned = masm.makeLabel()
    masm.jump(returned)
    masm.bind(notPlainCall)
    if !codeBlock.isDerivedConstructor {
      // A constructor's frame: a result that is not an object becomes `this` ([[Construct]] 10-12).
      let notConstruct = masm.makeLabel()
      let replace = masm.makeLabel()
      masm.branch64(.notEqual, .t1, immediate: Int32(Frame.Flags.construct >> 32), notConstruct)
      branchIfNotObject(.t3, replace)
      masm.jump(toCaller)
      masm.bind(replace)
      masm.load64(.t3, frameHeader(Frame.thisOffset))
      masm.jump(toCaller)
      masm.bind(notConstruct)
    }
    // The entry frame of a call from native code: the result goes to the hot state for
    // `interpret`'s caller.
    masm.branch64(.notEqual, .t1, immediate: Int32(Frame.Flags.entry >> 32), slow)
    masm.store64(.t3, MacroAddress(JITRegister.context, JITLayout.returnValue))
    masm.jump(entryFrameReturned)
    masm.bind(slow)
    callSlowPath()
    masm.branch64(.equal, M.returnRegister, JITRegister.frame, entryFrameReturned)
    masm.bind(returned)
    emitContinueInCaller()
  }

  /// After the running frame left (returned or suspended) for its caller's frame, which is in
  /// the return register: a compiled caller continues at the return point it stored in this
  /// frame's header, an interpreted one gets control back at this frame's return pc.
  mutating func emitContinueInCaller() {
    masm.load64(.t1, frameHeader(Frame.machineReturnOffset))
    let interpretedCaller = outOfLine { compiler in
      // The returning frame's return pc says where the caller continues.
      compiler.masm.load64(M.secondReturnRegister, compiler.frameHeader(Frame.returnPCOffset))
      compiler.masm.shiftLeft64(M.secondReturnRegister, immediate: 2)
      compiler.masm.leaveNativeFrameAndReturn()
    }
    masm.branchTest64(.zero, .t1, .t1, interpretedCaller)
    masm.move(JITRegister.frame, M.returnRegister)
    masm.jump(.t1)
  }

  /// Yield and Await: the slow path saves the frame into its generator and leaves it as Return
  /// does, for the caller's frame, or returns this frame itself: an async generator that goes
  /// on at once (`hot.resumeOffset` set) or an entry frame whose resumer gets the result.
  mutating func emitSuspension() {
    let sameFrame = masm.makeLabel()
    callSlowPath()
    masm.branch64(.equal, M.returnRegister, JITRegister.frame, sameFrame)
    emitContinueInCaller()
    masm.bind(sameFrame)
    masm.load64(.t1, MacroAddress(JITRegister.context, JITLayout.resumeOffset))
    masm.branchTest64(.nonZero, .t1, .t1, resumeDispatch)
    masm.jump(entryFrameReturned)
  }
}

// Every instruction below runs its slow path (a faster template replaces the line).
extension BaselineCompiler {
  // MARK: Arithmetic and logic

  mutating func visitExponent(_ instruction: Instruction.Exponent) { emitSlowPathInstruction() }
  mutating func visitTypeOf(_ instruction: Instruction.TypeOf) { emitSlowPathInstruction() }
  // MARK: Comparison

  mutating func visitInstanceOf(_ instruction: Instruction.InstanceOf) { emitSlowPathInstruction() }
  mutating func visitHasProperty(_ instruction: Instruction.HasProperty) { emitSlowPathInstruction() }
  // MARK: Bindings

  mutating func visitCheckThisUninitialized(_ instruction: Instruction.CheckThisUninitialized) {
    emitSlowPathInstruction()
  }
  mutating func visitThrowConstAssignment(_ instruction: Instruction.ThrowConstAssignment) { emitSlowPathInstruction() }
  mutating func visitGetImport(_ instruction: Instruction.GetImport) { emitSlowPathInstruction() }
  mutating func visitImportCall(_ instruction: Instruction.ImportCall) { emitSlowPathInstruction() }
  mutating func visitImportMeta(_ instruction: Instruction.ImportMeta) { emitSlowPathInstruction() }
  mutating func visitPushScope(_ instruction: Instruction.PushScope) { emitSlowPathInstruction() }
  mutating func visitCopyScope(_ instruction: Instruction.CopyScope) { emitSlowPathInstruction() }
  mutating func visitPushWithScope(_ instruction: Instruction.PushWithScope) { emitSlowPathInstruction() }
  mutating func visitSetGlobal(_ instruction: Instruction.SetGlobal) { emitSlowPathInstruction() }
  mutating func visitGetGlobalOrUndefined(_ instruction: Instruction.GetGlobalOrUndefined) { emitSlowPathInstruction() }
  mutating func visitHasGlobal(_ instruction: Instruction.HasGlobal) { emitSlowPathInstruction() }
  mutating func visitGetName(_ instruction: Instruction.GetName) { emitSlowPathInstruction() }
  mutating func visitSetName(_ instruction: Instruction.SetName) { emitSlowPathInstruction() }
  mutating func visitGetNameOrUndefined(_ instruction: Instruction.GetNameOrUndefined) { emitSlowPathInstruction() }
  mutating func visitResolveName(_ instruction: Instruction.ResolveName) { emitSlowPathInstruction() }
  mutating func visitGetNameFromBase(_ instruction: Instruction.GetNameFromBase) { emitSlowPathInstruction() }
  mutating func visitSetNameOnBase(_ instruction: Instruction.SetNameOnBase) { emitSlowPathInstruction() }
  mutating func visitDeleteName(_ instruction: Instruction.DeleteName) { emitSlowPathInstruction() }
  mutating func visitCallName(_ instruction: Instruction.CallName) { emitSlowPathInstruction() }
  mutating func visitDeclareGlobals(_ instruction: Instruction.DeclareGlobals) { emitSlowPathInstruction() }
  mutating func visitInitializeGlobalLexical(_ instruction: Instruction.InitializeGlobalLexical) {
    emitSlowPathInstruction()
  }
  mutating func visitDeclareEvalVar(_ instruction: Instruction.DeclareEvalVar) { emitSlowPathInstruction() }
  mutating func visitDeclareEvalFunction(_ instruction: Instruction.DeclareEvalFunction) { emitSlowPathInstruction() }
  // MARK: Properties

  mutating func visitDeleteProperty(_ instruction: Instruction.DeleteProperty) { emitSlowPathInstruction() }
  mutating func visitDeleteElement(_ instruction: Instruction.DeleteElement) { emitSlowPathInstruction() }
  mutating func visitGetSuperBase(_ instruction: Instruction.GetSuperBase) { emitSlowPathInstruction() }
  mutating func visitGetSuperProperty(_ instruction: Instruction.GetSuperProperty) { emitSlowPathInstruction() }
  mutating func visitSetSuperProperty(_ instruction: Instruction.SetSuperProperty) { emitSlowPathInstruction() }
  mutating func visitDefineNamedProperty(_ instruction: Instruction.DefineNamedProperty) { emitSlowPathInstruction() }
  mutating func visitDefineDataProperty(_ instruction: Instruction.DefineDataProperty) { emitSlowPathInstruction() }
  mutating func visitDefineMethod(_ instruction: Instruction.DefineMethod) { emitSlowPathInstruction() }
  mutating func visitDefineGetter(_ instruction: Instruction.DefineGetter) { emitSlowPathInstruction() }
  mutating func visitDefineSetter(_ instruction: Instruction.DefineSetter) { emitSlowPathInstruction() }
  mutating func visitCopyDataProperties(_ instruction: Instruction.CopyDataProperties) { emitSlowPathInstruction() }
  mutating func visitSetPrototypeLiteral(_ instruction: Instruction.SetPrototypeLiteral) { emitSlowPathInstruction() }
  mutating func visitSetFunctionName(_ instruction: Instruction.SetFunctionName) { emitSlowPathInstruction() }
  mutating func visitLoadHomeObject(_ instruction: Instruction.LoadHomeObject) { emitSlowPathInstruction() }
  mutating func visitMapArguments(_ instruction: Instruction.MapArguments) { emitSlowPathInstruction() }
  mutating func visitNewPrivateName(_ instruction: Instruction.NewPrivateName) { emitSlowPathInstruction() }
  mutating func visitGetPrivate(_ instruction: Instruction.GetPrivate) { emitSlowPathInstruction() }
  mutating func visitSetPrivate(_ instruction: Instruction.SetPrivate) { emitSlowPathInstruction() }
  mutating func visitDefinePrivate(_ instruction: Instruction.DefinePrivate) { emitSlowPathInstruction() }
  mutating func visitDefinePrivateAccessor(_ instruction: Instruction.DefinePrivateAccessor) {
    emitSlowPathInstruction()
  }
  mutating func visitHasPrivate(_ instruction: Instruction.HasPrivate) { emitSlowPathInstruction() }
  // MARK: Allocation

  mutating func visitNewObject(_ instruction: Instruction.NewObject) { emitSlowPathInstruction() }
  mutating func visitNewArray(_ instruction: Instruction.NewArray) { emitSlowPathInstruction() }
  mutating func visitArrayAppend(_ instruction: Instruction.ArrayAppend) { emitSlowPathInstruction() }
  mutating func visitArrayAppendHole(_ instruction: Instruction.ArrayAppendHole) { emitSlowPathInstruction() }
  mutating func visitArrayAppendSpread(_ instruction: Instruction.ArrayAppendSpread) { emitSlowPathInstruction() }
  mutating func visitNewRegExp(_ instruction: Instruction.NewRegExp) { emitSlowPathInstruction() }
  mutating func visitGetTemplateObject(_ instruction: Instruction.GetTemplateObject) { emitSlowPathInstruction() }
  mutating func visitNewClosure(_ instruction: Instruction.NewClosure) { emitSlowPathInstruction() }
  mutating func visitCreateClass(_ instruction: Instruction.CreateClass) { emitSlowPathInstruction() }
  mutating func visitInitializeFields(_ instruction: Instruction.InitializeFields) { emitSlowPathInstruction() }
  mutating func visitSetFieldInitializer(_ instruction: Instruction.SetFieldInitializer) { emitSlowPathInstruction() }
  mutating func visitSetHomeObject(_ instruction: Instruction.SetHomeObject) { emitSlowPathInstruction() }
  mutating func visitRequireObjectCoercible(_ instruction: Instruction.RequireObjectCoercible) {
    emitSlowPathInstruction()
  }
  mutating func visitToString(_ instruction: Instruction.ToString) { emitSlowPathInstruction() }
  mutating func visitToObject(_ instruction: Instruction.ToObject) { emitSlowPathInstruction() }
  // MARK: Calls

  mutating func visitCallWithSpread(_ instruction: Instruction.CallWithSpread) { emitSlowPathInstruction() }
  mutating func visitCallEvalWithSpread(_ instruction: Instruction.CallEvalWithSpread) { emitSlowPathInstruction() }
  mutating func visitConstructWithSpread(_ instruction: Instruction.ConstructWithSpread) { emitSlowPathInstruction() }
  mutating func visitSuperCall(_ instruction: Instruction.SuperCall) { emitSlowPathInstruction() }
  mutating func visitSuperCallWithSpread(_ instruction: Instruction.SuperCallWithSpread) { emitSlowPathInstruction() }
  mutating func visitSuperCallForward(_ instruction: Instruction.SuperCallForward) { emitSlowPathInstruction() }
  // MARK: Iteration

  mutating func visitGetIterator(_ instruction: Instruction.GetIterator) { emitSlowPathInstruction() }
  mutating func visitIteratorClose(_ instruction: Instruction.IteratorClose) { emitSlowPathInstruction() }
  mutating func visitForInEnumerate(_ instruction: Instruction.ForInEnumerate) { emitSlowPathInstruction() }
  mutating func visitForInNext(_ instruction: Instruction.ForInNext) { emitSlowPathInstruction() }
  // MARK: Exceptions and miscellaneous

  mutating func visitThrow(_ instruction: Instruction.Throw) { emitSlowPathInstruction() }

  // MARK: Generators and async functions
  // A suspended frame is saved and restored by the slow paths (Interpreter/Suspension.swift);
  // machine code resumes it at its function entry, which dispatches on `hot.resumeOffset`.
  mutating func visitCreateGenerator(_ instruction: Instruction.CreateGenerator) { emitSlowPathInstruction() }
  mutating func visitFinishGenerator(_ instruction: Instruction.FinishGenerator) { emitSlowPathInstruction() }
  mutating func visitCreateIterResult(_ instruction: Instruction.CreateIterResult) { emitSlowPathInstruction() }
  mutating func visitGetIteratorRecord(_ instruction: Instruction.GetIteratorRecord) { emitSlowPathInstruction() }
  mutating func visitCheckIteratorResult(_ instruction: Instruction.CheckIteratorResult) {
    emitSlowPathInstruction()
  }
  mutating func visitYield(_ instruction: Instruction.Yield) { emitSuspension() }
  mutating func visitAwait(_ instruction: Instruction.Await) { emitSuspension() }
  mutating func visitThrowError(_ instruction: Instruction.ThrowError) { emitSlowPathInstruction() }
  mutating func visitMoveException(_ instruction: Instruction.MoveException) { emitSlowPathInstruction() }
}
