// Helpers shared by the syntax tests: parsing shortcuts, the error a source
// produces, and a compact S-expression rendering of expressions so that tree
// shapes (precedence, associativity, covers) can be checked in one line.

import Testing

@testable import XJSSyntax

func parse(_ source: String, strict: Bool = false, options: ParserOptions = .init())
  throws(SyntaxError) -> Program
{
  var options = options
  if strict { options.isStrict = true }
  return try parseScript(SourceFile(name: "test.js", string: source), options: options)
}

/// The SyntaxError `source` produces, or nil when it parses.
func syntaxError(_ source: String, strict: Bool = false, options: ParserOptions = .init())
  -> SyntaxError?
{
  do {
    _ = try parse(source, strict: strict, options: options)
    return nil
  } catch {
    return error
  }
}

/// `message@line:column` of the error `source` produces, or "parsed".
func errorSummary(_ source: String, strict: Bool = false) -> String {
  guard let error = syntaxError(source, strict: strict) else { return "parsed" }
  return "\(error.message)@\(error.line):\(error.column)"
}

/// The S-expression of the expression in the first statement of `source`.
func sexpr(_ source: String, strict: Bool = false) throws -> String {
  let program = try parse(source, strict: strict)
  guard let first = program.body.first, case .expression(let expression) = first.kind else {
    Issue.record("not an expression statement: \(source)")
    return ""
  }
  return render(expression)
}

func render(_ expression: Expression) -> String {
  switch expression.kind {
  case .identifier(let reference): return reference.name
  case .this: return "this"
  case .numberLiteral(let value): return JSONWriter.formatNumber(value)
  case .bigIntLiteral(let digits): return digits + "n"
  case .stringLiteral(let units): return JSONWriter.quote(units)
  case .booleanLiteral(let value): return String(value)
  case .nullLiteral: return "null"
  case .regExpLiteral(let regExp):
    return "/\(String(decoding: regExp.pattern, as: UTF16.self))/\(regExp.flags)"
  case .template(let literal): return "(template \(render(literal)))"
  case .taggedTemplate(let tag, let quasi): return "(tag \(render(tag)) \(render(quasi)))"
  case .array(let elements):
    let items = elements.map { element -> String in
      switch element {
      case .hole: return "_"
      case .expression(let item): return render(item)
      case .spread(let item): return "...\(render(item))"
      }
    }
    return "[" + items.joined(separator: " ") + "]"
  case .object(let properties):
    return "{" + properties.map(render).joined(separator: " ") + "}"
  case .function(let function): return "(function\(functionFlags(function)))"
  case .arrowFunction(let function):
    let parameters =
      function.parameters.map(render)
      + (function.restParameter.map { ["..." + render($0)] } ?? [])
    let body: String
    switch function.body {
    case .expression(let value): body = render(value)
    case .block(let statements): body = "{\(statements.count)}"
    }
    return "(=>\(function.isAsync ? " async" : "") (\(parameters.joined(separator: " "))) \(body))"
  case .class(let node): return "(class \(node.name?.name ?? "_"))"
  case .unary(let unaryOperator, let operand): return "(\(unaryOperator.rawValue) \(render(operand)))"
  case .update(let updateOperator, let isPrefix, let target):
    return isPrefix
      ? "(\(updateOperator.rawValue)pre \(render(target)))"
      : "(post\(updateOperator.rawValue) \(render(target)))"
  case .binary(let binaryOperator, let operands):
    return "(\(binaryOperator.rawValue) \(render(operands.left)) \(render(operands.right)))"
  case .logical(let logicalOperator, let operands):
    return "(\(logicalOperator.rawValue) \(render(operands.left)) \(render(operands.right)))"
  case .privateIn(let name, let object): return "(in #\(name) \(render(object)))"
  case .assignment(let assignmentOperator, let target, let value):
    return "(\(assignmentOperator.rawValue) \(render(target)) \(render(value)))"
  case .conditional(let test, let consequent, let alternate):
    return "(? \(render(test)) \(render(consequent)) \(render(alternate)))"
  case .sequence(let items): return "(, " + items.map(render).joined(separator: " ") + ")"
  case .member(let object, let name, let isOptional):
    return "(\(isOptional ? "?." : ".") \(render(object)) \(name))"
  case .computedMember(let object, let property, let isOptional):
    return "(\(isOptional ? "?.[]" : "[]") \(render(object)) \(render(property)))"
  case .privateMember(let object, let name, let isOptional):
    return "(\(isOptional ? "?." : ".") \(render(object)) #\(name))"
  case .call(let callee, let arguments, let isOptional):
    return "(\(isOptional ? "?.call" : "call") \(render(callee))\(render(arguments)))"
  case .new(let callee, let arguments): return "(new \(render(callee))\(render(arguments)))"
  case .optionalChain(let inner): return "(chain \(render(inner)))"
  case .superMember(let name): return "(. super \(name))"
  case .superComputedMember(let property): return "([] super \(render(property)))"
  case .superCall(let arguments): return "(super\(render(arguments)))"
  case .newTarget: return "new.target"
  case .importMeta: return "import.meta"
  case .importCall(let specifier, let options):
    return "(import \(render(specifier))\(options.map { " " + render($0) } ?? ""))"
  case .yield(let argument, let isDelegate):
    return "(yield\(isDelegate ? "*" : "")\(argument.map { " " + render($0) } ?? ""))"
  case .await(let argument): return "(await \(render(argument)))"
  }
}

private func functionFlags(_ function: FunctionNode) -> String {
  var flags = ""
  if function.isAsync { flags += " async" }
  if function.isGenerator { flags += " *" }
  if let name = function.name { flags += " " + name.name }
  return flags
}

func render(_ arguments: [Argument]) -> String {
  arguments.map { argument -> String in
    switch argument {
    case .expression(let item): return " " + render(item)
    case .spread(let item): return " ..." + render(item)
    }
  }.joined()
}

func render(_ literal: TemplateLiteral) -> String {
  var parts: [String] = []
  for (index, element) in literal.quasis.enumerated() {
    parts.append(element.cooked.map { JSONWriter.quote($0) } ?? "undefined")
    if index < literal.expressions.count { parts.append(render(literal.expressions[index])) }
  }
  return parts.joined(separator: " ")
}

func render(_ property: ObjectProperty) -> String {
  switch property.kind {
  case .keyValue(let key, let value, let isShorthand):
    return isShorthand ? render(value) : "\(render(key)):\(render(value))"
  case .method(let key, _, let kind): return "\(kind)(\(render(key)))"
  case .spread(let argument): return "..." + render(argument)
  case .protoSetter(let value): return "__proto__=\(render(value))"
  }
}

func render(_ key: PropertyKeyNode) -> String {
  switch key.name {
  case .identifier(let name): return name
  case .string(let units): return JSONWriter.quote(units)
  case .number(let value): return JSONWriter.formatNumber(value)
  case .bigInt(let digits): return digits + "n"
  case .computed(let expression): return "[\(render(expression))]"
  case .privateName(let name): return "#" + name
  }
}

func render(_ parameter: Parameter) -> String {
  parameter.defaultValue.map { "(= \(render(parameter.target)) \(render($0)))" }
    ?? render(parameter.target)
}

func render(_ pattern: Pattern) -> String {
  switch pattern {
  case .identifier(let identifier): return identifier.name
  case .expression(let expression): return render(expression)
  case .object(let object):
    var parts = object.properties.map { property -> String in
      var text =
        property.isShorthand ? render(property.target) : "\(render(property.key)):\(render(property.target))"
      if let defaultValue = property.defaultValue { text += "=" + render(defaultValue) }
      return text
    }
    if let rest = object.rest { parts.append("..." + render(rest)) }
    return "{" + parts.joined(separator: " ") + "}"
  case .array(let array):
    var parts = array.elements.map { element -> String in
      guard let element else { return "_" }
      return render(element.target) + (element.defaultValue.map { "=" + render($0) } ?? "")
    }
    if let rest = array.rest { parts.append("..." + render(rest)) }
    return "[" + parts.joined(separator: " ") + "]"
  }
}

/// Scans `source` into tokens (with the lexer alone; no regex or template rescans).
func lex(_ source: String) throws(ParseError) -> [Token] {
  let units = Array(source.utf16)
  return try units.withUnsafeBufferPointer { (buffer) throws(ParseError) -> [Token] in
    let lexer = Lexer(text: buffer)
    var tokens: [Token] = []
    repeat {
      try lexer.next()
      tokens.append(lexer.token)
    } while lexer.token.kind != .eof
    return tokens
  }
}

/// Token kinds of `source`, without the final end-of-input token.
func kinds(_ source: String) throws(ParseError) -> [TokenKind] {
  try lex(source).dropLast().map(\.kind)
}

/// The value of the single numeric literal in `source`.
func numberValue(_ source: String) throws(ParseError) -> Double {
  let units = Array(source.utf16)
  return try units.withUnsafeBufferPointer { (buffer) throws(ParseError) -> Double in
    let lexer = Lexer(text: buffer)
    try lexer.next()
    #expect(lexer.token.kind == .number)
    return lexer.numberValue
  }
}

/// The value of the single string literal in `source`, as a Swift string.
func stringValue(_ source: String) throws(ParseError) -> [UInt16] {
  let units = Array(source.utf16)
  return try units.withUnsafeBufferPointer { (buffer) throws(ParseError) -> [UInt16] in
    let lexer = Lexer(text: buffer)
    try lexer.next()
    #expect(lexer.token.kind == .string)
    return lexer.stringValue
  }
}

/// The error message of lexing `source`, or nil.
func lexError(_ source: String) -> String? {
  do {
    _ = try lex(source)
    return nil
  } catch {
    return error.message
  }
}
