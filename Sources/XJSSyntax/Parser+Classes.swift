// Class declarations and expressions (ES2024 15.7): methods, accessors,
// fields, private names, static blocks, and the class early errors.

extension Parser {
  /// `allowAnonymous` is for `export default class {}` (ClassDeclaration[+Default]).
  func parseClassDeclaration(allowAnonymous: Bool = false) throws(ParseError) -> Statement {
    let node = try parseClass(isDeclaration: true, allowAnonymous: allowAnonymous)
    return Statement(.classDeclaration(node), node.range)
  }

  /// At `class`. All parts of a class are strict mode code (ES2024 11.2.2).
  func parseClass(isDeclaration: Bool, allowAnonymous: Bool = false) throws(ParseError)
    -> ClassNode
  {
    // `class extends class extends …` nests without an AssignmentExpression.
    try enterNesting()
    defer { exitNesting() }
    let start = token.start
    try next()
    let savedStrict = strict
    strict = true
    defer { strict = savedStrict }
    var name: IdentifierReference?
    if kind == .identifier {
      name = try parseBindingIdentifier()
    } else if isDeclaration && !allowAnonymous {
      throw unexpected()
    }
    if isDeclaration, let name { try declare(name.name, .lexical, at: name.range.start) }
    var superClass: Expression?
    if try eat(.kwExtends) {
      // ClassHeritage: a LeftHandSideExpression (never an arrow function).
      potentialArrowStart = -1
      var cover = CoverErrors()
      superClass = try parseLeftHandSide(&cover)
      try checkExpressionErrors(cover)
    }
    try expect(.leftBrace)
    privateNameScopes.append(PrivateNameScope())
    var body = ClassBodyState(isDerived: superClass != nil)
    while kind != .rightBrace {
      if kind == .eof { throw unexpected() }
      if try eat(.semicolon) { continue }
      try parseClassElement(&body)
    }
    try next()
    try resolvePrivateNames()
    return ClassNode(
      name: name, superClass: superClass, constructor: body.constructor, members: body.members,
      range: range(from: start))
  }

  struct ClassBodyState {
    let isDerived: Bool
    var constructor: FunctionNode?
    var members: [ClassMember] = []
  }

  private func parseClassElement(_ body: inout ClassBodyState) throws(ParseError) {
    let memberStart = token.start
    var isStatic = false
    if token.isContextual(.static) {
      let staticToken = token
      try next()
      if kind == .leftBrace {
        body.members.append(try parseStaticBlock(start: memberStart))
        return
      }
      if isClassElementNameEnd(kind) {
        // A member named `static`.
        let key = PropertyKeyNode(.identifier("static"), staticToken.range)
        try parseClassMemberAfterKey(
          &body, key: key, keyToken: staticToken, start: memberStart, elementStart: memberStart,
          isStatic: false, isAsync: false, isGenerator: false, methodKind: .method)
        return
      }
      isStatic = true
    }
    let elementStart = token.start
    var isAsync = false
    var isGenerator = false
    var methodKind = MethodKind.method
    if token.isContextual(.async) || token.isContextual(.get) || token.isContextual(.set) {
      let modifier = token
      try next()
      // `async` must be on the line of the name; `get`/`set` before a newline and
      // `*` are fields named get/set ended by ASI.
      let endsElement =
        token.hasNewlineBefore && (modifier.word == .async || kind == .star)
      if isClassElementNameEnd(kind) || endsElement {
        let key = PropertyKeyNode(.identifier(name(of: modifier)), modifier.range)
        try parseClassMemberAfterKey(
          &body, key: key, keyToken: modifier, start: memberStart, elementStart: elementStart,
          isStatic: isStatic, isAsync: false, isGenerator: false, methodKind: .method)
        return
      }
      if modifier.word == .async {
        isAsync = true
        isGenerator = try eat(.star)
      } else {
        methodKind = modifier.word == .get ? .getter : .setter
      }
    } else if try eat(.star) {
      isGenerator = true
    }
    let keyToken = token
    let key = try parseClassElementName()
    try parseClassMemberAfterKey(
      &body, key: key, keyToken: keyToken, start: memberStart, elementStart: elementStart,
      isStatic: isStatic, isAsync: isAsync, isGenerator: isGenerator, methodKind: methodKind)
  }

  /// Tokens after a would-be modifier that make it the element's name instead.
  private func isClassElementNameEnd(_ kind: TokenKind) -> Bool {
    switch kind {
    case .leftParen, .assign, .semicolon, .rightBrace: true
    default: false
    }
  }

  /// ClassElementName: a PropertyName or a PrivateIdentifier (not `#constructor`).
  private func parseClassElementName() throws(ParseError) -> PropertyKeyNode {
    let key = try parsePropertyName(allowPrivate: true)
    if case .privateName(let name) = key.name, name == "constructor" {
      throw error("Classes may not have a private field named '#constructor'", at: key.range.start)
    }
    return key
  }

  /// After the element's name: a method (when `(` follows or a modifier was
  /// seen) or a field.
  private func parseClassMemberAfterKey(
    _ body: inout ClassBodyState, key: PropertyKeyNode, keyToken: Token, start: Int32,
    elementStart: Int32, isStatic: Bool, isAsync: Bool, isGenerator: Bool, methodKind: MethodKind
  ) throws(ParseError) {
    let isMethod = kind == .leftParen || isAsync || isGenerator || methodKind != .method
    let literalName = literalPropertyName(key)
    if isMethod {
      let isConstructor = !isStatic && literalName == "constructor"
      if isConstructor {
        if methodKind != .method {
          throw error("Class constructor may not be an accessor", at: key.range.start)
        }
        if isGenerator || isAsync {
          throw error(
            "Class constructor may not be \(isAsync ? "an async method" : "a generator")",
            at: key.range.start)
        }
        if body.constructor != nil {
          throw error("A class may only have one constructor", at: key.range.start)
        }
      }
      if isStatic && literalName == "prototype" {
        throw error(
          "Classes may not have a static property named 'prototype'", at: key.range.start)
      }
      let functionKind: FunctionKind
      if isConstructor {
        functionKind = body.isDerived ? .derivedClassConstructor : .classConstructor
      } else {
        functionKind = methodKind == .getter ? .getter : methodKind == .setter ? .setter : .method
      }
      if case .privateName(let name) = key.name {
        var bits =
          methodKind == .getter
          ? PrivateNameScope.getterBit
          : methodKind == .setter ? PrivateNameScope.setterBit : PrivateNameScope.fieldBit
        if isStatic { bits |= PrivateNameScope.staticBit }
        try declarePrivateName(name, bits: bits, at: key.range.start)
      }
      let function = try parseMethod(
        start: elementStart, kind: functionKind, isAsync: isAsync, isGenerator: isGenerator)
      if isConstructor {
        body.constructor = function
      } else {
        body.members.append(
          ClassMember(.method(key, function, methodKind), isStatic: isStatic, range(from: start)))
      }
      return
    }
    // FieldDefinition (ES2024 15.7.1).
    if literalName == "constructor" {
      throw error("Classes may not have a field named 'constructor'", at: key.range.start)
    }
    if isStatic && literalName == "prototype" {
      throw error("Classes may not have a static property named 'prototype'", at: key.range.start)
    }
    if case .privateName(let name) = key.name {
      let bits = PrivateNameScope.fieldBit | (isStatic ? PrivateNameScope.staticBit : 0)
      try declarePrivateName(name, bits: bits, at: key.range.start)
    }
    var initializer: Expression?
    if try eat(.assign) { initializer = try parseFieldInitializer() }
    try consumeSemicolon()
    body.members.append(
      ClassMember(.field(key, initializer: initializer), isStatic: isStatic, range(from: start)))
  }

  /// The name a non-computed key spells (identifier or string), for the
  /// `constructor` and `prototype` rules (PropName, ES2024 13.2.5.4).
  private func literalPropertyName(_ key: PropertyKeyNode) -> String? {
    switch key.name {
    case .identifier(let name): name
    case .string(let units): String(decoding: units, as: UTF16.self)
    default: nil
    }
  }

  /// A field initializer runs like a method with `this` the instance: no
  /// `arguments`, no `super()` (ES2024 15.7.1).
  private func parseFieldInitializer() throws(ParseError) -> Expression {
    let savedContext = context
    let savedPositions = positions
    defer {
      context = savedContext
      positions = savedPositions
    }
    var newContext = FunctionContext()
    newContext.allowNewTarget = true
    newContext.allowSuperProperty = true
    newContext.allowArguments = false
    context = newContext
    positions = YieldAwaitPositions()
    pushScope(.function)
    defer { popScope() }
    return try parseAssignmentExpression(allowIn: true)
  }

  /// `static { … }`: a function-like body with `await` reserved (ES2024 15.7.1).
  private func parseStaticBlock(start: Int32) throws(ParseError) -> ClassMember {
    let savedContext = context
    let savedPositions = positions
    defer {
      context = savedContext
      positions = savedPositions
    }
    var newContext = FunctionContext()
    newContext.allowNewTarget = true
    newContext.allowSuperProperty = true
    newContext.allowArguments = false
    newContext.inStaticBlock = true
    context = newContext
    positions = YieldAwaitPositions()
    pushScope(.function)
    defer { popScope() }
    try expect(.leftBrace)
    var statements: [Statement] = []
    while kind != .rightBrace {
      if kind == .eof { throw unexpected() }
      statements.append(try parseStatementListItem())
    }
    try next()
    let function = FunctionNode(
      name: nil, kind: .classStaticBlock, isAsync: false, isGenerator: false, parameters: [],
      restParameter: nil, body: .block(statements), isStrict: true, hasUseStrictDirective: false,
      hasSimpleParameterList: true, range: range(from: start))
    return ClassMember(.staticBlock(function), isStatic: true, range(from: start))
  }
}
