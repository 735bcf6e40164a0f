// Error, the NativeError constructors and AggregateError (ES2024 20.5).

extension Realm {
  func installErrors(_ runtime: Runtime) {
    let errorPrototype = runtime.newObject(.ordinary, prototype: self[.objectPrototype])
    self[.errorPrototype] = errorPrototype.value
    let errorConstructor = makeErrorConstructor(runtime, .error, prototype: errorPrototype, parent: nil)
    self[.errorConstructor] = errorConstructor.value
    // Error.isError (ES2026 20.5.2.1): true only for objects with [[ErrorData]]; proxies are not unwrapped.
    runtime.defineNativeMethod(errorConstructor, "isError", length: 1) { _, arguments throws(JSException) in
      let argument = arguments[0]
      return Value(argument.isObject && argument.asObject.objectClass == .error)
    }
    runtime.defineNativeMethod(errorPrototype, "toString", length: 0) { runtime, arguments throws(JSException) in
      guard arguments.this.isObject else {
        throw runtime.typeError("Error.prototype.toString called on non-object")
      }
      let object = arguments.this.asObject
      let nameValue = try runtime.get(object, runtime.names.name)
      let name = nameValue.isUndefined ? runtime.newString("Error") : try runtime.toString(nameValue)
      let messageValue = try runtime.get(object, runtime.names.message)
      let message = messageValue.isUndefined ? runtime.emptyString : try runtime.toString(messageValue)
      if name.isEmpty { return message.value }
      if message.isEmpty { return name.value }
      return try runtime.concatenate(runtime.concatenate(name, runtime.newString(": ")), message).value
    }
    installStackTraceAPI(runtime, errorConstructor)
    for type in ErrorType.allCases where type != .error {
      let prototype = runtime.newObject(.ordinary, prototype: errorPrototype.value)
      self[type.prototypeIntrinsic] = prototype.value
      _ = makeErrorConstructor(runtime, type, prototype: prototype, parent: errorConstructor)
    }
  }

  private func makeErrorConstructor(
    _ runtime: Runtime, _ type: ErrorType, prototype: ObjectRef, parent: ObjectRef?
  ) -> ObjectRef {
    let isAggregate = type == .aggregateError
    let constructor = runtime.newNativeFunction(
      name: type.rawValue, length: isAggregate ? 2 : 1, isConstructor: true,
      prototype: parent?.value
    ) { runtime, arguments throws(JSException) in
      let newTarget = arguments.newTarget.isUndefined ? arguments.callee.value : arguments.newTarget
      let error = try runtime.ordinaryCreateFromConstructor(
        newTarget, fallback: type.prototypeIntrinsic, objectClass: .error)
      let messageIndex = isAggregate ? 1 : 0
      let message = arguments[messageIndex]
      if !message.isUndefined {
        runtime.addProperty(error, runtime.names.message, try runtime.toString(message).value, .builtin)
      }
      try runtime.installErrorCause(error, options: arguments[messageIndex + 1])
      if isAggregate {
        let errors = try runtime.iterableToList(arguments[0])
        runtime.addProperty(error, runtime.names.errors, runtime.newArray(errors.values).value, .builtin)
      }
      // The stack starts at the caller: this constructor's own native frame is left out.
      runtime.attachStack(error, skippingNatives: 1)
      return error.value
    }
    runtime.addProperty(constructor, runtime.names.prototype, prototype.value, [])
    runtime.addProperty(prototype, runtime.names.constructor, constructor.value, .builtin)
    runtime.addProperty(prototype, runtime.names.name, runtime.newString(type.rawValue).value, .builtin)
    runtime.addProperty(prototype, runtime.names.message, runtime.emptyString.value, .builtin)
    defineGlobal(type.rawValue, constructor.value)
    return constructor
  }
}

extension Realm {
  /// V8's stack-trace API, which node code relies on: `Error.stackTraceLimit` (frames an
  /// error records; not a number: none) and `Error.captureStackTrace(target, constructorOpt)`.
  fileprivate func installStackTraceAPI(_ runtime: Runtime, _ errorConstructor: ObjectRef) {
    runtime.addProperty(
      errorConstructor, runtime.propertyKey("stackTraceLimit"), Value(Int32(10)),
      [.writable, .enumerable, .configurable])
    runtime.defineNativeMethod(errorConstructor, "captureStackTrace", length: 2) {
      runtime, arguments throws(JSException) in
      guard arguments[0].isObject else { throw runtime.typeError("Invalid argument") }
      let target = arguments[0].asObject
      guard let site = runtime.nativeCallSite, let limit = runtime.stackTraceLimit() else {
        runtime.defineStack(target, frames: [])
        return .undefined
      }
      // captureStackTrace's own native frame is left out, then every frame down to and
      // including the topmost call of constructorOpt.
      var lines = runtime.stackFrameLines(from: site.fp, pc: site.pc, limit: 1000, skippingNatives: 1)
      let constructorOpt = arguments[1]
      if constructorOpt.isObject && constructorOpt.asObject.isCallable {
        if let index = lines.firstIndex(where: { $0.function == constructorOpt }) {
          lines.removeFirst(index + 1)
        } else {
          lines.removeAll()
        }
      }
      runtime.defineStack(target, frames: lines.prefix(limit).map(\.text))
      return .undefined
    }
  }
}

extension Runtime {
  /// InstallErrorCause (ES2024 20.5.8.1)
  func installErrorCause(_ error: ObjectRef, options: Value) throws(JSException) {
    if options.isObject, try hasProperty(options.asObject, names.cause) {
      let cause = try get(options.asObject, names.cause)
      addProperty(error, names.cause, cause, .builtin)
    }
  }

  /// IteratorToList(GetIterator(value))
  func iterableToList(_ value: Value) throws(JSException) -> RootedValues {
    let list = RootedValues(self)
    let (iterator, next) = try getIterator(value)
    while let item = try iteratorStep(iterator: iterator, next: next) { list.append(item) }
    return list
  }
}
