// Statements and declarations (ES2024 clause 14), directive prologues, and
// their early errors.

extension Parser {
  // MARK: Statement lists and directives

  /// A directive prologue (ES2024 11.2.1) followed by statement list items, up
  /// to (not including) a token of kind `end`. Sets `strict` on "use strict".
  func parseDirectivesAndStatements(
    until end: TokenKind, hasSimpleParameters: Bool = true
  ) throws(ParseError) -> (statements: [Statement], hasUseStrict: Bool) {
    var statements: [Statement] = []
    var hasUseStrict = false
    var firstLegacyOctalDirective: Int32 = -1
    while kind == .string {
      let directive = token
      let statement = try parseStatementListItem()
      statements.append(statement)
      guard case .expression(let expression) = statement.kind,
        case .stringLiteral = expression.kind, expression.range == directive.range,
        statement.range.start == directive.start
      else { break }
      if directive.isLegacyOctal && firstLegacyOctalDirective < 0 {
        firstLegacyOctalDirective = directive.start
      }
      guard isUseStrict(directive) else { continue }
      if !hasSimpleParameters {
        throw error(
          "Illegal 'use strict' directive in function with non-simple parameter list",
          at: directive.start)
      }
      strict = true
      hasUseStrict = true
      if firstLegacyOctalDirective >= 0 {
        throw error(
          "Octal escape sequences are not allowed in strict mode", at: firstLegacyOctalDirective)
      }
    }
    while kind != end && kind != .eof {
      statements.append(try parseStatementListItem())
    }
    return (statements, hasUseStrict)
  }

  /// The directive is exactly `"use strict"` or `'use strict'` (no escapes).
  private func isUseStrict(_ token: Token) -> Bool {
    guard token.end - token.start == 12 else { return false }
    let expected = Array("use strict".utf16)
    for index in 0..<10 where lexer.text[Int(token.start) + 1 + index] != expected[index] {
      return false
    }
    return true
  }

  // MARK: Statement list items

  func parseStatementListItem() throws(ParseError) -> Statement {
    switch kind {
    case .kwFunction:
      return try parseFunctionDeclaration(start: token.start, isAsync: false)
    case .kwClass:
      return try parseClassDeclaration()
    case .kwConst:
      return try parseLexicalDeclarationStatement(.const)
    case .kwImport:
      let following = try peek()
      if following.kind != .leftParen && following.kind != .dot {
        if isModuleItemPosition { return try parseImportDeclaration() }
        if isModule {
          throw error("An import declaration may only appear at the top level of a module", at: token.start)
        }
        throw error("Cannot use import statement outside a module", at: token.start)
      }
    case .kwExport:
      if isModuleItemPosition { return try parseExportDeclaration() }
      if isModule { throw error("An export declaration may only appear at the top level of a module", at: token.start) }
      throw error("Unexpected token 'export'", at: token.start)
    case .identifier:
      if token.isContextual(.let), try startsLetDeclaration() {
        return try parseLexicalDeclarationStatement(.let)
      }
      if token.isContextual(.async) {
        let following = try peek()
        if following.kind == .kwFunction && !following.hasNewlineBefore {
          let start = token.start
          try next()
          return try parseFunctionDeclaration(start: start, isAsync: true)
        }
      }
    default:
      break
    }
    return try parseStatement(allowLabelledFunction: true)
  }

  /// `let` begins a LexicalDeclaration when an identifier, `[` or `{` follows.
  func startsLetDeclaration() throws(ParseError) -> Bool {
    let following = try peek()
    switch following.kind {
    case .identifier, .leftBracket, .leftBrace: return true
    default: return false
    }
  }

  // MARK: Statements

  /// A Statement (not a declaration). `allowLabelledFunction` is false in the
  /// bodies of if, iteration and with statements (IsLabelledFunction early errors).
  func parseStatement(allowLabelledFunction: Bool = false) throws(ParseError) -> Statement {
    try enterNesting()
    defer { exitNesting() }
    let labelsHere = pendingLabelCount
    pendingLabelCount = 0
    let start = token.start
    switch kind {
    case .leftBrace:
      let block = try parseBlock()
      return Statement(.block(block), block.range)
    case .kwVar:
      return try parseVariableStatement()
    case .semicolon:
      try next()
      return Statement(.empty, range(from: start))
    case .kwIf:
      return try parseIfStatement()
    case .kwFor:
      markLoopLabels(labelsHere)
      return try parseForStatement()
    case .kwWhile:
      markLoopLabels(labelsHere)
      return try parseWhileStatement()
    case .kwDo:
      markLoopLabels(labelsHere)
      return try parseDoWhileStatement()
    case .kwContinue, .kwBreak:
      return try parseBreakOrContinue()
    case .kwReturn:
      return try parseReturnStatement()
    case .kwWith:
      return try parseWithStatement()
    case .kwSwitch:
      return try parseSwitchStatement()
    case .kwThrow:
      return try parseThrowStatement()
    case .kwTry:
      return try parseTryStatement()
    case .kwDebugger:
      try next()
      try consumeSemicolon()
      return Statement(.debugger, range(from: start))
    case .kwFunction:
      throw error(
        strict
          ? "In strict mode code, functions can only be declared at top level or inside a block"
          : "In non-strict mode code, functions can only be declared at top level, inside a block, or as the body of an if statement",
        at: start)
    case .kwClass, .kwConst:
      throw error("Lexical declaration cannot appear in a single-statement context", at: start)
    case .identifier:
      if token.isContextual(.let) {
        let following = try peek()
        if following.kind == .leftBracket {
          throw error(
            "Lexical declaration cannot appear in a single-statement context", at: start)
        }
      } else if token.isContextual(.async) {
        let following = try peek()
        if following.kind == .kwFunction && !following.hasNewlineBefore {
          throw error(
            "Async functions can only be declared at the top level or inside a block", at: start)
        }
      }
      return try parseExpressionOrLabelledStatement(
        labelsHere: labelsHere, allowLabelledFunction: allowLabelledFunction)
    default:
      return try parseExpressionStatement()
    }
  }

  private func markLoopLabels(_ count: Int) {
    let labels = context.labels.count
    for index in (labels - count)..<labels { context.labels[index].isLoop = true }
  }

  func parseBlock() throws(ParseError) -> BlockStatement {
    let start = token.start
    try expect(.leftBrace)
    pushScope(.block)
    var body: [Statement] = []
    while kind != .rightBrace {
      if kind == .eof { throw unexpected() }
      body.append(try parseStatementListItem())
    }
    popScope()
    try next()
    return BlockStatement(body: body, range: range(from: start))
  }

  private func parseExpressionStatement() throws(ParseError) -> Statement {
    let start = token.start
    let expression = try parseExpression()
    try consumeSemicolon()
    return Statement(.expression(expression), range(from: start))
  }

  private func parseExpressionOrLabelledStatement(labelsHere: Int, allowLabelledFunction: Bool)
    throws(ParseError) -> Statement
  {
    let start = token.start
    let first = token
    let expression = try parseExpression()
    guard kind == .colon, case .identifier(let identifier) = expression.kind,
      expression.range == first.range
    else {
      try consumeSemicolon()
      return Statement(.expression(expression), range(from: start))
    }
    // LabelledStatement (ES2024 14.13).
    try next()
    let label = identifier.name
    if context.labels.contains(where: { $0.name == label }) {
      throw error("Label '\(label)' has already been declared", at: first.start)
    }
    context.labels.append(Label(name: label, isLoop: false))
    defer { context.labels.removeLast() }
    let body: Statement
    if kind == .kwFunction {
      // LabelledItem : FunctionDeclaration (sloppy mode only, Annex B.3.1 / 14.13.1).
      if strict || !allowLabelledFunction {
        throw error(
          strict
            ? "In strict mode code, functions can only be declared at top level or inside a block"
            : "Labelled function declarations are not allowed here", at: token.start)
      }
      body = try parseFunctionDeclaration(start: token.start, isAsync: false, isLabelled: true)
    } else {
      pendingLabelCount = labelsHere + 1
      body = try parseStatement(allowLabelledFunction: allowLabelledFunction)
    }
    return Statement(.labeled(label: label, body: body), range(from: start))
  }

  // MARK: Declarations

  func parseLexicalDeclarationStatement(_ declarationKind: DeclarationKind) throws(ParseError)
    -> Statement
  {
    let start = token.start
    try next()
    var declaration = try parseVariableDeclarationList(
      declarationKind, start: start, inForHead: false)
    try consumeSemicolon()
    declaration.range = range(from: start)
    return Statement(.variableDeclaration(declaration), declaration.range)
  }

  /// The declarators after `var`, `let` or `const`. In a for head the `in`
  /// operator is excluded and initializers are checked by the caller; names are
  /// declared here except in for heads (the caller knows whether it is for-of).
  func parseVariableDeclarationList(
    _ declarationKind: DeclarationKind, start: Int32, inForHead: Bool
  ) throws(ParseError) -> VariableDeclaration {
    var declarators: [VariableDeclarator] = []
    repeat {
      let declaratorStart = token.start
      let target = try parseBindingTarget()
      if declarationKind != .var { try checkNoLetBinding(target) }
      var initializer: Expression?
      if try eat(.assign) {
        initializer = try parseAssignmentExpression(allowIn: !inForHead)
      } else if !inForHead {
        if declarationKind == .const {
          throw error("Missing initializer in const declaration", at: lastTokenEnd)
        }
        if case .identifier = target {
        } else {
          throw error("Missing initializer in destructuring declaration", at: lastTokenEnd)
        }
      }
      if !inForHead {
        try declarePattern(target, declarationKind == .var ? .variable : .lexical)
      }
      declarators.append(
        VariableDeclarator(
          target: target, initializer: initializer, range: range(from: declaratorStart)))
    } while try eat(.comma)
    return VariableDeclaration(
      kind: declarationKind, declarators: declarators, range: range(from: start))
  }

  /// `let` may not be bound by let, const or class declarations (ES2024 14.3.1.1).
  func checkNoLetBinding(_ target: Pattern) throws(ParseError) {
    var names: [IdentifierReference] = []
    collectBoundNames(target, into: &names)
    for name in names where name.name == "let" {
      throw error("let is disallowed as a lexically bound name", at: name.range.start)
    }
  }

  // MARK: If, loops

  private func parseParenthesizedExpression() throws(ParseError) -> Expression {
    try expect(.leftParen)
    let expression = try parseExpression()
    try expect(.rightParen)
    return expression
  }

  private func parseIfStatement() throws(ParseError) -> Statement {
    let start = token.start
    try next()
    let test = try parseParenthesizedExpression()
    let consequent = try parseIfClause()
    var alternate: Statement?
    if try eat(.kwElse) { alternate = try parseIfClause() }
    return Statement(
      .if(test: test, consequent: consequent, alternate: alternate), range(from: start))
  }

  /// Annex B.3.3: in sloppy mode an if clause may be a plain function
  /// declaration, which behaves as if wrapped in a block; it is wrapped so.
  private func parseIfClause() throws(ParseError) -> Statement {
    guard kind == .kwFunction && !strict else { return try parseStatement() }
    let start = token.start
    pushScope(.block)
    let function = try parseFunctionDeclaration(start: start, isAsync: false, isLabelled: true)
    popScope()
    let block = BlockStatement(body: [function], range: function.range)
    return Statement(.block(block), function.range)
  }

  /// The body of a loop: a Statement with `break` and `continue` targets.
  private func parseLoopBody() throws(ParseError) -> Statement {
    context.loopDepth += 1
    context.breakableDepth += 1
    defer {
      context.loopDepth -= 1
      context.breakableDepth -= 1
    }
    return try parseStatement()
  }

  private func parseWhileStatement() throws(ParseError) -> Statement {
    let start = token.start
    try next()
    let test = try parseParenthesizedExpression()
    let body = try parseLoopBody()
    return Statement(.while(test: test, body: body), range(from: start))
  }

  private func parseDoWhileStatement() throws(ParseError) -> Statement {
    let start = token.start
    try next()
    let body = try parseLoopBody()
    try expect(.kwWhile)
    let test = try parseParenthesizedExpression()
    // ES2024 12.10.1: a semicolon is inserted after do-while's `)` when missing.
    _ = try eat(.semicolon)
    return Statement(.doWhile(body: body, test: test), range(from: start))
  }

  private func parseForStatement() throws(ParseError) -> Statement {
    let start = token.start
    try next()
    var isAwait = false
    if token.isContextual(.await) && context.isAsync {
      isAwait = true
      if context.isModuleTopLevel { hasTopLevelAwait = true }
      try next()
    }
    try expect(.leftParen)
    pushScope(.block)
    defer { popScope() }
    if kind == .semicolon && !isAwait {
      return try parseForRest(start: start, initializer: nil)
    }
    let startsLet = token.isContextual(.let) ? try startsLetDeclaration() : false
    if kind == .kwVar || kind == .kwConst || startsLet {
      let declarationKind: DeclarationKind =
        kind == .kwVar ? .var : kind == .kwConst ? .const : .let
      let declarationStart = token.start
      try next()
      let declaration = try parseVariableDeclarationList(
        declarationKind, start: declarationStart, inForHead: true)
      return try parseForAfterDeclaration(start: start, declaration, isAwait: isAwait)
    }
    return try parseForAfterExpression(start: start, isAwait: isAwait)
  }

  private func parseForAfterDeclaration(
    start: Int32, _ declaration: VariableDeclaration, isAwait: Bool
  ) throws(ParseError) -> Statement {
    let isOf = token.isContextual(.of)
    guard kind == .kwIn || isOf else {
      if isAwait { throw unexpected() }
      for declarator in declaration.declarators where declarator.initializer == nil {
        if declaration.kind == .const {
          throw error("Missing initializer in const declaration", at: declarator.range.end)
        }
        if case .identifier = declarator.target {
        } else {
          throw error(
            "Missing initializer in destructuring declaration", at: declarator.range.end)
        }
      }
      for declarator in declaration.declarators {
        try declarePattern(declarator.target, declaration.kind == .var ? .variable : .lexical)
      }
      return try parseForRest(start: start, initializer: .declaration(declaration))
    }
    let loopName = isOf ? "for-of" : "for-in"
    if isAwait && !isOf { throw unexpected() }
    guard declaration.declarators.count == 1 else {
      throw error(
        "Invalid left-hand side in \(loopName) loop: Must have a single binding",
        at: declaration.range.start)
    }
    let declarator = declaration.declarators[0]
    if let initializer = declarator.initializer {
      // Annex B.3.5: `for (var x = 1 in o)` in sloppy mode only.
      var isAllowed = !isOf && !strict && declaration.kind == .var
      if case .identifier = declarator.target {} else { isAllowed = false }
      if !isAllowed {
        throw error(
          "\(loopName) loop variable declaration may not have an initializer",
          at: initializer.range.start)
      }
    }
    try declarePattern(declarator.target, declaration.kind == .var ? .variable : .lexical)
    try next()
    let right = isOf ? try parseAssignmentExpression(allowIn: true) : try parseExpression()
    try expect(.rightParen)
    let body = try parseLoopBody()
    let head = ForInOfStatement.Head.declaration(
      declaration.kind, declarator.target, initializer: declarator.initializer)
    let loop = ForInOfStatement(
      head: head, right: right, body: body, isAwait: isAwait, range: range(from: start))
    return Statement(isOf ? .forOf(loop) : .forIn(loop), loop.range)
  }

  private func parseForAfterExpression(start: Int32, isAwait: Bool) throws(ParseError)
    -> Statement
  {
    let first = token
    var cover = CoverErrors()
    let expression = try parseExpressionCover(allowIn: false, &cover)
    let isOf = token.isContextual(.of)
    guard kind == .kwIn || isOf else {
      if isAwait { throw unexpected() }
      try checkExpressionErrors(cover)
      return try parseForRest(start: start, initializer: .expression(expression))
    }
    if isAwait && !isOf { throw unexpected() }
    if isOf && first.isContextual(.let) {
      throw error("The left-hand side of a for-of loop may not be 'let'", at: first.start)
    }
    if isOf && !isAwait && first.isContextual(.async), case .identifier = expression.kind,
      expression.range == first.range
    {
      throw error("The left-hand side of a for-of loop may not be 'async'", at: first.start)
    }
    if cover.trailingCommaAfterRest >= 0 {
      throw error("Rest element must be last element", at: cover.trailingCommaAfterRest)
    }
    let target = try toAssignmentTarget(
      expression, message: "Invalid left-hand side in \(isOf ? "for-of" : "for-in") loop",
      allowCall: true)
    try next()
    let right = isOf ? try parseAssignmentExpression(allowIn: true) : try parseExpression()
    try expect(.rightParen)
    let body = try parseLoopBody()
    let loop = ForInOfStatement(
      head: .pattern(target), right: right, body: body, isAwait: isAwait,
      range: range(from: start))
    return Statement(isOf ? .forOf(loop) : .forIn(loop), loop.range)
  }

  /// `; test ; update ) body` of a C-style for statement.
  private func parseForRest(start: Int32, initializer: ForStatement.Initializer?)
    throws(ParseError) -> Statement
  {
    try expect(.semicolon)
    let test = kind == .semicolon ? nil : try parseExpression()
    try expect(.semicolon)
    let update = kind == .rightParen ? nil : try parseExpression()
    try expect(.rightParen)
    let body = try parseLoopBody()
    let loop = ForStatement(
      initializer: initializer, test: test, update: update, body: body, range: range(from: start))
    return Statement(.for(loop), loop.range)
  }

  // MARK: Jumps

  private func parseBreakOrContinue() throws(ParseError) -> Statement {
    let start = token.start
    let isBreak = kind == .kwBreak
    try next()
    var label: String?
    if kind == .identifier && !token.hasNewlineBefore {
      let labelToken = token
      try checkIdentifierReference(labelToken)
      let name = name(of: labelToken)
      try next()
      guard let target = context.labels.last(where: { $0.name == name }) else {
        throw error("Undefined label '\(name)'", at: labelToken.start)
      }
      if !isBreak && !target.isLoop {
        throw error(
          "Illegal continue statement: '\(name)' does not denote an iteration statement",
          at: start)
      }
      label = name
    } else if isBreak && context.breakableDepth == 0 {
      throw error("Illegal break statement", at: start)
    } else if !isBreak && context.loopDepth == 0 {
      throw error("Illegal continue statement: no surrounding iteration statement", at: start)
    }
    try consumeSemicolon()
    return Statement(
      isBreak ? .break(label: label) : .continue(label: label), range(from: start))
  }

  private func parseReturnStatement() throws(ParseError) -> Statement {
    let start = token.start
    if !context.allowReturn { throw error("Illegal return statement", at: start) }
    try next()
    var argument: Expression?
    if !canInsertSemicolon { argument = try parseExpression() }
    try consumeSemicolon()
    return Statement(.return(argument), range(from: start))
  }

  private func parseThrowStatement() throws(ParseError) -> Statement {
    let start = token.start
    try next()
    if token.hasNewlineBefore { throw error("Illegal newline after throw", at: token.start) }
    let argument = try parseExpression()
    try consumeSemicolon()
    return Statement(.throw(argument), range(from: start))
  }

  // MARK: With, switch, try

  private func parseWithStatement() throws(ParseError) -> Statement {
    let start = token.start
    if strict {
      throw error("Strict mode code may not include a with statement", at: start)
    }
    try next()
    let object = try parseParenthesizedExpression()
    let body = try parseStatement()
    return Statement(.with(object: object, body: body), range(from: start))
  }

  private func parseSwitchStatement() throws(ParseError) -> Statement {
    let start = token.start
    try next()
    let discriminant = try parseParenthesizedExpression()
    try expect(.leftBrace)
    pushScope(.block)
    context.breakableDepth += 1
    var cases: [SwitchCase] = []
    var hasDefault = false
    while kind != .rightBrace {
      let caseStart = token.start
      var test: Expression?
      if try eat(.kwCase) {
        test = try parseExpression()
      } else if kind == .kwDefault {
        if hasDefault {
          throw error("More than one default clause in switch statement", at: caseStart)
        }
        hasDefault = true
        try next()
      } else {
        throw unexpected()
      }
      try expect(.colon)
      var body: [Statement] = []
      while kind != .kwCase && kind != .kwDefault && kind != .rightBrace {
        if kind == .eof { throw unexpected() }
        body.append(try parseStatementListItem())
      }
      cases.append(SwitchCase(test: test, body: body, range: range(from: caseStart)))
    }
    context.breakableDepth -= 1
    popScope()
    try next()
    let statement = SwitchStatement(
      discriminant: discriminant, cases: cases, range: range(from: start))
    return Statement(.switch(statement), statement.range)
  }

  private func parseTryStatement() throws(ParseError) -> Statement {
    let start = token.start
    try next()
    let block = try parseBlock()
    var handler: CatchClause?
    var finalizer: BlockStatement?
    if kind == .kwCatch {
      handler = try parseCatchClause()
    }
    if try eat(.kwFinally) {
      finalizer = try parseBlock()
    }
    if handler == nil && finalizer == nil {
      throw error("Missing catch or finally after try", at: token.start)
    }
    let statement = TryStatement(
      block: block, handler: handler, finalizer: finalizer, range: range(from: start))
    return Statement(.try(statement), statement.range)
  }

  private func parseCatchClause() throws(ParseError) -> CatchClause {
    let start = token.start
    try next()
    pushScope(.catchClause)
    defer { popScope() }
    var parameter: Pattern?
    if try eat(.leftParen) {
      let target = try parseBindingTarget()
      if case .identifier = target { scopes[scopes.count - 1].isSimpleCatch = true }
      try declarePattern(target, .catchParameter)
      parameter = target
      try expect(.rightParen)
    }
    // The block shares the catch scope: `catch (e) { let e; }` is a redeclaration.
    let blockStart = token.start
    try expect(.leftBrace)
    var body: [Statement] = []
    while kind != .rightBrace {
      if kind == .eof { throw unexpected() }
      body.append(try parseStatementListItem())
    }
    try next()
    let block = BlockStatement(body: body, range: range(from: blockStart))
    return CatchClause(parameter: parameter, body: block, range: range(from: start))
  }

  /// `var` VariableDeclarationList `;` (the current token is `var`).
  func parseVariableStatement() throws(ParseError) -> Statement {
    let start = token.start
    try next()
    var declaration = try parseVariableDeclarationList(.var, start: start, inForHead: false)
    try consumeSemicolon()
    declaration.range = range(from: start)
    return Statement(.variableDeclaration(declaration), declaration.range)
  }
}
