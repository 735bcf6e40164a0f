// Slow paths of generators and async functions (the machinery: Interpreter/Suspension.swift).

extension Runtime {
  func executeCreateGenerator(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let instruction = Instruction.CreateGenerator(pc)
    let kind = GeneratorKind(rawValue: Int32(instruction.kind))!
    stackTop = fp + Int(Frame.codeData(fp).pointee.registerCount)
    let generator: ObjectRef
    switch kind {
    case .generator, .asyncGenerator:
      // OrdinaryCreateFromConstructor(functionObject, "%GeneratorFunction.prototype.prototype%").
      let callee = fp[Frame.calleeOffset].asObject
      let cache = cacheSite(fp, instruction.cache)
      var prototype: Value
      if let cached = cachedLoad(callee, cache) {
        prototype = cached
      } else {
        prototype = try getPropertySlow(callee.value, Value(cell: names.prototype.cell), cache: cache)
      }
      if !prototype.isObject {
        prototype = try functionRealm(callee)[kind == .generator ? .generatorPrototype : .asyncGeneratorPrototype]
      }
      generator = newGenerator(kind, prototype: prototype, frame: fp)
      if kind == .asyncGenerator { generator.setInternalSlot(GeneratorSlot.extra, newArray([]).value) }
    case .asyncFunction:
      // The object is internal: only the frame and the promise's reactions see it.
      generator = newGenerator(kind, prototype: .null, frame: fp)
      generator.setInternalSlot(GeneratorSlot.extra, newPromise())
    }
    fp[instruction.dst] = generator.value
    return pc + Instruction.CreateGenerator.size
  }

  func executeYield(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> Registers {
    let instruction = Instruction.Yield(pc)
    let generator = fp[instruction.generator].asObject
    let offset = pcOffset(fp, pc) + Instruction.Yield.size
    if generator.generatorKind == .asyncGenerator && generator.generatorState != .suspendedStart {
      return try asyncGeneratorYield(fp, generator, value: fp[instruction.value], resumeAt: offset)
    }
    return suspend(fp, into: generator, resumeAt: offset, result: fp[instruction.value])
  }

  /// Await (ES2024 27.7.5.3): the frame continues when PromiseResolve(value) settles. What the
  /// resumer gets meanwhile: an async function's promise (its first caller returns it).
  func executeAwait(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> Registers {
    let instruction = Instruction.Await(pc)
    let generator = fp[instruction.generator].asObject
    stackTop = fp + Int(Frame.codeData(fp).pointee.registerCount)
    try awaitValue(fp[instruction.value], resuming: generator)
    let result = generator.generatorKind == .asyncFunction ? generator.internalSlot(GeneratorSlot.extra) : .undefined
    return suspend(
      fp, into: generator, resumeAt: pcOffset(fp, pc) + Instruction.Await.size, result: result, awaiting: true)
  }

  func executeFinishGenerator(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let instruction = Instruction.FinishGenerator(pc)
    let generator = fp[instruction.generator].asObject
    let value = fp[instruction.value]
    let threw = instruction.flags & 1 != 0
    stackTop = fp + Int(Frame.codeData(fp).pointee.registerCount)
    completeGenerator(generator)
    switch generator.generatorKind {
    case .generator:
      fp[instruction.dst] = threw ? .undefined : iteratorResult(value, done: true)
    case .asyncFunction:
      let promise = generator.internalSlot(GeneratorSlot.extra)
      if threw {
        rejectPromise(promise, reason: value)
      } else {
        resolvePromise(promise, with: value)
      }
      fp[instruction.dst] = promise
    case .asyncGenerator:
      asyncGeneratorComplete(generator, value: value, threw: threw)
      fp[instruction.dst] = .undefined
    }
    return pc + Instruction.FinishGenerator.size
  }

  func executeCreateIterResult(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let instruction = Instruction.CreateIterResult(pc)
    stackTop = fp + Int(Frame.codeData(fp).pointee.registerCount)
    fp[instruction.dst] = iteratorResult(fp[instruction.value], done: instruction.done == 1)
    return pc + Instruction.CreateIterResult.size
  }

  func executeGetIteratorRecord(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let instruction = Instruction.GetIteratorRecord(pc)
    let destination = fp + instruction.dst
    stackTop = fp + Int(Frame.codeData(fp).pointee.registerCount)
    let (iterator, next) =
      instruction.flags & 1 != 0
      ? try getAsyncIterator(fp[instruction.iterable]) : try getIterator(fp[instruction.iterable])
    destination[0] = iterator
    // As GetIterator leaves it: an int32 in the second register marks the array fast path.
    destination[1] = next.isInt32 ? Value(Double(next.asInt32)) : next
    return pc + Instruction.GetIteratorRecord.size
  }

  func executeCheckIteratorResult(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let result = fp[Instruction.CheckIteratorResult(pc).src]
    if !result.isObject { throw typeError("Iterator result \(describeForError(result)) is not an object") }
    return pc + Instruction.CheckIteratorResult.size
  }
}
