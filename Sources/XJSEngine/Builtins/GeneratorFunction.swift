import XJSSyntax

// %GeneratorFunction% and %GeneratorFunction.prototype% (ES2024 27.3), and the shared steps of
// the constructors of the suspending function kinds (AsyncFunction.swift, AsyncGeneratorFunction.swift).

extension Realm {
  func installGeneratorFunction(_ runtime: Runtime) {
    let functionPrototype = installSuspendingFunctionKind(
      runtime, name: "GeneratorFunction", kind: .generator, prototypeIntrinsic: .generatorFunctionPrototype,
      constructorIntrinsic: .generatorFunctionConstructor)
    generatorFunctionShape = runtime.rootShape(prototype: functionPrototype.value, objectClass: .function)
    // 27.3.3.2 GeneratorFunction.prototype.prototype and 27.5.1.1 %GeneratorPrototype%.constructor.
    let generatorPrototype = object(.generatorPrototype)
    runtime.addProperty(functionPrototype, runtime.names.prototype, generatorPrototype.value, [.configurable])
    runtime.addProperty(generatorPrototype, runtime.names.constructor, functionPrototype.value, [.configurable])
  }

  /// A constructor (`GeneratorFunction`, …) whose [[Prototype]] is %Function%, its prototype
  /// object (inheriting from %Function.prototype%), linked both ways with read-only properties,
  /// and the prototype's @@toStringTag. Returns the prototype.
  func installSuspendingFunctionKind(
    _ runtime: Runtime, name: String, kind: DynamicFunctionKind, prototypeIntrinsic: Intrinsic,
    constructorIntrinsic: Intrinsic
  ) -> ObjectRef {
    let prototype = runtime.newObject(.ordinary, prototype: self[.functionPrototype])
    self[prototypeIntrinsic] = prototype.value
    let constructor = runtime.newNativeFunction(name: name, length: 1, isConstructor: true) {
      runtime, arguments throws(JSException) in
      let count = arguments.count
      var parameters: [Value] = []
      for index in 0..<max(count - 1, 0) { parameters.append(arguments[index]) }
      let body = count > 0 ? arguments[count - 1] : runtime.emptyString.value
      return try runtime.createDynamicFunction(
        parameters: parameters, body: body, newTarget: arguments.newTarget, kind: kind)
    }
    _ = try? runtime.setPrototypeOf(constructor, self[.functionConstructor])
    runtime.addProperty(constructor, runtime.names.prototype, prototype.value, [])
    runtime.addProperty(prototype, runtime.names.constructor, constructor.value, [.configurable])
    runtime.addProperty(
      prototype, PropertyKey(symbol: runtime.symbols.toStringTag), runtime.newString(name).value, [.configurable])
    // Not a global: reached through Object.getPrototypeOf(function* () {}).constructor.
    self[constructorIntrinsic] = constructor.value
    return prototype
  }
}
