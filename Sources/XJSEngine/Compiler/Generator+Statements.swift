import XJSSyntax

// Statements: declarations, control flow, loops, exceptions.

extension FunctionCompiler {
  func compileStatements(_ statements: [Statement]) throws(CompileError) {
    for statement in statements { try compileStatement(statement) }
  }

  func compileStatement(_ statement: Statement) throws(CompileError) {
    try countCompileWork(at: statement.range.start)
    let mark = registerTop
    defer { registerTop = mark }
    at(statement.range)
    switch statement.kind {
    case .variableDeclaration(let declaration):
      try compileVariableDeclaration(declaration)
    case .functionDeclaration(let function):
      try compileAnnexBFunctionCopy(function)
    case .classDeclaration(let node):
      let value = try compileClass(node, nameForAnonymous: nil)
      if let name = node.name { try storeIdentifier(name, value, mode: .initialize) }
    case .expression(let expression):
      if let completion = completionRegister {
        _ = try compile(expression, into: completion)
      } else {
        try compileForEffect(expression)
      }
    case .block(let block):
      try compileBlock(block)
    case .empty, .debugger:
      if case .debugger = statement.kind { emitDebugger() }
    case .if(let test, let consequent, let alternate):
      try compileIf(test, consequent, alternate)
    case .for(let node):
      try compileFor(node, labels: [])
    case .forIn(let node):
      try compileForIn(node, labels: [])
    case .forOf(let node):
      try compileForOf(node, labels: [])
    case .while(let test, let body):
      try compileWhile(test, body, labels: [])
    case .doWhile(let body, let test):
      try compileDoWhile(body, test, labels: [])
    case .continue(let label):
      try compileJump(isBreak: false, label: label, range: statement.range)
    case .break(let label):
      try compileJump(isBreak: true, label: label, range: statement.range)
    case .return(let argument):
      try compileReturn(argument)
    case .throw(let argument):
      let value = try compile(argument)
      emitThrow(src: value)
    case .with(let object, let body):
      try compileWith(object, body)
    case .switch(let node):
      try compileSwitch(node, labels: [])
    case .labeled:
      try compileLabeled(statement)
    case .try(let node):
      try compileTry(node)
    case .importDeclaration:
      break  // bound when the module links
    case .exportDeclaration(let node):
      try compileExportDeclaration(node)
    }
  }

  private func setCompletionUndefined() {
    if let completion = completionRegister { emitLoadUndefined(dst: completion) }
  }

  // MARK: Declarations

  func compileVariableDeclaration(_ declaration: VariableDeclaration) throws(CompileError) {
    for declarator in declaration.declarators {
      let mark = registerTop
      defer { registerTop = mark }
      at(declarator.range)
      if let initializer = declarator.initializer {
        if case .identifier(let identifier) = declarator.target,
          let register = writableLocalRegister(identifier, initializing: declaration.kind != .var),
          !mentions(initializer, identifier.name)
        {
          try compileNamed(initializer, name: identifier.name, into: register)
          continue
        }
        if declaration.kind == .var, case .identifier(let identifier) = declarator.target,
          case .dynamic = identifier.resolution
        {
          // ES2024 14.3.2.1: ResolveBinding (which `with` makes observable) precedes the initializer.
          let base = allocateRegister()
          emitResolveName(dst: base, name: atomConstant(identifier.name))
          let value = try compileNamed(initializer, name: identifier.name)
          try storeReference(.dynamicName(base: base, name: identifier.name), value)
          continue
        }
        let value = try compileNamed(initializer, name: patternName(declarator.target))
        try bindPattern(declarator.target, value: value, mode: declaration.kind == .var ? .assign : .initialize)
      } else if declaration.kind != .var {
        let undefined = allocateRegister()
        emitLoadUndefined(dst: undefined)
        try bindPattern(declarator.target, value: undefined, mode: .initialize)
      }
    }
  }

  /// Annex B.3.3: evaluating a sloppy block function declaration copies its value to the var binding.
  private func compileAnnexBFunctionCopy(_ function: FunctionNode) throws(CompileError) {
    guard let name = function.name, currentScope.kind != .script, !currentScope.isFunctionBoundary,
      currentScope.kind != .functionBody, let binding = currentScope.bindings[name.name]
    else {
      if let name = function.name, !isStrict, currentScope.kind != .script, !currentScope.isFunctionBoundary,
        currentScope.kind != .functionBody,
        currentScope.functionScope.varScope.kind == .script
          || currentScope.functionScope.varScope.kind == .eval
      {
        _ = name
      }
      return
    }
    let value = loadFromBinding(binding, hops: 0, needsCheck: false, into: nil)
    if let varBinding = binding.annexBVarBinding {
      storeToBinding(varBinding, value, hops: 0)
    } else if !isStrict && binding.kind == .function && binding.annexBAssignsByName {
      // Only plain functions (B.3.3 applies to FunctionDeclarations, not generators or async ones).
      let varScope = currentScope.functionScope.varScope!
      if varScope.kind == .script {
        emitSetGlobal(name: atomConstant(name.name), src: value, cache: newCacheSite())
      } else if varScope.kind == .eval && !varScope.isStrict {
        emitSetName(name: atomConstant(name.name), src: value)
      }
    }
  }

  // MARK: Blocks

  func compileBlock(_ block: BlockStatement) throws(CompileError) {
    guard let scope = block.scope else {
      try compileStatements(block.body)
      return
    }
    enterScope(scope)
    try hoistFunctionDeclarations(block.body, in: scope, topLevel: false)
    try compileStatements(block.body)
    leaveScope(scope)
  }

  /// Single-statement positions: a function declaration there has its own scope.
  func compileSubStatement(_ statement: Statement) throws(CompileError) {
    if case .functionDeclaration = statement.kind, let scope = subStatementScope(statement) {
      enterScope(scope)
      try hoistFunctionDeclarations([statement], in: scope, topLevel: false)
      try compileStatement(statement)
      leaveScope(scope)
      return
    }
    try compileStatement(statement)
  }

  /// The scope the analysis created around a function declaration in statement position.
  private func subStatementScope(_ statement: Statement) -> Scope? {
    guard case .functionDeclaration(let function) = statement.kind else { return nil }
    // The function's scope's parent is that block scope.
    if let parent = function.scope?.parent, parent.kind == .block, parent.parent === currentScope {
      return parent
    }
    return nil
  }

  // MARK: Conditionals

  private func compileIf(_ test: Expression, _ consequent: Statement, _ alternate: Statement?) throws(CompileError) {
    setCompletionUndefined()
    let elseLabel = newLabel()
    let end = newLabel()
    try compileCondition(test, jumpIfFalseTo: elseLabel)
    try compileSubStatement(consequent)
    if let alternate {
      emitJump(target: end)
      bind(elseLabel)
      try compileSubStatement(alternate)
    } else {
      bind(elseLabel)
    }
    bind(end)
  }

  /// Compiles a condition and jumps to `target` when it is false (fusing comparisons).
  func compileCondition(_ test: Expression, jumpIfFalseTo target: Label) throws(CompileError) {
    try compileBranch(test, jumpWhen: false, to: target)
  }

  /// A branch on `a && b && …` (or `a || b || …`), the chain's terms in a loop.
  /// For `&&`, any false term decides the whole as false and only the last term can
  /// decide it as true; `||` is the mirror image.
  private func compileLogicalBranch(_ test: Expression, isAnd: Bool, jumpWhen: Bool, to target: Label)
    throws(CompileError)
  {
    var terms: [Expression] = []
    var current = test
    while case .logical(let op, let operands) = current.kind, op == (isAnd ? .and : .or) {
      terms.append(operands.right)
      current = operands.left
    }
    terms.append(current)
    terms.reverse()
    // The value that ends the chain early: false for `&&`, true for `||`.
    let deciding = !isAnd
    if jumpWhen == deciding {
      for term in terms { try compileBranch(term, jumpWhen: deciding, to: target) }
    } else {
      let skip = newLabel()
      for term in terms.dropLast() { try compileBranch(term, jumpWhen: deciding, to: skip) }
      try compileBranch(terms[terms.count - 1], jumpWhen: jumpWhen, to: target)
      bind(skip)
    }
  }

  /// Compiles a condition and jumps to `target` when ToBoolean(test) equals `jumpWhen`;
  /// comparisons, `!`, `&&` and `||` become branches without materializing booleans.
  func compileBranch(_ test: Expression, jumpWhen: Bool, to target: Label) throws(CompileError) {
    let mark = registerTop
    defer { registerTop = mark }
    switch test.kind {
    case .binary(let op, let operands):
      let (left, right) = (operands.left, operands.right)
      switch op {
      case .lessThan:
        let a = try compileOperand(left, before: right)
        if let immediate = int32Literal(right) {
          emit(jumpWhen ? .jumpIfLessThanInt : .jumpIfNotLessThanInt, lhs: a, value: immediate, target: target)
        } else {
          let b = try compile(right)
          emit(jumpWhen ? .jumpIfLessThan : .jumpIfNotLessThan, lhs: a, rhs: b, target: target)
        }
        return
      case .strictEqual, .strictNotEqual:
        let a = try compileOperand(left, before: right)
        let b = try compile(right)
        let jumpOnEqual = (op == .strictEqual) == jumpWhen
        emit(jumpOnEqual ? .jumpIfStrictEqual : .jumpIfNotStrictEqual, lhs: a, rhs: b, target: target)
        return
      default:
        break
      }
    case .logical(.and, _):
      try compileLogicalBranch(test, isAnd: true, jumpWhen: jumpWhen, to: target)
      return
    case .logical(.or, _):
      try compileLogicalBranch(test, isAnd: false, jumpWhen: jumpWhen, to: target)
      return
    case .unary(.logicalNot, let operand):
      try compileBranch(operand, jumpWhen: !jumpWhen, to: target)
      return
    default:
      break
    }
    let value = try compile(test)
    emit(jumpWhen ? .jumpIfTrue : .jumpIfFalse, src: value, target: target)
  }

  /// The value of an int32 number literal, if `expression` is one.
  func int32Literal(_ expression: Expression) -> Int32? {
    if case .numberLiteral(let number) = expression.kind, let int = Int32(exactly: number),
      !(number == 0 && number.sign == .minus)
    {
      return int
    }
    return nil
  }

  // MARK: Loops

  private func pushLoop(labels: [String], breakLabel: Label, continueLabel: Label?) {
    controlStack.append(
      .jumpTarget(labels: labels, breakLabel: breakLabel, continueLabel: continueLabel, scopeDepth: scopeDepth))
  }

  private func compileWhile(_ test: Expression, _ body: Statement, labels: [String]) throws(CompileError) {
    setCompletionUndefined()
    let top = newLabel()
    let end = newLabel()
    let continueLabel = newLabel()
    emitJump(target: continueLabel)
    bind(top)
    pushLoop(labels: labels, breakLabel: end, continueLabel: continueLabel)
    try compileSubStatement(body)
    controlStack.removeLast()
    bind(continueLabel)
    try compileLoopCondition(test, jumpIfTrueTo: top)
    bind(end)
  }

  /// A loop's back edge: jumps to `target` (backwards, a safe point) while `test` holds.
  private func compileLoopCondition(_ test: Expression, jumpIfTrueTo target: Label) throws(CompileError) {
    try compileBranch(test, jumpWhen: true, to: target)
  }

  private func compileDoWhile(_ body: Statement, _ test: Expression, labels: [String]) throws(CompileError) {
    setCompletionUndefined()
    let top = newLabel()
    let end = newLabel()
    let continueLabel = newLabel()
    bind(top)
    pushLoop(labels: labels, breakLabel: end, continueLabel: continueLabel)
    try compileSubStatement(body)
    controlStack.removeLast()
    bind(continueLabel)
    try compileLoopCondition(test, jumpIfTrueTo: top)
    bind(end)
  }

  private func compileFor(_ node: ForStatement, labels: [String]) throws(CompileError) {
    setCompletionUndefined()
    let scope = node.scope
    if let scope { enterScope(scope) }
    switch node.initializer {
    case .declaration(let declaration)?:
      try compileVariableDeclaration(declaration)
    case .expression(let expression)?:
      try compileForEffect(expression)
    case nil:
      break
    }
    // Per-iteration bindings: closures capturing a `let` see that iteration's value.
    let perIteration = scope.map { $0.hasEnvironment } ?? false
    if perIteration { emitCopyScope() }
    let top = newLabel()
    let end = newLabel()
    let continueLabel = newLabel()
    let testLabel = newLabel()
    emitJump(target: testLabel)
    bind(top)
    pushLoop(labels: labels, breakLabel: end, continueLabel: continueLabel)
    try compileSubStatement(node.body)
    controlStack.removeLast()
    bind(continueLabel)
    if perIteration { emitCopyScope() }
    if let update = node.update { try compileForEffect(update) }
    bind(testLabel)
    if let test = node.test {
      try compileLoopCondition(test, jumpIfTrueTo: top)
    } else {
      emitJump(target: top)
    }
    bind(end)
    if let scope { leaveScope(scope) }
  }

  private func compileForIn(_ node: ForInOfStatement, labels: [String]) throws(CompileError) {
    setCompletionUndefined()
    let object = try compileForHeadRight(node)
    let end = newLabel()
    let skip = newLabel()
    emitJumpIfNullish(src: object, target: skip)
    let enumerator = allocateRegister()
    emitForInEnumerate(dst: enumerator, src: object)
    let top = newLabel()
    let continueLabel = newLabel()
    let key = allocateRegister()
    bind(continueLabel)
    emitForInNext(dst: key, enumerator: enumerator, done: end)
    // The loop's jump targets sit outside the per-iteration scope the binding enters: a break
    // or continue leaves that scope (before, its environment stayed current, and later names
    // resolved one environment off).
    pushLoop(labels: labels, breakLabel: end, continueLabel: continueLabel)
    try compileForBinding(node, value: key)
    try compileSubStatement(node.body)
    controlStack.removeLast()
    if let scope = node.scope { leaveScope(scope) }
    emitJump(target: continueLabel)
    _ = top
    bind(end)
    bind(skip)
  }

  /// Evaluates the right-hand side of for-in/of (in the TDZ scope of the head's names).
  private func compileForHeadRight(_ node: ForInOfStatement) throws(CompileError) -> Int32 {
    if case .declaration(let kind, _, let initializer) = node.head {
      if kind == .var, let initializer, case .declaration(_, let pattern, _) = node.head {
        // Annex B: for (var x = init in obj)
        let value = try compileNamed(initializer, name: patternName(pattern))
        try bindPattern(pattern, value: value, mode: .assign)
      }
      if kind != .var, let tdzScope = currentScope.auxiliaryScopes[node.right.range.start] {
        enterScope(tdzScope)
        let value = allocateRegister()
        _ = try compile(node.right, into: value)
        leaveScope(tdzScope)
        return value
      }
    }
    let value = allocateRegister()
    _ = try compile(node.right, into: value)
    return value
  }

  /// Binds the loop variable for one iteration (entering the per-iteration scope).
  private func compileForBinding(_ node: ForInOfStatement, value: Int32) throws(CompileError) {
    switch node.head {
    case .declaration(let kind, let pattern, _):
      if kind != .var, let scope = node.scope {
        enterScope(scope)
        try bindPattern(pattern, value: value, mode: .initialize)
      } else {
        try bindPattern(pattern, value: value, mode: .assign)
      }
    case .pattern(let pattern):
      try bindPattern(pattern, value: value, mode: .assign)
    }
  }

  private func compileForOf(_ node: ForInOfStatement, labels: [String]) throws(CompileError) {
    if node.isAwait {
      try compileForAwaitOf(node, labels: labels)
      return
    }
    setCompletionUndefined()
    let iterable = try compileForHeadRight(node)
    let iterator = allocateRegisters(2)
    emitGetIterator(dst: iterator, iterable: iterable)
    let end = newLabel()
    let continueLabel = newLabel()
    let generic = newLabel()
    let haveValue = newLabel()
    let value = allocateRegister()
    bind(continueLabel)
    // Arrays step inline (GetIterator's fast path); any other iterator steps through the
    // generic code after the loop, which calls `next` as bytecode: a generator's frame is then
    // resumed in the same interpreter loop or machine code, like a call of `it.next()`.
    emitJumpIfNotInt32(src: iterator + 1, target: generic)
    emitIteratorNext(dst: value, iterator: iterator, done: end)
    bind(haveValue)
    // Exceptions thrown by the binding or the body close the iterator.
    let bodyStart = currentPosition
    let handler = newLabel()
    // The loop's jump target sits below its iterator entry: a break (or any jump
    // out) passes the iterator and closes it; a continue of this loop does not.
    pushLoop(labels: labels, breakLabel: end, continueLabel: continueLabel)
    controlStack.append(.iterator(register: iterator, scopeDepth: scopeDepth))
    let savedDepth = scopeDepth
    let savedEnvironment = allocateRegister()
    emitMove(dst: savedEnvironment, src: Int32(Frame.environmentOffset))
    try compileForBinding(node, value: value)
    try compileSubStatement(node.body)
    controlStack.removeLast()
    if let scope = node.scope, case .declaration(let kind, _, _) = node.head, kind != .var { leaveScope(scope) }
    controlStack.removeLast()
    let bodyEnd = currentPosition
    emitJump(target: continueLabel)
    handlers.append((bodyStart, bodyEnd, handler))
    bind(handler)
    let exception = allocateRegister()
    emitMoveException(dst: exception)
    emitMove(dst: Int32(Frame.environmentOffset), src: savedEnvironment)
    scopeDepth = savedDepth
    emitIteratorClose(iterator: iterator, flags: 1)
    emitThrow(src: exception)
    // IteratorStep (ES2024 7.4.9) outside the handler: an iterator whose `next` throws or
    // returns a non-object is not closed.
    bind(generic)
    let result = allocateRegister()
    emitInnerCall(method: iterator + 1, iterator: iterator, argument: nil, into: result)
    emitCheckIteratorResult(src: result)
    emitGetProperty(dst: value, object: result, name: atomConstant("done"), cache: newCacheSite())
    emitJumpIfTrue(src: value, target: end)
    emitGetProperty(dst: value, object: result, name: atomConstant("value"), cache: newCacheSite())
    emitJump(target: haveValue)
    bind(end)
  }

  /// `for await (… of …)` (ES2024 14.7.5.6-7): the async iterator's results are awaited; a
  /// way out of the loop awaits its `return`.
  private func compileForAwaitOf(_ node: ForInOfStatement, labels: [String]) throws(CompileError) {
    setCompletionUndefined()
    let iterable = try compileForHeadRight(node)
    let iterator = allocateRegisters(2)
    emitGetIteratorRecord(dst: iterator, iterable: iterable, flags: 1)
    let end = newLabel()
    let continueLabel = newLabel()
    let value = allocateRegister()
    let result = allocateRegister()
    bind(continueLabel)
    emitInnerCall(method: iterator + 1, iterator: iterator, argument: nil, into: result)
    emitAwaitValue(result, into: result)
    emitCheckIteratorResult(src: result)
    emitGetProperty(dst: value, object: result, name: atomConstant("done"), cache: newCacheSite())
    emitJumpIfTrue(src: value, target: end)
    emitGetProperty(dst: value, object: result, name: atomConstant("value"), cache: newCacheSite())
    // Exceptions thrown by the binding or the body close the iterator.
    let bodyStart = currentPosition
    let handler = newLabel()
    pushLoop(labels: labels, breakLabel: end, continueLabel: continueLabel)
    controlStack.append(.iterator(register: iterator, scopeDepth: scopeDepth))
    asyncLoopIterators.insert(iterator)
    let savedDepth = scopeDepth
    let savedEnvironment = allocateRegister()
    emitMove(dst: savedEnvironment, src: Int32(Frame.environmentOffset))
    try compileForBinding(node, value: value)
    try compileSubStatement(node.body)
    controlStack.removeLast()
    if let scope = node.scope, case .declaration(let kind, _, _) = node.head, kind != .var { leaveScope(scope) }
    controlStack.removeLast()
    asyncLoopIterators.remove(iterator)
    let bodyEnd = currentPosition
    emitJump(target: continueLabel)
    handlers.append((bodyStart, bodyEnd, handler))
    bind(handler)
    let exception = allocateRegister()
    emitMoveException(dst: exception)
    emitMove(dst: Int32(Frame.environmentOffset), src: savedEnvironment)
    scopeDepth = savedDepth
    // AsyncIteratorClose with a throw completion: `return` is called and awaited, and whatever
    // it does the original exception is rethrown.
    let rethrow = newLabel()
    let closeStart = currentPosition
    let method = allocateRegister()
    emitGetProperty(dst: method, object: iterator, name: atomConstant("return"), cache: newCacheSite())
    emitJumpIfNullish(src: method, target: rethrow)
    emitInnerCall(method: method, iterator: iterator, argument: nil, into: method)
    emitAwaitValue(method, into: method)
    handlers.append((closeStart, currentPosition, rethrow))
    bind(rethrow)
    emitThrow(src: exception)
    bind(end)
  }

  // MARK: Jumps

  private func compileJump(isBreak: Bool, label: String?, range: SourceRange) throws(CompileError) {
    var depth = scopeDepth
    for index in stride(from: controlStack.count - 1, through: 0, by: -1) {
      switch controlStack[index] {
      case .jumpTarget(let labels, let breakLabel, let continueLabel, let targetDepth):
        let matches: Bool
        if let label {
          matches = labels.contains(label)
        } else {
          matches = isBreak ? !labels.contains("%switch-or-block") || true : continueLabel != nil
        }
        guard matches else { continue }
        if !isBreak && continueLabel == nil { continue }
        if label == nil && isBreak == false && continueLabel == nil { continue }
        let target = isBreak ? breakLabel : continueLabel!
        emitScopePops(from: depth, to: targetDepth)
        emitJump(target: target)
        return
      case .finally(let kindRegister, _, let entry, let jumps, let targetDepth):
        // Route through the finally block, which continues the jump afterwards.
        guard let destination = findJumpDestination(isBreak: isBreak, label: label, below: index) else {
          throw CompileError(message: "Illegal break/continue", offset: Int(range.start))
        }
        emitScopePops(from: depth, to: targetDepth)
        depth = targetDepth
        let kindValue = jumps.kind(for: destination)
        emitLoadInt(dst: kindRegister, value: kindValue)
        emitJump(target: entry)
        return
      case .patternIterator:
        break
      case .iterator(let register, let targetDepth):
        guard findJumpDestination(isBreak: isBreak, label: label, below: index) != nil else { continue }
        // Leaving a for-of loop closes its iterator (unless continuing that same loop).
        if isContinueOfOwningLoop(index, isBreak: isBreak, label: label) { continue }
        emitScopePops(from: depth, to: targetDepth)
        depth = targetDepth
        try emitLoopIteratorClose(register)
      }
    }
    throw CompileError(message: "Illegal \(isBreak ? "break" : "continue") statement", offset: Int(range.start))
  }

  /// True when the jump continues the for-of loop that owns the iterator entry at
  /// `index` (its jump target is the entry just below).
  private func isContinueOfOwningLoop(_ index: Int, isBreak: Bool, label: String?) -> Bool {
    guard !isBreak, index > 0 else { return false }
    guard case .jumpTarget(let labels, _, let continueLabel, _) = controlStack[index - 1], continueLabel != nil else {
      return false
    }
    if let label { return labels.contains(label) }
    return true
  }

  /// The label a break/continue goes to, searching the control stack below `index`.
  private func findJumpDestination(isBreak: Bool, label: String?, below index: Int) -> Label? {
    for inner in stride(from: index - 1, through: 0, by: -1) {
      if case .jumpTarget(let labels, let breakLabel, let continueLabel, _) = controlStack[inner] {
        if let label {
          if labels.contains(label) { return isBreak ? breakLabel : continueLabel }
        } else if isBreak {
          return breakLabel
        } else if let continueLabel {
          return continueLabel
        }
      }
    }
    return nil
  }

  /// Closes a for-of (or for-await-of) loop's iterator on a way out of the loop.
  func emitLoopIteratorClose(_ iterator: Int32) throws(CompileError) {
    if asyncLoopIterators.contains(iterator) {
      try emitAsyncIteratorClose(iterator)
    } else {
      emitIteratorClose(iterator: iterator, flags: 0)
    }
  }

  /// Closes an array pattern's iterator unless it is done.
  func emitPatternIteratorClose(_ iterator: Int32, done: Int32) {
    let skip = newLabel()
    emitJumpIfTrue(src: done, target: skip)
    // Done from here on: an error from `return` must not close it again in the pattern's handler.
    emitLoadTrue(dst: done)
    emitIteratorClose(iterator: iterator, flags: 0)
    bind(skip)
  }

  func emitScopePops(from depth: Int, to target: Int) {
    if depth > target {
      for _ in target..<depth { emitPopScope() }
    }
  }

  private func compileReturn(_ argument: Expression?) throws(CompileError) {
    let value: Int32
    if let argument {
      value = try compile(argument)
      // An async generator awaits the operand of `return` (ES2024 15.6.2 Return: step 2.a).
      if isAsyncFunction && isGeneratorFunction { emitAwaitValue(value, into: value) }
    } else {
      value = allocateRegister()
      emitLoadUndefined(dst: value)
    }
    try compileReturn(value: value)
  }

  /// Returns `value` from the function, through enclosing finally blocks and for-of loops.
  func compileReturn(value: Int32) throws(CompileError) {
    // Run enclosing finally blocks and close iterators first.
    var depth = scopeDepth
    for index in stride(from: controlStack.count - 1, through: 0, by: -1) {
      switch controlStack[index] {
      case .finally(let kindRegister, let valueRegister, let entry, _, let targetDepth):
        emitScopePops(from: depth, to: targetDepth)
        depth = targetDepth
        emitMove(dst: valueRegister, src: value)
        emitLoadInt(dst: kindRegister, value: CompletionKind.return)
        emitJump(target: entry)
        return
      case .iterator(let register, _):
        try emitLoopIteratorClose(register)
      case .patternIterator(let register, let done):
        emitPatternIteratorClose(register, done: done)
      case .jumpTarget:
        break
      }
    }
    try emitFunctionReturn(value)
  }

  /// The final `return` of a function. A derived constructor returns `this` for
  /// undefined, read only now: a finally block may have called super() meanwhile.
  func emitFunctionReturn(_ value: Int32) throws(CompileError) {
    if let generator = generatorRegister {
      let result = allocateRegister()
      emitFinishGenerator(dst: result, generator: generator, value: value, flags: 0)
      emitReturn(src: result)
      return
    }
    if isDerivedConstructor {
      let done = newLabel()
      let result = allocateRegister()
      emitMove(dst: result, src: value)
      emitJumpIfNotUndefined(src: result, target: done)
      // Unchecked: the return itself throws, in the caller's realm, when super() was not called.
      _ = loadSpecial("this", into: result, checked: false)
      bind(done)
      emitReturn(src: result)
      return
    }
    emitReturn(src: value)
  }

  // MARK: Labels

  private func compileLabeled(_ statement: Statement) throws(CompileError) {
    var labels: [String] = []
    var body = statement
    while case .labeled(let label, let inner) = body.kind {
      labels.append(label)
      body = inner
    }
    switch body.kind {
    case .for(let node): try compileFor(node, labels: labels)
    case .forIn(let node): try compileForIn(node, labels: labels)
    case .forOf(let node): try compileForOf(node, labels: labels)
    case .while(let test, let inner): try compileWhile(test, inner, labels: labels)
    case .doWhile(let inner, let test): try compileDoWhile(inner, test, labels: labels)
    case .switch(let node): try compileSwitch(node, labels: labels)
    default:
      let end = newLabel()
      controlStack.append(.jumpTarget(labels: labels, breakLabel: end, continueLabel: nil, scopeDepth: scopeDepth))
      try compileSubStatement(body)
      controlStack.removeLast()
      bind(end)
    }
  }

  // MARK: switch

  private func compileSwitch(_ node: SwitchStatement, labels: [String]) throws(CompileError) {
    setCompletionUndefined()
    let discriminant = allocateRegister()
    _ = try compile(node.discriminant, into: discriminant)
    if let scope = node.scope {
      enterScope(scope)
      var all: [Statement] = []
      for switchCase in node.cases { all.append(contentsOf: switchCase.body) }
      try hoistFunctionDeclarations(all, in: scope, topLevel: false)
    }
    let end = newLabel()
    var bodyLabels: [Label] = []
    var defaultLabel: Label? = nil
    for switchCase in node.cases {
      let label = newLabel()
      bodyLabels.append(label)
      if let test = switchCase.test {
        let mark = registerTop
        let value = try compile(test)
        emitJumpIfStrictEqual(lhs: discriminant, rhs: value, target: label)
        registerTop = mark
      } else {
        defaultLabel = label
      }
    }
    emitJump(target: defaultLabel ?? end)
    controlStack.append(
      .jumpTarget(labels: labels + ["%switch"], breakLabel: end, continueLabel: nil, scopeDepth: scopeDepth))
    for (index, switchCase) in node.cases.enumerated() {
      bind(bodyLabels[index])
      try compileStatements(switchCase.body)
    }
    controlStack.removeLast()
    bind(end)
    if let scope = node.scope { leaveScope(scope) }
  }

  // MARK: with

  private func compileWith(_ object: Expression, _ body: Statement) throws(CompileError) {
    setCompletionUndefined()
    let value = try compile(object)
    let target = allocateRegister()
    emitToObject(dst: target, src: value)
    emitPushWithScope(object: target)
    scopeDepth += 1
    // The analysis created a `with` scope around the body.
    let withScope = currentScope.auxiliaryScopes[body.range.start]
    if let withScope { currentScope = withScope }
    try compileSubStatement(body)
    if let withScope, let parent = withScope.parent { currentScope = parent }
    emitPopScope()
    scopeDepth -= 1
  }

  // MARK: try

  private func compileTry(_ node: TryStatement) throws(CompileError) {
    setCompletionUndefined()
    if let finalizer = node.finalizer {
      try compileTryFinally(node, finalizer)
    } else {
      try compileTryCatch(node.block, node.handler!)
    }
  }

  private func compileTryCatch(_ block: BlockStatement, _ handler: CatchClause) throws(CompileError) {
    let savedEnvironment = allocateRegister()
    emitMove(dst: savedEnvironment, src: Int32(Frame.environmentOffset))
    let savedDepth = scopeDepth
    let start = currentPosition
    try compileBlock(block)
    let end = currentPosition
    let after = newLabel()
    emitJump(target: after)
    let handlerLabel = newLabel()
    handlers.append((start, end, handlerLabel))
    bind(handlerLabel)
    emitMove(dst: Int32(Frame.environmentOffset), src: savedEnvironment)
    scopeDepth = savedDepth
    try compileCatchClause(handler)
    bind(after)
  }

  private func compileCatchClause(_ handler: CatchClause) throws(CompileError) {
    let exception = allocateRegister()
    emitMoveException(dst: exception)
    if let scope = handler.scope { enterScope(scope) }
    if let parameter = handler.parameter {
      try bindPattern(parameter, value: exception, mode: .initialize)
    }
    try compileBlock(handler.body)
    if let scope = handler.scope { leaveScope(scope) }
  }

  private func compileTryFinally(_ node: TryStatement, _ finalizer: BlockStatement) throws(CompileError) {
    let kindRegister = allocateRegister()
    let valueRegister = allocateRegister()
    let savedEnvironment = allocateRegister()
    emitMove(dst: savedEnvironment, src: Int32(Frame.environmentOffset))
    let savedDepth = scopeDepth
    let entry = newLabel()
    let jumps = FinallyJumps()
    controlStack.append(
      .finally(
        kindRegister: kindRegister, valueRegister: valueRegister, entry: entry, jumps: jumps, scopeDepth: scopeDepth))
    let start = currentPosition
    if let handler = node.handler {
      try compileTryCatch(node.block, handler)
    } else {
      try compileBlock(node.block)
    }
    let end = currentPosition
    controlStack.removeLast()
    emitLoadInt(dst: kindRegister, value: CompletionKind.normal)
    emitJump(target: entry)
    // Exceptions anywhere in try/catch run the finally block, then rethrow.
    let throwHandler = newLabel()
    handlers.append((start, end, throwHandler))
    bind(throwHandler)
    emitMove(dst: Int32(Frame.environmentOffset), src: savedEnvironment)
    scopeDepth = savedDepth
    emitMoveException(dst: valueRegister)
    emitLoadInt(dst: kindRegister, value: CompletionKind.throw)
    bind(entry)
    // The finally block must not clobber the pending completion; a break or continue out of
    // it carries the finally block's own value, undefined if it has none (ES2024 14.15.3:
    // UpdateEmpty(F, undefined)).
    let savedCompletion = completionRegister.map { register -> Int32 in
      let saved = allocateRegister()
      emitMove(dst: saved, src: register)
      emitLoadUndefined(dst: register)
      return saved
    }
    try compileBlock(finalizer)
    if let savedCompletion, let completion = completionRegister { emitMove(dst: completion, src: savedCompletion) }
    // Dispatch on how the try/catch was left.
    let afterFinally = newLabel()
    let constant = allocateRegister()
    emitLoadInt(dst: constant, value: CompletionKind.normal)
    emitJumpIfStrictEqual(lhs: kindRegister, rhs: constant, target: afterFinally)
    let notThrow = newLabel()
    emitLoadInt(dst: constant, value: CompletionKind.throw)
    emitJumpIfNotStrictEqual(lhs: kindRegister, rhs: constant, target: notThrow)
    emitThrow(src: valueRegister)
    bind(notThrow)
    let notReturn = newLabel()
    emitLoadInt(dst: constant, value: CompletionKind.return)
    emitJumpIfNotStrictEqual(lhs: kindRegister, rhs: constant, target: notReturn)
    try continueReturn(valueRegister)
    bind(notReturn)
    for (index, target) in jumps.targets.enumerated() {
      let next = newLabel()
      emitLoadInt(dst: constant, value: Int32(index + 3))
      emitJumpIfNotStrictEqual(lhs: kindRegister, rhs: constant, target: next)
      try continueJump(to: target)
      bind(next)
    }
    bind(afterFinally)
  }

  /// After a finally block: keep returning through outer finally blocks.
  private func continueReturn(_ value: Int32) throws(CompileError) {
    var depth = scopeDepth
    for index in stride(from: controlStack.count - 1, through: 0, by: -1) {
      switch controlStack[index] {
      case .finally(let kindRegister, let valueRegister, let entry, _, let targetDepth):
        emitScopePops(from: depth, to: targetDepth)
        depth = targetDepth
        emitMove(dst: valueRegister, src: value)
        emitLoadInt(dst: kindRegister, value: CompletionKind.return)
        emitJump(target: entry)
        return
      case .iterator(let register, _):
        try emitLoopIteratorClose(register)
      case .patternIterator(let register, let done):
        emitPatternIteratorClose(register, done: done)
      case .jumpTarget:
        break
      }
    }
    try emitFunctionReturn(value)
  }

  /// After a finally block: continue a break/continue to `target` through outer constructs.
  private func continueJump(to target: Label) throws(CompileError) {
    var depth = scopeDepth
    for index in stride(from: controlStack.count - 1, through: 0, by: -1) {
      switch controlStack[index] {
      case .jumpTarget(_, let breakLabel, let continueLabel, let targetDepth):
        if breakLabel.id == target.id || continueLabel?.id == target.id {
          emitScopePops(from: depth, to: targetDepth)
          emitJump(target: target)
          return
        }
      case .finally(let kindRegister, _, let entry, let jumps, let targetDepth):
        emitScopePops(from: depth, to: targetDepth)
        depth = targetDepth
        emitLoadInt(dst: kindRegister, value: jumps.kind(for: target))
        emitJump(target: entry)
        return
      case .patternIterator:
        break
      case .iterator(let register, let targetDepth):
        if index > 0, case .jumpTarget(_, _, let continueLabel, _) = controlStack[index - 1],
          continueLabel?.id == target.id
        {
          continue
        }
        emitScopePops(from: depth, to: targetDepth)
        depth = targetDepth
        try emitLoopIteratorClose(register)
      }
    }
    emitJump(target: target)
  }
}
