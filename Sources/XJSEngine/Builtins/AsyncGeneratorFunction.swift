// %AsyncGeneratorFunction% and %AsyncGeneratorFunction.prototype% (ES2024 27.4).

extension Realm {
  func installAsyncGeneratorFunction(_ runtime: Runtime) {
    let functionPrototype = installSuspendingFunctionKind(
      runtime, name: "AsyncGeneratorFunction", kind: .asyncGenerator,
      prototypeIntrinsic: .asyncGeneratorFunctionPrototype,
      constructorIntrinsic: .asyncGeneratorFunctionConstructor)
    asyncGeneratorFunctionShape = runtime.rootShape(prototype: functionPrototype.value, objectClass: .function)
    // 27.4.3.2 AsyncGeneratorFunction.prototype.prototype and 27.6.1.1 its constructor.
    let generatorPrototype = object(.asyncGeneratorPrototype)
    runtime.addProperty(functionPrototype, runtime.names.prototype, generatorPrototype.value, [.configurable])
    runtime.addProperty(generatorPrototype, runtime.names.constructor, functionPrototype.value, [.configurable])
  }
}
