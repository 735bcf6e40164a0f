import XJSSyntax

// Entry points (scripts, eval code, functions) and function prologues.

extension Runtime {
  /// Compiles an analysed script into its code block.
  func compileScript(_ program: Program) throws(CompileError) -> CodeBlockCellRef {
    heap.deferralDepth += 1
    defer { heap.deferralDepth -= 1 }
    let compiler = FunctionCompiler(
      runtime: self, source: program.source, kind: .script, functionNode: nil, scope: program.scope!, name: "")
    compiler.lazyUnit = lazyCompileUnit(keeping: program, source: program.source)
    try compiler.compileProgram(program, isEval: false)
    let codeBlock = compiler.finish(
      parameterCount: 0, expectedArgumentCount: 0, sourceRange: program.range, isArrow: false,
      isClassConstructor: false, needsThisCoercion: false, argumentsAreMapped: false, isConstructorCapable: false)
    return newCodeBlockCell(codeBlock)
  }

  /// Compiles analysed eval code.
  func compileEval(_ program: Program) throws(CompileError) -> CodeBlockCellRef {
    heap.deferralDepth += 1
    defer { heap.deferralDepth -= 1 }
    let compiler = FunctionCompiler(
      runtime: self, source: program.source, kind: .eval, functionNode: nil, scope: program.scope!, name: "")
    compiler.lazyUnit = lazyCompileUnit(keeping: program, source: program.source)
    try compiler.compileProgram(program, isEval: true)
    let codeBlock = compiler.finish(
      parameterCount: 0, expectedArgumentCount: 0, sourceRange: program.range, isArrow: false,
      isClassConstructor: false, needsThisCoercion: false, argumentsAreMapped: false, isConstructorCapable: false)
    codeBlock.hasFunctionThisEnvironment = program.scope!.hasFunctionThisEnvironment
    return newCodeBlockCell(codeBlock)
  }

  /// Compiles a function created by `new Function` (its scope analysed standalone).
  /// `root` is the root scope the analysis returned (lazy inner functions keep it).
  func compileStandaloneFunction(_ function: FunctionNode, root: Scope, source: SourceFile) throws(CompileError)
    -> CodeBlockCellRef
  {
    heap.deferralDepth += 1
    defer { heap.deferralDepth -= 1 }
    let codeBlock = try FunctionCompiler.compileFunctionCode(
      function, runtime: self, source: source, name: function.name?.name ?? "anonymous", sourceRange: nil,
      lazyUnit: lazyCompileUnit(keeping: root, function, source: source))
    return newCodeBlockCell(codeBlock)
  }
}

extension FunctionCompiler {
  // MARK: Scripts and eval code

  func compileProgram(_ program: Program, isEval: Bool) throws(CompileError) {
    let scope = program.scope!
    completionRegister = allocateRegister()
    emitLoadUndefined(dst: completionRegister!)
    if !isEval || !scope.isStrict {
      collectGlobalDeclarations(program.body, isEval: isEval)
    }
    // `this` of a script is the frame's this (the global this value).
    if let thisBinding = scope.bindings["this"], !thisBinding.isCaptured {
      thisBinding.location = .register(Int32(Frame.thisOffset))
    }
    enterScope(scope)
    if let thisBinding = scope.bindings["this"], thisBinding.isCaptured {
      storeToBinding(thisBinding, Int32(Frame.thisOffset), hops: 0)
    }
    if kind == .script || (isEval && !scope.isStrict) {
      emitDeclareGlobals()
    }
    try hoistFunctionDeclarations(program.body, in: scope, topLevel: true)
    try compileStatements(program.body)
    emitReturn(src: completionRegister!)
  }

  /// Var names, function declarations and top-level lexical names of global or sloppy eval code.
  private func collectGlobalDeclarations(_ statements: [Statement], isEval: Bool) {
    var varNames: [String] = []
    var seen = Set<String>()
    func addVar(_ name: String) {
      if seen.insert(name).inserted { varNames.append(name) }
    }
    func collectPatternNames(_ pattern: Pattern, into body: (String) -> Void) {
      switch pattern {
      case .identifier(let identifier): body(identifier.name)
      case .expression: break
      case .object(let object):
        for property in object.properties { collectPatternNames(property.target, into: body) }
        if let rest = object.rest { collectPatternNames(rest, into: body) }
      case .array(let array):
        for element in array.elements { if let element { collectPatternNames(element.target, into: body) } }
        if let rest = array.rest { collectPatternNames(rest, into: body) }
      }
    }
    func collectVars(_ statement: Statement) {
      switch statement.kind {
      case .variableDeclaration(let declaration) where declaration.kind == .var:
        for declarator in declaration.declarators { collectPatternNames(declarator.target, into: addVar) }
      case .if(_, let consequent, let alternate):
        collectVars(consequent)
        if let alternate { collectVars(alternate) }
        annexB(consequent)
        if let alternate { annexB(alternate) }
      case .for(let node):
        if case .declaration(let declaration)? = node.initializer, declaration.kind == .var {
          for declarator in declaration.declarators { collectPatternNames(declarator.target, into: addVar) }
        }
        collectVars(node.body)
      case .forIn(let node), .forOf(let node):
        if case .declaration(.var, let pattern, _) = node.head { collectPatternNames(pattern, into: addVar) }
        collectVars(node.body)
      case .while(_, let body), .doWhile(let body, _), .with(_, let body), .labeled(_, let body):
        collectVars(body)
      case .block(let block):
        block.body.forEach(collectVars)
        block.body.forEach(annexB)
      case .switch(let node):
        for switchCase in node.cases {
          switchCase.body.forEach(collectVars)
          switchCase.body.forEach(annexB)
        }
      case .try(let node):
        node.block.body.forEach(collectVars)
        node.block.body.forEach(annexB)
        if let handler = node.handler {
          handler.body.body.forEach(collectVars)
          handler.body.body.forEach(annexB)
        }
        if let finalizer = node.finalizer {
          finalizer.body.forEach(collectVars)
          finalizer.body.forEach(annexB)
        }
      default: break
      }
    }
    /// Annex B.3.3.2: sloppy block functions also declare a global var.
    func annexB(_ statement: Statement) {
      guard !isStrict else { return }
      if case .functionDeclaration(let function) = statement.kind, !function.isAsync, !function.isGenerator,
        let name = function.name?.name
      {
        // Only where the analysis found no enclosing `let` of the name in the way (B.3.3.2 step ii).
        let declared = function.scope?.parent?.bindings[name]
        if !lexicalNames.contains(name) && declared?.annexBAssignsByName != false { addVar(name) }
      }
    }
    var lexicalNames = Set<String>()
    // In order, and as a set: 50,000 top-level functions made the array's `contains` quadratic.
    var functionNames: [String] = []
    var functionNameSet = Set<String>()
    for statement in statements {
      switch statement.kind {
      case .variableDeclaration(let declaration) where declaration.kind != .var:
        for declarator in declaration.declarators {
          collectPatternNames(declarator.target) { name in
            lexicalNames.insert(name)
            declarations.lexicalNames.append((name, declaration.kind == .const))
          }
        }
      case .classDeclaration(let node):
        if let name = node.name?.name {
          lexicalNames.insert(name)
          declarations.lexicalNames.append((name, false))
        }
      case .functionDeclaration(let function):
        if let name = function.name?.name, functionNameSet.insert(name).inserted { functionNames.append(name) }
      case .labeled(_, let body):
        if case .functionDeclaration(let function) = body.kind, let name = function.name?.name,
          functionNameSet.insert(name).inserted
        {
          functionNames.append(name)
        }
      default: break
      }
    }
    for statement in statements { collectVars(statement) }
    if isEval {
      declarations.lexicalNames = []
    }
    declarations.varNames = varNames.filter { !functionNameSet.contains($0) }
    declarations.functionNames = functionNames
  }

  // MARK: Functions

  /// The code block cell of a nested function: its code, or (when the enclosing code was
  /// compiled with a lazy unit) a stand-in its first call compiles (LazyCompilation.swift).
  /// `sourceRange` overrides the function's own text for Function.prototype.toString
  /// (an explicit class constructor shows the whole class, ES2024 15.7.14 step 14.a).
  static func compileFunction(
    _ function: FunctionNode, runtime: Runtime, source: SourceFile, name: String, sourceRange: SourceRange? = nil,
    lazyUnit: LazyCompileUnit? = nil
  ) throws(CompileError) -> CodeBlockCellRef {
    if let lazyUnit {
      let placeholder = lazyCodeBlock(
        function, runtime: runtime, source: source, name: name, sourceRange: sourceRange, unit: lazyUnit)
      return runtime.newCodeBlockCell(placeholder)
    }
    let codeBlock = try compileFunctionCode(
      function, runtime: runtime, source: source, name: name, sourceRange: sourceRange, lazyUnit: nil)
    return runtime.newCodeBlockCell(codeBlock)
  }

  /// Compiles a function's code now; the functions nested in it are lazy when `lazyUnit` is set.
  static func compileFunctionCode(
    _ function: FunctionNode, runtime: Runtime, source: SourceFile, name: String, sourceRange: SourceRange?,
    lazyUnit: LazyCompileUnit?
  ) throws(CompileError) -> CodeBlock {
    let compiler = FunctionCompiler(
      runtime: runtime, source: source, kind: .function, functionNode: function, scope: function.scope!,
      name: name)
    compiler.lazyUnit = lazyUnit
    try compiler.compileFunctionBody(function)
    let traits = FunctionTraits(function)
    let codeBlock = compiler.finish(
      parameterCount: function.parameters.count, expectedArgumentCount: function.expectedArgumentCount,
      sourceRange: sourceRange ?? function.range, isArrow: traits.isArrow,
      isClassConstructor: traits.isClassConstructor, needsThisCoercion: traits.needsThisCoercion,
      argumentsAreMapped: traits.argumentsAreMapped, isConstructorCapable: traits.isConstructorCapable)
    traits.apply(to: codeBlock)
    return codeBlock
  }

  func compileFunctionBody(_ function: FunctionNode) throws(CompileError) {
    let scope = functionScope
    registerTop = Int32(function.parameters.count)
    maxRegister = registerTop
    isDerivedConstructor = function.kind == .derivedClassConstructor
    allocateSpecialBindings(scope)
    // Simple parameters live in their argument registers (the last of duplicates wins).
    if function.hasSimpleParameterList {
      for (index, parameter) in function.parameters.enumerated() {
        if case .identifier(let identifier) = parameter.target, let binding = scope.bindings[identifier.name],
          !binding.isCaptured
        {
          binding.location = .register(Int32(index))
        }
      }
    }
    // The arguments object (a parameter named `arguments` is an ordinary parameter).
    let argumentsBinding = scope.needsArgumentsObject ? scope.bindings["arguments"] : nil
    if argumentsBinding != nil {
      argumentsRegister = allocateRegister()
    }
    if function.restParameter != nil { restRegister = allocateRegister() }
    if function.isGenerator || function.isAsync { generatorRegister = allocateRegister() }
    // An async function's promise exists before its parameters are bound: their errors reject it.
    let asyncFunctionStart = function.isAsync && !function.isGenerator ? beginAsyncFunction() : nil
    enterScope(scope)
    at(function.range)
    storeCapturedSpecials(scope)
    if let arguments = argumentsBinding {
      if arguments.isCaptured {
        storeToBinding(arguments, argumentsRegister, hops: 0)
      } else {
        arguments.location = .register(argumentsRegister)
      }
    }
    try bindParameters(function)
    if argumentsRegister >= 0 && !scope.isStrict && function.hasSimpleParameterList {
      emitMapArguments(arguments: argumentsRegister)
    }
    // A separate var scope when parameters have expressions.
    var bodyScope = scope
    if scope.hasParameterExpressions, let varScope = scope.varScope, varScope !== scope {
      bodyScope = varScope
      enterScope(varScope)
      for binding in varScope.orderedBindings where binding.kind == .var {
        if scope.bindings[binding.name] != nil {
          let value = try loadBinding(named: binding.name, from: scope)
          storeToBinding(binding, value, hops: 0)
        }
      }
    }
    if function.kind == .classConstructor {
      emitInitializeFields(this: Int32(Frame.thisOffset))
    }
    switch function.body {
    case .block(let statements):
      try hoistFunctionDeclarations(statements, in: bodyScope, topLevel: true)
      let generatorStart = function.isGenerator ? try beginGenerator(isAsync: function.isAsync) : nil
      try compileStatements(statements)
      try emitImplicitReturn()
      if let start = generatorStart ?? asyncFunctionStart { emitCompletionHandler(from: start) }
    case .expression(let expression):
      let value = try compile(expression)
      try emitFunctionReturn(value)
      if let asyncFunctionStart { emitCompletionHandler(from: asyncFunctionStart) }
    }
  }

  /// `this`, `new.target`, `%home`: frame registers when uncaptured.
  private func allocateSpecialBindings(_ scope: Scope) {
    for binding in scope.orderedBindings where !binding.isCaptured {
      switch binding.kind {
      case .this: binding.location = .register(Int32(Frame.thisOffset))
      case .newTarget: binding.location = .register(Int32(Frame.newTargetOffset))
      case .functionObject: binding.location = .register(Int32(Frame.calleeOffset))
      default: break
      }
    }
  }

  /// Copies special bindings into the function environment when closures capture them.
  private func storeCapturedSpecials(_ scope: Scope) {
    for binding in scope.orderedBindings {
      switch binding.kind {
      case .this where binding.isCaptured:
        storeToBinding(binding, Int32(Frame.thisOffset), hops: 0)
      case .newTarget where binding.isCaptured:
        storeToBinding(binding, Int32(Frame.newTargetOffset), hops: 0)
      case .functionObject where binding.isCaptured:
        storeToBinding(binding, Int32(Frame.calleeOffset), hops: 0)
      case .homeObject:
        if scope.usesHomeObject {
          let register: Int32
          if binding.isCaptured {
            register = allocateRegister()
            emitLoadHomeObject(dst: register)
            storeToBinding(binding, register, hops: 0)
          } else {
            register = allocateRegister()
            binding.location = .register(register)
            emitLoadHomeObject(dst: register)
          }
        }
      default:
        break
      }
    }
  }

  private func bindParameters(_ function: FunctionNode) throws(CompileError) {
    let scope = functionScope
    if function.hasSimpleParameterList {
      // The last parameter of a duplicated name wins (found in one pass: 65,536 parameters
      // made a search per parameter take seconds).
      var lastIndexOfName: [String: Int] = [:]
      for (index, parameter) in function.parameters.enumerated() {
        if case .identifier(let identifier) = parameter.target { lastIndexOfName[identifier.name] = index }
      }
      var slots: [Int] = []
      for (index, parameter) in function.parameters.enumerated() {
        guard case .identifier(let identifier) = parameter.target, let binding = scope.bindings[identifier.name]
        else { continue }
        if binding.isCaptured {
          let isLast = lastIndexOfName[identifier.name] == index
          if isLast { storeToBinding(binding, Int32(index), hops: 0) }
          if case .environment(let slot) = binding.location, isLast {
            slots.append(slot)
          } else {
            slots.append(-1)
          }
        } else {
          slots.append(-1)
        }
      }
      mappedParameterSlots = slots
      return
    }
    // Parameters with defaults or patterns: initialized left to right, each in TDZ until then.
    for binding in scope.orderedBindings where binding.kind == .parameter {
      if !binding.isCaptured, case .unallocated = binding.location {
        binding.location = .register(allocateRegister())
      }
      emitInitializeEmpty(binding)
    }
    // Environment slots of parameters start out uninitialized too (pushScope left them undefined).
    for (index, parameter) in function.parameters.enumerated() {
      var value = Int32(index)
      if let defaultValue = parameter.defaultValue {
        let temporary = allocateRegister()
        emitMove(dst: temporary, src: value)
        let skip = newLabel()
        emitJumpIfNotUndefined(src: temporary, target: skip)
        try compileNamed(defaultValue, name: patternName(parameter.target), into: temporary)
        bind(skip)
        value = temporary
      }
      try bindPattern(parameter.target, value: value, mode: .initialize)
    }
    if let rest = function.restParameter {
      try bindPattern(rest, value: restRegister, mode: .initialize)
    }
  }

  func emitInitializeEmpty(_ binding: Binding) {
    switch binding.location {
    case .register(let register):
      emitLoadEmpty(dst: register)
    case .environment(let slot):
      let temporary = allocateRegister()
      emitLoadEmpty(dst: temporary)
      emitSetEnvironment(hops: 0, slot: Int32(slot), src: temporary)
      registerTop -= 1
    case .unallocated:
      break
    }
  }

  func patternName(_ pattern: Pattern) -> String? {
    if case .identifier(let identifier) = pattern { return identifier.name }
    return nil
  }

  func emitImplicitReturn() throws(CompileError) {
    if isDerivedConstructor {
      // Unchecked: the return itself throws, in the caller's realm, when super() was not called.
      emitReturn(src: loadSpecial("this", checked: false))
      return
    }
    let undefined = allocateRegister()
    emitLoadUndefined(dst: undefined)
    try emitFunctionReturn(undefined)
  }

  /// Instantiates the function declarations of a statement list (hoisting).
  func hoistFunctionDeclarations(_ statements: [Statement], in scope: Scope, topLevel: Bool) throws(CompileError) {
    for statement in statements {
      var candidate = statement
      while case .labeled(_, let body) = candidate.kind { candidate = body }
      guard case .functionDeclaration(let function) = candidate.kind, let name = function.name else { continue }
      let mark = registerTop
      let closure = allocateRegister()
      try emitClosure(function, name: name.name, into: closure)
      if kind != .function && topLevel && (scope.kind == .script || (scope.kind == .eval && !scope.isStrict)) {
        // Global code and sloppy eval: functions are declared by name in the variable scope.
        if kind == .eval {
          emitDeclareEvalFunction(name: atomConstant(name.name), function: closure)
        } else {
          emitSetGlobal(name: atomConstant(name.name), src: closure, cache: newCacheSite())
        }
      } else if let binding = scope.bindings[name.name] {
        storeToBinding(binding, closure, hops: 0)
      }
      registerTop = mark
    }
  }

  /// Creates a closure for a nested function into `register`.
  func emitClosure(_ function: FunctionNode, name: String, into register: Int32) throws(CompileError) {
    let cell = try FunctionCompiler.compileFunction(
      function, runtime: runtime, source: source, name: name, lazyUnit: lazyUnit)
    emitNewClosure(dst: register, function: constant(cell.value))
  }

  /// A named function expression binds its own name in a scope around it.
  func emitFunctionExpression(_ function: FunctionNode, name: String, into register: Int32) throws(CompileError) {
    if let selfName = function.name, let nameScope = function.scope?.parent, nameScope.kind == .block,
      let binding = nameScope.bindings[selfName.name], binding.kind == .functionSelfName
    {
      let saved = currentScope
      enterScope(nameScope)
      try emitClosure(function, name: selfName.name, into: register)
      storeToBinding(binding, register, hops: 0)
      leaveScope(nameScope)
      currentScope = saved
      return
    }
    try emitClosure(function, name: name, into: register)
  }
}
