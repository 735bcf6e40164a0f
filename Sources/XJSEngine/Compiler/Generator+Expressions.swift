import XJSSyntax

// Expressions.

extension FunctionCompiler {
  /// Compiles `expression`; returns the register holding the value (`destination`
  /// when given, else a temporary or a binding's own register).
  @discardableResult
  func compile(_ expression: Expression, into destination: Int32? = nil) throws(CompileError) -> Int32 {
    try countCompileWork(at: expression.range.start)
    switch expression.kind {
    case .identifier(let identifier):
      return try loadIdentifier(identifier, into: destination)
    case .this:
      return try loadThis(into: destination)
    case .numberLiteral(let number):
      let target = destination ?? allocateRegister()
      if let int = Int32(exactly: number), !(number == 0 && number.sign == .minus) {
        emitLoadInt(dst: target, value: int)
      } else {
        emitLoadConstant(dst: target, constant: numberConstant(number))
      }
      return target
    case .bigIntLiteral(let digits):
      let target = destination ?? allocateRegister()
      guard let constant = bigIntConstant(digits) else {
        throw CompileError(message: "BigInt literal is too large", offset: Int(expression.range.start))
      }
      emitLoadConstant(dst: target, constant: constant)
      return target
    case .stringLiteral(let units):
      let target = destination ?? allocateRegister()
      emitLoadConstant(dst: target, constant: stringConstant(units))
      return target
    case .booleanLiteral(let value):
      let target = destination ?? allocateRegister()
      emit(value ? .loadTrue : .loadFalse, dst: target)
      return target
    case .nullLiteral:
      let target = destination ?? allocateRegister()
      emitLoadNull(dst: target)
      return target
    case .regExpLiteral(let literal):
      let target = destination ?? allocateRegister()
      at(expression.range)
      emitNewRegExp(
        dst: target, pattern: stringConstant(literal.pattern), flags: stringConstant(Array(literal.flags.utf16)))
      return target
    case .template(let template):
      return try compileTemplate(template, into: destination)
    case .taggedTemplate(let tag, let quasi):
      return try compileTaggedTemplate(tag, quasi, range: expression.range, into: destination)
    case .array(let elements):
      return try compileArrayLiteral(elements, into: destination)
    case .object(let properties):
      return try compileObjectLiteral(properties, into: destination)
    case .function(let function):
      let target = destination ?? allocateRegister()
      try emitFunctionExpression(function, name: function.name?.name ?? "", into: target)
      return target
    case .arrowFunction(let function):
      let target = destination ?? allocateRegister()
      try emitClosure(function, name: "", into: target)
      return target
    case .class(let node):
      let value = try compileClass(node, nameForAnonymous: nil)
      return moveIfNeeded(value, into: destination)
    case .unary(let op, let operand):
      return try compileUnary(op, operand, range: expression.range, into: destination)
    case .update(let op, let isPrefix, let target):
      return try compileUpdate(op, isPrefix: isPrefix, target: target, into: destination)
    case .binary, .logical:
      return try compileOperatorChain(expression, into: destination)
    case .privateIn(let name, let object):
      let value = try compile(object)
      let key = loadSpecialUnchecked("#" + name)
      let target = destination ?? allocateRegister()
      emitHasPrivate(dst: target, name: key, object: value)
      return target
    case .assignment(let op, let target, let value):
      at(expression.range)
      return try compileAssignment(op, target, value, into: destination)
    case .conditional(let test, let consequent, let alternate):
      let target = destination ?? allocateRegister()
      let elseLabel = newLabel()
      let end = newLabel()
      try compileCondition(test, jumpIfFalseTo: elseLabel)
      try compile(consequent, into: target)
      emitJump(target: end)
      bind(elseLabel)
      try compile(alternate, into: target)
      bind(end)
      return target
    case .sequence(let expressions):
      for (index, item) in expressions.enumerated() {
        if index == expressions.count - 1 { return try compile(item, into: destination) }
        let mark = registerTop
        try compile(item)
        registerTop = mark
      }
      return destination ?? allocateRegister()
    case .member, .computedMember, .privateMember, .superMember, .superComputedMember:
      at(expression.range)
      return try compileMemberLoad(expression, into: destination)
    case .call(let callee, let arguments, let isOptional):
      at(expression.range)
      return try compileCall(callee, arguments, isOptional: isOptional, range: expression.range, into: destination)
    case .new(let callee, let arguments):
      at(expression.range)
      return try compileNew(callee, arguments, range: expression.range, into: destination)
    case .optionalChain(let inner):
      let target = destination ?? allocateRegister()
      let end = newLabel()
      let nullish = newLabel()
      optionalChainLabels.append(nullish)
      try compile(inner, into: target)
      optionalChainLabels.removeLast()
      emitJump(target: end)
      bind(nullish)
      emitLoadUndefined(dst: target)
      bind(end)
      return target
    case .superCall(let arguments):
      at(expression.range)
      return try compileSuperCall(arguments, into: destination)
    case .newTarget:
      return loadSpecial("new.target", into: destination)
    case .importMeta:
      let target = destination ?? allocateRegister()
      emitImportMeta(dst: target)
      return target
    case .importCall(let specifier, let options):
      at(expression.range)
      return try compileImportCall(specifier, options: options, into: destination)
    case .yield(let argument, let isDelegate):
      at(expression.range)
      return try compileYield(
        argument, isDelegate: isDelegate, offset: Int(expression.range.start), into: destination)
    case .await(let argument):
      at(expression.range)
      return try compileAwait(argument, offset: Int(expression.range.start), into: destination)
    }
  }

  /// Compiles an expression whose value is not used.
  func compileForEffect(_ expression: Expression) throws(CompileError) {
    let mark = registerTop
    defer { registerTop = mark }
    switch expression.kind {
    case .update(let op, _, let target):
      // `i++` as a statement is `++i`.
      if case .identifier(let identifier) = target.kind, let register = writableLocalRegister(identifier) {
        emit(op == .increment ? .increment : .decrement, dst: register, src: register)
        return
      }
      _ = try compileUpdate(op, isPrefix: true, target: target, into: nil)
    case .sequence(let expressions):
      for item in expressions { try compileForEffect(item) }
    default:
      try compile(expression)
    }
  }

  /// The register of an uncaptured, assignable local binding (no TDZ check needed).
  func writableLocalRegister(_ identifier: IdentifierReference, initializing: Bool = false) -> Int32? {
    guard case .binding(let binding, _, let needsCheck) = identifier.resolution,
      case .register(let register) = binding.location, register >= 0
    else { return nil }
    if !initializing && (needsCheck || binding.kind.isImmutable) { return nil }
    return register
  }

  /// Whether `expression` mentions the identifier `name` outside nested functions
  /// (an uncaptured binding can only be read or written there).
  func mentions(_ expression: Expression, _ name: String) -> Bool {
    switch expression.kind {
    case .identifier(let identifier): return identifier.name == name
    case .function, .arrowFunction: return false
    case .assignment(_, let target, let value):
      if mentions(pattern: target, name) { return true }
      return mentions(value, name)
    default:
      var found = false
      ExpressionWalker.forEachChild(of: expression) { child in
        if !found && mentions(child, name) { found = true }
      }
      return found
    }
  }

  private func mentions(pattern: Pattern, _ name: String) -> Bool {
    if case .identifier(let identifier) = pattern { return identifier.name == name }
    var found = false
    ExpressionWalker.forEachExpression(in: pattern) { child in
      if !found && mentions(child, name) { found = true }
    }
    if !found, case .object(let object) = pattern {
      found =
        object.properties.contains { mentions(pattern: $0.target, name) }
        || object.rest.map { mentions(pattern: $0, name) } ?? false
    }
    if !found, case .array(let array) = pattern {
      found =
        array.elements.contains { $0.map { mentions(pattern: $0.target, name) } ?? false }
        || array.rest.map { mentions(pattern: $0, name) } ?? false
    }
    return found
  }

  func moveIfNeeded(_ register: Int32, into destination: Int32?) -> Int32 {
    if let destination, destination != register {
      emitMove(dst: destination, src: register)
      return destination
    }
    return register
  }

  /// Compiles a value that must survive the evaluation of `later` (copying a
  /// binding's register when `later` could reassign it).
  func compileOperand(_ expression: Expression, before later: Expression) throws(CompileError) -> Int32 {
    if isSideEffectFree(later) { return try compile(expression) }
    if case .identifier = expression.kind {
      let copy = allocateRegister()
      return try compile(expression, into: copy)
    }
    // An assignment, update or comma expression can leave its value in the binding's own
    // register (`(a *= 2) - a++`): a register older than this operand is copied before `later`
    // runs, which could write it.
    let firstNew = registerTop
    let value = try compile(expression)
    return value < firstNew ? moveIfNeeded(value, into: allocateRegister()) : value
  }

  private func isSideEffectFree(_ expression: Expression) -> Bool {
    switch expression.kind {
    case .numberLiteral, .stringLiteral, .booleanLiteral, .nullLiteral, .this, .identifier: return true
    case .member(let object, _, _): return isSideEffectFree(object)
    case .binary:
      // Down the left spine in a loop: a flat chain may be 100,000 operators long.
      var current = expression
      while case .binary(_, let operands) = current.kind {
        guard isSideEffectFree(operands.right) else { return false }
        current = operands.left
      }
      return isSideEffectFree(current)
    case .unary(let op, let operand): return op != .delete && isSideEffectFree(operand)
    default: return false
    }
  }

  /// NamedEvaluation: anonymous functions and classes take `name`.
  @discardableResult
  func compileNamed(_ expression: Expression, name: String?, into destination: Int32? = nil) throws(CompileError)
    -> Int32
  {
    guard let name else { return try compile(expression, into: destination) }
    switch expression.kind {
    case .function(let function) where function.name == nil:
      let target = destination ?? allocateRegister()
      try emitClosure(function, name: name, into: target)
      return target
    case .arrowFunction(let function):
      let target = destination ?? allocateRegister()
      try emitClosure(function, name: name, into: target)
      return target
    case .class(let node) where node.name == nil:
      let value = try compileClass(node, nameForAnonymous: .literal(name))
      return moveIfNeeded(value, into: destination)
    default:
      return try compile(expression, into: destination)
    }
  }

  /// Whether an expression is an anonymous function definition (gets a name from its key).
  func isAnonymousFunctionDefinition(_ expression: Expression) -> Bool {
    switch expression.kind {
    case .function(let function): return function.name == nil
    case .arrowFunction: return true
    case .class(let node): return node.name == nil
    default: return false
    }
  }

  // MARK: Operators

  private func compileUnary(_ op: UnaryOperator, _ operand: Expression, range: SourceRange, into destination: Int32?)
    throws(CompileError) -> Int32
  {
    switch op {
    case .delete:
      return try compileDelete(operand, into: destination)
    case .typeof:
      let target = destination ?? allocateRegister()
      if case .identifier(let identifier) = operand.kind {
        switch identifier.resolution {
        case .global:
          emitGetGlobalOrUndefined(dst: target, name: atomConstant(identifier.name))
          emitTypeOf(dst: target, src: target)
          return target
        case .dynamic, .unresolved:
          emitGetNameOrUndefined(dst: target, name: atomConstant(identifier.name))
          emitTypeOf(dst: target, src: target)
          return target
        default: break
        }
      }
      let value = try compile(operand)
      emitTypeOf(dst: target, src: value)
      return target
    case .void:
      let mark = registerTop
      try compile(operand)
      registerTop = mark
      let target = destination ?? allocateRegister()
      emitLoadUndefined(dst: target)
      return target
    default:
      let value = try compile(operand)
      let target = destination ?? allocateRegister()
      at(range)
      switch op {
      case .minus: emitNegate(dst: target, src: value)
      case .plus: emitToNumber(dst: target, src: value)
      case .logicalNot: emitLogicalNot(dst: target, src: value)
      case .bitwiseNot: emitBitNot(dst: target, src: value)
      default: break
      }
      return target
    }
  }

  private func compileDelete(_ operand: Expression, into destination: Int32?) throws(CompileError) -> Int32 {
    let target = destination ?? allocateRegister()
    switch operand.kind {
    case .member(let object, let name, let isOptional):
      let base = try compile(object)
      if isOptional { emitJumpIfNullish(src: base, target: optionalChainLabels.last!) }
      emitDeleteProperty(dst: target, object: base, name: atomConstant(name))
    case .computedMember(let object, let property, let isOptional):
      let base = try compileOperand(object, before: property)
      if isOptional { emitJumpIfNullish(src: base, target: optionalChainLabels.last!) }
      let key = try compile(property)
      emitDeleteElement(dst: target, object: base, key: key)
    case .superMember, .superComputedMember:
      // ES2024 13.5.1.2: delete super.x throws a ReferenceError, after GetThisBinding and then the key.
      _ = try loadThis()
      if case .superComputedMember(let key) = operand.kind { try compile(key) }
      emitThrowError(
        type: Int32(ErrorTypeCode.reference), message: stringConstant(Array("Unsupported reference to 'super'".utf16)))
    case .identifier(let identifier):
      switch identifier.resolution {
      case .binding:
        emitLoadFalse(dst: target)
      case .global, .dynamic, .unresolved:
        emitDeleteName(dst: target, name: atomConstant(identifier.name))
      }
    case .optionalChain:
      let value = try compileOptionalDelete(operand, into: target)
      return value
    default:
      let mark = registerTop
      try compile(operand)
      registerTop = mark
      emitLoadTrue(dst: target)
    }
    return target
  }

  private func compileOptionalDelete(_ operand: Expression, into target: Int32) throws(CompileError) -> Int32 {
    guard case .optionalChain(let inner) = operand.kind else { return target }
    let end = newLabel()
    let nullish = newLabel()
    optionalChainLabels.append(nullish)
    _ = try compileDelete(inner, into: target)
    optionalChainLabels.removeLast()
    emitJump(target: end)
    bind(nullish)
    emitLoadTrue(dst: target)
    bind(end)
    return target
  }

  /// A binary or logical operator node and the left-nested chain it may head
  /// (`a + b - c || d`). The chain is compiled in a loop, innermost link first,
  /// with one register accumulating the links' values, so a flat `1 + 1 + …` of
  /// 100,000 terms neither recurses nor takes a register per term.
  private func compileOperatorChain(_ expression: Expression, into destination: Int32?) throws(CompileError)
    -> Int32
  {
    guard let operands = expression.operatorOperands, operands.left.operatorOperands != nil else {
      return try compileOperatorLink(expression, left: nil, into: destination)
    }
    let chain = expression.operatorChain
    let accumulator = allocateRegister()
    _ = try compileOperatorLink(chain.links[0], left: nil, into: accumulator)
    let mark = registerTop
    for (index, link) in chain.links.enumerated().dropFirst() {
      let isOutermost = index == chain.links.count - 1
      _ = try compileOperatorLink(
        link, left: accumulator, into: isOutermost ? (destination ?? accumulator) : accumulator)
      registerTop = mark
    }
    return destination ?? accumulator
  }

  /// One link of an operator chain: its left operand is compiled here, or
  /// already in the register `left` (the value of the links inside it).
  private func compileOperatorLink(_ link: Expression, left: Int32?, into destination: Int32?)
    throws(CompileError) -> Int32
  {
    switch link.kind {
    case .binary(let op, let operands):
      return try compileBinary(op, operands, left: left, range: link.range, into: destination)
    case .logical(let op, let operands):
      return try compileLogical(op, operands, left: left, into: destination)
    default:
      preconditionFailure("an operator chain holds binary and logical nodes only")
    }
  }

  private func compileBinary(
    _ op: BinaryOperator, _ operands: Operands, left: Int32?, range: SourceRange, into destination: Int32?
  ) throws(CompileError) -> Int32 {
    let right = operands.right
    let a: Int32
    if let left { a = left } else { a = try compileOperand(operands.left, before: right) }
    // `x + 1`: an immediate add.
    if op == .add, case .numberLiteral(let number) = right.kind, let int = Int32(exactly: number),
      !(number == 0 && number.sign == .minus)
    {
      let target = destination ?? allocateRegister()
      at(range)
      emitAddInt(dst: target, lhs: a, value: int)
      return target
    }
    let b = try compile(right)
    let target = destination ?? allocateRegister()
    at(range)
    if op == .in {
      emitHasProperty(dst: target, key: a, object: b)
    } else {
      emit(binaryOpcode(op), dst: target, lhs: a, rhs: b)
    }
    return target
  }

  /// The instruction of a binary operator shaped `dst:w lhs:r rhs:r` (all but `in`, which is
  /// HasProperty with its own operand names).
  func binaryOpcode(_ op: BinaryOperator) -> Opcode {
    switch op {
    case .add: .add
    case .subtract: .subtract
    case .multiply: .multiply
    case .divide: .divide
    case .remainder: .remainder
    case .exponent: .exponent
    case .bitwiseAnd: .bitAnd
    case .bitwiseOr: .bitOr
    case .bitwiseXor: .bitXor
    case .leftShift: .shiftLeft
    case .rightShift: .shiftRight
    case .unsignedRightShift: .unsignedShiftRight
    case .equal: .equal
    case .notEqual: .notEqual
    case .strictEqual: .strictEqual
    case .strictNotEqual: .strictNotEqual
    case .lessThan: .lessThan
    case .lessThanOrEqual: .lessThanOrEqual
    case .greaterThan: .greaterThan
    case .greaterThanOrEqual: .greaterThanOrEqual
    case .instanceof: .instanceOf
    case .in: preconditionFailure("`in` is HasProperty(dst:key:object:)")
    }
  }

  private func compileLogical(_ op: LogicalOperator, _ operands: Operands, left: Int32?, into destination: Int32?)
    throws(CompileError) -> Int32
  {
    let target = destination ?? allocateRegister()
    let end = newLabel()
    if let left {
      if left != target { emitMove(dst: target, src: left) }
    } else {
      try compile(operands.left, into: target)
    }
    let right = operands.right
    switch op {
    case .and: emitJumpIfFalse(src: target, target: end)
    case .or: emitJumpIfTrue(src: target, target: end)
    case .nullishCoalescing: emitJumpIfNotNullish(src: target, target: end)
    }
    try compile(right, into: target)
    bind(end)
    return target
  }

  // MARK: Update and assignment

  private func compileUpdate(_ op: UpdateOperator, isPrefix: Bool, target: Expression, into destination: Int32?)
    throws(CompileError) -> Int32
  {
    let result = destination ?? allocateRegister()
    let reference = try prepareReference(target)
    prepareForReadModifyWrite(reference)
    let old = try loadReference(reference)
    let numeric = isPrefix ? result : allocateRegister()
    if !isPrefix { emitToNumeric(dst: result, src: old) }
    emit(op == .increment ? .increment : .decrement, dst: numeric, src: isPrefix ? old : result)
    try storeReference(reference, numeric)
    return result
  }

  /// Strict `x = value` with x a global: the reference is resolved before `value` runs (ES2024
  /// 13.15.2 step 1.a), so a binding that `value` creates does not save an unresolvable x from
  /// the ReferenceError of PutValue.
  private func compileStrictGlobalAssignment(
    _ identifier: IdentifierReference, _ value: Expression, into destination: Int32?
  ) throws(CompileError) -> Int32 {
    let existed = allocateRegister()
    emitHasGlobal(dst: existed, name: atomConstant(identifier.name), cache: newCacheSite())
    let result = try compileNamed(value, name: identifier.name, into: destination ?? allocateRegister())
    let resolved = newLabel()
    emitJumpIfTrue(src: existed, target: resolved)
    emitThrowError(
      type: Int32(ErrorTypeCode.reference), message: stringConstant(Array("\(identifier.name) is not defined".utf16)))
    bind(resolved)
    try storeIdentifier(identifier, result, mode: .assign)
    return result
  }

  /// Expressions whose evaluation runs no code of the script (no calls, getters or conversions).
  private func cannotRunCode(_ expression: Expression) -> Bool {
    switch expression.kind {
    case .numberLiteral, .bigIntLiteral, .stringLiteral, .booleanLiteral, .nullLiteral, .function, .arrowFunction:
      return true
    default:
      return false
    }
  }

  func compileAssignment(_ op: AssignmentOperator, _ target: Pattern, _ value: Expression, into destination: Int32?)
    throws(CompileError) -> Int32
  {
    if op == .assign {
      switch target {
      case .identifier(let identifier):
        if case .dynamic = identifier.resolution {
          let reference = try prepareReference(Expression(.identifier(identifier), identifier.range))
          let result = try compileNamed(value, name: identifier.name, into: destination ?? allocateRegister())
          try storeReference(reference, result)
          return result
        }
        if case .global = identifier.resolution, isStrict, !cannotRunCode(value) {
          return try compileStrictGlobalAssignment(identifier, value, into: destination)
        }
        if let register = writableLocalRegister(identifier), !mentions(value, identifier.name) {
          try compileNamed(value, name: identifier.name, into: register)
          return moveIfNeeded(register, into: destination)
        }
        let result = try compileNamed(value, name: identifier.name, into: destination ?? allocateRegister())
        try storeIdentifier(identifier, result, mode: .assign)
        return result
      case .expression(let expression):
        let reference = try prepareReference(expression)
        let result = try compile(value, into: destination ?? allocateRegister())
        try storeReference(reference, result)
        return result
      case .object, .array:
        let result = try compile(value, into: destination ?? allocateRegister())
        try bindPattern(target, value: result, mode: .assign)
        return result
      }
    }
    if let binary = op.binaryOperator, case .identifier(let identifier) = target,
      let register = writableLocalRegister(identifier), !mentions(value, identifier.name)
    {
      // `s += v` on a register local: one instruction (v cannot observe or change s).
      if binary == .add, let immediate = int32Literal(value) {
        emitAddInt(dst: register, lhs: register, value: immediate)
      } else {
        let right = try compile(value)
        emit(binaryOpcode(binary), dst: register, lhs: register, rhs: right)
      }
      return moveIfNeeded(register, into: destination)
    }
    let targetExpression: Expression
    switch target {
    case .identifier(let identifier): targetExpression = Expression(.identifier(identifier), identifier.range)
    case .expression(let expression): targetExpression = expression
    default: throw CompileError(message: "Invalid compound assignment target", offset: Int(value.range.start))
    }
    let reference = try prepareReference(targetExpression)
    prepareForReadModifyWrite(reference)
    let result = destination ?? allocateRegister()
    let current = try loadReference(reference)
    if let binary = op.binaryOperator {
      let operand = allocateRegister()
      emitMove(dst: operand, src: current)
      let right = try compile(value)
      emit(binaryOpcode(binary), dst: result, lhs: operand, rhs: right)
      try storeReference(reference, result)
      return result
    }
    // Logical assignment: only assigns when the short circuit does not apply.
    let end = newLabel()
    emitMove(dst: result, src: current)
    switch op {
    case .logicalAnd: emitJumpIfFalse(src: result, target: end)
    case .logicalOr: emitJumpIfTrue(src: result, target: end)
    default: emitJumpIfNotNullish(src: result, target: end)
    }
    var name: String? = nil
    if case .identifier(let identifier) = target { name = identifier.name }
    try compileNamed(value, name: name, into: result)
    try storeReference(reference, result)
    bind(end)
    return result
  }

  // MARK: References (assignment targets)

  /// An evaluated assignment target (ES2024 Reference Records): the base and key are
  /// evaluated first; the key is converted and the base checked when the value is read or written.
  enum Reference {
    case identifier(IdentifierReference)
    /// A name under `with` or sloppy direct eval, resolved to its base before the value is computed.
    case dynamicName(base: Int32, name: String)
    case property(object: Int32, name: String)
    case element(object: Int32, key: Int32)
    case superProperty(base: Int32, key: Int32, this: Int32)
    /// `object.#name`: the key register holds the Private Name.
    case privateProperty(object: Int32, key: Int32)
  }

  func prepareReference(_ expression: Expression) throws(CompileError) -> Reference {
    switch expression.kind {
    case .identifier(let identifier):
      if case .dynamic = identifier.resolution {
        let base = allocateRegister()
        emitResolveName(dst: base, name: atomConstant(identifier.name))
        return .dynamicName(base: base, name: identifier.name)
      }
      return .identifier(identifier)
    case .member(let object, let name, _):
      let base = allocateRegister()
      try compile(object, into: base)
      return .property(object: base, name: name)
    case .computedMember(let object, let property, _):
      let base = allocateRegister()
      try compile(object, into: base)
      let key = allocateRegister()
      try compile(property, into: key)
      return .element(object: base, key: key)
    case .privateMember(let object, let name, _):
      let base = allocateRegister()
      try compile(object, into: base)
      let key = allocateRegister()
      _ = loadSpecialUnchecked("#" + name, into: key)
      return .privateProperty(object: base, key: key)
    case .superMember(let name):
      let this = allocateRegister()
      try loadThis(into: this)
      let key = allocateRegister()
      emitLoadConstant(dst: key, constant: atomConstant(name))
      let base = allocateRegister()
      emitGetSuperBase(dst: base, home: loadSpecial("%home"))
      return .superProperty(base: base, key: key, this: this)
    case .superComputedMember(let property):
      let this = allocateRegister()
      try loadThis(into: this)
      let key = allocateRegister()
      try compile(property, into: key)
      let base = allocateRegister()
      emitGetSuperBase(dst: base, home: loadSpecial("%home"))
      return .superProperty(base: base, key: key, this: this)
    case .call:
      // `f() = 1` (sloppy Annex B): the call runs, then a ReferenceError.
      try compile(expression)
      emitThrowError(
        type: Int32(ErrorTypeCode.reference),
        message: stringConstant(Array("Invalid left-hand side in assignment".utf16)))
      return .identifier(IdentifierReference(name: "%invalid", range: expression.range))
    default:
      throw CompileError(message: "Invalid left-hand side in assignment", offset: Int(expression.range.start))
    }
  }

  /// Before a read-modify-write (`o[k] += 1`): check the base and convert the key
  /// once, as GetValue does, so the later PutValue sees the same key.
  func prepareForReadModifyWrite(_ reference: Reference) {
    switch reference {
    case .element(let object, let key):
      emitRequireObjectCoercible(src: object, kind: 1)
      emitToPropertyKey(dst: key, src: key)
    case .superProperty(_, let key, _):
      emitToPropertyKey(dst: key, src: key)
    default:
      break
    }
  }

  func loadReference(_ reference: Reference) throws(CompileError) -> Int32 {
    switch reference {
    case .identifier(let identifier):
      return try loadIdentifier(identifier)
    case .dynamicName(let base, let name):
      let target = allocateRegister()
      emitGetNameFromBase(dst: target, base: base, name: atomConstant(name))
      return target
    case .property(let object, let name):
      let target = allocateRegister()
      emitGetProperty(dst: target, object: object, name: atomConstant(name), cache: newCacheSite())
      return target
    case .element(let object, let key):
      let target = allocateRegister()
      emitGetElement(dst: target, object: object, key: key)
      return target
    case .superProperty(let base, let key, let this):
      let target = allocateRegister()
      emitGetSuperProperty(dst: target, base: base, key: key, this: this)
      return target
    case .privateProperty(let object, let key):
      let target = allocateRegister()
      emitGetPrivate(dst: target, object: object, name: key)
      return target
    }
  }

  func storeReference(_ reference: Reference, _ value: Int32) throws(CompileError) {
    switch reference {
    case .identifier(let identifier):
      try storeIdentifier(identifier, value, mode: .assign)
    case .dynamicName(let base, let name):
      emitSetNameOnBase(base: base, name: atomConstant(name), src: value)
    case .property(let object, let name):
      emitSetProperty(object: object, name: atomConstant(name), src: value, cache: newCacheSite())
    case .element(let object, let key):
      emitSetElement(object: object, key: key, src: value)
    case .superProperty(let base, let key, let this):
      emitSetSuperProperty(base: base, key: key, src: value, this: this)
    case .privateProperty(let object, let key):
      emitSetPrivate(object: object, name: key, src: value)
    }
  }

  // MARK: Member access

  @discardableResult
  func compileMemberLoad(_ expression: Expression, into destination: Int32?) throws(CompileError) -> Int32 {
    switch expression.kind {
    case .member(let object, let name, let isOptional):
      let base = try compile(object)
      if isOptional { emitJumpIfNullish(src: base, target: optionalChainLabels.last!) }
      let target = destination ?? allocateRegister()
      if let position = memberNamePosition(expression) { at(position) }
      emitGetProperty(dst: target, object: base, name: atomConstant(name), cache: newCacheSite())
      return target
    case .computedMember(let object, let property, let isOptional):
      let base = try compileOperand(object, before: property)
      if isOptional { emitJumpIfNullish(src: base, target: optionalChainLabels.last!) }
      let key = try compile(property)
      let target = destination ?? allocateRegister()
      emitGetElement(dst: target, object: base, key: key)
      return target
    case .superMember(let name):
      let this = try loadThis()
      let key = allocateRegister()
      emitLoadConstant(dst: key, constant: atomConstant(name))
      let base = allocateRegister()
      emitGetSuperBase(dst: base, home: loadSpecial("%home"))
      let target = destination ?? allocateRegister()
      emitGetSuperProperty(dst: target, base: base, key: key, this: this)
      return target
    case .superComputedMember(let property):
      let this = allocateRegister()
      try loadThis(into: this)
      let key = allocateRegister()
      try compile(property, into: key)
      let base = allocateRegister()
      emitGetSuperBase(dst: base, home: loadSpecial("%home"))
      let target = destination ?? allocateRegister()
      emitGetSuperProperty(dst: target, base: base, key: key, this: this)
      return target
    case .privateMember(let object, let name, let isOptional):
      let base = try compile(object)
      if isOptional { emitJumpIfNullish(src: base, target: optionalChainLabels.last!) }
      let key = loadSpecialUnchecked("#" + name)
      let target = destination ?? allocateRegister()
      emitGetPrivate(dst: target, object: base, name: key)
      return target
    default:
      return try compile(expression, into: destination)
    }
  }

  // MARK: Calls

  /// Evaluates arguments into consecutive registers after `base`; nil when a spread requires an array.
  private func hasSpread(_ arguments: [Argument]) -> Bool {
    arguments.contains { if case .spread = $0 { return true } else { return false } }
  }

  /// Builds an array from arguments with spreads.
  private func compileArgumentArray(_ arguments: [Argument]) throws(CompileError) -> Int32 {
    let array = allocateRegister()
    emitNewArray(dst: array, start: 0, count: 0)
    for argument in arguments {
      let mark = registerTop
      switch argument {
      case .expression(let value):
        let register = try compile(value)
        emitArrayAppend(array: array, src: register)
      case .spread(let value):
        let register = try compile(value)
        emitArrayAppendSpread(array: array, iterable: register)
      }
      registerTop = mark
    }
    return array
  }

  /// Reserves a call frame (header + arguments) at the top of the registers.
  private func reserveCallFrame(argumentCount: Int) -> Int32 {
    let first = allocateRegisters(Frame.headerSize + argumentCount)
    return first + Int32(Frame.headerSize)
  }

  private func compileArgumentsInto(_ arguments: [Argument], base: Int32) throws(CompileError) {
    for (index, argument) in arguments.enumerated() {
      guard case .expression(let value) = argument else { continue }
      let mark = registerTop
      try compile(value, into: base + Int32(index))
      registerTop = mark
    }
  }

  func compileCall(
    _ callee: Expression, _ arguments: [Argument], isOptional: Bool, range: SourceRange, into destination: Int32?
  ) throws(CompileError) -> Int32 {
    let spread = hasSpread(arguments)
    // The result goes below the callee's frame, which is dead once the call returns: what
    // follows reuses those registers (a suspension saves fewer, frames stay small).
    let mark = registerTop
    let target = destination ?? allocateRegister()
    defer { registerTop = destination == nil ? target + 1 : mark }
    let base = reserveCallFrame(argumentCount: spread ? 0 : arguments.count)
    let calleeRegister = base + Int32(Frame.calleeOffset)
    let thisRegister = base + Int32(Frame.thisOffset)
    // `eval?.(x)` is an ordinary call of %eval%: an indirect eval (ES2024 13.3.6.1 applies to CallExpression only).
    let isDirectEval = try compileCalleeAndThis(callee, callee: calleeRegister, this: thisRegister) && !isOptional
    if isOptional { emitJumpIfNullish(src: calleeRegister, target: optionalChainLabels.last!) }
    if spread {
      let array = try compileArgumentArray(arguments)
      at(callPosition(callee, range))
      emit(
        isDirectEval ? .callEvalWithSpread : .callWithSpread, dst: target, callee: calleeRegister, this: thisRegister,
        arguments: array)
      return target
    }
    try compileArgumentsInto(arguments, base: base)
    at(callPosition(callee, range))
    calleeTexts.record(FunctionCompiler.calleeText(callee), at: Int32(code.count))
    emit(isDirectEval ? .callEval : .call, dst: target, base: base, argumentCount: Int32(arguments.count))
    return target
  }

  /// Where a stack trace points for a call, as V8 does: at the method name of
  /// `o.method()` (so a chain across lines names its line), else at the call's start.
  private func callPosition(_ callee: Expression, _ range: SourceRange) -> SourceRange {
    memberNamePosition(callee) ?? range
  }

  /// The position of the name in `object.name` / `object?.name` / `object.#name`.
  func memberNamePosition(_ expression: Expression) -> SourceRange? {
    let name: String
    switch expression.kind {
    case .member(_, let memberName, _): name = memberName
    case .privateMember(_, let memberName, _): name = "#" + memberName
    default: return nil
    }
    let start = expression.range.end - Int32(name.utf16.count)
    return start > expression.range.start ? SourceRange(start: start, end: expression.range.end) : nil
  }

  /// How a TypeError names a callee that is not a function, as V8 does: `o.method`,
  /// `a.b[0]`, `f(...).g`, `(intermediate value).x`.
  static func calleeText(_ callee: Expression, depth: Int = 0) -> String {
    guard depth < 8 else { return "(intermediate value)" }
    switch callee.kind {
    case .identifier(let identifier): return identifier.name
    case .this: return "this"
    case .member(let object, let name, let isOptional):
      return calleeText(object, depth: depth + 1) + (isOptional ? "?." : ".") + name
    case .privateMember(let object, let name, _): return calleeText(object, depth: depth + 1) + "[#" + name + "]"
    case .superMember(let name): return "super." + name
    case .computedMember(let object, let property, _):
      let base = calleeText(object, depth: depth + 1)
      switch property.kind {
      case .stringLiteral(let units): return base + "." + String(decoding: units, as: UTF16.self)
      case .numberLiteral, .identifier, .member, .this:
        return base + "[" + calleeText(property, depth: depth + 1) + "]"
      default: return base + "[...]"
      }
    case .numberLiteral(let number):
      return number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
    case .call(let inner, _, _): return calleeText(inner, depth: depth + 1) + "(...)"
    case .optionalChain(let inner): return calleeText(inner, depth: depth + 1)
    default: return "(intermediate value)"
    }
  }

  /// Evaluates a call's callee into `calleeRegister` and its this value into `thisRegister`;
  /// true for a direct eval candidate (`eval(...)`).
  private func compileCalleeAndThis(_ callee: Expression, callee calleeRegister: Int32, this thisRegister: Int32)
    throws(CompileError) -> Bool
  {
    switch callee.kind {
    case .member(let object, let name, let isOptional):
      try compile(object, into: thisRegister)
      if isOptional { emitJumpIfNullish(src: thisRegister, target: optionalChainLabels.last!) }
      if let position = memberNamePosition(callee) { at(position) }
      emitGetProperty(dst: calleeRegister, object: thisRegister, name: atomConstant(name), cache: newCacheSite())
    case .computedMember(let object, let property, let isOptional):
      try compile(object, into: thisRegister)
      if isOptional { emitJumpIfNullish(src: thisRegister, target: optionalChainLabels.last!) }
      let mark = registerTop
      let key = try compile(property)
      emitGetElement(dst: calleeRegister, object: thisRegister, key: key)
      registerTop = mark
    case .privateMember(let object, let name, let isOptional):
      try compile(object, into: thisRegister)
      if isOptional { emitJumpIfNullish(src: thisRegister, target: optionalChainLabels.last!) }
      emitGetPrivate(dst: calleeRegister, object: thisRegister, name: loadSpecialUnchecked("#" + name))
    case .superMember, .superComputedMember:
      try loadThis(into: thisRegister)
      try compileMemberLoad(callee, into: calleeRegister)
    case .identifier(let identifier):
      if case .dynamic = identifier.resolution {
        emitCallName(callee: calleeRegister, this: thisRegister, name: atomConstant(identifier.name))
      } else {
        try loadIdentifier(identifier, into: calleeRegister)
        emitLoadUndefined(dst: thisRegister)
      }
      return identifier.name == "eval"
    case .optionalChain(let inner) where isMemberAccess(inner):
      // `(a?.b)()` calls with this = a: the chain evaluates to a Reference.
      let end = newLabel()
      let nullish = newLabel()
      optionalChainLabels.append(nullish)
      _ = try compileCalleeAndThis(inner, callee: calleeRegister, this: thisRegister)
      optionalChainLabels.removeLast()
      emitJump(target: end)
      bind(nullish)
      emitLoadUndefined(dst: calleeRegister)
      bind(end)
    default:
      try compile(callee, into: calleeRegister)
      emitLoadUndefined(dst: thisRegister)
    }
    return false
  }

  private func isMemberAccess(_ expression: Expression) -> Bool {
    switch expression.kind {
    case .member, .computedMember, .privateMember, .superMember, .superComputedMember: return true
    default: return false
    }
  }

  private func compileNew(
    _ callee: Expression, _ arguments: [Argument], range: SourceRange, into destination: Int32?
  ) throws(CompileError) -> Int32 {
    let target = destination ?? allocateRegister()
    if hasSpread(arguments) {
      let constructor = try compile(callee)
      let array = try compileArgumentArray(arguments)
      // A stack trace points at `new`, not into the arguments compiled just before.
      at(range)
      emitConstructWithSpread(dst: target, callee: constructor, arguments: array)
      return target
    }
    let base = reserveCallFrame(argumentCount: arguments.count)
    try compile(callee, into: base + Int32(Frame.calleeOffset))
    try compileArgumentsInto(arguments, base: base)
    at(range)
    emitConstruct(dst: target, base: base, argumentCount: Int32(arguments.count), cache: newCacheSite())
    return target
  }

  private func compileSuperCall(_ arguments: [Argument], into destination: Int32?) throws(CompileError) -> Int32 {
    let target = destination ?? allocateRegister()
    let function = loadSpecial("%fn")
    let newTarget = loadSpecial("new.target")
    if hasSpread(arguments) {
      let array = try compileArgumentArray(arguments)
      emitSuperCallWithSpread(dst: target, arguments: array, function: function, newTarget: newTarget)
    } else {
      let base = reserveCallFrame(argumentCount: arguments.count)
      try compileArgumentsInto(arguments, base: base)
      emitSuperCall(
        dst: target, base: base, argumentCount: Int32(arguments.count), function: function, newTarget: newTarget)
    }
    try bindThisAfterSuper(target)
    return target
  }

  /// After super() returns: bind `this` (ReferenceError if already bound), then run field initializers.
  func bindThisAfterSuper(_ result: Int32) throws(CompileError) {
    let current = loadSpecialUnchecked("this")
    emitCheckThisUninitialized(this: current)
    storeSpecial("this", result)
    emitInitializeFields(this: result)
  }

  /// Loads a special binding without the derived-constructor `this` check.
  func loadSpecialUnchecked(_ name: String, into destination: Int32? = nil) -> Int32 {
    switch currentScope.resolve(name) {
    case .binding(let binding, let hops, _):
      return loadFromBinding(binding, hops: hops, needsCheck: false, into: destination)
    default:
      let target = destination ?? allocateRegister()
      emitGetNameOrUndefined(dst: target, name: atomConstant(name))
      return target
    }
  }

  // MARK: Templates

  private func compileTemplate(_ template: TemplateLiteral, into destination: Int32?) throws(CompileError) -> Int32 {
    let target = destination ?? allocateRegister()
    let first = template.quasis[0].cooked ?? []
    emitLoadConstant(dst: target, constant: stringConstant(first))
    for (index, expression) in template.expressions.enumerated() {
      let mark = registerTop
      let value = try compile(expression)
      let string = allocateRegister()
      emitToString(dst: string, src: value)
      emitAdd(dst: target, lhs: target, rhs: string)
      let next = template.quasis[index + 1].cooked ?? []
      if !next.isEmpty {
        emitLoadConstant(dst: string, constant: stringConstant(next))
        emitAdd(dst: target, lhs: target, rhs: string)
      }
      registerTop = mark
    }
    return target
  }

  private func compileTaggedTemplate(
    _ tag: Expression, _ quasi: TemplateLiteral, range: SourceRange, into destination: Int32?
  ) throws(CompileError) -> Int32 {
    let site = templateSiteCount
    templateSiteCount += 1
    // Constants: cooked strings, then raw strings.
    let firstConstant = Int32(constants.count)
    for element in quasi.quasis {
      if let cooked = element.cooked {
        _ = constant(runtime.newString(cooked).value)
      } else {
        _ = constant(.undefined)
      }
    }
    for element in quasi.quasis { _ = constant(runtime.newString(element.raw).value) }
    let base = reserveCallFrame(argumentCount: quasi.expressions.count + 1)
    let calleeRegister = base + Int32(Frame.calleeOffset)
    let thisRegister = base + Int32(Frame.thisOffset)
    switch tag.kind {
    case .member(let object, let name, _):
      try compile(object, into: thisRegister)
      emitGetProperty(dst: calleeRegister, object: thisRegister, name: atomConstant(name), cache: newCacheSite())
    case .computedMember(let object, let property, _):
      try compile(object, into: thisRegister)
      let mark = registerTop
      let key = try compile(property)
      emitGetElement(dst: calleeRegister, object: thisRegister, key: key)
      registerTop = mark
    case .privateMember(let object, let name, _):
      try compile(object, into: thisRegister)
      let mark = registerTop
      emitGetPrivate(dst: calleeRegister, object: thisRegister, name: loadSpecialUnchecked("#" + name))
      registerTop = mark
    default:
      try compile(tag, into: calleeRegister)
      emitLoadUndefined(dst: thisRegister)
    }
    emitGetTemplateObject(dst: base, site: Int32(site), strings: firstConstant, count: Int32(quasi.quasis.count))
    for (index, expression) in quasi.expressions.enumerated() {
      let mark = registerTop
      try compile(expression, into: base + Int32(index + 1))
      registerTop = mark
    }
    let target = destination ?? allocateRegister()
    at(range)
    emitCall(dst: target, base: base, argumentCount: Int32(quasi.expressions.count + 1))
    return target
  }

  // MARK: Literals

  private func compileArrayLiteral(_ elements: [ArrayElement], into destination: Int32?) throws(CompileError)
    -> Int32
  {
    let target = destination ?? allocateRegister()
    let simple = elements.allSatisfy { if case .expression = $0 { return true } else { return false } }
    if simple && elements.count <= 64 {
      let mark = registerTop
      let first = allocateRegisters(elements.count)
      for (index, element) in elements.enumerated() {
        guard case .expression(let value) = element else { continue }
        let inner = registerTop
        try compile(value, into: first + Int32(index))
        registerTop = inner
      }
      emitNewArray(dst: target, start: first, count: Int32(elements.count))
      registerTop = mark
      return target
    }
    let array = allocateRegister()
    emitNewArray(dst: array, start: 0, count: 0)
    for element in elements {
      let mark = registerTop
      switch element {
      case .hole:
        emitArrayAppendHole(array: array)
      case .expression(let value):
        let register = try compile(value)
        emitArrayAppend(array: array, src: register)
      case .spread(let value):
        let register = try compile(value)
        emitArrayAppendSpread(array: array, iterable: register)
      }
      registerTop = mark
    }
    return moveIfNeeded(array, into: target)
  }

  private func compileObjectLiteral(_ properties: [ObjectProperty], into destination: Int32?) throws(CompileError)
    -> Int32
  {
    let object = allocateRegister()
    emitNewObject(dst: object)
    for property in properties {
      let mark = registerTop
      at(property.range)
      switch property.kind {
      case .keyValue(let key, let value, _):
        if let name = staticPropertyName(key) {
          let register = try compileNamed(value, name: name)
          emitDefineNamedProperty(object: object, name: atomConstant(name), src: register)
        } else {
          let keyRegister = try compilePropertyKey(key)
          let register: Int32
          if isAnonymousFunctionDefinition(value) {
            register = try compile(value)
            emitSetFunctionName(function: register, key: keyRegister, kind: 0)
          } else {
            register = try compile(value)
          }
          emitDefineDataProperty(object: object, key: keyRegister, src: register)
        }
      case .method(let key, let function, let kind):
        let keyRegister = try compilePropertyKey(key)
        let closure = allocateRegister()
        try emitClosure(function, name: staticKeyName(key).map { kind == .method ? $0 : "" } ?? "", into: closure)
        switch kind {
        case .method:
          emitDefineMethod(object: object, key: keyRegister, function: closure, flags: 1)
        case .getter:
          emitDefineGetter(object: object, key: keyRegister, function: closure, flags: 1)
        case .setter:
          emitDefineSetter(object: object, key: keyRegister, function: closure, flags: 1)
        }
      case .spread(let value):
        let register = try compile(value)
        emitCopyDataProperties(target: object, source: register, excluded: 0, excludedCount: 0)
      case .protoSetter(let value):
        let register = try compile(value)
        emitSetPrototypeLiteral(object: object, prototype: register)
      }
      registerTop = mark
    }
    return moveIfNeeded(object, into: destination)
  }

  /// The name of a non-computed key, if it is not an index-like number.
  func staticKeyName(_ key: PropertyKeyNode) -> String? {
    switch key.name {
    case .identifier(let name): return name
    case .string(let units):
      return String(decoding: units, as: UTF16.self).utf16.elementsEqual(units)
        ? String(decoding: units, as: UTF16.self) : nil
    default: return nil
    }
  }

  /// A non-computed key that names an atom property: not an array index such as '0'
  /// (those are element keys, reached through the generic path).
  func staticPropertyName(_ key: PropertyKeyNode) -> String? {
    guard let name = staticKeyName(key) else { return nil }
    let isIndex = Array(name.utf16).withUnsafeBufferPointer { arrayIndex(ofCodeUnits: $0) } != nil
    return isIndex ? nil : name
  }

  /// Evaluates a property key into a register holding a property key value.
  func compilePropertyKey(_ key: PropertyKeyNode) throws(CompileError) -> Int32 {
    let register = allocateRegister()
    switch key.name {
    case .identifier(let name):
      emitLoadConstant(dst: register, constant: atomConstant(name))
    case .string(let units):
      emitLoadConstant(dst: register, constant: stringConstant(units))
    case .number(let number):
      emitLoadConstant(dst: register, constant: numberConstant(number))
      emitToPropertyKey(dst: register, src: register)
    case .bigInt(let digits):
      emitLoadConstant(dst: register, constant: stringConstant(Array(digits.utf16)))
    case .computed(let expression):
      let value = try compile(expression)
      emitToPropertyKey(dst: register, src: value)
    case .privateName:
      throw CompileError(message: "private class members are not supported yet", offset: Int(key.range.start))
    }
    return register
  }
}

/// Error types the `throwError` instruction can create.
enum ErrorTypeCode {
  static let type = 0
  static let reference = 1
  static let syntax = 2
  static let range = 3

  static func errorType(_ code: Int) -> ErrorType {
    switch code {
    case reference: .referenceError
    case syntax: .syntaxError
    case range: .rangeError
    default: .typeError
    }
  }
}
