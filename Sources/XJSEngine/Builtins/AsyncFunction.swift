// %AsyncFunction% and %AsyncFunction.prototype% (ES2024 27.7).

extension Realm {
  func installAsyncFunction(_ runtime: Runtime) {
    let prototype = installSuspendingFunctionKind(
      runtime, name: "AsyncFunction", kind: .async, prototypeIntrinsic: .asyncFunctionPrototype,
      constructorIntrinsic: .asyncFunctionConstructor)
    asyncFunctionShape = runtime.rootShape(prototype: prototype.value, objectClass: .function)
  }
}
