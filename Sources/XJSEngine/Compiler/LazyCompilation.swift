import XJSSyntax

// Lazy compilation: a nested function's bytecode is generated at its first call, not with the
// code around it. Most functions of a large script or bundle are never called on a given run
// (V8 and JSC defer them too), so loading it costs parsing, scope analysis and the bytecode of
// its top level only.
//
// The compiler emits, for a nested function, a stand-in CodeBlock: the function's metadata
// (name, kind, strictness, `length`, source range, realm, module) with no code, and a
// LazyFunction that keeps the analysed syntax. Closures are made from it as from any code block.
// Its CodeBlockData is flagged `isLazy` with a tier-up counter of zero, so the first call takes
// the counter's slow path in `enterFunction`, which compiles the function and swaps the cell's
// code block for the result: every closure of the cell runs the real code from then on, and the
// call goes on into it. A compile error there (an engine limit, or the host stopping the job)
// is thrown by that call.
//
// Scopes refer to their parents and to their functions unowned, so a function's syntax alone
// cannot be compiled: every lazy function of one script, eval, module or `new Function` shares
// a LazyCompileUnit that keeps the whole analysed tree, charged to the heap's ledger at the
// front end's estimate for it, until the last stand-in is compiled or collected.

/// The analysed syntax of one compile job, kept for the job's lazy functions.
final class LazyCompileUnit {
  /// The tree (a Program, or a `new Function`'s node and root scope).
  private let roots: [AnyObject]
  /// The tree's memory, estimated from the length of its source text.
  private let charge: SharedMemoryCharge

  /// Syntax tree and scopes per character of source text: peak RSS over source length when
  /// loading 4.9 MB of declared, uncalled functions (Benchmarks/load) measured about 20 bytes;
  /// this stays a little under it, as `frontEndBytesPerToken` does.
  static let bytesPerSourceCharacter = 16

  init(keeping roots: [AnyObject], source: SourceFile, runtime: Runtime) {
    self.roots = roots
    let bytes = source.text.count &* LazyCompileUnit.bytesPerSourceCharacter
    charge = SharedMemoryCharge(bytes, to: runtime.heap.ledger)
  }
}

/// What a stand-in compiles from.
final class LazyFunction {
  let unit: LazyCompileUnit
  let node: FunctionNode
  let sourceRange: SourceRange?

  init(unit: LazyCompileUnit, node: FunctionNode, sourceRange: SourceRange?) {
    self.unit = unit
    self.node = node
    self.sourceRange = sourceRange
  }
}

/// The code block fields a function's syntax decides, for its code and for its stand-in alike.
struct FunctionTraits {
  let isArrow: Bool
  let isClassConstructor: Bool
  let needsThisCoercion: Bool
  let argumentsAreMapped: Bool
  let isConstructorCapable: Bool
  let isGenerator: Bool
  let isAsync: Bool
  let isInClassFieldInitializer: Bool
  let hasFunctionThisEnvironment: Bool

  init(_ function: FunctionNode) {
    let scope = function.scope!
    isArrow = function.kind == .arrow
    isClassConstructor = function.kind == .classConstructor || function.kind == .derivedClassConstructor
    // Sloppy functions that read `this` get it coerced (undefined → global, primitives → objects).
    needsThisCoercion = !scope.isStrict && !isArrow && scope.usesThis
    argumentsAreMapped = !scope.isStrict && function.hasSimpleParameterList
    isConstructorCapable = function.kind == .normal && !function.isGenerator && !function.isAsync
    isGenerator = function.isGenerator
    isAsync = function.isAsync
    isInClassFieldInitializer = scope.isInsideClassFieldInitializer
    hasFunctionThisEnvironment = scope.hasFunctionThisEnvironment
  }

  /// Sets the fields the code block's initializer does not take.
  func apply(to codeBlock: CodeBlock) {
    codeBlock.isGenerator = isGenerator
    codeBlock.isAsync = isAsync
    codeBlock.isInClassFieldInitializer = isInClassFieldInitializer
    codeBlock.hasFunctionThisEnvironment = hasFunctionThisEnvironment
  }
}

extension FunctionCompiler {
  /// The stand-in for `function`, compiled at its first call.
  static func lazyCodeBlock(
    _ function: FunctionNode, runtime: Runtime, source: SourceFile, name: String, sourceRange: SourceRange?,
    unit: LazyCompileUnit
  ) -> CodeBlock {
    let traits = FunctionTraits(function)
    let parameterCount = function.parameters.count
    let codeBlock = CodeBlock(
      name: name, kind: .function, functionKind: function.kind, source: source,
      sourceRange: sourceRange ?? function.range, instructions: [], constants: [], propertyCacheSites: 0,
      templateSiteCount: 0, registerCount: parameterCount + 1, parameterCount: parameterCount,
      expectedArgumentCount: function.expectedArgumentCount, isStrict: function.scope!.isStrict,
      isArrow: traits.isArrow, isClassConstructor: traits.isClassConstructor,
      isDerivedConstructor: function.kind == .derivedClassConstructor, needsThisCoercion: traits.needsThisCoercion,
      argumentsRegister: -1, argumentsAreMapped: traits.argumentsAreMapped, restRegister: -1, handlers: [],
      lineTable: [], scopeDescriptors: [], mappedParameterSlots: [], declarations: CodeBlock.Declarations(),
      isConstructorCapable: traits.isConstructorCapable, calleeTexts: CalleeTexts(), ledger: runtime.heap.ledger)
    traits.apply(to: codeBlock)
    codeBlock.sourceCharge = runtime.sourceCharge(for: source)
    codeBlock.data.pointee.realm = runtime.realmPointer
    codeBlock.module = runtime.compilingModule
    codeBlock.referrerName = runtime.compilingReferrerName
    codeBlock.lazyFunction = LazyFunction(unit: unit, node: function, sourceRange: sourceRange)
    codeBlock.data.pointee.isLazy = true
    codeBlock.data.pointee.tierUpCounter = 0
    runtime.lazyFunctionsCreated &+= 1
    return codeBlock
  }
}

extension Runtime {
  /// The unit for a compile job's lazy functions, or nil to compile them all now: under
  /// `--jit=eager`, which compiles every function's machine code before its first run.
  func lazyCompileUnit(keeping roots: AnyObject..., source: SourceFile) -> LazyCompileUnit? {
    if jit.isEnabled && jit.options.mode == .eager { return nil }
    return LazyCompileUnit(keeping: roots, source: source, runtime: self)
  }

  /// A call found the callee's counter run out: the code is a lazy function's stand-in (compile
  /// it) or is due for the JIT. Returns the data of the code to run.
  @inline(never)
  func counterExpired(_ code: CodeBlockCellRef) throws(JSException) -> UnsafeMutablePointer<CodeBlockData> {
    var data = code.data
    if data.pointee.isLazy {
      try compileLazily(code)
      data = code.data
      // The call counts towards the compiled code's tier-up, as any call does.
      data.pointee.tierUpCounter &-= 1
      if data.pointee.tierUpCounter >= 0 { return data }
    }
    jit.tierUp(data)
    return data
  }

  /// Compiles the function `code` stands in for and makes the cell own its code (nothing to do
  /// for compiled code). Throws what stopped the compiler, or a SyntaxError.
  func compileLazily(_ code: CodeBlockCellRef) throws(JSException) {
    let placeholder = code.codeBlock
    guard let lazy = placeholder.lazyFunction else { return }
    // Compile as the enclosing code was: in its realm, module and referrer, charging the
    // source text once.
    let savedRealm = realmPointer
    let savedContext = (compilingModule, compilingReferrerName)
    if let owner = placeholder.data.pointee.realm, owner != savedRealm { switchRealm(to: owner) }
    compilingModule = placeholder.module
    compilingReferrerName = placeholder.referrerName
    defer {
      if realmPointer != savedRealm { switchRealm(to: savedRealm) }
      (compilingModule, compilingReferrerName) = savedContext
    }
    beginFrontEndJob()
    defer { endFrontEndJob() }
    if let sourceCharge = placeholder.sourceCharge {
      compilingSourceCharge = (ObjectIdentifier(placeholder.source), sourceCharge)
    }
    heap.deferralDepth += 1
    defer { heap.deferralDepth -= 1 }
    let compiled: CodeBlock
    do {
      compiled = try FunctionCompiler.compileFunctionCode(
        lazy.node, runtime: self, source: placeholder.source, name: placeholder.name,
        sourceRange: lazy.sourceRange, lazyUnit: lazy.unit)
    } catch let error {
      if let stop = frontEndStop { throw stop }
      if error.exhaustedStack { throw rangeError("Maximum call stack size exceeded") }
      throw syntaxErrorWithLocation(compileErrorAsSyntaxError(error, placeholder.source))
    }
    code.replaceCodeBlock(with: compiled)
    lazyFunctionsCompiled &+= 1
  }
}
