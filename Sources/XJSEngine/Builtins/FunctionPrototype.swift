import XJSSyntax

// %Function.prototype% (ES2024 20.2.3), the Function constructor (20.2.1), and
// %ThrowTypeError% (10.2.4.1).

extension Realm {
  func installFunctionPrototype(_ runtime: Runtime) {
    let prototype = object(.functionPrototype)
    runtime.defineNativeMethod(prototype, "call", length: 1) { runtime, arguments throws(JSException) in
      guard arguments.this.isCallable else { throw runtime.typeError("Function.prototype.call called on non-function") }
      return try runtime.call(arguments.this, this: arguments[0], arguments: arguments.dropFirst(1))
    }
    runtime.defineNativeMethod(prototype, "apply", length: 2) { runtime, arguments throws(JSException) in
      guard arguments.this.isCallable else {
        throw runtime.typeError("Function.prototype.apply called on non-function")
      }
      if arguments[1].isNullish { return try runtime.call(arguments.this, this: arguments[0], arguments: []) }
      let list = try runtime.listFromArrayLike(arguments[1])
      return try list.values.withUnsafeBufferPointer { buffer throws(JSException) in
        try runtime.call(arguments.this, this: arguments[0], arguments: buffer)
      }
    }
    runtime.defineNativeMethod(prototype, "bind", length: 1) { runtime, arguments throws(JSException) in
      try runtime.bindFunction(arguments.this, this: arguments[0], arguments: arguments.dropFirst(1)).value
    }
    runtime.defineNativeMethod(prototype, "toString", length: 0) { runtime, arguments throws(JSException) in
      try runtime.functionSourceText(arguments.this).value
    }
    runtime.defineNativeMethod(
      prototype, runtime.symbols.hasInstance, name: "[Symbol.hasInstance]", length: 1, attributes: []
    ) { runtime, arguments throws(JSException) in
      Value(try runtime.ordinaryHasInstance(arguments.this, arguments[0]))
    }
    // %ThrowTypeError%: the poisoned caller/arguments accessors.
    let thrower = runtime.newNativeFunction(name: "", length: 0) { runtime, _ throws(JSException) in
      throw runtime.typeError(
        "'caller', 'callee', and 'arguments' properties may not be accessed on strict mode functions or the arguments objects for calls to them"
      )
    }
    _ = try? runtime.preventExtensions(thrower)
    if let location = thrower.shape.lookup(runtime.names.length) {
      runtime.changeNamedAttributes(thrower, runtime.names.length, [])
      _ = location
    }
    runtime.changeNamedAttributes(thrower, runtime.names.name, [])
    self[.throwTypeError] = thrower.value
    runtime.addAccessor(prototype, runtime.names.caller, getter: thrower.value, setter: thrower.value, [.configurable])
    runtime.addAccessor(
      prototype, runtime.names.arguments, getter: thrower.value, setter: thrower.value, [.configurable])
    runtime.hideFromStackTraces(prototype, "call")
    runtime.hideFromStackTraces(prototype, "apply")
  }

  func installFunctionConstructor(_ runtime: Runtime) {
    let constructor = makeConstructor("Function", length: 1, prototype: object(.functionPrototype)) {
      runtime, arguments throws(JSException) in
      let count = arguments.count
      var parameters: [Value] = []
      for index in 0..<max(count - 1, 0) { parameters.append(arguments[index]) }
      let body = count > 0 ? arguments[count - 1] : runtime.emptyString.value
      return try runtime.createDynamicFunction(parameters: parameters, body: body, newTarget: arguments.newTarget)
    }
    self[.functionConstructor] = constructor.value
  }
}

extension Runtime {
  /// BoundFunctionCreate plus the `name`/`length` steps of Function.prototype.bind (ES2024 20.2.3.2).
  func bindFunction(_ target: Value, this boundThis: Value, arguments: UnsafeBufferPointer<Value>) throws(JSException)
    -> ObjectRef
  {
    guard target.isCallable else { throw typeError("Bind must be called on a function") }
    let targetObject = target.asObject
    let prototype = try getPrototypeOf(targetObject)
    let bound = newObject(.boundFunction, prototype: prototype)
    bound.setInternalSlot(0, target)
    bound.setInternalSlot(1, boundThis)
    bound.setInternalSlot(2, newArray(arguments).value)
    var flags = ObjectFlags.extensible | ObjectFlags.callable
    if targetObject.isConstructor { flags |= ObjectFlags.constructor }
    bound.flags = flags
    var length = 0.0
    if try hasOwnProperty(targetObject, names.length) {
      let targetLength = try get(targetObject, names.length)
      if targetLength.isNumber {
        let number = targetLength.asNumber
        if number == .infinity {
          length = .infinity
        } else if number != -.infinity {
          // ES2024 20.2.3.2 step 5.b.ii: ToIntegerOrInfinity maps -0 to +0.
          let integer = number.isNaN ? 0 : number.rounded(.towardZero) + 0
          length = integer > Double(arguments.count) ? integer - Double(arguments.count) : 0
        }
      }
    }
    addProperty(bound, names.length, Value(number: length), [.configurable])
    var targetName = try get(targetObject, names.name)
    if !targetName.isString { targetName = emptyString.value }
    addProperty(bound, names.name, try concatenate(newString("bound "), targetName.asString).value, [.configurable])
    return bound
  }

  /// Function.prototype.toString (ES2024 20.2.3.5): the source text of bytecode functions.
  func functionSourceText(_ value: Value) throws(JSException) -> StringRef {
    guard value.isObject, value.asObject.isCallable else {
      throw typeError("Function.prototype.toString requires that 'this' be a Function")
    }
    let function = value.asObject
    if function.objectClass == .function {
      let codeBlock = self.codeBlock(of: function)
      let range = codeBlock.sourceRange
      let text = codeBlock.source.text
      let start = max(0, min(Int(range.start), text.count))
      let end = max(start, min(Int(range.end), text.count))
      return text[start..<end].withContiguousStorageIfAvailable { newString(utf16: $0) }
        ?? newString(Array(text[start..<end]))
    }
    var name = ""
    if case .data(let nameValue, _, _) = lookupOwn(function, names.name), nameValue.isString {
      name = nameValue.asString.swiftString(heap)
    }
    return newString("function \(name)() { [native code] }")
  }
}
