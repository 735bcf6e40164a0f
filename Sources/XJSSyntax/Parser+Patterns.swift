// Binding patterns (ES2024 14.3.3), and the reinterpretation of cover
// grammars: object and array literals as assignment patterns (13.15.5), and
// parenthesized lists or `async(…)` heads as arrow parameters (15.3, 15.9).

extension Parser {
  // MARK: Binding patterns

  /// BindingIdentifier or BindingPattern.
  func parseBindingTarget() throws(ParseError) -> Pattern {
    switch kind {
    case .leftBracket: return .array(try parseArrayBindingPattern())
    case .leftBrace: return .object(try parseObjectBindingPattern())
    default: return .identifier(try parseBindingIdentifier())
    }
  }

  private func parseArrayBindingPattern() throws(ParseError) -> ArrayPattern {
    try enterNesting()
    defer { exitNesting() }
    let start = token.start
    try next()
    var elements: [ArrayPatternElement?] = []
    var rest: Pattern?
    while kind != .rightBracket {
      if kind == .comma {
        try next()
        elements.append(nil)
        continue
      }
      if try eat(.ellipsis) {
        rest = try parseBindingTarget()
        if kind != .rightBracket {
          throw error("Rest element must be last element", at: token.start)
        }
        break
      }
      let elementStart = token.start
      let target = try parseBindingTarget()
      let defaultValue = try eat(.assign) ? try parseAssignmentExpression(allowIn: true) : nil
      elements.append(
        ArrayPatternElement(
          target: target, defaultValue: defaultValue, range: range(from: elementStart)))
      if kind != .rightBracket { try expect(.comma) }
    }
    try next()
    return ArrayPattern(elements: elements, rest: rest, range: range(from: start))
  }

  private func parseObjectBindingPattern() throws(ParseError) -> ObjectPattern {
    try enterNesting()
    defer { exitNesting() }
    let start = token.start
    try next()
    var properties: [ObjectPatternProperty] = []
    var rest: Pattern?
    while kind != .rightBrace {
      if try eat(.ellipsis) {
        rest = .identifier(try parseBindingIdentifier())
        if kind != .rightBrace {
          throw error("Rest element must be last element", at: token.start)
        }
        break
      }
      let propertyStart = token.start
      let keyToken = token
      let key = try parsePropertyName(allowPrivate: false)
      let target: Pattern
      let isShorthand: Bool
      if try eat(.colon) {
        target = try parseBindingTarget()
        isShorthand = false
      } else {
        guard keyToken.kind == .identifier, case .identifier(let name) = key.name else {
          throw unexpected()
        }
        try checkBindingIdentifier(keyToken)
        target = .identifier(IdentifierReference(name: name, range: keyToken.range))
        isShorthand = true
      }
      let defaultValue = try eat(.assign) ? try parseAssignmentExpression(allowIn: true) : nil
      properties.append(
        ObjectPatternProperty(
          key: key, target: target, defaultValue: defaultValue, isShorthand: isShorthand,
          range: range(from: propertyStart)))
      if kind != .rightBrace { try expect(.comma) }
    }
    try next()
    return ObjectPattern(properties: properties, rest: rest, range: range(from: start))
  }

  // MARK: Simple targets

  /// `eval` and `arguments` cannot be assigned in strict code (ES2024 13.15.1).
  func checkStrictAssignmentName(_ identifier: IdentifierReference) throws(ParseError) {
    if identifier.name == "eval" || identifier.name == "arguments" {
      throw error("Unexpected eval or arguments in strict mode", at: identifier.range.start)
    }
  }

  /// The target of a compound assignment or update: AssignmentTargetType simple.
  /// With `allowCall`, a call in sloppy code is accepted too (Annex B "Runtime
  /// Errors for Function Call Assignment Targets": it throws a ReferenceError
  /// when evaluated), as `.expression(call)`.
  func simpleAssignmentTarget(_ expression: Expression, message: String, allowCall: Bool = false)
    throws(ParseError) -> Pattern
  {
    switch expression.kind {
    case .call(_, _, isOptional: false) where allowCall && !strict:
      return .expression(expression)
    case .identifier(let identifier):
      if strict { try checkStrictAssignmentName(identifier) }
      return .identifier(identifier)
    case .member(_, _, isOptional: false), .computedMember(_, _, isOptional: false),
      .privateMember(_, _, isOptional: false), .superMember, .superComputedMember:
      return .expression(expression)
    default:
      throw error(message, at: expression.range.start)
    }
  }

  // MARK: Assignment patterns

  /// The target of `=` or of a for-in/of head: a simple target, or an object
  /// or array literal reread as an AssignmentPattern.
  func toAssignmentTarget(
    _ expression: Expression, message: String = "Invalid left-hand side in assignment",
    allowCall: Bool = false
  ) throws(ParseError) -> Pattern {
    switch expression.kind {
    case .object(let properties) where !isParenthesized(expression):
      return .object(try objectAssignmentPattern(properties, range: expression.range))
    case .array(let elements) where !isParenthesized(expression):
      return .array(try arrayAssignmentPattern(elements, range: expression.range))
    case .identifier(let identifier) where isParenthesized(expression):
      // `(x) = function () {}`: IsIdentifierRef is false for a parenthesized name, so the
      // function is not named after it (ES2024 13.15.2 step 1.c); kept as an expression target.
      if strict { try checkStrictAssignmentName(identifier) }
      return .expression(expression)
    default:
      return try simpleAssignmentTarget(expression, message: message, allowCall: allowCall)
    }
  }

  /// A DestructuringAssignmentTarget with an optional Initializer.
  private func assignmentElement(_ expression: Expression) throws(ParseError) -> (
    Pattern, Expression?
  ) {
    if case .assignment(.assign, let target, let value) = expression.kind,
      !isParenthesized(expression)
    {
      return (target, value)
    }
    return (
      try toAssignmentTarget(expression, message: "Invalid destructuring assignment target"), nil
    )
  }

  private func objectAssignmentPattern(_ properties: [ObjectProperty], range: SourceRange)
    throws(ParseError) -> ObjectPattern
  {
    var patternProperties: [ObjectPatternProperty] = []
    var rest: Pattern?
    for (index, property) in properties.enumerated() {
      switch property.kind {
      case .keyValue(let key, let value, let isShorthand):
        let (target, defaultValue) = try assignmentElement(value)
        patternProperties.append(
          ObjectPatternProperty(
            key: key, target: target, defaultValue: defaultValue, isShorthand: isShorthand,
            range: property.range))
      case .protoSetter(let value):
        let (target, defaultValue) = try assignmentElement(value)
        patternProperties.append(
          ObjectPatternProperty(
            key: protoPropertyKey(text: lexer.text, at: Int(property.range.start)),
            target: target, defaultValue: defaultValue, isShorthand: false,
            range: property.range))
      case .method:
        throw error("Invalid destructuring assignment target", at: property.range.start)
      case .spread(let argument):
        guard index == properties.count - 1 else {
          throw error("Rest element must be last element", at: property.range.start)
        }
        // AssignmentRestProperty: a simple target, never a nested pattern.
        rest = try simpleAssignmentTarget(
          argument,
          message: "`...` must be followed by an assignable reference in assignment contexts")
      }
    }
    return ObjectPattern(properties: patternProperties, rest: rest, range: range)
  }

  private func arrayAssignmentPattern(_ elements: [ArrayElement], range: SourceRange)
    throws(ParseError) -> ArrayPattern
  {
    var patternElements: [ArrayPatternElement?] = []
    var rest: Pattern?
    for (index, element) in elements.enumerated() {
      switch element {
      case .hole:
        patternElements.append(nil)
      case .expression(let expression):
        let (target, defaultValue) = try assignmentElement(expression)
        patternElements.append(
          ArrayPatternElement(target: target, defaultValue: defaultValue, range: expression.range))
      case .spread(let argument):
        guard index == elements.count - 1 else {
          throw error("Rest element must be last element", at: argument.range.start)
        }
        rest = try toAssignmentTarget(argument, message: "Invalid destructuring assignment target")
      }
    }
    return ArrayPattern(elements: patternElements, rest: rest, range: range)
  }

  // MARK: Arrow parameters

  /// Rereads a cover as ArrowFormalParameters, with the checks the cover deferred.
  func arrowParameters(from cover: ArrowCover) throws(ParseError) -> ParameterList {
    if cover.errors.trailingCommaAfterRest >= 0 {
      throw error("Rest element must be last element", at: cover.errors.trailingCommaAfterRest)
    }
    if cover.errors.parenthesized >= 0 {
      throw error("Invalid destructuring assignment target", at: cover.errors.parenthesized)
    }
    if cover.positions.yieldExpression >= 0 {
      throw error(
        "Yield expression not allowed in formal parameter", at: cover.positions.yieldExpression)
    }
    if cover.positions.awaitExpression >= 0 {
      throw error(
        "Illegal await-expression in formal parameters of async function",
        at: cover.positions.awaitExpression)
    }
    if cover.isAsync && cover.positions.awaitIdentifier >= 0 {
      throw error("Unexpected reserved word", at: cover.positions.awaitIdentifier)
    }
    var list = ParameterList()
    for item in cover.items {
      let (target, defaultValue) = try bindingElement(item)
      if defaultValue != nil { list.isSimple = false }
      if case .identifier = target {} else { list.isSimple = false }
      list.parameters.append(
        Parameter(target: target, defaultValue: defaultValue, range: item.range))
      collectBoundNames(target, into: &list.names)
    }
    if let rest = cover.rest {
      list.rest = rest
      list.isSimple = false
      collectBoundNames(rest, into: &list.names)
    }
    return list
  }

  /// A BindingElement from an expression: a target with an optional default.
  private func bindingElement(_ expression: Expression) throws(ParseError) -> (
    Pattern, Expression?
  ) {
    if case .assignment(.assign, let target, let value) = expression.kind,
      !isParenthesized(expression)
    {
      return (try bindingPattern(from: target), value)
    }
    return (try toBindingTarget(expression), nil)
  }

  /// A BindingIdentifier or BindingPattern from an expression.
  func toBindingTarget(_ expression: Expression) throws(ParseError) -> Pattern {
    switch expression.kind {
    case .identifier(let identifier):
      try checkArrowParameterName(identifier)
      return .identifier(identifier)
    case .object, .array:
      guard !isParenthesized(expression) else { break }
      return try bindingPattern(from: toAssignmentTarget(expression))
    default:
      break
    }
    throw error("Invalid destructuring assignment target", at: expression.range.start)
  }

  /// Rereads an assignment pattern as a binding pattern: only identifiers may be targets.
  private func bindingPattern(from pattern: Pattern) throws(ParseError) -> Pattern {
    switch pattern {
    case .identifier(let identifier):
      try checkArrowParameterName(identifier)
      return pattern
    case .expression(let expression):
      throw error("Invalid destructuring assignment target", at: expression.range.start)
    case .object(var object):
      for index in object.properties.indices {
        object.properties[index].target = try bindingPattern(from: object.properties[index].target)
      }
      if let rest = object.rest { object.rest = try bindingPattern(from: rest) }
      return .object(object)
    case .array(var array):
      for index in array.elements.indices {
        if var element = array.elements[index] {
          element.target = try bindingPattern(from: element.target)
          array.elements[index] = element
        }
      }
      if let rest = array.rest { array.rest = try bindingPattern(from: rest) }
      return .array(array)
    }
  }

  /// The name was checked as a reference when parsed; a binding is stricter.
  private func checkArrowParameterName(_ identifier: IdentifierReference) throws(ParseError) {
    if strict { try checkStrictAssignmentName(identifier) }
  }
}

/// The key of a `__proto__: value` property starting at `offset`: the
/// identifier or string literal there (the AST's `.protoSetter` keeps only the value).
func protoPropertyKey(text: UnsafeBufferPointer<UInt16>, at offset: Int) -> PropertyKeyNode {
  let lexer = Lexer(text: text, start: offset)
  _ = try? lexer.next()
  let token = lexer.token
  if token.kind == .string {
    return PropertyKeyNode(.string(lexer.stringValue), token.range)
  }
  return PropertyKeyNode(.identifier("__proto__"), token.range)
}
