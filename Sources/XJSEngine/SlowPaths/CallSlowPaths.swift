// Slow paths of calls and returns. Call, CallEval, Construct and Return enter frames (`calls` in
// Opcodes.spec): a call of a bytecode function sets up the callee's frame in the caller's top
// registers and returns it, and the tier that called the slow path continues there (the
// interpreter in its loop, JIT code in the callee's machine code); any other callee (native,
// bound, proxy) is called to completion and the caller's own frame comes back. A return writes
// the result into the caller's register and returns the caller's frame.
//
// The spread and super forms always call to completion (through `call`/`construct`).

extension Runtime {
  /// Whether `callee` is a bytecode function a call may enter in the same interpreter loop
  /// (class constructors throw when called, through the general path).
  @inline(__always) func isEnterableFunction(_ callee: Value) -> Bool {
    callee.isObject && callee.asObject.objectClass == .function
      && !callee.asObject.hasFlag(ObjectFlags.classConstructor)
  }

  /// The frame header's return info for a call whose result goes to register `dst`.
  @inline(__always) func returnInfo(dst: Int, flags: UInt64 = 0) -> UInt64 {
    UInt64(UInt32(bitPattern: Int32(dst))) | flags
  }

  // MARK: Calls that enter frames

  @_transparent func executeCall(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> Registers {
    let instruction = Instruction.Call(pc)
    let base = fp + instruction.base
    let callee = base[Frame.calleeOffset]
    if isEnterableFunction(callee) {
      try checkSafePoint()
      try enterFunction(
        frame: base, callee: callee.asObject, argumentCount: instruction.argumentCount, newTarget: .undefined,
        returnInfo: returnInfo(dst: instruction.dst), caller: fp,
        returnPC: pcOffset(fp, pc) + Instruction.Call.size)
      return base
    }
    if _slowPath(callee.isObject && callee.asObject.objectClass == .nativeFunction),
      let mode = generatorMethodMode(callee),
      let frame = try resumeGeneratorFromCall(
        mode, fp, base: base, argumentCount: instruction.argumentCount, dst: instruction.dst,
        returnPC: pcOffset(fp, pc) + Instruction.Call.size)
    {
      return frame
    }
    stackTop = fp + Int(Frame.codeData(fp).pointee.registerCount)
    if _slowPath(!(callee.isObject && callee.asObject.isCallable)) { throw notAFunction(callee, fp, pc) }
    fp[instruction.dst] = try callFromInterpreter(
      callee, this: base[Frame.thisOffset],
      arguments: UnsafeBufferPointer(start: base, count: instruction.argumentCount), frame: fp,
      pcOffset: pcOffset(fp, pc))
    return fp
  }

  /// The TypeError for calling a value that is not a function, naming the callee as the source
  /// wrote it when the compiler recorded it (`o.method is not a function`).
  @inline(never)
  func notAFunction(_ callee: Value, _ fp: Registers, _ pc: BytecodePC) -> JSException {
    let code = Frame.codeData(fp).pointee.owner.takeUnretainedValue()
    let name = code.calleeTexts[Int32(pcOffset(fp, pc))] ?? describeForError(callee)
    return typeError("\(name) is not a function")
  }

  /// `eval(…)` as written: a direct eval when the callee is the realm's %eval%, else a call.
  func executeCallEval(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> Registers {
    let instruction = Instruction.CallEval(pc)
    let base = fp + instruction.base
    let callee = base[Frame.calleeOffset]
    if isEnterableFunction(callee) {
      try checkSafePoint()
      try enterFunction(
        frame: base, callee: callee.asObject, argumentCount: instruction.argumentCount, newTarget: .undefined,
        returnInfo: returnInfo(dst: instruction.dst), caller: fp,
        returnPC: pcOffset(fp, pc) + Instruction.CallEval.size)
      return base
    }
    let code = Frame.codeData(fp)
    stackTop = fp + Int(code.pointee.registerCount)
    let arguments = UnsafeBufferPointer(start: base, count: instruction.argumentCount)
    if callee == realm[.evalFunction] {
      fp[instruction.dst] = try performDirectEval(
        arguments: arguments, callerFrame: fp, callerCode: code.pointee.owner.takeUnretainedValue(),
        pcOffset: pcOffset(fp, pc))
    } else {
      if _slowPath(!(callee.isObject && callee.asObject.isCallable)) { throw notAFunction(callee, fp, pc) }
      fp[instruction.dst] = try callFromInterpreter(
        callee, this: base[Frame.thisOffset], arguments: arguments, frame: fp, pcOffset: pcOffset(fp, pc))
    }
    return fp
  }

  @_transparent func executeConstruct(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> Registers {
    let instruction = Instruction.Construct(pc)
    let base = fp + instruction.base
    let callee = base[Frame.calleeOffset]
    let offset = pcOffset(fp, pc)
    stackTop = fp + Int(Frame.codeData(fp).pointee.registerCount)
    if callee.isObject && callee.asObject.objectClass == .function && callee.asObject.isConstructor {
      try checkSafePoint()
      let function = callee.asObject
      // [[Construct]] step 5: OrdinaryCreateFromConstructor (a derived constructor's `this`
      // stays uninitialized until super() returns).
      let this: Value
      if function.hasFlag(ObjectFlags.derivedConstructor) {
        this = .empty
      } else {
        this = try constructedThis(function, cache: cacheSite(fp, instruction.cache), fp, offset).value
      }
      base[Frame.thisOffset] = this
      try enterFunction(
        frame: base, callee: function, argumentCount: instruction.argumentCount, newTarget: callee,
        returnInfo: returnInfo(dst: instruction.dst, flags: Frame.Flags.construct), caller: fp,
        returnPC: offset + Instruction.Construct.size)
      return base
    }
    fp[instruction.dst] = try constructFromInterpreter(
      callee, arguments: UnsafeBufferPointer(start: base, count: instruction.argumentCount), newTarget: callee,
      frame: fp, pcOffset: offset)
    return fp
  }

  /// OrdinaryCreateFromConstructor(F, "%Object.prototype%") for a bytecode function: its
  /// `prototype` (an own data property, read through the site's inline cache), else the
  /// function realm's %Object.prototype%.
  @inline(__always) func constructedThis(
    _ function: ObjectRef, cache: UnsafeMutablePointer<PropertyCacheEntry>, _ fp: Registers, _ offset: Int
  ) throws(JSException) -> ObjectRef {
    var prototype: Value
    if let cached = cachedLoad(function, cache) {
      prototype = cached
    } else {
      let saved = nativeCallSite
      nativeCallSite = (fp, offset)
      defer { nativeCallSite = saved }
      prototype = try getPropertySlow(function.value, Value(cell: names.prototype.cell), cache: cache)
    }
    if !prototype.isObject { prototype = try functionRealm(function)[.objectPrototype] }
    if prototype == realm[.objectPrototype] { return newPlainObject() }
    return newObject(.ordinary, prototype: prototype)
  }

  // MARK: Return

  /// Returns from frame `fp`: the caller's frame (with the result in its register), or `fp`
  /// itself for an entry frame (the result is then in `hot.returnValue`).
  @inline(__always) func executeReturn(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> Registers {
    var result = fp[Instruction.Return(pc).src]
    let info = fp[Frame.returnInfoOffset].bits
    if _slowPath(info & Frame.Flags.construct != 0 && !result.isObject) {
      result = try constructResult(result, fp, pc)
    }
    return leaveFrame(fp, info: info, result: result)
  }

  /// Hands `result` to whoever called (or resumed) the frame `fp`: the caller's frame with the
  /// result in its register, or `fp` itself for an entry frame (the result in `hot.returnValue`).
  @inline(__always) func leaveFrame(_ fp: Registers, info: UInt64, result: Value) -> Registers {
    if info & Frame.Flags.entry != 0 {
      hot.pointee.returnValue = result
      return fp
    }
    let caller = Frame.callerFrame(fp).unsafelyUnwrapped
    let code = Frame.codeData(caller)
    enterRealm(of: code)
    stackTop = caller + Int(code.pointee.registerCount)
    caller[Int(Int32(truncatingIfNeeded: info))] = result
    return caller
  }

  /// [[Construct]] steps 10-12 for a non-object result: `this`, or for a derived constructor
  /// `this` when the result is undefined, else an error thrown as the frame exits (no handler
  /// of the constructor sees it) in the caller's realm.
  func constructResult(_ result: Value, _ fp: Registers, _ pc: BytecodePC) throws(JSException) -> Value {
    guard Frame.codeData(fp).pointee.isDerivedConstructor else { return fp[Frame.thisOffset] }
    // The compiler returns `this` (read unchecked: empty before super()) for undefined.
    let value = result.isUndefined ? fp[Frame.thisOffset] : result
    if value.isObject { return value }
    if fp[Frame.returnInfoOffset].bits & Frame.Flags.entry == 0 {
      enterRealm(of: Frame.codeData(Frame.callerFrame(fp)!))
    }
    let error =
      value.isEmpty
      ? referenceError(
        "Must call super constructor in derived class before accessing 'this' or returning from derived constructor")
      : typeError("Derived constructors may only return object or undefined")
    completePendingStack(error.value, fp: fp, pc: pcOffset(fp, pc))
    throw JSException(error.value, atFrameExit: true)
  }

  // MARK: Calls that complete in the caller's frame

  func executeCallWithSpread(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let instruction = Instruction.CallWithSpread(pc)
    stackTop = fp + Int(Frame.codeData(fp).pointee.registerCount)
    let values = try denseValues(fp[instruction.arguments].asObject)
    let (callee, this) = (fp[instruction.callee], fp[instruction.this])
    fp[instruction.dst] = try values.values.withUnsafeBufferPointer { buffer throws(JSException) in
      try callFromInterpreter(callee, this: this, arguments: buffer, frame: fp, pcOffset: pcOffset(fp, pc))
    }
    return pc + Instruction.CallWithSpread.size
  }

  func executeCallEvalWithSpread(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let instruction = Instruction.CallEvalWithSpread(pc)
    let code = Frame.codeData(fp)
    stackTop = fp + Int(code.pointee.registerCount)
    let values = try denseValues(fp[instruction.arguments].asObject)
    let (callee, this) = (fp[instruction.callee], fp[instruction.this])
    let offset = pcOffset(fp, pc)
    if callee == realm[.evalFunction] {
      let callerCode = code.pointee.owner.takeUnretainedValue()
      fp[instruction.dst] = try values.values.withUnsafeBufferPointer { buffer throws(JSException) in
        try performDirectEval(arguments: buffer, callerFrame: fp, callerCode: callerCode, pcOffset: offset)
      }
    } else {
      fp[instruction.dst] = try values.values.withUnsafeBufferPointer { buffer throws(JSException) in
        try callFromInterpreter(callee, this: this, arguments: buffer, frame: fp, pcOffset: offset)
      }
    }
    return pc + Instruction.CallEvalWithSpread.size
  }

  func executeConstructWithSpread(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let instruction = Instruction.ConstructWithSpread(pc)
    stackTop = fp + Int(Frame.codeData(fp).pointee.registerCount)
    let callee = fp[instruction.callee]
    let values = try denseValues(fp[instruction.arguments].asObject)
    fp[instruction.dst] = try values.values.withUnsafeBufferPointer { buffer throws(JSException) in
      try constructFromInterpreter(callee, arguments: buffer, newTarget: callee, frame: fp, pcOffset: pcOffset(fp, pc))
    }
    return pc + Instruction.ConstructWithSpread.size
  }

  // MARK: super(…)

  func executeSuperCall(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let instruction = Instruction.SuperCall(pc)
    stackTop = fp + Int(Frame.codeData(fp).pointee.registerCount)
    let constructor = try superConstructor(of: fp[instruction.function])
    fp[instruction.dst] = try constructFromInterpreter(
      constructor, arguments: UnsafeBufferPointer(start: fp + instruction.base, count: instruction.argumentCount),
      newTarget: fp[instruction.newTarget], frame: fp, pcOffset: pcOffset(fp, pc))
    return pc + Instruction.SuperCall.size
  }

  func executeSuperCallWithSpread(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let instruction = Instruction.SuperCallWithSpread(pc)
    stackTop = fp + Int(Frame.codeData(fp).pointee.registerCount)
    let constructor = try superConstructor(of: fp[instruction.function])
    let values = try denseValues(fp[instruction.arguments].asObject)
    let newTarget = fp[instruction.newTarget]
    fp[instruction.dst] = try values.values.withUnsafeBufferPointer { buffer throws(JSException) in
      try constructFromInterpreter(
        constructor, arguments: buffer, newTarget: newTarget, frame: fp, pcOffset: pcOffset(fp, pc))
    }
    return pc + Instruction.SuperCallWithSpread.size
  }

  /// The implicit `constructor(...args) { super(...args); }` of a derived class without one.
  func executeSuperCallForward(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let instruction = Instruction.SuperCallForward(pc)
    stackTop = fp + Int(Frame.codeData(fp).pointee.registerCount)
    let constructor = try superConstructor(of: fp[Frame.calleeOffset])
    let argumentsObject = fp[instruction.arguments].asObject
    let arguments = RootedValues(self, capacity: argumentsObject.denseCount)
    for index in 0..<argumentsObject.denseCount { arguments.append(argumentsObject.denseElements[index]) }
    let result = try arguments.values.withUnsafeBufferPointer { buffer throws(JSException) in
      try constructFromInterpreter(
        constructor, arguments: buffer, newTarget: fp[Frame.newTargetOffset], frame: fp, pcOffset: pcOffset(fp, pc))
    }
    if !fp[Frame.thisOffset].isEmpty { throw referenceError("Super constructor may only be called once") }
    fp[Frame.thisOffset] = result
    try initializeFields(this: result, constructor: fp[Frame.calleeOffset])
    fp[instruction.dst] = result
    return pc + Instruction.SuperCallForward.size
  }
}
