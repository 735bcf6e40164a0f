import XJSEngine

// What the C API (XJSCAPI, same package) needs beyond the public API. Its hot paths (values,
// host function calls) work on the engine's raw values, rooted in its own handle table, and
// use these to enter the engine as the Swift API does (time limit, errors, realms).

extension VirtualMachine {
  /// A virtual machine whose heap takes its blocks and large cells from `heapAllocator`.
  package convenience init(options: Options, heapAllocator: HeapAllocator?) {
    self.init(options: options, configure: { $0.heapAllocator = heapAllocator })
  }

  /// Identifies the virtual machine's heap: equal for every context and value made in it.
  package var heapIdentity: ObjectIdentifier { ObjectIdentifier(core) }

  /// The engine runtime (valid while the virtual machine lives).
  package var engine: Runtime { core.runtime }

  /// Runs `body` as an entry from the host (the time limit armed for the outermost entry); a
  /// thrown value becomes a JSError.
  package func enterForHost<T>(_ body: (Runtime) throws(JSException) -> T) throws(JSError) -> T {
    try core.enter(body)
  }

  /// The JSError for a thrown value (a termination, or an exception with its details).
  package func hostError(thrown value: Value) -> JSError { JSError(thrown: value, runtime: core.runtime, core: core) }

  /// A JSValue handle for a raw value (rooted while the JSValue lives).
  package func wrapForHost(_ value: Value) -> JSValue { core.contextForValues.wrap(value) }

  /// A context naming `realm` that does not own it (for host callbacks whose context is gone).
  package func standInContext(for realm: Realm) -> Context { Context(core: core, realm: realm) }
}

extension Context {
  /// The heap identity of the context's virtual machine (nil once it is destroyed).
  package var heapIdentity: ObjectIdentifier? { core.map { ObjectIdentifier($0) } }

  package var engineRealm: Realm { realm }

  /// A JSValue of this context for a raw value.
  package func wrapForHost(_ value: Value) -> JSValue { wrap(value) }
}

extension JSValue {
  /// The heap identity of the value's virtual machine (nil once it is destroyed).
  package var heapIdentity: ObjectIdentifier? { context.heapIdentity }

  /// The raw value (kept alive by this JSValue).
  package var engineValue: Value { raw }
}
