// A realm: a global object and its own set of intrinsic objects
// (%Object.prototype%, %Array%, …). Builtins install themselves through the
// `install…` functions in Builtins/, one constructor/prototype per file.

enum Intrinsic: Int, CaseIterable {
  case objectPrototype
  case functionPrototype
  case arrayPrototype
  case stringPrototype
  case numberPrototype
  case booleanPrototype
  case symbolPrototype
  case bigIntPrototype
  case errorPrototype
  case evalErrorPrototype
  case rangeErrorPrototype
  case referenceErrorPrototype
  case syntaxErrorPrototype
  case typeErrorPrototype
  case uriErrorPrototype
  case aggregateErrorPrototype
  case iteratorPrototype
  case arrayIteratorPrototype
  case mapIteratorPrototype
  case setIteratorPrototype
  case stringIteratorPrototype
  case regExpStringIteratorPrototype
  case regExpPrototype
  case datePrototype
  case mapPrototype
  case setPrototype
  case weakMapPrototype
  case weakSetPrototype
  case weakRefPrototype
  case promisePrototype
  case generatorPrototype
  case generatorFunctionPrototype
  // Generators and async functions (Builtins/Generator*.swift, AsyncFunction.swift, AsyncGenerator*.swift).
  case generatorPrototypeNext
  case generatorPrototypeReturn
  case generatorPrototypeThrow
  case asyncFunctionPrototype
  case asyncGeneratorFunctionPrototype
  case asyncGeneratorPrototype
  case asyncIteratorPrototype
  case asyncFromSyncIteratorPrototype
  case proxyConstructor
  case objectConstructor
  case functionConstructor
  case arrayConstructor
  case stringConstructor
  case numberConstructor
  case booleanConstructor
  case symbolConstructor
  case errorConstructor
  case regExpConstructor
  case dateConstructor
  case mapConstructor
  case setConstructor
  case promiseConstructor
  case evalFunction
  case throwTypeError
  case arrayPrototypeValues
  case objectPrototypeToString
  /// The original RegExp.prototype.exec (RegExp methods call the matcher directly when
  /// `exec` is still this function).
  case regExpPrototypeExec
  // Iterator helpers (Builtins/IteratorHelpers.swift).
  case iteratorConstructor
  case iteratorHelperPrototype
  case wrapForValidIteratorPrototype
  // ArrayBuffer, the typed arrays and DataView (Builtins/ArrayBuffer.swift, TypedArray*.swift, DataView.swift).
  case arrayBufferPrototype
  case arrayBufferConstructor
  case typedArrayPrototype
  /// The original getters of %TypedArray%.prototype.length, Map.prototype.size and
  /// Set.prototype.size (property caches answer reads through them without a call).
  case typedArrayLengthGetter
  case mapSizeGetter
  case setSizeGetter
  case typedArrayConstructor
  case int8ArrayPrototype
  case uint8ArrayPrototype
  case uint8ClampedArrayPrototype
  case int16ArrayPrototype
  case uint16ArrayPrototype
  case int32ArrayPrototype
  case uint32ArrayPrototype
  case float32ArrayPrototype
  case float64ArrayPrototype
  case float16ArrayPrototype
  case bigInt64ArrayPrototype
  case bigUint64ArrayPrototype
  case int8ArrayConstructor
  case uint8ArrayConstructor
  case uint8ClampedArrayConstructor
  case int16ArrayConstructor
  case uint16ArrayConstructor
  case int32ArrayConstructor
  case uint32ArrayConstructor
  case float32ArrayConstructor
  case float64ArrayConstructor
  case float16ArrayConstructor
  case bigInt64ArrayConstructor
  case bigUint64ArrayConstructor
  case dataViewPrototype
  // Constructors reached only through their prototypes (not globals), and originals that fast
  // paths compare against.
  case generatorFunctionConstructor
  case asyncFunctionConstructor
  case asyncGeneratorFunctionConstructor
  case arrayIteratorPrototypeNext
  case mapPrototypeSet
  case setPrototypeAdd
  case parseFloatFunction
  case parseIntFunction
}

enum ErrorType: String, CaseIterable {
  case error = "Error"
  case evalError = "EvalError"
  case rangeError = "RangeError"
  case referenceError = "ReferenceError"
  case syntaxError = "SyntaxError"
  case typeError = "TypeError"
  case uriError = "URIError"
  case aggregateError = "AggregateError"

  var prototypeIntrinsic: Intrinsic {
    switch self {
    case .error: .errorPrototype
    case .evalError: .evalErrorPrototype
    case .rangeError: .rangeErrorPrototype
    case .referenceError: .referenceErrorPrototype
    case .syntaxError: .syntaxErrorPrototype
    case .typeError: .typeErrorPrototype
    case .uriError: .uriErrorPrototype
    case .aggregateError: .aggregateErrorPrototype
    }
  }
}

package final class Realm {
  /// The embedding API's context for this realm while it lives (unretained: the context
  /// clears it as it goes), so host functions made in it get that very context.
  package var hostContext: Unmanaged<AnyObject>?
  unowned(unsafe) let runtime: Runtime
  @exclusivity(unchecked) private var intrinsics: [Value]
  @exclusivity(unchecked) private(set) var globalObject: ObjectRef!
  /// The global declarative record (`let`/`const`/`class` at script top level):
  /// a null-prototype object whose properties are the bindings (.empty = TDZ).
  @exclusivity(unchecked) private(set) var globalLexicals: ObjectRef!
  /// The lexical environment of top-level script code (holds no slots; its
  /// parent chain ends here and names resolve through the global records).
  @exclusivity(unchecked) private(set) var globalEnvironment: Value = .undefined
  /// The modules loaded in this realm, by URL (and type for JSON modules).
  var moduleMap: [String: ModuleRecord] = [:]

  // Shapes every new object of a common kind starts with.
  @exclusivity(unchecked) private(set) var plainObjectShape: ShapeRef!
  @exclusivity(unchecked) private(set) var arrayShape: ShapeRef!
  @exclusivity(unchecked) private(set) var functionShape: ShapeRef!
  @exclusivity(unchecked) private(set) var sloppyFunctionShape: ShapeRef!
  @exclusivity(unchecked) private(set) var nativeFunctionShape: ShapeRef!
  /// Closures of generator, async and async generator functions (their [[Prototype]] differs).
  @exclusivity(unchecked) var generatorFunctionShape: ShapeRef!
  @exclusivity(unchecked) var asyncFunctionShape: ShapeRef!
  @exclusivity(unchecked) var asyncGeneratorFunctionShape: ShapeRef!
  /// `{ value, done }` (iterator results).
  @exclusivity(unchecked) private(set) var iteratorResultShape: ShapeRef!

  /// Per-realm random state for Math.random (xorshift64*).
  @exclusivity(unchecked) var randomState: UInt64

  /// Host-defined data (the embedding API and the test262 host keep things here).
  @exclusivity(unchecked) var hostValues: [String: Value] = [:]
  /// Lazy builtin objects of this realm still without their properties: cell → LazyBuiltin.
  @exclusivity(unchecked) var lazyBuiltins = KeyMap()

  init(runtime: Runtime) {
    self.runtime = runtime
    intrinsics = Array(repeating: .undefined, count: Intrinsic.allCases.count)
    randomState = monotonicNanoseconds() | 1
  }

  subscript(_ intrinsic: Intrinsic) -> Value {
    get { intrinsics[intrinsic.rawValue] }
    set { intrinsics[intrinsic.rawValue] = newValue }
  }

  func object(_ intrinsic: Intrinsic) -> ObjectRef { ObjectRef(intrinsics[intrinsic.rawValue]) }

  func initializeIntrinsics() {
    let runtime = self.runtime
    // The two objects everything else hangs from.
    let objectPrototype = runtime.allocateObject(
      .ordinary, shape: runtime.rootShape(prototype: .null, objectClass: .ordinary))
    objectPrototype.flags |= ObjectFlags.immutablePrototype
    self[.objectPrototype] = objectPrototype.value
    plainObjectShape = runtime.rootShape(prototype: objectPrototype.value, objectClass: .ordinary)
    let functionPrototype = runtime.allocateObject(
      .nativeFunction, shape: runtime.rootShape(prototype: objectPrototype.value, objectClass: .nativeFunction))
    functionPrototype.setPayloadObject(
      NativeFunctionBox(realm: Unmanaged.passUnretained(self).toOpaque()) { _, _ throws(JSException) in .undefined })
    functionPrototype.flags = ObjectFlags.extensible | ObjectFlags.callable
    self[.functionPrototype] = functionPrototype.value
    functionShape = runtime.rootShape(prototype: functionPrototype.value, objectClass: .function)
    sloppyFunctionShape = functionShape
    nativeFunctionShape = runtime.rootShape(prototype: functionPrototype.value, objectClass: .nativeFunction)
    runtime.addProperty(functionPrototype, runtime.names.length, Value(Int32(0)), [.configurable])
    runtime.addProperty(functionPrototype, runtime.names.name, runtime.emptyString.value, [.configurable])

    let arrayPrototype = runtime.allocateObject(
      .array, shape: runtime.rootShape(prototype: objectPrototype.value, objectClass: .array))
    arrayPrototype.setInternalSlot(0, Value(Int32(0)))
    self[.arrayPrototype] = arrayPrototype.value
    arrayShape = runtime.rootShape(prototype: arrayPrototype.value, objectClass: .array)

    let sample = runtime.newPlainObject()
    runtime.addProperty(sample, runtime.names.value, .undefined, .default)
    runtime.addProperty(sample, runtime.names.done, .false, .default)
    iteratorResultShape = sample.shape

    globalObject = runtime.newObject(.global, prototype: objectPrototype.value)
    globalLexicals = runtime.newObject(.ordinary, prototype: .null)
    globalEnvironment = runtime.newEnvironment(parent: .undefined, slotCount: 0, descriptor: nil).value
    if runtime.realm === self {
      runtime.hot.pointee.globalObject = globalObject.value
      runtime.hot.pointee.globalLexicals = globalLexicals.value
    }

    installBuiltins()
  }

  /// The collection that last traced this realm (see `markReachable`).
  private var markedInCollection = -1

  /// Traces the realm once per collection: from the roots while the host holds it, and from any
  /// live function or code of the realm (a native function's box, a code block), so a realm the
  /// host released lives exactly as long as something of it can still run.
  @inline(__always) func markReachable(_ heap: Heap) {
    if markedInCollection == heap.collectionCount { return }
    markedInCollection = heap.collectionCount
    trace(heap)
  }

  /// Whether the current collection reached the realm.
  func wasMarked(_ heap: Heap) -> Bool { markedInCollection == heap.collectionCount }

  private func trace(_ heap: Heap) {
    for value in intrinsics { heap.mark(value) }
    if let globalObject { heap.mark(globalObject.cell) }
    if let globalLexicals { heap.mark(globalLexicals.cell) }
    heap.mark(globalEnvironment)
    for shape in [
      plainObjectShape, arrayShape, functionShape, sloppyFunctionShape, nativeFunctionShape, iteratorResultShape,
      generatorFunctionShape, asyncFunctionShape, asyncGeneratorFunctionShape,
    ] {
      if let shape { heap.mark(shape.cell) }
    }
    for value in hostValues.values { heap.mark(value) }
    traceLazyBuiltins(heap)
  }
}
