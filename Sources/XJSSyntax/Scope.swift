// Scope analysis: decides where every binding lives at run time and resolves
// every identifier reference to it.
//
//   * A binding no closure captures lives in a frame register.
//   * A captured binding lives in a slot of its scope's environment record.
//   * Names declared at the top level of a script are global (looked up by name
//     on the global object / global lexical record, with inline caches).
//   * A reference is dynamic when a `with` statement, or a sloppy direct `eval`
//     that may declare a shadowing `var`, stands between it and its binding.
//     Every binding such a construct can see is kept in an environment whose
//     scope carries a descriptor with the binding names.
//
// Special bindings use names no identifier can have: "this", "new.target",
// "%home" (the [[HomeObject]] for `super`), "%fn" (the function object, for
// `super()`), and hidden class-field keys "%keyN".

public enum BindingType: Sendable {
  case `var`
  case `let`
  case `const`
  case `class`
  case function
  case parameter
  case catchParameter
  /// The name of a named function expression inside itself (immutable; assignments ignored in sloppy mode).
  case functionSelfName
  /// A class's own name inside its body (immutable).
  case classInnerName
  case this
  case newTarget
  case homeObject
  /// The running function object itself (`super()` finds the parent constructor through it).
  case functionObject
  case arguments
  /// Hidden slots the compiler uses (computed class field keys).
  case hidden
  /// A named or default import of a module: an indirection to the exporting module's binding,
  /// two environment slots (the target environment and its slot), resolved when the module links.
  case importBinding

  public var isLexical: Bool {
    switch self {
    case .let, .const, .class, .classInnerName: true
    default: false
    }
  }

  public var isImmutable: Bool {
    switch self {
    case .const, .classInnerName, .functionSelfName, .importBinding: true
    default: false
    }
  }
}

public enum BindingLocation: Equatable, Sendable {
  case unallocated
  case register(Int32)
  case environment(Int)
}

public final class Binding {
  public let name: String
  public let kind: BindingType
  public unowned let scope: Scope
  public var isCaptured = false
  public var location: BindingLocation = .unallocated
  /// Some reference may run before the binding is initialized.
  public var needsTDZCheck = false
  /// Where the declaration's initialization completes (TDZ reasoning).
  public var initializedAt: Int32
  /// Annex B: a block-level function in sloppy mode also assigns this var binding.
  public var annexBVarBinding: Binding?
  /// Annex B in global or sloppy eval code: the block-level function also assigns the var of
  /// its name looked up in the variable scope (no enclosing `let` of the name is in the way).
  public var annexBAssignsByName = false

  init(name: String, kind: BindingType, scope: Scope, initializedAt: Int32) {
    self.name = name
    self.kind = kind
    self.scope = scope
    self.initializedAt = initializedAt
  }
}

/// Where an identifier's binding lives, as decided by scope analysis.
public enum Resolution {
  case unresolved
  /// A binding of a function or block; `hops` environments up when it is captured.
  case binding(Binding, hops: Int, needsTDZCheck: Bool)
  /// Not declared in any enclosing function or block: a global lookup by name.
  case global
  /// `with` or a sloppy direct `eval` may introduce a binding at run time: a lookup by name.
  case dynamic
}

/// Name → binding for one scope. Most scopes hold a few names, and comparing short strings is
/// cheaper than hashing them (hashing names was a tenth of loading a large script): a list
/// while small, a dictionary past that.
public struct BindingTable {
  private static let listLimit = 8
  private var list: [Binding] = []
  private var index: [String: Binding]?

  public subscript(name: String) -> Binding? {
    if let index { return index[name] }
    for binding in list where binding.name == name { return binding }
    return nil
  }

  /// Adds a binding whose name the table does not have.
  mutating func insert(_ binding: Binding) {
    if index != nil {
      index![binding.name] = binding
      return
    }
    list.append(binding)
    if list.count > BindingTable.listLimit {
      index = Dictionary(uniqueKeysWithValues: list.map { ($0.name, $0) })
      list = []
    }
  }
}

public final class Scope {
  public enum Kind: Sendable {
    case script
    /// Module code: its top-level bindings all live in the module environment (exports are
    /// read from it by importers), import bindings included.
    case module
    case function
    /// The separate var scope of a function whose parameters have expressions.
    case functionBody
    case block
    case `catch`
    case `class`
    case with
    case eval
    case `switch`
  }

  public let kind: Kind
  /// Not owning: a scope is owned by its parent (`children`), the root by the
  /// Program (or by whoever called `analyzeScopes` on a standalone function).
  public unowned(unsafe) let parent: Scope?
  /// Owning references to the scopes nested in this one.
  private var children: [Scope] = []
  /// The scopes nested directly in this one.
  var childScopes: [Scope] { children }
  /// The function (or script/eval) scope this scope belongs to.
  public private(set) unowned(unsafe) var functionScope: Scope!
  public private(set) var bindings = BindingTable()
  public private(set) var orderedBindings: [Binding] = []
  public let isStrict: Bool
  /// For function scopes: the function. Not owning: the function owns its scope (`scope`),
  /// and an owning reference back would keep every parsed function's tree alive forever.
  public unowned let function: FunctionNode?
  /// For function scopes: is it an arrow function (no own this/arguments).
  public let isArrow: Bool
  /// The synthetic function of a class's field initializers (eval there may not name `arguments`).
  public var isClassFieldInitializer = false

  /// Whether code of this function scope runs with a field initializer's `this` (an arrow
  /// inherits it from its enclosing function), as PerformEval's inClassFieldInitializer.
  public var isInsideClassFieldInitializer: Bool {
    var scope: Scope = functionScope ?? self
    while scope.isArrow, let parent = scope.parent, let outer = parent.functionScope { scope = outer }
    return scope.isClassFieldInitializer
  }

  /// Eval code: the code that called it has a function's `this` (PerformEval's inFunction).
  public internal(set) var evalIsInFunction = false

  /// Whether `this` of this function scope is a function's (an arrow's is its enclosing
  /// code's; eval code's is its caller's), as PerformEval's inFunction (ES2024 19.2.1.1 step 6.b).
  public var hasFunctionThisEnvironment: Bool {
    var scope: Scope = functionScope ?? self
    while scope.isArrow, let parent = scope.parent, let outer = parent.functionScope { scope = outer }
    switch scope.kind {
    case .function: return !scope.isArrow
    case .eval: return scope.evalIsInFunction
    default: return false
    }
  }

  /// This scope's bindings may be looked up by name at run time.
  public internal(set) var needsDescriptor = false
  /// A direct eval call appears in this scope (not in nested functions).
  public internal(set) var containsDirectEval = false
  /// Function scopes: a sloppy direct eval somewhere in the function may add vars here.
  public internal(set) var hasSloppyEval = false
  /// Function scopes: some inner scope or nested function contains a direct eval.
  public internal(set) var containsEvalAnywhere = false
  /// Number of environment slots (after allocation).
  public internal(set) var environmentSlotCount = 0
  /// Function scopes: the var scope (self, or the separate body scope).
  public internal(set) unowned(unsafe) var varScope: Scope!
  /// Function scopes: uses `this` / `arguments` / `super` / `new.target` (directly or through arrows).
  public internal(set) var usesThis = false
  public internal(set) var usesArguments = false
  public internal(set) var usesHomeObject = false
  public internal(set) var usesNewTarget = false
  /// Function scopes: an arguments object initializes the `arguments` binding (ES2024 10.2.11
  /// steps 15–18 and 22).
  public internal(set) var needsArgumentsObject = false
  /// Function scopes: the parameters have default values or destructuring with expressions.
  public internal(set) var hasParameterExpressions = false
  /// Scopes the syntax tree has no field for, keyed by a source offset: a `with`
  /// body's scope (key: the body's start) and the TDZ scope around a for-in/of
  /// right-hand side (key: the right-hand side's start).
  public internal(set) var auxiliaryScopes: [Int32: Scope] = [:]

  init(kind: Kind, parent: Scope?, isStrict: Bool, function: FunctionNode? = nil, isArrow: Bool = false) {
    self.kind = kind
    self.parent = parent
    self.isStrict = isStrict
    self.function = function
    self.isArrow = isArrow
    switch kind {
    case .script, .module, .function, .eval: functionScope = nil
    default: functionScope = parent?.functionScope
    }
    if functionScope == nil { functionScope = self }
    varScope = self
    parent?.children.append(self)
  }

  /// A function/script/eval scope.
  public var isFunctionBoundary: Bool { kind == .function || kind == .script || kind == .eval || kind == .module }

  /// Whether entering this scope creates an environment at run time.
  public var hasEnvironment: Bool { environmentSlotCount > 0 || needsDescriptor || kind == .with }

  @discardableResult
  func declare(_ name: String, _ kind: BindingType, at offset: Int32) -> Binding {
    if let existing = bindings[name] { return existing }
    let binding = Binding(name: name, kind: kind, scope: self, initializedAt: offset)
    bindings.insert(binding)
    orderedBindings.append(binding)
    return binding
  }

  public func lookup(_ name: String) -> Binding? { bindings[name] }

  /// Special names (`this`, `new.target`, `%home`, `arguments` of eval) are never
  /// shadowed by `with` objects or eval-declared vars.
  static func isSpecialName(_ name: String) -> Bool {
    name == "this" || name == "new.target" || name == "%home" || name == "%fn" || name.hasPrefix("#")
  }

  /// Walks outwards from this scope. nil: not found (global). A nil binding:
  /// the lookup must happen by name at run time.
  func findBinding(_ name: String) -> (binding: Binding?, crossedFunction: Bool)? {
    let special = Scope.isSpecialName(name)
    var scope: Scope? = self
    var crossedFunction = false
    var dynamic = false
    while let candidate = scope {
      if candidate.kind == .with && !special { dynamic = true }
      if let binding = candidate.bindings[name] {
        return (dynamic ? nil : binding, crossedFunction)
      }
      if (candidate.isFunctionBoundary || candidate.kind == .functionBody) && candidate.hasSloppyEval
        && candidate.kind != .script && !special
      {
        dynamic = true
      }
      if candidate.isFunctionBoundary {
        crossedFunction = true
        if candidate.kind == .eval { return (nil, crossedFunction) }
      }
      scope = candidate.parent
    }
    return dynamic ? (nil, crossedFunction) : nil
  }

  /// Resolves a name from this scope after analysis (used by the compiler for
  /// special bindings). Captures were already marked by the analysis.
  public func resolve(_ name: String) -> Resolution {
    guard let found = findBinding(name) else { return .global }
    guard let binding = found.binding else { return .dynamic }
    if case .environment = binding.location {
      return .binding(binding, hops: hops(to: binding.scope), needsTDZCheck: false)
    }
    return .binding(binding, hops: 0, needsTDZCheck: false)
  }

  /// The number of environments between this scope and `target` at run time.
  public func hops(to target: Scope) -> Int {
    var count = 0
    var scope: Scope? = self
    while let candidate = scope, candidate !== target {
      if candidate.hasEnvironment { count += 1 }
      scope = candidate.parent
    }
    return count
  }
}

/// The module-scope binding of an anonymous `export default` (a name no identifier can have).
public let defaultExportBindingName = "*default*"

/// Options describing the context code is compiled in.
public struct ScopeContext {
  /// Code is eval code whose free names must be looked up dynamically in the caller.
  public var isDirectEval = false
  /// Strictness inherited by eval code.
  public var isStrict = false
  /// Direct eval code called from code with a function's `this` (not global code).
  public var isInFunction = false
  /// Called every so many nodes: how the host's limits stop the analysis of a huge script.
  /// When it stops the analysis, the tree is only partly annotated: never compile it.
  public var checkpoint: FrontEndCheckpoint?
  public init(
    isDirectEval: Bool = false, isStrict: Bool = false, isInFunction: Bool = false,
    checkpoint: FrontEndCheckpoint? = nil
  ) {
    self.isDirectEval = isDirectEval
    self.isStrict = isStrict
    self.isInFunction = isInFunction
    self.checkpoint = checkpoint
  }
}

/// Runs scope analysis on a program (script or eval code), annotating the tree.
public func analyzeScopes(_ program: Program, context: ScopeContext = ScopeContext()) {
  let analyzer = ScopeAnalyzer(checkpoint: context.checkpoint)
  analyzer.analyzeProgram(program, context: context)
}

/// Runs scope analysis on a function created by `new Function`. The returned
/// root scope owns every scope of the function: keep it alive while compiling.
public func analyzeScopes(_ function: FunctionNode, checkpoint: FrontEndCheckpoint? = nil) -> Scope {
  let analyzer = ScopeAnalyzer(checkpoint: checkpoint)
  return analyzer.analyzeStandaloneFunction(function)
}

// MARK: - The analyzer

final class ScopeAnalyzer {
  private struct PendingReference {
    let reference: IdentifierReference
    let scope: Scope
    /// Declarations (binding identifiers) resolve only within their own scope chain
    /// but never count as uses that need a TDZ check.
    let isDeclaration: Bool
  }

  private var references: [PendingReference] = []
  private var scopes: [Scope] = []
  private var current: Scope!
  private var isEvalCode = false
  /// Nodes until the host's next checkpoint; once it says stop, every visit returns at once.
  private var checkpointCounter: CheckpointCounter

  init(checkpoint: FrontEndCheckpoint?) {
    checkpointCounter = CheckpointCounter(checkpoint)
  }

  // MARK: Entry points

  func analyzeProgram(_ program: Program, context: ScopeContext) {
    if program.isModule {
      analyzeModule(program)
      return
    }
    isEvalCode = context.isDirectEval
    let strict = program.isStrict || context.isStrict
    let root = Scope(kind: context.isDirectEval ? .eval : .script, parent: nil, isStrict: strict)
    if context.isDirectEval {
      root.needsDescriptor = false
      root.evalIsInFunction = context.isInFunction
    }
    program.scope = root
    scopes.append(root)
    current = root
    if !context.isDirectEval || strict {
      if root.kind == .script {
        // Top-level `this` of a script: the global this value.
        root.declare("this", .this, at: 0)
      }
    }
    if root.kind == .eval && strict {
      hoistDeclarations(program.body, into: root, varScope: root, isTopLevel: false)
    } else if root.kind == .eval {
      // Sloppy eval: vars and functions go to the caller's var scope (by name);
      // lexical declarations stay local.
      hoistLexicalOnly(program.body, into: root)
    }
    visitStatements(program.body)
    finish()
  }

  /// Module code: one scope holding every top-level declaration (functions are lexical there),
  /// the import bindings, and `*default*` for an anonymous default export.
  private func analyzeModule(_ program: Program) {
    let root = Scope(kind: .module, parent: nil, isStrict: true)
    program.scope = root
    scopes.append(root)
    current = root
    root.declare("this", .this, at: 0)
    hoistDeclarations(program.body, into: root, varScope: root, isTopLevel: true)
    visitStatements(program.body)
    finish()
  }

  func analyzeStandaloneFunction(_ function: FunctionNode) -> Scope {
    let root = Scope(kind: .script, parent: nil, isStrict: false)
    root.declare("this", .this, at: 0)
    scopes.append(root)
    current = root
    visitFunction(function, isExpression: true)
    finish()
    return root
  }

  private func finish() {
    markEvalVisibleScopes()
    resolveReferences()
    allocate()
  }

  // MARK: Declarations

  /// Declares the var-scoped and lexical names of a statement list (a function
  /// body or a strict eval): vars go to `varScope`, lexicals to `scope`.
  private func hoistDeclarations(_ statements: [Statement], into scope: Scope, varScope: Scope, isTopLevel: Bool) {
    for statement in statements {
      declareVars(in: statement, varScope: varScope)
    }
    declareLexicals(statements, in: scope, functionsAreVar: isTopLevel || scope === varScope)
  }

  private func hoistLexicalOnly(_ statements: [Statement], into scope: Scope) {
    for statement in statements {
      switch statement.kind {
      case .variableDeclaration(let declaration) where declaration.kind != .var:
        for declarator in declaration.declarators {
          declarePattern(
            declarator.target, kind: declaration.kind == .let ? .let : .const, in: scope,
            initializedAt: declarator.range.end)
        }
      case .classDeclaration(let node):
        if let name = node.name { scope.declare(name.name, .class, at: node.range.end) }
      default: break
      }
    }
  }

  /// Lexical declarations directly in a statement list (block, body, case block).
  private func declareLexicals(_ statements: [Statement], in scope: Scope, functionsAreVar: Bool) {
    for statement in statements {
      declareLexical(statement, in: scope, functionsAreVar: functionsAreVar)
    }
  }

  private func declareLexical(_ statement: Statement, in scope: Scope, functionsAreVar: Bool) {
    switch statement.kind {
    case .variableDeclaration(let declaration) where declaration.kind != .var:
      for declarator in declaration.declarators {
        declarePattern(
          declarator.target, kind: declaration.kind == .let ? .let : .const, in: scope,
          initializedAt: declarator.range.end)
      }
    case .classDeclaration(let node):
      if let name = node.name { scope.declare(name.name, .class, at: node.range.end) }
    case .functionDeclaration(let function):
      guard let name = function.name else { return }
      if functionsAreVar {
        // Top-level function declarations of a function body are var-scoped.
        if scope.kind == .script { return }
        let binding = scope.declare(name.name, .function, at: 0)
        _ = binding
      } else {
        let binding = scope.declare(name.name, .function, at: 0)
        if !scope.isStrict && !function.isAsync && !function.isGenerator {
          annexBHoist(binding, from: scope)
        }
      }
    case .labeled(_, let body):
      declareLexical(body, in: scope, functionsAreVar: functionsAreVar)
    case .importDeclaration(let node):
      for specifier in node.specifiers {
        if case .namespace = specifier.kind {
          // Initialized with the namespace object when the module links: never in TDZ.
          scope.declare(specifier.local.name, .const, at: 0)
        } else {
          scope.declare(specifier.local.name, .importBinding, at: 0)
        }
      }
    case .exportDeclaration(let node):
      switch node.kind {
      case .declaration(let inner):
        declareLexical(inner, in: scope, functionsAreVar: functionsAreVar)
      case .defaultDeclaration(let inner):
        if case .functionDeclaration(let function) = inner.kind, function.name == nil {
          scope.declare(defaultExportBindingName, .function, at: 0)
        } else if case .classDeclaration(let node) = inner.kind, node.name == nil {
          scope.declare(defaultExportBindingName, .class, at: node.range.end)
        } else {
          declareLexical(inner, in: scope, functionsAreVar: functionsAreVar)
        }
      case .defaultExpression:
        scope.declare(defaultExportBindingName, .let, at: node.range.end)
      case .local, .indirect, .star, .starAs:
        break
      }
    default: break
    }
  }

  /// Annex B.3.3: a sloppy block-level function also creates a var binding in the
  /// enclosing function when that would not conflict with a lexical declaration.
  private func annexBHoist(_ binding: Binding, from blockScope: Scope) {
    var scope: Scope? = blockScope.parent
    let name = binding.name
    while let candidate = scope {
      if candidate.isFunctionBoundary || candidate === candidate.functionScope.varScope {
        break
      }
      if let existing = candidate.bindings[name], existing.kind.isLexical || existing.kind == .catchParameter {
        if existing.kind == .catchParameter {
          scope = candidate.parent
          continue
        }
        return
      }
      scope = candidate.parent
    }
    let functionScope = blockScope.functionScope!
    let varScope = functionScope.varScope!
    if varScope.kind == .script {
      // Global code: a global var (looked up by name).
      pendingAnnexBGlobals.append((binding, name))
      binding.annexBAssignsByName = true
      return
    }
    if let existing = varScope.bindings[name] {
      if existing.kind.isLexical { return }
      if functionScope.bindings[name]?.kind == .parameter { return }
      binding.annexBVarBinding = existing
      return
    }
    if let parameter = functionScope.bindings[name], parameter.kind == .parameter { return }
    if varScope.kind == .eval && !varScope.isStrict {
      pendingAnnexBGlobals.append((binding, name))
      binding.annexBAssignsByName = true
      return
    }
    binding.annexBVarBinding = varScope.declare(name, .var, at: 0)
  }

  private var pendingAnnexBGlobals: [(Binding, String)] = []

  /// `var` declarations anywhere in a statement (not crossing functions).
  private func declareVars(in statement: Statement, varScope: Scope) {
    switch statement.kind {
    case .variableDeclaration(let declaration) where declaration.kind == .var:
      for declarator in declaration.declarators {
        declarePattern(declarator.target, kind: .var, in: varScope, initializedAt: 0)
      }
    case .functionDeclaration(let function):
      if varScope.kind == .script || (varScope.kind == .eval && !varScope.isStrict) { return }
      // Top-level function declarations are handled by declareLexicals (functionsAreVar).
      _ = function
    case .if(_, let consequent, let alternate):
      declareVars(in: consequent, varScope: varScope)
      if let alternate { declareVars(in: alternate, varScope: varScope) }
    case .for(let node):
      if case .declaration(let declaration)? = node.initializer, declaration.kind == .var {
        for declarator in declaration.declarators {
          declarePattern(declarator.target, kind: .var, in: varScope, initializedAt: 0)
        }
      }
      declareVars(in: node.body, varScope: varScope)
    case .forIn(let node), .forOf(let node):
      if case .declaration(.var, let pattern, _) = node.head {
        declarePattern(pattern, kind: .var, in: varScope, initializedAt: 0)
      }
      declareVars(in: node.body, varScope: varScope)
    case .while(_, let body), .doWhile(let body, _), .with(_, let body), .labeled(_, let body):
      declareVars(in: body, varScope: varScope)
    case .exportDeclaration(let node):
      if case .declaration(let inner) = node.kind { declareVars(in: inner, varScope: varScope) }
    case .block(let block):
      for inner in block.body { declareVars(in: inner, varScope: varScope) }
    case .switch(let node):
      for switchCase in node.cases {
        for inner in switchCase.body { declareVars(in: inner, varScope: varScope) }
      }
    case .try(let node):
      for inner in node.block.body { declareVars(in: inner, varScope: varScope) }
      if let handler = node.handler {
        for inner in handler.body.body { declareVars(in: inner, varScope: varScope) }
      }
      if let finalizer = node.finalizer {
        for inner in finalizer.body { declareVars(in: inner, varScope: varScope) }
      }
    default:
      break
    }
  }

  private func declarePattern(_ pattern: Pattern, kind: BindingType, in scope: Scope, initializedAt: Int32) {
    switch pattern {
    case .identifier(let identifier):
      if scope.kind == .script && (kind == .var || kind == .function) { return }
      if scope.kind == .script && kind.isLexical { return }
      if scope.kind == .eval && !scope.isStrict && kind == .var { return }
      scope.declare(identifier.name, kind, at: initializedAt)
    case .expression:
      break
    case .object(let object):
      for property in object.properties {
        declarePattern(property.target, kind: kind, in: scope, initializedAt: initializedAt)
      }
      if let rest = object.rest { declarePattern(rest, kind: kind, in: scope, initializedAt: initializedAt) }
    case .array(let array):
      for element in array.elements {
        if let element { declarePattern(element.target, kind: kind, in: scope, initializedAt: initializedAt) }
      }
      if let rest = array.rest { declarePattern(rest, kind: kind, in: scope, initializedAt: initializedAt) }
    }
  }

  // MARK: Scopes

  private func push(_ kind: Scope.Kind, function: FunctionNode? = nil, isArrow: Bool = false, strict: Bool? = nil)
    -> Scope
  {
    let scope = Scope(
      kind: kind, parent: current, isStrict: strict ?? current.isStrict, function: function, isArrow: isArrow)
    scopes.append(scope)
    current = scope
    return scope
  }

  private func pop() { current = current.parent }

  private func reference(_ identifier: IdentifierReference, declaration: Bool = false) {
    references.append(PendingReference(reference: identifier, scope: current, isDeclaration: declaration))
  }

  /// A reference to a special binding (`this`, `new.target`, `%home`, `arguments`).
  private func specialReference(_ name: String, at range: SourceRange) -> IdentifierReference {
    let identifier = IdentifierReference(name: name, range: range)
    reference(identifier)
    return identifier
  }

  /// The nearest non-arrow function scope (where this/arguments/super live).
  private var thisScope: Scope {
    var scope: Scope = current.functionScope
    while scope.isArrow, let parent = scope.parent { scope = parent.functionScope }
    return scope
  }

  // MARK: Statements

  private func visitStatements(_ statements: [Statement]) {
    for statement in statements { visit(statement) }
  }

  private func visit(_ statement: Statement) {
    if _slowPath(checkpointCounter.tick()) { return }
    switch statement.kind {
    case .variableDeclaration(let declaration):
      for declarator in declaration.declarators {
        if let initializer = declarator.initializer { visit(initializer) }
        visitBindingPattern(declarator.target)
      }
    case .functionDeclaration(let function):
      if let name = function.name { reference(name, declaration: true) }
      visitFunction(function, isExpression: false)
    case .classDeclaration(let node):
      if let name = node.name { reference(name, declaration: true) }
      visitClass(node)
    case .expression(let expression):
      visit(expression)
    case .block(let block):
      visitBlock(block)
    case .empty, .debugger, .continue, .break:
      break
    case .if(let test, let consequent, let alternate):
      visit(test)
      visitSubStatement(consequent)
      if let alternate { visitSubStatement(alternate) }
    case .for(let node):
      visitFor(node)
    case .forIn(let node), .forOf(let node):
      visitForInOf(node)
    case .while(let test, let body):
      visit(test)
      visitSubStatement(body)
    case .doWhile(let body, let test):
      visitSubStatement(body)
      visit(test)
    case .return(let argument):
      if let argument { visit(argument) }
      if thisScope.function?.kind == .derivedClassConstructor {
        thisScope.usesThis = true
        _ = specialReference("this", at: statement.range)
      }
    case .throw(let argument):
      visit(argument)
    case .with(let object, let body):
      visit(object)
      let parent = current!
      let scope = push(.with)
      parent.auxiliaryScopes[body.range.start] = scope
      visitSubStatement(body)
      pop()
    case .switch(let node):
      visit(node.discriminant)
      let scope = push(.switch)
      node.scope = scope
      var all: [Statement] = []
      for switchCase in node.cases { all.append(contentsOf: switchCase.body) }
      declareLexicals(all, in: scope, functionsAreVar: false)
      for switchCase in node.cases {
        if let test = switchCase.test { visit(test) }
        visitStatements(switchCase.body)
      }
      pop()
    case .labeled(_, let body):
      visitSubStatement(body)
    case .try(let node):
      visitBlock(node.block)
      if let handler = node.handler {
        let scope = push(.catch)
        handler.scope = scope
        if let parameter = handler.parameter {
          declarePattern(parameter, kind: .catchParameter, in: scope, initializedAt: 0)
          visitBindingPattern(parameter)
        }
        visitBlock(handler.body)
        pop()
      }
      if let finalizer = node.finalizer { visitBlock(finalizer) }
    case .importDeclaration:
      break
    case .exportDeclaration(let node):
      switch node.kind {
      case .declaration(let inner):
        visit(inner)
      case .defaultDeclaration(let inner):
        if case .classDeclaration(let node) = inner.kind, node.name == nil {
          visitClass(node)
        } else {
          visit(inner)
        }
      case .defaultExpression(let expression):
        visit(expression)
      case .local(let specifiers):
        for specifier in specifiers {
          if let local = specifier.localReference { reference(local) }
        }
      case .indirect, .star, .starAs:
        break
      }
    }
  }

  /// A statement in a single-statement position (if/loop body): a function
  /// declaration there (sloppy Annex B) gets its own block scope.
  private func visitSubStatement(_ statement: Statement) {
    if case .functionDeclaration = statement.kind {
      let scope = push(.block)
      declareLexicals([statement], in: scope, functionsAreVar: false)
      visit(statement)
      pop()
      return
    }
    visit(statement)
  }

  private func visitBlock(_ block: BlockStatement) {
    let scope = push(.block)
    block.scope = scope
    declareLexicals(block.body, in: scope, functionsAreVar: false)
    visitStatements(block.body)
    pop()
  }

  private func visitFor(_ node: ForStatement) {
    var pushed = false
    if case .declaration(let declaration)? = node.initializer, declaration.kind != .var {
      let scope = push(.block)
      node.scope = scope
      pushed = true
      for declarator in declaration.declarators {
        declarePattern(
          declarator.target, kind: declaration.kind == .let ? .let : .const, in: scope,
          initializedAt: declarator.range.end)
      }
    }
    switch node.initializer {
    case .declaration(let declaration)?:
      visit(Statement(.variableDeclaration(declaration), declaration.range))
    case .expression(let expression)?:
      visit(expression)
    case nil:
      break
    }
    if let test = node.test { visit(test) }
    if let update = node.update { visit(update) }
    visitSubStatement(node.body)
    if pushed { pop() }
  }

  private func visitForInOf(_ node: ForInOfStatement) {
    // The right-hand side is evaluated in a scope where the head's lexical names are in TDZ.
    switch node.head {
    case .declaration(let kind, let pattern, let initializer) where kind != .var:
      let parent = current!
      let tdzScope = push(.block)
      parent.auxiliaryScopes[node.right.range.start] = tdzScope
      declarePattern(pattern, kind: kind == .let ? .let : .const, in: tdzScope, initializedAt: Int32.max)
      visit(node.right)
      pop()
      let scope = push(.block)
      node.scope = scope
      declarePattern(pattern, kind: kind == .let ? .let : .const, in: scope, initializedAt: node.right.range.end)
      if let initializer { visit(initializer) }
      visitBindingPattern(pattern)
      visitSubStatement(node.body)
      pop()
    case .declaration(_, let pattern, let initializer):
      if let initializer { visit(initializer) }
      visit(node.right)
      visitBindingPattern(pattern)
      visitSubStatement(node.body)
    case .pattern(let pattern):
      visit(node.right)
      visitAssignmentPattern(pattern)
      visitSubStatement(node.body)
    }
  }

  // MARK: Functions and classes

  func visitFunction(_ function: FunctionNode, isExpression: Bool) {
    let isArrow = function.kind == .arrow
    // A named function expression binds its own name in an intermediate scope.
    var nameScope: Scope? = nil
    if isExpression, let name = function.name, !isArrow {
      nameScope = push(.block)
      nameScope!.declare(name.name, .functionSelfName, at: 0)
      reference(name, declaration: true)
    }
    let scope = push(.function, function: function, isArrow: isArrow, strict: function.isStrict)
    function.scope = scope
    if !isArrow {
      scope.declare("this", .this, at: 0)
      scope.declare("new.target", .newTarget, at: 0)
      scope.declare("%home", .homeObject, at: 0)
      scope.declare("%fn", .functionObject, at: 0)
    }
    // Parameters.
    var hasExpressions = false
    for parameter in function.parameters {
      if parameter.defaultValue != nil || patternHasExpressions(parameter.target) { hasExpressions = true }
    }
    if let rest = function.restParameter, patternHasExpressions(rest) { hasExpressions = true }
    scope.hasParameterExpressions = hasExpressions
    // With parameter expressions, a parameter is in its TDZ until its own initializer ran.
    for parameter in function.parameters {
      declarePattern(
        parameter.target, kind: .parameter, in: scope, initializedAt: hasExpressions ? parameter.range.end : 0)
    }
    if let rest = function.restParameter {
      declarePattern(rest, kind: .parameter, in: scope, initializedAt: hasExpressions ? rest.range.end : 0)
    }
    // Body declarations.
    let statements: [Statement]
    switch function.body {
    case .block(let body): statements = body
    case .expression: statements = []
    }
    var bodyScope = scope
    if hasExpressions {
      bodyScope = Scope(kind: .functionBody, parent: scope, isStrict: scope.isStrict)
      scopes.append(bodyScope)
      scope.varScope = bodyScope
    }
    for statement in statements { declareVars(in: statement, varScope: bodyScope) }
    declareFunctionBodyLexicals(statements, in: bodyScope)
    if !isArrow && needsArgumentsObject(function, scope: scope, bodyScope: bodyScope) {
      scope.declare("arguments", .arguments, at: 0)
      scope.needsArgumentsObject = true
      // A mapped arguments object aliases the parameters: they live in the environment.
      if !scope.isStrict && function.hasSimpleParameterList {
        for binding in scope.orderedBindings where binding.kind == .parameter { binding.isCaptured = true }
      }
    }
    // Visit parameters (their defaults see only the parameter scope).
    for parameter in function.parameters {
      if let defaultValue = parameter.defaultValue { visit(defaultValue) }
      visitBindingPattern(parameter.target)
    }
    if let rest = function.restParameter { visitBindingPattern(rest) }
    if hasExpressions { current = bodyScope }
    switch function.body {
    case .block(let body): visitStatements(body)
    case .expression(let expression): visit(expression)
    }
    current = scope
    pop()
    if nameScope != nil { pop() }
  }

  private func declareFunctionBodyLexicals(_ statements: [Statement], in scope: Scope) {
    for statement in statements {
      switch statement.kind {
      case .functionDeclaration(let function):
        if let name = function.name { scope.declare(name.name, .function, at: 0) }
      case .labeled(_, let body):
        if case .functionDeclaration(let function) = body.kind, let name = function.name {
          scope.declare(name.name, .function, at: 0)
        }
      default:
        declareLexical(statement, in: scope, functionsAreVar: true)
      }
    }
  }

  /// ES2024 10.2.11 steps 15–18: whether the function needs an arguments object.
  private func needsArgumentsObject(_ function: FunctionNode, scope: Scope, bodyScope: Scope) -> Bool {
    if scope.bindings["arguments"]?.kind == .parameter { return false }
    if !scope.hasParameterExpressions {
      if let existing = bodyScope.bindings["arguments"], existing.kind == .function || existing.kind.isLexical {
        return false
      }
    }
    return mentionsArguments(function)
  }

  /// Conservative: does the function (or its arrows) mention `arguments` or contain a direct eval?
  private func mentionsArguments(_ function: FunctionNode) -> Bool {
    function.mayMentionArgumentsOrEval && ArgumentsScanner.mentionsArgumentsOrEval(function)
  }

  private func patternHasExpressions(_ pattern: Pattern) -> Bool {
    switch pattern {
    case .identifier: return false
    case .expression: return true
    case .object(let object):
      for property in object.properties {
        if property.defaultValue != nil { return true }
        if case .computed = property.key.name { return true }
        if patternHasExpressions(property.target) { return true }
      }
      if let rest = object.rest, patternHasExpressions(rest) { return true }
      return false
    case .array(let array):
      for element in array.elements {
        if let element {
          if element.defaultValue != nil || patternHasExpressions(element.target) { return true }
        }
      }
      if let rest = array.rest, patternHasExpressions(rest) { return true }
      return false
    }
  }

  private func visitClass(_ node: ClassNode) {
    let scope = push(.class, strict: true)
    node.scope = scope
    if let name = node.name { scope.declare(name.name, .classInnerName, at: node.range.end) }
    if let superClass = node.superClass { visit(superClass) }
    if let constructor = node.constructor { visitFunction(constructor, isExpression: false) }
    // Computed keys are evaluated once, in the class scope; hidden bindings carry
    // the keys of computed fields to the initializer functions.
    declarePrivateNames(node, in: scope)
    var fieldIndex = 0
    for member in node.members {
      switch member.kind {
      case .method(let key, let function, _):
        visitPropertyKey(key)
        visitFunction(function, isExpression: false)
      case .field(let key, _):
        visitPropertyKey(key)
        if case .computed = key.name {
          scope.declare("%key\(fieldIndex)", .hidden, at: 0)
        }
        fieldIndex += 1
      case .staticBlock:
        break
      }
    }
    node.fieldInitializerScope = visitFieldInitializers(node, isStatic: false)
    node.staticInitializerScope = visitFieldInitializers(node, isStatic: true)
    pop()
  }

  /// Each private name of the class body is a hidden binding `#name` of the class scope,
  /// holding the Private Name the class evaluation creates (ES2024 15.7.14 step 6). Private
  /// methods and accessors also get bindings (`#name.method`, `#name.get`, `#name.set`)
  /// that carry their closures to where they are installed (the instance initializer for
  /// instance ones).
  private func declarePrivateNames(_ node: ClassNode, in scope: Scope) {
    for member in node.members {
      switch member.kind {
      case .method(let key, _, let kind):
        guard case .privateName(let name) = key.name else { continue }
        scope.declare("#" + name, .hidden, at: 0)
        scope.declare(privateMethodBindingName(name, kind), .hidden, at: 0)
      case .field(let key, _):
        if case .privateName(let name) = key.name { scope.declare("#" + name, .hidden, at: 0) }
      case .staticBlock:
        break
      }
    }
  }

  /// The instance (or static) field initializers and static blocks run as one
  /// synthetic method with its own `this`; the instance one also installs the
  /// private methods and accessors.
  private func visitFieldInitializers(_ node: ClassNode, isStatic: Bool) -> Scope? {
    var hasAny = false
    for member in node.members where member.isStatic == isStatic {
      switch member.kind {
      case .field, .staticBlock: hasAny = true
      case .method(let key, _, _):
        if !isStatic, case .privateName = key.name { hasAny = true }
      }
    }
    guard hasAny else { return nil }
    let scope = push(.function, strict: true)
    scope.isClassFieldInitializer = !isStatic
    scope.declare("this", .this, at: 0)
    scope.declare("new.target", .newTarget, at: 0)
    scope.declare("%home", .homeObject, at: 0)
    var fieldIndex = 0
    for member in node.members {
      switch member.kind {
      case .field(let key, let initializer):
        if member.isStatic == isStatic {
          if case .computed = key.name {
            reference(IdentifierReference(name: "%key\(fieldIndex)", range: key.range))
          }
          if case .privateName(let name) = key.name {
            reference(IdentifierReference(name: "#" + name, range: key.range))
          }
          if let initializer { visit(initializer) }
        }
        fieldIndex += 1
      case .staticBlock(let function):
        if member.isStatic == isStatic { visitFunction(function, isExpression: false) }
      case .method(let key, _, let kind):
        if !isStatic && !member.isStatic, case .privateName(let name) = key.name {
          reference(IdentifierReference(name: "#" + name, range: key.range))
          reference(IdentifierReference(name: privateMethodBindingName(name, kind), range: key.range))
        }
      }
    }
    pop()
    return scope
  }

  private func visitPropertyKey(_ key: PropertyKeyNode) {
    if case .computed(let expression) = key.name { visit(expression) }
  }

  // MARK: Patterns

  /// A binding pattern: identifiers are declarations; defaults and computed keys are expressions.
  private func visitBindingPattern(_ pattern: Pattern) {
    switch pattern {
    case .identifier(let identifier):
      reference(identifier, declaration: true)
    case .expression(let expression):
      visit(expression)
    case .object(let object):
      for property in object.properties {
        visitPropertyKey(property.key)
        if let defaultValue = property.defaultValue { visit(defaultValue) }
        visitBindingPattern(property.target)
      }
      if let rest = object.rest { visitBindingPattern(rest) }
    case .array(let array):
      for element in array.elements {
        guard let element else { continue }
        if let defaultValue = element.defaultValue { visit(defaultValue) }
        visitBindingPattern(element.target)
      }
      if let rest = array.rest { visitBindingPattern(rest) }
    }
  }

  /// An assignment pattern: identifiers are references (assignments).
  private func visitAssignmentPattern(_ pattern: Pattern) {
    switch pattern {
    case .identifier(let identifier):
      reference(identifier)
    case .expression(let expression):
      visit(expression)
    case .object(let object):
      for property in object.properties {
        visitPropertyKey(property.key)
        if let defaultValue = property.defaultValue { visit(defaultValue) }
        visitAssignmentPattern(property.target)
      }
      if let rest = object.rest { visitAssignmentPattern(rest) }
    case .array(let array):
      for element in array.elements {
        guard let element else { continue }
        if let defaultValue = element.defaultValue { visit(defaultValue) }
        visitAssignmentPattern(element.target)
      }
      if let rest = array.rest { visitAssignmentPattern(rest) }
    }
  }

  // MARK: Expressions

  private func visit(_ expression: Expression) {
    if _slowPath(checkpointCounter.tick()) { return }
    switch expression.kind {
    case .identifier(let identifier):
      reference(identifier)
    case .this:
      thisScope.usesThis = true
      _ = specialReference("this", at: expression.range)
    case .numberLiteral, .bigIntLiteral, .stringLiteral, .booleanLiteral, .nullLiteral, .regExpLiteral:
      break
    case .template(let template):
      for part in template.expressions { visit(part) }
    case .taggedTemplate(let tag, let quasi):
      visit(tag)
      for part in quasi.expressions { visit(part) }
    case .array(let elements):
      for element in elements {
        switch element {
        case .hole: break
        case .expression(let value), .spread(let value): visit(value)
        }
      }
    case .object(let properties):
      for property in properties {
        switch property.kind {
        case .keyValue(let key, let value, _):
          visitPropertyKey(key)
          visit(value)
        case .method(let key, let function, _):
          visitPropertyKey(key)
          visitFunction(function, isExpression: false)
        case .spread(let value), .protoSetter(let value):
          visit(value)
        }
      }
    case .function(let function):
      visitFunction(function, isExpression: true)
    case .arrowFunction(let function):
      visitFunction(function, isExpression: true)
    case .class(let node):
      visitClass(node)
    case .unary(_, let operand):
      visit(operand)
    case .update(_, _, let target):
      visit(target)
    case .binary, .logical:
      expression.forEachChainOperand { visit($0) }
    case .privateIn(let name, let object):
      visit(object)
      reference(IdentifierReference(name: "#" + name, range: expression.range))
    case .assignment(_, let target, let value):
      visitAssignmentPattern(target)
      visit(value)
    case .conditional(let test, let consequent, let alternate):
      visit(test)
      visit(consequent)
      visit(alternate)
    case .sequence(let expressions):
      for item in expressions { visit(item) }
    case .member(let object, _, _):
      visit(object)
    case .privateMember(let object, let name, _):
      visit(object)
      reference(IdentifierReference(name: "#" + name, range: expression.range))
    case .computedMember(let object, let property, _):
      visit(object)
      visit(property)
    case .call(let callee, let arguments, let isOptional):
      visit(callee)
      visitArguments(arguments)
      if !isOptional, case .identifier(let identifier) = callee.kind, identifier.name == "eval" {
        noteDirectEval(at: expression.range)
      }
    case .new(let callee, let arguments):
      visit(callee)
      visitArguments(arguments)
    case .optionalChain(let inner):
      visit(inner)
    case .superMember, .superComputedMember:
      if case .superComputedMember(let key) = expression.kind { visit(key) }
      thisScope.usesHomeObject = true
      thisScope.usesThis = true
      _ = specialReference("%home", at: expression.range)
      _ = specialReference("this", at: expression.range)
    case .superCall(let arguments):
      visitArguments(arguments)
      thisScope.usesThis = true
      thisScope.usesNewTarget = true
      _ = specialReference("this", at: expression.range)
      _ = specialReference("new.target", at: expression.range)
      _ = specialReference("%fn", at: expression.range)
    case .newTarget:
      thisScope.usesNewTarget = true
      _ = specialReference("new.target", at: expression.range)
    case .importMeta:
      break
    case .importCall(let specifier, let options):
      visit(specifier)
      if let options { visit(options) }
    case .yield(let argument, _):
      if let argument { visit(argument) }
    case .await(let argument):
      visit(argument)
    }
  }

  private func visitArguments(_ arguments: [Argument]) {
    for argument in arguments {
      switch argument {
      case .expression(let value), .spread(let value): visit(value)
      }
    }
  }

  private func noteDirectEval(at range: SourceRange) {
    current.containsDirectEval = true
    var scope: Scope? = current
    while let candidate = scope {
      if candidate.isFunctionBoundary { candidate.containsEvalAnywhere = true }
      scope = candidate.parent
    }
    let functionScope = current.functionScope!
    if !current.isStrict { evalVarScope(of: current).hasSloppyEval = true }
    // Eval code may use this/arguments/new.target/super of the enclosing function.
    let owner = thisScope
    owner.usesThis = true
    owner.usesNewTarget = true
    owner.usesHomeObject = true
    for name in ["this", "new.target", "%home", "%fn", "arguments"] {
      _ = specialReference(name, at: range)
    }
  }

  /// Where a sloppy direct eval evaluated in `scope` declares its vars: the function's var
  /// scope, except in parameter expressions, whose eval vars live in the function scope
  /// around the parameters (ES2024 10.2.11 step 20: the parameters get an environment of
  /// their own, so the body's var environment is separate; 19.2.1.3 declares in the
  /// caller's VariableEnvironment, the function environment).
  private func evalVarScope(of scope: Scope) -> Scope {
    let functionScope = scope.functionScope!
    let bodyScope = functionScope.varScope!
    if bodyScope === functionScope { return functionScope }
    var cursor: Scope? = scope
    while let candidate = cursor, candidate !== functionScope {
      if candidate === bodyScope { return bodyScope }
      cursor = candidate.parent
    }
    return functionScope
  }

  // MARK: Resolution

  /// Every scope an eval can see needs named, captured bindings.
  private func markEvalVisibleScopes() {
    for scope in scopes where scope.containsDirectEval {
      var cursor: Scope? = scope
      while let visible = cursor {
        visible.needsDescriptor = true
        for binding in visible.orderedBindings { binding.isCaptured = true }
        cursor = visible.parent
      }
    }
    // Bindings a `with` body may reach by name need descriptors too.
    for scope in scopes where scope.kind == .with {
      var cursor: Scope? = scope.parent
      while let visible = cursor {
        visible.needsDescriptor = true
        for binding in visible.orderedBindings { binding.isCaptured = true }
        cursor = visible.parent
      }
    }
  }

  private func resolveReferences() {
    for pending in references {
      pending.reference.resolution = resolve(pending)
    }
    for (binding, _) in pendingAnnexBGlobals { _ = binding }
  }

  private func resolve(_ pending: PendingReference) -> Resolution {
    let name = pending.reference.name
    guard let found = pending.scope.findBinding(name) else { return .global }
    guard let binding = found.binding else { return .dynamic }
    if found.crossedFunction { binding.isCaptured = true }
    var needsCheck = false
    let hasTDZ =
      binding.kind.isLexical || (binding.kind == .parameter && binding.scope.hasParameterExpressions)
    if hasTDZ && !pending.isDeclaration {
      if found.crossedFunction || binding.scope.kind == .switch
        || pending.reference.range.start < binding.initializedAt
      {
        needsCheck = true
      }
    }
    if binding.kind == .this && binding.scope.function?.kind == .derivedClassConstructor {
      needsCheck = true
    }
    if needsCheck { binding.needsTDZCheck = true }
    return .binding(binding, hops: -1, needsTDZCheck: needsCheck)
  }

  // MARK: Allocation

  /// Assigns each binding a register or an environment slot, then computes hops.
  private func allocate() {
    for scope in scopes {
      var slot = 0
      for binding in scope.orderedBindings
      where binding.isCaptured || scope.needsDescriptor || scope.kind == .module {
        binding.isCaptured = true
        binding.location = .environment(slot)
        slot += binding.kind == .importBinding ? 2 : 1
      }
      scope.environmentSlotCount = slot
    }
    for pending in references {
      guard case .binding(let binding, _, let check) = pending.reference.resolution else { continue }
      if case .environment = binding.location {
        pending.reference.resolution = .binding(
          binding, hops: hops(from: pending.scope, to: binding.scope), needsTDZCheck: check)
      } else {
        pending.reference.resolution = .binding(binding, hops: 0, needsTDZCheck: check)
      }
    }
  }

  private func hops(from: Scope, to: Scope) -> Int { from.hops(to: to) }
}

// MARK: - Scanning for `arguments`

/// Finds uses of `arguments` (or a direct eval) in a function, looking into arrow
/// functions but not into other nested functions.
enum ArgumentsScanner {
  static func mentionsArgumentsOrEval(_ function: FunctionNode) -> Bool {
    var found = false
    for parameter in function.parameters {
      if let value = parameter.defaultValue, scan(value) { found = true }
      if scanPattern(parameter.target) { found = true }
    }
    switch function.body {
    case .block(let statements):
      for statement in statements where scan(statement) { found = true }
    case .expression(let expression):
      if scan(expression) { found = true }
    }
    return found
  }

  private static func scanPattern(_ pattern: Pattern) -> Bool {
    switch pattern {
    case .identifier: return false
    case .expression(let expression): return scan(expression)
    case .object(let object):
      for property in object.properties {
        if case .computed(let key) = property.key.name, scan(key) { return true }
        if let value = property.defaultValue, scan(value) { return true }
        if scanPattern(property.target) { return true }
      }
      return object.rest.map(scanPattern) ?? false
    case .array(let array):
      for element in array.elements {
        guard let element else { continue }
        if let value = element.defaultValue, scan(value) { return true }
        if scanPattern(element.target) { return true }
      }
      return array.rest.map(scanPattern) ?? false
    }
  }

  private static func scan(_ statement: Statement) -> Bool {
    var found = false
    StatementWalker.forEachExpression(in: statement) { expression in
      if !found && scan(expression) { found = true }
    }
    return found
  }

  static func scan(_ expression: Expression) -> Bool {
    switch expression.kind {
    case .identifier(let identifier):
      return identifier.name == "arguments"
    case .function, .class:
      // Nested non-arrow functions have their own `arguments` (class computed keys aside).
      if case .class(let node) = expression.kind {
        for member in node.members {
          if case .method(let key, _, _) = member.kind, case .computed(let value) = key.name, scan(value) {
            return true
          }
        }
        if let superClass = node.superClass { return scan(superClass) }
      }
      return false
    case .arrowFunction(let function):
      return mentionsArgumentsOrEval(function)
    case .call(let callee, let arguments, _):
      if case .identifier(let identifier) = callee.kind, identifier.name == "eval" { return true }
      if scan(callee) { return true }
      return arguments.contains { argument in
        switch argument {
        case .expression(let value), .spread(let value): return scan(value)
        }
      }
    default:
      var found = false
      ExpressionWalker.forEachChild(of: expression) { child in
        if !found && scan(child) { found = true }
      }
      return found
    }
  }
}

/// The hidden class-scope binding that holds an instance private method's closure
/// (`#m.method`) or accessor function (`#x.get`, `#x.set`).
public func privateMethodBindingName(_ name: String, _ kind: MethodKind) -> String {
  switch kind {
  case .method: return "#\(name).method"
  case .getter: return "#\(name).get"
  case .setter: return "#\(name).set"
  }
}
