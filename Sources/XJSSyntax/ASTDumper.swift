// A readable, indented dump of the syntax tree (`xjs parse file.js`): one node
// a line, `Kind details @start-end`, children indented below their parent.

/// Returns the indented tree dump of `program`; nil when the tree is nested
/// too deeply to print with the native stack left.
public func dumpAST(_ program: Program) -> String? {
  var dumper = ASTDumper()
  var title = program.isModule ? "Program module" : "Program"
  if program.isStrict { title += " strict" }
  if program.hasTopLevelAwait { title += " top-level-await" }
  dumper.line(title, program.range)
  dumper.nested { dumper in
    for statement in program.body { dumper.statement(statement) }
  }
  return dumper.recursion.exhausted ? nil : dumper.output
}

struct ASTDumper {
  var output = ""
  var recursion = RecursionGuard()
  private var indent = 0

  mutating func line(_ text: String, _ range: SourceRange? = nil) {
    output += String(repeating: "  ", count: indent)
    output += text
    if let range { output += " @\(range.start)-\(range.end)" }
    output += "\n"
  }

  mutating func nested(_ body: (inout ASTDumper) -> Void) {
    indent += 1
    body(&self)
    indent -= 1
  }

  /// A labelled child: `label:` then the child indented under it.
  mutating func child(_ label: String, _ body: (inout ASTDumper) -> Void) {
    line(label + ":")
    nested(body)
  }

  private func quoted(_ units: [UInt16]) -> String { JSONWriter.quote(units) }

  // MARK: Statements

  mutating func statement(_ node: Statement) {
    guard recursion.canDescend() else { return }
    let range = node.range
    switch node.kind {
    case .variableDeclaration(let declaration):
      variableDeclaration(declaration)
    case .functionDeclaration(let function):
      self.function(function, title: "FunctionDeclaration")
    case .classDeclaration(let node):
      classNode(node, title: "ClassDeclaration")
    case .expression(let expression):
      line("ExpressionStatement", range)
      nested { $0.expression(expression) }
    case .block(let block):
      self.block(block)
    case .empty:
      line("EmptyStatement", range)
    case .debugger:
      line("DebuggerStatement", range)
    case .if(let test, let consequent, let alternate):
      line("IfStatement", range)
      nested { dumper in
        dumper.child("test") { $0.expression(test) }
        dumper.child("then") { $0.statement(consequent) }
        if let alternate { dumper.child("else") { $0.statement(alternate) } }
      }
    case .for(let loop):
      line("ForStatement", range)
      nested { dumper in
        switch loop.initializer {
        case .declaration(let declaration):
          dumper.child("init") { $0.variableDeclaration(declaration) }
        case .expression(let expression):
          dumper.child("init") { $0.expression(expression) }
        case nil:
          break
        }
        if let test = loop.test { dumper.child("test") { $0.expression(test) } }
        if let update = loop.update { dumper.child("update") { $0.expression(update) } }
        dumper.child("body") { $0.statement(loop.body) }
      }
    case .forIn(let loop):
      forInOf(loop, title: "ForInStatement")
    case .forOf(let loop):
      forInOf(loop, title: loop.isAwait ? "ForOfStatement await" : "ForOfStatement")
    case .while(let test, let body):
      line("WhileStatement", range)
      nested { dumper in
        dumper.child("test") { $0.expression(test) }
        dumper.child("body") { $0.statement(body) }
      }
    case .doWhile(let body, let test):
      line("DoWhileStatement", range)
      nested { dumper in
        dumper.child("body") { $0.statement(body) }
        dumper.child("test") { $0.expression(test) }
      }
    case .continue(let label):
      line("ContinueStatement" + (label.map { " \($0)" } ?? ""), range)
    case .break(let label):
      line("BreakStatement" + (label.map { " \($0)" } ?? ""), range)
    case .return(let argument):
      line("ReturnStatement", range)
      if let argument { nested { $0.expression(argument) } }
    case .throw(let argument):
      line("ThrowStatement", range)
      nested { $0.expression(argument) }
    case .with(let object, let body):
      line("WithStatement", range)
      nested { dumper in
        dumper.child("object") { $0.expression(object) }
        dumper.child("body") { $0.statement(body) }
      }
    case .switch(let node):
      line("SwitchStatement", range)
      nested { dumper in
        dumper.child("discriminant") { $0.expression(node.discriminant) }
        for item in node.cases {
          if let test = item.test {
            dumper.line("Case", item.range)
            dumper.nested { dumper in
              dumper.child("test") { $0.expression(test) }
              for child in item.body { dumper.statement(child) }
            }
          } else {
            dumper.line("Default", item.range)
            dumper.nested { dumper in
              for child in item.body { dumper.statement(child) }
            }
          }
        }
      }
    case .labeled(let label, let body):
      line("LabeledStatement \(label)", range)
      nested { $0.statement(body) }
    case .importDeclaration(let declaration):
      line("ImportDeclaration \(quoted(declaration.request.specifier))", range)
      nested { dumper in
        for specifier in declaration.specifiers {
          let local = specifier.local.name
          switch specifier.kind {
          case .default: dumper.line("ImportDefault \(local)", specifier.range)
          case .namespace: dumper.line("ImportNamespace \(local)", specifier.range)
          case .named(let imported):
            dumper.line("ImportSpecifier \(ASTDumper.exportName(imported)) as \(local)", specifier.range)
          }
        }
        dumper.attributes(declaration.request)
      }
    case .exportDeclaration(let declaration):
      exportDeclaration(declaration)
    case .try(let node):
      line("TryStatement", range)
      nested { dumper in
        dumper.child("block") { $0.block(node.block) }
        if let handler = node.handler {
          dumper.line("CatchClause", handler.range)
          dumper.nested { dumper in
            if let parameter = handler.parameter { dumper.child("param") { $0.pattern(parameter) } }
            dumper.block(handler.body)
          }
        }
        if let finalizer = node.finalizer { dumper.child("finally") { $0.block(finalizer) } }
      }
    }
  }

  mutating func exportDeclaration(_ declaration: ExportDeclaration) {
    let range = declaration.range
    switch declaration.kind {
    case .declaration(let statement):
      line("ExportDeclaration", range)
      nested { $0.statement(statement) }
    case .defaultDeclaration(let statement):
      line("ExportDefault", range)
      nested { $0.statement(statement) }
    case .defaultExpression(let expression):
      line("ExportDefault", range)
      nested { $0.expression(expression) }
    case .local(let specifiers):
      line("ExportNamed", range)
      nested { $0.exportSpecifiers(specifiers) }
    case .indirect(let specifiers, let request):
      line("ExportNamed from \(quoted(request.specifier))", range)
      nested { dumper in
        dumper.exportSpecifiers(specifiers)
        dumper.attributes(request)
      }
    case .star(let request):
      line("ExportAll from \(quoted(request.specifier))", range)
      nested { $0.attributes(request) }
    case .starAs(let name, let request):
      line("ExportAll as \(ASTDumper.exportName(name)) from \(quoted(request.specifier))", range)
      nested { $0.attributes(request) }
    }
  }

  mutating func exportSpecifiers(_ specifiers: [ExportSpecifier]) {
    for specifier in specifiers {
      line(
        "ExportSpecifier \(ASTDumper.exportName(specifier.local)) as \(ASTDumper.exportName(specifier.exported))",
        specifier.range)
    }
  }

  mutating func attributes(_ request: ModuleRequest) {
    for attribute in request.attributes {
      line("Attribute \(ASTDumper.exportName(attribute.key)): \(quoted(attribute.value))", attribute.range)
    }
  }

  /// A module export name as written when it is a plain ASCII identifier, else quoted.
  private static func exportName(_ name: String) -> String {
    let isPlain =
      !name.isEmpty
      && name.utf16.allSatisfy { $0 < 128 && isIdentifierPart(UInt32($0)) }
      && !(name.utf16.first.map { $0 >= 0x30 && $0 <= 0x39 } ?? false)
    return isPlain ? name : JSONWriter.quote(Array(name.utf16))
  }

  mutating func block(_ block: BlockStatement) {
    line("BlockStatement", block.range)
    nested { dumper in
      for child in block.body { dumper.statement(child) }
    }
  }

  mutating func variableDeclaration(_ declaration: VariableDeclaration) {
    line("VariableDeclaration \(declaration.kind.rawValue)", declaration.range)
    nested { dumper in
      for declarator in declaration.declarators {
        dumper.line("VariableDeclarator", declarator.range)
        dumper.nested { dumper in
          dumper.pattern(declarator.target)
          if let initializer = declarator.initializer {
            dumper.child("init") { $0.expression(initializer) }
          }
        }
      }
    }
  }

  mutating func forInOf(_ loop: ForInOfStatement, title: String) {
    line(title, loop.range)
    nested { dumper in
      switch loop.head {
      case .declaration(let kind, let target, let initializer):
        dumper.child("left \(kind.rawValue)") { dumper in
          dumper.pattern(target)
          if let initializer { dumper.child("init") { $0.expression(initializer) } }
        }
      case .pattern(let target):
        dumper.child("left") { $0.pattern(target) }
      }
      dumper.child("right") { $0.expression(loop.right) }
      dumper.child("body") { $0.statement(loop.body) }
    }
  }

  // MARK: Functions and classes

  mutating func function(_ function: FunctionNode, title: String) {
    var text = title
    if function.isAsync { text += " async" }
    if function.isGenerator { text += " generator" }
    if function.kind != .normal && function.kind != .arrow { text += " \(function.kind)" }
    if let name = function.name { text += " \(name.name)" }
    if function.isStrict { text += " strict" }
    line(text, function.range)
    nested { dumper in
      if !function.parameters.isEmpty || function.restParameter != nil {
        dumper.child("params") { dumper in
          for parameter in function.parameters {
            dumper.pattern(parameter.target)
            if let defaultValue = parameter.defaultValue {
              dumper.child("default") { $0.expression(defaultValue) }
            }
          }
          if let rest = function.restParameter { dumper.child("rest") { $0.pattern(rest) } }
        }
      }
      switch function.body {
      case .block(let statements):
        dumper.child("body") { dumper in
          for statement in statements { dumper.statement(statement) }
        }
      case .expression(let expression):
        dumper.child("body") { $0.expression(expression) }
      }
    }
  }

  mutating func classNode(_ node: ClassNode, title: String) {
    line(title + (node.name.map { " \($0.name)" } ?? ""), node.range)
    nested { dumper in
      if let superClass = node.superClass { dumper.child("extends") { $0.expression(superClass) } }
      if let constructor = node.constructor { dumper.function(constructor, title: "Constructor") }
      for member in node.members {
        let prefix = member.isStatic ? "static " : ""
        switch member.kind {
        case .method(let key, let function, let kind):
          dumper.line("\(prefix)Method \(kind)", member.range)
          dumper.nested { dumper in
            dumper.propertyKey(key)
            dumper.function(function, title: "FunctionExpression")
          }
        case .field(let key, let initializer):
          dumper.line("\(prefix)Field", member.range)
          dumper.nested { dumper in
            dumper.propertyKey(key)
            if let initializer { dumper.child("value") { $0.expression(initializer) } }
          }
        case .staticBlock(let function):
          dumper.line("StaticBlock", member.range)
          dumper.nested { dumper in
            if case .block(let statements) = function.body {
              for statement in statements { dumper.statement(statement) }
            }
          }
        }
      }
    }
  }

  mutating func propertyKey(_ key: PropertyKeyNode) {
    switch key.name {
    case .identifier(let name): line("Key \(name)", key.range)
    case .string(let units): line("Key \(quoted(units))", key.range)
    case .number(let value): line("Key \(JSONWriter.formatNumber(value))", key.range)
    case .bigInt(let digits): line("Key \(digits)n", key.range)
    case .privateName(let name): line("Key #\(name)", key.range)
    case .computed(let expression): child("computed key") { $0.expression(expression) }
    }
  }

  // MARK: Expressions

  mutating func expression(_ node: Expression) {
    guard recursion.canDescend() else { return }
    let range = node.range
    switch node.kind {
    case .identifier(let reference): line("Identifier \(reference.name)", range)
    case .this: line("This", range)
    case .numberLiteral(let value): line("Number \(JSONWriter.formatNumber(value))", range)
    case .bigIntLiteral(let digits): line("BigInt \(digits)n", range)
    case .stringLiteral(let units): line("String \(quoted(units))", range)
    case .booleanLiteral(let value): line("Boolean \(value)", range)
    case .nullLiteral: line("Null", range)
    case .regExpLiteral(let regExp):
      line("RegExp /\(String(decoding: regExp.pattern, as: UTF16.self))/\(regExp.flags)", range)
    case .template(let literal):
      line("TemplateLiteral", range)
      nested { $0.template(literal) }
    case .taggedTemplate(let tag, let quasi):
      line("TaggedTemplate", range)
      nested { dumper in
        dumper.child("tag") { $0.expression(tag) }
        dumper.template(quasi)
      }
    case .array(let elements):
      line("ArrayLiteral", range)
      nested { dumper in
        for element in elements {
          switch element {
          case .hole: dumper.line("Hole")
          case .expression(let item): dumper.expression(item)
          case .spread(let item): dumper.child("spread") { $0.expression(item) }
          }
        }
      }
    case .object(let properties):
      line("ObjectLiteral", range)
      nested { dumper in
        for property in properties { dumper.objectProperty(property) }
      }
    case .function(let function): self.function(function, title: "FunctionExpression")
    case .arrowFunction(let function): self.function(function, title: "ArrowFunction")
    case .class(let node): classNode(node, title: "ClassExpression")
    case .unary(let unaryOperator, let argument):
      line("Unary \(unaryOperator.rawValue)", range)
      nested { $0.expression(argument) }
    case .update(let updateOperator, let isPrefix, let target):
      line("Update \(isPrefix ? "prefix" : "postfix") \(updateOperator.rawValue)", range)
      nested { $0.expression(target) }
    case .binary(let binaryOperator, let operands):
      line("Binary \(binaryOperator.rawValue)", range)
      nested { dumper in
        dumper.expression(operands.left)
        dumper.expression(operands.right)
      }
    case .logical(let logicalOperator, let operands):
      line("Logical \(logicalOperator.rawValue)", range)
      nested { dumper in
        dumper.expression(operands.left)
        dumper.expression(operands.right)
      }
    case .privateIn(let name, let object):
      line("PrivateIn #\(name)", range)
      nested { $0.expression(object) }
    case .assignment(let assignmentOperator, let target, let value):
      line("Assignment \(assignmentOperator.rawValue)", range)
      nested { dumper in
        dumper.pattern(target)
        dumper.expression(value)
      }
    case .conditional(let test, let consequent, let alternate):
      line("Conditional", range)
      nested { dumper in
        dumper.expression(test)
        dumper.expression(consequent)
        dumper.expression(alternate)
      }
    case .sequence(let expressions):
      line("Sequence", range)
      nested { dumper in
        for item in expressions { dumper.expression(item) }
      }
    case .member(let object, let name, let isOptional):
      line("Member\(isOptional ? " optional" : "") .\(name)", range)
      nested { $0.expression(object) }
    case .computedMember(let object, let property, let isOptional):
      line("ComputedMember\(isOptional ? " optional" : "")", range)
      nested { dumper in
        dumper.expression(object)
        dumper.expression(property)
      }
    case .privateMember(let object, let name, let isOptional):
      line("PrivateMember\(isOptional ? " optional" : "") .#\(name)", range)
      nested { $0.expression(object) }
    case .call(let callee, let arguments, let isOptional):
      line("Call\(isOptional ? " optional" : "")", range)
      nested { dumper in
        dumper.expression(callee)
        dumper.arguments(arguments)
      }
    case .new(let callee, let arguments):
      line("New", range)
      nested { dumper in
        dumper.expression(callee)
        dumper.arguments(arguments)
      }
    case .optionalChain(let inner):
      line("OptionalChain", range)
      nested { $0.expression(inner) }
    case .superMember(let name): line("SuperMember .\(name)", range)
    case .superComputedMember(let property):
      line("SuperComputedMember", range)
      nested { $0.expression(property) }
    case .superCall(let arguments):
      line("SuperCall", range)
      nested { $0.arguments(arguments) }
    case .newTarget: line("NewTarget", range)
    case .importMeta: line("ImportMeta", range)
    case .importCall(let specifier, let options):
      line("ImportCall", range)
      nested {
        $0.expression(specifier)
        if let options { $0.expression(options) }
      }
    case .yield(let argument, let isDelegate):
      line(isDelegate ? "Yield*" : "Yield", range)
      if let argument { nested { $0.expression(argument) } }
    case .await(let argument):
      line("Await", range)
      nested { $0.expression(argument) }
    }
  }

  mutating func arguments(_ arguments: [Argument]) {
    if arguments.isEmpty { return }
    child("arguments") { dumper in
      for argument in arguments {
        switch argument {
        case .expression(let item): dumper.expression(item)
        case .spread(let item): dumper.child("spread") { $0.expression(item) }
        }
      }
    }
  }

  mutating func template(_ literal: TemplateLiteral) {
    for (index, element) in literal.quasis.enumerated() {
      let cooked = element.cooked.map { quoted($0) } ?? "undefined"
      line("Quasi cooked=\(cooked) raw=\(quoted(element.raw))", element.range)
      if index < literal.expressions.count { expression(literal.expressions[index]) }
    }
  }

  mutating func objectProperty(_ property: ObjectProperty) {
    switch property.kind {
    case .keyValue(let key, let value, let isShorthand):
      line(isShorthand ? "Property shorthand" : "Property", property.range)
      nested { dumper in
        dumper.propertyKey(key)
        dumper.expression(value)
      }
    case .method(let key, let function, let kind):
      line("Property \(kind)", property.range)
      nested { dumper in
        dumper.propertyKey(key)
        dumper.function(function, title: "FunctionExpression")
      }
    case .spread(let argument):
      line("Spread", property.range)
      nested { $0.expression(argument) }
    case .protoSetter(let value):
      line("ProtoSetter", property.range)
      nested { $0.expression(value) }
    }
  }

  // MARK: Patterns

  mutating func pattern(_ node: Pattern) {
    guard recursion.canDescend() else { return }
    switch node {
    case .identifier(let identifier):
      line("BindingIdentifier \(identifier.name)", identifier.range)
    case .expression(let expression):
      child("target") { $0.expression(expression) }
    case .object(let object):
      line("ObjectPattern", object.range)
      nested { dumper in
        for property in object.properties {
          dumper.line(property.isShorthand ? "Property shorthand" : "Property", property.range)
          dumper.nested { dumper in
            dumper.propertyKey(property.key)
            dumper.pattern(property.target)
            if let defaultValue = property.defaultValue {
              dumper.child("default") { $0.expression(defaultValue) }
            }
          }
        }
        if let rest = object.rest { dumper.child("rest") { $0.pattern(rest) } }
      }
    case .array(let array):
      line("ArrayPattern", array.range)
      nested { dumper in
        for element in array.elements {
          guard let element else {
            dumper.line("Hole")
            continue
          }
          dumper.pattern(element.target)
          if let defaultValue = element.defaultValue {
            dumper.child("default") { $0.expression(defaultValue) }
          }
        }
        if let rest = array.rest { dumper.child("rest") { $0.pattern(rest) } }
      }
    }
  }
}
