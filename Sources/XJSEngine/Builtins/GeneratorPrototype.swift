// %GeneratorPrototype% (ES2024 27.5.1): next, return and throw resume a generator's frame
// (Interpreter/Suspension.swift). Called from bytecode, the Call instruction recognizes them
// and resumes the frame in the same interpreter loop; these bodies serve every other caller.

extension Realm {
  func installGeneratorPrototype(_ runtime: Runtime) {
    let prototype = runtime.newObject(.ordinary, prototype: self[.iteratorPrototype])
    self[.generatorPrototype] = prototype.value
    let methods: [(String, ResumeMode, Intrinsic)] = [
      ("next", .next, .generatorPrototypeNext), ("return", .return, .generatorPrototypeReturn),
      ("throw", .throw, .generatorPrototypeThrow),
    ]
    for (name, mode, intrinsic) in methods {
      let method = runtime.defineNativeMethod(prototype, name, length: 1) { runtime, arguments throws(JSException) in
        let generator = try runtime.thisGenerator(arguments, "Generator.prototype.\(name)")
        return try runtime.resumeGenerator(generator, mode: mode, value: arguments[0])
      }
      self[intrinsic] = method.value
      method.flags |= ObjectFlags.generatorMethod
      method.setInternalSlot(0, Value(mode.rawValue))
    }
    runtime.addProperty(
      prototype, PropertyKey(symbol: runtime.symbols.toStringTag), runtime.newString("Generator").value,
      [.configurable])
  }
}

extension Runtime {
  /// The receiver of a %GeneratorPrototype% method: a generator object (not an async one).
  func thisGenerator(_ arguments: NativeArguments, _ method: String) throws(JSException) -> ObjectRef {
    let this = arguments.this
    guard this.isObject, this.asObject.objectClass == .generator, this.asObject.generatorKind == .generator else {
      throw typeError("\(method) called on incompatible receiver \(describeForError(this))")
    }
    return this.asObject
  }
}
