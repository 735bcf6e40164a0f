// Expressions (ES2024 clause 13): precedence climbing for binary operators,
// cover grammars for arrows and destructuring, templates, optional chains.

extension Parser {
  // MARK: Entry points

  /// Expression[+In or ~In]: a comma-separated sequence, checked as an expression.
  func parseExpression(allowIn: Bool = true) throws(ParseError) -> Expression {
    var cover = CoverErrors()
    let expression = try parseExpressionCover(allowIn: allowIn, &cover)
    try checkExpressionErrors(cover)
    return expression
  }

  /// An Expression that may still become a pattern (for-in/of heads).
  func parseExpressionCover(allowIn: Bool, _ cover: inout CoverErrors) throws(ParseError)
    -> Expression
  {
    let start = token.start
    let first = try parseAssignment(allowIn: allowIn, &cover)
    guard kind == .comma else { return first }
    var items = [first]
    while try eat(.comma) {
      items.append(try parseAssignment(allowIn: allowIn, &cover))
    }
    return Expression(.sequence(items), range(from: start))
  }

  /// AssignmentExpression, checked as an expression.
  func parseAssignmentExpression(allowIn: Bool) throws(ParseError) -> Expression {
    var cover = CoverErrors()
    let expression = try parseAssignment(allowIn: allowIn, &cover)
    try checkExpressionErrors(cover)
    return expression
  }

  /// Rejects what is only valid in a pattern.
  func checkExpressionErrors(_ cover: CoverErrors) throws(ParseError) {
    if cover.shorthandAssign >= 0 {
      throw error("Invalid shorthand property initializer", at: cover.shorthandAssign)
    }
    if cover.doubleProto >= 0 {
      throw error(
        "Duplicate __proto__ fields are not allowed in object literals", at: cover.doubleProto)
    }
  }

  // MARK: Assignment

  /// AssignmentExpression; errors that depend on a later `=` or `=>` go to `cover`.
  func parseAssignment(allowIn: Bool, _ cover: inout CoverErrors) throws(ParseError)
    -> Expression
  {
    try enterNesting()
    defer { exitNesting() }
    if token.word == .yield && context.isGenerator && kind == .identifier {
      return try parseYieldExpression(allowIn: allowIn)
    }
    let start = token.start
    potentialArrowStart = start
    var own = CoverErrors()
    let left = try parseConditional(allowIn: allowIn, &own)
    if kind == .arrow {
      cover.merge(own)
      return try parseArrowFunction(start: start, left: left, allowIn: allowIn)
    }
    guard kind.isAssignmentOperator else {
      cover.merge(own)
      return left
    }
    let operatorToken = token
    let assignmentOperator = Parser.assignmentOperator(operatorToken.kind)
    let target: Pattern
    if assignmentOperator == .assign {
      if own.trailingCommaAfterRest >= 0 {
        throw error("Rest element must be last element", at: own.trailingCommaAfterRest)
      }
      target = try toAssignmentTarget(left, allowCall: true)
      // Valid in a pattern; only the parenthesized mark still matters to an enclosing arrow.
      own.shorthandAssign = -1
      own.doubleProto = -1
      own.trailingCommaAfterRest = -1
    } else {
      try checkExpressionErrors(own)
      let isLogical =
        assignmentOperator == .logicalAnd || assignmentOperator == .logicalOr
        || assignmentOperator == .nullishCoalescing
      target = try simpleAssignmentTarget(
        left, message: "Invalid left-hand side in assignment", allowCall: !isLogical)
    }
    cover.merge(own)
    try next()
    let value = try parseAssignmentExpression(allowIn: allowIn)
    return Expression(
      .assignment(assignmentOperator, target: target, value: value), range(from: start))
  }

  static func assignmentOperator(_ kind: TokenKind) -> AssignmentOperator {
    switch kind {
    case .plusAssign: .add
    case .minusAssign: .subtract
    case .starAssign: .multiply
    case .slashAssign: .divide
    case .percentAssign: .remainder
    case .starStarAssign: .exponent
    case .leftShiftAssign: .leftShift
    case .rightShiftAssign: .rightShift
    case .unsignedRightShiftAssign: .unsignedRightShift
    case .ampersandAssign: .bitwiseAnd
    case .barAssign: .bitwiseOr
    case .caretAssign: .bitwiseXor
    case .ampersandAmpersandAssign: .logicalAnd
    case .barBarAssign: .logicalOr
    case .questionQuestionAssign: .nullishCoalescing
    default: .assign
    }
  }

  /// At `=>`: `left` must be the identifier or the cover just parsed from `start`.
  private func parseArrowFunction(start: Int32, left: Expression, allowIn: Bool)
    throws(ParseError) -> Expression
  {
    if token.hasNewlineBefore { throw unexpected() }
    let parameters: ParameterList
    var isAsync = false
    if let cover = arrowCover, cover.start == start, cover.end == lastTokenEnd {
      arrowCover = nil
      parameters = try arrowParameters(from: cover)
      isAsync = cover.isAsync
    } else if case .identifier(let identifier) = left.kind, left.range.start == start,
      left.range.end == lastTokenEnd
    {
      if strict { try checkStrictBindingName(identifier.name, at: identifier.range.start) }
      var list = ParameterList()
      list.parameters = [
        Parameter(target: .identifier(identifier), defaultValue: nil, range: identifier.range)
      ]
      list.names = [identifier]
      parameters = list
    } else {
      throw error("Malformed arrow function parameter list", at: left.range.start)
    }
    try next()
    return try parseArrowFunctionBody(
      start: start, parameters: parameters, isAsync: isAsync, allowIn: allowIn)
  }

  /// YieldExpression (ES2024 15.5).
  private func parseYieldExpression(allowIn: Bool) throws(ParseError) -> Expression {
    let start = token.start
    if token.hasEscape {
      throw error("Keyword must not contain escaped characters", at: start)
    }
    if context.inParameters {
      throw error("Yield expression not allowed in formal parameter", at: start)
    }
    try next()
    if positions.yieldExpression < 0 { positions.yieldExpression = start }
    var isDelegate = false
    var argument: Expression?
    if !token.hasNewlineBefore {
      if kind == .star {
        isDelegate = true
        try next()
        argument = try parseAssignmentExpression(allowIn: allowIn)
      } else if startsExpression(kind) {
        argument = try parseAssignmentExpression(allowIn: allowIn)
      }
    }
    return Expression(.yield(argument, isDelegate: isDelegate), range(from: start))
  }

  /// Tokens that can begin an AssignmentExpression (for a yield's optional operand).
  private func startsExpression(_ kind: TokenKind) -> Bool {
    switch kind {
    case .identifier, .privateName, .number, .bigInt, .string, .template, .regExp,
      .leftBrace, .leftParen, .leftBracket, .plus, .minus, .bang, .tilde, .plusPlus,
      .minusMinus, .slash, .slashAssign, .kwThis, .kwFunction, .kwClass, .kwNew, .kwTypeof,
      .kwVoid, .kwDelete, .kwNull, .kwTrue, .kwFalse, .kwSuper, .kwImport:
      true
    default:
      false
    }
  }

  // MARK: Conditional and binary operators

  private func parseConditional(allowIn: Bool, _ cover: inout CoverErrors) throws(ParseError)
    -> Expression
  {
    let start = token.start
    let test = try parseBinary(minimumPrecedence: 1, allowIn: allowIn, &cover)
    guard kind == .question else { return test }
    try next()
    let consequent = try parseAssignmentExpression(allowIn: true)
    try expect(.colon)
    let alternate = try parseAssignmentExpression(allowIn: allowIn)
    return Expression(
      .conditional(test: test, consequent: consequent, alternate: alternate), range(from: start))
  }

  /// Precedence of a binary operator token (0: not one). `??` sits below `||`
  /// so mixing them without parentheses can be detected when combining.
  @inline(__always)
  static func binaryPrecedence(_ kind: TokenKind, allowIn: Bool) -> Int {
    switch kind {
    case .questionQuestion: 1
    case .barBar: 2
    case .ampersandAmpersand: 3
    case .bar: 4
    case .caret: 5
    case .ampersand: 6
    case .equal, .notEqual, .strictEqual, .strictNotEqual: 7
    case .lessThan, .greaterThan, .lessThanOrEqual, .greaterThanOrEqual, .kwInstanceof: 8
    case .kwIn: allowIn ? 8 : 0
    case .leftShift, .rightShift, .unsignedRightShift: 9
    case .plus, .minus: 10
    case .star, .slash, .percent: 11
    case .starStar: 12
    default: 0
    }
  }

  private static let relationalPrecedence = 8

  private func parseBinary(minimumPrecedence: Int, allowIn: Bool, _ cover: inout CoverErrors)
    throws(ParseError) -> Expression
  {
    let start = token.start
    let left: Expression
    if kind == .privateName {
      left = try parsePrivateIn(minimumPrecedence: minimumPrecedence, allowIn: allowIn)
    } else {
      left = try parseUnary(&cover)
    }
    return try parseBinaryTail(
      start: start, left: left, minimumPrecedence: minimumPrecedence, allowIn: allowIn)
  }

  private func parseBinaryTail(
    start: Int32, left initialLeft: Expression, minimumPrecedence: Int, allowIn: Bool
  ) throws(ParseError) -> Expression {
    // The chain nests to the left without recursion here or in any later pass
    // (see `Expression.operatorChain`), so its links do not count as nesting.
    var left = initialLeft
    while true {
      let precedence = Parser.binaryPrecedence(kind, allowIn: allowIn)
      guard precedence > 0 && precedence >= minimumPrecedence else { break }
      let operatorToken = token
      try next()
      let rightStart = token.start
      var right: Expression
      if kind == .privateName {
        right = try parsePrivateIn(minimumPrecedence: precedence + 1, allowIn: allowIn)
      } else {
        var rightCover = CoverErrors()
        right = try parseUnary(&rightCover)
        try checkExpressionErrors(rightCover)
      }
      if operatorToken.kind == .starStar {
        // `**` is right-associative: its chain nests to the right, by recursion.
        try enterNesting()
        defer { exitNesting() }
        right = try parseBinaryTail(
          start: rightStart, left: right, minimumPrecedence: precedence, allowIn: allowIn)
      } else {
        right = try parseBinaryTail(
          start: rightStart, left: right, minimumPrecedence: precedence + 1, allowIn: allowIn)
      }
      left = try combine(operatorToken, left, right, start: start)
    }
    return left
  }

  private func combine(
    _ operatorToken: Token, _ left: Expression, _ right: Expression, start: Int32
  )
    throws(ParseError) -> Expression
  {
    // The right operand was just parsed: `lastTokenEnd` includes its closing parentheses.
    let range = SourceRange(start: start, end: lastTokenEnd)
    switch operatorToken.kind {
    case .questionQuestion:
      // ES2024 13.13: `??` does not mix with unparenthesized `&&` or `||`.
      if isBareAndOr(left) || isBareAndOr(right) { throw unexpected(operatorToken) }
      return Expression(.logical(.nullishCoalescing, Operands(left, right)), range)
    case .barBar, .ampersandAmpersand:
      if isBareCoalesce(left) || isBareCoalesce(right) { throw unexpected(operatorToken) }
      let logicalOperator: LogicalOperator = operatorToken.kind == .barBar ? .or : .and
      return Expression(.logical(logicalOperator, Operands(left, right)), range)
    default:
      return Expression(.binary(Parser.binaryOperator(operatorToken.kind), Operands(left, right)), range)
    }
  }

  private func isBareAndOr(_ expression: Expression) -> Bool {
    guard case .logical(let logicalOperator, _) = expression.kind else { return false }
    return logicalOperator != .nullishCoalescing && !isParenthesized(expression)
  }

  private func isBareCoalesce(_ expression: Expression) -> Bool {
    guard case .logical(.nullishCoalescing, _) = expression.kind else { return false }
    return !isParenthesized(expression)
  }

  static func binaryOperator(_ kind: TokenKind) -> BinaryOperator {
    switch kind {
    case .equal: .equal
    case .notEqual: .notEqual
    case .strictEqual: .strictEqual
    case .strictNotEqual: .strictNotEqual
    case .lessThan: .lessThan
    case .lessThanOrEqual: .lessThanOrEqual
    case .greaterThan: .greaterThan
    case .greaterThanOrEqual: .greaterThanOrEqual
    case .leftShift: .leftShift
    case .rightShift: .rightShift
    case .unsignedRightShift: .unsignedRightShift
    case .plus: .add
    case .minus: .subtract
    case .star: .multiply
    case .slash: .divide
    case .percent: .remainder
    case .starStar: .exponent
    case .bar: .bitwiseOr
    case .caret: .bitwiseXor
    case .ampersand: .bitwiseAnd
    case .kwIn: .in
    default: .instanceof
    }
  }

  /// `#x in obj` (ES2024 13.10: RelationalExpression : PrivateIdentifier in ShiftExpression).
  private func parsePrivateIn(minimumPrecedence: Int, allowIn: Bool) throws(ParseError)
    -> Expression
  {
    let privateToken = token
    let name = name(of: privateToken)
    try next()
    guard kind == .kwIn, allowIn, minimumPrecedence <= Parser.relationalPrecedence else {
      throw unexpected(privateToken)
    }
    try usePrivateName(name, at: privateToken.start)
    try next()
    var cover = CoverErrors()
    let objectStart = token.start
    let operand = try parseUnary(&cover)
    try checkExpressionErrors(cover)
    let object = try parseBinaryTail(
      start: objectStart, left: operand, minimumPrecedence: Parser.relationalPrecedence + 1,
      allowIn: allowIn)
    return Expression(.privateIn(name: name, object: object), range(from: privateToken.start))
  }

  // MARK: Unary and update

  private func parseUnary(_ cover: inout CoverErrors) throws(ParseError) -> Expression {
    let start = token.start
    let unaryOperator: UnaryOperator
    switch kind {
    case .plus: unaryOperator = .plus
    case .minus: unaryOperator = .minus
    case .bang: unaryOperator = .logicalNot
    case .tilde: unaryOperator = .bitwiseNot
    case .kwTypeof: unaryOperator = .typeof
    case .kwVoid: unaryOperator = .void
    case .kwDelete: unaryOperator = .delete
    case .plusPlus, .minusMinus:
      return try parsePrefixUpdate()
    case .identifier where token.word == .await && (context.isAsync || context.inStaticBlock):
      return try parseAwaitExpression()
    default:
      return try parsePostfix(&cover)
    }
    try enterNesting()
    defer { exitNesting() }
    try next()
    var operandCover = CoverErrors()
    let operand = try parseUnary(&operandCover)
    try checkExpressionErrors(operandCover)
    if unaryOperator == .delete { try checkDeleteOperand(operand) }
    if kind == .starStar {
      throw error(
        "Unary operator used immediately before exponentiation expression. Parenthesis must be used to disambiguate operator precedence",
        at: token.start)
    }
    return Expression(.unary(unaryOperator, operand), range(from: start))
  }

  /// ES2024 13.5.1.1: `delete x` in strict code, and deleting a private reference.
  private func checkDeleteOperand(_ operand: Expression) throws(ParseError) {
    switch operand.kind {
    case .identifier where strict:
      throw error("Delete of an unqualified identifier in strict mode", at: operand.range.start)
    case .privateMember:
      throw error("Private fields can not be deleted", at: operand.range.start)
    case .optionalChain(let chain):
      if case .privateMember = chain.kind {
        throw error("Private fields can not be deleted", at: operand.range.start)
      }
    default:
      break
    }
  }

  private func parseAwaitExpression() throws(ParseError) -> Expression {
    let start = token.start
    if !context.isAsync {
      throw error("Unexpected reserved word", at: start)
    }
    if token.hasEscape {
      throw error("Keyword must not contain escaped characters", at: start)
    }
    if context.inParameters {
      throw error("Illegal await-expression in formal parameters of async function", at: start)
    }
    try enterNesting()
    defer { exitNesting() }
    try next()
    if positions.awaitExpression < 0 { positions.awaitExpression = start }
    if context.isModuleTopLevel { hasTopLevelAwait = true }
    var cover = CoverErrors()
    let operand = try parseUnary(&cover)
    try checkExpressionErrors(cover)
    if kind == .starStar {
      throw error(
        "Unary operator used immediately before exponentiation expression. Parenthesis must be used to disambiguate operator precedence",
        at: token.start)
    }
    return Expression(.await(operand), range(from: start))
  }

  private func parsePrefixUpdate() throws(ParseError) -> Expression {
    let start = token.start
    let updateOperator: UpdateOperator = kind == .plusPlus ? .increment : .decrement
    try enterNesting()
    defer { exitNesting() }
    try next()
    var cover = CoverErrors()
    let operand = try parseUnary(&cover)
    try checkExpressionErrors(cover)
    _ = try simpleAssignmentTarget(
      operand, message: "Invalid left-hand side expression in prefix operation", allowCall: true)
    return Expression(
      .update(updateOperator, isPrefix: true, target: operand), range(from: start))
  }

  private func parsePostfix(_ cover: inout CoverErrors) throws(ParseError) -> Expression {
    let start = token.start
    let expression = try parseLeftHandSide(&cover)
    guard kind == .plusPlus || kind == .minusMinus, !token.hasNewlineBefore else {
      return expression
    }
    try checkExpressionErrors(cover)
    _ = try simpleAssignmentTarget(
      expression, message: "Invalid left-hand side expression in postfix operation",
      allowCall: true)
    let updateOperator: UpdateOperator = kind == .plusPlus ? .increment : .decrement
    try next()
    return Expression(
      .update(updateOperator, isPrefix: false, target: expression), range(from: start))
  }

  // MARK: Left-hand-side expressions

  func parseLeftHandSide(_ cover: inout CoverErrors) throws(ParseError) -> Expression {
    let start = token.start
    let base: Expression
    switch kind {
    case .kwNew: base = try parseNew()
    case .kwSuper: base = try parseSuper(inNew: false)
    case .kwImport: base = try parseImport()
    default: base = try parsePrimary(&cover, inNew: false)
    }
    return try parseCallTail(start: start, base, allowCalls: true)
  }

  /// Member accesses, calls, tagged templates and optional chains after `base`.
  /// Without calls (a `new` callee) an optional chain is an error.
  func parseCallTail(start: Int32, _ base: Expression, allowCalls: Bool) throws(ParseError)
    -> Expression
  {
    var expression = base
    var isOptionalChain = false
    var links = 0
    defer { depth -= links }
    loop: while true {
      switch kind {
      case .dot:
        try next()
        expression = try parseMemberName(of: expression, start: start, isOptional: false)
      case .questionDot:
        guard allowCalls else {
          throw error("Invalid optional chain from new expression", at: token.start)
        }
        isOptionalChain = true
        try next()
        switch kind {
        case .leftParen:
          let arguments = try parseArguments()
          expression = Expression(
            .call(callee: expression, arguments: arguments, isOptional: true), range(from: start))
        case .leftBracket:
          try next()
          let property = try parseExpression()
          try expect(.rightBracket)
          expression = Expression(
            .computedMember(object: expression, property: property, isOptional: true),
            range(from: start))
        case .template:
          throw error("Invalid tagged template on optional chain", at: token.start)
        default:
          expression = try parseMemberName(of: expression, start: start, isOptional: true)
        }
      case .leftBracket:
        try next()
        let property = try parseExpression()
        try expect(.rightBracket)
        expression = Expression(
          .computedMember(object: expression, property: property, isOptional: false),
          range(from: start))
      case .leftParen:
        guard allowCalls else { break loop }
        let arguments = try parseArguments()
        expression = Expression(
          .call(callee: expression, arguments: arguments, isOptional: false), range(from: start))
      case .template:
        if isOptionalChain {
          throw error("Invalid tagged template on optional chain", at: token.start)
        }
        let quasi = try parseTemplate(tagged: true)
        expression = Expression(.taggedTemplate(tag: expression, quasi: quasi), range(from: start))
      default:
        break loop
      }
      try enterNesting()
      links += 1
    }
    if isOptionalChain {
      expression = Expression(.optionalChain(expression), expression.range)
    }
    return expression
  }

  /// After `.` or `?.`: an IdentifierName or a PrivateIdentifier.
  private func parseMemberName(of object: Expression, start: Int32, isOptional: Bool)
    throws(ParseError) -> Expression
  {
    let nameToken = token
    if kind == .privateName {
      let name = name(of: nameToken)
      try usePrivateName(name, at: nameToken.start)
      try next()
      return Expression(
        .privateMember(object: object, name: name, isOptional: isOptional), range(from: start))
    }
    guard kind.isIdentifierName else { throw unexpected() }
    let name = name(of: nameToken)
    try next()
    return Expression(
      .member(object: object, name: name, isOptional: isOptional), range(from: start))
  }

  func parseArguments() throws(ParseError) -> [Argument] {
    try expect(.leftParen)
    var arguments: [Argument] = []
    while kind != .rightParen {
      if try eat(.ellipsis) {
        arguments.append(.spread(try parseAssignmentExpression(allowIn: true)))
      } else {
        arguments.append(.expression(try parseAssignmentExpression(allowIn: true)))
      }
      if kind != .rightParen { try expect(.comma) }
    }
    try next()
    return arguments
  }

  /// `new MemberExpression Arguments?` or `new.target`.
  private func parseNew() throws(ParseError) -> Expression {
    let start = token.start
    try next()
    if kind == .dot {
      try next()
      guard token.isContextual(.target) else { throw unexpected() }
      if !context.allowNewTarget {
        throw error("new.target expression is not allowed here", at: start)
      }
      try next()
      return Expression(.newTarget, range(from: start))
    }
    try enterNesting()
    defer { exitNesting() }
    let calleeStart = token.start
    var callee: Expression
    switch kind {
    case .kwNew:
      callee = try parseNew()
    case .kwSuper:
      callee = try parseSuper(inNew: true)
    case .kwImport:
      // `new import.meta` is a MemberExpression; `new import(…)` is not.
      guard try peek().kind == .dot else {
        throw error("Cannot use new with import", at: token.start)
      }
      callee = try parseImport()
    default:
      var cover = CoverErrors()
      callee = try parsePrimary(&cover, inNew: true)
      try checkExpressionErrors(cover)
    }
    callee = try parseCallTail(start: calleeStart, callee, allowCalls: false)
    var arguments: [Argument] = []
    if kind == .leftParen { arguments = try parseArguments() }
    return Expression(.new(callee: callee, arguments: arguments), range(from: start))
  }

  /// `super(…)`, `super.name`, `super[expression]` where the context allows them.
  private func parseSuper(inNew: Bool) throws(ParseError) -> Expression {
    let start = token.start
    try next()
    switch kind {
    case .leftParen where !inNew:
      guard context.allowSuperCall else {
        throw error("'super' keyword unexpected here", at: start)
      }
      let arguments = try parseArguments()
      return Expression(.superCall(arguments), range(from: start))
    case .dot:
      guard context.allowSuperProperty else {
        throw error("'super' keyword unexpected here", at: start)
      }
      try next()
      guard kind.isIdentifierName else {
        throw kind == .privateName
          ? error("Unexpected private field", at: token.start) : unexpected()
      }
      let name = name(of: token)
      try next()
      return Expression(.superMember(name: name), range(from: start))
    case .leftBracket:
      guard context.allowSuperProperty else {
        throw error("'super' keyword unexpected here", at: start)
      }
      try next()
      let property = try parseExpression()
      try expect(.rightBracket)
      return Expression(.superComputedMember(property), range(from: start))
    default:
      throw error("'super' keyword unexpected here", at: start)
    }
  }

  /// `import(specifier)`, `import(specifier, options)` (each with an optional
  /// trailing comma; ES2025 13.3.10); `import.meta` is only for modules.
  private func parseImport() throws(ParseError) -> Expression {
    let start = token.start
    try next()
    if kind == .dot {
      try next()
      guard token.isContextual(.meta) else { throw unexpected() }
      guard isModule else { throw error("Cannot use 'import.meta' outside a module", at: start) }
      try next()
      return Expression(.importMeta, range(from: start))
    }
    guard kind == .leftParen else { throw unexpected() }
    try next()
    let specifier = try parseAssignmentExpression(allowIn: true)
    var options: Expression?
    if try eat(.comma), kind != .rightParen {
      options = try parseAssignmentExpression(allowIn: true)
      _ = try eat(.comma)
    }
    try expect(.rightParen)
    return Expression(.importCall(specifier, options: options), range(from: start))
  }

  // MARK: Primary expressions

  func parsePrimary(_ cover: inout CoverErrors, inNew: Bool) throws(ParseError) -> Expression {
    let current = token
    let start = current.start
    switch current.kind {
    case .identifier:
      return try parseIdentifierPrimary(&cover, inNew: inNew)
    case .number:
      try checkLegacyOctalNumber(current)
      let value = lexer.numberValue
      try next()
      return Expression(.numberLiteral(value), current.range)
    case .bigInt:
      let value = lexer.bigIntValue
      try next()
      return Expression(.bigIntLiteral(value), current.range)
    case .string:
      if strict && current.isLegacyOctal {
        throw error("Octal escape sequences are not allowed in strict mode", at: start)
      }
      let value = lexer.stringValue
      try next()
      return Expression(.stringLiteral(value), current.range)
    case .template:
      let literal = try parseTemplate(tagged: false)
      return Expression(.template(literal), range(from: start))
    case .slash, .slashAssign:
      return try parseRegExpLiteral()
    case .leftParen:
      return try parseParenthesized(&cover, canBeArrow: !inNew && start == potentialArrowStart)
    case .leftBracket:
      return try parseArrayLiteral(&cover)
    case .leftBrace:
      return try parseObjectLiteral(&cover)
    case .kwFunction:
      return try parseFunctionExpression(start: start, isAsync: false)
    case .kwClass:
      let node = try parseClass(isDeclaration: false)
      return Expression(.class(node), node.range)
    case .kwThis:
      try next()
      return Expression(.this, current.range)
    case .kwNull:
      try next()
      return Expression(.nullLiteral, current.range)
    case .kwTrue, .kwFalse:
      try next()
      return Expression(.booleanLiteral(current.kind == .kwTrue), current.range)
    default:
      throw unexpected()
    }
  }

  func checkLegacyOctalNumber(_ token: Token) throws(ParseError) {
    guard strict && token.isLegacyOctal else { return }
    let isOctal = !lexer.text[Int(token.start)..<Int(token.end)].contains {
      $0 == 0x38 || $0 == 0x39
    }
    throw error(
      isOctal
        ? "Octal literals are not allowed in strict mode"
        : "Decimals with leading zeros are not allowed in strict mode", at: token.start)
  }

  private func parseIdentifierPrimary(_ cover: inout CoverErrors, inNew: Bool)
    throws(ParseError) -> Expression
  {
    let identifierToken = token
    let start = identifierToken.start
    if identifierToken.isContextual(.async) {
      let canBeArrow = !inNew && start == potentialArrowStart
      try next()
      if kind == .kwFunction && !token.hasNewlineBefore {
        return try parseFunctionExpression(start: start, isAsync: true)
      }
      if canBeArrow && !token.hasNewlineBefore {
        // `async of` without `=>` is the head of `for await (async of …)`.
        var isForOfHead = false
        if token.isContextual(.of) { isForOfHead = try peek().kind != .arrow }
        if kind == .identifier && !isForOfHead {
          return try parseAsyncArrowIdentifierHead(start: start)
        }
        if kind == .leftParen {
          let callee = Expression(
            .identifier(IdentifierReference(name: "async", range: identifierToken.range)),
            identifierToken.range)
          return try parseAsyncArrowOrCall(start: start, callee: callee)
        }
      }
      let identifier = IdentifierReference(name: "async", range: identifierToken.range)
      return Expression(.identifier(identifier), identifierToken.range)
    }
    try checkIdentifierReference(identifierToken)
    let identifier = IdentifierReference(
      name: name(of: identifierToken), range: identifierToken.range)
    try next()
    return Expression(.identifier(identifier), identifierToken.range)
  }

  /// `async x =>`: the parameter of an async arrow (AsyncArrowBindingIdentifier[+Await]).
  private func parseAsyncArrowIdentifierHead(start: Int32) throws(ParseError) -> Expression {
    let parameterToken = token
    if parameterToken.word == .await {
      throw error("Unexpected reserved word", at: parameterToken.start)
    }
    try checkBindingIdentifier(parameterToken)
    try next()
    guard kind == .arrow, !token.hasNewlineBefore else { throw unexpected() }
    let identifier = IdentifierReference(
      name: name(of: parameterToken), range: parameterToken.range)
    let expression = Expression(.identifier(identifier), parameterToken.range)
    arrowCover = ArrowCover(
      start: start, end: lastTokenEnd, items: [expression], rest: nil, isAsync: true,
      errors: CoverErrors(), positions: YieldAwaitPositions())
    return expression
  }

  /// `async(…)`: a call, or the head of an async arrow when `=>` follows
  /// (CoverCallExpressionAndAsyncArrowHead).
  private func parseAsyncArrowOrCall(start: Int32, callee: Expression) throws(ParseError)
    -> Expression
  {
    let savedPositions = positions
    positions = YieldAwaitPositions()
    var listCover = CoverErrors()
    var arguments: [Argument] = []
    try next()
    while kind != .rightParen {
      if try eat(.ellipsis) {
        arguments.append(.spread(try parseAssignment(allowIn: true, &listCover)))
        if kind == .comma && listCover.trailingCommaAfterRest < 0 {
          listCover.trailingCommaAfterRest = token.start
        }
      } else {
        arguments.append(.expression(try parseAssignment(allowIn: true, &listCover)))
      }
      if kind != .rightParen { try expect(.comma) }
    }
    try next()
    let inner = positions
    positions = savedPositions
    positions.merge(inner)
    if kind == .arrow && !token.hasNewlineBefore {
      var items: [Expression] = []
      var rest: Pattern?
      for (index, argument) in arguments.enumerated() {
        switch argument {
        case .expression(let expression):
          items.append(expression)
        case .spread(let expression):
          guard index == arguments.count - 1 else {
            throw error("Rest parameter must be last formal parameter", at: expression.range.start)
          }
          rest = try toBindingTarget(expression)
        }
      }
      arrowCover = ArrowCover(
        start: start, end: lastTokenEnd, items: items, rest: rest, isAsync: true,
        errors: listCover, positions: inner)
      return Expression(.sequence(items), range(from: start))
    }
    try checkExpressionErrors(listCover)
    return Expression(
      .call(callee: callee, arguments: arguments, isOptional: false), range(from: start))
  }

  /// `( … )`: a parenthesized expression, or arrow parameters when `=>` follows.
  private func parseParenthesized(_ cover: inout CoverErrors, canBeArrow: Bool)
    throws(ParseError) -> Expression
  {
    let start = token.start
    try next()
    let savedPositions = positions
    positions = YieldAwaitPositions()
    var items: [Expression] = []
    var rest: Pattern?
    var restStart: Int32 = -1
    var trailingComma: Int32 = -1
    var listCover = CoverErrors()
    let firstItemStart = token.start
    var lastItemEnd = firstItemStart
    if kind != .rightParen {
      while true {
        if kind == .ellipsis {
          restStart = token.start
          try next()
          rest = try parseBindingTarget()
          if kind == .assign {
            throw error("Rest parameter may not have a default initializer", at: token.start)
          }
          if kind != .rightParen {
            throw error("Rest parameter must be last formal parameter", at: token.start)
          }
          break
        }
        items.append(try parseAssignment(allowIn: true, &listCover))
        lastItemEnd = lastTokenEnd
        guard kind == .comma else { break }
        let commaStart = token.start
        try next()
        if kind == .rightParen {
          trailingComma = commaStart
          break
        }
      }
    }
    let closeParen = token
    try expect(.rightParen)
    let inner = positions
    positions = savedPositions
    positions.merge(inner)
    let isArrow = canBeArrow && kind == .arrow && !token.hasNewlineBefore
    if isArrow {
      arrowCover = ArrowCover(
        start: start, end: lastTokenEnd, items: items, rest: rest, isAsync: false,
        errors: listCover, positions: inner)
      return Expression(.sequence(items), range(from: start))
    }
    if items.isEmpty && rest == nil { throw unexpected(closeParen) }
    if restStart >= 0 { throw error("Unexpected token '...'", at: restStart) }
    if trailingComma >= 0 { throw unexpected(closeParen) }
    try checkExpressionErrors(listCover)
    let expression =
      items.count == 1
      ? items[0]
      : Expression(.sequence(items), SourceRange(start: firstItemStart, end: lastItemEnd))
    markParenthesized(expression)
    if cover.parenthesized < 0 { cover.parenthesized = start }
    return expression
  }

  private func parseRegExpLiteral() throws(ParseError) -> Expression {
    let start = token.start
    try lexer.rescanRegExp()
    let pattern = lexer.regExpPattern
    let flags = lexer.regExpFlags
    if let validate = options.validateRegExp, let message = validate(pattern, flags) {
      throw error(
        "Invalid regular expression: /\(String(decoding: pattern, as: UTF16.self))/\(flags): \(message)",
        at: start)
    }
    try next()
    return Expression(
      .regExpLiteral(RegExpLiteral(pattern: pattern, flags: flags)), range(from: start))
  }

  // MARK: Templates

  /// A template literal from the current template token; `tagged` allows
  /// invalid escapes (their cooked value is undefined).
  func parseTemplate(tagged: Bool) throws(ParseError) -> TemplateLiteral {
    var quasis: [TemplateElement] = []
    var expressions: [Expression] = []
    while true {
      let piece = token
      if piece.hasInvalidEscape && !tagged, let escapeError = lexer.templateEscapeError {
        throw escapeError
      }
      let contentEnd = piece.end - (piece.isTemplateTail ? 1 : 2)
      quasis.append(
        TemplateElement(
          cooked: piece.hasInvalidEscape ? nil : lexer.stringValue, raw: lexer.templateRaw,
          range: SourceRange(start: piece.start + 1, end: contentEnd)))
      try next()
      if piece.isTemplateTail { break }
      expressions.append(try parseExpression())
      guard kind == .rightBrace else { throw unexpected() }
      try lexer.rescanTemplateContinuation()
    }
    return TemplateLiteral(quasis: quasis, expressions: expressions)
  }

  // MARK: Array and object literals

  private func parseArrayLiteral(_ cover: inout CoverErrors) throws(ParseError) -> Expression {
    try enterNesting()
    defer { exitNesting() }
    let start = token.start
    try next()
    var elements: [ArrayElement] = []
    while kind != .rightBracket {
      if kind == .comma {
        try next()
        elements.append(.hole)
        continue
      }
      if try eat(.ellipsis) {
        elements.append(.spread(try parseAssignment(allowIn: true, &cover)))
        if kind == .comma && cover.trailingCommaAfterRest < 0 {
          cover.trailingCommaAfterRest = token.start
        }
      } else {
        elements.append(.expression(try parseAssignment(allowIn: true, &cover)))
      }
      if kind != .rightBracket { try expect(.comma) }
    }
    try next()
    return Expression(.array(elements), range(from: start))
  }

  private func parseObjectLiteral(_ cover: inout CoverErrors) throws(ParseError) -> Expression {
    try enterNesting()
    defer { exitNesting() }
    let start = token.start
    try next()
    var properties: [ObjectProperty] = []
    var hasProto = false
    while kind != .rightBrace {
      properties.append(try parseObjectProperty(&cover, hasProto: &hasProto))
      if kind != .rightBrace { try expect(.comma) }
    }
    try next()
    return Expression(.object(properties), range(from: start))
  }

  private func parseObjectProperty(_ cover: inout CoverErrors, hasProto: inout Bool)
    throws(ParseError) -> ObjectProperty
  {
    let start = token.start
    if try eat(.ellipsis) {
      let argument = try parseAssignment(allowIn: true, &cover)
      if kind == .comma && cover.trailingCommaAfterRest < 0 {
        cover.trailingCommaAfterRest = token.start
      }
      return ObjectProperty(.spread(argument), range(from: start))
    }
    var isAsync = false
    var isGenerator = false
    var methodKind = MethodKind.method
    var keyToken = token
    var key: PropertyKeyNode?
    if token.isContextual(.async) || token.isContextual(.get) || token.isContextual(.set) {
      let modifier = token
      try next()
      if isPropertyNameEnd(kind) || (modifier.word == .async && token.hasNewlineBefore) {
        key = PropertyKeyNode(.identifier(name(of: modifier)), modifier.range)
        keyToken = modifier
      } else if modifier.word == .async {
        isAsync = true
        isGenerator = try eat(.star)
      } else {
        methodKind = modifier.word == .get ? .getter : .setter
      }
    } else if try eat(.star) {
      isGenerator = true
    }
    if key == nil {
      keyToken = token
      key = try parsePropertyName(allowPrivate: false)
    }
    guard let key else { throw unexpected() }
    if isAsync || isGenerator || methodKind != .method || kind == .leftParen {
      let functionKind: FunctionKind =
        methodKind == .getter ? .getter : methodKind == .setter ? .setter : .method
      let function = try parseMethod(
        start: start, kind: functionKind, isAsync: isAsync, isGenerator: isGenerator)
      return ObjectProperty(.method(key, function, methodKind), range(from: start))
    }
    if try eat(.colon) {
      let value = try parseAssignment(allowIn: true, &cover)
      if isProtoKey(key) {
        if hasProto && cover.doubleProto < 0 { cover.doubleProto = key.range.start }
        hasProto = true
        return ObjectProperty(.protoSetter(value), range(from: start))
      }
      return ObjectProperty(.keyValue(key, value, isShorthand: false), range(from: start))
    }
    // Shorthand `{ a }` or CoverInitializedName `{ a = 1 }`.
    guard keyToken.kind == .identifier, case .identifier(let name) = key.name else {
      throw unexpected()
    }
    try checkIdentifierReference(keyToken)
    let identifier = IdentifierReference(name: name, range: keyToken.range)
    var value = Expression(.identifier(identifier), keyToken.range)
    if kind == .assign {
      if cover.shorthandAssign < 0 { cover.shorthandAssign = token.start }
      if strict { try checkStrictAssignmentName(identifier) }
      try next()
      let defaultValue = try parseAssignmentExpression(allowIn: true)
      value = Expression(
        .assignment(.assign, target: .identifier(identifier), value: defaultValue),
        range(from: start))
    }
    return ObjectProperty(.keyValue(key, value, isShorthand: true), range(from: start))
  }

  private func isPropertyNameEnd(_ kind: TokenKind) -> Bool {
    switch kind {
    case .comma, .colon, .leftParen, .rightBrace, .assign: true
    default: false
    }
  }

  /// `__proto__` as a literal (non-computed) property name.
  private func isProtoKey(_ key: PropertyKeyNode) -> Bool {
    switch key.name {
    case .identifier(let name): name == "__proto__"
    case .string(let units): units.count == 9 && String(decoding: units, as: UTF16.self) == "__proto__"
    default: false
    }
  }

  /// PropertyName (or ClassElementName when `allowPrivate`).
  func parsePropertyName(allowPrivate: Bool) throws(ParseError) -> PropertyKeyNode {
    let current = token
    switch current.kind {
    case .string:
      if strict && current.isLegacyOctal {
        throw error("Octal escape sequences are not allowed in strict mode", at: current.start)
      }
      let value = lexer.stringValue
      try next()
      return PropertyKeyNode(.string(value), current.range)
    case .number:
      try checkLegacyOctalNumber(current)
      let value = lexer.numberValue
      try next()
      return PropertyKeyNode(.number(value), current.range)
    case .bigInt:
      let value = lexer.bigIntValue
      try next()
      return PropertyKeyNode(.bigInt(value), current.range)
    case .leftBracket:
      try next()
      let expression = try parseAssignmentExpression(allowIn: true)
      try expect(.rightBracket)
      return PropertyKeyNode(.computed(expression), range(from: current.start))
    case .privateName where allowPrivate:
      let name = name(of: current)
      try next()
      return PropertyKeyNode(.privateName(name), current.range)
    default:
      guard current.kind.isIdentifierName else { throw unexpected() }
      let name = name(of: current)
      try next()
      return PropertyKeyNode(.identifier(name), current.range)
    }
  }

  // MARK: Parenthesized marks

  func markParenthesized(_ expression: Expression) {
    switch expression.kind {
    case .object, .array, .assignment, .logical, .identifier:
      parenthesized.insert(Parser.rangeKey(expression.range))
    default:
      break
    }
  }

  func isParenthesized(_ expression: Expression) -> Bool {
    !parenthesized.isEmpty && parenthesized.contains(Parser.rangeKey(expression.range))
  }

  static func rangeKey(_ range: SourceRange) -> Int64 {
    Int64(range.start) << 32 | Int64(UInt32(bitPattern: range.end))
  }
}
