// Property access from bytecode: inline caches (data records shared with the
// future JIT) and the slow paths that fill them.

extension Runtime {
  // MARK: Cache encoding

  /// The cache offset of slot `slot` in `object`: a byte offset for inline slots,
  /// -(index + 1) for out-of-line ones.
  @inline(__always) func cacheOffset(_ object: ObjectRef, _ slot: UInt32) -> Int32 {
    let objectClass = object.objectClass
    let capacity = UInt32(objectClass.inlineCapacity)
    if slot < capacity {
      return Int32(ObjectLayout.internalSlots + (objectClass.internalSlotCount + Int(slot)) * 8)
    }
    return -Int32(slot - capacity) - 1
  }

  @inline(__always) func loadCachedSlot(_ object: ObjectRef, _ offset: Int32) -> Value {
    if offset >= 0 { return object.cell.load(fromByteOffset: Int(offset), as: Value.self) }
    return object.outOfLineSlots![Int(-offset - 1)]
  }

  @inline(__always) func storeCachedSlot(_ object: ObjectRef, _ offset: Int32, _ value: Value) {
    if offset >= 0 {
      object.cell.storeBytes(of: value, toByteOffset: Int(offset), as: Value.self)
    } else {
      object.outOfLineSlots![Int(-offset - 1)] = value
    }
  }

  // MARK: Loads

  /// An inline-cache hit, or nil.
  @inline(__always)
  func cachedLoad(_ object: ObjectRef, _ cache: UnsafeMutablePointer<PropertyCacheEntry>) -> Value? {
    let shape = UInt(bitPattern: object.shape.cell)
    for way in 0..<propertyCacheWays {
      let entry = cache[way]
      if entry.shape != shape { continue }
      switch entry.kind {
      case .ownData:
        return loadCachedSlot(object, entry.offset)
      case .prototypeData:
        if entry.epoch == prototypeEpoch {
          return loadCachedSlot(ObjectRef(CellPointer(bitPattern: entry.holder)!), entry.offset)
        }
      case .arrayLength:
        return object.internalSlot(0)
      case .builtinGetter:
        if entry.epoch == prototypeEpoch { return builtinGetterValue(object, entry.offset) }
      default:
        break
      }
    }
    return nil
  }

  func getPropertySlow(_ value: Value, _ name: Value, cache: UnsafeMutablePointer<PropertyCacheEntry>)
    throws(JSException) -> Value
  {
    let key = PropertyKey(atom: name.asString)
    guard value.isObject else {
      if value.isString && key == names.length { return Value(Int32(value.asString.length)) }
      return try getV(value, key)
    }
    let object = value.asObject
    if let cached = megamorphicLoad(object, key, site: cache) { return cached }
    fillLoadCache(object, key, cache)
    return try get(object, key, receiver: value)
  }

  // MARK: The megamorphic cache

  /// A runtime-wide cache of (shape, key) → where the property is, consulted when a
  /// site's own cache misses (sites that see more than four shapes). Cleared at
  /// every collection, so a dead shape's address can never match.
  @inline(__always) func megamorphicSlot(_ shape: UInt, _ key: PropertyKey) -> Int {
    Int(truncatingIfNeeded: ((UInt64(shape) >> 3) ^ (key.bits &* 0x9E37_79B9)) & UInt64(megamorphicCacheSize - 1))
  }

  /// A hit is also copied into the site's own cache while that has a free way (or a stale
  /// entry for the shape): another site with the same shape and key may have filled the
  /// runtime-wide entry first, and this site must not stay on the slow path because of it.
  func megamorphicLoad(_ object: ObjectRef, _ key: PropertyKey, site: UnsafeMutablePointer<PropertyCacheEntry>)
    -> Value?
  {
    let shape = UInt(bitPattern: object.shape.cell)
    let entry = megamorphicCache[megamorphicSlot(shape, key)]
    guard entry.shape == shape && entry.key == key.bits else { return nil }
    let value: Value
    switch entry.entry.kind {
    case .ownData: value = loadCachedSlot(object, entry.entry.offset)
    case .prototypeData:
      guard entry.entry.epoch == prototypeEpoch else { return nil }
      value = loadCachedSlot(ObjectRef(CellPointer(bitPattern: entry.entry.holder)!), entry.entry.offset)
    default: return nil
    }
    if siteHasRoom(site, for: shape) { insertCacheEntry(site, entry.entry) }
    return value
  }

  /// Whether a site's cache has an empty way or a way for `shape` (so inserting evicts nothing).
  private func siteHasRoom(_ site: UnsafeMutablePointer<PropertyCacheEntry>, for shape: UInt) -> Bool {
    for way in 0..<propertyCacheWays where site[way].kind == .empty || site[way].shape == shape { return true }
    return false
  }

  /// Records where `key` was found for objects of `object`'s shape.
  private func fillLoadCache(_ object: ObjectRef, _ key: PropertyKey, _ cache: UnsafeMutablePointer<PropertyCacheEntry>)
  {
    let shape = object.shape
    if object.hasFlag(ObjectFlags.lazyProperties) { return }
    switch object.objectClass {
    case .proxy, .stringObject, .arguments, .moduleNamespace: return
    case .host: if hasHostHooks(object) { return }
    case .typedArray: if canonicalNumericIndex(key) != nil { return }
    case .array:
      if key == names.length {
        insertCacheEntry(cache, PropertyCacheEntry(shape: UInt(bitPattern: shape.cell), kind: .arrayLength))
        return
      }
      if key.isIndex { return }
    default: break
    }
    if let location = shape.lookup(key) {
      if location.attributes.contains(.accessor) { return }
      let entry = PropertyCacheEntry(
        shape: UInt(bitPattern: shape.cell), offset: cacheOffset(object, location.slot), kind: .ownData)
      insertCacheEntry(cache, entry)
      megamorphicCache[megamorphicSlot(entry.shape, key)] = MegamorphicEntry(
        shape: entry.shape, key: key.bits, entry: entry)
      return
    }
    if shape.isDictionary { return }
    // Walk the prototype chain (ordinary objects only).
    var current = shape.prototype
    var depth = 0
    while current.isObject && depth < 8 {
      let holder = current.asObject
      switch holder.objectClass {
      case .proxy, .stringObject, .arguments, .moduleNamespace: return
      case .host: if hasHostHooks(holder) { return }
      case .array: if key == names.length || key.isIndex { return }
      case .typedArray: if canonicalNumericIndex(key) != nil { return }
      default: break
      }
      if holder.hasFlag(ObjectFlags.lazyProperties) { return }
      if let location = holder.shape.lookup(key) {
        if location.attributes.contains(.accessor) {
          fillBuiltinGetterCache(object, holder.slot(location.slot), cache)
          return
        }
        let entry = PropertyCacheEntry(
          shape: UInt(bitPattern: shape.cell), offset: cacheOffset(holder, location.slot), kind: .prototypeData,
          epoch: prototypeEpoch, holder: UInt(bitPattern: holder.cell))
        insertCacheEntry(cache, entry)
        megamorphicCache[megamorphicSlot(entry.shape, key)] = MegamorphicEntry(
          shape: entry.shape, key: key.bits, entry: entry)
        return
      }
      current = holder.prototype
      depth += 1
    }
  }

  /// A read that reaches one of the original builtin getters of BuiltinGetter (a typed array's
  /// length, a Map's or Set's size) is answered without calling it, while no prototype changes
  /// (the epoch) and the receiver's shape stays the same.
  private func fillBuiltinGetterCache(
    _ object: ObjectRef, _ accessor: Value, _ cache: UnsafeMutablePointer<PropertyCacheEntry>
  ) {
    let getter = AccessorPairRef(accessor).getter
    let kind: BuiltinGetter
    switch object.objectClass {
    case .typedArray where getter == realm[.typedArrayLengthGetter]: kind = .typedArrayLength
    case .map where getter == realm[.mapSizeGetter]: kind = .mapSize
    case .set where getter == realm[.setSizeGetter]: kind = .setSize
    default: return
    }
    insertCacheEntry(
      cache,
      PropertyCacheEntry(
        shape: UInt(bitPattern: object.shape.cell), offset: kind.rawValue, kind: .builtinGetter,
        epoch: prototypeEpoch))
  }

  /// What the builtin getter `rawKind` returns for `object` (whose shape the entry matched).
  private func builtinGetterValue(_ object: ObjectRef, _ rawKind: Int32) -> Value {
    switch BuiltinGetter(rawValue: rawKind)! {
    case .typedArrayLength: return Value(typedArrayLength(object) ?? 0)
    case .mapSize, .setSize: return Value(object.payloadObject(as: OrderedHashTable.self)!.count)
    }
  }

  private func insertCacheEntry(_ cache: UnsafeMutablePointer<PropertyCacheEntry>, _ entry: PropertyCacheEntry) {
    for way in 0..<propertyCacheWays where cache[way].kind == .empty || cache[way].shape == entry.shape {
      cache[way] = entry
      return
    }
    // Full: shift and put the newest first.
    for way in stride(from: propertyCacheWays - 1, to: 0, by: -1) { cache[way] = cache[way - 1] }
    cache[0] = entry
  }

  // MARK: Stores

  @inline(__always)
  func cachedStore(_ object: ObjectRef, _ value: Value, _ cache: UnsafeMutablePointer<PropertyCacheEntry>) -> Bool {
    let shape = UInt(bitPattern: object.shape.cell)
    for way in 0..<propertyCacheWays {
      let entry = cache[way]
      if entry.shape != shape { continue }
      switch entry.kind {
      case .ownData:
        storeCachedSlot(object, entry.offset, value)
        return true
      case .addTransition:
        guard entry.epoch == prototypeEpoch, object.hasFlag(ObjectFlags.extensible),
          !object.hasFlag(ObjectFlags.isPrototype)
        else { return false }
        let newShape = ShapeRef(CellPointer(bitPattern: entry.holder)!)
        ensureSlotCapacity(object, newShape.slotCount)
        object.shape = newShape
        storeCachedSlot(object, entry.offset, value)
        return true
      default:
        break
      }
    }
    return false
  }

  func setPropertySlow(
    _ target: Value, _ name: Value, _ value: Value, strict: Bool, cache: UnsafeMutablePointer<PropertyCacheEntry>
  ) throws(JSException) {
    let key = PropertyKey(atom: name.asString)
    guard target.isObject else {
      try setOnPrimitive(target, key, value, strict: strict)
      return
    }
    let object = target.asObject
    let oldShape = object.shape
    let cacheable = isStoreCacheable(object, key)
    let succeeded = try set(object, key, value, receiver: target)
    if !succeeded {
      if strict { throw failedAssignment(object, key) }
      return
    }
    guard cacheable else { return }
    let newShape = object.shape
    if newShape == oldShape {
      if let location = newShape.lookup(key), !location.attributes.contains(.accessor),
        location.attributes.contains(.writable)
      {
        insertCacheEntry(
          cache,
          PropertyCacheEntry(
            shape: UInt(bitPattern: newShape.cell), offset: cacheOffset(object, location.slot), kind: .ownData))
      }
    } else if !oldShape.isDictionary && !newShape.isDictionary && newShape.parent == oldShape
      && newShape.key == key
    {
      insertCacheEntry(
        cache,
        PropertyCacheEntry(
          shape: UInt(bitPattern: oldShape.cell), offset: cacheOffset(object, newShape.slotIndex),
          kind: .addTransition, epoch: prototypeEpoch, holder: UInt(bitPattern: newShape.cell)))
    }
  }

  /// Stores to ordinary objects whose prototype chain holds no setter or read-only `key`.
  private func isStoreCacheable(_ object: ObjectRef, _ key: PropertyKey) -> Bool {
    switch object.objectClass {
    case .proxy, .stringObject, .arguments, .moduleNamespace: return false
    case .host: if hasHostHooks(object) { return false }
    case .array: if key == names.length { return false }
    case .typedArray: if canonicalNumericIndex(key) != nil { return false }
    default: break
    }
    if object.hasFlag(ObjectFlags.lazyProperties) || object.hasFlag(ObjectFlags.isPrototype) { return false }
    if object.shape.lookup(key) != nil { return true }
    var current = object.prototype
    while current.isObject {
      let holder = current.asObject
      if holder.isProxy || holder.objectClass == .moduleNamespace || hasHostHooks(holder) { return false }
      if holder.hasFlag(ObjectFlags.lazyProperties) { return false }
      if let location = holder.shape.lookup(key) {
        return location.attributes.contains(.writable) && !location.attributes.contains(.accessor)
      }
      current = holder.prototype
    }
    return true
  }

  /// Assignment to a property of a primitive: setters on the prototype run; otherwise strict mode throws.
  func setOnPrimitive(_ target: Value, _ key: PropertyKey, _ value: Value, strict: Bool) throws(JSException) {
    if target.isNullish {
      throw typeError(
        "Cannot set properties of \(target.isNull ? "null" : "undefined") (setting '\(keyDescription(key))')")
    }
    let prototype = try prototypeForPrimitive(target)
    let succeeded = try set(prototype, key, value, receiver: target)
    if !succeeded && strict {
      throw typeError(
        "Cannot create property '\(keyDescription(key))' on \(typeOf(target).swiftString(heap)) '\(try toString(target).swiftString(heap))'"
      )
    }
  }

  // MARK: Elements

  func getElement(_ target: Value, _ keyValue: Value) throws(JSException) -> Value {
    if target.isObject && keyValue.isInt32 {
      let object = target.asObject
      let index = keyValue.asInt32
      if index >= 0, Int(index) < object.denseCount {
        let element = object.denseElements[Int(index)]
        if !element.isEmpty && object.objectClass != .arguments && object.objectClass != .proxy { return element }
      }
      // Typed arrays: every int32 key is numeric, so the answer never involves the prototype.
      if object.objectClass == .typedArray { return typedArrayGetElement(object, Int(index)) }
    } else if target.isString && keyValue.isInt32 {
      let string = target.asString
      let index = Int(keyValue.asInt32)
      if index >= 0 && index < string.length { return singleCodeUnitString(string.codeUnit(at: index, heap)).value }
    }
    if target.isNullish {
      // The base is checked before the key is converted (ES2024 6.2.5.5 GetValue).
      var reading = ""
      if keyValue.isString { reading = " (reading '\(keyValue.asString.swiftString(heap))')" }
      if keyValue.isInt32 { reading = " (reading '\(keyValue.asInt32)')" }
      throw typeError("Cannot read properties of \(target.isNull ? "null" : "undefined")\(reading)")
    }
    let key = try toPropertyKey(keyValue)
    return try getV(target, key)
  }

  func setElement(_ target: Value, _ keyValue: Value, _ value: Value, strict: Bool) throws(JSException) {
    if target.isObject && keyValue.isInt32 {
      let object = target.asObject
      let index = keyValue.asInt32
      let flags = object.flags
      if index >= 0 && flags & (ObjectFlags.elementsFrozen | ObjectFlags.elementsSealed) == 0
        && (object.objectClass == .array || object.objectClass == .ordinary)
      {
        let count = object.denseCount
        if Int(index) < count && !object.denseElements[Int(index)].isEmpty {
          object.denseElements[Int(index)] = value
          return
        }
        if Int(index) == count && flags & ObjectFlags.extensible != 0 && !prototypesHaveIndexedProperties
          && object.sparseElements == nil
          && !(object.objectClass == .array && flags & ObjectFlags.lengthReadOnly != 0
            && UInt32(index) >= arrayLength(object))
        {
          storeDense(object, UInt32(index), value)
          return
        }
      }
      if object.objectClass == .typedArray {
        if value.isNumber && !typedArrayKind(object).isBigInt {
          storeIfValid(object, Int(index), value)
        } else {
          try typedArraySetElement(object, Double(index), value)
        }
        return
      }
    }
    if target.isNullish {
      throw typeError("Cannot set properties of \(target.isNull ? "null" : "undefined")")
    }
    let key = try toPropertyKey(keyValue)
    guard target.isObject else {
      try setOnPrimitive(target, key, value, strict: strict)
      return
    }
    let succeeded = try set(target.asObject, key, value, receiver: target)
    if !succeeded && strict {
      throw failedAssignment(target.asObject, key)
    }
  }

  func deleteProperty(_ target: Value, _ key: PropertyKey, strict: Bool) throws(JSException) -> Bool {
    let object = try toObject(target)
    let deleted = try delete(object, key)
    if !deleted && strict { throw typeError("Cannot delete property '\(keyDescription(key))' of object") }
    return deleted
  }

  // MARK: super

  /// GetSuperBase: the [[Prototype]] of the home object.
  func superBase(home: Value) throws(JSException) -> Value {
    guard home.isObject else { throw syntaxError("'super' keyword unexpected here") }
    return try getPrototypeOf(home.asObject)
  }

  func getSuperProperty(base: Value, key keyValue: Value, this: Value) throws(JSException) -> Value {
    if base.isNullish {
      throw typeError("Cannot read properties of \(base.isNull ? "null" : "undefined")")
    }
    let key = try toPropertyKey(keyValue)
    return try get(toObject(base), key, receiver: this)
  }

  func setSuperProperty(base: Value, key keyValue: Value, value: Value, this: Value, strict: Bool) throws(JSException) {
    if base.isNullish { throw typeError("Cannot set properties of \(base.isNull ? "null" : "undefined")") }
    let key = try toPropertyKey(keyValue)
    let holder = try toObject(base)
    let succeeded = try set(holder, key, value, receiver: this)
    if !succeeded && strict {
      throw failedAssignment(this.isObject ? this.asObject : holder, key)
    }
  }

  // MARK: Literals

  /// `{ name: value }`: the literal is ordinary and being built, so define directly.
  func defineLiteralProperty(_ object: ObjectRef, _ key: PropertyKey, _ value: Value) {
    if key.isIndex || object.shape.lookup(key) != nil {
      _ = ordinaryDefineOwnProperty(
        object, key, PropertyDescriptor(value: value, writable: true, enumerable: true, configurable: true))
    } else {
      addProperty(object, key, value, .default)
    }
  }

  func defineMethodProperty(_ object: ObjectRef, key keyValue: Value, function: ObjectRef, enumerable: Bool)
    throws(JSException)
  {
    let key = try toPropertyKey(keyValue)
    function.setInternalSlot(FunctionSlot.homeObject, object.value)
    setFunctionName(function, functionName(for: key))
    try definePropertyOrThrow(
      object, key, PropertyDescriptor(value: function.value, writable: true, enumerable: enumerable, configurable: true)
    )
  }

  func defineAccessorProperty(
    _ object: ObjectRef, key keyValue: Value, function: ObjectRef, isGetter: Bool, enumerable: Bool
  ) throws(JSException) {
    let key = try toPropertyKey(keyValue)
    function.setInternalSlot(FunctionSlot.homeObject, object.value)
    setFunctionName(function, functionName(for: key, prefix: isGetter ? "get" : "set"))
    var descriptor = PropertyDescriptor(enumerable: enumerable, configurable: true)
    if isGetter { descriptor.getter = function.value } else { descriptor.setter = function.value }
    try definePropertyOrThrow(object, key, descriptor)
  }

  /// CopyDataProperties(target, source, excludedItems)
  func copyDataProperties(
    into target: ObjectRef, from source: Value, excluded: UnsafeMutablePointer<Value>, excludedCount: Int
  ) throws(JSException) {
    if source.isNullish { return }
    let from = try toObject(source)
    var excludedKeys: [PropertyKey] = []
    for index in 0..<excludedCount { excludedKeys.append(try toPropertyKey(excluded[index])) }
    let keys = try ownPropertyKeys(from)
    let rooted = RootedValues(self, capacity: keys.count)
    for key in keys { rooted.append(Value(bits: key.bits)) }
    for key in keys where !excludedKeys.contains(key) {
      if let descriptor = try getOwnProperty(from, key), descriptor.enumerable == true {
        let value = try get(from, key, receiver: from.value)
        try createDataPropertyOrThrow(target, key, value)
      }
    }
  }

  func appendToArrayLiteral(_ array: ObjectRef, _ value: Value) {
    storeDense(array, arrayLength(array), value)
  }

  /// Appends every value an iterable yields (spread in array literals and calls).
  func appendSpread(_ array: ObjectRef, _ iterable: Value) throws(JSException) {
    // Fast path: a plain array with the unmodified array iterator.
    if iterable.isObject, iterable.asObject.isArray, hasDefaultArrayIteration(iterable.asObject) {
      let source = iterable.asObject
      let length = Int(arrayLength(source))
      for index in 0..<length {
        // The growing array counts toward the heap limit; the safe point turns it into a RangeError.
        if index & 4095 == 4095 { try checkSafePoint() }
        let element = try get(source, PropertyKey(index: UInt32(index)))
        storeDense(array, arrayLength(array), element)
      }
      return
    }
    let (iterator, next) = try getIterator(iterable)
    var count = 0
    while let value = try iteratorStep(iterator: iterator, next: next) {
      count &+= 1
      if count & 4095 == 0 { try checkSafePoint() }
      storeDense(array, arrayLength(array), value)
    }
  }

  /// Arrays whose iteration is the built-in one (no user-visible steps to observe).
  func hasDefaultArrayIteration(_ array: ObjectRef) -> Bool {
    guard array.prototype == realm[.arrayPrototype], !array.shape.isDictionary else { return false }
    if array.shape.lookup(PropertyKey(symbol: symbols.iterator)) != nil { return false }
    let prototype = realm.object(.arrayPrototype)
    guard case .data(let method, _, _) = lookupOwn(prototype, PropertyKey(symbol: symbols.iterator)),
      method == realm[.arrayPrototypeValues]
    else { return false }
    let iteratorPrototype = realm.object(.arrayIteratorPrototype)
    guard case .data(let next, _, _) = lookupOwn(iteratorPrototype, names.next) else { return false }
    return next == realm[.arrayIteratorPrototypeNext]
  }

  /// GetTemplateObject (ES2024 13.2.8.4): frozen strings array with a frozen `raw`.
  func createTemplateObject(_ strings: UnsafeMutablePointer<Value>, count: Int) -> Value {
    let cooked = newArray(UnsafeBufferPointer(start: strings, count: count))
    let raw = newArray(UnsafeBufferPointer(start: strings + count, count: count))
    _ = try? setIntegrityLevel(raw, frozen: true)
    addProperty(cooked, names.raw, raw.value, [])
    _ = try? setIntegrityLevel(cooked, frozen: true)
    return cooked.value
  }

  // MARK: Classes

  func createClass(
    constructorRegister: UnsafeMutablePointer<Value>, prototypeRegister: UnsafeMutablePointer<Value>,
    code: CodeBlockCellRef, hasSuperclass: Bool, environment: Value
  ) throws(JSException) {
    var prototypeParent = realm[.objectPrototype]
    var constructorParent = realm[.functionPrototype]
    if hasSuperclass {
      let superclass = constructorRegister.pointee
      if superclass.isNull {
        prototypeParent = .null
      } else {
        guard superclass.isConstructor else {
          throw typeError("Class extends value \(describeForError(superclass)) is not a constructor or null")
        }
        let parentPrototype = try get(superclass.asObject, names.prototype)
        guard parentPrototype.isObject || parentPrototype.isNull else {
          throw typeError("Class extends value does not have valid prototype property")
        }
        prototypeParent = parentPrototype
        constructorParent = superclass
      }
    }
    let prototype = newObject(.ordinary, prototype: prototypeParent)
    let constructor = newClosure(code, environment: environment, homeObject: prototype.value)
    if constructorParent != realm[.functionPrototype] {
      let shape = dictionaryCopy(of: constructor.shape)
      shape.prototype = constructorParent
      constructor.shape = shape
      if constructorParent.isObject { markAsPrototype(constructorParent.asObject) }
    }
    materializeLazyProperties(constructor)
    addProperty(constructor, names.prototype, prototype.value, [])
    addProperty(prototype, names.constructor, constructor.value, .builtin)
    constructorRegister.pointee = constructor.value
    prototypeRegister.pointee = prototype.value
  }
}
