import XJSSyntax

// [[Call]] and [[Construct]]: entering bytecode functions (frame set-up),
// native functions, bound functions and proxies, from the interpreter and from
// Swift.

extension Runtime {
  /// Prepares the frame at `frame` (header partly written by the caller: callee,
  /// this, arguments) for running `callee`'s bytecode.
  @inline(__always)
  func enterFunction(
    frame: UnsafeMutablePointer<Value>, callee: ObjectRef, argumentCount: Int, newTarget: Value,
    returnInfo: UInt64, caller: UnsafeMutablePointer<Value>?, returnPC: Int
  ) throws(JSException) {
    let code = callee.internalSlot(FunctionSlot.code)
    var data = CodeBlockCellRef(code).data
    // Each call counts towards tier-up (the JIT compiles the code when the count runs out); a
    // lazy function's stand-in runs out at its first call, which compiles it.
    data.pointee.tierUpCounter &-= 1
    if _slowPath(data.pointee.tierUpCounter < 0) { data = try counterExpired(CodeBlockCellRef(code)) }
    // The callee runs in its own realm (PrepareForOrdinaryCall): its errors, arguments
    // object and globals come from there. The interpreter's return and unwinding paths
    // switch back to the caller's realm; so do the Swift entry points.
    enterRealm(of: data)
    let registerCount = Int(data.pointee.registerCount)
    if _slowPath(frame + registerCount + 2 * Frame.headerSize >= registerStack.limit) {
      throw rangeError("Maximum call stack size exceeded")
    }
    if _slowPath(data.pointee.isClassConstructor && newTarget.isUndefined) {
      throw typeError(
        "Class constructor \(data.pointee.owner.takeUnretainedValue().name) cannot be invoked without 'new'")
    }
    frame[Frame.argumentCountOffset] = Value(bits: UInt64(argumentCount))
    frame[Frame.newTargetOffset] = newTarget
    frame[Frame.callerFrameOffset] = Value(bits: UInt64(UInt(bitPattern: caller)))
    frame[Frame.returnPCOffset] = Value(bits: UInt64(returnPC))
    frame[Frame.codeBlockOffset] = code
    frame[Frame.returnInfoOffset] = Value(bits: returnInfo)
    frame[Frame.environmentOffset] = callee.internalSlot(FunctionSlot.environment)
    frame[Frame.machineReturnOffset] = Value(bits: 0)
    if data.pointee.needsThisCoercion {
      let this = frame[Frame.thisOffset]
      if this.isNullish {
        frame[Frame.thisOffset] = globalThisValue(for: callee)
      } else if !this.isObject {
        frame[Frame.thisOffset] = wrapPrimitive(this).value
      }
    }
    let parameterCount = Int(data.pointee.parameterCount)
    let argumentsRegister = Int(data.pointee.argumentsRegister)
    let restRegister = Int(data.pointee.restRegister)
    var argumentsObject = Value.undefined
    var restArray = Value.undefined
    if _slowPath(argumentsRegister >= 0 || restRegister >= 0) {
      stackTop = frame + max(argumentCount, parameterCount)
      if argumentsRegister >= 0 {
        argumentsObject = createArgumentsObject(
          frame: frame, argumentCount: argumentCount, callee: callee,
          codeBlock: data.pointee.owner.takeUnretainedValue())
      }
      if restRegister >= 0 {
        let restCount = max(argumentCount - parameterCount, 0)
        restArray = newArray(UnsafeBufferPointer(start: frame + parameterCount, count: restCount)).value
      }
    }
    if argumentCount < parameterCount {
      (frame + argumentCount).update(repeating: .undefined, count: parameterCount - argumentCount)
    }
    if registerCount > parameterCount {
      (frame + parameterCount).update(repeating: .undefined, count: registerCount - parameterCount)
    }
    if argumentsRegister >= 0 { frame[argumentsRegister] = argumentsObject }
    if restRegister >= 0 { frame[restRegister] = restArray }
    stackTop = frame + registerCount
  }

  /// The global this value of the realm a function belongs to.
  func globalThisValue(for function: ObjectRef) -> Value {
    (codeBlock(of: function).realm ?? realm).globalObject.value
  }

  // MARK: Calls from the interpreter to non-bytecode callees

  func callFromInterpreter(
    _ callee: Value, this: Value, arguments: UnsafeBufferPointer<Value>, frame: UnsafeMutablePointer<Value>,
    pcOffset: Int
  ) throws(JSException) -> Value {
    let saved = nativeCallSite
    nativeCallSite = (frame, pcOffset)
    defer { nativeCallSite = saved }
    return try call(callee, this: this, arguments: arguments)
  }

  func constructFromInterpreter(
    _ callee: Value, arguments: UnsafeBufferPointer<Value>, newTarget: Value, frame: UnsafeMutablePointer<Value>,
    pcOffset: Int
  ) throws(JSException) -> Value {
    let saved = nativeCallSite
    nativeCallSite = (frame, pcOffset)
    defer { nativeCallSite = saved }
    return try construct(callee, arguments: arguments, newTarget: newTarget)
  }

  // MARK: [[Call]]

  func call(_ function: Value, this: Value, arguments: [Value]) throws(JSException) -> Value {
    try arguments.withUnsafeBufferPointer { buffer throws(JSException) in
      try call(function, this: this, arguments: buffer)
    }
  }

  /// Call(F, V, argumentsList)
  func call(_ function: Value, this: Value, arguments: UnsafeBufferPointer<Value>) throws(JSException) -> Value {
    guard function.isObject, function.asObject.isCallable else {
      throw typeError("\(describeForError(function)) is not a function")
    }
    let object = function.asObject
    switch object.objectClass {
    case .function:
      return try runBytecodeFunction(object, this: this, arguments: arguments, newTarget: .undefined)
    case .nativeFunction:
      return try callNative(object, this: this, arguments: arguments, newTarget: .undefined)
    case .boundFunction:
      // A bound function's [[Call]] calls its target with its own this and its arguments
      // first; a chain of them is unwound here in a loop, so its length costs no native stack.
      let chain = boundChain(object)
      let combined = boundArguments(chain, arguments)
      let target = chain[chain.count - 1].internalSlot(0)
      let boundThis = chain[chain.count - 1].internalSlot(1)
      return try combined.values.withUnsafeBufferPointer { buffer throws(JSException) in
        try call(target, this: boundThis, arguments: buffer)
      }
    case .proxy:
      return try proxyCall(object, this: this, arguments: arguments)
    default:
      throw typeError("\(describeForError(function)) is not a function")
    }
  }

  // MARK: [[Construct]]

  func construct(_ constructor: Value, arguments: [Value], newTarget: Value? = nil) throws(JSException) -> Value {
    try arguments.withUnsafeBufferPointer { buffer throws(JSException) in
      try construct(constructor, arguments: buffer, newTarget: newTarget ?? constructor)
    }
  }

  /// Construct(F, argumentsList, newTarget)
  func construct(_ constructor: Value, arguments: UnsafeBufferPointer<Value>, newTarget: Value) throws(JSException)
    -> Value
  {
    guard constructor.isObject, constructor.asObject.isConstructor else {
      throw typeError("\(describeForError(constructor)) is not a constructor")
    }
    let object = constructor.asObject
    switch object.objectClass {
    case .function:
      let this: Value
      if object.hasFlag(ObjectFlags.derivedConstructor) {
        this = .empty
      } else {
        this = try ordinaryCreateFromConstructor(newTarget, fallback: .objectPrototype).value
      }
      return try runBytecodeFunction(object, this: this, arguments: arguments, newTarget: newTarget)
    case .nativeFunction:
      return try callNative(object, this: .undefined, arguments: arguments, newTarget: newTarget)
    case .boundFunction:
      // As for [[Call]]; each level replaces a new.target that is itself by its target.
      let chain = boundChain(object)
      let combined = boundArguments(chain, arguments)
      var adjustedNewTarget = newTarget
      for bound in chain where adjustedNewTarget == bound.value { adjustedNewTarget = bound.internalSlot(0) }
      let target = chain[chain.count - 1].internalSlot(0)
      return try combined.values.withUnsafeBufferPointer { buffer throws(JSException) in
        try construct(target, arguments: buffer, newTarget: adjustedNewTarget)
      }
    case .proxy:
      return try proxyConstruct(object, arguments: arguments, newTarget: newTarget)
    default:
      throw typeError("\(describeForError(constructor)) is not a constructor")
    }
  }

  /// OrdinaryCreateFromConstructor(constructor, intrinsicDefaultProto)
  func ordinaryCreateFromConstructor(_ constructor: Value, fallback: Intrinsic, objectClass: ObjectClass = .ordinary)
    throws(JSException) -> ObjectRef
  {
    let prototype = try prototypeFromConstructor(constructor, fallback: fallback)
    if objectClass == .ordinary && prototype == realm[.objectPrototype] { return newPlainObject() }
    return newObject(objectClass, prototype: prototype)
  }

  /// A bound function and the bound functions it targets, outermost first (each is reachable
  /// from the first, which the caller holds). The last one's target is not bound.
  private func boundChain(_ bound: ObjectRef) -> [ObjectRef] {
    var chain = [bound]
    while case let target = chain[chain.count - 1].internalSlot(0), target.isObject,
      target.asObject.objectClass == .boundFunction
    {
      chain.append(target.asObject)
    }
    return chain
  }

  /// The arguments the final target receives: the innermost level's bound arguments first,
  /// then each outer level's, then the call's own.
  private func boundArguments(_ chain: [ObjectRef], _ arguments: UnsafeBufferPointer<Value>) -> RootedValues {
    let combined = RootedValues(self, capacity: arguments.count)
    for bound in chain.reversed() {
      let boundList = bound.internalSlot(2).asObject
      for index in 0..<Int(arrayLength(boundList)) { combined.append(boundList.denseElements[index]) }
    }
    for value in arguments { combined.append(value) }
    return combined
  }

  // MARK: Entering bytecode from Swift

  /// Runs a bytecode function in a new entry frame on top of the register stack.
  func runBytecodeFunction(
    _ function: ObjectRef, this: Value, arguments: UnsafeBufferPointer<Value>, newTarget: Value
  ) throws(JSException) -> Value {
    nativeDepth += 1
    defer { nativeDepth -= 1 }
    if nativeDepth > options.maximumNativeDepth { throw rangeError("Maximum call stack size exceeded") }
    try checkNativeStack()
    nativeFrames[nativeDepth].function = .undefined
    let savedTop = stackTop
    defer { stackTop = savedTop }
    let callerRealm = realmPointer
    defer { if _slowPath(realmPointer != callerRealm) { switchRealm(to: callerRealm) } }
    let frame = stackTop + Frame.headerSize
    if frame + arguments.count + Frame.headerSize >= registerStack.limit {
      throw rangeError("Maximum call stack size exceeded")
    }
    frame[Frame.calleeOffset] = function.value
    frame[Frame.thisOffset] = this
    if arguments.count > 0 { frame.update(from: arguments.baseAddress!, count: arguments.count) }
    var flags = Frame.Flags.entry
    if !newTarget.isUndefined { flags |= Frame.Flags.construct }
    let caller = nativeCallSite
    try enterFunction(
      frame: frame, callee: function, argumentCount: arguments.count, newTarget: newTarget, returnInfo: flags,
      caller: caller?.fp, returnPC: (caller?.pc ?? 0) + 1)
    // Compiled code runs directly; the interpreter takes over only if it leaves the frame to it.
    if let entry = Frame.codeData(frame).pointee.jitEntry {
      let exit = jit.enter(frame, entry)
      if case .returned = exit { return hot.pointee.returnValue }
      return try interpret(entry: frame, after: exit)
    }
    return try interpret(entry: frame)
  }

  /// Runs top-level code (a script or indirect eval) in a new entry frame.
  func runTopLevel(_ code: CodeBlockCellRef, this: Value, environment: Value) throws(JSException) -> Value {
    nativeDepth += 1
    defer { nativeDepth -= 1 }
    if nativeDepth > options.maximumNativeDepth { throw rangeError("Maximum call stack size exceeded") }
    try checkNativeStack()
    nativeFrames[nativeDepth].function = .undefined
    let savedTop = stackTop
    defer { stackTop = savedTop }
    let callerRealm = realmPointer
    defer { if _slowPath(realmPointer != callerRealm) { switchRealm(to: callerRealm) } }
    let codeBlock = code.codeBlock
    let frame = stackTop + Frame.headerSize
    if frame + codeBlock.registerCount + Frame.headerSize >= registerStack.limit {
      throw rangeError("Maximum call stack size exceeded")
    }
    enterRealm(of: code.data)
    let caller = nativeCallSite
    frame[Frame.calleeOffset] = .undefined
    frame[Frame.thisOffset] = this
    frame[Frame.argumentCountOffset] = Value(bits: 0)
    frame[Frame.newTargetOffset] = .undefined
    frame[Frame.callerFrameOffset] = Value(bits: UInt64(UInt(bitPattern: caller?.fp)))
    frame[Frame.returnPCOffset] = Value(bits: UInt64((caller?.pc ?? 0) + 1))
    frame[Frame.codeBlockOffset] = code.value
    frame[Frame.returnInfoOffset] = Value(bits: Frame.Flags.entry)
    frame[Frame.environmentOffset] = environment
    frame[Frame.machineReturnOffset] = Value(bits: 0)
    frame.update(repeating: .undefined, count: codeBlock.registerCount)
    stackTop = frame + codeBlock.registerCount
    return try interpret(entry: frame)
  }

  // MARK: Native functions

  func callNative(
    _ function: ObjectRef, this: Value, arguments: UnsafeBufferPointer<Value>, newTarget: Value
  ) throws(JSException) -> Value {
    nativeDepth += 1
    defer { nativeDepth -= 1 }
    if _slowPath(nativeDepth > options.maximumNativeDepth) { throw rangeError("Maximum call stack size exceeded") }
    // Builtins calling builtins recurse on the native stack too; every 16th level is checked
    // (16 levels of native frames fit well inside the margin the check keeps).
    if _slowPath(nativeDepth & 15 == 0) { try checkNativeStack() }
    // A safe point at every native call: builtins that call back into builtins (join over a
    // DAG of nested arrays, toString chains) run no bytecode, so without it the time limit and
    // interrupts waited for them to finish.
    try checkSafePoint()
    nativeFrames[nativeDepth] = NativeFrameRecord(
      function: function.value, this: this, caller: nativeCallSite?.fp, isConstruct: !newTarget.isUndefined)
    let box = Unmanaged<NativeFunctionBox>.fromOpaque(function.payload!)
    let nativeArguments = NativeArguments(
      this: this, base: arguments.baseAddress, count: arguments.count, newTarget: newTarget, callee: function)
    // A builtin runs in its own realm (its errors and intrinsics come from there).
    let calleeRealm = box._withUnsafeGuaranteedRef { $0.realm }
    if _slowPath(calleeRealm != realmPointer) { return try callNativeInItsRealm(box, calleeRealm, nativeArguments) }
    return try Runtime.invoke(box, self, nativeArguments)
  }

  /// Runs a builtin's body, borrowing its box (the function object, live in the caller, owns
  /// it): no retain and release around every builtin call.
  @inline(__always)
  static func invoke(_ box: Unmanaged<NativeFunctionBox>, _ runtime: Runtime, _ arguments: NativeArguments)
    throws(JSException) -> Value
  {
    let result: Result<Value, JSException> = box._withUnsafeGuaranteedRef { native in
      do throws(JSException) {
        return .success(try native.body(runtime, arguments))
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }

  @inline(never)
  private func callNativeInItsRealm(
    _ box: Unmanaged<NativeFunctionBox>, _ calleeRealm: UnsafeMutableRawPointer, _ arguments: NativeArguments
  ) throws(JSException) -> Value {
    let callerRealm = realmPointer
    switchRealm(to: calleeRealm)
    defer { switchRealm(to: callerRealm) }
    return try box.takeUnretainedValue().body(self, arguments)
  }

  // MARK: super

  /// GetSuperConstructor: the [[Prototype]] of the active function.
  func superConstructor(of function: Value) throws(JSException) -> Value {
    guard function.isObject else { throw syntaxError("'super' keyword unexpected here") }
    let parent = try getPrototypeOf(function.asObject)
    if !parent.isConstructor {
      throw typeError("Super constructor \(describeForError(parent)) of anonymous class is not a constructor")
    }
    return parent
  }

  /// Runs the class field initializer of `constructor` (if any) on `this`.
  func initializeFields(this: Value, constructor: Value) throws(JSException) {
    guard constructor.isObject, constructor.asObject.objectClass == .function else { return }
    let initializer = constructor.asObject.internalSlot(FunctionSlot.fieldsInitializer)
    if initializer.isObject {
      _ = try call(initializer, this: this, arguments: [])
    }
  }

  // MARK: Helpers

  /// The dense values of an array built by the compiler (spread arguments).
  /// The most arguments one call takes (apply, spread, Reflect): past it a RangeError, before
  /// the argument list (outside the counted heap) is built.
  static let maximumArgumentCount = 10_000_000

  /// The elements of a spread call's argument array, holes as undefined.
  func denseValues(_ array: ObjectRef) throws(JSException) -> RootedValues {
    let count = Int(arrayLength(array))
    if count > Runtime.maximumArgumentCount { throw rangeError("Too many arguments in function call") }
    let values = RootedValues(self, capacity: count)
    let dense = array.denseCount
    for index in 0..<count {
      let value = index < dense ? array.denseElements[index] : Value.empty
      values.append(value.isEmpty ? .undefined : value)
    }
    return values
  }

  /// A short description of a value for error messages ("undefined", "foo", "object").
  func describeForError(_ value: Value) -> String {
    if value.isUndefined { return "undefined" }
    if value.isNull { return "null" }
    if value.isString {
      let text = value.asString.swiftString(heap)
      return "\"\(text.count > 40 ? String(text.prefix(40)) + "…" : text)\""
    }
    if value.isSymbol { return symbolDescriptiveString(value.asSymbol) }
    if value.isNumber || value.isBoolean { return (try? toString(value).swiftString(heap)) ?? "value" }
    if value.isBigInt { return bigIntToString(value.asBigInt).swiftString(heap) + "n" }
    if value.isObject {
      let object = value.asObject
      if object.isCallable {
        if case .data(let name, _, _) = lookupOwn(object, names.name), name.isString, name.asString.length > 0 {
          return name.asString.swiftString(heap)
        }
        return "function"
      }
      if object.isArray { return "array" }
      return "object"
    }
    return "value"
  }
}
