// Exotic objects: object classes whose own properties are not only their shape's and elements'.
//
// `lookupOwn` answers `.exotic` for a key such an object decides itself, and the object model
// dispatches the internal method through the class's `ExoticMethods` table (QuickJS's
// `JSClassExoticMethods`, JavaScriptCore's `ClassInfo` method table). Proxies, module namespaces
// and host objects with property hooks have one; a class without a table is ordinary. (Arrays,
// string objects, mapped arguments and typed arrays refine `lookupOwn` with their own data places
// instead, because their fast paths and inline caches depend on those places.)
//
// Host objects (`.host`) carry a `HostObjectPayload`: the `HostClass` they belong to and the
// host's opaque data, released with the cell, when the class's finalizer runs. Finalizers run
// while the collector sweeps: they must not call into the runtime.

/// The internal methods an exotic object class overrides (ES2024 6.1.7.2, table 4).
struct ExoticMethods {
  var getOwnProperty: (Runtime, ObjectRef, PropertyKey) throws(JSException) -> PropertyDescriptor?
  var defineOwnProperty: (Runtime, ObjectRef, PropertyKey, PropertyDescriptor) throws(JSException) -> Bool
  var hasProperty: (Runtime, ObjectRef, PropertyKey) throws(JSException) -> Bool
  var get: (Runtime, ObjectRef, PropertyKey, Value) throws(JSException) -> Value
  var set: (Runtime, ObjectRef, PropertyKey, Value, Value) throws(JSException) -> Bool
  var delete: (Runtime, ObjectRef, PropertyKey) throws(JSException) -> Bool
  var ownPropertyKeys: (Runtime, ObjectRef) throws(JSException) -> PropertyKeyList
}

extension ExoticMethods {
  /// The table of `objectClass`, which must be one `lookupOwn` answers `.exotic` for.
  static func of(_ objectClass: ObjectClass) -> ExoticMethods {
    switch objectClass {
    case .proxy: return proxy
    case .moduleNamespace: return moduleNamespace
    default: return host
    }
  }

  static let proxy = ExoticMethods(
    getOwnProperty: { runtime, object, key throws(JSException) in try runtime.proxyGetOwnProperty(object, key) },
    defineOwnProperty: { runtime, object, key, descriptor throws(JSException) in
      try runtime.proxyDefineOwnProperty(object, key, descriptor)
    },
    hasProperty: { runtime, object, key throws(JSException) in try runtime.proxyHas(object, key) },
    get: { runtime, object, key, receiver throws(JSException) in
      try runtime.proxyGet(object, key, receiver: receiver)
    },
    set: { runtime, object, key, value, receiver throws(JSException) in
      try runtime.proxySet(object, key, value, receiver: receiver)
    },
    delete: { runtime, object, key throws(JSException) in try runtime.proxyDelete(object, key) },
    ownPropertyKeys: { runtime, object throws(JSException) in try runtime.proxyOwnKeys(object) })

  /// String keys only: a namespace's symbol keys are ordinary (`lookupOwn` never answers
  /// `.exotic` for them).
  static let moduleNamespace = ExoticMethods(
    getOwnProperty: { runtime, object, key throws(JSException) in try runtime.namespaceGetOwnProperty(object, key) },
    defineOwnProperty: { runtime, object, key, descriptor throws(JSException) in
      try runtime.namespaceDefineOwnProperty(object, key, descriptor)
    },
    hasProperty: { runtime, object, key in runtime.namespaceHas(object, key) },
    get: { runtime, object, key, _ throws(JSException) in try runtime.namespaceGet(object, key) },
    set: { _, _, _, _, _ in false },  // [[Set]] always fails (10.4.6.9)
    delete: { runtime, object, key in runtime.namespaceDelete(object, key) },
    ownPropertyKeys: { runtime, object in runtime.namespaceOwnKeys(object) })

  static let host = ExoticMethods(
    getOwnProperty: { runtime, object, key throws(JSException) in try runtime.hostGetOwnProperty(object, key) },
    defineOwnProperty: { runtime, object, key, descriptor throws(JSException) in
      try runtime.hostDefineOwnProperty(object, key, descriptor)
    },
    hasProperty: { runtime, object, key throws(JSException) in try runtime.hostHasProperty(object, key) },
    get: { runtime, object, key, receiver throws(JSException) in
      try runtime.hostGet(object, key, receiver: receiver)
    },
    set: { runtime, object, key, value, receiver throws(JSException) in
      try runtime.hostSet(object, key, value, receiver: receiver)
    },
    delete: { runtime, object, key throws(JSException) in try runtime.hostDelete(object, key) },
    ownPropertyKeys: { runtime, object throws(JSException) in try runtime.hostOwnPropertyKeys(object) })
}

// MARK: - Host classes

/// A property name as host hooks see it: an array index or a string (symbols never reach hooks).
package enum HostPropertyName: Hashable {
  case index(UInt32)
  case name(String)
}

/// Property hooks of a host class: named and indexed properties decided by the host (WebIDL's
/// legacy platform objects, a host's live views of its own data). Each hook answers nil when it
/// does not handle the name; the object then behaves as an ordinary object for it.
package struct HostPropertyHooks {
  /// The value of a property the host provides.
  package var get: ((_ object: Value, HostPropertyName) throws(JSException) -> Value?)?
  /// Stores a property the host provides: true if handled (the store succeeded), false if the
  /// host refuses it (a failed store: a TypeError in strict code), nil to store it ordinarily.
  package var set: ((_ object: Value, HostPropertyName, _ value: Value) throws(JSException) -> Bool?)?
  /// Deletes a property the host provides: true (deleted) or false (refused); nil: not the host's.
  package var delete: ((_ object: Value, HostPropertyName) throws(JSException) -> Bool?)?
  /// The names the host provides, listed before the object's ordinary keys.
  package var names: ((_ object: Value) throws(JSException) -> [HostPropertyName])?

  package init() {}
}

/// A class of host objects: its name, its optional property hooks and the finalizer of each
/// object's host data. Shared by every realm (each realm has its own prototype for it).
package final class HostClass {
  package let name: String
  /// The host's object that made the class (the embedding API's virtual machine).
  package weak var owner: AnyObject?
  /// Set before the first object of the class is made.
  package var hooks: HostPropertyHooks?
  /// The class this one extends (WebIDL's inheritance: an Element is a Node).
  package let parent: HostClass?
  /// Runs when an object of the class is collected (or its runtime is destroyed), with its data.
  package let finalizer: ((Any) -> Void)?
  /// Reports, while the collector marks an object of the class, the values its data keeps alive
  /// (the DOM: a node's wrapper keeps its neighbours' wrappers). Set before the first object is
  /// made; it must not allocate or call into the runtime.
  package var trace: ((Any, HostTracer) -> Void)?
  /// The bytes an object's data holds outside the heap, charged to the heap (its limit and the
  /// collector's trigger) while the object lives; inherited by subclasses that set none. Must
  /// not call into the runtime.
  package var memoryCost: ((Any) -> Int)?
  /// `memoryCost`, or the nearest ancestor's: looked up once, at the first object made (the
  /// costs are set before that).
  lazy var inheritedMemoryCost: ((Any) -> Int)? = memoryCost ?? parent?.inheritedMemoryCost

  package init(
    name: String, parent: HostClass? = nil, hooks: HostPropertyHooks? = nil, finalizer: ((Any) -> Void)? = nil
  ) {
    self.name = name
    self.parent = parent
    self.hooks = hooks
    self.finalizer = finalizer
  }

  /// Whether objects of this class are objects of `other` (it, or a class it extends).
  package func isKind(of other: HostClass) -> Bool {
    var current: HostClass? = self
    while let hostClass = current {
      if hostClass === other { return true }
      current = hostClass.parent
    }
    return false
  }
}

/// What a host class's `trace` marks through: the collector's marking, as a host may see it.
package struct HostTracer {
  let heap: Heap

  /// Keeps `value` (and what it reaches) alive through this collection.
  package func mark(_ value: Value) { heap.mark(value) }
}

/// What a host object's cell owns.
final class HostObjectPayload: HeapTraceable {
  let hostClass: HostClass
  let data: Any?
  /// What `hostClass.memoryCost` charged the heap for `data`, given back when the object goes.
  private let chargedBytes: Int
  private unowned(unsafe) let heap: Heap

  init(_ hostClass: HostClass, _ data: Any?, heap: Heap) {
    self.hostClass = hostClass
    self.data = data
    self.heap = heap
    let cost = data.flatMap { data in hostClass.inheritedMemoryCost.map { $0(data) } } ?? 0
    chargedBytes = max(cost, 0)
    if chargedBytes > 0 { heap.reportExternalAllocation(chargedBytes) }
  }

  deinit {
    // Payloads die while their heap sweeps (or is torn down): the heap is still there.
    if chargedBytes > 0 { heap.reportExternalFree(chargedBytes) }
    if let data, let finalizer = hostClass.finalizer { finalizer(data) }
  }

  func trace(_ heap: Heap) {
    if let data, let trace = hostClass.trace { trace(data, HostTracer(heap: heap)) }
  }
}

extension Runtime {
  /// A new object of `hostClass` holding `data`.
  package func newHostObject(_ hostClass: HostClass, prototype: Value, data: Any?) -> Value {
    let object = newObject(.host, prototype: prototype)
    object.setPayloadObject(HostObjectPayload(hostClass, data, heap: heap))
    return object.value
  }

  /// The payload of a host object (nil for any other object).
  func hostPayload(_ object: ObjectRef) -> HostObjectPayload? {
    guard object.objectClass == .host else { return nil }
    return object.payloadObject(as: HostObjectPayload.self)
  }

  /// Whether `object` is a host object whose class decides some of its properties.
  @inline(__always) func hasHostHooks(_ object: ObjectRef) -> Bool {
    object.objectClass == .host && hostPayload(object)?.hostClass.hooks != nil
  }

  private func hostHooks(_ object: ObjectRef) -> HostPropertyHooks {
    hostPayload(object).unsafelyUnwrapped.hostClass.hooks.unsafelyUnwrapped
  }

  /// The name a hook sees for `key`, or nil for a symbol.
  func hostPropertyName(_ key: PropertyKey) -> HostPropertyName? {
    if key.isIndex { return .index(key.index) }
    if key.isSymbol { return nil }
    return .name(keyString(key).swiftString(heap))
  }

  private func hostHookValue(_ object: ObjectRef, _ key: PropertyKey) throws(JSException) -> Value? {
    guard let get = hostHooks(object).get, let name = hostPropertyName(key) else { return nil }
    return try get(object.value, name)
  }

  /// A hooked property is a writable, enumerable, configurable data property, as WebIDL's
  /// named and indexed properties are.
  func hostGetOwnProperty(_ object: ObjectRef, _ key: PropertyKey) throws(JSException) -> PropertyDescriptor? {
    if let value = try hostHookValue(object, key) {
      return PropertyDescriptor(value: value, writable: true, enumerable: true, configurable: true)
    }
    return ordinaryGetOwnProperty(object, key)
  }

  func hostDefineOwnProperty(_ object: ObjectRef, _ key: PropertyKey, _ descriptor: PropertyDescriptor)
    throws(JSException) -> Bool
  {
    if let set = hostHooks(object).set, let name = hostPropertyName(key), let value = descriptor.value,
      !descriptor.isAccessorDescriptor, try hostHookValue(object, key) != nil
    {
      if let handled = try set(object.value, name, value) { return handled }
    }
    return ordinaryDefineOwnProperty(object, key, descriptor)
  }

  func hostHasProperty(_ object: ObjectRef, _ key: PropertyKey) throws(JSException) -> Bool {
    if try hostHookValue(object, key) != nil { return true }
    if case .absent = lookupOwnOrdinary(object, key) {
      let prototype = object.prototype
      return prototype.isObject ? try hasProperty(prototype.asObject, key) : false
    }
    return true
  }

  func hostGet(_ object: ObjectRef, _ key: PropertyKey, receiver: Value) throws(JSException) -> Value {
    if let value = try hostHookValue(object, key) { return value }
    switch lookupOwnOrdinary(object, key) {
    case .data(let value, _, _): return value
    case .accessor(let pair, _, _):
      return pair.getter.isUndefined ? .undefined : try call(pair.getter, this: receiver, arguments: [])
    case .absent, .exotic:
      let prototype = object.prototype
      return prototype.isObject ? try get(prototype.asObject, key, receiver: receiver) : .undefined
    }
  }

  func hostSet(_ object: ObjectRef, _ key: PropertyKey, _ value: Value, receiver: Value) throws(JSException) -> Bool {
    if receiver == object.value, let set = hostHooks(object).set, let name = hostPropertyName(key) {
      if let handled = try set(object.value, name, value) { return handled }
    }
    return try ordinarySet(object, key, value, receiver: receiver, own: lookupOwnOrdinary(object, key))
  }

  func hostDelete(_ object: ObjectRef, _ key: PropertyKey) throws(JSException) -> Bool {
    if let delete = hostHooks(object).delete, let name = hostPropertyName(key) {
      if let deleted = try delete(object.value, name) { return deleted }
    }
    return ordinaryDelete(object, key, lookupOwnOrdinary(object, key))
  }

  func hostOwnPropertyKeys(_ object: ObjectRef) throws(JSException) -> PropertyKeyList {
    let ordinary = ordinaryOwnPropertyKeys(object)
    guard let names = try hostHooks(object).names?(object.value) else { return ordinary }
    let keys = PropertyKeyList(self, capacity: names.count + ordinary.count)
    var seen = Set<UInt64>()
    for name in names {
      let key: PropertyKey
      switch name {
      case .index(let index): key = PropertyKey(index: index)
      case .name(let string): key = propertyKey(string)
      }
      if seen.insert(key.bits).inserted { keys.append(key) }
    }
    for key in ordinary where !seen.contains(key.bits) { keys.append(key) }
    return keys
  }
}
