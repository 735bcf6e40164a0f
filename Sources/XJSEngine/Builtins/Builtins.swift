// Installing the builtins of a realm, one constructor/prototype per file.
//
// Order matters only where a later installer reads an intrinsic an earlier one
// created (every prototype hangs from %Object.prototype% and
// %Function.prototype%, which Realm.initializeIntrinsics makes first).

extension Realm {
  func installBuiltins() {
    let runtime = self.runtime
    installObjectPrototype(runtime)
    installFunctionPrototype(runtime)
    installObjectConstructor(runtime)
    installFunctionConstructor(runtime)
    installErrors(runtime)
    installIteratorPrototype(runtime)
    installGeneratorPrototype(runtime)
    installGeneratorFunction(runtime)
    installAsyncIteratorPrototype(runtime)
    installAsyncGeneratorPrototype(runtime)
    installAsyncGeneratorFunction(runtime)
    installAsyncFunction(runtime)
    installAsyncFromSyncIteratorPrototype(runtime)
    installArray(runtime)
    installArrayIterator(runtime)
    installString(runtime)
    installNumber(runtime)
    installBoolean(runtime)
    installSymbol(runtime)
    installBigInt(runtime)
    installMath(runtime)
    installJSON(runtime)
    installRegExp(runtime)
    installMap(runtime)
    installSet(runtime)
    installWeakCollections(runtime)
    installDate(runtime)
    installArrayBuffer(runtime)
    installTypedArray(runtime)
    installTypedArrayConstructors(runtime)
    installDataView(runtime)
    installReflect(runtime)
    installProxy(runtime)
    installPromise(runtime)
    installGlobalFunctions(runtime)
    installNumberParseFunctions(runtime)
    installConsole(runtime)
    installTimers(runtime)
  }

  /// Remembers the getter of `prototype[key]` as `intrinsic` (see BuiltinGetter).
  func recordGetter(_ runtime: Runtime, _ prototype: ObjectRef, _ key: PropertyKey, as intrinsic: Intrinsic) {
    if case .accessor(let pair, _, _) = runtime.lookupOwn(prototype, key) { self[intrinsic] = pair.getter }
  }

  /// Defines a global binding (writable, configurable, not enumerable).
  func defineGlobal(_ name: String, _ value: Value) {
    runtime.addProperty(globalObject, runtime.propertyKey(name), value, .builtin)
  }

  /// Creates a constructor function with its prototype object wired both ways.
  func makeConstructor(
    _ name: String, length: Int, prototype: ObjectRef, _ body: @escaping NativeFunction
  ) -> ObjectRef {
    let constructor = runtime.newNativeFunction(name: name, length: length, isConstructor: true, body)
    runtime.addProperty(constructor, runtime.names.prototype, prototype.value, [])
    runtime.addProperty(prototype, runtime.names.constructor, constructor.value, .builtin)
    defineGlobal(name, constructor.value)
    return constructor
  }
}

extension Runtime {
  /// `this` as an object of `objectClass`, or a TypeError naming the method.
  func thisObject(_ arguments: NativeArguments, _ objectClass: ObjectClass, _ method: String) throws(JSException)
    -> ObjectRef
  {
    let this = arguments.this
    guard this.isObject, this.asObject.objectClass == objectClass else {
      throw typeError("\(method) called on incompatible receiver \(describeForError(this))")
    }
    return this.asObject
  }

  /// Clamps a relative index argument (`start`, `end`) into [0, length] (ES2024 23.1.3 patterns).
  func relativeIndex(_ value: Value, length: Int, default defaultValue: Int) throws(JSException) -> Int {
    if value.isUndefined { return defaultValue }
    let relative = try toIntegerOrInfinity(value)
    if relative < 0 { return Int(max(Double(length) + relative, 0)) }
    return Int(min(relative, Double(length)))
  }
}
