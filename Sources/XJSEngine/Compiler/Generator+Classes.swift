import XJSSyntax

// Classes (ES2024 15.7.14 ClassDefinitionEvaluation).
//
// Field initializers (instance, and static fields with static blocks) are
// compiled into one synthetic method each: the constructor runs the instance one
// on `this` (base classes at entry, derived classes after super() returns); the
// static one runs once, with `this` = the class, when the class is defined.
// Computed field keys are evaluated with the other keys, in order, and reach the
// initializer through hidden class-scope bindings (%key0, %key1, …).

enum ClassNameSource {
  case literal(String)
}

extension FunctionCompiler {
  func compileClass(_ node: ClassNode, nameForAnonymous: ClassNameSource?) throws(CompileError) -> Int32 {
    at(node.range)
    let className: String
    if let name = node.name {
      className = name.name
    } else if case .literal(let name)? = nameForAnonymous {
      className = name
    } else {
      className = ""
    }
    let classScope = node.scope!
    let constructor = allocateRegisters(2)
    let prototype = constructor + 1
    enterScope(classScope)
    createPrivateNames(node, classScope)
    var flags: Int32 = 0
    if let superClass = node.superClass {
      try compile(superClass, into: constructor)
      flags = 1
    }
    let code = try compileConstructor(node, name: className)
    emitCreateClass(constructor: constructor, prototype: prototype, code: constant(code.value), flags: flags)
    var fieldIndex = 0
    for member in node.members {
      let mark = registerTop
      let target = member.isStatic ? constructor : prototype
      switch member.kind {
      case .method(let key, let function, let kind):
        if case .privateName(let name) = key.name {
          try compilePrivateMethod(name, function, kind, home: target, classScope)
          break
        }
        let keyRegister = try compilePropertyKey(key)
        let closure = allocateRegister()
        try emitClosure(function, name: staticKeyName(key) ?? "", into: closure)
        switch kind {
        case .method: emitDefineMethod(object: target, key: keyRegister, function: closure, flags: 0)
        case .getter: emitDefineGetter(object: target, key: keyRegister, function: closure, flags: 0)
        case .setter: emitDefineSetter(object: target, key: keyRegister, function: closure, flags: 0)
        }
      case .field(let key, _):
        if case .computed = key.name {
          let keyRegister = try compilePropertyKey(key)
          if let binding = classScope.bindings["%key\(fieldIndex)"] {
            storeToBinding(binding, keyRegister, hops: 0)
          }
        }
        fieldIndex += 1
      case .staticBlock:
        break
      }
      registerTop = mark
    }
    if let name = node.name, let binding = classScope.bindings[name.name] {
      storeToBinding(binding, constructor, hops: 0)
    }
    emitPrivateMethodInstallation(node, isStatic: true, on: constructor)
    if let scope = node.fieldInitializerScope {
      let mark = registerTop
      let initializer = try compileFieldInitializer(node, scope: scope, isStatic: false)
      let closure = allocateRegister()
      emitNewClosure(dst: closure, function: constant(initializer.value))
      emitSetFieldInitializer(constructor: constructor, initializer: closure)
      registerTop = mark
    }
    if let scope = node.staticInitializerScope {
      let mark = registerTop
      let initializer = try compileFieldInitializer(node, scope: scope, isStatic: true)
      let base = allocateRegisters(Frame.headerSize) + Int32(Frame.headerSize)
      emitNewClosure(dst: base + Int32(Frame.calleeOffset), function: constant(initializer.value))
      emitSetHomeObject(function: base + Int32(Frame.calleeOffset), home: constructor)
      emitMove(dst: base + Int32(Frame.thisOffset), src: constructor)
      let result = allocateRegister()
      emitCall(dst: result, base: base, argumentCount: 0)
      registerTop = mark
    }
    leaveScope(classScope)
    return constructor
  }

  /// One new Private Name per distinct `#name` of the class body, in the class scope's
  /// hidden binding `#name` (ES2024 15.7.14 step 6).
  private func createPrivateNames(_ node: ClassNode, _ scope: Scope) {
    for binding in scope.orderedBindings where binding.kind == .hidden && binding.name.hasPrefix("#") {
      guard !binding.name.contains(".") else { continue }
      let mark = registerTop
      let register = allocateRegister()
      emitNewPrivateName(dst: register, description: stringConstant(Array(binding.name.utf16)))
      storeToBinding(binding, register, hops: 0)
      registerTop = mark
    }
  }

  /// A private method or accessor's closure, kept in its hidden binding until it is
  /// installed (on the constructor, or on each instance by the instance initializer).
  private func compilePrivateMethod(
    _ name: String, _ function: FunctionNode, _ kind: MethodKind, home: Int32, _ scope: Scope
  ) throws(CompileError) {
    let closure = allocateRegister()
    let prefix = kind == .getter ? "get " : kind == .setter ? "set " : ""
    try emitClosure(function, name: prefix + "#" + name, into: closure)
    emitSetHomeObject(function: closure, home: home)
    if let binding = scope.bindings[privateMethodBindingName(name, kind)] {
      storeToBinding(binding, closure, hops: 0)
    }
  }

  /// PrivateMethodOrAccessorAdd for each private method and accessor of one side of
  /// the class (ES2024 7.3.29; 15.7.14 step 34 for static ones, InitializeInstanceElements
  /// step 3 for instance ones). A getter and setter of one name make one accessor.
  func emitPrivateMethodInstallation(_ node: ClassNode, isStatic: Bool, on target: Int32) {
    var installed = Set<String>()
    for member in node.members where member.isStatic == isStatic {
      guard case .method(let key, _, let kind) = member.kind, case .privateName(let name) = key.name,
        installed.insert(name).inserted
      else { continue }
      let mark = registerTop
      defer { registerTop = mark }
      let privateName = loadSpecialUnchecked("#" + name)
      if kind == .method {
        emitDefinePrivate(
          object: target, name: privateName, src: loadSpecialUnchecked(privateMethodBindingName(name, .method)), kind: 1
        )
        continue
      }
      let getter = loadPrivateAccessorHalf(node, name, .getter)
      let setter = loadPrivateAccessorHalf(node, name, .setter)
      emitDefinePrivateAccessor(object: target, name: privateName, getter: getter, setter: setter)
    }
  }

  /// A private getter or setter closure, or undefined when the class declares only the other
  /// half (its hidden binding exists exactly when the class declares that half).
  private func loadPrivateAccessorHalf(_ node: ClassNode, _ name: String, _ kind: MethodKind) -> Int32 {
    let bindingName = privateMethodBindingName(name, kind)
    if node.scope!.bindings[bindingName] != nil { return loadSpecialUnchecked(bindingName) }
    let undefined = allocateRegister()
    emitLoadUndefined(dst: undefined)
    return undefined
  }

  /// The constructor's code: the explicit one, or the default (ES2024 15.7.14 step 14).
  private func compileConstructor(_ node: ClassNode, name: String) throws(CompileError) -> CodeBlockCellRef {
    if let explicit = node.constructor {
      return try FunctionCompiler.compileFunction(
        explicit, runtime: runtime, source: source, name: name, sourceRange: node.range, lazyUnit: lazyUnit)
    }
    let isDerived = node.superClass != nil
    let compiler = FunctionCompiler(
      runtime: runtime, source: source, kind: .function, functionNode: nil, scope: node.scope!, name: name)
    compiler.lazyUnit = lazyUnit
    compiler.functionKind = isDerived ? .derivedClassConstructor : .classConstructor
    compiler.isDerivedConstructor = isDerived
    let result = compiler.allocateRegister()
    if isDerived {
      // The interpreter fills the arguments register before the frame's registers are cleared.
      compiler.argumentsRegister = compiler.allocateRegister()
      compiler.emitSuperCallForward(dst: result, arguments: compiler.argumentsRegister)
    } else {
      compiler.emitInitializeFields(this: Int32(Frame.thisOffset))
    }
    compiler.emitLoadUndefined(dst: result)
    compiler.emitReturn(src: result)
    let codeBlock = compiler.finish(
      parameterCount: 0, expectedArgumentCount: 0, sourceRange: node.range, isArrow: false,
      isClassConstructor: true, needsThisCoercion: false, argumentsAreMapped: false, isConstructorCapable: false)
    return runtime.newCodeBlockCell(codeBlock)
  }

  /// The synthetic method that defines fields (and runs static blocks) on `this`.
  private func compileFieldInitializer(_ node: ClassNode, scope: Scope, isStatic: Bool) throws(CompileError)
    -> CodeBlockCellRef
  {
    let compiler = FunctionCompiler(
      runtime: runtime, source: source, kind: .function, functionNode: nil, scope: scope,
      name: isStatic ? "<static_initializer>" : "<instance_members_initializer>")
    compiler.lazyUnit = lazyUnit
    compiler.functionKind = .method
    try compiler.emitFieldInitializerBody(node, scope: scope, isStatic: isStatic)
    let codeBlock = compiler.finish(
      parameterCount: 0, expectedArgumentCount: 0, sourceRange: node.range, isArrow: false,
      isClassConstructor: false, needsThisCoercion: false, argumentsAreMapped: false, isConstructorCapable: false)
    codeBlock.isInClassFieldInitializer = scope.isClassFieldInitializer
    codeBlock.hasFunctionThisEnvironment = true
    return runtime.newCodeBlockCell(codeBlock)
  }

  private func emitFieldInitializerBody(_ node: ClassNode, scope: Scope, isStatic: Bool) throws(CompileError) {
    for binding in scope.orderedBindings where !binding.isCaptured {
      switch binding.kind {
      case .this: binding.location = .register(Int32(Frame.thisOffset))
      case .newTarget: binding.location = .register(Int32(Frame.newTargetOffset))
      default: break
      }
    }
    enterScope(scope)
    for binding in scope.orderedBindings {
      switch binding.kind {
      case .this where binding.isCaptured: storeToBinding(binding, Int32(Frame.thisOffset), hops: 0)
      case .newTarget where binding.isCaptured:
        let undefined = allocateRegister()
        emitLoadUndefined(dst: undefined)
        storeToBinding(binding, undefined, hops: 0)
      case .homeObject:
        let home = allocateRegister()
        emitLoadHomeObject(dst: home)
        if binding.isCaptured {
          storeToBinding(binding, home, hops: 0)
        } else {
          binding.location = .register(home)
        }
      default: break
      }
    }
    if !isStatic { emitPrivateMethodInstallation(node, isStatic: false, on: Int32(Frame.thisOffset)) }
    var fieldIndex = 0
    for member in node.members {
      let mark = registerTop
      defer { registerTop = mark }
      switch member.kind {
      case .field(let key, let initializer):
        defer { fieldIndex += 1 }
        guard member.isStatic == isStatic else { continue }
        at(member.range)
        if case .privateName(let name) = key.name {
          try emitPrivateField(name, initializer)
          continue
        }
        let keyRegister: Int32
        if case .computed = key.name {
          keyRegister = try loadBinding(named: "%key\(fieldIndex)", from: node.scope!)
        } else {
          keyRegister = try compilePropertyKey(key)
        }
        let value = allocateRegister()
        if let initializer {
          if let name = staticKeyName(key) {
            try compileNamed(initializer, name: name, into: value)
          } else {
            try compile(initializer, into: value)
            if isAnonymousFunctionDefinition(initializer) {
              emitSetFunctionName(function: value, key: keyRegister, kind: 0)
            }
          }
        } else {
          emitLoadUndefined(dst: value)
        }
        emitDefineDataProperty(object: Int32(Frame.thisOffset), key: keyRegister, src: value)
      case .staticBlock(let function):
        guard isStatic else { continue }
        let base = allocateRegisters(Frame.headerSize) + Int32(Frame.headerSize)
        try emitClosure(function, name: "", into: base + Int32(Frame.calleeOffset))
        emitSetHomeObject(function: base + Int32(Frame.calleeOffset), home: Int32(Frame.thisOffset))
        emitMove(dst: base + Int32(Frame.thisOffset), src: Int32(Frame.thisOffset))
        let result = allocateRegister()
        emitCall(dst: result, base: base, argumentCount: 0)
      case .method:
        break
      }
    }
    let undefined = allocateRegister()
    emitLoadUndefined(dst: undefined)
    emitReturn(src: undefined)
  }

  /// PrivateFieldAdd of `#name = initializer` on `this` (ES2024 7.3.28).
  private func emitPrivateField(_ name: String, _ initializer: Expression?) throws(CompileError) {
    let value = allocateRegister()
    if let initializer {
      _ = try compileNamed(initializer, name: "#" + name, into: value)
    } else {
      emitLoadUndefined(dst: value)
    }
    emitDefinePrivate(object: Int32(Frame.thisOffset), name: loadSpecialUnchecked("#" + name), src: value, kind: 0)
  }
}
