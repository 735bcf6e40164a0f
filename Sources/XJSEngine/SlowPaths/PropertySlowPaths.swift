// Slow paths of the property instructions: named loads and stores through the inline caches
// (PropertyAccess.swift), elements, deletes, super, literal definitions and private names.

extension Runtime {
  // MARK: Named properties

  @inline(__always) func executeGetProperty(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let instruction = Instruction.GetProperty(pc)
    let object = fp[instruction.object]
    let cache = cacheSite(fp, instruction.cache)
    if object.isObject, let value = cachedLoad(object.asObject, cache) {
      fp[instruction.dst] = value
    } else {
      fp[instruction.dst] = try getPropertySlow(object, constant(fp, instruction.name), cache: cache)
    }
    return pc + Instruction.GetProperty.size
  }

  @inline(__always) func executeSetProperty(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let instruction = Instruction.SetProperty(pc)
    let object = fp[instruction.object]
    let value = fp[instruction.src]
    let cache = cacheSite(fp, instruction.cache)
    if !(object.isObject && cachedStore(object.asObject, value, cache)) {
      try setPropertySlow(object, constant(fp, instruction.name), value, strict: isStrict(fp), cache: cache)
    }
    return pc + Instruction.SetProperty.size
  }

  // MARK: Elements

  @inline(__always) func executeGetElement(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let instruction = Instruction.GetElement(pc)
    fp[instruction.dst] = try getElement(fp[instruction.object], fp[instruction.key])
    return pc + Instruction.GetElement.size
  }

  @inline(__always) func executeSetElement(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let instruction = Instruction.SetElement(pc)
    try setElement(fp[instruction.object], fp[instruction.key], fp[instruction.src], strict: isStrict(fp))
    return pc + Instruction.SetElement.size
  }

  // MARK: Deletes

  func executeDeleteProperty(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let instruction = Instruction.DeleteProperty(pc)
    let key = PropertyKey(atom: constant(fp, instruction.name).asString)
    fp[instruction.dst] = Value(try deleteProperty(fp[instruction.object], key, strict: isStrict(fp)))
    return pc + Instruction.DeleteProperty.size
  }

  func executeDeleteElement(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let instruction = Instruction.DeleteElement(pc)
    let key = try toPropertyKey(fp[instruction.key])
    fp[instruction.dst] = Value(try deleteProperty(fp[instruction.object], key, strict: isStrict(fp)))
    return pc + Instruction.DeleteElement.size
  }

  // MARK: super

  func executeGetSuperBase(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let instruction = Instruction.GetSuperBase(pc)
    fp[instruction.dst] = try superBase(home: fp[instruction.home])
    return pc + Instruction.GetSuperBase.size
  }

  func executeGetSuperProperty(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let instruction = Instruction.GetSuperProperty(pc)
    fp[instruction.dst] = try getSuperProperty(
      base: fp[instruction.base], key: fp[instruction.key], this: fp[instruction.this])
    return pc + Instruction.GetSuperProperty.size
  }

  func executeSetSuperProperty(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let instruction = Instruction.SetSuperProperty(pc)
    try setSuperProperty(
      base: fp[instruction.base], key: fp[instruction.key], value: fp[instruction.src], this: fp[instruction.this],
      strict: isStrict(fp))
    return pc + Instruction.SetSuperProperty.size
  }

  // MARK: Literal definitions

  func executeDefineNamedProperty(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let instruction = Instruction.DefineNamedProperty(pc)
    let key = PropertyKey(atom: constant(fp, instruction.name).asString)
    defineLiteralProperty(fp[instruction.object].asObject, key, fp[instruction.src])
    return pc + Instruction.DefineNamedProperty.size
  }

  func executeDefineDataProperty(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let instruction = Instruction.DefineDataProperty(pc)
    try createDataPropertyOrThrow(
      fp[instruction.object].asObject, toPropertyKey(fp[instruction.key]), fp[instruction.src])
    return pc + Instruction.DefineDataProperty.size
  }

  func executeDefineMethod(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let instruction = Instruction.DefineMethod(pc)
    try defineMethodProperty(
      fp[instruction.object].asObject, key: fp[instruction.key], function: fp[instruction.function].asObject,
      enumerable: instruction.flags & 1 != 0)
    return pc + Instruction.DefineMethod.size
  }

  func executeDefineGetter(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let instruction = Instruction.DefineGetter(pc)
    try defineAccessorProperty(
      fp[instruction.object].asObject, key: fp[instruction.key], function: fp[instruction.function].asObject,
      isGetter: true, enumerable: instruction.flags & 1 != 0)
    return pc + Instruction.DefineGetter.size
  }

  func executeDefineSetter(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let instruction = Instruction.DefineSetter(pc)
    try defineAccessorProperty(
      fp[instruction.object].asObject, key: fp[instruction.key], function: fp[instruction.function].asObject,
      isGetter: false, enumerable: instruction.flags & 1 != 0)
    return pc + Instruction.DefineSetter.size
  }

  func executeCopyDataProperties(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let instruction = Instruction.CopyDataProperties(pc)
    try copyDataProperties(
      into: fp[instruction.target].asObject, from: fp[instruction.source], excluded: fp + instruction.excluded,
      excludedCount: instruction.excludedCount)
    return pc + Instruction.CopyDataProperties.size
  }

  func executeSetPrototypeLiteral(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let instruction = Instruction.SetPrototypeLiteral(pc)
    let prototype = fp[instruction.prototype]
    if prototype.isObject || prototype.isNull {
      _ = try setPrototypeOf(fp[instruction.object].asObject, prototype)
    }
    return pc + Instruction.SetPrototypeLiteral.size
  }

  func executeToPropertyKey(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let instruction = Instruction.ToPropertyKey(pc)
    let key = try toPropertyKey(fp[instruction.src])
    // An index as an int32 when it is one, so element accesses with it take their fast paths.
    fp[instruction.dst] = key.isIndex ? Value(Int(key.index)) : Value(cell: key.cell)
    return pc + Instruction.ToPropertyKey.size
  }

  func executeSetFunctionName(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let instruction = Instruction.SetFunctionName(pc)
    let key = try toPropertyKey(fp[instruction.key])
    let prefix: String? = instruction.kind == 1 ? "get" : instruction.kind == 2 ? "set" : nil
    setFunctionName(fp[instruction.function].asObject, functionName(for: key, prefix: prefix))
    return pc + Instruction.SetFunctionName.size
  }

  func executeLoadHomeObject(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let callee = fp[Frame.calleeOffset]
    fp[Instruction.LoadHomeObject(pc).dst] =
      callee.isObject && callee.asObject.objectClass == .function
      ? callee.asObject.internalSlot(FunctionSlot.homeObject) : .undefined
    return pc + Instruction.LoadHomeObject.size
  }

  func executeMapArguments(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    installArgumentMapping(
      fp[Instruction.MapArguments(pc).arguments].asObject, environment: fp[Frame.environmentOffset])
    return pc + Instruction.MapArguments.size
  }

  // MARK: Private names

  func executeNewPrivateName(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let instruction = Instruction.NewPrivateName(pc)
    fp[instruction.dst] = newPrivateName(description: constant(fp, instruction.description))
    return pc + Instruction.NewPrivateName.size
  }

  func executeGetPrivate(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let instruction = Instruction.GetPrivate(pc)
    fp[instruction.dst] = try privateGet(fp[instruction.object], name: fp[instruction.name])
    return pc + Instruction.GetPrivate.size
  }

  func executeSetPrivate(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let instruction = Instruction.SetPrivate(pc)
    try privateSet(fp[instruction.object], name: fp[instruction.name], value: fp[instruction.src])
    return pc + Instruction.SetPrivate.size
  }

  func executeDefinePrivate(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let instruction = Instruction.DefinePrivate(pc)
    try privateElementAdd(
      fp[instruction.object], name: fp[instruction.name], value: fp[instruction.src], isMethod: instruction.kind != 0)
    return pc + Instruction.DefinePrivate.size
  }

  func executeDefinePrivateAccessor(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let instruction = Instruction.DefinePrivateAccessor(pc)
    try privateAccessorAdd(
      fp[instruction.object], name: fp[instruction.name], getter: fp[instruction.getter],
      setter: fp[instruction.setter])
    return pc + Instruction.DefinePrivateAccessor.size
  }

  func executeHasPrivate(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let instruction = Instruction.HasPrivate(pc)
    fp[instruction.dst] = Value(try privateIn(fp[instruction.object], name: fp[instruction.name]))
    return pc + Instruction.HasPrivate.size
  }
}
