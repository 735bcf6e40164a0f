// Slow paths of the binding instructions: TDZ checks, environment slots, scopes, globals (with
// their inline caches) and by-name lookups (with, sloppy direct eval).

extension Runtime {
  // MARK: TDZ checks

  func uninitializedMessage(_ name: Value) -> String {
    "Cannot access '\(name.isString ? name.asString.swiftString(heap) : "binding")' before initialization"
  }

  @inline(__always) func executeCheckInitialized(_ fp: Registers, _ pc: BytecodePC) throws(JSException)
    -> BytecodePC
  {
    let instruction = Instruction.CheckInitialized(pc)
    if fp[instruction.src].isEmpty {
      throw referenceError(uninitializedMessage(constant(fp, instruction.name)))
    }
    return pc + Instruction.CheckInitialized.size
  }

  @inline(__always) func executeCheckThisInitialized(_ fp: Registers, _ pc: BytecodePC) throws(JSException)
    -> BytecodePC
  {
    if fp[Instruction.CheckThisInitialized(pc).this].isEmpty {
      throw referenceError(
        "Must call super constructor in derived class before accessing 'this' or returning from derived constructor")
    }
    return pc + Instruction.CheckThisInitialized.size
  }

  @inline(__always) func executeCheckThisUninitialized(_ fp: Registers, _ pc: BytecodePC) throws(JSException)
    -> BytecodePC
  {
    if !fp[Instruction.CheckThisUninitialized(pc).this].isEmpty {
      throw referenceError("Super constructor may only be called once")
    }
    return pc + Instruction.CheckThisUninitialized.size
  }

  // MARK: Environment slots

  /// The environment `hops` parents up from the frame's current one.
  @inline(__always) func environment(_ fp: Registers, hops: Int) -> EnvironmentRef {
    var environment = EnvironmentRef(fp[Frame.environmentOffset])
    for _ in 0..<hops { environment = EnvironmentRef(environment.parent) }
    return environment
  }

  @inline(__always) func executeGetEnvironment(_ fp: Registers, _ pc: BytecodePC) throws(JSException)
    -> BytecodePC
  {
    let instruction = Instruction.GetEnvironment(pc)
    fp[instruction.dst] = environment(fp, hops: instruction.hops).slot(instruction.slot)
    return pc + Instruction.GetEnvironment.size
  }

  @inline(__always) func executeSetEnvironment(_ fp: Registers, _ pc: BytecodePC) throws(JSException)
    -> BytecodePC
  {
    let instruction = Instruction.SetEnvironment(pc)
    environment(fp, hops: instruction.hops).setSlot(instruction.slot, fp[instruction.src])
    return pc + Instruction.SetEnvironment.size
  }

  @inline(__always) func executeGetEnvironmentChecked(_ fp: Registers, _ pc: BytecodePC) throws(JSException)
    -> BytecodePC
  {
    let instruction = Instruction.GetEnvironmentChecked(pc)
    let value = environment(fp, hops: instruction.hops).slot(instruction.slot)
    if value.isEmpty { throw referenceError(uninitializedMessage(constant(fp, instruction.name))) }
    fp[instruction.dst] = value
    return pc + Instruction.GetEnvironmentChecked.size
  }

  @inline(__always) func executeSetEnvironmentChecked(_ fp: Registers, _ pc: BytecodePC) throws(JSException)
    -> BytecodePC
  {
    let instruction = Instruction.SetEnvironmentChecked(pc)
    let target = environment(fp, hops: instruction.hops)
    if target.slot(instruction.slot).isEmpty {
      throw referenceError(uninitializedMessage(constant(fp, instruction.name)))
    }
    target.setSlot(instruction.slot, fp[instruction.src])
    return pc + Instruction.SetEnvironmentChecked.size
  }

  // MARK: Scopes

  func executePushScope(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    // The frame keeps its code block alive: borrowed, not retained.
    let index = Instruction.PushScope(pc).scope
    let parent = fp[Frame.environmentOffset]
    fp[Frame.environmentOffset] = Frame.codeData(fp).pointee.owner._withUnsafeGuaranteedRef { owner in
      pushEnvironment(owner.scopeDescriptors[index], parent: parent)
    }
    return pc + Instruction.PushScope.size
  }

  func executeCopyScope(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    fp[Frame.environmentOffset] = copyEnvironment(EnvironmentRef(fp[Frame.environmentOffset])).value
    return pc + Instruction.CopyScope.size
  }

  func executePushWithScope(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let object = fp[Instruction.PushWithScope(pc).object].asObject
    fp[Frame.environmentOffset] = newWithEnvironment(parent: fp[Frame.environmentOffset], object: object).value
    return pc + Instruction.PushWithScope.size
  }

  // MARK: Globals

  @inline(__always) func executeGetGlobal(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let instruction = Instruction.GetGlobal(pc)
    let cache = cacheSite(fp, instruction.cache)
    if let value = cachedGlobal(cache) {
      fp[instruction.dst] = value
    } else {
      fp[instruction.dst] = try getGlobal(constant(fp, instruction.name), cache: cache)
    }
    return pc + Instruction.GetGlobal.size
  }

  func executeSetGlobal(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let instruction = Instruction.SetGlobal(pc)
    try setGlobal(
      constant(fp, instruction.name), fp[instruction.src], strict: isStrict(fp),
      cache: cacheSite(fp, instruction.cache))
    return pc + Instruction.SetGlobal.size
  }

  func executeHasGlobal(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let instruction = Instruction.HasGlobal(pc)
    let cache = cacheSite(fp, instruction.cache)
    var exists = cachedGlobal(cache) != nil
    if !exists { exists = try hasGlobalBinding(constant(fp, instruction.name), cache: cache) }
    fp[instruction.dst] = Value(exists)
    return pc + Instruction.HasGlobal.size
  }

  func executeGetGlobalOrUndefined(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let instruction = Instruction.GetGlobalOrUndefined(pc)
    fp[instruction.dst] = try getGlobalOrUndefined(constant(fp, instruction.name))
    return pc + Instruction.GetGlobalOrUndefined.size
  }

  func executeInitializeGlobalLexical(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let instruction = Instruction.InitializeGlobalLexical(pc)
    initializeGlobalLexical(constant(fp, instruction.name), fp[instruction.src])
    return pc + Instruction.InitializeGlobalLexical.size
  }

  func executeDeclareGlobals(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    try declareGlobals(Frame.codeData(fp).pointee.owner.takeUnretainedValue(), environment: fp[Frame.environmentOffset])
    return pc + Instruction.DeclareGlobals.size
  }

  func executeDeclareEvalVar(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    try declareEvalVar(constant(fp, Instruction.DeclareEvalVar(pc).name), environment: fp[Frame.environmentOffset])
    return pc + Instruction.DeclareEvalVar.size
  }

  func executeDeclareEvalFunction(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let instruction = Instruction.DeclareEvalFunction(pc)
    try declareEvalFunction(
      constant(fp, instruction.name), fp[instruction.function], environment: fp[Frame.environmentOffset])
    return pc + Instruction.DeclareEvalFunction.size
  }

  // MARK: Bindings by name (with, sloppy direct eval)

  func executeGetName(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let instruction = Instruction.GetName(pc)
    fp[instruction.dst] = try getName(
      constant(fp, instruction.name), environment: fp[Frame.environmentOffset], strict: isStrict(fp))
    return pc + Instruction.GetName.size
  }

  func executeSetName(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let instruction = Instruction.SetName(pc)
    try setName(
      constant(fp, instruction.name), fp[instruction.src], environment: fp[Frame.environmentOffset],
      strict: isStrict(fp))
    return pc + Instruction.SetName.size
  }

  func executeGetNameOrUndefined(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let instruction = Instruction.GetNameOrUndefined(pc)
    fp[instruction.dst] = try getName(
      constant(fp, instruction.name), environment: fp[Frame.environmentOffset], orUndefined: true,
      strict: isStrict(fp))
    return pc + Instruction.GetNameOrUndefined.size
  }

  func executeResolveName(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let instruction = Instruction.ResolveName(pc)
    fp[instruction.dst] = try resolveNameBase(constant(fp, instruction.name), environment: fp[Frame.environmentOffset])
    return pc + Instruction.ResolveName.size
  }

  func executeGetNameFromBase(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let instruction = Instruction.GetNameFromBase(pc)
    fp[instruction.dst] = try getName(
      constant(fp, instruction.name), fromBase: fp[instruction.base], strict: isStrict(fp))
    return pc + Instruction.GetNameFromBase.size
  }

  func executeSetNameOnBase(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let instruction = Instruction.SetNameOnBase(pc)
    try setName(
      constant(fp, instruction.name), onBase: fp[instruction.base], fp[instruction.src], strict: isStrict(fp))
    return pc + Instruction.SetNameOnBase.size
  }

  func executeDeleteName(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let instruction = Instruction.DeleteName(pc)
    fp[instruction.dst] = Value(
      try deleteName(constant(fp, instruction.name), environment: fp[Frame.environmentOffset]))
    return pc + Instruction.DeleteName.size
  }

  func executeCallName(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let instruction = Instruction.CallName(pc)
    let (function, this) = try getNameForCall(
      constant(fp, instruction.name), environment: fp[Frame.environmentOffset], strict: isStrict(fp))
    fp[instruction.callee] = function
    fp[instruction.this] = this
    return pc + Instruction.CallName.size
  }
}
