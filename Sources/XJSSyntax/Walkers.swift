// Generic traversal helpers: the direct children of a node, without descending
// into nested function bodies (callers decide whether to recurse).

public enum ExpressionWalker {
  /// Calls `body` for every direct sub-expression of `expression` (function and
  /// class bodies are not entered; class heritage and computed keys are).
  public static func forEachChild(of expression: Expression, _ body: (Expression) -> Void) {
    switch expression.kind {
    case .identifier, .this, .numberLiteral, .bigIntLiteral, .stringLiteral, .booleanLiteral, .nullLiteral,
      .regExpLiteral, .newTarget, .importMeta, .superMember, .function, .arrowFunction:
      break
    case .template(let template):
      template.expressions.forEach(body)
    case .taggedTemplate(let tag, let quasi):
      body(tag)
      quasi.expressions.forEach(body)
    case .array(let elements):
      for element in elements {
        switch element {
        case .hole: break
        case .expression(let value), .spread(let value): body(value)
        }
      }
    case .object(let properties):
      for property in properties {
        switch property.kind {
        case .keyValue(let key, let value, _):
          if case .computed(let computed) = key.name { body(computed) }
          body(value)
        case .method(let key, _, _):
          if case .computed(let computed) = key.name { body(computed) }
        case .spread(let value), .protoSetter(let value):
          body(value)
        }
      }
    case .class(let node):
      if let superClass = node.superClass { body(superClass) }
      for member in node.members {
        switch member.kind {
        case .method(let key, _, _), .field(let key, _):
          if case .computed(let computed) = key.name { body(computed) }
        case .staticBlock: break
        }
      }
    case .unary(_, let operand), .update(_, _, let operand), .optionalChain(let operand),
      .superComputedMember(let operand), .await(let operand), .importCall(let operand, nil):
      body(operand)
    case .importCall(let specifier, let options?):
      body(specifier)
      body(options)
    case .binary, .logical:
      expression.forEachChainOperand(body)
    case .privateIn(_, let object), .member(let object, _, _), .privateMember(let object, _, _):
      body(object)
    case .assignment(_, let target, let value):
      forEachExpression(in: target, body)
      body(value)
    case .conditional(let test, let consequent, let alternate):
      body(test)
      body(consequent)
      body(alternate)
    case .sequence(let expressions):
      expressions.forEach(body)
    case .computedMember(let object, let property, _):
      body(object)
      body(property)
    case .call(let callee, let arguments, _), .new(let callee, let arguments):
      body(callee)
      forEachArgument(arguments, body)
    case .superCall(let arguments):
      forEachArgument(arguments, body)
    case .yield(let argument, _):
      if let argument { body(argument) }
    }
  }

  static func forEachArgument(_ arguments: [Argument], _ body: (Expression) -> Void) {
    for argument in arguments {
      switch argument {
      case .expression(let value), .spread(let value): body(value)
      }
    }
  }

  /// The expressions inside a pattern (defaults, computed keys, member targets).
  public static func forEachExpression(in pattern: Pattern, _ body: (Expression) -> Void) {
    switch pattern {
    case .identifier: break
    case .expression(let expression): body(expression)
    case .object(let object):
      for property in object.properties {
        if case .computed(let computed) = property.key.name { body(computed) }
        if let value = property.defaultValue { body(value) }
        forEachExpression(in: property.target, body)
      }
      if let rest = object.rest { forEachExpression(in: rest, body) }
    case .array(let array):
      for element in array.elements {
        guard let element else { continue }
        if let value = element.defaultValue { body(value) }
        forEachExpression(in: element.target, body)
      }
      if let rest = array.rest { forEachExpression(in: rest, body) }
    }
  }
}

public enum StatementWalker {
  /// Calls `body` for every expression directly in `statement` or in its nested
  /// statements (not inside nested function declarations).
  public static func forEachExpression(in statement: Statement, _ body: (Expression) -> Void) {
    switch statement.kind {
    case .variableDeclaration(let declaration):
      forEachExpression(in: declaration, body)
    case .functionDeclaration, .empty, .debugger, .continue, .break:
      break
    case .classDeclaration(let node):
      body(Expression(.class(node), node.range))
    case .expression(let expression), .throw(let expression):
      body(expression)
    case .block(let block):
      for inner in block.body { forEachExpression(in: inner, body) }
    case .if(let test, let consequent, let alternate):
      body(test)
      forEachExpression(in: consequent, body)
      if let alternate { forEachExpression(in: alternate, body) }
    case .for(let node):
      switch node.initializer {
      case .declaration(let declaration)?: forEachExpression(in: declaration, body)
      case .expression(let expression)?: body(expression)
      case nil: break
      }
      if let test = node.test { body(test) }
      if let update = node.update { body(update) }
      forEachExpression(in: node.body, body)
    case .forIn(let node), .forOf(let node):
      switch node.head {
      case .declaration(_, let pattern, let initializer):
        ExpressionWalker.forEachExpression(in: pattern, body)
        if let initializer { body(initializer) }
      case .pattern(let pattern):
        ExpressionWalker.forEachExpression(in: pattern, body)
      }
      body(node.right)
      forEachExpression(in: node.body, body)
    case .while(let test, let inner), .doWhile(let inner, let test):
      body(test)
      forEachExpression(in: inner, body)
    case .return(let argument):
      if let argument { body(argument) }
    case .with(let object, let inner):
      body(object)
      forEachExpression(in: inner, body)
    case .switch(let node):
      body(node.discriminant)
      for switchCase in node.cases {
        if let test = switchCase.test { body(test) }
        for inner in switchCase.body { forEachExpression(in: inner, body) }
      }
    case .labeled(_, let inner):
      forEachExpression(in: inner, body)
    case .try(let node):
      for inner in node.block.body { forEachExpression(in: inner, body) }
      if let handler = node.handler {
        if let parameter = handler.parameter { ExpressionWalker.forEachExpression(in: parameter, body) }
        for inner in handler.body.body { forEachExpression(in: inner, body) }
      }
      if let finalizer = node.finalizer {
        for inner in finalizer.body { forEachExpression(in: inner, body) }
      }
    case .importDeclaration:
      break
    case .exportDeclaration(let node):
      switch node.kind {
      case .declaration(let inner), .defaultDeclaration(let inner): forEachExpression(in: inner, body)
      case .defaultExpression(let expression): body(expression)
      case .local, .indirect, .star, .starAs: break
      }
    }
  }

  static func forEachExpression(in declaration: VariableDeclaration, _ body: (Expression) -> Void) {
    for declarator in declaration.declarators {
      ExpressionWalker.forEachExpression(in: declarator.target, body)
      if let initializer = declarator.initializer { body(initializer) }
    }
  }
}
