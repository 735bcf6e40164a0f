// Set (ES2024 24.2, with the ES2025 set methods of 24.2.4) and %SetIteratorPrototype% (24.2.6).
//
// A Set's elements are an OrderedHashTable (payload, one Value per entry).
// Set iterators share the Map iterators' layout (see Map.swift).

extension Realm {
  func installSet(_ runtime: Runtime) {
    let prototype = runtime.newObject(.ordinary, prototype: self[.objectPrototype])
    self[.setPrototype] = prototype.value
    let constructor = makeConstructor("Set", length: 0, prototype: prototype) {
      runtime, arguments throws(JSException) in
      try runtime.constructSet(arguments)
    }
    self[.setConstructor] = constructor.value
    runtime.defineSpeciesGetter(constructor)
    deferProperties(of: prototype, to: .setPrototype)
    installSetIterator(runtime)
  }

  func installSetPrototypeProperties(_ runtime: Runtime, _ prototype: ObjectRef) {
    installSetPrototype(runtime, prototype)
    installSetAlgebra(runtime, prototype)
  }

  private func installSetPrototype(_ runtime: Runtime, _ prototype: ObjectRef) {
    let add = runtime.defineNativeMethod(prototype, "add", length: 1) { runtime, arguments throws(JSException) in
      try runtime.setAdd(runtime.thisSetTable(arguments, "Set.prototype.add"), arguments[0])
      return arguments.this
    }
    self[.setPrototypeAdd] = add.value
    runtime.defineNativeMethod(prototype, "clear", length: 0) { runtime, arguments throws(JSException) in
      try runtime.thisSetTable(arguments, "Set.prototype.clear").removeAll()
      return .undefined
    }
    runtime.defineNativeMethod(prototype, "delete", length: 1) { runtime, arguments throws(JSException) in
      let table = try runtime.thisSetTable(arguments, "Set.prototype.delete")
      guard let index = table.find(arguments[0]) else { return .false }
      table.remove(at: index)
      return .true
    }
    runtime.defineNativeMethod(prototype, "entries", length: 0) { runtime, arguments throws(JSException) in
      try runtime.createSetIterator(arguments, .entries, "Set.prototype.entries")
    }
    runtime.defineNativeMethod(prototype, "forEach", length: 1) { runtime, arguments throws(JSException) in
      let table = try runtime.thisSetTable(arguments, "Set.prototype.forEach")
      let callback = arguments[0]
      guard callback.isCallable else {
        throw runtime.typeError("\(runtime.describeForError(callback)) is not a function")
      }
      let cursor = HashTableCursor(table)
      while let index = table.next(cursor) {
        let element = table.key(at: index)
        _ = try runtime.call(callback, this: arguments[1], arguments: [element, element, arguments.this])
      }
      return .undefined
    }
    runtime.defineNativeMethod(prototype, "has", length: 1) { runtime, arguments throws(JSException) in
      Value(try runtime.thisSetTable(arguments, "Set.prototype.has").find(arguments[0]) != nil)
    }
    runtime.defineNativeAccessor(
      prototype, runtime.names.size, name: "size",
      getter: { runtime, arguments throws(JSException) in
        Value(try runtime.thisSetTable(arguments, "get Set.prototype.size").count)
      })
    recordGetter(runtime, prototype, runtime.names.size, as: .setSizeGetter)
    let values = runtime.defineNativeMethod(prototype, "values", length: 0) { runtime, arguments throws(JSException) in
      try runtime.createSetIterator(arguments, .values, "Set.prototype.values")
    }
    // ES2024 24.2.3.8: `keys` is the same function object as `values`.
    runtime.addProperty(prototype, runtime.names.keys, values.value, .builtin)
    runtime.addProperty(prototype, PropertyKey(symbol: runtime.symbols.iterator), values.value, .builtin)
    runtime.addProperty(
      prototype, PropertyKey(symbol: runtime.symbols.toStringTag), runtime.newString("Set").value, [.configurable])
  }

  /// union, intersection, difference, symmetricDifference, isSubsetOf, isSupersetOf, isDisjointFrom.
  private func installSetAlgebra(_ runtime: Runtime, _ prototype: ObjectRef) {
    let operations: [(String, (Runtime, ObjectRef, SetRecord) throws(JSException) -> Value)] = [
      ("union", { runtime, set, other throws(JSException) in try runtime.setUnion(set, other) }),
      ("intersection", { runtime, set, other throws(JSException) in try runtime.setIntersection(set, other) }),
      ("difference", { runtime, set, other throws(JSException) in try runtime.setDifference(set, other) }),
      (
        "symmetricDifference",
        { runtime, set, other throws(JSException) in try runtime.setSymmetricDifference(set, other) }
      ),
      ("isSubsetOf", { runtime, set, other throws(JSException) in try runtime.setIsSubsetOf(set, other) }),
      ("isSupersetOf", { runtime, set, other throws(JSException) in try runtime.setIsSupersetOf(set, other) }),
      ("isDisjointFrom", { runtime, set, other throws(JSException) in try runtime.setIsDisjointFrom(set, other) }),
    ]
    for (name, operation) in operations {
      runtime.defineNativeMethod(prototype, name, length: 1) { runtime, arguments throws(JSException) in
        let set = try runtime.thisObject(arguments, .set, "Set.prototype.\(name)")
        let other = try runtime.getSetRecord(arguments[0])
        return try operation(runtime, set, other)
      }
    }
  }

  private func installSetIterator(_ runtime: Runtime) {
    let prototype = runtime.newObject(.ordinary, prototype: self[.iteratorPrototype])
    self[.setIteratorPrototype] = prototype.value
    runtime.defineNativeMethod(prototype, "next", length: 0) { runtime, arguments throws(JSException) in
      let iterator = try runtime.thisObject(arguments, .setIterator, "%SetIteratorPrototype%.next")
      return runtime.hashTableIteratorNext(iterator)
    }
    runtime.addProperty(
      prototype, PropertyKey(symbol: runtime.symbols.toStringTag), runtime.newString("Set Iterator").value,
      [.configurable])
  }
}

/// A Set Record (ES2025 24.2.1.2): what the set methods read from their argument.
struct SetRecord {
  let object: Value
  /// A non-negative integer or +Infinity.
  let size: Double
  let has: Value
  let keys: Value
}

extension Runtime {
  /// The elements of a Set receiver, or a TypeError naming `method`.
  func thisSetTable(_ arguments: NativeArguments, _ method: String) throws(JSException) -> OrderedHashTable {
    try thisObject(arguments, .set, method).payloadObject(as: OrderedHashTable.self)!
  }

  func newSetObject(prototype: Value, table: OrderedHashTable? = nil) -> ObjectRef {
    let set = newObject(.set, prototype: prototype)
    set.setPayloadObject(table ?? OrderedHashTable(width: 1, heap: heap))
    return set
  }

  /// Set.prototype.add's effect on the elements (ES2024 24.2.3.1).
  func setAdd(_ table: OrderedHashTable, _ value: Value) throws(JSException) {
    if table.find(value) != nil { return }
    if !table.append(value) { throw rangeError("Set maximum size exceeded") }
  }

  /// The Set constructor (ES2024 24.2.1.1).
  func constructSet(_ arguments: NativeArguments) throws(JSException) -> Value {
    guard arguments.isConstructCall else { throw typeError("Constructor Set requires 'new'") }
    let prototype = try prototypeFromConstructor(arguments.newTarget, fallback: .setPrototype)
    let set = newSetObject(prototype: prototype)
    let iterable = arguments[0]
    if iterable.isNullish { return set.value }
    let adder = try get(set, names.add)
    guard adder.isCallable else {
      throw typeError("'\(describeForError(adder))' returned for property 'add' of object '#<Set>' is not a function")
    }
    // Calling the original `add` on a fresh Set only inserts: do that directly.
    let table = set.payloadObject(as: OrderedHashTable.self)!
    let direct = adder == realm[.setPrototypeAdd]
    try forEachIteratedValue(iterable) { value throws(JSException) in
      if direct {
        try setAdd(table, value)
      } else {
        _ = try call(adder, this: set.value, arguments: [value])
      }
    }
    return set.value
  }

  /// CreateSetIterator (ES2024 24.2.6.1) on the receiver of `method`.
  func createSetIterator(_ arguments: NativeArguments, _ kind: IterationKind, _ method: String) throws(JSException)
    -> Value
  {
    let set = try thisObject(arguments, .set, method)
    return createHashTableIterator(set, kind, .setIterator, realm[.setIteratorPrototype])
  }

  // MARK: - The set methods (ES2025 24.2.4)

  /// GetSetRecord (ES2025 24.2.1.3)
  func getSetRecord(_ value: Value) throws(JSException) -> SetRecord {
    guard value.isObject else { throw typeError("\(describeForError(value)) is not an object") }
    let object = value.asObject
    let rawSize = try get(object, names.size)
    let numericSize = try toNumber(rawSize)
    if numericSize.isNaN { throw typeError("The 'size' property must be a number") }
    let size = try toIntegerOrInfinity(Value(numericSize))
    if size < 0 { throw rangeError("'\(numberToString(size).swiftString(heap))' is an invalid size") }
    let has = try get(object, propertyKey("has"))
    guard has.isCallable else { throw typeError("The 'has' property must be a function") }
    let keys = try get(object, names.keys)
    guard keys.isCallable else { throw typeError("The 'keys' property must be a function") }
    return SetRecord(object: value, size: size, has: has, keys: keys)
  }

  /// GetIteratorFromMethod for a Set Record's `keys` (ES2025 24.2.1.3 step 14 and 7.4.10):
  /// the iterator and its `next`, which must be callable.
  private func keysIterator(_ other: SetRecord) throws(JSException) -> (Value, Value) {
    let iterator = try call(other.keys, this: other.object, arguments: [])
    guard iterator.isObject else { throw typeError("\(describeForError(iterator)) is not an object") }
    let next = try get(iterator.asObject, names.next)
    guard next.isCallable else { throw typeError("\(describeForError(next)) is not a function") }
    return (iterator, next)
  }

  /// ToBoolean(Call(other.has, other.set, « element »))
  private func otherHas(_ other: SetRecord, _ element: Value) throws(JSException) -> Bool {
    toBoolean(try call(other.has, this: other.object, arguments: [element]))
  }

  private func setTable(_ set: ObjectRef) -> OrderedHashTable { set.payloadObject(as: OrderedHashTable.self)! }

  /// A new table holding the live elements of `table` in order (a copy of [[SetData]]).
  private func copyTable(_ table: OrderedHashTable) -> OrderedHashTable {
    let copy = OrderedHashTable(width: 1, heap: heap)
    let cursor = HashTableCursor(table)
    while let index = table.next(cursor) { _ = copy.append(table.key(at: index)) }
    return copy
  }

  /// Visits the elements of `table` by index as the set methods do: the loop sees elements
  /// added by `body` and skips removed ones. `body` returns false to stop.
  private func visitElements(_ table: OrderedHashTable, _ body: (Value) throws(JSException) -> Bool)
    throws(JSException)
  {
    let cursor = HashTableCursor(table)
    while let index = table.next(cursor) {
      if !(try body(table.key(at: index))) { return }
    }
  }

  /// Set.prototype.union (ES2025 24.2.4.17)
  func setUnion(_ set: ObjectRef, _ other: SetRecord) throws(JSException) -> Value {
    let (iterator, next) = try keysIterator(other)
    let result = newSetObject(prototype: realm[.setPrototype], table: copyTable(setTable(set)))
    let table = setTable(result)
    while let value = try iteratorStep(iterator: iterator, next: next) { try setAdd(table, value) }
    return result.value
  }

  /// Set.prototype.intersection (ES2025 24.2.4.9)
  func setIntersection(_ set: ObjectRef, _ other: SetRecord) throws(JSException) -> Value {
    let this = setTable(set)
    let result = newSetObject(prototype: realm[.setPrototype])
    let table = setTable(result)
    if Double(this.count) <= other.size {
      try visitElements(this) { element throws(JSException) in
        if try otherHas(other, element) { try setAdd(table, element) }
        return true
      }
    } else {
      let (iterator, next) = try keysIterator(other)
      while let value = try iteratorStep(iterator: iterator, next: next) {
        if this.find(value) != nil { try setAdd(table, value) }
      }
    }
    return result.value
  }

  /// Set.prototype.difference (ES2025 24.2.4.5)
  func setDifference(_ set: ObjectRef, _ other: SetRecord) throws(JSException) -> Value {
    let this = setTable(set)
    let result = newSetObject(prototype: realm[.setPrototype], table: copyTable(this))
    let table = setTable(result)
    if Double(this.count) <= other.size {
      // The loop walks the copy, which only this loop changes.
      try visitElements(table) { element throws(JSException) in
        if try otherHas(other, element), let index = table.find(element) { table.remove(at: index) }
        return true
      }
    } else {
      let (iterator, next) = try keysIterator(other)
      while let value = try iteratorStep(iterator: iterator, next: next) {
        if let index = table.find(value) { table.remove(at: index) }
      }
    }
    return result.value
  }

  /// Set.prototype.symmetricDifference (ES2025 24.2.4.16)
  func setSymmetricDifference(_ set: ObjectRef, _ other: SetRecord) throws(JSException) -> Value {
    let (iterator, next) = try keysIterator(other)
    let this = setTable(set)
    let result = newSetObject(prototype: realm[.setPrototype], table: copyTable(this))
    let table = setTable(result)
    while let value = try iteratorStep(iterator: iterator, next: next) {
      let resultIndex = table.find(value)
      if this.find(value) != nil {
        if let resultIndex { table.remove(at: resultIndex) }
      } else if resultIndex == nil {
        try setAdd(table, value)
      }
    }
    return result.value
  }

  /// Set.prototype.isSubsetOf (ES2025 24.2.4.11)
  func setIsSubsetOf(_ set: ObjectRef, _ other: SetRecord) throws(JSException) -> Value {
    let this = setTable(set)
    if Double(this.count) > other.size { return .false }
    var subset = true
    try visitElements(this) { element throws(JSException) in
      subset = try otherHas(other, element)
      return subset
    }
    return Value(subset)
  }

  /// Set.prototype.isSupersetOf (ES2025 24.2.4.12)
  func setIsSupersetOf(_ set: ObjectRef, _ other: SetRecord) throws(JSException) -> Value {
    let this = setTable(set)
    if Double(this.count) < other.size { return .false }
    let (iterator, next) = try keysIterator(other)
    while let value = try iteratorStep(iterator: iterator, next: next) {
      if this.find(value) == nil {
        try iteratorClose(iterator, suppressErrors: false)
        return .false
      }
    }
    return .true
  }

  /// Set.prototype.isDisjointFrom (ES2025 24.2.4.10)
  func setIsDisjointFrom(_ set: ObjectRef, _ other: SetRecord) throws(JSException) -> Value {
    let this = setTable(set)
    if Double(this.count) <= other.size {
      var disjoint = true
      try visitElements(this) { element throws(JSException) in
        disjoint = !(try otherHas(other, element))
        return disjoint
      }
      return Value(disjoint)
    }
    let (iterator, next) = try keysIterator(other)
    while let value = try iteratorStep(iterator: iterator, next: next) {
      if this.find(value) != nil {
        try iteratorClose(iterator, suppressErrors: false)
        return .false
      }
    }
    return .true
  }
}
