// Module instructions: reading an import binding, `import()`, `import.meta`.

extension Runtime {
  /// An import binding is two slots: the exporter's environment and the slot there (made at
  /// link time, Modules/ModuleLinking.swift). A namespace re-export holds the namespace itself.
  func executeGetImport(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let instruction = Instruction.GetImport(pc)
    let environment = environment(fp, hops: instruction.hops)
    let target = environment.slot(instruction.slot)
    let slot = environment.slot(instruction.slot + 1)
    if slot.isInt32 && target.isCell {
      let value = EnvironmentRef(target).slot(Int(slot.asInt32))
      if value.isEmpty { throw referenceError(uninitializedMessage(constant(fp, instruction.name))) }
      fp[instruction.dst] = value
    } else if target.isObject {
      fp[instruction.dst] = target
    } else {
      throw referenceError(uninitializedMessage(constant(fp, instruction.name)))
    }
    return pc + Instruction.GetImport.size
  }

  func executeImportCall(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let instruction = Instruction.ImportCall(pc)
    let code = Frame.codeData(fp).pointee.owner.takeUnretainedValue()
    fp[instruction.dst] = dynamicImport(
      specifier: fp[instruction.specifier], options: fp[instruction.options], referrer: code.module,
      referrerName: code.referrerName ?? code.source.name)
    return pc + Instruction.ImportCall.size
  }

  func executeImportMeta(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let instruction = Instruction.ImportMeta(pc)
    let code = Frame.codeData(fp).pointee.owner.takeUnretainedValue()
    guard let module = code.module else { throw syntaxError("Cannot use 'import.meta' outside a module") }
    fp[instruction.dst] = importMeta(module)
    return pc + Instruction.ImportMeta.size
  }
}
