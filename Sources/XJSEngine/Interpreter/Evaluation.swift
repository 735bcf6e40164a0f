import XJSRegExp
import XJSSyntax

// Turning source text into running code: scripts, direct and indirect eval,
// and `new Function`.

/// Why an evaluation failed: an early error, or an exception the script threw.
package enum EvaluationError: Error {
  case syntax(SyntaxError)
  case exception(JSException)
}

extension Runtime {
  /// The parser options of this engine (the regexp validator hook, the checkpoint through
  /// which the time and heap limits stop a huge parse).
  func parserOptions(strict: Bool = false) -> ParserOptions {
    var options = ParserOptions()
    options.isStrict = strict
    options.validateRegExp = { pattern, flags in validateRegExpLiteral(pattern: pattern, flags: flags) }
    options.checkpoint = parserCheckpoint()
    return options
  }

  /// Parses, analyses and compiles a script.
  func compileScriptSource(_ source: SourceFile) throws(EvaluationError) -> CodeBlockCellRef {
    beginFrontEndJob()
    defer { endFrontEndJob() }
    let program: Program
    do {
      program = try parseScript(source, options: parserOptions())
    } catch let error {
      if let stop = frontEndStop { throw .exception(stop) }
      throw .syntax(error)
    }
    analyzeScopes(program, context: ScopeContext(checkpoint: analyzerCheckpoint()))
    if let stop = frontEndStop { throw .exception(stop) }
    do {
      return try compileScript(program)
    } catch let error {
      if let stop = frontEndStop { throw .exception(stop) }
      throw .syntax(compileErrorAsSyntaxError(error, source))
    }
  }

  func compileErrorAsSyntaxError(_ error: CompileError, _ source: SourceFile) -> SyntaxError {
    SyntaxError(message: error.message, offset: error.offset, in: source)
  }

  /// Runs a script in the current realm; returns its completion value.
  package func evaluate(_ text: String, sourceName: String = "<eval>") throws(EvaluationError) -> Value {
    let source = SourceFile(name: sourceName, string: text)
    let code = try compileScriptSource(source)
    do {
      return try runTopLevel(code, this: realm.globalObject.value, environment: realm.globalEnvironment)
    } catch let exception {
      throw .exception(exception)
    }
  }

  /// Defines a global holding an array of strings (writable, configurable, not enumerable):
  /// how a host hands a script its command-line arguments (`scriptArgs` in the xjs shell).
  package func defineGlobalStringArray(_ name: String, _ strings: [String]) {
    heap.deferralDepth += 1  // the strings sit in a Swift array until the array holds them
    defer { heap.deferralDepth -= 1 }
    let array = newArray(strings.map { newString($0).value })
    addProperty(realm.globalObject, propertyKey(name), array.value, .builtin)
  }

  /// ToString of a value as a Swift string, for embedders printing results (throws the
  /// script's exception if ToString does, e.g. for an object whose toString throws).
  package func displayString(_ value: Value) throws(JSException) -> String {
    try toString(value).swiftString(heap)
  }

  // MARK: The active script or module

  /// The bytecode that called the running builtin (nil when the host called it).
  func callingCode() -> CodeBlock? {
    guard let site = nativeCallSite else { return nil }
    return Frame.codeData(site.fp).pointee.owner.takeUnretainedValue()
  }

  /// Compiles code made at run time (eval code, `new Function`) with the ScriptOrModule of
  /// the code that made it (PerformEval step 22, CreateDynamicFunction's GetActiveScriptOrModule),
  /// so its `import()` resolves where the caller's would.
  func withReferrer<T, E: Error>(of caller: CodeBlock?, _ body: () throws(E) -> T) throws(E) -> T {
    let saved = (compilingModule, compilingReferrerName)
    compilingModule = caller?.module
    compilingReferrerName = caller.map { $0.referrerName ?? $0.source.name }
    defer { (compilingModule, compilingReferrerName) = saved }
    return try body()
  }

  // MARK: eval

  /// PerformEval for a direct call `eval(x)` from bytecode.
  func performDirectEval(
    arguments: UnsafeBufferPointer<Value>, callerFrame: UnsafeMutablePointer<Value>, callerCode: CodeBlock,
    pcOffset: Int
  ) throws(JSException) -> Value {
    let saved = nativeCallSite
    nativeCallSite = (callerFrame, pcOffset)
    defer { nativeCallSite = saved }
    guard let argument = arguments.first, argument.isString else { return arguments.first ?? .undefined }
    var options = parserOptions(strict: callerCode.isStrict)
    let inFunction = callerCode.hasFunctionThisEnvironment
    options.allowNewTarget = inFunction
    options.isFunctionContext = inFunction
    let callee = callerFrame[Frame.calleeOffset]
    if callee.isObject && callee.asObject.objectClass == .function {
      options.allowSuperProperty = callee.asObject.internalSlot(FunctionSlot.homeObject).isObject
    }
    options.allowSuperCall = callerCode.isDerivedConstructor
    options.isInClassFieldInitializer = callerCode.isInClassFieldInitializer
    options.privateNames = visiblePrivateNames(callerFrame[Frame.environmentOffset])
    let source = SourceFile(name: callerCode.source.name, text: argument.asString.utf16Array(heap))
    let code = try withReferrer(of: callerCode) { () throws(JSException) in
      try compileEvalSource(source, options: options, strict: callerCode.isStrict)
    }
    return try runTopLevel(
      code, this: callerFrame[Frame.thisOffset], environment: callerFrame[Frame.environmentOffset])
  }

  /// The private names of the classes around a direct eval (its PrivateEnvironment, ES2024
  /// 19.2.1.1 step 8), from the descriptors of the caller's environments: a direct eval
  /// keeps every binding it can see, the hidden `#name` ones included, in an environment.
  private func visiblePrivateNames(_ start: Value) -> Set<String> {
    var names: Set<String> = []
    var current = start
    while current.isCell && current.asCell.cellKind == .environment {
      let environment = EnvironmentRef(current)
      current = environment.parent
      guard let descriptor = environment.descriptor else { continue }
      for name in descriptor.names.keys where name.hasPrefix("#") && !name.contains(".") {
        names.insert(String(name.dropFirst()))
      }
    }
    return names
  }

  /// PerformEval for an indirect call: global code with eval's var semantics.
  func performIndirectEval(_ argument: Value) throws(JSException) -> Value {
    guard argument.isString else { return argument }
    let source = SourceFile(name: "<eval>", text: argument.asString.utf16Array(heap))
    let code = try withReferrer(of: callingCode()) { () throws(JSException) in
      try compileEvalSource(source, options: parserOptions(), strict: false)
    }
    return try runTopLevel(code, this: realm.globalObject.value, environment: realm.globalEnvironment)
  }

  private func compileEvalSource(_ source: SourceFile, options: ParserOptions, strict: Bool) throws(JSException)
    -> CodeBlockCellRef
  {
    beginFrontEndJob()
    defer { endFrontEndJob() }
    let program: Program
    do {
      program = try parseScript(source, options: options)
    } catch let error {
      if let stop = frontEndStop { throw stop }
      throw syntaxError(error.message)
    }
    analyzeScopes(
      program,
      context: ScopeContext(
        isDirectEval: true, isStrict: strict || program.isStrict, isInFunction: options.isFunctionContext,
        checkpoint: analyzerCheckpoint()))
    if let stop = frontEndStop { throw stop }
    do {
      return try compileEval(program)
    } catch let error {
      if let stop = frontEndStop { throw stop }
      throw syntaxError(error.message)
    }
  }

  // MARK: new Function

  /// CreateDynamicFunction (ES2024 20.2.1.1.1): `new Function`, and the GeneratorFunction,
  /// AsyncFunction and AsyncGeneratorFunction constructors.
  func createDynamicFunction(
    parameters: [Value], body: Value, newTarget: Value, kind: DynamicFunctionKind = .normal
  ) throws(JSException) -> Value {
    var parameterText: [UInt16] = []
    for (index, parameter) in parameters.enumerated() {
      if index > 0 { parameterText.append(0x2C) }
      parameterText.append(contentsOf: try toString(parameter).utf16Array(heap))
    }
    let bodyText = try toString(body).utf16Array(heap)
    beginFrontEndJob()
    defer { endFrontEndJob() }
    let dynamic: DynamicFunction
    do {
      dynamic = try parseFunctionForConstructor(
        parameters: parameterText, body: bodyText, kind: kind, sourceName: "<anonymous>",
        options: parserOptions())
    } catch let error {
      if let stop = frontEndStop { throw stop }
      throw syntaxError(error.message)
    }
    let root = analyzeScopes(dynamic.function, checkpoint: analyzerCheckpoint())
    if let stop = frontEndStop { throw stop }
    let code: CodeBlockCellRef
    do {
      code = try withReferrer(of: callingCode()) { () throws(CompileError) in
        try compileStandaloneFunction(dynamic.function, root: root, source: dynamic.source)
      }
    } catch let error {
      if let stop = frontEndStop { throw stop }
      throw syntaxError(error.message)
    }
    withExtendedLifetime(root) {}
    let function = newClosure(code, environment: realm.globalEnvironment)
    let (constructor, fallback): (Value, Intrinsic) =
      switch kind {
      case .normal: (realm[.functionConstructor], .functionPrototype)
      case .generator: (realm[.generatorFunctionConstructor], .generatorFunctionPrototype)
      case .async: (realm[.asyncFunctionConstructor], .asyncFunctionPrototype)
      case .asyncGenerator:
        (realm[.asyncGeneratorFunctionConstructor], .asyncGeneratorFunctionPrototype)
      }
    if !newTarget.isUndefined && newTarget != constructor {
      let prototype = try prototypeFromConstructor(newTarget, fallback: fallback)
      let shape = dictionaryCopy(of: function.shape)
      shape.prototype = prototype
      function.shape = shape
    }
    return function.value
  }
}
