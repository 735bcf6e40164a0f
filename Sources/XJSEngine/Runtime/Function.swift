import XJSSyntax

// Function objects.
//
//   .function        internal: code (CodeBlockCell), environment, home object, fields initializer
//   .nativeFunction  payload: NativeFunctionBox; internal: two Values of host data
//   .boundFunction   internal: target, bound this, bound arguments (an array)
//
// `length`, `name` and `prototype` of bytecode functions are created on first
// inspection (ObjectFlags.lazyProperties), so creating a closure is one
// allocation.

/// What a native function receives.
struct NativeArguments {
  let this: Value
  let base: UnsafePointer<Value>?
  let count: Int
  /// undefined for a [[Call]]; the new.target for a [[Construct]].
  let newTarget: Value
  let callee: ObjectRef

  @inline(__always) subscript(index: Int) -> Value {
    index < count ? base![index] : .undefined
  }

  var isConstructCall: Bool { !newTarget.isUndefined }

  /// The arguments from `start` on.
  func dropFirst(_ start: Int) -> UnsafeBufferPointer<Value> {
    guard let base, count > start else { return UnsafeBufferPointer(start: nil, count: 0) }
    return UnsafeBufferPointer(start: base + start, count: count - start)
  }

  var all: UnsafeBufferPointer<Value> { UnsafeBufferPointer(start: base, count: count) }
}

typealias NativeFunction = (Runtime, NativeArguments) throws(JSException) -> Value

final class NativeFunctionBox: HeapTraceable {
  let body: NativeFunction
  /// The function's [[Realm]] (an unretained `Realm`, a `Runtime.realmPointer`).
  let realm: UnsafeMutableRawPointer
  init(realm: UnsafeMutableRawPointer, _ body: @escaping NativeFunction) {
    self.realm = realm
    self.body = body
  }

  /// A live builtin keeps its realm (and so its intrinsics) alive.
  func trace(_ heap: Heap) { Unmanaged<Realm>.fromOpaque(realm).takeUnretainedValue().markReachable(heap) }
}

enum FunctionSlot {
  static let code = 0
  static let environment = 1
  static let homeObject = 2
  static let fieldsInitializer = 3
}

extension Runtime {
  // MARK: Bytecode closures

  /// A closure over `environment` for the compiled function `code`.
  func newClosure(_ code: CodeBlockCellRef, environment: Value, homeObject: Value = .undefined) -> ObjectRef {
    let codeBlock = code.codeBlock
    let realm = self.realm!
    let shape: ShapeRef
    if _slowPath(codeBlock.suspends) {
      shape =
        codeBlock.isGenerator
        ? (codeBlock.isAsync ? realm.asyncGeneratorFunctionShape : realm.generatorFunctionShape)
        : realm.asyncFunctionShape
    } else {
      switch codeBlock.functionKind {
      case .arrow, .method, .getter, .setter, .classStaticBlock: shape = realm.functionShape
      default: shape = codeBlock.isStrict ? realm.functionShape : realm.sloppyFunctionShape
      }
    }
    let function = allocateObject(.function, shape: shape)
    function.setInternalSlot(FunctionSlot.code, code.value)
    function.setInternalSlot(FunctionSlot.environment, environment)
    function.setInternalSlot(FunctionSlot.homeObject, homeObject)
    var flags = ObjectFlags.extensible | ObjectFlags.callable | ObjectFlags.lazyProperties
    switch codeBlock.functionKind {
    case .normal where codeBlock.suspends: break
    case .normal: flags |= ObjectFlags.constructor
    case .classConstructor: flags |= ObjectFlags.constructor | ObjectFlags.classConstructor
    case .derivedClassConstructor:
      flags |= ObjectFlags.constructor | ObjectFlags.classConstructor | ObjectFlags.derivedConstructor
    default: break
    }
    function.flags = flags
    return function
  }

  @inline(__always) func codeBlock(of function: ObjectRef) -> CodeBlock {
    CodeBlockCellRef(function.internalSlot(FunctionSlot.code)).codeBlock
  }

  /// Creates the own properties of an object flagged `lazyProperties`: for a bytecode
  /// function `length`, `name` and (for constructors) `prototype` in spec order.
  func materializeLazyProperties(_ function: ObjectRef) {
    function.flags &= ~ObjectFlags.lazyProperties
    guard function.objectClass == .function else {
      materializeBuiltinProperties(function)
      return
    }
    let codeBlock = self.codeBlock(of: function)
    // The prototype object comes from the function's realm, whichever realm looks first.
    if let owner = codeBlock.realm, owner !== realm {
      let saved = realm
      realm = owner
      defer { realm = saved }
      addFunctionProperties(function, codeBlock)
      return
    }
    addFunctionProperties(function, codeBlock)
  }

  private func addFunctionProperties(_ function: ObjectRef, _ codeBlock: CodeBlock) {
    addProperty(function, names.length, Value(Int32(codeBlock.expectedArgumentCount)), [.configurable])
    addProperty(function, names.name, newString(codeBlock.name).value, [.configurable])
    if codeBlock.isGenerator {
      // A generator function's `prototype` (ES2024 15.5.3 step 5): no `constructor` in it.
      let intrinsic: Intrinsic = codeBlock.isAsync ? .asyncGeneratorPrototype : .generatorPrototype
      let prototype = newObject(.ordinary, prototype: realm[intrinsic])
      addProperty(function, names.prototype, prototype.value, [.writable])
      return
    }
    if codeBlock.isAsync { return }
    if codeBlock.functionKind == .normal && codeBlock.argumentsAreMapped {
      // The legacy own `arguments` and `caller` of a sloppy function with simple parameters
      // (implementation-defined; test262 feature `caller`), as in V8 and JSC. Always null here,
      // which ES2024 17.1 allows: the value must never be a strict function.
      addProperty(function, names.arguments, .null, [])
      addProperty(function, names.caller, .null, [])
    }
    if codeBlock.functionKind == .normal {
      let prototype = newPlainObject()
      addProperty(prototype, names.constructor, function.value, .builtin)
      addProperty(function, names.prototype, prototype.value, [.writable])
    }
  }

  // MARK: Native functions

  /// A builtin function object with `length` and `name`.
  func newNativeFunction(
    name: String, length: Int, isConstructor: Bool = false, prototype: Value? = nil,
    _ body: @escaping NativeFunction
  ) -> ObjectRef {
    newNativeFunction(
      nameValue: newString(name).value, length: length, isConstructor: isConstructor,
      prototype: prototype, body)
  }

  func newNativeFunction(
    nameValue: Value, length: Int, isConstructor: Bool = false, prototype: Value? = nil,
    _ body: @escaping NativeFunction
  ) -> ObjectRef {
    let shape =
      prototype.map { rootShape(prototype: $0, objectClass: .nativeFunction) } ?? realm.nativeFunctionShape!
    let function = allocateObject(.nativeFunction, shape: shape)
    function.setPayloadObject(NativeFunctionBox(realm: realmPointer, body))
    var flags = ObjectFlags.extensible | ObjectFlags.callable
    if isConstructor { flags |= ObjectFlags.constructor }
    function.flags = flags
    addProperty(function, names.length, Value(Int32(length)), [.configurable])
    addProperty(function, names.name, nameValue, [.configurable])
    return function
  }

  /// Defines a builtin method `name` on `object` (writable, configurable, not enumerable).
  @discardableResult
  func defineNativeMethod(
    _ object: ObjectRef, _ name: String, length: Int, _ body: @escaping NativeFunction
  ) -> ObjectRef {
    let function = newNativeFunction(name: name, length: length, body)
    addProperty(object, propertyKey(name), function.value, .builtin)
    return function
  }

  /// Defines a builtin method keyed by a symbol (its name is "[description]").
  @discardableResult
  func defineNativeMethod(
    _ object: ObjectRef, _ symbol: SymbolRef, name: String, length: Int,
    attributes: PropertyAttributes = .builtin, _ body: @escaping NativeFunction
  ) -> ObjectRef {
    let function = newNativeFunction(name: name, length: length, body)
    addProperty(object, PropertyKey(symbol: symbol), function.value, attributes)
    return function
  }

  /// Defines a builtin accessor property with a native getter (and optional setter).
  func defineNativeAccessor(
    _ object: ObjectRef, _ key: PropertyKey, name: String, getter: @escaping NativeFunction,
    setter: NativeFunction? = nil, attributes: PropertyAttributes = [.configurable]
  ) {
    let getterFunction = newNativeFunction(name: "get " + name, length: 0, getter)
    var setterValue = Value.undefined
    if let setter { setterValue = newNativeFunction(name: "set " + name, length: 1, setter).value }
    addAccessor(object, key, getter: getterFunction.value, setter: setterValue, attributes)
  }

  func defineValue(_ object: ObjectRef, _ name: String, _ value: Value, _ attributes: PropertyAttributes = .builtin) {
    addProperty(object, propertyKey(name), value, attributes)
  }

  // MARK: SetFunctionName (ES2024 10.2.9)

  func functionName(for key: PropertyKey, prefix: String? = nil) -> Value {
    var name: StringRef
    if key.isPrivateName {
      name = StringRef(key.symbol.description)  // "#m" (ES2024 10.2.9 step 2 uses the description)
    } else if key.isSymbol {
      let description = key.symbol.description
      name =
        description.isUndefined
        ? emptyString
        : (try? concatenate(newString("["), concatenateOrEmpty(StringRef(description), newString("]")))) ?? emptyString
    } else {
      name = keyString(key)
    }
    if let prefix {
      name = (try? concatenate(newString(prefix + " "), name)) ?? name
    }
    return name.value
  }

  private func concatenateOrEmpty(_ a: StringRef, _ b: StringRef) -> StringRef {
    (try? concatenate(a, b)) ?? emptyString
  }

  /// Defines (or redefines) the `name` own property of a function.
  func setFunctionName(_ function: ObjectRef, _ name: Value) {
    if function.hasFlag(ObjectFlags.lazyProperties) { materializeLazyProperties(function) }
    if let location = function.shape.lookup(names.name) {
      function.setSlot(location.slot, name)
    } else {
      addProperty(function, names.name, name, [.configurable])
    }
  }
}
