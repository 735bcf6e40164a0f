// Slow paths of the allocating instructions: literals, closures, classes, and the conversions
// that go with them.

extension Runtime {
  // MARK: Object and array literals

  func executeNewObject(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    fp[Instruction.NewObject(pc).dst] = newPlainObject().value
    return pc + Instruction.NewObject.size
  }

  func executeNewArray(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let instruction = Instruction.NewArray(pc)
    fp[instruction.dst] = newArray(UnsafeBufferPointer(start: fp + instruction.start, count: instruction.count)).value
    return pc + Instruction.NewArray.size
  }

  func executeArrayAppend(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let instruction = Instruction.ArrayAppend(pc)
    appendToArrayLiteral(fp[instruction.array].asObject, fp[instruction.src])
    return pc + Instruction.ArrayAppend.size
  }

  func executeArrayAppendHole(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let array = fp[Instruction.ArrayAppendHole(pc).array].asObject
    setArrayLengthRaw(array, arrayLength(array) + 1)
    return pc + Instruction.ArrayAppendHole.size
  }

  func executeArrayAppendSpread(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let instruction = Instruction.ArrayAppendSpread(pc)
    try appendSpread(fp[instruction.array].asObject, fp[instruction.iterable])
    return pc + Instruction.ArrayAppendSpread.size
  }

  func executeNewRegExp(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let instruction = Instruction.NewRegExp(pc)
    fp[instruction.dst] = try newRegExpFromLiteral(
      pattern: constant(fp, instruction.pattern).asString, flags: constant(fp, instruction.flags).asString)
    return pc + Instruction.NewRegExp.size
  }

  func executeGetTemplateObject(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let instruction = Instruction.GetTemplateObject(pc)
    let code = Frame.codeData(fp)
    let owner = code.pointee.owner.takeUnretainedValue()
    var template = owner.templateObjects[instruction.site]
    if template.isUndefined {
      template = createTemplateObject(code.pointee.constants + instruction.strings, count: instruction.count)
      owner.templateObjects[instruction.site] = template
    }
    fp[instruction.dst] = template
    return pc + Instruction.GetTemplateObject.size
  }

  // MARK: Functions and classes

  func executeNewClosure(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let instruction = Instruction.NewClosure(pc)
    let code = CodeBlockCellRef(constant(fp, instruction.function))
    fp[instruction.dst] = newClosure(code, environment: fp[Frame.environmentOffset]).value
    return pc + Instruction.NewClosure.size
  }

  func executeCreateClass(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let instruction = Instruction.CreateClass(pc)
    try createClass(
      constructorRegister: fp + instruction.constructor, prototypeRegister: fp + instruction.prototype,
      code: CodeBlockCellRef(constant(fp, instruction.code)), hasSuperclass: instruction.flags & 1 != 0,
      environment: fp[Frame.environmentOffset])
    return pc + Instruction.CreateClass.size
  }

  func executeInitializeFields(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    try initializeFields(this: fp[Instruction.InitializeFields(pc).this], constructor: fp[Frame.calleeOffset])
    return pc + Instruction.InitializeFields.size
  }

  func executeSetFieldInitializer(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let instruction = Instruction.SetFieldInitializer(pc)
    let constructor = fp[instruction.constructor].asObject
    let initializer = fp[instruction.initializer].asObject
    initializer.setInternalSlot(FunctionSlot.homeObject, constructor.internalSlot(FunctionSlot.homeObject))
    constructor.setInternalSlot(FunctionSlot.fieldsInitializer, initializer.value)
    return pc + Instruction.SetFieldInitializer.size
  }

  func executeSetHomeObject(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let instruction = Instruction.SetHomeObject(pc)
    fp[instruction.function].asObject.setInternalSlot(FunctionSlot.homeObject, fp[instruction.home])
    return pc + Instruction.SetHomeObject.size
  }

  // MARK: Conversions

  func executeRequireObjectCoercible(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let instruction = Instruction.RequireObjectCoercible(pc)
    let value = fp[instruction.src]
    if value.isNullish {
      let what = value.isNull ? "null" : "undefined"
      if instruction.kind == 0 { throw typeError("Cannot destructure '\(what)' as it is \(what).") }
      throw typeError("Cannot read properties of \(what)")
    }
    return pc + Instruction.RequireObjectCoercible.size
  }

  @inline(__always) func executeToString(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let instruction = Instruction.ToString(pc)
    let value = fp[instruction.src]
    fp[instruction.dst] = value.isString ? value : try toString(value).value
    return pc + Instruction.ToString.size
  }

  func executeToObject(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let instruction = Instruction.ToObject(pc)
    fp[instruction.dst] = try toObject(fp[instruction.src]).value
    return pc + Instruction.ToObject.size
  }
}
