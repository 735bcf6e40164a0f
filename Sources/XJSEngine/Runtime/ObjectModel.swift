#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// Object allocation, property storage, and the essential internal methods
// (ES2024 10.1 ordinary objects, 10.4 exotic objects). Proxy objects divert to
// their traps in Builtins/Proxy.swift.

struct PropertyDescriptor {
  var value: Value?
  var getter: Value?
  var setter: Value?
  var writable: Bool?
  var enumerable: Bool?
  var configurable: Bool?

  init(
    value: Value? = nil, getter: Value? = nil, setter: Value? = nil, writable: Bool? = nil,
    enumerable: Bool? = nil, configurable: Bool? = nil
  ) {
    self.value = value
    self.getter = getter
    self.setter = setter
    self.writable = writable
    self.enumerable = enumerable
    self.configurable = configurable
  }

  /// A complete data descriptor.
  init(value: Value, attributes: PropertyAttributes) {
    self.value = value
    writable = attributes.contains(.writable)
    enumerable = attributes.contains(.enumerable)
    configurable = attributes.contains(.configurable)
  }

  var isAccessorDescriptor: Bool { getter != nil || setter != nil }
  var isDataDescriptor: Bool { value != nil || writable != nil }
  var isGenericDescriptor: Bool { !isAccessorDescriptor && !isDataDescriptor }

  /// Attributes for a new property from this descriptor (absent fields default to false).
  var attributesForNewProperty: PropertyAttributes {
    var attributes: PropertyAttributes = []
    if writable == true && !isAccessorDescriptor { attributes.insert(.writable) }
    if enumerable == true { attributes.insert(.enumerable) }
    if configurable == true { attributes.insert(.configurable) }
    if isAccessorDescriptor { attributes.insert(.accessor) }
    return attributes
  }
}

/// The keys [[OwnPropertyKeys]] returns, rooted while the list lives: a key may be held
/// nowhere else (the strings of a proxy's ownKeys result, a property a getter deleted
/// during the caller's loop), and atoms nobody marks are freed.
final class PropertyKeyList: RandomAccessCollection {
  private let roots: RootedValues

  init(_ runtime: Runtime, capacity: Int = 0) { roots = RootedValues(runtime, capacity: capacity) }

  var startIndex: Int { 0 }
  var endIndex: Int { roots.count }
  subscript(position: Int) -> PropertyKey { PropertyKey(bits: roots[position].bits) }

  /// Atom and symbol keys are cell pointers, so the collector sees them as Values.
  func append(_ key: PropertyKey) { roots.append(Value(bits: key.bits)) }
}

/// Where an own property lives.
enum PropertyPlace {
  case slot(UInt32)
  case dense(UInt32)
  case sparse(UInt32)
  case arrayLength
  case stringCharacter
  case mappedArgument(Int)
  /// An element of a typed array (lives in its buffer; Builtins/TypedArrayOperations.swift).
  case typedArrayElement(Int)
}

/// The result of looking up an own property without running any JS.
enum OwnLookup {
  case absent
  case data(Value, PropertyAttributes, PropertyPlace)
  case accessor(AccessorPairRef, PropertyAttributes, PropertyPlace)
  /// The object decides this key itself: the caller dispatches through its class's
  /// `ExoticMethods` (Runtime/ExoticObjects.swift).
  case exotic
}

extension Runtime {
  // MARK: - Allocation

  @inline(__always)
  func allocateObject(_ objectClass: ObjectClass, shape: ShapeRef) -> ObjectRef {
    let size = ObjectLayout.internalSlots + (objectClass.internalSlotCount + objectClass.inlineCapacity) * 8
    let cell = heap.allocateCell(size: size, kind: .object)
    cell.cellHeader.pointee.aux = UInt32(objectClass.rawValue)
    cell.cellHeader.pointee.flags = ObjectFlags.extensible
    let object = ObjectRef(cell)
    object.shape = shape
    for index in 0..<objectClass.internalSlotCount { object.setInternalSlot(index, .undefined) }
    return object
  }

  func newObject(_ objectClass: ObjectClass, prototype: Value) -> ObjectRef {
    allocateObject(objectClass, shape: rootShape(prototype: prototype, objectClass: objectClass))
  }

  /// `{}` with %Object.prototype%.
  func newPlainObject() -> ObjectRef {
    allocateObject(.ordinary, shape: realm.plainObjectShape)
  }

  func newAccessorPair(getter: Value, setter: Value) -> AccessorPairRef {
    let pair = AccessorPairRef(heap.allocateCell(size: AccessorPairRef.size, kind: .accessorPair))
    pair.getter = getter
    pair.setter = setter
    return pair
  }

  /// Marks `object` as some shape's prototype. A prototype that already has
  /// elements, or may answer for indices (proxy, String, arguments objects),
  /// makes holes in arrays observable through the prototype chain.
  func markAsPrototype(_ object: ObjectRef) {
    object.markAsPrototype()
    if object.denseCount > 0 || object.sparseElements != nil || object.isProxy || object.objectClass == .arguments
      || object.objectClass == .typedArray
      || (object.objectClass == .stringObject && object.internalSlot(0).isString
        && object.internalSlot(0).asString.length > 0)
    {
      prototypesHaveIndexedProperties = true
    }
  }

  // MARK: - Slot storage

  /// Makes room for `slotCount` property slots.
  func ensureSlotCapacity(_ object: ObjectRef, _ slotCount: UInt32) {
    let inlineCapacity = UInt32(object.objectClass.inlineCapacity)
    if slotCount <= inlineCapacity { return }
    let needed = Int(slotCount - inlineCapacity)
    var capacity = 0
    var buffer: UnsafeMutableRawPointer? = nil
    if let slots = object.outOfLineSlots {
      buffer = UnsafeMutableRawPointer(slots) - 8
      capacity = buffer!.load(as: Int.self)
      if needed <= capacity { return }
    }
    let newCapacity = max(4, capacity * 2, needed)
    let grown = realloc(buffer, newCapacity * 8 + 8)!
    memset(grown + 8 + capacity * 8, 0, (newCapacity - capacity) * 8)
    grown.storeBytes(of: newCapacity, as: Int.self)
    heap.reportExternalAllocation((newCapacity - capacity) * 8 + (buffer == nil ? 8 : 0))
    object.outOfLineSlots = (grown + 8).assumingMemoryBound(to: Value.self)
  }

  /// Adds a property the object does not have (no checks: the caller knows).
  func addProperty(_ object: ObjectRef, _ key: PropertyKey, _ value: Value, _ attributes: PropertyAttributes) {
    // A lazy builtin's properties come after what it had when it was made lazy.
    assert(object.objectClass.isFunction || !object.hasFlag(ObjectFlags.lazyProperties), "adding to a lazy builtin")
    if key.isIndex {
      defineElementRaw(object, key.index, value, attributes)
      return
    }
    let oldShape = object.shape
    let newShape = shapeAdding(key, attributes, to: oldShape)
    ensureSlotCapacity(object, newShape.slotCount)
    let slot = newShape.isDictionary ? newShape.table.lookup(key)!.slot : newShape.slotIndex
    object.setSlot(slot, value)
    object.shape = newShape
    if object.hasFlag(ObjectFlags.isPrototype) { prototypeEpoch &+= 1 }
  }

  /// Adds an accessor property the object does not have.
  func addAccessor(
    _ object: ObjectRef, _ key: PropertyKey, getter: Value, setter: Value, _ attributes: PropertyAttributes
  ) {
    let pair = newAccessorPair(getter: getter, setter: setter)
    addProperty(object, key, pair.value, attributes.union(.accessor))
  }

  /// Gives the object a dictionary shape of its own with a new identity.
  func makeUniqueDictionaryShape(_ object: ObjectRef) -> ShapeRef {
    let shape = dictionaryCopy(of: object.shape)
    object.shape = shape
    if object.hasFlag(ObjectFlags.isPrototype) { prototypeEpoch &+= 1 }
    return shape
  }

  func removeNamedProperty(_ object: ObjectRef, _ key: PropertyKey, _ location: PropertyLocation) {
    let shape = object.shape
    if !shape.isDictionary, shape.key == key, let parent = shape.parent {
      // Deleting the most recently added property: step back along the transition.
      object.setSlot(location.slot, .empty)
      object.shape = parent
      if object.hasFlag(ObjectFlags.isPrototype) { prototypeEpoch &+= 1 }
      return
    }
    let dictionary = makeUniqueDictionaryShape(object)
    dictionary.table.remove(key)
    dictionary.propertyCount -= 1
    object.setSlot(location.slot, .empty)
  }

  func changeNamedAttributes(_ object: ObjectRef, _ key: PropertyKey, _ attributes: PropertyAttributes) {
    let dictionary = makeUniqueDictionaryShape(object)
    dictionary.table.update(key, attributes: attributes)
  }

  // MARK: - Elements storage

  func ensureElementCapacity(_ object: ObjectRef, _ minimum: Int) {
    let headerSize = MemoryLayout<ElementsHeader>.stride
    if let header = object.elementsHeader {
      let capacity = Int(header.pointee.capacity)
      if minimum <= capacity { return }
      let newCapacity = max(minimum, capacity + capacity / 2 + 4)
      let grown = realloc(header, headerSize + newCapacity * 8)!
      memset(grown + headerSize + capacity * 8, 0, (newCapacity - capacity) * 8)
      grown.assumingMemoryBound(to: ElementsHeader.self).pointee.capacity = UInt32(newCapacity)
      heap.reportExternalAllocation((newCapacity - capacity) * 8)
      object.elementsPointer = grown
    } else {
      let capacity = max(minimum, 4)
      let buffer = calloc(1, headerSize + capacity * 8)!
      buffer.assumingMemoryBound(to: ElementsHeader.self).pointee = ElementsHeader(
        capacity: UInt32(capacity), count: 0, sparse: nil)
      heap.reportExternalAllocation(headerSize + capacity * 8)
      object.elementsPointer = buffer
    }
  }

  func sparseElements(creatingIn object: ObjectRef) -> SparseElements {
    if object.elementsPointer == nil { ensureElementCapacity(object, 0) }
    if let existing = object.sparseElements { return existing }
    let sparse = SparseElements()
    object.elementsHeader!.pointee.sparse = Unmanaged.passRetained(sparse).toOpaque()
    return sparse
  }

  /// Whether index `index` may be stored densely (not too far past the dense end).
  @inline(__always) func fitsDense(_ object: ObjectRef, _ index: UInt32) -> Bool {
    let count = object.denseCount
    if Int(index) < count { return true }
    if object.sparseElements != nil { return false }
    return Int(index) <= count + 64 || Int(index) < count * 2
  }

  /// Stores an element with the given attributes, no checks.
  func defineElementRaw(_ object: ObjectRef, _ index: UInt32, _ value: Value, _ attributes: PropertyAttributes) {
    if object.hasFlag(ObjectFlags.isPrototype) {
      prototypesHaveIndexedProperties = true
      prototypeEpoch &+= 1
    }
    let defaultDense =
      attributes == .default && !object.hasFlag(ObjectFlags.elementsSealed)
      && !object.hasFlag(ObjectFlags.elementsFrozen)
    if defaultDense && fitsDense(object, index) {
      storeDense(object, index, value)
      return
    }
    if let header = object.elementsHeader, index < header.pointee.count {
      object.denseElements[Int(index)] = .empty
    }
    sparseElements(creatingIn: object).entries[index] = SparseEntry(value: value, attributes: attributes)
    if object.isArray && index >= arrayLength(object) { setArrayLengthRaw(object, index + 1) }
  }

  @inline(__always) func storeDense(_ object: ObjectRef, _ index: UInt32, _ value: Value) {
    let position = Int(index)
    if position >= object.denseCount {
      // A new element on a prototype (e.g. `Array.prototype[0] = x`) makes holes observable.
      if _slowPath(object.hasFlag(ObjectFlags.isPrototype)) { prototypesHaveIndexedProperties = true }
      ensureElementCapacity(object, position + 1)
      object.elementsHeader!.pointee.count = UInt32(position + 1)
    }
    object.denseElements[position] = value
    if object.isArray && index >= arrayLength(object) { setArrayLengthRaw(object, index + 1) }
  }

  /// Moves every dense element to the sparse map (before giving elements non-default attributes).
  func convertElementsToSparse(_ object: ObjectRef) {
    guard let header = object.elementsHeader else { return }
    let sparse = sparseElements(creatingIn: object)
    let count = Int(header.pointee.count)
    var attributes = PropertyAttributes.default
    if object.hasFlag(ObjectFlags.elementsSealed) { attributes.remove(.configurable) }
    if object.hasFlag(ObjectFlags.elementsFrozen) { attributes.remove([.configurable, .writable]) }
    let dense = object.denseElements
    for index in 0..<count where !dense[index].isEmpty {
      sparse.entries[UInt32(index)] = SparseEntry(value: dense[index], attributes: attributes)
      dense[index] = .empty
    }
    object.elementsHeader!.pointee.count = 0
  }

  // MARK: - Arrays

  @inline(__always) func arrayLength(_ array: ObjectRef) -> UInt32 {
    let value = array.internalSlot(0)
    return value.isInt32 ? UInt32(bitPattern: value.asInt32) : UInt32(value.asNumber)
  }

  @inline(__always) func setArrayLengthRaw(_ array: ObjectRef, _ length: UInt32) {
    array.setInternalSlot(0, length <= UInt32(Int32.max) ? Value(Int32(length)) : Value(Double(length)))
  }

  func newArray(capacity: Int = 0) -> ObjectRef {
    let array = allocateObject(.array, shape: realm.arrayShape)
    array.setInternalSlot(0, Value(Int32(0)))
    if capacity > 0 { ensureElementCapacity(array, capacity) }
    return array
  }

  /// An array holding `values` densely.
  func newArray(_ values: UnsafeBufferPointer<Value>) -> ObjectRef {
    let array = newArray(capacity: values.count)
    if values.count > 0 {
      array.denseElements.update(from: values.baseAddress!, count: values.count)
      array.elementsHeader!.pointee.count = UInt32(values.count)
    }
    setArrayLengthRaw(array, UInt32(values.count))
    return array
  }

  func newArray(_ values: [Value]) -> ObjectRef {
    values.withUnsafeBufferPointer { newArray($0) }
  }

  /// ArraySetLength's element removal (ES2024 10.4.2.4 step 17): deletes elements at
  /// `newLength` and above from the highest down, so the highest non-configurable one stops
  /// it. Returns the length reached.
  func truncateElements(_ array: ObjectRef, to newLength: UInt32) -> UInt32 {
    var reached = newLength
    let sparse = array.sparseElements
    if let sparse {
      for (index, entry) in sparse.entries where index >= reached && !entry.attributes.contains(.configurable) {
        reached = index + 1
      }
    }
    let denseCount = array.denseCount
    if array.hasFlag(ObjectFlags.elementsSealed) && denseCount > Int(reached) {
      // Sealed dense elements cannot be deleted either: the highest present one stops it.
      let dense = array.denseElements
      var index = denseCount - 1
      while index >= Int(reached) {
        if !dense[index].isEmpty {
          reached = UInt32(index + 1)
          break
        }
        index -= 1
      }
    }
    if let sparse {
      let doomed = sparse.entries.keys.filter { $0 >= reached }
      for index in doomed { sparse.entries[index] = nil }
    }
    if denseCount > Int(reached) {
      let dense = array.denseElements
      for index in Int(reached)..<denseCount { dense[index] = .empty }
      array.elementsHeader!.pointee.count = reached
    }
    return reached
  }

  // MARK: - Own property lookup (no JS runs)

  func lookupOwn(_ object: ObjectRef, _ key: PropertyKey) -> OwnLookup {
    switch object.objectClass {
    case .proxy:
      return .exotic
    case .moduleNamespace:
      // String keys are the exports (Modules/ModuleNamespace.swift); symbols are ordinary.
      if !key.isSymbol { return .exotic }
    case .host:
      if hasHostHooks(object) { return .exotic }
    case .array:
      if key == names.length {
        let attributes: PropertyAttributes = object.hasFlag(ObjectFlags.lengthReadOnly) ? [] : [.writable]
        return .data(object.internalSlot(0), attributes, .arrayLength)
      }
    case .stringObject:
      let string = StringRef(object.internalSlot(0))
      if key.isIndex && Int(key.index) < string.length {
        let character = singleCodeUnitString(string.codeUnit(at: Int(key.index), heap))
        return .data(character.value, [.enumerable], .stringCharacter)
      }
      if key == names.length {
        return .data(Value(Int32(string.length)), [], .stringCharacter)
      }
    case .arguments:
      if key.isIndex, let environmentSlot = mappedArgumentSlot(object, key.index) {
        let environment = EnvironmentRef(object.internalSlot(0))
        let attributes = elementAttributes(object, key.index) ?? .default
        return .data(environment.slot(environmentSlot), attributes, .mappedArgument(environmentSlot))
      }
    case .function, .nativeFunction, .boundFunction:
      if object.hasFlag(ObjectFlags.lazyProperties) { materializeLazyProperties(object) }
    case .typedArray:
      // Numeric keys are the buffer's elements, or absent (ES2024 10.4.5.1).
      if let element = typedArrayLookupOwn(object, key) { return element }
    default:
      break
    }
    return lookupOwnOrdinary(object, key)
  }

  /// An own property among the object's shape and elements only (what an exotic object's
  /// ordinary properties are).
  @inline(__always) func lookupOwnOrdinary(_ object: ObjectRef, _ key: PropertyKey) -> OwnLookup {
    if key.isIndex { return lookupOwnElement(object, key.index) }
    if _slowPath(object.hasFlag(ObjectFlags.lazyProperties)) { materializeLazyProperties(object) }
    guard let location = object.shape.lookup(key) else { return .absent }
    let value = object.slot(location.slot)
    if location.attributes.contains(.accessor) {
      return .accessor(AccessorPairRef(value), location.attributes, .slot(location.slot))
    }
    return .data(value, location.attributes, .slot(location.slot))
  }

  @inline(__always) func lookupOwnElement(_ object: ObjectRef, _ index: UInt32) -> OwnLookup {
    guard let header = object.elementsHeader else { return .absent }
    if index < header.pointee.count {
      let value = object.denseElements[Int(index)]
      if !value.isEmpty { return .data(value, denseAttributes(object), .dense(index)) }
    }
    if let sparse = header.pointee.sparse {
      let table = Unmanaged<SparseElements>.fromOpaque(sparse).takeUnretainedValue()
      if let entry = table.entries[index] {
        if entry.attributes.contains(.accessor) {
          return .accessor(AccessorPairRef(entry.value), entry.attributes, .sparse(index))
        }
        return .data(entry.value, entry.attributes, .sparse(index))
      }
    }
    return .absent
  }

  @inline(__always) func denseAttributes(_ object: ObjectRef) -> PropertyAttributes {
    let flags = object.flags
    if flags & (ObjectFlags.elementsSealed | ObjectFlags.elementsFrozen) == 0 { return .default }
    if flags & ObjectFlags.elementsFrozen != 0 { return [.enumerable] }
    return [.writable, .enumerable]
  }

  func elementAttributes(_ object: ObjectRef, _ index: UInt32) -> PropertyAttributes? {
    switch lookupOwnElement(object, index) {
    case .data(_, let attributes, _), .accessor(_, let attributes, _): return attributes
    default: return nil
    }
  }

  /// Writes an existing own data property's value in place.
  func writeOwnData(_ object: ObjectRef, _ place: PropertyPlace, _ value: Value) {
    switch place {
    case .slot(let slot): object.setSlot(slot, value)
    case .dense(let index): object.denseElements[Int(index)] = value
    case .sparse(let index): object.sparseElements!.entries[index]!.value = value
    case .mappedArgument(let slot): EnvironmentRef(object.internalSlot(0)).setSlot(slot, value)
    case .typedArrayElement(let index):
      // Only an already converted value of the array's content type is stored here.
      if typedArrayKind(object).isBigInt ? value.isBigInt : value.isNumber {
        storeIfValid(object, Double(index), value)
      }
    case .arrayLength, .stringCharacter: break
    }
  }

  // MARK: - [[GetPrototypeOf]] / [[SetPrototypeOf]]

  func getPrototypeOf(_ object: ObjectRef) throws(JSException) -> Value {
    if object.isProxy { return try proxyGetPrototypeOf(object) }
    return object.prototype
  }

  /// OrdinarySetPrototypeOf (ES2024 10.1.2.1).
  func setPrototypeOf(_ object: ObjectRef, _ prototype: Value) throws(JSException) -> Bool {
    if object.isProxy { return try proxySetPrototypeOf(object, prototype) }
    let current = object.prototype
    if current == prototype { return true }
    if !object.hasFlag(ObjectFlags.extensible) { return false }
    // ES2024 10.4.7: %Object.prototype% is an immutable prototype exotic object.
    if object.hasFlag(ObjectFlags.immutablePrototype) { return false }
    var cursor = prototype
    while cursor.isObject {
      let candidate = cursor.asObject
      if candidate == object { return false }
      if candidate.isProxy { break }
      cursor = candidate.prototype
    }
    if prototype.isObject { markAsPrototype(prototype.asObject) }
    let shape = dictionaryCopy(of: object.shape)
    shape.prototype = prototype
    object.shape = shape
    if object.hasFlag(ObjectFlags.isPrototype) { prototypeEpoch &+= 1 }
    return true
  }

  // MARK: - [[IsExtensible]] / [[PreventExtensions]]

  func isExtensible(_ object: ObjectRef) throws(JSException) -> Bool {
    if object.isProxy { return try proxyIsExtensible(object) }
    return object.hasFlag(ObjectFlags.extensible)
  }

  func preventExtensions(_ object: ObjectRef) throws(JSException) -> Bool {
    if object.isProxy { return try proxyPreventExtensions(object) }
    // A typed array whose length can change cannot be made non-extensible (TypedArray [[PreventExtensions]], ES2025).
    if object.objectClass == .typedArray && !isTypedArrayFixedLength(object) { return false }
    if object.hasFlag(ObjectFlags.extensible) {
      if object.hasFlag(ObjectFlags.lazyProperties) { materializeLazyProperties(object) }
      object.flags &= ~ObjectFlags.extensible
      _ = makeUniqueDictionaryShape(object)
    }
    return true
  }

  // MARK: - [[GetOwnProperty]]

  func getOwnProperty(_ object: ObjectRef, _ key: PropertyKey) throws(JSException) -> PropertyDescriptor? {
    let lookup = lookupOwn(object, key)
    if case .exotic = lookup {
      return try ExoticMethods.of(object.objectClass).getOwnProperty(self, object, key)
    }
    return descriptor(of: lookup)
  }

  /// OrdinaryGetOwnProperty: the shape's and elements' property only.
  func ordinaryGetOwnProperty(_ object: ObjectRef, _ key: PropertyKey) -> PropertyDescriptor? {
    descriptor(of: lookupOwnOrdinary(object, key))
  }

  private func descriptor(of lookup: OwnLookup) -> PropertyDescriptor? {
    switch lookup {
    case .absent, .exotic: return nil
    case .data(let value, let attributes, _): return PropertyDescriptor(value: value, attributes: attributes)
    case .accessor(let pair, let attributes, _):
      return PropertyDescriptor(
        getter: pair.getter, setter: pair.setter, enumerable: attributes.contains(.enumerable),
        configurable: attributes.contains(.configurable))
    }
  }

  // MARK: - [[DefineOwnProperty]]

  func defineOwnProperty(
    _ object: ObjectRef, _ key: PropertyKey, _ descriptor: PropertyDescriptor
  ) throws(JSException) -> Bool {
    switch object.objectClass {
    case .proxy: return try ExoticMethods.proxy.defineOwnProperty(self, object, key, descriptor)
    case .moduleNamespace:
      if !key.isSymbol { return try ExoticMethods.moduleNamespace.defineOwnProperty(self, object, key, descriptor) }
    case .host:
      if hasHostHooks(object) { return try ExoticMethods.host.defineOwnProperty(self, object, key, descriptor) }
    case .array:
      if key == names.length { return try arraySetLength(object, descriptor) }
      if key.isIndex {
        // ES2024 10.4.2.1 step 1
        let length = arrayLength(object)
        if key.index >= length && object.hasFlag(ObjectFlags.lengthReadOnly) { return false }
      }
    case .arguments:
      if key.isIndex, mappedArgumentSlot(object, key.index) != nil {
        return argumentsDefineOwnProperty(object, key.index, descriptor)
      }
    case .stringObject:
      let string = StringRef(object.internalSlot(0))
      if (key.isIndex && Int(key.index) < string.length) || key == names.length {
        // Immutable: valid only if compatible with the current descriptor.
        let current = try getOwnProperty(object, key)!
        return isCompatibleDescriptor(extensible: false, descriptor, current)
      }
    case .typedArray:
      if let defined = try typedArrayDefineOwnProperty(object, key, descriptor) { return defined }
    default:
      break
    }
    return ordinaryDefineOwnProperty(object, key, descriptor)
  }

  func ordinaryDefineOwnProperty(
    _ object: ObjectRef, _ key: PropertyKey, _ descriptor: PropertyDescriptor
  ) -> Bool {
    // A host object's hooked names are not ordinary properties: define beside them.
    let lookup = object.objectClass == .host ? lookupOwnOrdinary(object, key) : lookupOwn(object, key)
    return validateAndApply(object, key, object.hasFlag(ObjectFlags.extensible), descriptor, lookup)
  }

  /// IsCompatiblePropertyDescriptor without applying anything.
  func isCompatibleDescriptor(
    extensible: Bool, _ descriptor: PropertyDescriptor, _ current: PropertyDescriptor?
  ) -> Bool {
    guard let current else { return extensible }
    return validateAgainst(descriptor, current)
  }

  /// ES2024 10.1.6.3 ValidateAndApplyPropertyDescriptor.
  func validateAndApply(
    _ object: ObjectRef, _ key: PropertyKey, _ extensible: Bool, _ descriptor: PropertyDescriptor,
    _ lookup: OwnLookup
  ) -> Bool {
    let current: PropertyDescriptor
    let currentAttributes: PropertyAttributes
    let place: PropertyPlace
    switch lookup {
    case .absent, .exotic:
      if !extensible { return false }
      let attributes = descriptor.attributesForNewProperty
      if descriptor.isAccessorDescriptor {
        let pair = newAccessorPair(
          getter: descriptor.getter ?? .undefined, setter: descriptor.setter ?? .undefined)
        if key.isIndex {
          defineElementRaw(object, key.index, pair.value, attributes)
        } else {
          addProperty(object, key, pair.value, attributes)
        }
      } else {
        let value = descriptor.value ?? .undefined
        if key.isIndex {
          defineElementRaw(object, key.index, value, attributes)
        } else {
          addProperty(object, key, value, attributes)
        }
      }
      return true
    case .data(let value, let attributes, let where_):
      current = PropertyDescriptor(value: value, attributes: attributes)
      currentAttributes = attributes
      place = where_
    case .accessor(let pair, let attributes, let where_):
      current = PropertyDescriptor(
        getter: pair.getter, setter: pair.setter, enumerable: attributes.contains(.enumerable),
        configurable: attributes.contains(.configurable))
      currentAttributes = attributes
      place = where_
    }
    if !validateAgainst(descriptor, current) { return false }
    // Apply.
    var newAttributes = currentAttributes
    if let enumerable = descriptor.enumerable {
      if enumerable { newAttributes.insert(.enumerable) } else { newAttributes.remove(.enumerable) }
    }
    if let configurable = descriptor.configurable {
      if configurable { newAttributes.insert(.configurable) } else { newAttributes.remove(.configurable) }
    }
    var newValue: Value
    let wasAccessor = currentAttributes.contains(.accessor)
    if descriptor.isAccessorDescriptor {
      let oldPair: AccessorPairRef? = wasAccessor ? AccessorPairRef(currentSlotValue(object, place)) : nil
      let getter = descriptor.getter ?? oldPair?.getter ?? .undefined
      let setter = descriptor.setter ?? oldPair?.setter ?? .undefined
      newValue = newAccessorPair(getter: getter, setter: setter).value
      newAttributes.insert(.accessor)
      newAttributes.remove(.writable)
    } else if descriptor.isDataDescriptor || !wasAccessor {
      if wasAccessor {
        newAttributes.remove(.accessor)
        newValue = descriptor.value ?? .undefined
      } else {
        newValue = descriptor.value ?? current.value!
      }
      if let writable = descriptor.writable {
        if writable { newAttributes.insert(.writable) } else { newAttributes.remove(.writable) }
      } else if wasAccessor {
        newAttributes.remove(.writable)
      }
    } else {
      newValue = currentSlotValue(object, place)
    }
    applyOwnProperty(object, key, place, newValue, currentAttributes, newAttributes)
    return true
  }

  private func currentSlotValue(_ object: ObjectRef, _ place: PropertyPlace) -> Value {
    switch place {
    case .slot(let slot): return object.slot(slot)
    case .dense(let index): return object.denseElements[Int(index)]
    case .sparse(let index): return object.sparseElements!.entries[index]!.value
    case .mappedArgument(let slot): return EnvironmentRef(object.internalSlot(0)).slot(slot)
    case .arrayLength: return object.internalSlot(0)
    case .stringCharacter: return .undefined
    case .typedArrayElement(let index): return typedArrayGetElement(object, index)
    }
  }

  /// ValidateAndApplyPropertyDescriptor steps 4–6: may `descriptor` change `current`?
  private func validateAgainst(_ descriptor: PropertyDescriptor, _ current: PropertyDescriptor) -> Bool {
    if current.configurable == false {
      if descriptor.configurable == true { return false }
      if let enumerable = descriptor.enumerable, enumerable != (current.enumerable ?? false) { return false }
      if !descriptor.isGenericDescriptor && descriptor.isAccessorDescriptor != current.isAccessorDescriptor {
        return false
      }
      if current.isAccessorDescriptor {
        if let getter = descriptor.getter, getter != current.getter! { return false }
        if let setter = descriptor.setter, setter != current.setter! { return false }
      } else if current.writable == false {
        if descriptor.writable == true { return false }
        if let value = descriptor.value, !sameValue(value, current.value!) { return false }
      }
    }
    return true
  }

  private func applyOwnProperty(
    _ object: ObjectRef, _ key: PropertyKey, _ place: PropertyPlace, _ value: Value,
    _ oldAttributes: PropertyAttributes, _ newAttributes: PropertyAttributes
  ) {
    switch place {
    case .slot(let slot):
      if oldAttributes != newAttributes { changeNamedAttributes(object, key, newAttributes) }
      object.setSlot(slot, value)
      // A new getter or setter on a prototype: caches that answer for an accessor (a typed
      // array's length) must see it.
      if newAttributes.contains(.accessor) && object.hasFlag(ObjectFlags.isPrototype) { prototypeEpoch &+= 1 }
    case .dense(let index):
      if newAttributes == denseAttributes(object) {
        object.denseElements[Int(index)] = value
      } else {
        object.denseElements[Int(index)] = .empty
        sparseElements(creatingIn: object).entries[index] = SparseEntry(value: value, attributes: newAttributes)
        if object.hasFlag(ObjectFlags.isPrototype) { prototypeEpoch &+= 1 }
      }
    case .sparse(let index):
      object.sparseElements!.entries[index] = SparseEntry(value: value, attributes: newAttributes)
      if object.hasFlag(ObjectFlags.isPrototype) { prototypeEpoch &+= 1 }
    case .mappedArgument(let slot):
      EnvironmentRef(object.internalSlot(0)).setSlot(slot, value)
    case .arrayLength, .stringCharacter, .typedArrayElement:
      break
    }
  }

  // MARK: - [[HasProperty]]

  func hasProperty(_ object: ObjectRef, _ key: PropertyKey) throws(JSException) -> Bool {
    var current = object
    while true {
      switch lookupOwn(current, key) {
      case .exotic:
        return try ExoticMethods.of(current.objectClass).hasProperty(self, current, key)
      case .data, .accessor: return true
      case .absent:
        // A typed array's missing numeric keys are not inherited (ES2024 10.4.5.2).
        if isTypedArrayNumericKey(current, key) { return false }
        let prototype = current.prototype
        if !prototype.isObject { return false }
        current = prototype.asObject
      }
    }
  }

  func hasOwnProperty(_ object: ObjectRef, _ key: PropertyKey) throws(JSException) -> Bool {
    switch lookupOwn(object, key) {
    case .absent: return false
    case .exotic: return try ExoticMethods.of(object.objectClass).getOwnProperty(self, object, key) != nil
    case .data, .accessor: return true
    }
  }

  // MARK: - [[Get]]

  func get(_ object: ObjectRef, _ key: PropertyKey, receiver: Value) throws(JSException) -> Value {
    var current = object
    while true {
      switch lookupOwn(current, key) {
      case .data(let value, _, _): return value
      case .accessor(let pair, _, _):
        let getter = pair.getter
        if getter.isUndefined { return .undefined }
        return try call(getter, this: receiver, arguments: [])
      case .exotic:
        return try ExoticMethods.of(current.objectClass).get(self, current, key, receiver)
      case .absent:
        if isTypedArrayNumericKey(current, key) { return .undefined }  // ES2024 10.4.5.4
        let prototype = current.prototype
        if !prototype.isObject { return .undefined }
        current = prototype.asObject
      }
    }
  }

  @inline(__always) func get(_ object: ObjectRef, _ key: PropertyKey) throws(JSException) -> Value {
    try get(object, key, receiver: object.value)
  }

  // MARK: - [[Set]]

  /// OrdinarySet (ES2024 10.1.9.2) along the prototype chain.
  func set(_ object: ObjectRef, _ key: PropertyKey, _ value: Value, receiver: Value) throws(JSException) -> Bool {
    var current = object
    while true {
      switch lookupOwn(current, key) {
      case .exotic:
        return try ExoticMethods.of(current.objectClass).set(self, current, key, value, receiver)
      case .accessor(let pair, _, _):
        let setter = pair.setter
        if setter.isUndefined { return false }
        _ = try call(setter, this: receiver, arguments: [value])
        return true
      case .data(_, let attributes, let place):
        if !attributes.contains(.writable) { return false }
        if current == object && receiver == object.value {
          return try writeExistingOwn(object, key, place, value)
        }
        return try setOnReceiver(key, value, receiver: receiver)
      case .absent:
        if isTypedArrayNumericKey(current, key) {  // ES2024 10.4.5.5 step 1.b
          try typedArraySetAbsentElement(current, key, value, receiver: receiver)
          return true
        }
        let prototype = current.prototype
        if prototype.isObject {
          current = prototype.asObject
          continue
        }
        if receiver == object.value && !object.isProxy {
          return try createOwnDataProperty(object, key, value)
        }
        return try setOnReceiver(key, value, receiver: receiver)
      }
    }
  }

  /// OrdinarySetWithOwnDescriptor (ES2024 10.1.9.2) for an object whose own property was found
  /// by `lookupOwnOrdinary` (an exotic object's ordinary part).
  func ordinarySet(_ object: ObjectRef, _ key: PropertyKey, _ value: Value, receiver: Value, own: OwnLookup)
    throws(JSException) -> Bool
  {
    switch own {
    case .accessor(let pair, _, _):
      if pair.setter.isUndefined { return false }
      _ = try call(pair.setter, this: receiver, arguments: [value])
      return true
    case .data(_, let attributes, let place):
      if !attributes.contains(.writable) { return false }
      if receiver == object.value { return try writeExistingOwn(object, key, place, value) }
      return try setOnReceiver(key, value, receiver: receiver)
    case .absent, .exotic:
      let prototype = object.prototype
      if prototype.isObject { return try set(prototype.asObject, key, value, receiver: receiver) }
      if receiver == object.value { return try createOwnDataProperty(object, key, value) }
      return try setOnReceiver(key, value, receiver: receiver)
    }
  }

  private func writeExistingOwn(
    _ object: ObjectRef, _ key: PropertyKey, _ place: PropertyPlace, _ value: Value
  ) throws(JSException) -> Bool {
    switch place {
    case .arrayLength:
      return try arraySetLength(object, PropertyDescriptor(value: value))
    case .stringCharacter:
      return false
    case .typedArrayElement(let index):
      try typedArraySetElement(object, Double(index), value)
      return true
    default:
      writeOwnData(object, place, value)
      return true
    }
  }

  /// OrdinarySetWithOwnDescriptor steps 2.c–2.e: define on the receiver.
  private func setOnReceiver(_ key: PropertyKey, _ value: Value, receiver: Value) throws(JSException) -> Bool {
    guard receiver.isObject else { return false }
    let target = receiver.asObject
    if let existing = try getOwnProperty(target, key) {
      if existing.isAccessorDescriptor { return false }
      if existing.writable == false { return false }
      return try defineOwnProperty(target, key, PropertyDescriptor(value: value))
    }
    return try defineOwnProperty(
      target, key, PropertyDescriptor(value: value, writable: true, enumerable: true, configurable: true))
  }

  /// Creates a new writable/enumerable/configurable property on an ordinary-ish object (no own property yet).
  private func createOwnDataProperty(_ object: ObjectRef, _ key: PropertyKey, _ value: Value) throws(JSException)
    -> Bool
  {
    if !object.hasFlag(ObjectFlags.extensible) { return false }
    switch object.objectClass {
    case .array, .arguments, .stringObject:
      return try defineOwnProperty(
        object, key, PropertyDescriptor(value: value, writable: true, enumerable: true, configurable: true))
    default:
      addProperty(object, key, value, .default)
      return true
    }
  }

  // MARK: - [[Delete]]

  func delete(_ object: ObjectRef, _ key: PropertyKey) throws(JSException) -> Bool {
    let lookup = lookupOwn(object, key)
    if case .exotic = lookup { return try ExoticMethods.of(object.objectClass).delete(self, object, key) }
    return ordinaryDelete(object, key, lookup)
  }

  /// [[Delete]] of a property found by `lookupOwn` or `lookupOwnOrdinary`.
  func ordinaryDelete(_ object: ObjectRef, _ key: PropertyKey, _ lookup: OwnLookup) -> Bool {
    let attributes: PropertyAttributes
    let place: PropertyPlace
    switch lookup {
    case .absent, .exotic: return true
    case .data(_, let a, let p), .accessor(_, let a, let p):
      attributes = a
      place = p
    }
    if !attributes.contains(.configurable) { return false }
    switch place {
    case .slot(let slot):
      removeNamedProperty(object, key, PropertyLocation(slot: slot, attributes: attributes))
    case .dense(let index):
      object.denseElements[Int(index)] = .empty
      if index + 1 == object.denseCount { object.elementsHeader!.pointee.count = index }
    case .sparse(let index):
      object.sparseElements!.entries[index] = nil
    case .mappedArgument:
      unmapArgument(object, key.index)
      if index(ofDense: object, key.index) {
        object.denseElements[Int(key.index)] = .empty
      }
    case .arrayLength, .stringCharacter, .typedArrayElement:
      return false
    }
    if object.hasFlag(ObjectFlags.isPrototype) { prototypeEpoch &+= 1 }
    return true
  }

  private func index(ofDense object: ObjectRef, _ index: UInt32) -> Bool {
    index < UInt32(object.denseCount)
  }

  // MARK: - [[OwnPropertyKeys]]

  /// Integer indices ascending, then strings in creation order, then symbols in creation order.
  func ownPropertyKeys(_ object: ObjectRef) throws(JSException) -> PropertyKeyList {
    switch object.objectClass {
    case .proxy, .moduleNamespace: return try ExoticMethods.of(object.objectClass).ownPropertyKeys(self, object)
    case .host where hasHostHooks(object): return try ExoticMethods.host.ownPropertyKeys(self, object)
    default: return ordinaryOwnPropertyKeys(object)
    }
  }

  /// The keys of the object's shape and elements (and of its class's data places).
  func ordinaryOwnPropertyKeys(_ object: ObjectRef) -> PropertyKeyList {
    if object.hasFlag(ObjectFlags.lazyProperties) { materializeLazyProperties(object) }
    var indices: [UInt32] = []
    if object.objectClass == .stringObject {
      let length = StringRef(object.internalSlot(0)).length
      for index in 0..<length { indices.append(UInt32(index)) }
    }
    if object.objectClass == .typedArray {
      for index in 0..<typedArrayIndexCount(object) { indices.append(UInt32(index)) }
    }
    if let header = object.elementsHeader {
      let dense = object.denseElements
      for index in 0..<Int(header.pointee.count) where !dense[index].isEmpty {
        indices.append(UInt32(index))
      }
      if let sparse = object.sparseElements {
        indices.append(contentsOf: sparse.entries.keys)
        indices.sort()
      }
    }
    if object.objectClass == .arguments, let mapped = argumentMapping(object) {
      for (index, slot) in mapped.slots.enumerated() where slot >= 0 && !indices.contains(UInt32(index)) {
        indices.append(UInt32(index))
      }
      indices.sort()
    }
    let keys = PropertyKeyList(self, capacity: indices.count + Int(object.shape.propertyCount) + 1)
    for index in indices { keys.append(PropertyKey(index: index)) }
    if object.objectClass == .array || object.objectClass == .stringObject { keys.append(names.length) }
    let shape = object.shape
    if shape.propertyCount > 0 {
      let entries = shape.table.entries
      for entry in entries where entry.key != .none && !entry.key.isSymbol { keys.append(entry.key) }
      for entry in entries where entry.key != .none && entry.key.isSymbol && !entry.key.symbol.isPrivate {
        keys.append(entry.key)
      }
    }
    return keys
  }

  // MARK: - Array exotic length (ES2024 10.4.2.4 ArraySetLength)

  func arraySetLength(_ array: ObjectRef, _ descriptor: PropertyDescriptor) throws(JSException) -> Bool {
    guard let valueToSet = descriptor.value else {
      return applyLengthAttributes(array, descriptor)
    }
    let newLength = try toUint32(valueToSet)
    let numberLength = try toNumber(valueToSet)
    if Double(newLength) != numberLength { throw throwRangeError("Invalid array length") }
    if descriptor.configurable == true || descriptor.enumerable == true || descriptor.isAccessorDescriptor {
      return false
    }
    let oldLength = arrayLength(array)
    let readOnly = array.hasFlag(ObjectFlags.lengthReadOnly)
    if newLength >= oldLength {
      if readOnly && newLength != oldLength { return false }
      if readOnly && descriptor.writable == true { return false }
      setArrayLengthRaw(array, newLength)
      if descriptor.writable == false { array.flags |= ObjectFlags.lengthReadOnly }
      return true
    }
    if readOnly { return false }
    let reached = truncateElements(array, to: newLength)
    setArrayLengthRaw(array, reached)
    if descriptor.writable == false { array.flags |= ObjectFlags.lengthReadOnly }
    return reached == newLength
  }

  private func applyLengthAttributes(_ array: ObjectRef, _ descriptor: PropertyDescriptor) -> Bool {
    if descriptor.configurable == true || descriptor.enumerable == true || descriptor.isAccessorDescriptor {
      return false
    }
    if array.hasFlag(ObjectFlags.lengthReadOnly) { return descriptor.writable != true }
    if descriptor.writable == false { array.flags |= ObjectFlags.lengthReadOnly }
    return true
  }

  // MARK: - Integrity levels (ES2024 7.3.15–16)

  func setIntegrityLevel(_ object: ObjectRef, frozen: Bool) throws(JSException) -> Bool {
    if !object.isProxy && object.objectClass != .arguments && object.objectClass != .stringObject
      && object.objectClass != .typedArray && object.objectClass != .moduleNamespace
    {
      if object.hasFlag(ObjectFlags.lazyProperties) { materializeLazyProperties(object) }
      object.flags &= ~ObjectFlags.extensible
      let shape = makeUniqueDictionaryShape(object)
      let table = shape.table
      // Private elements keep their attributes (ES2024 7.3.15 goes through [[OwnPropertyKeys]]).
      for entry in table.entries where entry.key != .none && !entry.key.isPrivateName {
        var attributes = entry.location.attributes
        attributes.remove(.configurable)
        if frozen && !attributes.contains(.accessor) { attributes.remove(.writable) }
        table.update(entry.key, attributes: attributes)
      }
      object.flags |= frozen ? (ObjectFlags.elementsFrozen | ObjectFlags.elementsSealed) : ObjectFlags.elementsSealed
      if let sparse = object.sparseElements {
        for (index, entry) in sparse.entries {
          var attributes = entry.attributes
          attributes.remove(.configurable)
          if frozen && !attributes.contains(.accessor) { attributes.remove(.writable) }
          sparse.entries[index]!.attributes = attributes
        }
      }
      if frozen && object.isArray { object.flags |= ObjectFlags.lengthReadOnly }
      if object.hasFlag(ObjectFlags.isPrototype) {
        prototypeEpoch &+= 1
        prototypesHaveIndexedProperties = true
      }
      return true
    }
    if !(try preventExtensions(object)) { return false }
    let keys = try ownPropertyKeys(object)
    for key in keys {
      if frozen, let current = try getOwnProperty(object, key) {
        var descriptor = PropertyDescriptor(configurable: false)
        if !current.isAccessorDescriptor { descriptor.writable = false }
        try definePropertyOrThrow(object, key, descriptor)
      } else {
        try definePropertyOrThrow(object, key, PropertyDescriptor(configurable: false))
      }
    }
    return true
  }

  func testIntegrityLevel(_ object: ObjectRef, frozen: Bool) throws(JSException) -> Bool {
    if try isExtensible(object) { return false }
    for key in try ownPropertyKeys(object) {
      if let current = try getOwnProperty(object, key) {
        if current.configurable == true { return false }
        if frozen && current.isDataDescriptor && current.writable == true { return false }
      }
    }
    return true
  }
}
