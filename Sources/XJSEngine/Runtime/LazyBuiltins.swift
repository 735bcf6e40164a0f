// Builtin objects whose properties are created on first inspection (as JSC's lazy properties
// are): a script that never looks at Math or Date.prototype does not pay for their dozens of
// function objects, names and shapes, which were most of the instructions of `print("hi")`.
//
// Such an object carries ObjectFlags.lazyProperties and a dictionary shape of its own, so no
// inline cache entry filled for another object can match it, and the caches do not fill for
// it while it is lazy. The first look at its own properties (lookupOwnOrdinary, the own keys,
// integrity levels, private names) runs its installer, which adds what the eager install
// added, in the same order, after what the object already had.

/// What a lazy builtin object's installer is.
enum LazyBuiltin: UInt64 {
  case math = 1
  case json
  case reflect
  case datePrototype
  case stringPrototype
  case typedArrayPrototype
  case dataViewPrototype
  case console
  case regExpPrototype
  case mapPrototype
  case setPrototype
}

extension Realm {
  /// Makes the rest of `object`'s properties come from `kind`'s installer on first inspection.
  func deferProperties(of object: ObjectRef, to kind: LazyBuiltin) {
    _ = runtime.makeUniqueDictionaryShape(object)
    object.flags |= ObjectFlags.lazyProperties
    lazyBuiltins.insert(UInt64(UInt(bitPattern: object.cell)), kind.rawValue)
  }

  fileprivate func installDeferredProperties(_ kind: LazyBuiltin, _ object: ObjectRef) {
    let runtime = self.runtime
    switch kind {
    case .math: installMathProperties(runtime, object)
    case .json: installJSONProperties(runtime, object)
    case .reflect: installReflectProperties(runtime, object)
    case .datePrototype: installDatePrototypeProperties(runtime, object)
    case .stringPrototype: installStringPrototype(runtime, object)
    case .typedArrayPrototype: installTypedArrayPrototypeProperties(runtime, object)
    case .dataViewPrototype: installDataViewPrototypeProperties(runtime, object)
    case .console: installConsoleMethods(runtime, on: object)
    case .regExpPrototype: installRegExpPrototype(runtime, object)
    case .mapPrototype: installMapPrototype(runtime, object)
    case .setPrototype: installSetPrototypeProperties(runtime, object)
    }
  }

  /// Keeps the objects still waiting for their properties (their installers need them whole).
  func traceLazyBuiltins(_ heap: Heap) {
    lazyBuiltins.forEach({ cell, _ in heap.mark(CellPointer(bitPattern: UInt(cell))!) })
  }
}

extension Runtime {
  /// Runs the installer of a lazy builtin object (in the realm that made it), once.
  func materializeBuiltinProperties(_ object: ObjectRef) {
    let key = UInt64(UInt(bitPattern: object.cell))
    guard let owner = realmDeferring(key), let raw = owner.lazyBuiltins.find(key) else { return }
    owner.lazyBuiltins.remove(key)
    let saved = realm
    realm = owner
    defer { realm = saved }
    owner.installDeferredProperties(LazyBuiltin(rawValue: raw)!, object)
  }

  private func realmDeferring(_ key: UInt64) -> Realm? {
    for candidate in realms where candidate.lazyBuiltins.find(key) != nil { return candidate }
    for candidate in releasedRealms where candidate.lazyBuiltins.find(key) != nil { return candidate }
    return nil
  }
}
