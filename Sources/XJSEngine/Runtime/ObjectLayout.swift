#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// Object cells.
//
// Layout (ObjectLayout offsets; the JIT reads the same constants):
//   0  header    kind = .object, flags = ObjectFlags, aux = ObjectClass
//   8  shape     the object's ShapeRef
//   16 slots     out-of-line property slots (malloc'd), or nil
//   24 elements  indexed storage (ElementsHeader + Values), or nil
//   32 payload   a Swift object owned by this cell (Map table, regexp program, …), or nil
//   40 internal  `objectClass.internalSlotCount` Values (function code, [[BooleanData]], …)
//   …  inline    `objectClass.inlineCapacity` property slots
//
// Property slot i lives inline when i < inlineCapacity, else out of line at i - inlineCapacity.

enum ObjectLayout {
  static let shape = 8
  static let slots = 16
  static let elements = 24
  static let payload = 32
  static let internalSlots = 40
}

enum ObjectClass: UInt8 {
  case ordinary = 0
  case array
  /// A function compiled to bytecode.
  case function
  case nativeFunction
  case boundFunction
  case arguments
  case error
  case booleanObject
  case numberObject
  case stringObject
  case symbolObject
  case bigIntObject
  case date
  case regExp
  case map
  case set
  case weakMap
  case weakSet
  case weakRef
  case arrayIterator
  case mapIterator
  case setIterator
  case stringIterator
  case regExpStringIterator
  case forInIterator
  case proxy
  case global
  case generator
  case promise
  /// JSON.rawJSON's result ([[IsRawJSON]]).
  case rawJSON
  /// ArrayBuffer: the bytes live in malloc'd memory owned by the payload (Builtins/ArrayBuffer.swift).
  case arrayBuffer
  /// Integer-indexed exotic objects (ES2024 10.4.5): elements live in the viewed buffer.
  case typedArray
  case dataView
  /// %IteratorHelperPrototype% objects and Iterator.from's wrappers (Builtins/IteratorHelpers.swift).
  case iteratorHelper
  case wrapForValidIterator
  /// A module namespace exotic object (Modules/ModuleNamespace.swift).
  case moduleNamespace
  /// %AsyncFromSyncIteratorPrototype% objects (Builtins/AsyncFromSyncIteratorPrototype.swift).
  case asyncFromSyncIterator
  /// An object of a host class (embedding API, DOM): payload HostObjectPayload (Runtime/ExoticObjects.swift).
  case host
  /// An ffi pointer or pointer view (FFI/FFIState.swift): an address and which of the two it is.
  case nativePointer

  /// Class-specific Values stored after the header.
  var internalSlotCount: Int {
    switch self {
    case .ordinary, .error, .global, .map, .set, .weakMap, .weakSet, .weakRef, .rawJSON, .host: 0
    case .array: 1  // length
    case .function: 4  // code, environment, home object, class fields initializer
    case .nativeFunction: 2  // user data
    case .boundFunction: 3  // target, bound this, bound arguments (an array)
    case .arguments: 2  // environment (mapped), parameter count still mapped
    case .booleanObject, .numberObject, .stringObject, .symbolObject, .bigIntObject, .date: 1
    case .regExp: 2  // source, flags
    case .arrayIterator, .mapIterator, .setIterator, .stringIterator: 3
    case .regExpStringIterator: 4
    case .forInIterator: 3
    case .proxy: 2  // target, handler
    case .promise: 3  // state, result, flags (Runtime/PromiseJobs.swift)
    case .generator: 4
    case .arrayBuffer: 4  // data address, byte length, max byte length, detached
    case .typedArray: 7  // buffer, byte offset, length, kind; cached data address, length, epoch
    case .dataView: 3  // buffer, byte offset, byte length
    case .iteratorHelper: 7  // iterator, next, callback, counter, kind/state, inner iterator, inner next
    case .wrapForValidIterator, .asyncFromSyncIterator: 2  // iterator, next
    case .moduleNamespace: 1  // the module's index
    case .nativePointer: 2  // the address (Value(rawAddress:)), the role (NativePointerRole)
    }
  }

  /// Property slots stored inside the cell.
  var inlineCapacity: Int {
    switch self {
    case .ordinary: 6
    case .function, .nativeFunction, .boundFunction: 3
    case .error: 2
    case .global: 0
    default: 2
    }
  }

  var isFunction: Bool { self == .function || self == .nativeFunction || self == .boundFunction }
}

struct ObjectFlags {
  static let extensible: UInt16 = 1
  /// Some shape uses this object as its prototype: changes bump the prototype epoch.
  static let isPrototype: UInt16 = 2
  static let callable: UInt16 = 4
  static let constructor: UInt16 = 8
  /// The object's own properties are created on first inspection: a bytecode function's
  /// `length`, `name` and `prototype`, or a builtin object's methods (Runtime/LazyBuiltins.swift).
  static let lazyProperties: UInt16 = 16
  /// Array `length` is not writable.
  static let lengthReadOnly: UInt16 = 32
  /// Every dense element is non-configurable (sealed) …
  static let elementsSealed: UInt16 = 64
  /// … and also non-writable (frozen).
  static let elementsFrozen: UInt16 = 128
  static let classConstructor: UInt16 = 256
  /// A derived class constructor (its `this` starts uninitialized).
  static let derivedConstructor: UInt16 = 512
  /// Error objects created by the engine with a captured stack.
  static let hasHostData: UInt16 = 1024
  /// %GeneratorPrototype%.next, return or throw (the resume mode in internal slot 0): a call
  /// of one from bytecode resumes the generator in the same interpreter loop.
  static let generatorMethod: UInt16 = 2048
  /// %Object.prototype% of some realm: an immutable prototype exotic object (ES2024 10.4.7).
  static let immutablePrototype: UInt16 = 4096
  /// A builtin that only forwards a call (Function.prototype.call and apply, Reflect.apply
  /// and construct): stack traces show no frame for it, as V8's do not.
  static let hiddenFromStackTraces: UInt16 = 8192
}

/// Header of an elements buffer; the Values follow it.
struct ElementsHeader {
  var capacity: UInt32
  /// Dense elements in use: indices `0 ..< count` (holes are `.empty`).
  var count: UInt32
  /// Indexed properties outside the dense part (or with non-default attributes).
  var sparse: UnsafeMutableRawPointer?
}

/// One sparse indexed property.
struct SparseEntry {
  var value: Value
  var attributes: PropertyAttributes
}

final class SparseElements {
  @exclusivity(unchecked) var entries: [UInt32: SparseEntry] = [:]
  func trace(_ heap: Heap) {
    for entry in entries.values { heap.mark(entry.value) }
  }
}

/// A getter/setter pair stored in an accessor property's slot.
struct AccessorPairRef {
  let cell: CellPointer
  init(_ cell: CellPointer) { self.cell = cell }
  init(_ value: Value) { cell = value.asCell }
  static let size = 24
  var value: Value { Value(cell: cell) }
  var getter: Value {
    get { cell.load(fromByteOffset: 8, as: Value.self) }
    nonmutating set { cell.storeBytes(of: newValue, toByteOffset: 8, as: Value.self) }
  }
  var setter: Value {
    get { cell.load(fromByteOffset: 16, as: Value.self) }
    nonmutating set { cell.storeBytes(of: newValue, toByteOffset: 16, as: Value.self) }
  }
  func trace(_ heap: Heap) {
    heap.mark(getter)
    heap.mark(setter)
  }
}

struct ObjectRef: Equatable, Hashable {
  let cell: CellPointer

  @inline(__always) init(_ cell: CellPointer) { self.cell = cell }
  @inline(__always) init(_ value: Value) { cell = value.asCell }

  @inline(__always) var value: Value { Value(cell: cell) }

  @inline(__always) var flags: UInt16 {
    get { cell.cellHeader.pointee.flags }
    nonmutating set { cell.cellHeader.pointee.flags = newValue }
  }
  @inline(__always) func hasFlag(_ flag: UInt16) -> Bool { flags & flag != 0 }
  @inline(__always) var objectClass: ObjectClass {
    // The raw values are the declaration indices, which are also the in-memory tags.
    unsafeBitCast(UInt8(truncatingIfNeeded: cell.cellHeader.pointee.aux), to: ObjectClass.self)
  }
  @inline(__always) var isCallable: Bool { hasFlag(ObjectFlags.callable) }
  @inline(__always) var isConstructor: Bool { hasFlag(ObjectFlags.constructor) }
  @inline(__always) var isArray: Bool { objectClass == .array }
  @inline(__always) var isProxy: Bool { objectClass == .proxy }

  @inline(__always) var shape: ShapeRef {
    get { ShapeRef(cell.load(fromByteOffset: ObjectLayout.shape, as: CellPointer.self)) }
    nonmutating set { cell.storeBytes(of: newValue.cell, toByteOffset: ObjectLayout.shape, as: CellPointer.self) }
  }

  @inline(__always) var prototype: Value { shape.prototype }

  @inline(__always) var outOfLineSlots: UnsafeMutablePointer<Value>? {
    get { cell.load(fromByteOffset: ObjectLayout.slots, as: UnsafeMutablePointer<Value>?.self) }
    nonmutating set {
      cell.storeBytes(of: newValue, toByteOffset: ObjectLayout.slots, as: UnsafeMutablePointer<Value>?.self)
    }
  }

  @inline(__always) var elementsPointer: UnsafeMutableRawPointer? {
    get { cell.load(fromByteOffset: ObjectLayout.elements, as: UnsafeMutableRawPointer?.self) }
    nonmutating set {
      cell.storeBytes(of: newValue, toByteOffset: ObjectLayout.elements, as: UnsafeMutableRawPointer?.self)
    }
  }

  @inline(__always) var payload: UnsafeMutableRawPointer? {
    get { cell.load(fromByteOffset: ObjectLayout.payload, as: UnsafeMutableRawPointer?.self) }
    nonmutating set {
      cell.storeBytes(of: newValue, toByteOffset: ObjectLayout.payload, as: UnsafeMutableRawPointer?.self)
    }
  }

  /// The Swift object owned by this cell, of the type its class stores.
  func payloadObject<T: AnyObject>(as type: T.Type) -> T? {
    guard let payload else { return nil }
    return Unmanaged<T>.fromOpaque(payload).takeUnretainedValue()
  }

  func setPayloadObject<T: AnyObject>(_ object: T?) {
    if let old = payload { Unmanaged<AnyObject>.fromOpaque(old).release() }
    payload = object.map { Unmanaged.passRetained($0 as AnyObject).toOpaque() }
  }

  @inline(__always) func internalSlot(_ index: Int) -> Value {
    cell.load(fromByteOffset: ObjectLayout.internalSlots + index * 8, as: Value.self)
  }

  @inline(__always) func setInternalSlot(_ index: Int, _ value: Value) {
    cell.storeBytes(of: value, toByteOffset: ObjectLayout.internalSlots + index * 8, as: Value.self)
  }

  @inline(__always) var inlineSlots: UnsafeMutablePointer<Value> {
    (cell + ObjectLayout.internalSlots + objectClass.internalSlotCount * 8).assumingMemoryBound(to: Value.self)
  }

  @inline(__always) func slot(_ index: UInt32) -> Value {
    let capacity = UInt32(objectClass.inlineCapacity)
    if index < capacity { return inlineSlots[Int(index)] }
    return outOfLineSlots![Int(index - capacity)]
  }

  @inline(__always) func setSlot(_ index: UInt32, _ value: Value) {
    let capacity = UInt32(objectClass.inlineCapacity)
    if index < capacity {
      inlineSlots[Int(index)] = value
    } else {
      outOfLineSlots![Int(index - capacity)] = value
    }
  }

  /// Mark the object as some shape's prototype (changes then invalidate prototype ICs).
  func markAsPrototype() { flags |= ObjectFlags.isPrototype }

  // MARK: Elements

  @inline(__always) var elementsHeader: UnsafeMutablePointer<ElementsHeader>? {
    elementsPointer?.assumingMemoryBound(to: ElementsHeader.self)
  }

  @inline(__always) var denseElements: UnsafeMutablePointer<Value> {
    (elementsPointer! + MemoryLayout<ElementsHeader>.stride).assumingMemoryBound(to: Value.self)
  }

  @inline(__always) var denseCount: Int { Int(elementsHeader?.pointee.count ?? 0) }

  var sparseElements: SparseElements? {
    guard let header = elementsHeader, let sparse = header.pointee.sparse else { return nil }
    return Unmanaged<SparseElements>.fromOpaque(sparse).takeUnretainedValue()
  }

  // MARK: GC

  func trace(_ heap: Heap) {
    let shape = self.shape
    heap.mark(shape.cell)
    let objectClass = self.objectClass
    let internalCount = objectClass.internalSlotCount
    for index in 0..<internalCount { heap.mark(internalSlot(index)) }
    let inlineCapacity = UInt32(objectClass.inlineCapacity)
    let used = shape.slotCount
    let inlineUsed = min(used, inlineCapacity)
    let inline = inlineSlots
    for index in 0..<Int(inlineUsed) { heap.mark(inline[index]) }
    if used > inlineCapacity, let slots = outOfLineSlots {
      heap.mark(values: slots, count: Int(used - inlineCapacity))
    }
    if let header = elementsHeader {
      heap.mark(values: denseElements, count: Int(header.pointee.count))
      if let sparse = header.pointee.sparse {
        Unmanaged<SparseElements>.fromOpaque(sparse).takeUnretainedValue().trace(heap)
      }
    }
    if payload != nil { tracePayload(heap) }
  }

  func finalize(_ heap: Heap) {
    if let slots = outOfLineSlots {
      let capacity = (UnsafeMutableRawPointer(slots) - 8).load(as: Int.self)
      free(UnsafeMutableRawPointer(slots) - 8)
      heap.reportExternalFree(capacity * 8 + 8)
      outOfLineSlots = nil
    }
    if let header = elementsHeader {
      if let sparse = header.pointee.sparse { Unmanaged<SparseElements>.fromOpaque(sparse).release() }
      heap.reportExternalFree(Int(header.pointee.capacity) * 8 + MemoryLayout<ElementsHeader>.stride)
      free(header)
      elementsPointer = nil
    }
    if let payload {
      Unmanaged<AnyObject>.fromOpaque(payload).release()
      self.payload = nil
    }
  }

  private func tracePayload(_ heap: Heap) {
    guard let payload else { return }
    let object = Unmanaged<AnyObject>.fromOpaque(payload).takeUnretainedValue()
    if let traceable = object as? HeapTraceable { traceable.trace(heap) }
  }
}

/// Swift objects owned by cells that hold Values implement this so the collector sees them.
protocol HeapTraceable: AnyObject {
  func trace(_ heap: Heap)
}

extension Value {
  @inline(__always) var isObject: Bool { isCell && asCell.cellKind == .object }
  @inline(__always) var isString: Bool { isCell && asCell.cellKind == .string }
  @inline(__always) var isSymbol: Bool { isCell && asCell.cellKind == .symbol }
  @inline(__always) var isBigInt: Bool { isCell && asCell.cellKind == .bigInt }
  @inline(__always) var asObject: ObjectRef { ObjectRef(asCell) }
  @inline(__always) var asString: StringRef { StringRef(asCell) }
  @inline(__always) var asSymbol: SymbolRef { SymbolRef(asCell) }
  /// An object that is callable.
  @inline(__always) var isCallable: Bool { isObject && asObject.isCallable }
  @inline(__always) var isConstructor: Bool { isObject && asObject.isConstructor }
}
