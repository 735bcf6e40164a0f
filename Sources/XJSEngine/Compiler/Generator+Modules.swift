import XJSSyntax

// Module code. A module compiles to two code blocks over one scope, both run with the module
// environment (made when the module links, Modules/ModuleLinking.swift) as their frame's
// environment, so neither pushes a scope of its own:
//
//   * the instantiation creates the function declarations' closures in their slots
//     (InitializeEnvironment step 24: a cycle's other modules may call them before this
//     module's body runs);
//   * the body runs the statements; with top-level await it is an async function's body whose
//     promise settles when the module's evaluation completes.
//
// Every top-level binding lives in the module environment (scope analysis puts them there):
// importers read exports from its slots. An import binding is two slots, the exporter's
// environment and the slot there, filled at link time and read by GetImport.

/// What compiling a module produces.
struct CompiledModule {
  var instantiation: CodeBlockCellRef
  var body: CodeBlockCellRef
  /// The module environment's layout.
  var descriptor: ScopeDescriptor
}

extension Runtime {
  func compileModule(_ program: Program, for module: ModuleRecord) throws(CompileError) -> CompiledModule {
    heap.deferralDepth += 1
    defer { heap.deferralDepth -= 1 }
    let saved = (compilingModule, compilingReferrerName)
    compilingModule = module
    compilingReferrerName = nil
    defer { (compilingModule, compilingReferrerName) = saved }
    let scope = program.scope!
    let lazyUnit = lazyCompileUnit(keeping: program, source: program.source)
    let instantiation = FunctionCompiler(
      runtime: self, source: program.source, kind: .module, functionNode: nil, scope: scope, name: "")
    instantiation.lazyUnit = lazyUnit
    let descriptor = try instantiation.compileModuleInstantiation(program)
    let body = FunctionCompiler(
      runtime: self, source: program.source, kind: .module, functionNode: nil, scope: scope, name: "")
    body.lazyUnit = lazyUnit
    body.isAsyncModule = program.hasTopLevelAwait
    try body.compileModuleBody(program)
    func finish(_ compiler: FunctionCompiler) -> CodeBlock {
      compiler.finish(
        parameterCount: 0, expectedArgumentCount: 0, sourceRange: program.range, isArrow: false,
        isClassConstructor: false, needsThisCoercion: false, argumentsAreMapped: false, isConstructorCapable: false)
    }
    let instantiationBlock = finish(instantiation)
    let bodyBlock = finish(body)
    bodyBlock.isAsync = program.hasTopLevelAwait
    return CompiledModule(
      instantiation: newCodeBlockCell(instantiationBlock), body: newCodeBlockCell(bodyBlock), descriptor: descriptor)
  }
}

extension FunctionCompiler {
  /// The function declarations' closures, stored in their module-environment slots. Returns
  /// the module environment's descriptor.
  func compileModuleInstantiation(_ program: Program) throws(CompileError) -> ScopeDescriptor {
    let scope = functionScope
    let descriptor = descriptors[descriptorIndex(for: scope)]
    currentScope = scope
    var declarations: [Statement] = []
    for statement in program.body {
      guard case .exportDeclaration(let node) = statement.kind else {
        declarations.append(statement)
        continue
      }
      switch node.kind {
      case .declaration(let inner):
        declarations.append(inner)
      case .defaultDeclaration(let inner):
        if case .functionDeclaration(let function) = inner.kind, function.name == nil {
          // `export default function () {}`: the binding *default*, the function named "default".
          let closure = allocateRegister()
          try emitClosure(function, name: "default", into: closure)
          if let binding = scope.bindings[defaultExportBindingName] { storeToBinding(binding, closure, hops: 0) }
          registerTop -= 1
        } else {
          declarations.append(inner)
        }
      default:
        break
      }
    }
    try hoistFunctionDeclarations(declarations, in: scope, topLevel: true)
    let undefined = allocateRegister()
    emitLoadUndefined(dst: undefined)
    emitReturn(src: undefined)
    return descriptor
  }

  /// The module's statements (ES2025 16.2.1.6.5 ExecuteModule).
  func compileModuleBody(_ program: Program) throws(CompileError) {
    let scope = functionScope
    currentScope = scope
    if isAsyncModule { generatorRegister = allocateRegister() }
    let asyncStart = isAsyncModule ? beginAsyncFunction() : nil
    if let thisBinding = scope.bindings["this"] {
      storeToBinding(thisBinding, Int32(Frame.thisOffset), hops: 0)
    }
    try compileStatements(program.body)
    try emitImplicitReturn()
    if let asyncStart { emitCompletionHandler(from: asyncStart) }
  }

  /// `export …` in the body: the declaration runs; `export default` initializes *default*.
  func compileExportDeclaration(_ node: ExportDeclaration) throws(CompileError) {
    switch node.kind {
    case .declaration(let inner):
      try compileStatement(inner)
    case .defaultDeclaration(let inner):
      guard case .classDeclaration(let classNode) = inner.kind, classNode.name == nil else {
        try compileStatement(inner)  // a function (instantiated already) or a named class
        return
      }
      let value = try compileClass(classNode, nameForAnonymous: .literal("default"))
      try initializeDefaultExport(value)
    case .defaultExpression(let expression):
      // 16.2.3.7: an anonymous function or class gets the name "default".
      let value = try compileNamed(expression, name: "default")
      try initializeDefaultExport(value)
    case .local, .indirect, .star, .starAs:
      break
    }
  }

  private func initializeDefaultExport(_ value: Int32) throws(CompileError) {
    guard let binding = functionScope.bindings[defaultExportBindingName] else { return }
    storeToBinding(binding, value, hops: currentScope.hops(to: functionScope))
  }

  /// `import(specifier, options)` (ES2025 13.3.10.1 EvaluateImportCall).
  func compileImportCall(_ specifier: Expression, options: Expression?, into destination: Int32?) throws(CompileError)
    -> Int32
  {
    let target = destination ?? allocateRegister()
    try withTemporaries { () throws(CompileError) in
      let specifierRegister = try compile(specifier)
      let optionsRegister = allocateRegister()
      if let options {
        try compile(options, into: optionsRegister)
      } else {
        emitLoadUndefined(dst: optionsRegister)
      }
      emitImportCall(dst: target, specifier: specifierRegister, options: optionsRegister)
    }
    return target
  }
}
