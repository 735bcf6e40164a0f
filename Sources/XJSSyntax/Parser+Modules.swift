// The Module goal (ES2025 16.2): the module's top level, import and export
// declarations, WithClause, and the module early errors of 16.2.1.1 (exported
// names, exported bindings; duplicate and var/lexical conflicts go through the
// declaration scopes of Parser+Declarations.swift, whose top scope here is
// `.module`, where function declarations are lexical).

extension Parser {
  // MARK: Module

  /// Module : ModuleBody? — strict from the start; the top level is [+Await]
  /// (top-level await) and has no [Return], no `new.target`, no `super`.
  func parseModuleProgram() throws(ParseError) -> Program {
    isModule = true
    lexer.isModule = true
    strict = true
    context.isAsync = true
    context.isModuleTopLevel = true
    scopes.append(DeclarationScope(kind: .module))
    try next()
    let (body, _) = try parseDirectivesAndStatements(until: .eof)
    if kind != .eof { throw unexpected() }
    try checkExportedBindings()
    let program = Program(
      source: source, body: body, isStrict: true,
      range: SourceRange(start: 0, end: Int32(lexer.end)))
    program.isModule = true
    program.hasTopLevelAwait = hasTopLevelAwait
    return program
  }

  /// Import and export declarations are ModuleItems: only at a module's top level.
  var isModuleItemPosition: Bool {
    isModule && scopes.count == 1 && context.isModuleTopLevel
  }

  /// Every element of ExportedBindings must be in VarDeclaredNames or
  /// LexicallyDeclaredNames of the module (16.2.1.1).
  private func checkExportedBindings() throws(ParseError) {
    let top = scopes[0]
    for binding in exportedBindings {
      let name = binding.name
      if !top.lexical.contains(name) && !top.varNames.contains(name)
        && !top.functions.contains(name)
      {
        throw error("Export '\(name)' is not defined", at: binding.offset)
      }
    }
  }

  /// ExportedNames may not repeat (16.2.1.1).
  private func addExportedName(_ name: String, at offset: Int32) throws(ParseError) {
    if !exportedNames.insert(name).inserted {
      throw error("Duplicate export of '\(name)'", at: offset)
    }
  }

  // MARK: Import declarations

  /// `import ImportClause FromClause WithClause? ;` or `import ModuleSpecifier WithClause? ;`
  func parseImportDeclaration() throws(ParseError) -> Statement {
    let start = token.start
    try next()
    var specifiers: [ImportSpecifier] = []
    if kind != .string {
      if kind == .identifier {
        let local = try parseImportedBinding()
        specifiers.append(ImportSpecifier(kind: .default, local: local, range: local.range))
        if try eat(.comma) {
          guard kind == .star || kind == .leftBrace else { throw unexpected() }
        } else if !token.isContextual(.from) {
          throw unexpected()
        }
      }
      if kind == .star {
        let specifierStart = token.start
        try next()
        guard token.isContextual(.as) else { throw unexpected() }
        try next()
        let local = try parseImportedBinding()
        specifiers.append(
          ImportSpecifier(kind: .namespace, local: local, range: range(from: specifierStart)))
      } else if kind == .leftBrace {
        try parseNamedImports(into: &specifiers)
      } else if specifiers.isEmpty {
        throw unexpected()
      }
      try expectFrom()
    }
    let request = try parseModuleRequest()
    try consumeSemicolon()
    let declaration = ImportDeclaration(
      specifiers: specifiers, request: request, range: range(from: start))
    return Statement(.importDeclaration(declaration), declaration.range)
  }

  /// `{ a, b as c, "d" as e, }`
  private func parseNamedImports(into specifiers: inout [ImportSpecifier]) throws(ParseError) {
    try next()
    while kind != .rightBrace {
      let specifierStart = token.start
      let importedName: String
      let local: IdentifierReference
      if kind == .string {
        importedName = try parseModuleExportName()
        guard token.isContextual(.as) else { throw unexpected() }
        try next()
        local = try parseImportedBinding()
      } else if kind.isIdentifierName, try peek().isContextual(.as) {
        importedName = name(of: token)
        try next()
        try next()
        local = try parseImportedBinding()
      } else {
        // ImportSpecifier : ImportedBinding
        local = try parseImportedBinding()
        importedName = local.name
      }
      specifiers.append(
        ImportSpecifier(
          kind: .named(importedName), local: local, range: range(from: specifierStart)))
      if kind != .rightBrace { try expect(.comma) }
    }
    try next()
  }

  /// ImportedBinding : BindingIdentifier[~Yield, +Await], declared lexically.
  private func parseImportedBinding() throws(ParseError) -> IdentifierReference {
    let binding = try parseBindingIdentifier()
    try declare(binding.name, .lexical, at: binding.range.start)
    return binding
  }

  private func expectFrom() throws(ParseError) {
    guard token.isContextual(.from) else { throw unexpected() }
    try next()
  }

  /// ModuleSpecifier WithClause?: the request's range is the specifier literal's.
  private func parseModuleRequest() throws(ParseError) -> ModuleRequest {
    guard kind == .string else { throw unexpected() }
    let specifierToken = token
    try checkStrictString(specifierToken)
    let specifier = lexer.stringValue
    try next()
    var attributes: [ImportAttribute] = []
    if kind == .kwWith { attributes = try parseWithClause() }
    return ModuleRequest(specifier: specifier, attributes: attributes, range: specifierToken.range)
  }

  /// `with { key: "value", … }` (ES2025 16.2.2): keys are IdentifierNames or
  /// strings, values strings; no key may repeat.
  private func parseWithClause() throws(ParseError) -> [ImportAttribute] {
    try next()
    try expect(.leftBrace)
    var attributes: [ImportAttribute] = []
    var keys: Set<[UInt16]> = []
    while kind != .rightBrace {
      let keyToken = token
      let keyUnits: [UInt16]
      if kind == .string {
        try checkStrictString(keyToken)
        keyUnits = lexer.stringValue
      } else if kind.isIdentifierName {
        keyUnits = Array(name(of: keyToken).utf16)
      } else {
        throw unexpected()
      }
      let key = String(decoding: keyUnits, as: UTF16.self)
      try next()
      try expect(.colon)
      guard kind == .string else { throw unexpected() }
      try checkStrictString(token)
      let value = lexer.stringValue
      try next()
      if !keys.insert(keyUnits).inserted {
        throw error("Import attribute has duplicate key '\(key)'", at: keyToken.start)
      }
      attributes.append(ImportAttribute(key: key, value: value, range: range(from: keyToken.start)))
      if kind != .rightBrace { try expect(.comma) }
    }
    try next()
    return attributes
  }

  /// Module code is strict: no legacy octal escapes in any string literal.
  private func checkStrictString(_ token: Token) throws(ParseError) {
    if token.isLegacyOctal {
      throw error("Octal escape sequences are not allowed in strict mode", at: token.start)
    }
  }

  /// ModuleExportName : IdentifierName | StringLiteral (a well-formed one, 16.2.1.1).
  private func parseModuleExportName() throws(ParseError) -> String {
    let current = token
    if current.kind == .string {
      try checkStrictString(current)
      let units = lexer.stringValue
      if !isWellFormedUnicode(units) {
        throw error("Invalid module export name: contains unpaired surrogate", at: current.start)
      }
      try next()
      return String(decoding: units, as: UTF16.self)
    }
    guard current.kind.isIdentifierName else { throw unexpected() }
    try next()
    return name(of: current)
  }

  private func isWellFormedUnicode(_ units: [UInt16]) -> Bool {
    var index = 0
    while index < units.count {
      let unit = units[index]
      if isHighSurrogate(unit) {
        guard index + 1 < units.count, isLowSurrogate(units[index + 1]) else { return false }
        index += 2
        continue
      }
      if isLowSurrogate(unit) { return false }
      index += 1
    }
    return true
  }

  // MARK: Export declarations

  func parseExportDeclaration() throws(ParseError) -> Statement {
    let start = token.start
    try next()
    let exportKind: ExportDeclaration.Kind
    switch kind {
    case .star:
      try next()
      if token.isContextual(.as) {
        try next()
        let nameStart = token.start
        let exported = try parseModuleExportName()
        try addExportedName(exported, at: nameStart)
        try expectFrom()
        exportKind = .starAs(exported, try parseModuleRequest())
      } else {
        try expectFrom()
        exportKind = .star(try parseModuleRequest())
      }
      try consumeSemicolon()
    case .leftBrace:
      exportKind = try parseNamedExports()
    case .kwDefault:
      exportKind = try parseExportDefault()
    default:
      let declaration = try parseExportedDeclaration()
      for name in boundNames(of: declaration) {
        try addExportedName(name.name, at: name.range.start)
      }
      exportKind = .declaration(declaration)
    }
    let declaration = ExportDeclaration(kind: exportKind, range: range(from: start))
    return Statement(.exportDeclaration(declaration), declaration.range)
  }

  /// `export { … } ;` or `export { … } from "m" WithClause? ;`
  private func parseNamedExports() throws(ParseError) -> ExportDeclaration.Kind {
    struct Item {
      var localToken: Token
      var local: String
      var exported: String
      var exportedStart: Int32
      var range: SourceRange
    }
    try next()
    var items: [Item] = []
    while kind != .rightBrace {
      let localToken = token
      let local = try parseModuleExportName()
      var exported = local
      var exportedStart = localToken.start
      if token.isContextual(.as) {
        try next()
        exportedStart = token.start
        exported = try parseModuleExportName()
      }
      items.append(
        Item(
          localToken: localToken, local: local, exported: exported, exportedStart: exportedStart,
          range: range(from: localToken.start)))
      if kind != .rightBrace { try expect(.comma) }
    }
    try next()
    for item in items { try addExportedName(item.exported, at: item.exportedStart) }
    if token.isContextual(.from) {
      try next()
      let request = try parseModuleRequest()
      try consumeSemicolon()
      let specifiers = items.map {
        ExportSpecifier(local: $0.local, exported: $0.exported, localReference: nil, range: $0.range)
      }
      return .indirect(specifiers, request)
    }
    // Without `from`, each local name is an IdentifierReference (16.2.3.1:
    // ReferencedBindings may not contain a string or a reserved word).
    var specifiers: [ExportSpecifier] = []
    for item in items {
      if item.localToken.kind == .string {
        throw error(
          "A string literal cannot be used as an exported binding without 'from'",
          at: item.localToken.start)
      }
      try checkIdentifierReference(item.localToken)
      exportedBindings.append((item.local, item.localToken.start))
      let reference = IdentifierReference(name: item.local, range: item.localToken.range)
      specifiers.append(
        ExportSpecifier(
          local: item.local, exported: item.exported, localReference: reference,
          range: item.range))
    }
    try consumeSemicolon()
    return .local(specifiers)
  }

  /// After `export default`: a function or class declaration (maybe anonymous)
  /// or an AssignmentExpression.
  private func parseExportDefault() throws(ParseError) -> ExportDeclaration.Kind {
    try addExportedName("default", at: token.start)
    try next()
    let start = token.start
    if kind == .kwFunction {
      return .defaultDeclaration(
        try parseFunctionDeclaration(start: start, isAsync: false, allowAnonymous: true))
    }
    if token.isContextual(.async) {
      let following = try peek()
      if following.kind == .kwFunction && !following.hasNewlineBefore {
        try next()
        return .defaultDeclaration(
          try parseFunctionDeclaration(start: start, isAsync: true, allowAnonymous: true))
      }
    }
    if kind == .kwClass {
      return .defaultDeclaration(try parseClassDeclaration(allowAnonymous: true))
    }
    let expression = try parseAssignmentExpression(allowIn: true)
    try consumeSemicolon()
    return .defaultExpression(expression)
  }

  /// `export` VariableStatement | Declaration.
  private func parseExportedDeclaration() throws(ParseError) -> Statement {
    let start = token.start
    switch kind {
    case .kwVar:
      return try parseVariableStatement()
    case .kwConst:
      return try parseLexicalDeclarationStatement(.const)
    case .kwFunction:
      return try parseFunctionDeclaration(start: start, isAsync: false)
    case .kwClass:
      return try parseClassDeclaration()
    case .identifier where token.isContextual(.let):
      return try parseLexicalDeclarationStatement(.let)
    case .identifier where token.isContextual(.async):
      let following = try peek()
      guard following.kind == .kwFunction && !following.hasNewlineBefore else {
        throw unexpected()
      }
      try next()
      return try parseFunctionDeclaration(start: start, isAsync: true)
    default:
      throw unexpected()
    }
  }

  /// BoundNames of an exported declaration (its ExportedNames).
  private func boundNames(of declaration: Statement) -> [IdentifierReference] {
    var names: [IdentifierReference] = []
    switch declaration.kind {
    case .variableDeclaration(let variables):
      for declarator in variables.declarators { collectBoundNames(declarator.target, into: &names) }
    case .functionDeclaration(let function):
      if let name = function.name { names.append(name) }
    case .classDeclaration(let node):
      if let name = node.name { names.append(name) }
    default:
      break
    }
    return names
  }
}
