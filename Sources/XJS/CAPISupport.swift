import XJSEngine

// What the C API (XJSCAPI, same package) needs beyond the public API: identities to check that
// a value belongs to the runtime it is used with, and the settings C has that Swift spells
// differently.

extension VirtualMachine {
  /// A virtual machine whose heap takes its blocks and large cells from `heapAllocator`.
  package convenience init(options: Options, heapAllocator: HeapAllocator?) {
    self.init(options: options, configure: { $0.heapAllocator = heapAllocator })
  }

  /// Identifies the virtual machine's heap: equal for every context and value made in it.
  package var heapIdentity: ObjectIdentifier { ObjectIdentifier(core) }
}

extension Context {
  /// The heap identity of the context's virtual machine (nil once it is destroyed).
  package var heapIdentity: ObjectIdentifier? { core.map { ObjectIdentifier($0) } }
}

extension JSValue {
  /// The heap identity of the value's virtual machine (nil once it is destroyed).
  package var heapIdentity: ObjectIdentifier? { context.heapIdentity }
}
