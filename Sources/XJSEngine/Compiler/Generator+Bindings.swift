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
  func loadIdentifier(_ identifier: IdentifierReference, into destination: Int32? = nil) throws(CompileError)
    -> Int32
  {
    switch identifier.resolution {
    case .binding(let binding, let hops, let needsCheck):
      return loadFromBinding(binding, hops: hops, needsCheck: needsCheck, into: destination)
    case .global:
      let target = destination ?? allocateRegister()
      emit(at: identifier.range, .getGlobal, target, atomConstant(identifier.name), newCacheSite())
      return target
    case .dynamic, .unresolved:
      let target = destination ?? allocateRegister()
      emit(at: identifier.range, .getName, target, atomConstant(identifier.name))
      return target
    }
  }

  func loadFromBinding(_ binding: Binding, hops: Int, needsCheck: Bool, into destination: Int32?) -> Int32 {
    switch binding.location {
    case .register(let register):
      if needsCheck { emit(.checkInitialized, register, atomConstant(binding.name)) }
      if let destination, destination != register {
        emit(.move, destination, register)
        return destination
      }
      return register
    case .environment(let slot):
      let target = destination ?? allocateRegister()
      if needsCheck {
        emit(.getEnvironmentChecked, target, Int32(hops), Int32(slot), atomConstant(binding.name))
      } else {
        emit(.getEnvironment, target, Int32(hops), Int32(slot))
      }
      return target
    case .unallocated:
      let target = destination ?? allocateRegister()
      emit(.loadUndefined, target)
      return target
    }
  }

  /// Writes `value` to a binding found by scope analysis (the hops are recomputed
  /// from the current scope when the binding is in an environment).
  func storeToBinding(_ binding: Binding, _ value: Int32, hops: Int) {
    switch binding.location {
    case .register(let register):
      if register != value { emit(.move, register, value) }
    case .environment(let slot):
      emit(.setEnvironment, Int32(currentScope.hops(to: binding.scope)), Int32(slot), value)
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
        emit(.throwConstAssignment, atomConstant(binding.name))
        return
      }
      switch binding.location {
      case .register(let register):
        if mode == .assign && needsCheck { emit(.checkInitialized, register, atomConstant(binding.name)) }
        if register != value { emit(.move, register, value) }
      case .environment(let slot):
        if mode == .assign && needsCheck {
          emit(.setEnvironmentChecked, Int32(hops), Int32(slot), value, atomConstant(binding.name))
        } else {
          emit(.setEnvironment, Int32(hops), Int32(slot), value)
        }
      case .unallocated:
        break
      }
    case .global:
      if mode == .initialize, isTopLevelLexical(identifier) {
        emit(.initializeGlobalLexical, atomConstant(identifier.name), value)
      } else {
        emit(.setGlobal, atomConstant(identifier.name), value, newCacheSite())
      }
    case .dynamic, .unresolved:
      if mode == .initialize && isTopLevelLexical(identifier) {
        emit(.initializeGlobalLexical, atomConstant(identifier.name), value)
      } else {
        emit(.setName, atomConstant(identifier.name), value)
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
      if needsCheck { emit(.checkThisInitialized, register) }
      return register
    case .global:
      let target = destination ?? allocateRegister()
      if name == "this" {
        emit(.move, target, Int32(Frame.thisOffset))
      } else {
        emit(.loadUndefined, target)
      }
      return target
    case .dynamic, .unresolved:
      let target = destination ?? allocateRegister()
      emit(.getNameOrUndefined, target, atomConstant(name))
      if name == "this" && checked { emit(.checkThisInitialized, target) }
      return target
    }
  }

  func loadThis(into destination: Int32? = nil) throws(CompileError) -> Int32 {
    loadSpecial("this", into: destination)
  }

  /// Stores to a special binding (`this` after super()).
  func storeSpecial(_ name: String, _ value: Int32) {
    switch currentScope.resolve(name) {
    case .binding(let binding, let hops, _):
      switch binding.location {
      case .register(let register):
        if register != value { emit(.move, register, value) }
      case .environment(let slot):
        emit(.setEnvironment, Int32(hops), Int32(slot), value)
      case .unallocated:
        break
      }
    default:
      emit(.setName, atomConstant(name), value)
    }
  }

  func loadBinding(named name: String, from scope: Scope) throws(CompileError) -> Int32 {
    guard let binding = scope.bindings[name] else {
      let target = allocateRegister()
      emit(.loadUndefined, target)
      return target
    }
    switch binding.location {
    case .register(let register): return register
    case .environment(let slot):
      let target = allocateRegister()
      emit(.getEnvironment, target, Int32(currentScope.hops(to: scope)), Int32(slot))
      return target
    case .unallocated:
      let target = allocateRegister()
      emit(.loadUndefined, target)
      return target
    }
  }
}
