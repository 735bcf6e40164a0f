import XJSSyntax

// Reading and writing bindings: registers, environment slots, globals and
// by-name lookups, with TDZ and const checks.

enum StoreMode {
  /// Normal assignment: const and TDZ rules apply.
  case assign
  /// A declaration's initialization (let/const/class, parameters, var).
  case initialize
}

extension FunctionCompiler {
  /// Loads an identifier's value; returns the register holding it (a binding's
  /// own register when it lives in one).
  @discardableResult
  func loadIdentifier(_ identifier: IdentifierReference, into destination: Int32? = nil) throws(CompileError)
    -> Int32
  {
    switch identifier.resolution {
    case .binding(let binding, let hops, let needsCheck):
      guard needsCheck || binding.kind == .importBinding else {
        return loadFromBinding(binding, hops: hops, needsCheck: needsCheck, into: destination)
      }
      // A TDZ error points at the name.
      var register: Int32 = 0
      positioned(at: identifier.range) {
        register = loadFromBinding(binding, hops: hops, needsCheck: needsCheck, into: destination)
      }
      return register
    case .global:
      let target = destination ?? allocateRegister()
      positioned(at: identifier.range) {
        emitGetGlobal(dst: target, name: atomConstant(identifier.name), cache: newCacheSite())
      }
      return target
    case .dynamic, .unresolved:
      let target = destination ?? allocateRegister()
      positioned(at: identifier.range) { emitGetName(dst: target, name: atomConstant(identifier.name)) }
      return target
    }
  }

  func loadFromBinding(_ binding: Binding, hops: Int, needsCheck: Bool, into destination: Int32?) -> Int32 {
    if binding.kind == .importBinding, case .environment(let slot) = binding.location {
      let target = destination ?? allocateRegister()
      emitGetImport(dst: target, hops: Int32(hops), slot: Int32(slot), name: atomConstant(binding.name))
      return target
    }
    switch binding.location {
    case .register(let register):
      if needsCheck { emitCheckInitialized(src: register, name: atomConstant(binding.name)) }
      if let destination, destination != register {
        emitMove(dst: destination, src: register)
        return destination
      }
      return register
    case .environment(let slot):
      let target = destination ?? allocateRegister()
      if needsCheck {
        emitGetEnvironmentChecked(dst: target, hops: Int32(hops), slot: Int32(slot), name: atomConstant(binding.name))
      } else {
        emitGetEnvironment(dst: target, hops: Int32(hops), slot: Int32(slot))
      }
      return target
    case .unallocated:
      let target = destination ?? allocateRegister()
      emitLoadUndefined(dst: target)
      return target
    }
  }

  /// Writes `value` to a binding found by scope analysis (the hops are recomputed
  /// from the current scope when the binding is in an environment).
  func storeToBinding(_ binding: Binding, _ value: Int32, hops: Int) {
    switch binding.location {
    case .register(let register):
      if register != value { emitMove(dst: register, src: value) }
    case .environment(let slot):
      emitSetEnvironment(hops: Int32(currentScope.hops(to: binding.scope)), slot: Int32(slot), src: value)
    case .unallocated:
      break
    }
  }

  /// Assigns to (or initializes) an identifier.
  func storeIdentifier(_ identifier: IdentifierReference, _ value: Int32, mode: StoreMode) throws(CompileError) {
    switch identifier.resolution {
    case .binding(let binding, let hops, let needsCheck):
      if mode == .assign && binding.kind.isImmutable {
        if binding.kind == .functionSelfName && !isStrict { return }
        if needsCheck || binding.needsTDZCheck {
          _ = loadFromBinding(binding, hops: hops, needsCheck: true, into: nil)
        }
        emitThrowConstAssignment(name: atomConstant(binding.name))
        return
      }
      switch binding.location {
      case .register(let register):
        if mode == .assign && needsCheck { emitCheckInitialized(src: register, name: atomConstant(binding.name)) }
        if register != value { emitMove(dst: register, src: value) }
      case .environment(let slot):
        if mode == .assign && needsCheck {
          emitSetEnvironmentChecked(hops: Int32(hops), slot: Int32(slot), src: value, name: atomConstant(binding.name))
        } else {
          emitSetEnvironment(hops: Int32(hops), slot: Int32(slot), src: value)
        }
      case .unallocated:
        break
      }
    case .global:
      if mode == .initialize, isTopLevelLexical(identifier) {
        emitInitializeGlobalLexical(name: atomConstant(identifier.name), src: value)
      } else {
        emitSetGlobal(name: atomConstant(identifier.name), src: value, cache: newCacheSite())
      }
    case .dynamic, .unresolved:
      if mode == .initialize && isTopLevelLexical(identifier) {
        emitInitializeGlobalLexical(name: atomConstant(identifier.name), src: value)
      } else {
        emitSetName(name: atomConstant(identifier.name), src: value)
      }
    }
  }

  /// A let/const/class declared at the top level of a script (a global lexical binding).
  func isTopLevelLexical(_ identifier: IdentifierReference) -> Bool {
    kind == .script && declarations.lexicalNames.contains { $0.name == identifier.name }
  }

  /// The register (or a loaded copy) of a special binding such as `this`. `checked`: a
  /// derived constructor's `this` throws when read before super().
  func loadSpecial(_ name: String, into destination: Int32? = nil, checked: Bool = true) -> Int32 {
    switch currentScope.resolve(name) {
    case .binding(let binding, let hops, _):
      let needsCheck =
        checked && binding.kind == .this && binding.scope.function?.kind == .derivedClassConstructor
      let register = loadFromBinding(binding, hops: hops, needsCheck: false, into: destination)
      if needsCheck { emitCheckThisInitialized(this: register) }
      return register
    case .global:
      let target = destination ?? allocateRegister()
      if name == "this" {
        emitMove(dst: target, src: Int32(Frame.thisOffset))
      } else {
        emitLoadUndefined(dst: target)
      }
      return target
    case .dynamic, .unresolved:
      let target = destination ?? allocateRegister()
      emitGetNameOrUndefined(dst: target, name: atomConstant(name))
      if name == "this" && checked { emitCheckThisInitialized(this: target) }
      return target
    }
  }

  @discardableResult
  func loadThis(into destination: Int32? = nil) throws(CompileError) -> Int32 {
    loadSpecial("this", into: destination)
  }

  /// Stores to a special binding (`this` after super()).
  func storeSpecial(_ name: String, _ value: Int32) {
    switch currentScope.resolve(name) {
    case .binding(let binding, let hops, _):
      switch binding.location {
      case .register(let register):
        if register != value { emitMove(dst: register, src: value) }
      case .environment(let slot):
        emitSetEnvironment(hops: Int32(hops), slot: Int32(slot), src: value)
      case .unallocated:
        break
      }
    default:
      emitSetName(name: atomConstant(name), src: value)
    }
  }

  func loadBinding(named name: String, from scope: Scope) throws(CompileError) -> Int32 {
    guard let binding = scope.bindings[name] else {
      let target = allocateRegister()
      emitLoadUndefined(dst: target)
      return target
    }
    switch binding.location {
    case .register(let register): return register
    case .environment(let slot):
      let target = allocateRegister()
      emitGetEnvironment(dst: target, hops: Int32(currentScope.hops(to: scope)), slot: Int32(slot))
      return target
    case .unallocated:
      let target = allocateRegister()
      emitLoadUndefined(dst: target)
      return target
    }
  }
}
