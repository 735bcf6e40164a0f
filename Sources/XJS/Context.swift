import XJSEngine
import XJSSyntax

/// A global object and its realm (its own `Object`, `Array`, … intrinsics) in a virtual machine.
/// Several contexts of one virtual machine share its heap, so values pass freely between them.
public final class Context {
  /// Held strongly: no weak reference to a context or a core exists, so the values made here
  /// retain and release them on Swift's fast path. Once the virtual machine is destroyed the
  /// core is no longer alive and every operation reports `.destroyed`.
  let heldCore: VirtualMachineCore
  var core: VirtualMachineCore? { heldCore.isAlive ? heldCore : nil }
  let realm: Realm
  /// Each host class's constructor and prototype in this context, and the root slots that keep
  /// them alive while it lives.
  private(set) var hostClasses: [ObjectIdentifier: (constructor: Value, prototype: Value, roots: (Int32, Int32))] =
    [:]

  /// The realm stops being a root: it lives on while anything of it is reachable (an object
  /// of it another context holds, a function of it a job will run) and is collected afterwards.
  /// A host closure that captures its context keeps the context, so its realm, alive until the
  /// virtual machine is destroyed (closures can use `JSCall.context` instead).
  deinit {
    if ownsRealm, realm.hostContext?.toOpaque() == Unmanaged.passUnretained(self).toOpaque() {
      realm.hostContext = nil
    }
    guard let runtime = core?.runtime else { return }
    for binding in hostClasses.values {
      runtime.releaseRootSlot(binding.roots.0)
      runtime.releaseRootSlot(binding.roots.1)
    }
    if ownsRealm { runtime.releaseRealm(realm) }
  }

  func rememberHostClass(_ id: ObjectIdentifier, constructor: Value, prototype: Value) {
    guard let runtime = core?.runtime else { return }
    hostClasses[id] = (constructor, prototype, (runtime.takeRootSlot(constructor), runtime.takeRootSlot(prototype)))
  }

  /// A new context in `virtualMachine` (the context does not keep it alive).
  public init(_ virtualMachine: VirtualMachine) {
    let core = virtualMachine.core
    heldCore = core
    realm = core.takeRealm()
    ownsRealm = true
    if realm.hostContext == nil { realm.hostContext = Unmanaged.passUnretained(self) }
  }

  /// Whether the realm stops being a root when this context goes (false for the stand-ins
  /// below, which only name a realm someone else holds).
  private let ownsRealm: Bool

  /// A stand-in naming `realm`: for values that arrive without a context (from the job queue),
  /// and for host functions whose context the host has released.
  init(core: VirtualMachineCore, realm: Realm) {
    heldCore = core
    self.realm = realm
    ownsRealm = false
  }

  /// The virtual machine's runtime, or `JSError.destroyed`.
  func liveRuntime() throws(JSError) -> Runtime {
    guard let core else { throw JSError.destroyed }
    return core.runtime
  }

  /// Runs `body` as an entry from the host, in this context's realm.
  func perform<T>(_ body: (Runtime) throws(JSException) -> T) throws(JSError) -> T {
    guard let core else { throw JSError.destroyed }
    let realm = self.realm
    return try core.enter { runtime throws(JSException) in
      try runtime.withRealm(realm) { () throws(JSException) in try body(runtime) }
    }
  }

  /// Runs a non-throwing `body` in this context's realm (nil once the virtual machine is gone).
  func withRuntime<T>(_ body: (Runtime) -> T) -> T? {
    guard let core else { return nil }
    return core.runtime.withRealm(realm) { body(core.runtime) }
  }

  func wrap(_ value: Value) -> JSValue { JSValue(value, self) }

  // MARK: Scripts

  /// Runs a script; returns its completion value. A syntax error throws `JSError.Kind.syntax`
  /// with `file:line:col`; an uncaught exception throws `JSError.Kind.exception`.
  @discardableResult
  public func evaluate(_ source: String, sourceURL: String = "<eval>") throws(JSError) -> JSValue {
    var syntaxError: SyntaxError?
    let value = try perform { runtime throws(JSException) in
      do throws(EvaluationError) {
        return try runtime.evaluateScript(source, sourceName: sourceURL)
      } catch {
        switch error {
        case .syntax(let error): syntaxError = error
        case .exception(let exception): throw exception
        }
        return .undefined
      }
    }
    if let syntaxError { throw JSError(syntax: syntaxError) }
    return wrap(value)
  }

  /// Loads, links and evaluates the module graph rooted at `url` through the virtual machine's
  /// module loader (`source` given: the root's text, not loaded). Returns the evaluation's
  /// promise: it settles when the module (and any top-level await in its graph) completes, as
  /// the job queue runs. A module that fails to load, parse or link throws.
  @discardableResult
  public func evaluateModule(url: String, source: String? = nil) throws(JSError) -> JSValue {
    let outcome = try perform { runtime in runtime.runModule(url: url, text: source) }
    switch outcome {
    case .started(let promise): return wrap(promise)
    case .failed(let exception):
      guard let core else { throw JSError.destroyed }
      throw JSError(thrown: exception.value, runtime: core.runtime, core: core)
    }
  }

  // MARK: The global object

  public var globalObject: JSValue { wrap(realm.hostGlobalObject) }

  /// A global variable (`globalThis[name]`).
  public subscript(name: String) -> JSValue {
    get throws(JSError) { try globalObject[name] }
  }

  /// Sets a global variable (`globalThis[name] = value`).
  public func setGlobal(_ name: String, _ value: some JSConvertible) throws(JSError) {
    try globalObject.set(name, value)
  }

  // MARK: Making values

  public var undefined: JSValue { wrap(.undefined) }
  public var null: JSValue { wrap(.null) }

  /// `value` as a JavaScript value of this context.
  public func value(_ value: some JSConvertible) -> JSValue { value.jsValue(in: self) }

  /// A new empty object (`{}`).
  public func object() -> JSValue { wrap(withRuntime { $0.makeObject() } ?? .undefined) }

  /// A new array of `elements`.
  public func array(_ elements: [JSValue]) -> JSValue {
    let raw = elements.map(\.raw)  // each kept alive by its handle until the array holds it
    let array = withRuntime { runtime in raw.withUnsafeBufferPointer { runtime.makeArray($0) } }
    return wrap(array ?? .undefined)
  }

  /// A new error object (`new TypeError(message)` for name "TypeError"; any other name makes an
  /// `Error` with that `name`).
  public func error(name: String = "Error", message: String) -> JSValue {
    wrap(withRuntime { $0.makeError(named: name, message: message) } ?? .undefined)
  }

  /// A JavaScript function running `body`. The closure may capture this context (contexts do
  /// not keep their virtual machine alive, so no cycle forms). A `JSError` or any Swift error
  /// thrown from it reaches the script as an exception.
  public func function(
    _ name: String = "", length: Int = 0, _ body: @escaping (JSCall) throws -> JSValue
  ) -> JSValue {
    wrap(withRuntime { runtime in runtime.makeHostFunction(name: name, length: length, hostBody(body)) } ?? .undefined)
  }

  /// Adapts a Swift closure to the engine's host function shape.
  func hostBody(_ body: @escaping (JSCall) throws -> JSValue) -> HostFunctionBody {
    let reference = WeakContext(self)
    return { this, arguments, newTarget throws(JSException) in
      let context = reference.context
      let frame = CallFrame(this: this, arguments: arguments)
      defer { frame.end() }
      let call = JSCall(
        context: context, frame: frame, newTarget: newTarget.isUndefined ? nil : context.wrap(newTarget))
      return try context.runHostCode { () throws -> Value in try body(call).raw }
    }
  }

  /// Runs host code called from JavaScript, turning what it throws into a JS exception.
  func runHostCode<T>(_ body: () throws -> T) throws(JSException) -> T {
    do {
      return try body()
    } catch let error as JSError {
      throw JSException(exceptionValue(for: error))
    } catch {
      throw JSException(withRuntime { $0.makeError(named: "Error", message: "\(error)") } ?? .undefined)
    }
  }

  func exceptionValue(for error: JSError) -> Value {
    if let value = error.value { return value.raw }
    let runtime = core?.runtime
    switch error.kind {
    case .terminated, .destroyed:
      // A termination keeps unwinding (the engine's termination value is uncatchable).
      return runtime?.currentTerminationValue ?? .undefined
    case .exception, .syntax:
      return withRuntime { $0.makeError(named: error.name, message: error.message) } ?? .undefined
    }
  }

  /// A Date for `milliseconds` since the epoch.
  public func date(millisecondsSince1970 milliseconds: Double) -> JSValue {
    wrap(withRuntime { $0.makeDate(milliseconds) } ?? .undefined)
  }

  /// The unhandled rejections the job queue has seen since the last call (their reasons).
  public func takeUnhandledRejections() -> [JSValue] {
    (withRuntime { $0.takeUnhandledRejections() } ?? []).map { wrap($0) }
  }
}

/// One call of a host function. Its values are made on first use (`this` and arguments a
/// function never reads cost nothing); read them during the call: afterwards `this` and the
/// arguments are undefined (keep the `JSValue`s you took instead of the `JSCall`).
public struct JSCall {
  public let context: Context
  private let frame: CallFrame
  /// The constructor `new` was applied to; nil for a plain call.
  public let newTarget: JSValue?

  init(context: Context, frame: CallFrame, newTarget: JSValue?) {
    self.context = context
    self.frame = frame
    self.newTarget = newTarget
  }

  /// `this` of the call (for a construct call, undefined: make the object yourself).
  public var this: JSValue { context.wrap(frame.isLive ? frame.this : .undefined) }

  /// How many arguments the caller passed.
  public var argumentCount: Int { frame.isLive ? frame.arguments.count : 0 }

  /// Every argument the caller passed.
  public var arguments: [JSValue] { (0..<argumentCount).map { self[$0] } }

  /// The argument at `index`, or undefined when the caller passed fewer.
  public subscript(index: Int) -> JSValue {
    guard frame.isLive, index >= 0, index < frame.arguments.count else { return context.undefined }
    return context.wrap(frame.arguments[index])
  }

  public var isConstructCall: Bool { newTarget != nil }
}

/// The raw `this` and arguments of a host call, valid while the call runs (the caller's frame
/// roots them); `end()` makes a JSCall kept past its call read undefined instead of stale values.
final class CallFrame {
  let this: Value
  private(set) var arguments: UnsafeBufferPointer<Value>
  private(set) var isLive = true

  init(this: Value, arguments: UnsafeBufferPointer<Value>) {
    self.this = this
    self.arguments = arguments
  }

  func end() {
    isLive = false
    arguments = UnsafeBufferPointer(start: nil, count: 0)
  }
}

extension VirtualMachineCore {
  /// The realm for a new context: the runtime's first realm for the first context, then new ones.
  func takeRealm() -> Realm {
    if !initialRealmTaken {
      initialRealmTaken = true
      return runtime.initialRealm
    }
    return runtime.createHostRealm()
  }

  /// The context values from the job queue and errors without a context belong to.
  var contextForValues: Context {
    if let context = defaultContext { return context }
    let context = Context(core: self, realm: runtime.initialRealm)
    defaultContext = context
    return context
  }
}

/// How host functions refer to the context they were made in, without keeping it (the function
/// lives in the heap, which must not keep the context's realm a root): the realm names its
/// host context while that lives; afterwards a stand-in for the same realm serves.
final class WeakContext {
  /// Alive whenever the function runs (the core owns the runtime that runs it).
  private unowned(unsafe) let core: VirtualMachineCore
  private let realm: Realm

  init(_ context: Context) {
    core = context.heldCore
    realm = context.realm
  }

  var context: Context {
    if let host = realm.hostContext { return unsafeDowncast(host.takeUnretainedValue(), to: Context.self) }
    return Context(core: core, realm: realm)
  }
}
