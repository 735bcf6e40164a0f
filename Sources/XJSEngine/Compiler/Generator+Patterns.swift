import XJSSyntax

// Destructuring: binding patterns (declarations, parameters) and assignment
// patterns, over the iterator protocol for arrays.

extension FunctionCompiler {
  func bindPattern(_ pattern: Pattern, value: Int32, mode: StoreMode) throws(CompileError) {
    try checkCompileStack(at: pattern.range.start)
    let mark = registerTop
    defer { registerTop = mark }
    switch pattern {
    case .identifier(let identifier):
      try storeIdentifier(identifier, value, mode: mode)
    case .expression(let expression):
      let reference = try prepareReference(expression)
      try storeReference(reference, value)
    case .object(let object):
      try bindObjectPattern(object, value: value, mode: mode)
    case .array(let array):
      try bindArrayPattern(array, value: value, mode: mode)
    }
  }

  // MARK: Objects

  private func bindObjectPattern(_ pattern: ObjectPattern, value: Int32, mode: StoreMode) throws(CompileError) {
    at(pattern.range)
    emitRequireObjectCoercible(src: value, kind: 0)
    var excludedKeys: [Int32] = []
    let keepKeys = pattern.rest != nil
    for property in pattern.properties {
      let mark = registerTop
      // Member targets of an assignment pattern are evaluated before the value is read.
      var reference: Reference? = nil
      let key: Int32
      if let name = staticPropertyName(property.key), !keepKeys {
        key = -1
        reference = try prepareTargetReference(property.target, mode: mode)
        let element = allocateRegister()
        emitGetProperty(dst: element, object: value, name: atomConstant(name), cache: newCacheSite())
        try finishPatternElement(property.target, property.defaultValue, element, reference, mode: mode)
        registerTop = mark
        continue
      } else {
        key = try compilePropertyKey(property.key)
      }
      if keepKeys {
        // Keep the key alive below the temporaries for the rest object.
        excludedKeys.append(key)
      }
      reference = try prepareTargetReference(property.target, mode: mode)
      let element = allocateRegister()
      emitGetElement(dst: element, object: value, key: key)
      try finishPatternElement(property.target, property.defaultValue, element, reference, mode: mode)
      if !keepKeys { registerTop = mark }
    }
    if let rest = pattern.rest {
      var restReference: Reference? = nil
      if case .expression(let expression) = rest { restReference = try prepareReference(expression) }
      // The excluded keys must be consecutive registers.
      let first = allocateRegisters(excludedKeys.count)
      for (index, key) in excludedKeys.enumerated() { emitMove(dst: first + Int32(index), src: key) }
      let object = allocateRegister()
      emitNewObject(dst: object)
      emitCopyDataProperties(target: object, source: value, excluded: first, excludedCount: Int32(excludedKeys.count))
      if let restReference {
        try storeReference(restReference, object)
      } else {
        try bindPattern(rest, value: object, mode: mode)
      }
    }
  }

  /// The reference of an element's target, evaluated before the element's value is read:
  /// member targets of assignment patterns, and names that `with` or sloppy eval make dynamic
  /// (ResolveBinding comes first: ES2024 14.3.3.3 SingleNameBinding step 2, 13.15.5.6 step 1).
  private func prepareTargetReference(_ target: Pattern, mode: StoreMode) throws(CompileError) -> Reference? {
    switch target {
    case .expression(let expression):
      return try prepareReference(expression)
    case .identifier(let identifier):
      guard case .dynamic = identifier.resolution, !(mode == .initialize && isTopLevelLexical(identifier)) else {
        return nil
      }
      let base = allocateRegister()
      emitResolveName(dst: base, name: atomConstant(identifier.name))
      return .dynamicName(base: base, name: identifier.name)
    case .object, .array:
      return nil
    }
  }

  /// Applies the default value and binds one destructured element.
  private func finishPatternElement(
    _ target: Pattern, _ defaultValue: Expression?, _ element: Int32, _ reference: Reference?, mode: StoreMode
  ) throws(CompileError) {
    if let defaultValue {
      let skip = newLabel()
      emitJumpIfNotUndefined(src: element, target: skip)
      try compileNamed(defaultValue, name: patternName(target), into: element)
      bind(skip)
    }
    if let reference {
      try storeReference(reference, element)
    } else {
      try bindPattern(target, value: element, mode: mode)
    }
  }

  // MARK: Arrays

  private func bindArrayPattern(_ pattern: ArrayPattern, value: Int32, mode: StoreMode) throws(CompileError) {
    at(pattern.range)
    let iterator = allocateRegisters(2)
    emitGetIterator(dst: iterator, iterable: value)
    let done = allocateRegister()
    emitLoadFalse(dst: done)
    let savedEnvironment = allocateRegister()
    emitMove(dst: savedEnvironment, src: Int32(Frame.environmentOffset))
    let savedDepth = scopeDepth
    let start = currentPosition
    controlStack.append(.patternIterator(register: iterator, done: done))
    for element in pattern.elements {
      let mark = registerTop
      var reference: Reference? = nil
      if let element { reference = try prepareTargetReference(element.target, mode: mode) }
      let item = allocateRegister()
      try emitStep(iterator: iterator, done: done, into: item)
      if let element {
        try finishPatternElement(element.target, element.defaultValue, item, reference, mode: mode)
      }
      registerTop = mark
    }
    if let rest = pattern.rest {
      var reference: Reference? = nil
      if case .expression(let expression) = rest { reference = try prepareReference(expression) }
      let array = allocateRegister()
      emitNewArray(dst: array, start: 0, count: 0)
      let loop = newLabel()
      let finished = newLabel()
      let item = allocateRegister()
      let skipLoop = newLabel()
      emitJumpIfTrue(src: done, target: skipLoop)
      bind(loop)
      emitLoadTrue(dst: done)
      emitIteratorNext(dst: item, iterator: iterator, done: finished)
      emitLoadFalse(dst: done)
      emitArrayAppend(array: array, src: item)
      emitJump(target: loop)
      bind(finished)
      bind(skipLoop)
      emitLoadTrue(dst: done)
      if let reference {
        try storeReference(reference, array)
      } else {
        try bindPattern(rest, value: array, mode: mode)
      }
    }
    controlStack.removeLast()
    let end = currentPosition
    // Done normally: close the iterator unless it is exhausted.
    let after = newLabel()
    emitJumpIfTrue(src: done, target: after)
    emitIteratorClose(iterator: iterator, flags: 0)
    emitJump(target: after)
    // Abrupt completion inside the pattern: close (ignoring errors) unless the iterator itself threw.
    let handler = newLabel()
    handlers.append((start, end, handler))
    bind(handler)
    let exception = allocateRegister()
    emitMoveException(dst: exception)
    emitMove(dst: Int32(Frame.environmentOffset), src: savedEnvironment)
    scopeDepth = savedDepth
    let rethrow = newLabel()
    emitJumpIfTrue(src: done, target: rethrow)
    emitIteratorClose(iterator: iterator, flags: 1)
    bind(rethrow)
    emitThrow(src: exception)
    bind(after)
  }

  /// One IteratorStep: `item` = next value, or undefined (and `done` = true) when exhausted.
  private func emitStep(iterator: Int32, done: Int32, into item: Int32) throws(CompileError) {
    let exhausted = newLabel()
    let next = newLabel()
    emitLoadUndefined(dst: item)
    emitJumpIfTrue(src: done, target: next)
    emitLoadTrue(dst: done)
    emitIteratorNext(dst: item, iterator: iterator, done: exhausted)
    emitLoadFalse(dst: done)
    emitJump(target: next)
    bind(exhausted)
    emitLoadUndefined(dst: item)
    bind(next)
  }
}
