// A recursive-descent parser for ECMAScript scripts, producing the AST of
// AST.swift and reporting every early error of the specification.
//
// Entry points: `parseScript(_:options:)`, `parseModule(_:options:)` and
// `parseFunctionForConstructor(…)` (free functions, at the end of this file).
// Import and export declarations and the module-only early errors are in
// Parser+Modules.swift.
//
// The grammar parameters [Yield], [Await], [Return] live in `context` (one per
// function being parsed); [In] is an argument; strictness is `strict`. Cover
// grammars are parsed as expressions and converted to patterns when a `=` or
// `=>` shows what they were (Parser+Patterns.swift), with the errors that only
// apply to one reading kept in `CoverErrors` until then.

/// Options for parsing a script or eval code.
public struct ParserOptions {
  /// Start in strict mode (strict direct eval, or an embedder's choice).
  public var isStrict = false
  /// `new.target` is allowed at the top level (direct eval inside a function).
  public var allowNewTarget = false
  /// `super.x` is allowed at the top level (direct eval inside a method).
  public var allowSuperProperty = false
  /// `super()` is allowed at the top level (direct eval inside a derived constructor).
  public var allowSuperCall = false
  /// The code is direct eval inside a class field initializer: `arguments` is
  /// an error (ES2024 19.2.1.1 step 5.b.i), except inside nested functions.
  public var isInClassFieldInitializer = false
  /// The code is direct eval inside a function (so `new.target` is allowed).
  public var isFunctionContext = false
  /// Private names of enclosing classes that the code may use (direct eval in a class body).
  public var privateNames: Set<String> = []
  /// The deepest nesting of expressions, statements and patterns accepted
  /// before a "too deeply nested" SyntaxError.
  public var maxDepth = 4096
  /// The lowest native stack address the parser may use. 0: the current
  /// thread's stack bottom plus a margin, or, where the bounds are unknown,
  /// `defaultStackBudget` below the entry point. An engine that keeps its own
  /// stack budget passes its limit here.
  public var nativeStackLimit: UInt = 0
  /// Validates a regular-expression literal's pattern; returns an error message or nil.
  public var validateRegExp: ((_ pattern: [UInt16], _ flags: String) -> String?)?
  /// Called every so many tokens: how the host's time and memory limits stop a huge parse.
  public var checkpoint: FrontEndCheckpoint?

  /// Native stack the parser allows itself when `nativeStackLimit` is 0.
  public static let defaultStackBudget: UInt = 512 * 1024

  public init() {}
}

/// The kind of function `Function`, `GeneratorFunction`, `AsyncFunction` and
/// `AsyncGeneratorFunction` construct (ES2024 20.2.1.1.1 CreateDynamicFunction).
public enum DynamicFunctionKind: Sendable {
  case normal
  case generator
  case async
  case asyncGenerator
}

/// The result of `parseFunctionForConstructor`: the synthesized source text
/// (`function anonymous(…\n) {\n…\n}`) and the function parsed from it.
public struct DynamicFunction {
  public var source: SourceFile
  public var function: FunctionNode
}

/// The grammar context of the function (or script) being parsed.
struct FunctionContext {
  /// [Await]: `await` is a keyword.
  var isAsync = false
  /// [Yield]: `yield` is a keyword.
  var isGenerator = false
  var isArrow = false
  /// [Return]
  var allowReturn = false
  var allowNewTarget = false
  var allowSuperProperty = false
  var allowSuperCall = false
  /// False in class field initializers and static blocks (and arrows inside them).
  var allowArguments = true
  /// In a class static block (or an arrow inside one): `await` is reserved.
  var inStaticBlock = false
  /// Parsing formal parameters: yield and await expressions are errors.
  var inParameters = false
  /// The top level of module code (not inside any function): an await here is top-level await.
  var isModuleTopLevel = false
  var labels: [Label] = []
  /// Enclosing iteration statements (targets of `continue`).
  var loopDepth = 0
  /// Enclosing iteration and switch statements (targets of `break`).
  var breakableDepth = 0
}

struct Label {
  let name: String
  var isLoop: Bool
}

/// Errors that depend on whether a cover grammar ends up an expression or a pattern.
struct CoverErrors {
  /// `{ a = 1 }` (CoverInitializedName): only valid as a pattern.
  var shorthandAssign: Int32 = -1
  /// Two `__proto__: v` properties: only valid as a pattern.
  var doubleProto: Int32 = -1
  /// `[...a, ]`: only valid as an expression.
  var trailingCommaAfterRest: Int32 = -1
  /// A parenthesized expression: not valid in arrow parameters.
  var parenthesized: Int32 = -1

  mutating func merge(_ other: CoverErrors) {
    if shorthandAssign < 0 { shorthandAssign = other.shorthandAssign }
    if doubleProto < 0 { doubleProto = other.doubleProto }
    if trailingCommaAfterRest < 0 { trailingCommaAfterRest = other.trailingCommaAfterRest }
    if parenthesized < 0 { parenthesized = other.parenthesized }
  }
}

/// Where yield and await expressions (and `await` identifiers) were seen, so
/// arrow parameters, parsed before the `=>` shows they are parameters, can be checked.
struct YieldAwaitPositions {
  var yieldExpression: Int32 = -1
  var awaitExpression: Int32 = -1
  var awaitIdentifier: Int32 = -1

  mutating func merge(_ other: YieldAwaitPositions) {
    if yieldExpression < 0 { yieldExpression = other.yieldExpression }
    if awaitExpression < 0 { awaitExpression = other.awaitExpression }
    if awaitIdentifier < 0 { awaitIdentifier = other.awaitIdentifier }
  }
}

/// A parenthesized list or `async(…)` head that may turn out to be arrow parameters.
struct ArrowCover {
  var start: Int32
  var end: Int32
  var items: [Expression]
  var rest: Pattern?
  var isAsync: Bool
  var errors: CoverErrors
  var positions: YieldAwaitPositions
}

/// The parser state. Stored properties are `@exclusivity(unchecked)`: the
/// recursive descent mutates them across calls (`lexer.next()` inside every
/// production), which otherwise costs a dynamic exclusivity check each time;
/// nothing ever takes overlapping inout accesses to them.
final class Parser {
  let lexer: Lexer
  let source: SourceFile
  let options: ParserOptions
  /// End offset of the last consumed token (nodes end there).
  @exclusivity(unchecked) var lastTokenEnd: Int32 = 0
  @exclusivity(unchecked) var strict: Bool
  @exclusivity(unchecked) var context = FunctionContext()
  /// `arguments` and `eval` tokens read in the function being parsed (its arrows included, its
  /// other nested functions not): FunctionNode.mayMentionArgumentsOrEval.
  @exclusivity(unchecked) var argumentsOrEvalTokens = 0
  @exclusivity(unchecked) var scopes: [DeclarationScope] = []
  @exclusivity(unchecked) var privateNameScopes: [PrivateNameScope] = []
  /// Labels directly attached to the statement being parsed (for `continue` targets).
  @exclusivity(unchecked) var pendingLabelCount = 0
  @exclusivity(unchecked) var positions = YieldAwaitPositions()
  /// Start of the AssignmentExpression being parsed: only a primary there can begin an arrow.
  @exclusivity(unchecked) var potentialArrowStart: Int32 = -1
  @exclusivity(unchecked) var arrowCover: ArrowCover?
  /// Packed ranges of parenthesized expressions whose parentheses matter
  /// (patterns, assignments, logical expressions).
  @exclusivity(unchecked) var parenthesized: Set<Int64> = []
  @exclusivity(unchecked) var depth = 0
  /// Parsing module code (the Module goal): `await` is reserved everywhere.
  @exclusivity(unchecked) var isModule = false
  /// Module code: an await expression or `for await` at the top level was seen.
  @exclusivity(unchecked) var hasTopLevelAwait = false
  /// Module code: ExportedNames so far (duplicates are early errors).
  @exclusivity(unchecked) var exportedNames: Set<String> = []
  /// Module code: the local names of `export { … }` without `from` (ExportedBindings),
  /// which must be declared at the module's top level.
  @exclusivity(unchecked) var exportedBindings: [(name: String, offset: Int32)] = []
  let stackLimit: UInt
  /// Tokens until the host's next checkpoint (`ParserOptions.checkpoint`).
  @exclusivity(unchecked) var checkpointCounter: CheckpointCounter

  init(lexer: Lexer, source: SourceFile, options: ParserOptions) {
    self.lexer = lexer
    self.source = source
    self.options = options
    self.strict = options.isStrict
    self.checkpointCounter = CheckpointCounter(options.checkpoint)
    if options.nativeStackLimit != 0 {
      stackLimit = options.nativeStackLimit
    } else {
      stackLimit = NativeStack.limit()
    }
  }

  // MARK: Tokens

  @inline(__always) var token: Token { lexer.token }
  @inline(__always) var kind: TokenKind { lexer.token.kind }

  @inline(__always)
  func next() throws(ParseError) {
    lastTokenEnd = lexer.token.end
    if _slowPath(lexer.token.word == .arguments || lexer.token.word == .eval) { argumentsOrEvalTokens &+= 1 }
    if _slowPath(checkpointCounter.tick()) { throw interrupted() }
    try lexer.next()
  }

  /// The host's checkpoint said to stop (a time or memory limit, not the script's fault).
  private func interrupted() -> ParseError {
    let error = ParseError("parsing was stopped by the host", at: Int(lexer.token.start))
    error.wasInterrupted = true
    return error
  }

  @inline(__always)
  func eat(_ kind: TokenKind) throws(ParseError) -> Bool {
    guard lexer.token.kind == kind else { return false }
    try next()
    return true
  }

  func expect(_ kind: TokenKind) throws(ParseError) {
    guard lexer.token.kind == kind else { throw unexpected() }
    try next()
  }

  /// Scans the token after the current one without consuming anything. Only
  /// used when the current token is a name (its value is not in the lexer).
  func peek() throws(ParseError) -> Token {
    let state = lexer.saveState()
    defer { lexer.restoreState(state) }
    try lexer.next()
    return lexer.token
  }

  /// Automatic semicolon insertion (ES2024 12.10.1).
  func consumeSemicolon() throws(ParseError) {
    if try eat(.semicolon) { return }
    if kind == .rightBrace || kind == .eof || token.hasNewlineBefore { return }
    throw unexpected()
  }

  var canInsertSemicolon: Bool {
    kind == .semicolon || kind == .rightBrace || kind == .eof || token.hasNewlineBefore
  }

  func range(from start: Int32) -> SourceRange {
    SourceRange(start: start, end: lastTokenEnd)
  }

  // MARK: Errors

  func error(_ message: String, at offset: Int32) -> ParseError {
    ParseError(message, at: Int(offset))
  }

  /// The error for an unexpected current token, worded like other engines'.
  func unexpected() -> ParseError {
    unexpected(token)
  }

  func unexpected(_ token: Token) -> ParseError {
    let message: String
    switch token.kind {
    case .eof: message = "Unexpected end of input"
    case .number, .bigInt: message = "Unexpected number"
    case .string: message = "Unexpected string"
    case .template: message = "Unexpected template string"
    case .identifier:
      if token.word == .escapedReservedWord {
        message = "Keyword must not contain escaped characters"
      } else if strict && token.word.isStrictReserved {
        message = "Unexpected strict mode reserved word"
      } else {
        message = "Unexpected identifier '\(lexer.identifierName(token))'"
      }
    case .privateName: message = "Unexpected identifier '#\(lexer.identifierName(token))'"
    case .kwEnum: message = "Unexpected reserved word"
    default: message = "Unexpected token '\(token.kind.spelling)'"
    }
    return error(message, at: token.start)
  }

  // MARK: Nesting limits

  /// Counts one level of nesting; fails cleanly before the native stack or the
  /// configured depth runs out.
  @inline(__always)
  func enterNesting() throws(ParseError) {
    depth += 1
    if depth > options.maxDepth || Parser.currentStackAddress() < stackLimit {
      throw error("Expression or statement too deeply nested", at: token.start)
    }
  }

  @inline(__always)
  func exitNesting() { depth -= 1 }

  @inline(__always)
  static func currentStackAddress() -> UInt { NativeStack.currentAddress() }

  // MARK: Identifiers

  func name(of token: Token) -> String { lexer.identifierName(token) }

  /// Checks that `token` may be an IdentifierReference here (ES2024 13.1.1).
  func checkIdentifierReference(_ token: Token) throws(ParseError) {
    try checkIdentifierCommon(token)
    if token.word == .arguments && !context.allowArguments {
      throw error(
        "'arguments' is not allowed in class field initializer or static initialization block",
        at: token.start)
    }
  }

  /// Checks that `name` may be a BindingIdentifier here (ES2024 13.1.1).
  func checkBindingIdentifier(_ token: Token) throws(ParseError) {
    try checkIdentifierCommon(token)
    if strict && (token.word == .eval || token.word == .arguments) {
      throw error("Unexpected eval or arguments in strict mode", at: token.start)
    }
  }

  private func checkIdentifierCommon(_ token: Token) throws(ParseError) {
    guard token.kind == .identifier else { throw unexpected(token) }
    switch token.word {
    case .none, .eval, .arguments:
      return
    case .escapedReservedWord:
      throw error("Keyword must not contain escaped characters", at: token.start)
    case .yield:
      if context.isGenerator || strict {
        throw error(
          strict ? "Unexpected strict mode reserved word" : "Unexpected identifier 'yield'",
          at: token.start)
      }
    case .await:
      if isModule || context.isAsync || context.inStaticBlock {
        throw error("Unexpected reserved word", at: token.start)
      }
      if positions.awaitIdentifier < 0 { positions.awaitIdentifier = token.start }
    default:
      if strict && token.word.isStrictReserved {
        throw error("Unexpected strict mode reserved word", at: token.start)
      }
    }
  }

  /// Rechecks a binding name once a function turned out to be strict
  /// (its body has "use strict"; its name and parameters were parsed before).
  func checkStrictBindingName(_ name: String, at offset: Int32) throws(ParseError) {
    if name == "eval" || name == "arguments" {
      throw error("Unexpected eval or arguments in strict mode", at: offset)
    }
    if WordTable.shared.word(name).isStrictReserved {
      throw error("Unexpected strict mode reserved word", at: offset)
    }
  }

  /// Consumes a BindingIdentifier.
  func parseBindingIdentifier() throws(ParseError) -> IdentifierReference {
    let current = token
    try checkBindingIdentifier(current)
    try next()
    return IdentifierReference(name: name(of: current), range: current.range)
  }

  // MARK: Program

  func parseProgram() throws(ParseError) -> Program {
    try next()
    context.allowNewTarget = options.allowNewTarget || options.isFunctionContext
    context.allowSuperProperty = options.allowSuperProperty
    context.allowSuperCall = options.allowSuperCall
    context.allowArguments = !options.isInClassFieldInitializer
    scopes.append(DeclarationScope(kind: .function))
    if !options.privateNames.isEmpty {
      var outer = PrivateNameScope()
      for name in options.privateNames { outer.declared[name] = PrivateNameScope.fieldBit }
      privateNameScopes.append(outer)
    }
    let (body, _) = try parseDirectivesAndStatements(until: .eof)
    if kind != .eof { throw unexpected() }
    if !options.privateNames.isEmpty { try resolvePrivateNames() }
    let program = Program(
      source: source, body: body, isStrict: strict,
      range: SourceRange(start: 0, end: Int32(lexer.end)))
    return program
  }
}

// MARK: - Entry points

/// Parses `source` as a Script (ES2024 16.1), reporting any early error as a
/// `SyntaxError` with its line, column and source line filled in.
public func parseScript(_ source: SourceFile, options: ParserOptions = .init()) throws(SyntaxError)
  -> Program
{
  do {
    return try source.text.withUnsafeBufferPointer { (buffer) throws(ParseError) -> Program in
      let parser = Parser(lexer: Lexer(text: buffer), source: source, options: options)
      return try parser.parseProgram()
    }
  } catch {
    throw SyntaxError(error, in: source)
  }
}

/// Parses module code (the Module goal: strict, top-level await, import and export
/// declarations, module-only early errors). The result has `isModule` set.
public func parseModule(_ source: SourceFile, options: ParserOptions = .init()) throws(SyntaxError)
  -> Program
{
  do {
    return try source.text.withUnsafeBufferPointer { (buffer) throws(ParseError) -> Program in
      let parser = Parser(lexer: Lexer(text: buffer), source: source, options: options)
      return try parser.parseModuleProgram()
    }
  } catch {
    throw SyntaxError(error, in: source)
  }
}

/// Parses the parameters and body of a function created by `Function(…)`,
/// `GeneratorFunction(…)`, `AsyncFunction(…)` or `AsyncGeneratorFunction(…)`
/// (ES2024 20.2.1.1.1 CreateDynamicFunction, steps 9–21): the parameters and
/// the body must each parse alone, so `new Function("/*", "*/){")` is a
/// SyntaxError; then the whole synthesized source text is parsed.
public func parseFunctionForConstructor(
  parameters: [UInt16], body: [UInt16], kind: DynamicFunctionKind, sourceName: String,
  options: ParserOptions = .init()
) throws(SyntaxError) -> DynamicFunction {
  let prefix: String
  switch kind {
  case .normal: prefix = "function"
  case .generator: prefix = "function*"
  case .async: prefix = "async function"
  case .asyncGenerator: prefix = "async function*"
  }
  var text = Array((prefix + " anonymous(").utf16)
  let parametersStart = text.count
  text += parameters
  let parametersEnd = text.count
  text += Array("\n) {".utf16)
  let bodyStart = text.count
  text.append(0x0A)
  text += body
  text.append(0x0A)
  let bodyEnd = text.count
  text.append(0x7D)
  let source = SourceFile(name: sourceName, text: text)
  do {
    let function = try text.withUnsafeBufferPointer {
      (buffer) throws(ParseError) -> FunctionNode in
      let isAsync = kind == .async || kind == .asyncGenerator
      let isGenerator = kind == .generator || kind == .asyncGenerator
      // Each part alone (steps 17–18).
      let parametersParser = Parser(
        lexer: Lexer(text: buffer, start: parametersStart, end: parametersEnd), source: source,
        options: options)
      try parametersParser.parseStandaloneParameters(isAsync: isAsync, isGenerator: isGenerator)
      let bodyParser = Parser(
        lexer: Lexer(text: buffer, start: bodyStart, end: bodyEnd), source: source,
        options: options)
      try bodyParser.parseStandaloneBody(isAsync: isAsync, isGenerator: isGenerator)
      // The whole text (step 19).
      let parser = Parser(lexer: Lexer(text: buffer), source: source, options: options)
      return try parser.parseStandaloneFunctionExpression()
    }
    return DynamicFunction(source: source, function: function)
  } catch {
    throw SyntaxError(error, in: source)
  }
}
