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
      runtime.attachStack(error)
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
