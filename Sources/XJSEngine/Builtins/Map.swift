// Map (ES2024 24.1) and %MapIteratorPrototype% (24.1.5).
//
// A Map's entries are an OrderedHashTable (payload, two Values per entry).
// Map iterator internal slots: 0 the map (undefined once done), 1 the kind
// (IterationKind); payload: the HashTableCursor walking the map's table.

extension Realm {
  func installMap(_ runtime: Runtime) {
    let prototype = runtime.newObject(.ordinary, prototype: self[.objectPrototype])
    self[.mapPrototype] = prototype.value
    let constructor = makeConstructor("Map", length: 0, prototype: prototype) {
      runtime, arguments throws(JSException) in
      try runtime.constructMap(arguments)
    }
    self[.mapConstructor] = constructor.value
    runtime.defineNativeMethod(constructor, "groupBy", length: 2) { runtime, arguments throws(JSException) in
      try runtime.mapGroupBy(arguments[0], arguments[1])
    }
    runtime.defineSpeciesGetter(constructor)
    deferProperties(of: prototype, to: .mapPrototype)
    installMapIterator(runtime)
  }

  func installMapPrototype(_ runtime: Runtime, _ prototype: ObjectRef) {
    runtime.defineNativeMethod(prototype, "clear", length: 0) { runtime, arguments throws(JSException) in
      try runtime.thisMapTable(arguments, "Map.prototype.clear").removeAll()
      return .undefined
    }
    runtime.defineNativeMethod(prototype, "delete", length: 1) { runtime, arguments throws(JSException) in
      let table = try runtime.thisMapTable(arguments, "Map.prototype.delete")
      guard let index = table.find(arguments[0]) else { return .false }
      table.remove(at: index)
      return .true
    }
    let entries = runtime.defineNativeMethod(prototype, "entries", length: 0) {
      runtime, arguments throws(JSException) in
      try runtime.createMapIterator(arguments, .entries, "Map.prototype.entries")
    }
    runtime.defineNativeMethod(prototype, "forEach", length: 1) { runtime, arguments throws(JSException) in
      let table = try runtime.thisMapTable(arguments, "Map.prototype.forEach")
      let callback = arguments[0]
      guard callback.isCallable else {
        throw runtime.typeError("\(runtime.describeForError(callback)) is not a function")
      }
      let cursor = HashTableCursor(table)
      while let index = table.next(cursor) {
        let key = table.key(at: index)
        let value = table.value(at: index)
        _ = try runtime.call(callback, this: arguments[1], arguments: [value, key, arguments.this])
      }
      return .undefined
    }
    runtime.defineNativeMethod(prototype, "get", length: 1) { runtime, arguments throws(JSException) in
      let table = try runtime.thisMapTable(arguments, "Map.prototype.get")
      guard let index = table.find(arguments[0]) else { return .undefined }
      return table.value(at: index)
    }
    // The upsert proposal: getOrInsert, getOrInsertComputed.
    runtime.defineNativeMethod(prototype, "getOrInsert", length: 2) { runtime, arguments throws(JSException) in
      let table = try runtime.thisMapTable(arguments, "Map.prototype.getOrInsert")
      if let index = table.find(arguments[0]) { return table.value(at: index) }
      try runtime.mapSet(table, arguments[0], arguments[1])
      return arguments[1]
    }
    runtime.defineNativeMethod(prototype, "getOrInsertComputed", length: 2) { runtime, arguments throws(JSException) in
      let table = try runtime.thisMapTable(arguments, "Map.prototype.getOrInsertComputed")
      let callback = arguments[1]
      guard callback.isCallable else {
        throw runtime.typeError("\(runtime.describeForError(callback)) is not a function")
      }
      let key = OrderedHashTable.normalize(arguments[0])
      if let index = table.find(key) { return table.value(at: index) }
      let value = try runtime.call(callback, this: .undefined, arguments: [key])
      // The callback may have changed the map: set (not append) the value.
      try runtime.mapSet(table, key, value)
      return value
    }
    runtime.defineNativeMethod(prototype, "has", length: 1) { runtime, arguments throws(JSException) in
      Value(try runtime.thisMapTable(arguments, "Map.prototype.has").find(arguments[0]) != nil)
    }
    runtime.defineNativeMethod(prototype, "keys", length: 0) { runtime, arguments throws(JSException) in
      try runtime.createMapIterator(arguments, .keys, "Map.prototype.keys")
    }
    let set = runtime.defineNativeMethod(prototype, "set", length: 2) { runtime, arguments throws(JSException) in
      try runtime.mapSet(runtime.thisMapTable(arguments, "Map.prototype.set"), arguments[0], arguments[1])
      return arguments.this
    }
    self[.mapPrototypeSet] = set.value
    runtime.defineNativeAccessor(
      prototype, runtime.names.size, name: "size",
      getter: { runtime, arguments throws(JSException) in
        Value(try runtime.thisMapTable(arguments, "get Map.prototype.size").count)
      })
    recordGetter(runtime, prototype, runtime.names.size, as: .mapSizeGetter)
    runtime.defineNativeMethod(prototype, "values", length: 0) { runtime, arguments throws(JSException) in
      try runtime.createMapIterator(arguments, .values, "Map.prototype.values")
    }
    runtime.addProperty(prototype, PropertyKey(symbol: runtime.symbols.iterator), entries.value, .builtin)
    runtime.addProperty(
      prototype, PropertyKey(symbol: runtime.symbols.toStringTag), runtime.newString("Map").value, [.configurable])
  }

  private func installMapIterator(_ runtime: Runtime) {
    let prototype = runtime.newObject(.ordinary, prototype: self[.iteratorPrototype])
    self[.mapIteratorPrototype] = prototype.value
    runtime.defineNativeMethod(prototype, "next", length: 0) { runtime, arguments throws(JSException) in
      let iterator = try runtime.thisObject(arguments, .mapIterator, "%MapIteratorPrototype%.next")
      return runtime.hashTableIteratorNext(iterator)
    }
    runtime.addProperty(
      prototype, PropertyKey(symbol: runtime.symbols.toStringTag), runtime.newString("Map Iterator").value,
      [.configurable])
  }
}

extension Runtime {
  /// `get [Symbol.species]() { return this; }` (ES2024 24.1.2.3 and its siblings).
  func defineSpeciesGetter(_ constructor: ObjectRef) {
    defineNativeAccessor(
      constructor, PropertyKey(symbol: symbols.species), name: "[Symbol.species]",
      getter: { _, arguments throws(JSException) in arguments.this })
  }

  /// The entries of a Map receiver, or a TypeError naming `method`.
  func thisMapTable(_ arguments: NativeArguments, _ method: String) throws(JSException) -> OrderedHashTable {
    let map = try thisObject(arguments, .map, method)
    return map.payloadObject(as: OrderedHashTable.self)!
  }

  func newMapObject(prototype: Value) -> ObjectRef {
    let map = newObject(.map, prototype: prototype)
    map.setPayloadObject(OrderedHashTable(width: 2, heap: heap))
    return map
  }

  /// Map.prototype.set's effect on the entries (ES2024 24.1.3.9).
  func mapSet(_ table: OrderedHashTable, _ key: Value, _ value: Value) throws(JSException) {
    if let index = table.find(key) {
      table.setValue(value, at: index)
    } else if !table.append(key, value) {
      throw rangeError("Map maximum size exceeded")
    }
  }

  /// The Map constructor (ES2024 24.1.1.1).
  func constructMap(_ arguments: NativeArguments) throws(JSException) -> Value {
    guard arguments.isConstructCall else { throw typeError("Constructor Map requires 'new'") }
    let prototype = try prototypeFromConstructor(arguments.newTarget, fallback: .mapPrototype)
    let map = newMapObject(prototype: prototype)
    let iterable = arguments[0]
    if iterable.isNullish { return map.value }
    let adder = try get(map, names.set)
    guard adder.isCallable else {
      throw typeError("'\(describeForError(adder))' returned for property 'set' of object '#<Map>' is not a function")
    }
    // Calling the original `set` on a fresh Map only inserts: do that directly.
    let table = map.payloadObject(as: OrderedHashTable.self)!
    let direct = adder == realm[.mapPrototypeSet]
    try forEachIteratedValue(iterable) { entry throws(JSException) in
      // AddEntriesFromIterable (ES2024 24.1.1.2) steps 4.c–4.h.
      guard entry.isObject else {
        throw typeError("Iterator value \(describeForError(entry)) is not an entry object")
      }
      let key = try get(entry.asObject, PropertyKey(index: 0))
      let value = try get(entry.asObject, PropertyKey(index: 1))
      if direct {
        try mapSet(table, key, value)
      } else {
        _ = try call(adder, this: map.value, arguments: [key, value])
      }
    }
    return map.value
  }

  /// Map.groupBy (ES2024 24.1.2.1): GroupBy with zero-normalized keys, each group an array.
  func mapGroupBy(_ items: Value, _ callback: Value) throws(JSException) -> Value {
    try requireObjectCoercible(items)
    guard callback.isCallable else { throw typeError("\(describeForError(callback)) is not a function") }
    let map = newMapObject(prototype: realm[.mapPrototype])
    let table = map.payloadObject(as: OrderedHashTable.self)!
    var index = 0
    let (iterator, next) = try getIterator(items)
    while let value = try iteratorStep(iterator: iterator, next: next) {
      do throws(JSException) {
        let key = try call(callback, this: .undefined, arguments: [value, Value(index)])
        if let entry = table.find(key) {
          let group = table.value(at: entry).asObject
          storeDense(group, arrayLength(group), value)
        } else if !table.append(key, newArray([value]).value) {
          throw rangeError("Map maximum size exceeded")
        }
      } catch {
        try? iteratorClose(iterator, suppressErrors: true)
        throw error
      }
      index += 1
    }
    return map.value
  }

  /// CreateMapIterator (ES2024 24.1.5.1) on the receiver of `method`.
  func createMapIterator(_ arguments: NativeArguments, _ kind: IterationKind, _ method: String) throws(JSException)
    -> Value
  {
    let map = try thisObject(arguments, .map, method)
    return createHashTableIterator(map, kind, .mapIterator, realm[.mapIteratorPrototype])
  }

  /// A Map or Set iterator over `collection` whose cursor starts at the first entry.
  func createHashTableIterator(
    _ collection: ObjectRef, _ kind: IterationKind, _ objectClass: ObjectClass, _ prototype: Value
  ) -> Value {
    let iterator = newObject(objectClass, prototype: prototype)
    iterator.setInternalSlot(0, collection.value)
    iterator.setInternalSlot(1, Value(kind.rawValue))
    let cursor = HashTableCursor(collection.payloadObject(as: OrderedHashTable.self)!)
    iterator.setPayloadObject(cursor)
    return iterator.value
  }

  /// %MapIteratorPrototype%.next and %SetIteratorPrototype%.next: the next live entry, or done
  /// for good once the end was reached.
  func hashTableIteratorNext(_ iterator: ObjectRef) -> Value {
    let collection = iterator.internalSlot(0)
    guard collection.isObject, let cursor = iterator.payloadObject(as: HashTableCursor.self) else {
      return iteratorResult(.undefined, done: true)
    }
    let table = collection.asObject.payloadObject(as: OrderedHashTable.self)!
    guard let index = table.next(cursor) else {
      iterator.setInternalSlot(0, .undefined)
      iterator.setPayloadObject(nil as HashTableCursor?)
      return iteratorResult(.undefined, done: true)
    }
    let key = table.key(at: index)
    let kind = IterationKind(rawValue: iterator.internalSlot(1).asInt32) ?? .values
    switch kind {
    case .keys:
      return iteratorResult(key, done: false)
    case .values:
      return iteratorResult(table.width == 2 ? table.value(at: index) : key, done: false)
    case .entries:
      let value = table.width == 2 ? table.value(at: index) : key
      return iteratorResult(newArray([key, value]).value, done: false)
    }
  }

  /// Runs `body` on each value `iterable` produces, as the loops of AddEntriesFromIterable
  /// (ES2024 24.1.1.2) and the Set constructor do: an error thrown by `body` closes the
  /// iterator, an error from the iterator itself does not. An array whose iteration is the
  /// default one is walked without iterator objects, with the array iterator's own steps
  /// (the length is read again before each element, each element is a [[Get]]).
  func forEachIteratedValue(_ iterable: Value, _ body: (Value) throws(JSException) -> Void) throws(JSException) {
    guard iterable.isObject, iterable.asObject.isArray, hasDefaultArrayIteration(iterable.asObject) else {
      let (iterator, next) = try getIterator(iterable)
      var count = 0
      while let value = try iteratorStep(iterator: iterator, next: next) {
        do throws(JSException) {
          try body(value)
        } catch {
          try? iteratorClose(iterator, suppressErrors: true)
          throw error
        }
        // A native iterator (another Map or Set) runs no safe point of its own.
        count &+= 1
        if count & 0xFFF == 0 { try checkSafePoint() }
      }
      return
    }
    let array = iterable.asObject
    var index = 0
    while index < Int(arrayLength(array)) {
      let value: Value
      if index < array.denseCount, case let element = array.denseElements[index], !element.isEmpty {
        value = element
      } else {
        value = try get(array, PropertyKey(index: UInt32(index)))
      }
      index += 1
      do throws(JSException) {
        try body(value)
      } catch {
        // IteratorClose on the array iterator this loop stands for.
        let iterator = createArrayIterator(array.value, kind: .values)
        iterator.asObject.setInternalSlot(1, Value(index))
        try? iteratorClose(iterator, suppressErrors: true)
        throw error
      }
      if index & 0xFFF == 0 { try checkSafePoint() }
    }
  }
}
