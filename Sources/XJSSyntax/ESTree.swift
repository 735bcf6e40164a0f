// ESTree JSON (the format of acorn and esprima) for a parsed program, so the
// tree can be compared with other parsers. Every node has `type`, `start` and
// `end` (UTF-16 offsets, as in acorn); `loc` is added on request.

/// Writes `program` as ESTree JSON; nil when the tree is nested too deeply to
/// print with the native stack left.
public func estreeJSON(_ program: Program, includeLocations: Bool = false) -> String? {
  program.source.text.withUnsafeBufferPointer { text in
    var writer = ESTreeWriter(
      source: program.source, text: text, includeLocations: includeLocations)
    writer.program(program)
    return writer.recursion.exhausted ? nil : writer.json.output
  }
}

/// A minimal pretty-printing JSON writer.
struct JSONWriter {
  var output = ""
  private var indent = 0
  private var needsComma = false
  /// A key was just written: the next value follows it on the same line.
  private var pendingKey = false

  private mutating func newline() {
    output += "\n"
    output += String(repeating: "  ", count: indent)
  }

  private mutating func separate() {
    if pendingKey {
      pendingKey = false
      return
    }
    if needsComma { output += "," }
    if indent > 0 { newline() }
  }

  mutating func key(_ key: String) {
    separate()
    output += "\""
    output += key
    output += "\": "
    pendingKey = true
  }

  mutating func beginObject(key: String? = nil) {
    if let key { self.key(key) }
    separate()
    output += "{"
    indent += 1
    needsComma = false
  }

  mutating func endObject() {
    indent -= 1
    if needsComma { newline() }
    output += "}"
    needsComma = true
  }

  mutating func beginArray(key: String? = nil) {
    if let key { self.key(key) }
    separate()
    output += "["
    indent += 1
    needsComma = false
  }

  mutating func endArray() {
    indent -= 1
    if needsComma { newline() }
    output += "]"
    needsComma = true
  }

  mutating func raw(_ key: String?, _ text: String) {
    if let key { self.key(key) }
    separate()
    output += text
    needsComma = true
  }

  mutating func string(_ key: String?, _ value: String) {
    string(key, units: Array(value.utf16))
  }

  mutating func string(_ key: String?, units: [UInt16]) {
    raw(key, JSONWriter.quote(units))
  }

  mutating func bool(_ key: String, _ value: Bool) { raw(key, value ? "true" : "false") }
  mutating func int(_ key: String, _ value: Int) { raw(key, String(value)) }
  mutating func null(_ key: String?) { raw(key, "null") }

  mutating func number(_ key: String?, _ value: Double) {
    raw(key, JSONWriter.formatNumber(value))
  }

  static func formatNumber(_ value: Double) -> String {
    if !value.isFinite { return "null" }
    if value == value.rounded() && abs(value) < 9_007_199_254_740_992 {
      return value == 0 && value.sign == .minus ? "-0" : String(Int64(value))
    }
    return String(value)
  }

  /// A JSON string literal; lone surrogates and controls are escaped.
  static func quote(_ units: [UInt16]) -> String {
    var result: [UInt16] = [0x22]
    var index = 0
    while index < units.count {
      let unit = units[index]
      switch unit {
      case 0x22: result += [0x5C, 0x22]
      case 0x5C: result += [0x5C, 0x5C]
      case 0x0A: result += [0x5C, 0x6E]
      case 0x0D: result += [0x5C, 0x72]
      case 0x09: result += [0x5C, 0x74]
      case 0..<0x20, 0x2028, 0x2029:
        result += escape(unit)
      case 0xD800..<0xDC00:
        if index + 1 < units.count, isLowSurrogate(units[index + 1]) {
          result += [unit, units[index + 1]]
          index += 1
        } else {
          result += escape(unit)
        }
      case 0xDC00..<0xE000:
        result += escape(unit)
      default:
        result.append(unit)
      }
      index += 1
    }
    result.append(0x22)
    return String(decoding: result, as: UTF16.self)
  }

  private static func escape(_ unit: UInt16) -> [UInt16] {
    let hex = Array("0123456789abcdef".utf16)
    return [
      0x5C, 0x75, hex[Int(unit >> 12)], hex[Int(unit >> 8 & 0xF)], hex[Int(unit >> 4 & 0xF)],
      hex[Int(unit & 0xF)],
    ]
  }
}

struct ESTreeWriter {
  let source: SourceFile
  let text: UnsafeBufferPointer<UInt16>
  let includeLocations: Bool
  var json = JSONWriter()
  var recursion = RecursionGuard()

  init(source: SourceFile, text: UnsafeBufferPointer<UInt16>, includeLocations: Bool) {
    self.source = source
    self.text = text
    self.includeLocations = includeLocations
  }

  // MARK: Node helpers

  private mutating func begin(_ type: String, _ range: SourceRange, key: String? = nil) {
    json.beginObject(key: key)
    json.string("type", type)
    json.int("start", Int(range.start))
    json.int("end", Int(range.end))
    if includeLocations {
      let start = source.location(of: Int(range.start))
      let end = source.location(of: Int(range.end))
      json.beginObject(key: "loc")
      json.beginObject(key: "start")
      json.int("line", start.line)
      json.int("column", start.column - 1)
      json.endObject()
      json.beginObject(key: "end")
      json.int("line", end.line)
      json.int("column", end.column - 1)
      json.endObject()
      json.endObject()
    }
  }

  private mutating func end() { json.endObject() }

  private func sourceText(_ range: SourceRange) -> [UInt16] {
    Array(text[Int(range.start)..<Int(range.end)])
  }

  private mutating func identifier(_ name: String, _ range: SourceRange, key: String? = nil) {
    begin("Identifier", range, key: key)
    json.string("name", name)
    end()
  }

  /// The first token at or after `offset` (to recover ranges the AST does not keep).
  private func token(at offset: Int32) -> Token {
    let lexer = Lexer(text: text, start: Int(offset))
    _ = try? lexer.next()
    return lexer.token
  }

  /// The token after the one at `offset`.
  private func tokenAfter(_ offset: Int32) -> Token {
    let lexer = Lexer(text: text, start: Int(offset))
    _ = try? lexer.next()
    _ = try? lexer.next()
    return lexer.token
  }

  // MARK: Program and statements

  mutating func program(_ program: Program) {
    begin("Program", program.range)
    json.string("sourceType", program.isModule ? "module" : "script")
    json.beginArray(key: "body")
    statements(program.body, withDirectives: true)
    json.endArray()
    end()
  }

  private mutating func statements(_ list: [Statement], withDirectives: Bool) {
    var inPrologue = withDirectives
    for item in list {
      var directive: [UInt16]?
      if inPrologue, case .expression(let expression) = item.kind,
        case .stringLiteral = expression.kind, expression.range.start == item.range.start
      {
        let raw = sourceText(expression.range)
        directive = Array(raw[1..<(raw.count - 1)])
      } else {
        inPrologue = false
      }
      statement(item, directive: directive)
    }
  }

  private mutating func statement(_ node: Statement, directive: [UInt16]? = nil, key: String? = nil) {
    guard recursion.canDescend() else { return }
    let range = node.range
    switch node.kind {
    case .variableDeclaration(let declaration):
      variableDeclaration(declaration, key: key)
    case .functionDeclaration(let function):
      functionNode(function, type: "FunctionDeclaration", key: key)
    case .classDeclaration(let node):
      classNode(node, type: "ClassDeclaration", key: key)
    case .expression(let expression):
      begin("ExpressionStatement", range, key: key)
      self.expression(expression, key: "expression")
      if let directive { json.string("directive", units: directive) }
      end()
    case .block(let block):
      // Annex B if-clause functions are wrapped in a synthetic block; show the function.
      if block.body.count == 1, block.range == block.body[0].range,
        case .functionDeclaration = block.body[0].kind
      {
        statement(block.body[0], key: key)
      } else {
        blockStatement(block, key: key)
      }
    case .empty:
      begin("EmptyStatement", range, key: key)
      end()
    case .debugger:
      begin("DebuggerStatement", range, key: key)
      end()
    case .if(let test, let consequent, let alternate):
      begin("IfStatement", range, key: key)
      expression(test, key: "test")
      statement(consequent, key: "consequent")
      if let alternate { statement(alternate, key: "alternate") } else { json.null("alternate") }
      end()
    case .for(let loop):
      begin("ForStatement", range, key: key)
      switch loop.initializer {
      case .declaration(let declaration): variableDeclaration(declaration, key: "init")
      case .expression(let expression): self.expression(expression, key: "init")
      case nil: json.null("init")
      }
      optionalExpression(loop.test, key: "test")
      optionalExpression(loop.update, key: "update")
      statement(loop.body, key: "body")
      end()
    case .forIn(let loop):
      forInOf(loop, type: "ForInStatement", key: key)
    case .forOf(let loop):
      forInOf(loop, type: "ForOfStatement", key: key)
    case .while(let test, let body):
      begin("WhileStatement", range, key: key)
      expression(test, key: "test")
      statement(body, key: "body")
      end()
    case .doWhile(let body, let test):
      begin("DoWhileStatement", range, key: key)
      statement(body, key: "body")
      expression(test, key: "test")
      end()
    case .continue(let label):
      jump("ContinueStatement", label, range, key: key)
    case .break(let label):
      jump("BreakStatement", label, range, key: key)
    case .return(let argument):
      begin("ReturnStatement", range, key: key)
      optionalExpression(argument, key: "argument")
      end()
    case .throw(let argument):
      begin("ThrowStatement", range, key: key)
      expression(argument, key: "argument")
      end()
    case .with(let object, let body):
      begin("WithStatement", range, key: key)
      expression(object, key: "object")
      statement(body, key: "body")
      end()
    case .switch(let node):
      begin("SwitchStatement", range, key: key)
      expression(node.discriminant, key: "discriminant")
      json.beginArray(key: "cases")
      for item in node.cases {
        begin("SwitchCase", item.range)
        optionalExpression(item.test, key: "test")
        json.beginArray(key: "consequent")
        for child in item.body { statement(child) }
        json.endArray()
        end()
      }
      json.endArray()
      end()
    case .labeled(let label, let body):
      begin("LabeledStatement", range, key: key)
      let labelToken = token(at: range.start)
      identifier(label, labelToken.range, key: "label")
      statement(body, key: "body")
      end()
    case .importDeclaration(let declaration):
      importDeclaration(declaration, key: key)
    case .exportDeclaration(let declaration):
      exportDeclaration(declaration, key: key)
    case .try(let node):
      begin("TryStatement", range, key: key)
      blockStatement(node.block, key: "block")
      if let handler = node.handler {
        begin("CatchClause", handler.range, key: "handler")
        if let parameter = handler.parameter {
          pattern(parameter, key: "param")
        } else {
          json.null("param")
        }
        blockStatement(handler.body, key: "body")
        end()
      } else {
        json.null("handler")
      }
      if let finalizer = node.finalizer {
        blockStatement(finalizer, key: "finalizer")
      } else {
        json.null("finalizer")
      }
      end()
    }
  }

  private mutating func jump(_ type: String, _ label: String?, _ range: SourceRange, key: String?) {
    begin(type, range, key: key)
    if let label {
      identifier(label, tokenAfter(range.start).range, key: "label")
    } else {
      json.null("label")
    }
    end()
  }

  private mutating func blockStatement(_ block: BlockStatement, key: String? = nil) {
    begin("BlockStatement", block.range, key: key)
    json.beginArray(key: "body")
    for child in block.body { statement(child) }
    json.endArray()
    end()
  }

  private mutating func variableDeclaration(_ declaration: VariableDeclaration, key: String?) {
    begin("VariableDeclaration", declaration.range, key: key)
    json.beginArray(key: "declarations")
    for declarator in declaration.declarators {
      begin("VariableDeclarator", declarator.range)
      pattern(declarator.target, key: "id")
      optionalExpression(declarator.initializer, key: "init")
      end()
    }
    json.endArray()
    json.string("kind", declaration.kind.rawValue)
    end()
  }

  private mutating func forInOf(_ loop: ForInOfStatement, type: String, key: String?) {
    begin(type, loop.range, key: key)
    switch loop.head {
    case .declaration(let kind, let target, let initializer):
      let headStart = token(at: loop.range.start)
      var declarationStart = tokenAfter(headStart.start)  // `(` or `await`
      if loop.isAwait { declarationStart = tokenAfter(declarationStart.start) }
      let keywordToken = tokenAfter(declarationStart.start)
      let end = initializer?.range.end ?? target.range.end
      begin("VariableDeclaration", SourceRange(start: keywordToken.start, end: end), key: "left")
      json.beginArray(key: "declarations")
      begin("VariableDeclarator", SourceRange(start: target.range.start, end: end))
      pattern(target, key: "id")
      optionalExpression(initializer, key: "init")
      self.end()
      json.endArray()
      json.string("kind", kind.rawValue)
      self.end()
    case .pattern(let target):
      pattern(target, key: "left")
    }
    expression(loop.right, key: "right")
    statement(loop.body, key: "body")
    if type == "ForOfStatement" { json.bool("await", loop.isAwait) }
    end()
  }

  // MARK: Modules

  private mutating func importDeclaration(_ declaration: ImportDeclaration, key: String?) {
    begin("ImportDeclaration", declaration.range, key: key)
    json.beginArray(key: "specifiers")
    for specifier in declaration.specifiers {
      let local = specifier.local
      switch specifier.kind {
      case .default:
        begin("ImportDefaultSpecifier", specifier.range)
      case .namespace:
        begin("ImportNamespaceSpecifier", specifier.range)
      case .named(let imported):
        begin("ImportSpecifier", specifier.range)
        moduleExportName(imported, token(at: specifier.range.start).range, key: "imported")
      }
      identifier(local.name, local.range, key: "local")
      end()
    }
    json.endArray()
    moduleRequest(declaration.request)
    end()
  }

  private mutating func exportDeclaration(_ declaration: ExportDeclaration, key: String?) {
    let range = declaration.range
    switch declaration.kind {
    case .declaration(let statement):
      begin("ExportNamedDeclaration", range, key: key)
      self.statement(statement, key: "declaration")
      json.beginArray(key: "specifiers")
      json.endArray()
      json.null("source")
      json.beginArray(key: "attributes")
      json.endArray()
      end()
    case .defaultDeclaration(let statement):
      begin("ExportDefaultDeclaration", range, key: key)
      self.statement(statement, key: "declaration")
      end()
    case .defaultExpression(let expression):
      begin("ExportDefaultDeclaration", range, key: key)
      self.expression(expression, key: "declaration")
      end()
    case .local(let specifiers):
      begin("ExportNamedDeclaration", range, key: key)
      json.null("declaration")
      exportSpecifiers(specifiers)
      json.null("source")
      json.beginArray(key: "attributes")
      json.endArray()
      end()
    case .indirect(let specifiers, let request):
      begin("ExportNamedDeclaration", range, key: key)
      json.null("declaration")
      exportSpecifiers(specifiers)
      moduleRequest(request)
      end()
    case .star(let request):
      begin("ExportAllDeclaration", range, key: key)
      json.null("exported")
      moduleRequest(request)
      end()
    case .starAs(let name, let request):
      begin("ExportAllDeclaration", range, key: key)
      // `export * as name`: the name is the fourth token.
      let asToken = tokenAfter(tokenAfter(range.start).start)
      moduleExportName(name, tokenAfter(asToken.start).range, key: "exported")
      moduleRequest(request)
      end()
    }
  }

  private mutating func exportSpecifiers(_ specifiers: [ExportSpecifier]) {
    json.beginArray(key: "specifiers")
    for specifier in specifiers {
      begin("ExportSpecifier", specifier.range)
      let localToken = token(at: specifier.range.start)
      moduleExportName(specifier.local, localToken.range, key: "local")
      // `local as exported`: the exported name is the third token.
      let exportedRange =
        localToken.end == specifier.range.end
        ? localToken.range : tokenAfter(tokenAfter(specifier.range.start).start).range
      moduleExportName(specifier.exported, exportedRange, key: "exported")
      end()
    }
    json.endArray()
  }

  /// An IdentifierName (Identifier) or a string (Literal) naming an export.
  private mutating func moduleExportName(_ name: String, _ range: SourceRange, key: String) {
    let first = range.start < range.end ? text[Int(range.start)] : 0
    if first == 0x22 || first == 0x27 {
      literal(range, value: { $0.string(nil, name) }, key: key)
    } else {
      identifier(name, range, key: key)
    }
  }

  /// `source` and `attributes` of an import or re-export.
  private mutating func moduleRequest(_ request: ModuleRequest) {
    literal(request.range, value: { $0.string(nil, units: request.specifier) }, key: "source")
    json.beginArray(key: "attributes")
    for attribute in request.attributes {
      begin("ImportAttribute", attribute.range)
      let keyToken = token(at: attribute.range.start)
      moduleExportName(attribute.key, keyToken.range, key: "key")
      let colon = tokenAfter(attribute.range.start)
      let valueRange = tokenAfter(colon.start).range
      literal(valueRange, value: { $0.string(nil, units: attribute.value) }, key: "value")
      end()
    }
    json.endArray()
  }

  // MARK: Functions and classes

  private mutating func functionNode(
    _ function: FunctionNode, type: String, key: String?, rangeOverride: SourceRange? = nil
  ) {
    begin(type, rangeOverride ?? function.range, key: key)
    if let name = function.name {
      identifier(name.name, name.range, key: "id")
    } else {
      json.null("id")
    }
    json.bool("expression", { if case .expression = function.body { true } else { false } }())
    json.bool("generator", function.isGenerator)
    json.bool("async", function.isAsync)
    parameters(function)
    switch function.body {
    case .block(let statements):
      let bodyStart = blockStart(of: function)
      begin("BlockStatement", SourceRange(start: bodyStart, end: function.range.end), key: "body")
      json.beginArray(key: "body")
      self.statements(statements, withDirectives: true)
      json.endArray()
      end()
    case .expression(let expression):
      self.expression(expression, key: "body")
    }
    end()
  }

  private mutating func parameters(_ function: FunctionNode) {
    json.beginArray(key: "params")
    for parameter in function.parameters {
      if let defaultValue = parameter.defaultValue {
        begin("AssignmentPattern", parameter.range)
        pattern(parameter.target, key: "left")
        expression(defaultValue, key: "right")
        end()
      } else {
        pattern(parameter.target)
      }
    }
    if let rest = function.restParameter {
      begin("RestElement", ellipsisRange(rest.range))
      pattern(rest, key: "argument")
      end()
    }
    json.endArray()
  }

  /// The range of `...target` for a spread or rest target at `range`: back
  /// over white space and opening parentheses to the `...`, and forward over
  /// as many closing parentheses.
  private func ellipsisRange(_ range: SourceRange) -> SourceRange {
    var index = Int(range.start) - 1
    var parentheses = 0
    var start = range.start - 3
    while index > 0 {
      let unit = text[index]
      if unit == 0x2E {
        start = Int32(max(0, index - 2))
        break
      }
      guard unit == 0x28 || isWhiteSpace(unit) || isLineTerminator(unit) else { break }
      if unit == 0x28 { parentheses += 1 }
      index -= 1
    }
    var end = Int(range.end)
    var scan = end
    while parentheses > 0 && scan < text.count {
      let unit = text[scan]
      scan += 1
      if unit == 0x29 {
        parentheses -= 1
        end = scan
      } else if !(isWhiteSpace(unit) || isLineTerminator(unit)) {
        break
      }
    }
    return SourceRange(start: start, end: Int32(end))
  }

  /// Where a function's body block begins: the `{` after its parameter list.
  private func blockStart(of function: FunctionNode) -> Int32 {
    var from = function.range.start
    if let rest = function.restParameter {
      from = rest.range.end
    } else if let last = function.parameters.last {
      from = last.range.end
    }
    let lexer = Lexer(text: text, start: Int(from))
    // Skip to the parameter list's `)`, then take the `{` that follows.
    var depth = 0
    var sawParameters = function.restParameter != nil || !function.parameters.isEmpty
    while (try? lexer.next()) != nil, lexer.token.kind != .eof {
      switch lexer.token.kind {
      case .leftParen:
        depth += 1
        sawParameters = true
      case .rightParen:
        depth -= 1
      case .leftBrace where sawParameters && depth <= 0:
        return lexer.token.start
      case .leftBracket where !sawParameters:
        // A computed method key: skip it.
        var nesting = 1
        while nesting > 0, (try? lexer.next()) != nil, lexer.token.kind != .eof {
          if lexer.token.kind == .leftBracket { nesting += 1 }
          if lexer.token.kind == .rightBracket { nesting -= 1 }
        }
      default:
        break
      }
    }
    return function.range.start
  }

  /// A method's FunctionExpression starts at its parameter list (acorn, esprima).
  private func methodFunctionRange(_ function: FunctionNode, key: PropertyKeyNode) -> SourceRange {
    let lexer = Lexer(text: text, start: Int(key.range.end))
    while (try? lexer.next()) != nil, lexer.token.kind != .eof {
      if lexer.token.kind == .leftParen {
        return SourceRange(start: lexer.token.start, end: function.range.end)
      }
    }
    return function.range
  }

  private mutating func classNode(_ node: ClassNode, type: String, key: String?) {
    begin(type, node.range, key: key)
    if let name = node.name {
      identifier(name.name, name.range, key: "id")
    } else {
      json.null("id")
    }
    optionalExpression(node.superClass, key: "superClass")
    let bodyStart = classBodyStart(node)
    begin("ClassBody", SourceRange(start: bodyStart, end: node.range.end), key: "body")
    json.beginArray(key: "body")
    var constructorWritten = node.constructor == nil
    for member in node.members {
      if !constructorWritten, let constructor = node.constructor,
        constructor.range.start < member.range.start
      {
        constructorDefinition(constructor)
        constructorWritten = true
      }
      classMember(member)
    }
    if !constructorWritten, let constructor = node.constructor {
      constructorDefinition(constructor)
    }
    json.endArray()
    end()
    end()
  }

  private func classBodyStart(_ node: ClassNode) -> Int32 {
    let lexer = Lexer(
      text: text, start: Int(node.superClass?.range.end ?? node.name?.range.end ?? node.range.start)
    )
    while (try? lexer.next()) != nil, lexer.token.kind != .eof {
      if lexer.token.kind == .leftBrace { return lexer.token.start }
    }
    return node.range.start
  }

  private mutating func constructorDefinition(_ function: FunctionNode) {
    begin("MethodDefinition", function.range)
    json.bool("static", false)
    json.bool("computed", false)
    let keyToken = token(at: function.range.start)
    if keyToken.kind == .string {
      literal(keyToken.range, value: { $0.string(nil, "constructor") }, key: "key")
    } else {
      identifier("constructor", keyToken.range, key: "key")
    }
    json.string("kind", "constructor")
    let key = PropertyKeyNode(.identifier("constructor"), keyToken.range)
    functionNode(
      function, type: "FunctionExpression", key: "value",
      rangeOverride: methodFunctionRange(function, key: key))
    end()
  }

  private mutating func classMember(_ member: ClassMember) {
    switch member.kind {
    case .method(let key, let function, let kind):
      begin("MethodDefinition", member.range)
      json.bool("static", member.isStatic)
      propertyKey(key)
      json.string("kind", kind == .getter ? "get" : kind == .setter ? "set" : "method")
      functionNode(
        function, type: "FunctionExpression", key: "value",
        rangeOverride: methodFunctionRange(function, key: key))
      end()
    case .field(let key, let initializer):
      begin("PropertyDefinition", member.range)
      json.bool("static", member.isStatic)
      propertyKey(key)
      optionalExpression(initializer, key: "value")
      end()
    case .staticBlock(let function):
      begin("StaticBlock", member.range)
      json.beginArray(key: "body")
      if case .block(let statements) = function.body {
        for child in statements { statement(child) }
      }
      json.endArray()
      end()
    }
  }

  /// Writes `computed` and `key`.
  private mutating func propertyKey(_ key: PropertyKeyNode) {
    if case .computed(let expression) = key.name {
      json.bool("computed", true)
      self.expression(expression, key: "key")
      return
    }
    json.bool("computed", false)
    switch key.name {
    case .identifier(let name):
      identifier(name, key.range, key: "key")
    case .privateName(let name):
      begin("PrivateIdentifier", key.range, key: "key")
      json.string("name", name)
      end()
    case .string(let units):
      literal(key.range, value: { $0.string(nil, units: units) }, key: "key")
    case .number(let value):
      literal(key.range, value: { $0.number(nil, value) }, key: "key")
    case .bigInt(let digits):
      literal(key.range, value: { $0.null(nil) }, bigInt: digits, key: "key")
    case .computed:
      break
    }
  }

  private mutating func literal(
    _ range: SourceRange, value: (inout JSONWriter) -> Void, bigInt: String? = nil,
    key: String?
  ) {
    begin("Literal", range, key: key)
    json.key("value")
    value(&json)
    json.string("raw", units: sourceText(range))
    if let bigInt { json.string("bigint", bigInt) }
    end()
  }

  // MARK: Expressions

  private mutating func optionalExpression(_ node: Expression?, key: String) {
    if let node { expression(node, key: key) } else { json.null(key) }
  }

  mutating func expression(_ node: Expression, key: String? = nil) {
    guard recursion.canDescend() else { return }
    let range = node.range
    switch node.kind {
    case .identifier(let reference):
      identifier(reference.name, range, key: key)
    case .this:
      begin("ThisExpression", range, key: key)
      end()
    case .numberLiteral(let value):
      literal(range, value: { $0.number(nil, value) }, key: key)
    case .bigIntLiteral(let digits):
      literal(range, value: { $0.null(nil) }, bigInt: digits, key: key)
    case .stringLiteral(let units):
      literal(range, value: { $0.string(nil, units: units) }, key: key)
    case .booleanLiteral(let value):
      literal(range, value: { $0.raw(nil, value ? "true" : "false") }, key: key)
    case .nullLiteral:
      literal(range, value: { $0.null(nil) }, key: key)
    case .regExpLiteral(let regExp):
      begin("Literal", range, key: key)
      json.null("value")
      json.string("raw", units: sourceText(range))
      json.beginObject(key: "regex")
      json.string("pattern", units: regExp.pattern)
      json.string("flags", regExp.flags)
      json.endObject()
      end()
    case .template(let literal):
      templateLiteral(literal, range, key: key)
    case .taggedTemplate(let tag, let quasi):
      begin("TaggedTemplateExpression", range, key: key)
      expression(tag, key: "tag")
      let quasiStart = quasi.quasis[0].range.start - 1
      templateLiteral(quasi, SourceRange(start: quasiStart, end: range.end), key: "quasi")
      end()
    case .array(let elements):
      begin("ArrayExpression", range, key: key)
      json.beginArray(key: "elements")
      for element in elements {
        switch element {
        case .hole: json.null(nil)
        case .expression(let item): expression(item)
        case .spread(let item): spreadElement(item)
        }
      }
      json.endArray()
      end()
    case .object(let properties):
      begin("ObjectExpression", range, key: key)
      json.beginArray(key: "properties")
      for property in properties { objectProperty(property) }
      json.endArray()
      end()
    case .function(let function):
      functionNode(function, type: "FunctionExpression", key: key)
    case .arrowFunction(let function):
      functionNode(function, type: "ArrowFunctionExpression", key: key)
    case .class(let node):
      classNode(node, type: "ClassExpression", key: key)
    case .unary(let unaryOperator, let argument):
      begin("UnaryExpression", range, key: key)
      json.string("operator", unaryOperator.rawValue)
      json.bool("prefix", true)
      expression(argument, key: "argument")
      end()
    case .update(let updateOperator, let isPrefix, let target):
      begin("UpdateExpression", range, key: key)
      json.string("operator", updateOperator.rawValue)
      json.bool("prefix", isPrefix)
      expression(target, key: "argument")
      end()
    case .binary(let binaryOperator, let operands):
      begin("BinaryExpression", range, key: key)
      expression(operands.left, key: "left")
      json.string("operator", binaryOperator.rawValue)
      expression(operands.right, key: "right")
      end()
    case .logical(let logicalOperator, let operands):
      begin("LogicalExpression", range, key: key)
      expression(operands.left, key: "left")
      json.string("operator", logicalOperator.rawValue)
      expression(operands.right, key: "right")
      end()
    case .privateIn(let name, let object):
      begin("BinaryExpression", range, key: key)
      begin(
        "PrivateIdentifier", SourceRange(start: range.start, end: token(at: range.start).end),
        key: "left")
      json.string("name", name)
      end()
      json.string("operator", "in")
      expression(object, key: "right")
      end()
    case .assignment(let assignmentOperator, let target, let value):
      begin("AssignmentExpression", range, key: key)
      json.string("operator", assignmentOperator.rawValue)
      pattern(target, key: "left")
      expression(value, key: "right")
      end()
    case .conditional(let test, let consequent, let alternate):
      begin("ConditionalExpression", range, key: key)
      expression(test, key: "test")
      expression(consequent, key: "consequent")
      expression(alternate, key: "alternate")
      end()
    case .sequence(let expressions):
      begin("SequenceExpression", range, key: key)
      json.beginArray(key: "expressions")
      for item in expressions { expression(item) }
      json.endArray()
      end()
    case .member(let object, let name, let isOptional):
      begin("MemberExpression", range, key: key)
      expression(object, key: "object")
      let nameStart = memberNameStart(range)
      identifier(name, SourceRange(start: nameStart, end: range.end), key: "property")
      json.bool("computed", false)
      json.bool("optional", isOptional)
      end()
    case .computedMember(let object, let property, let isOptional):
      begin("MemberExpression", range, key: key)
      expression(object, key: "object")
      expression(property, key: "property")
      json.bool("computed", true)
      json.bool("optional", isOptional)
      end()
    case .privateMember(let object, let name, let isOptional):
      begin("MemberExpression", range, key: key)
      expression(object, key: "object")
      begin(
        "PrivateIdentifier", SourceRange(start: memberNameStart(range), end: range.end),
        key: "property")
      json.string("name", name)
      end()
      json.bool("computed", false)
      json.bool("optional", isOptional)
      end()
    case .call(let callee, let arguments, let isOptional):
      begin("CallExpression", range, key: key)
      expression(callee, key: "callee")
      self.arguments(arguments)
      json.bool("optional", isOptional)
      end()
    case .new(let callee, let arguments):
      begin("NewExpression", range, key: key)
      expression(callee, key: "callee")
      self.arguments(arguments)
      end()
    case .optionalChain(let inner):
      begin("ChainExpression", range, key: key)
      expression(inner, key: "expression")
      end()
    case .superMember(let name):
      begin("MemberExpression", range, key: key)
      superNode(range)
      identifier(name, SourceRange(start: memberNameStart(range), end: range.end), key: "property")
      json.bool("computed", false)
      json.bool("optional", false)
      end()
    case .superComputedMember(let property):
      begin("MemberExpression", range, key: key)
      superNode(range)
      expression(property, key: "property")
      json.bool("computed", true)
      json.bool("optional", false)
      end()
    case .superCall(let arguments):
      begin("CallExpression", range, key: key)
      superNode(range, key: "callee")
      self.arguments(arguments)
      json.bool("optional", false)
      end()
    case .newTarget:
      begin("MetaProperty", range, key: key)
      identifier("new", SourceRange(start: range.start, end: range.start + 3), key: "meta")
      identifier(
        "target", SourceRange(start: memberNameStart(range), end: range.end), key: "property")
      end()
    case .importMeta:
      begin("MetaProperty", range, key: key)
      identifier("import", SourceRange(start: range.start, end: range.start + 6), key: "meta")
      identifier(
        "meta", SourceRange(start: memberNameStart(range), end: range.end), key: "property")
      end()
    case .importCall(let specifier, let options):
      begin("ImportExpression", range, key: key)
      expression(specifier, key: "source")
      optionalExpression(options, key: "options")
      end()
    case .yield(let argument, let isDelegate):
      begin("YieldExpression", range, key: key)
      json.bool("delegate", isDelegate)
      optionalExpression(argument, key: "argument")
      end()
    case .await(let argument):
      begin("AwaitExpression", range, key: key)
      expression(argument, key: "argument")
      end()
    }
  }

  private mutating func superNode(_ range: SourceRange, key: String = "object") {
    begin("Super", SourceRange(start: range.start, end: range.start + 5), key: key)
    end()
  }

  /// The start of the name at the end of a member expression ending at `range.end`.
  private func memberNameStart(_ range: SourceRange) -> Int32 {
    var index = Int(range.end)
    while index > Int(range.start) {
      let unit = text[index - 1]
      guard unit == 0x23 || unit == 0x5C || unit >= 128 || isIdentifierPart(UInt32(unit)) else {
        break
      }
      index -= 1
      if unit == 0x23 { break }
    }
    return Int32(index)
  }

  private mutating func spreadElement(_ argument: Expression) {
    begin("SpreadElement", ellipsisRange(argument.range))
    expression(argument, key: "argument")
    end()
  }

  private mutating func arguments(_ arguments: [Argument]) {
    json.beginArray(key: "arguments")
    for argument in arguments {
      switch argument {
      case .expression(let item): expression(item)
      case .spread(let item): spreadElement(item)
      }
    }
    json.endArray()
  }

  private mutating func templateLiteral(
    _ literal: TemplateLiteral, _ range: SourceRange, key: String?
  ) {
    begin("TemplateLiteral", range, key: key)
    json.beginArray(key: "expressions")
    for item in literal.expressions { expression(item) }
    json.endArray()
    json.beginArray(key: "quasis")
    for (index, element) in literal.quasis.enumerated() {
      begin("TemplateElement", element.range)
      json.beginObject(key: "value")
      json.string("raw", units: element.raw)
      if let cooked = element.cooked {
        json.string("cooked", units: cooked)
      } else {
        json.null("cooked")
      }
      json.endObject()
      json.bool("tail", index == literal.quasis.count - 1)
      end()
    }
    json.endArray()
    end()
  }

  private mutating func objectProperty(_ property: ObjectProperty) {
    switch property.kind {
    case .spread(let argument):
      begin("SpreadElement", property.range)
      expression(argument, key: "argument")
      end()
    case .keyValue(let key, let value, let isShorthand):
      begin("Property", property.range)
      json.bool("method", false)
      json.bool("shorthand", isShorthand)
      propertyKey(key)
      if isShorthand, case .assignment(_, let target, let defaultValue) = value.kind {
        // CoverInitializedName, kept for a later pattern conversion.
        begin("AssignmentPattern", value.range, key: "value")
        pattern(target, key: "left")
        expression(defaultValue, key: "right")
        end()
      } else {
        expression(value, key: "value")
      }
      json.string("kind", "init")
      end()
    case .protoSetter(let value):
      begin("Property", property.range)
      json.bool("method", false)
      json.bool("shorthand", false)
      propertyKey(protoPropertyKey(text: text, at: Int(property.range.start)))
      expression(value, key: "value")
      json.string("kind", "init")
      end()
    case .method(let key, let function, let kind):
      begin("Property", property.range)
      json.bool("method", kind == .method)
      json.bool("shorthand", false)
      propertyKey(key)
      functionNode(
        function, type: "FunctionExpression", key: "value",
        rangeOverride: methodFunctionRange(function, key: key))
      json.string("kind", kind == .getter ? "get" : kind == .setter ? "set" : "init")
      end()
    }
  }

  // MARK: Patterns

  private mutating func pattern(_ node: Pattern, key: String? = nil) {
    guard recursion.canDescend() else { return }
    switch node {
    case .identifier(let identifier):
      self.identifier(identifier.name, identifier.range, key: key)
    case .expression(let expression):
      self.expression(expression, key: key)
    case .object(let object):
      begin("ObjectPattern", object.range, key: key)
      json.beginArray(key: "properties")
      for property in object.properties {
        begin("Property", property.range)
        json.bool("method", false)
        json.bool("shorthand", property.isShorthand)
        propertyKey(property.key)
        patternWithDefault(
          property.target, property.defaultValue, end: property.range.end, key: "value")
        json.string("kind", "init")
        end()
      }
      if let rest = object.rest { restElement(rest) }
      json.endArray()
      end()
    case .array(let array):
      begin("ArrayPattern", array.range, key: key)
      json.beginArray(key: "elements")
      for element in array.elements {
        if let element {
          patternWithDefault(element.target, element.defaultValue, end: element.range.end)
        } else {
          json.null(nil)
        }
      }
      if let rest = array.rest { restElement(rest) }
      json.endArray()
      end()
    }
  }

  private mutating func patternWithDefault(
    _ target: Pattern, _ defaultValue: Expression?, end rangeEnd: Int32, key: String? = nil
  ) {
    guard let defaultValue else { return pattern(target, key: key) }
    begin("AssignmentPattern", SourceRange(start: target.range.start, end: rangeEnd), key: key)
    pattern(target, key: "left")
    expression(defaultValue, key: "right")
    end()
  }

  private mutating func restElement(_ target: Pattern) {
    begin("RestElement", ellipsisRange(target.range))
    pattern(target, key: "argument")
    end()
  }
}
