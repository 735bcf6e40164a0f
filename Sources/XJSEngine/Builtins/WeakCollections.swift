// WeakMap (ES2024 24.3) and WeakSet (24.4).
//
// A weak collection's payload is a WeakTable: key cell address → value. The
// collector does not trace it. After marking, `processWeakCollections` runs the
// ephemeron fixpoint (a value is marked only once its key and its collection
// are known to be live, which may make further keys live) and then drops every
// entry whose key was not marked, before the sweep frees those keys. Every
// WeakTable is listed in the runtime's WeakCollectionRegistry for this.

/// The entries of one WeakMap or WeakSet.
final class WeakTable {
  /// Key cell address → value (undefined for a WeakSet).
  private(set) var entries: [UInt: Value] = [:]
  /// The WeakMap/WeakSet object owning this table.
  let owner: CellPointer
  private let registry: WeakCollectionRegistry

  init(owner: CellPointer, registry: WeakCollectionRegistry) {
    self.owner = owner
    self.registry = registry
    registry.add(self)
  }

  deinit { registry.remove(self) }

  var count: Int { entries.count }

  @inline(__always) private static func address(_ key: Value) -> UInt { UInt(bitPattern: key.asCell) }

  func get(_ key: Value) -> Value? { entries[WeakTable.address(key)] }
  func set(_ key: Value, _ value: Value) { entries[WeakTable.address(key)] = value }
  @discardableResult func remove(_ key: Value) -> Bool { entries.removeValue(forKey: WeakTable.address(key)) != nil }

  /// Marks the values of live keys not yet marked; true if any was.
  func markValuesOfLiveKeys(_ heap: Heap) -> Bool {
    var marked = false
    for (key, value) in entries where value.isCell && !heap.isMarked(value.asCell) {
      if heap.isMarked(CellPointer(bitPattern: key)!) {
        heap.mark(value)
        marked = true
      }
    }
    return marked
  }

  func removeDeadKeys(_ heap: Heap) {
    let dead = entries.keys.filter { !heap.isMarked(CellPointer(bitPattern: $0)!) }
    for key in dead { entries[key] = nil }
  }
}

/// Every live WeakTable of a runtime (tables remove themselves when their object is finalized).
final class WeakCollectionRegistry {
  private(set) var tables: [ObjectIdentifier: Unmanaged<WeakTable>] = [:]
  func add(_ table: WeakTable) { tables[ObjectIdentifier(table)] = Unmanaged.passUnretained(table) }
  func remove(_ table: WeakTable) { tables[ObjectIdentifier(table)] = nil }
}

extension Runtime {
  /// Called by the collector after marking and before anything weak is cleared.
  func processWeakCollections(_ heap: Heap) {
    let tables = weakCollections.tables.values.map { $0.takeUnretainedValue() }
    if tables.isEmpty { return }
    // Ephemeron fixpoint: marking a value can make another table's key (or table) live.
    var marked = true
    while marked {
      marked = false
      for table in tables where heap.isMarked(table.owner) {
        if table.markValuesOfLiveKeys(heap) { marked = true }
      }
      if marked { heap.drainMarkStack() }
    }
    for table in tables { table.removeDeadKeys(heap) }
  }

  /// CanBeHeldWeakly (ES2024 9.13): objects, and symbols not in the global registry.
  func canBeHeldWeakly(_ value: Value) -> Bool {
    value.isObject || (value.isSymbol && !value.asSymbol.isRegistered)
  }

  func weakTable(_ arguments: NativeArguments, _ objectClass: ObjectClass, _ method: String) throws(JSException)
    -> WeakTable
  {
    try thisObject(arguments, objectClass, method).payloadObject(as: WeakTable.self)!
  }

  /// The WeakMap and WeakSet constructors (ES2024 24.3.1.1, 24.4.1.1).
  func constructWeakCollection(_ arguments: NativeArguments, _ objectClass: ObjectClass) throws(JSException)
    -> Value
  {
    let isMap = objectClass == .weakMap
    let name = isMap ? "WeakMap" : "WeakSet"
    guard arguments.isConstructCall else { throw typeError("Constructor \(name) requires 'new'") }
    let prototype = try prototypeFromConstructor(
      arguments.newTarget, fallback: isMap ? .weakMapPrototype : .weakSetPrototype)
    let collection = newObject(objectClass, prototype: prototype)
    let table = WeakTable(owner: collection.cell, registry: weakCollections)
    collection.setPayloadObject(table)
    let iterable = arguments[0]
    if iterable.isNullish { return collection.value }
    let adderName = isMap ? names.set : names.add
    let adder = try get(collection, adderName)
    guard adder.isCallable else {
      throw typeError(
        "'\(describeForError(adder))' returned for property '\(keyDescription(adderName))' of object '#<\(name)>' is not a function"
      )
    }
    try forEachIteratedValue(iterable) { item throws(JSException) in
      if isMap {
        guard item.isObject else { throw typeError("Iterator value \(describeForError(item)) is not an entry object") }
        let key = try get(item.asObject, PropertyKey(index: 0))
        let value = try get(item.asObject, PropertyKey(index: 1))
        _ = try call(adder, this: collection.value, arguments: [key, value])
      } else {
        _ = try call(adder, this: collection.value, arguments: [item])
      }
    }
    return collection.value
  }
}

extension Realm {
  func installWeakCollections(_ runtime: Runtime) {
    installWeakMap(runtime)
    installWeakSet(runtime)
  }

  private func installWeakMap(_ runtime: Runtime) {
    let prototype = runtime.newObject(.ordinary, prototype: self[.objectPrototype])
    self[.weakMapPrototype] = prototype.value
    _ = makeConstructor("WeakMap", length: 0, prototype: prototype) { runtime, arguments throws(JSException) in
      try runtime.constructWeakCollection(arguments, .weakMap)
    }
    runtime.defineNativeMethod(prototype, "delete", length: 1) { runtime, arguments throws(JSException) in
      let table = try runtime.weakTable(arguments, .weakMap, "WeakMap.prototype.delete")
      guard runtime.canBeHeldWeakly(arguments[0]) else { return .false }
      return Value(table.remove(arguments[0]))
    }
    runtime.defineNativeMethod(prototype, "get", length: 1) { runtime, arguments throws(JSException) in
      let table = try runtime.weakTable(arguments, .weakMap, "WeakMap.prototype.get")
      guard runtime.canBeHeldWeakly(arguments[0]) else { return .undefined }
      return table.get(arguments[0]) ?? .undefined
    }
    // The upsert proposal: getOrInsert, getOrInsertComputed.
    runtime.defineNativeMethod(prototype, "getOrInsert", length: 2) { runtime, arguments throws(JSException) in
      let table = try runtime.weakTable(arguments, .weakMap, "WeakMap.prototype.getOrInsert")
      guard runtime.canBeHeldWeakly(arguments[0]) else {
        throw runtime.typeError("Invalid value used as weak map key")
      }
      if let value = table.get(arguments[0]) { return value }
      table.set(arguments[0], arguments[1])
      return arguments[1]
    }
    runtime.defineNativeMethod(prototype, "getOrInsertComputed", length: 2) {
      runtime, arguments throws(JSException) in
      let table = try runtime.weakTable(arguments, .weakMap, "WeakMap.prototype.getOrInsertComputed")
      guard runtime.canBeHeldWeakly(arguments[0]) else {
        throw runtime.typeError("Invalid value used as weak map key")
      }
      let callback = arguments[1]
      guard callback.isCallable else {
        throw runtime.typeError("\(runtime.describeForError(callback)) is not a function")
      }
      if let value = table.get(arguments[0]) { return value }
      let value = try runtime.call(callback, this: .undefined, arguments: [arguments[0]])
      table.set(arguments[0], value)
      return value
    }
    runtime.defineNativeMethod(prototype, "has", length: 1) { runtime, arguments throws(JSException) in
      let table = try runtime.weakTable(arguments, .weakMap, "WeakMap.prototype.has")
      guard runtime.canBeHeldWeakly(arguments[0]) else { return .false }
      return Value(table.get(arguments[0]) != nil)
    }
    runtime.defineNativeMethod(prototype, "set", length: 2) { runtime, arguments throws(JSException) in
      let table = try runtime.weakTable(arguments, .weakMap, "WeakMap.prototype.set")
      guard runtime.canBeHeldWeakly(arguments[0]) else {
        throw runtime.typeError("Invalid value used as weak map key")
      }
      table.set(arguments[0], arguments[1])
      return arguments.this
    }
    runtime.addProperty(
      prototype, PropertyKey(symbol: runtime.symbols.toStringTag), runtime.newString("WeakMap").value,
      [.configurable])
  }

  private func installWeakSet(_ runtime: Runtime) {
    let prototype = runtime.newObject(.ordinary, prototype: self[.objectPrototype])
    self[.weakSetPrototype] = prototype.value
    _ = makeConstructor("WeakSet", length: 0, prototype: prototype) { runtime, arguments throws(JSException) in
      try runtime.constructWeakCollection(arguments, .weakSet)
    }
    runtime.defineNativeMethod(prototype, "add", length: 1) { runtime, arguments throws(JSException) in
      let table = try runtime.weakTable(arguments, .weakSet, "WeakSet.prototype.add")
      guard runtime.canBeHeldWeakly(arguments[0]) else { throw runtime.typeError("Invalid value used in weak set") }
      table.set(arguments[0], .undefined)
      return arguments.this
    }
    runtime.defineNativeMethod(prototype, "delete", length: 1) { runtime, arguments throws(JSException) in
      let table = try runtime.weakTable(arguments, .weakSet, "WeakSet.prototype.delete")
      guard runtime.canBeHeldWeakly(arguments[0]) else { return .false }
      return Value(table.remove(arguments[0]))
    }
    runtime.defineNativeMethod(prototype, "has", length: 1) { runtime, arguments throws(JSException) in
      let table = try runtime.weakTable(arguments, .weakSet, "WeakSet.prototype.has")
      guard runtime.canBeHeldWeakly(arguments[0]) else { return .false }
      return Value(table.get(arguments[0]) != nil)
    }
    runtime.addProperty(
      prototype, PropertyKey(symbol: runtime.symbols.toStringTag), runtime.newString("WeakSet").value,
      [.configurable])
  }
}
