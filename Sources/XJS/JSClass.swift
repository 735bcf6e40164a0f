import XJSEngine

/// A property name as host hooks see it: an array index or a string (symbols never reach hooks).
public enum JSPropertyName: Hashable, Sendable {
  case index(Int)
  case name(String)
}

/// Hooks that decide some of an object's properties (named and indexed properties, as WebIDL's
/// legacy platform objects have: `element.dataset`, `storage.key`, a live list's indices). Each
/// answers nil for a name it does not provide; the object then behaves as an ordinary object for
/// that name. Hooked properties appear as writable, enumerable, configurable data properties.
public struct JSPropertyHooks<Instance: AnyObject> {
  /// The value of a property the host provides.
  public var get: ((Instance, JSPropertyName, Context) throws -> JSValue?)?
  /// Stores a property: true (stored), false (refused: a TypeError in strict code), nil (not the
  /// host's: stored as an ordinary property).
  public var set: ((Instance, JSPropertyName, JSValue) throws -> Bool?)?
  /// Deletes a property: true (deleted), false (refused), nil (not the host's).
  public var delete: ((Instance, JSPropertyName, Context) throws -> Bool?)?
  /// The names the host provides, listed first by `Object.keys`, `for-in` and the like.
  public var names: ((Instance, Context) throws -> [JSPropertyName])?

  public init(
    get: ((Instance, JSPropertyName, Context) throws -> JSValue?)? = nil,
    set: ((Instance, JSPropertyName, JSValue) throws -> Bool?)? = nil,
    delete: ((Instance, JSPropertyName, Context) throws -> Bool?)? = nil,
    names: ((Instance, Context) throws -> [JSPropertyName])? = nil
  ) {
    self.get = get
    self.set = set
    self.delete = delete
    self.names = names
  }
}

/// A class of host objects, each carrying a Swift `Instance` (JavaScriptCore's JSClassRef,
/// QuickJS's JSClassID). Declare its members, then `constructor(in:)` gives the constructor for
/// a context and `wrap(_:in:)` makes objects; methods and accessors are checked against the class
/// (called on another object they throw a TypeError), and `finalizer` runs with the instance once
/// its object is collected (or the virtual machine destroyed). Finalizers run while the collector
/// sweeps: they must not call into the virtual machine. Declare every member before the class
/// is first used in a context.
public final class JSClass<Instance: AnyObject> {
  public let name: String
  let hostClass: HostClass
  private var constructorBody: ((JSCall) throws -> Instance)?
  private var objectMakingConstructorBody: ((JSCall, JSValue) throws -> JSValue)?
  private var constructorLength = 0
  private var methods: [(name: String, length: Int, body: (Instance, JSCall) throws -> JSValue)] = []
  private var accessors:
    [(name: String, get: (Instance, Context) throws -> JSValue, set: ((Instance, JSValue) throws -> Void)?)] = []
  private var staticMethods: [(name: String, length: Int, body: (JSCall) throws -> JSValue)] = []

  /// The bytes an instance holds outside the JavaScript heap (its Swift storage), charged to the
  /// heap while its object lives: they count towards `VirtualMachine.Options.heapLimit` and make
  /// the collector run sooner. Asked once, when the object is made. Must not call into the
  /// virtual machine. Classes that extend this one and set none use it. Set it before the class
  /// (or one that extends it) makes its first object.
  public var memoryCost: ((Instance) -> Int)? {
    didSet {
      hostClass.memoryCost = memoryCost.map { cost in
        { data in cost(unsafeDowncast(data as AnyObject, to: Instance.self)) }
      }
    }
  }

  /// The class it extends, realized in a context (nil for a base class).
  private let realizedParent: ((Context) throws(JSError) -> (constructor: JSValue, prototype: JSValue))?
  /// Whether an instance is also an instance of every class it extends (their methods need it).
  private let fitsParent: (Instance) -> Bool

  /// `trace` reports, while the collector marks an object of the class, the objects its
  /// instance refers to through `JSHeapReference`s (which do not keep anything alive by
  /// themselves); like a finalizer it must not call into the virtual machine.
  public convenience init(
    _ name: String, hooks: JSPropertyHooks<Instance>? = nil, trace: ((Instance, JSTracer) -> Void)? = nil,
    finalizer: ((Instance) -> Void)? = nil
  ) {
    self.init(
      name, parent: nil, realizedParent: nil, fitsParent: { _ in true }, hooks: hooks, trace: trace,
      finalizer: finalizer)
  }

  /// A class that extends `parent`, as WebIDL interfaces inherit (an `Element` is a `Node`): its
  /// prototype's prototype is the parent's prototype, its constructor's prototype the parent's
  /// constructor, and the parent's methods and accessors accept its objects. Its instances must
  /// be instances of the parent's `Instance` type too (a Swift subclass, or the same class);
  /// `wrap` and the constructor refuse one that is not with a TypeError.
  public convenience init<ParentInstance>(
    _ name: String, extends parent: JSClass<ParentInstance>, hooks: JSPropertyHooks<Instance>? = nil,
    trace: ((Instance, JSTracer) -> Void)? = nil, finalizer: ((Instance) -> Void)? = nil
  ) {
    self.init(
      name, parent: parent.hostClass,
      realizedParent: { context throws(JSError) in try parent.realized(in: context) },
      fitsParent: { instance in (instance as? ParentInstance).map(parent.fitsParent) ?? false },
      hooks: hooks, trace: trace, finalizer: finalizer)
  }

  private init(
    _ name: String, parent: HostClass?,
    realizedParent: ((Context) throws(JSError) -> (constructor: JSValue, prototype: JSValue))?,
    fitsParent: @escaping (Instance) -> Bool, hooks: JSPropertyHooks<Instance>?,
    trace: ((Instance, JSTracer) -> Void)?, finalizer: ((Instance) -> Void)?
  ) {
    self.name = name
    let engineFinalizer = finalizer.map { finalize in { (data: Any) in finalize(data as! Instance) } }
    hostClass = HostClass(name: name, parent: parent, finalizer: engineFinalizer)
    // Only this class's `wrap` and constructor store data in its objects: the cast cannot fail.
    hostClass.trace = trace.map { trace in
      { data, tracer in trace(unsafeDowncast(data as AnyObject, to: Instance.self), JSTracer(tracer: tracer)) }
    }
    self.realizedParent = realizedParent
    self.fitsParent = fitsParent
    if let hooks { hostClass.hooks = JSClass.engineHooks(hooks, hostClass) }
  }

  /// How `new Name(…)` makes an instance (without one, `new` throws "Illegal constructor").
  public func constructor(length: Int = 0, _ body: @escaping (JSCall) throws -> Instance) {
    constructorLength = length
    constructorBody = body
  }

  /// How `new Name(…)` makes its object when the host keeps the object itself (the DOM keeps
  /// one wrapper per node): `body` gets the call and the prototype `new.target` asks for, and
  /// returns an object it made with `wrap(_:prototype:in:)`.
  public func constructor(length: Int = 0, makingObject body: @escaping (JSCall, JSValue) throws -> JSValue) {
    constructorLength = length
    objectMakingConstructorBody = body
  }

  /// A method on the prototype.
  public func method(_ name: String, length: Int = 0, _ body: @escaping (Instance, JSCall) throws -> JSValue) {
    methods.append((name, length, body))
  }

  /// An accessor property on the prototype (read-only without `set`).
  public func property(
    _ name: String, get: @escaping (Instance, Context) throws -> JSValue,
    set: ((Instance, JSValue) throws -> Void)? = nil
  ) {
    accessors.append((name, get, set))
  }

  /// A method on the constructor.
  public func staticMethod(_ name: String, length: Int = 0, _ body: @escaping (JSCall) throws -> JSValue) {
    staticMethods.append((name, length, body))
  }

  // MARK: Using the class

  /// The class's constructor in `context` (made on first use, then the same object).
  public func constructor(in context: Context) throws(JSError) -> JSValue {
    try realized(in: context).constructor
  }

  /// The prototype of the class's objects in `context`.
  public func prototype(in context: Context) throws(JSError) -> JSValue {
    try realized(in: context).prototype
  }

  /// A new object of this class in `context`, carrying `instance`.
  public func wrap(_ instance: Instance, in context: Context) throws(JSError) -> JSValue {
    try checkFitsParent(instance)
    let prototype = try realized(in: context).prototype
    let object = try context.perform { runtime in
      runtime.newHostObject(hostClass, prototype: prototype.raw, data: instance)
    }
    return context.wrap(object)
  }

  /// A new object of this class carrying `instance`, with the given prototype (a subclass's,
  /// from `new.target`).
  public func wrap(_ instance: Instance, prototype: JSValue, in context: Context) throws(JSError) -> JSValue {
    try checkFitsParent(instance)
    let object = try context.perform { runtime in
      runtime.newHostObject(hostClass, prototype: prototype.raw, data: instance)
    }
    return context.wrap(object)
  }

  /// The instance an object of this class carries (nil for any other value).
  public func instance(of value: JSValue) -> Instance? {
    guard let data = value.context.withRuntime({ $0.hostData(value.raw, of: hostClass) }) ?? nil else { return nil }
    return data as? Instance
  }

  // MARK: Realizing the class in a context

  private func realized(in context: Context) throws(JSError) -> (constructor: JSValue, prototype: JSValue) {
    if let existing = context.hostClasses[ObjectIdentifier(hostClass)] {
      return (context.wrap(existing.constructor), context.wrap(existing.prototype))
    }
    let base = try realizedParent?(context)
    let prototype = context.object()
    if let base { try prototype.setPrototype(base.prototype) }
    try installMembers(on: prototype, in: context)
    let constructor = makeConstructor(prototype, in: context)
    if let base { try constructor.setPrototype(base.constructor) }
    for member in staticMethods {
      try constructor.set(member.name, context.function(member.name, length: member.length, member.body))
    }
    try context.perform { runtime in
      runtime.linkConstructor(constructor.raw, prototype: prototype.raw)
      runtime.setToStringTag(prototype.raw, name)
    }
    context.rememberHostClass(ObjectIdentifier(hostClass), constructor: constructor.raw, prototype: prototype.raw)
    if hostClass.owner == nil { hostClass.owner = context.core?.link }
    return (constructor, prototype)
  }

  private func installMembers(on prototype: JSValue, in context: Context) throws(JSError) {
    for member in methods {
      let function = context.function(member.name, length: member.length) { call in
        try member.body(self.checkedInstance(call.this, member.name), call)
      }
      try prototype.defineProperty(member.name, value: function, enumerable: false)
    }
    for accessor in accessors {
      let setter = accessor.set.map { set in
        { (this: JSValue, value: JSValue) throws in
          try set(self.checkedInstance(this, accessor.name), value)
        }
      }
      try prototype.defineProperty(
        accessor.name, enumerable: true,
        get: { this in try accessor.get(self.checkedInstance(this, accessor.name), this.context) },
        set: setter)
    }
  }

  private func makeConstructor(_ prototype: JSValue, in context: Context) -> JSValue {
    // The constructor's own `prototype` property keeps this alive as long as the closure can run.
    let prototypeValue = prototype.raw
    let reference = WeakContext(context)
    // The class lives as long as its constructor (the host may drop its `JSClass`).
    let body: HostFunctionBody = { _, arguments, newTarget throws(JSException) in
      let context = reference.context
      guard !newTarget.isUndefined else {
        throw JSException(
          context.withRuntime {
            $0.makeError(named: "TypeError", message: "Class constructor \(self.name) cannot be invoked without 'new'")
          } ?? .undefined)
      }
      guard self.constructorBody != nil || self.objectMakingConstructorBody != nil else {
        throw JSException(
          context.withRuntime { $0.makeError(named: "TypeError", message: "Illegal constructor") } ?? .undefined)
      }
      // `class Sub extends Name` gets Sub.prototype through new.target.
      guard let runtime = context.core?.runtime else { return .undefined }
      let proto = try runtime.prototype(forNewTarget: newTarget, fallback: prototypeValue)
      let frame = CallFrame(this: .undefined, arguments: arguments)
      defer { frame.end() }
      let call = JSCall(context: context, frame: frame, newTarget: context.wrap(newTarget))
      return try context.runHostCode { () throws -> Value in
        if let makeObject = self.objectMakingConstructorBody {
          return try makeObject(call, context.wrap(proto)).raw
        }
        let instance = try self.constructorBody!(call)
        try self.checkFitsParent(instance)
        return runtime.newHostObject(self.hostClass, prototype: proto, data: instance)
      }
    }
    let function = context.withRuntime { runtime in
      runtime.makeHostFunction(name: name, length: constructorLength, isConstructor: true, body)
    }
    return context.wrap(function ?? .undefined)
  }

  private func checkFitsParent(_ instance: Instance) throws(JSError) {
    guard fitsParent(instance) else {
      throw JSError(name: "TypeError", message: "an instance of \(name) must be an instance of the classes it extends")
    }
  }

  /// `this` as an instance of the class, or a TypeError naming the member.
  private func checkedInstance(_ this: JSValue, _ member: String) throws -> Instance {
    guard let instance = instance(of: this) else {
      throw JSError(name: "TypeError", message: "\(name).prototype.\(member) called on an object that is not a \(name)")
    }
    return instance
  }

  // MARK: Hooks

  private static func engineHooks(_ hooks: JSPropertyHooks<Instance>, _ hostClass: HostClass) -> HostPropertyHooks {
    var engine = HostPropertyHooks()
    // The hooks live in the host class: referring to it strongly would make a cycle.
    weak let hostClass = hostClass
    /// The instance behind a hooked object and a context to make values in.
    func resolve(_ object: Value) -> (Instance, Context)? {
      guard let hostClass, let context = (hostClass.owner as? VirtualMachineLink)?.liveCore?.contextForValues,
        let data = context.withRuntime({ $0.hostData(object, of: hostClass) }) ?? nil,
        let instance = data as? Instance
      else { return nil }
      return (instance, context)
    }
    if let get = hooks.get {
      engine.get = { object, name throws(JSException) in
        guard let (instance, context) = resolve(object) else { return nil }
        return try context.runHostCode { try get(instance, JSPropertyName(name), context)?.raw }
      }
    }
    if let set = hooks.set {
      engine.set = { object, name, value throws(JSException) in
        guard let (instance, context) = resolve(object) else { return nil }
        return try context.runHostCode { try set(instance, JSPropertyName(name), context.wrap(value)) }
      }
    }
    if let delete = hooks.delete {
      engine.delete = { object, name throws(JSException) in
        guard let (instance, context) = resolve(object) else { return nil }
        return try context.runHostCode { try delete(instance, JSPropertyName(name), context) }
      }
    }
    if let names = hooks.names {
      engine.names = { object throws(JSException) in
        guard let (instance, context) = resolve(object) else { return [] }
        return try context.runHostCode { try names(instance, context).map(\.engineName) }
      }
    }
    return engine
  }
}

/// A reference to an object that the host keeps without keeping it alive (V8's
/// TracedReference): a host class's `trace` reports it to keep it alive, and it must not be used
/// once its object may have been collected. The DOM keeps each node's wrapper this way, so that
/// node and wrapper live exactly as long as script or the tree can reach them.
public struct JSHeapReference: Equatable {
  let raw: Value

  /// The referenced object, as a value the host holds (and so roots) from now on.
  public func value(in context: Context) -> JSValue { context.wrap(raw) }
}

extension JSValue {
  /// An unrooted reference to this object (nil for a primitive).
  public var heapReference: JSHeapReference? { isObject ? JSHeapReference(raw: raw) : nil }
}

/// What a host class's `trace` reports through.
public struct JSTracer {
  let tracer: HostTracer

  /// Keeps the object (and what it reaches) alive through this collection.
  public func mark(_ reference: JSHeapReference) { tracer.mark(reference.raw) }
}

extension JSPropertyName {
  init(_ name: HostPropertyName) {
    switch name {
    case .index(let index): self = .index(Int(index))
    case .name(let string): self = .name(string)
    }
  }

  var engineName: HostPropertyName {
    switch self {
    case .index(let index) where index >= 0 && index < Int(UInt32.max): return .index(UInt32(index))
    case .index(let index): return .name(String(index))
    case .name(let string): return .name(string)
    }
  }
}
