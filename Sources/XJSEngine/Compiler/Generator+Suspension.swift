import XJSSyntax

// Generators and async functions: where their frames suspend and how they complete.
//
// The frame's generator object (CreateGenerator) lives in `generatorRegister`. A generator
// creates it once its parameters are bound and suspends at once (the initial yield); an async
// function creates it first (its promise) and runs until its first `await`. `Yield` and
// `Await` suspend the frame into the object; when resumed, the instruction after them finds
// the sent value and how it was sent (next, throw, return) in two registers and acts on it:
// a throw is thrown where the frame stopped, a return runs the enclosing finally blocks.
// Every completion goes through FinishGenerator: a return (emitFunctionReturn) and, through a
// handler around the whole body, a throw.

/// How a suspended frame was resumed (the `mode` register after Yield and Await).
enum ResumeMode: Int32 {
  case next = 0
  case `throw` = 1
  case `return` = 2
}

extension FunctionCompiler {
  /// An async function's start: its object and promise. Returns where the completion
  /// handler's range begins.
  func beginAsyncFunction() -> Int {
    emitCreateGenerator(
      dst: generatorRegister!, kind: Int32(GeneratorKind.asyncFunction.rawValue), cache: newCacheSite())
    return currentPosition
  }

  /// A generator's start, after its parameters are bound: its object, and the initial yield
  /// that hands it to the caller. Returns where the completion handler's range begins.
  func beginGenerator(isAsync: Bool) throws(CompileError) -> Int {
    let generator = generatorRegister!
    let kind = isAsync ? GeneratorKind.asyncGenerator : GeneratorKind.generator
    emitCreateGenerator(dst: generator, kind: Int32(kind.rawValue), cache: newCacheSite())
    let start = currentPosition
    let received = allocateRegister()
    let mode = allocateRegister()
    emitYield(
      generator: generator, value: generator, received: received, mode: mode,
      live: liveRegisters(generator, generator, received, mode))
    try emitResumeDispatch(received: received, mode: mode)
    registerTop -= 2
    return start
  }

  /// The handler around the whole body: an exception completes the generator (and rejects an
  /// async function's promise, which is then the result).
  func emitCompletionHandler(from start: Int) {
    let handler = newLabel()
    handlers.append((start, currentPosition, handler))
    bind(handler)
    let exception = allocateRegister()
    let result = allocateRegister()
    emitMoveException(dst: exception)
    emitFinishGenerator(dst: result, generator: generatorRegister!, value: exception, flags: 1)
    // An async function returns its (rejected) promise; an async generator has settled its
    // request and returns to whoever resumed it; a generator throws.
    if isAsyncFunction {
      emitReturn(src: result)
    } else {
      emitThrow(src: exception)
    }
  }

  /// How many registers a suspension saves: every register allocated now (temporaries are
  /// allocated as a stack, so the ones above `registerTop` hold nothing read after the resume).
  func liveRegisters(_ operands: Int32...) -> Int32 {
    max(registerTop, (operands.max() ?? 0) + 1)
  }

  /// After a Yield: continue on next, throw the value on throw, return it on return.
  func emitResumeDispatch(received: Int32, mode: Int32) throws(CompileError) {
    let resumed = newLabel()
    let returned = newLabel()
    let constant = allocateRegister()
    emitLoadInt(dst: constant, value: ResumeMode.next.rawValue)
    emitJumpIfStrictEqual(lhs: mode, rhs: constant, target: resumed)
    emitLoadInt(dst: constant, value: ResumeMode.throw.rawValue)
    emitJumpIfNotStrictEqual(lhs: mode, rhs: constant, target: returned)
    emitThrow(src: received)
    bind(returned)
    // An async generator awaits the value it returns (ES2024 27.6.3.8 AsyncGeneratorYield step 9).
    if isAsyncFunction { emitAwaitValue(received, into: received) }
    try compileReturn(value: received)
    bind(resumed)
    registerTop -= 1
  }

  // MARK: yield

  func compileYield(_ argument: Expression?, isDelegate: Bool, offset: Int, into destination: Int32?)
    throws(CompileError) -> Int32
  {
    guard let generator = generatorRegister else {
      throw CompileError(message: "yield outside a generator", offset: offset)
    }
    let target = destination ?? allocateRegister()
    let mark = registerTop
    if isDelegate {
      try compileYieldDelegate(argument!, into: target)
      registerTop = mark
      return target
    }
    let value = allocateRegister()
    if let argument {
      try compile(argument, into: value)
    } else {
      emitLoadUndefined(dst: value)
    }
    let received = allocateRegister()
    let mode = allocateRegister()
    if isAsyncFunction {
      // AsyncGeneratorYield: the value is awaited; the runtime settles the request with it.
      emitAwaitValue(value, into: value)
      emitYield(
        generator: generator, value: value, received: received, mode: mode,
        live: liveRegisters(generator, value, received, mode))
    } else {
      let result = allocateRegister()
      emitCreateIterResult(dst: result, value: value, done: 0)
      emitYield(
        generator: generator, value: result, received: received, mode: mode,
        live: liveRegisters(generator, result, received, mode))
    }
    try emitResumeDispatch(received: received, mode: mode)
    emitMove(dst: target, src: received)
    registerTop = mark
    return target
  }

  /// `yield* iterable` (ES2024 15.5.5): every next/throw/return sent to this generator goes to
  /// the inner iterator until it is done; its final value is the expression's.
  private func compileYieldDelegate(_ argument: Expression, into target: Int32) throws(CompileError) {
    let generator = generatorRegister!
    let isAsync = isAsyncFunction
    let iterable = try compile(argument)
    let iterator = allocateRegisters(2)
    let nextMethod = iterator + 1
    emitGetIteratorRecord(dst: iterator, iterable: iterable, flags: isAsync ? 1 : 0)
    let received = allocateRegister()
    let mode = allocateRegister()
    let result = allocateRegister()
    let method = allocateRegister()
    let constant = allocateRegister()
    emitLoadUndefined(dst: received)
    emitLoadInt(dst: mode, value: ResumeMode.next.rawValue)
    let loop = newLabel()
    let notNext = newLabel()
    let callMethod = newLabel()
    let noThrowMethod = newLabel()
    let isReturn = newLabel()
    let hasReturnMethod = newLabel()
    let yieldResult = newLabel()
    let finished = newLabel()
    bind(loop)
    emitLoadInt(dst: constant, value: ResumeMode.next.rawValue)
    emitJumpIfNotStrictEqual(lhs: mode, rhs: constant, target: notNext)
    emitMove(dst: method, src: nextMethod)
    emitJump(target: callMethod)
    // Throw: the inner iterator's `throw`, else close it and throw a TypeError.
    bind(notNext)
    emitLoadInt(dst: constant, value: ResumeMode.throw.rawValue)
    emitJumpIfNotStrictEqual(lhs: mode, rhs: constant, target: isReturn)
    emitGetProperty(dst: method, object: iterator, name: atomConstant("throw"), cache: newCacheSite())
    emitJumpIfNullish(src: method, target: noThrowMethod)
    emitJump(target: callMethod)
    bind(noThrowMethod)
    if isAsync {
      try emitAsyncIteratorClose(iterator)
    } else {
      emitIteratorClose(iterator: iterator, flags: 0)
    }
    emitThrowError(
      type: Int32(ErrorTypeCode.type),
      message: stringConstant(Array("The iterator does not provide a 'throw' method".utf16)))
    // Return: the inner iterator's `return` (its done result ends this generator too), else
    // this generator returns the value.
    bind(isReturn)
    emitGetProperty(dst: method, object: iterator, name: atomConstant("return"), cache: newCacheSite())
    emitJumpIfNotNullish(src: method, target: hasReturnMethod)
    if isAsync { emitAwaitValue(received, into: received) }
    try compileReturn(value: received)
    bind(hasReturnMethod)
    emitInnerCall(method: method, iterator: iterator, argument: received, into: result)
    if isAsync { emitAwaitValue(result, into: result) }
    emitCheckIteratorResult(src: result)
    emitGetProperty(dst: constant, object: result, name: atomConstant("done"), cache: newCacheSite())
    emitJumpIfFalse(src: constant, target: yieldResult)
    emitGetProperty(dst: constant, object: result, name: atomConstant("value"), cache: newCacheSite())
    try compileReturn(value: constant)
    // Next (and throw): call, then yield the inner result unless it is done.
    bind(callMethod)
    emitInnerCall(method: method, iterator: iterator, argument: received, into: result)
    if isAsync { emitAwaitValue(result, into: result) }
    emitCheckIteratorResult(src: result)
    emitGetProperty(dst: constant, object: result, name: atomConstant("done"), cache: newCacheSite())
    emitJumpIfTrue(src: constant, target: finished)
    bind(yieldResult)
    if isAsync {
      // AsyncGeneratorYield(? IteratorValue(innerResult)): a return sent here is awaited and
      // goes on to the inner iterator like any other.
      emitGetProperty(dst: constant, object: result, name: atomConstant("value"), cache: newCacheSite())
      emitYield(
        generator: generator, value: constant, received: received, mode: mode,
        live: liveRegisters(generator, constant, received, mode))
      // AsyncGeneratorUnwrapYieldResumption: a return's value is awaited before it goes on to
      // the inner iterator; a rejection turns it into a throw.
      emitLoadInt(dst: constant, value: ResumeMode.return.rawValue)
      emitJumpIfNotStrictEqual(lhs: mode, rhs: constant, target: loop)
      emitAwait(
        generator: generator, value: received, received: received, mode: constant,
        live: liveRegisters(generator, received, received, constant))
      emitLoadInt(dst: method, value: ResumeMode.throw.rawValue)
      emitJumpIfNotStrictEqual(lhs: constant, rhs: method, target: loop)
      emitMove(dst: mode, src: method)
    } else {
      // GeneratorYield(innerResult): the inner result object itself, not a copy.
      emitYield(
        generator: generator, value: result, received: received, mode: mode,
        live: liveRegisters(generator, result, received, mode))
    }
    emitJump(target: loop)
    bind(finished)
    emitGetProperty(dst: target, object: result, name: atomConstant("value"), cache: newCacheSite())
  }

  /// result = method.call(iterator, argument), in a call frame at the top of the registers.
  func emitInnerCall(method: Int32, iterator: Int32, argument: Int32?, into result: Int32) {
    let mark = registerTop
    let count = argument == nil ? 0 : 1
    let base = allocateRegisters(Frame.headerSize + count) + Int32(Frame.headerSize)
    emitMove(dst: base + Int32(Frame.calleeOffset), src: method)
    emitMove(dst: base + Int32(Frame.thisOffset), src: iterator)
    if let argument { emitMove(dst: base, src: argument) }
    emitCall(dst: result, base: base, argumentCount: Int32(count))
    registerTop = mark
  }

  /// AsyncIteratorClose(iterator, normal completion): await the result of its `return`.
  func emitAsyncIteratorClose(_ iterator: Int32) throws(CompileError) {
    let mark = registerTop
    let method = allocateRegister()
    let result = allocateRegister()
    let done = newLabel()
    emitGetProperty(dst: method, object: iterator, name: atomConstant("return"), cache: newCacheSite())
    emitJumpIfNullish(src: method, target: done)
    emitInnerCall(method: method, iterator: iterator, argument: nil, into: result)
    emitAwaitValue(result, into: result)
    emitCheckIteratorResult(src: result)
    bind(done)
    registerTop = mark
  }

  // MARK: await

  func compileAwait(_ argument: Expression, offset: Int, into destination: Int32?) throws(CompileError) -> Int32 {
    guard generatorRegister != nil, isAsyncFunction else {
      throw CompileError(message: "await is only valid in async functions", offset: offset)
    }
    let target = destination ?? allocateRegister()
    let mark = registerTop
    let value = try compile(argument)
    emitAwaitValue(value, into: target)
    registerTop = mark
    return target
  }

  /// target = Await(value): a rejection is thrown here.
  func emitAwaitValue(_ value: Int32, into target: Int32) {
    let mark = registerTop
    let received = allocateRegister()
    let mode = allocateRegister()
    let constant = allocateRegister()
    let fulfilled = newLabel()
    emitAwait(
      generator: generatorRegister!, value: value, received: received, mode: mode,
      live: liveRegisters(generatorRegister!, value, received, mode))
    emitLoadInt(dst: constant, value: ResumeMode.throw.rawValue)
    emitJumpIfNotStrictEqual(lhs: mode, rhs: constant, target: fulfilled)
    emitThrow(src: received)
    bind(fulfilled)
    emitMove(dst: target, src: received)
    registerTop = mark
  }
}
