// Functions, generators, async functions, methods and arrow functions
// (ES2024 15.1–15.9): parameter lists, bodies, and their early errors.

/// A parsed formal parameter list.
struct ParameterList {
  var parameters: [Parameter] = []
  var rest: Pattern?
  /// No defaults, no destructuring, no rest (IsSimpleParameterList).
  var isSimple = true
  /// Every bound name, in order (for duplicate and strict-mode checks).
  var names: [IdentifierReference] = []
}

extension Parser {
  // MARK: Declarations and expressions

  /// At `function` (after `async` when `isAsync`): a FunctionDeclaration,
  /// GeneratorDeclaration, AsyncFunctionDeclaration or AsyncGeneratorDeclaration.
  /// `isLabelled` is for the Annex B positions (labelled items, if clauses)
  /// where only plain functions are allowed. `allowAnonymous` is for
  /// `export default function () {}` (HoistableDeclaration[+Default]).
  func parseFunctionDeclaration(
    start: Int32, isAsync: Bool, isLabelled: Bool = false, allowAnonymous: Bool = false
  ) throws(ParseError) -> Statement {
    try next()
    let isGenerator = try eat(.star)
    if isLabelled && isGenerator {
      throw error(
        "Generators can only be declared at the top level or inside a block", at: start)
    }
    if allowAnonymous && kind == .leftParen {
      let function = try parseFunctionRest(
        start: start, name: nil, kind: .normal, isAsync: isAsync, isGenerator: isGenerator)
      return Statement(.functionDeclaration(function), function.range)
    }
    if kind != .identifier {
      throw kind == .leftParen
        ? error("Function statements require a function name", at: token.start) : unexpected()
    }
    // BindingIdentifier[?Yield, ?Await]: checked in the enclosing context.
    let name = try parseBindingIdentifier()
    try declare(name.name, .function(isPlain: !isAsync && !isGenerator), at: name.range.start)
    let function = try parseFunctionRest(
      start: start, name: name, kind: .normal, isAsync: isAsync, isGenerator: isGenerator)
    return Statement(.functionDeclaration(function), function.range)
  }

  /// At `function` (after `async` when `isAsync`): a function expression.
  func parseFunctionExpression(start: Int32, isAsync: Bool) throws(ParseError) -> Expression {
    try next()
    let isGenerator = try eat(.star)
    var name: IdentifierReference?
    if kind == .identifier {
      // The name of a generator or async expression is checked in the function's
      // own context (ES2024 15.5, 15.8: BindingIdentifier[+Yield] / [+Await]).
      let saved = context
      context.isGenerator = isGenerator
      context.isAsync = isAsync
      context.inStaticBlock = false
      defer { context = saved }
      name = try parseBindingIdentifier()
    }
    let function = try parseFunctionRest(
      start: start, name: name, kind: .normal, isAsync: isAsync, isGenerator: isGenerator)
    return Expression(.function(function), function.range)
  }

  /// The parameters and body of a function or method; `start` is where its source text begins.
  func parseFunctionRest(
    start: Int32, name: IdentifierReference?, kind functionKind: FunctionKind, isAsync: Bool,
    isGenerator: Bool
  ) throws(ParseError) -> FunctionNode {
    // Function declarations nest through statement lists without parseStatement.
    try enterNesting()
    defer { exitNesting() }
    let savedContext = context
    let savedStrict = strict
    let savedPositions = positions
    let savedMentions = argumentsOrEvalTokens
    argumentsOrEvalTokens = 0
    defer {
      context = savedContext
      strict = savedStrict
      positions = savedPositions
      argumentsOrEvalTokens = savedMentions
    }
    var newContext = FunctionContext()
    newContext.isAsync = isAsync
    newContext.isGenerator = isGenerator
    newContext.allowReturn = true
    newContext.allowNewTarget = true
    newContext.allowSuperProperty = functionKind != .normal
    newContext.allowSuperCall = functionKind == .derivedClassConstructor
    context = newContext
    positions = YieldAwaitPositions()
    pushScope(.function)
    defer { popScope() }

    let parameters = try parseParameterList()
    try checkAccessorArity(parameters, functionKind, at: start)
    try expect(.leftBrace)
    let (body, hasUseStrict) = try parseDirectivesAndStatements(
      until: .rightBrace, hasSimpleParameters: parameters.isSimple)
    try expect(.rightBrace)

    let becameStrict = strict && !savedStrict
    let allowsDuplicates = functionKind == .normal && parameters.isSimple && !strict
    try checkParameterNames(
      parameters, allowDuplicates: allowsDuplicates, recheckStrict: becameStrict)
    if becameStrict, let name {
      try checkStrictBindingName(name.name, at: name.range.start)
    }
    let function = FunctionNode(
      name: name, kind: functionKind, isAsync: isAsync, isGenerator: isGenerator,
      parameters: parameters.parameters, restParameter: parameters.rest, body: .block(body),
      isStrict: strict, hasUseStrictDirective: hasUseStrict,
      hasSimpleParameterList: parameters.isSimple, range: range(from: start))
    function.mayMentionArgumentsOrEval = argumentsOrEvalTokens != 0
    return function
  }

  private func checkAccessorArity(
    _ parameters: ParameterList, _ functionKind: FunctionKind, at start: Int32
  ) throws(ParseError) {
    if functionKind == .getter && (!parameters.parameters.isEmpty || parameters.rest != nil) {
      throw error("Getter must not have any formal parameters", at: start)
    }
    if functionKind == .setter {
      if let rest = parameters.rest {
        throw error(
          "Setter function argument must not be a rest parameter", at: rest.range.start)
      }
      if parameters.parameters.count != 1 {
        throw error("Setter must have exactly one formal parameter", at: start)
      }
    }
  }

  /// Duplicate parameters are errors except in sloppy functions with simple
  /// lists (ES2024 15.2.1, 15.3.1, 15.4.1); names parsed before a body's
  /// "use strict" are rechecked against strict-mode rules.
  func checkParameterNames(
    _ parameters: ParameterList, allowDuplicates: Bool, recheckStrict: Bool
  ) throws(ParseError) {
    var seen = Set<String>()
    for name in parameters.names {
      if recheckStrict { try checkStrictBindingName(name.name, at: name.range.start) }
      if !seen.insert(name.name).inserted && !allowDuplicates {
        throw error("Duplicate parameter name not allowed in this context", at: name.range.start)
      }
    }
  }

  // MARK: Parameters

  /// `( FormalParameters )`, declaring the names in the current (function) scope.
  func parseParameterList() throws(ParseError) -> ParameterList {
    try expect(.leftParen)
    let list = try parseFormalParameters(until: .rightParen)
    try expect(.rightParen)
    return list
  }

  /// FormalParameters up to a token of kind `end`.
  func parseFormalParameters(until end: TokenKind) throws(ParseError) -> ParameterList {
    var list = ParameterList()
    let wasInParameters = context.inParameters
    context.inParameters = true
    defer { context.inParameters = wasInParameters }
    while kind != end {
      let start = token.start
      if try eat(.ellipsis) {
        let target = try parseBindingTarget()
        if kind == .assign {
          throw error("Rest parameter may not have a default initializer", at: token.start)
        }
        if kind != end {
          throw error("Rest parameter must be last formal parameter", at: token.start)
        }
        list.rest = target
        list.isSimple = false
        break
      }
      let target = try parseBindingTarget()
      var defaultValue: Expression?
      if try eat(.assign) {
        defaultValue = try parseAssignmentExpression(allowIn: true)
        list.isSimple = false
      }
      if case .identifier = target {} else { list.isSimple = false }
      list.parameters.append(
        Parameter(target: target, defaultValue: defaultValue, range: range(from: start)))
      if kind != end { try expect(.comma) }
    }
    for parameter in list.parameters { collectBoundNames(parameter.target, into: &list.names) }
    if let rest = list.rest { collectBoundNames(rest, into: &list.names) }
    for name in list.names { try declare(name.name, .parameter, at: name.range.start) }
    return list
  }

  // MARK: Methods

  /// The parameters and body of an object-literal or class method.
  func parseMethod(
    start: Int32, kind functionKind: FunctionKind, isAsync: Bool, isGenerator: Bool
  ) throws(ParseError) -> FunctionNode {
    try parseFunctionRest(
      start: start, name: nil, kind: functionKind, isAsync: isAsync, isGenerator: isGenerator)
  }

  // MARK: Arrow functions

  /// After `=>`: the body of an arrow function whose parameters are already
  /// converted and checked. `start` is the start of the parameters (or `async`).
  func parseArrowFunctionBody(
    start: Int32, parameters: ParameterList, isAsync: Bool, allowIn: Bool
  ) throws(ParseError) -> Expression {
    let savedContext = context
    let savedStrict = strict
    let savedPositions = positions
    defer {
      context = savedContext
      strict = savedStrict
      positions = savedPositions
    }
    // Arrows inherit this, new.target, super and the class-field restriction
    // on `arguments` from their context (ES2024 15.3).
    var newContext = FunctionContext()
    newContext.isAsync = isAsync
    newContext.isArrow = true
    newContext.allowReturn = true
    newContext.allowNewTarget = savedContext.allowNewTarget
    newContext.allowSuperProperty = savedContext.allowSuperProperty
    newContext.allowSuperCall = savedContext.allowSuperCall
    newContext.allowArguments = savedContext.allowArguments
    // ConciseBody is [~Await]: `await` is an identifier again, even in a static block.
    newContext.inStaticBlock = false
    context = newContext
    positions = YieldAwaitPositions()
    pushScope(.function)
    defer { popScope() }
    for name in parameters.names { try declare(name.name, .parameter, at: name.range.start) }

    let body: FunctionBody
    var hasUseStrict = false
    if kind == .leftBrace {
      try next()
      let (statements, directive) = try parseDirectivesAndStatements(
        until: .rightBrace, hasSimpleParameters: parameters.isSimple)
      try expect(.rightBrace)
      body = .block(statements)
      hasUseStrict = directive
    } else {
      body = .expression(try parseAssignmentExpression(allowIn: allowIn))
    }
    let becameStrict = strict && !savedStrict
    try checkParameterNames(parameters, allowDuplicates: false, recheckStrict: becameStrict)
    let function = FunctionNode(
      name: nil, kind: .arrow, isAsync: isAsync, isGenerator: false,
      parameters: parameters.parameters, restParameter: parameters.rest, body: body,
      isStrict: strict, hasUseStrictDirective: hasUseStrict,
      hasSimpleParameterList: parameters.isSimple, range: range(from: start))
    return Expression(.arrowFunction(function), function.range)
  }

  // MARK: CreateDynamicFunction parts

  func functionContext(isAsync: Bool, isGenerator: Bool) -> FunctionContext {
    var newContext = FunctionContext()
    newContext.isAsync = isAsync
    newContext.isGenerator = isGenerator
    newContext.allowReturn = true
    newContext.allowNewTarget = true
    return newContext
  }

  /// The parameter text alone must be FormalParameters.
  func parseStandaloneParameters(isAsync: Bool, isGenerator: Bool) throws(ParseError) {
    try next()
    context = functionContext(isAsync: isAsync, isGenerator: isGenerator)
    pushScope(.function)
    _ = try parseFormalParameters(until: .eof)
  }

  /// The body text alone must be a FunctionBody.
  func parseStandaloneBody(isAsync: Bool, isGenerator: Bool) throws(ParseError) {
    try next()
    context = functionContext(isAsync: isAsync, isGenerator: isGenerator)
    pushScope(.function)
    _ = try parseDirectivesAndStatements(until: .eof)
    if kind != .eof { throw unexpected() }
  }

  /// The whole synthesized text must be one function expression. Its name
  /// (`anonymous`) is not a binding (ES2024 20.2.1.1.1 step 30 sets it with
  /// SetFunctionName), so the node's `name` is nil.
  func parseStandaloneFunctionExpression() throws(ParseError) -> FunctionNode {
    try next()
    pushScope(.function)
    let start = token.start
    var isAsync = false
    if token.isContextual(.async) {
      isAsync = true
      try next()
    }
    guard kind == .kwFunction else { throw unexpected() }
    let expression = try parseFunctionExpression(start: start, isAsync: isAsync)
    if kind != .eof { throw unexpected() }
    guard case .function(let function) = expression.kind else { throw unexpected() }
    function.name = nil
    return function
  }
}
