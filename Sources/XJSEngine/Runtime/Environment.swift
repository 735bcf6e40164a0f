// Environment records for captured bindings.
//
// Bindings that no closure captures live in frame registers. Captured ones live
// in an environment cell; closures keep the cell alive. Scopes whose bindings
// may be looked up by name (a direct `eval` or `with` can see them) carry a
// ScopeDescriptor naming each slot.
//
// Layout: header (aux = slot count, flags = EnvironmentFlags) | parent: Value |
// descriptor (retained ScopeDescriptor or nil) | object: Value | slots…
//   object: for a `with` environment, the binding object; for a function scope
//   that a sloppy direct eval may add `var`s to, a null-prototype object holding them.

struct EnvironmentFlags {
  /// A `with` object environment.
  static let withObject: UInt16 = 1
  /// A suspended frame's register file (Interpreter/Suspension.swift): its registers may hold
  /// the raw header words of call frames under construction, so they are traced as the
  /// register stack is, conservatively.
  static let registerFile: UInt16 = 2
}

/// What the interpreter needs to create a scope's environment, and the names of
/// its slots for lookups by name (direct eval, `with`).
final class ScopeDescriptor {
  struct Binding {
    var slot: Int
    var isConst: Bool
    var isLexical: Bool
    /// A function expression's own name: assignments are ignored in sloppy code.
    var isFunctionName = false
    /// A module's import binding: the slot holds the exporter's environment, the next slot the
    /// binding's slot there (`Runtime.importTarget`).
    var isImport = false
  }
  let names: [String: Binding]
  /// Var-scope of a function, script or eval: where a sloppy direct eval declares vars.
  let isVarScope: Bool
  let slotCount: Int
  /// Slots of let/const/class bindings: they start uninitialized (TDZ).
  let lexicalSlots: [Int]
  /// A sloppy direct eval may add vars here (kept in the environment's object).
  let hasDynamicVars: Bool
  /// The scope of a sloppy function whose parameters have expressions. Its named bindings
  /// (parameters, `arguments`) stand for the spec's separate parameter environment, and its
  /// object for the function environment outside it, where an eval in a parameter
  /// expression declares vars: such a var may not share a name with a binding here.
  let isParameterScope: Bool

  init(
    names: [String: Binding], isVarScope: Bool, slotCount: Int, lexicalSlots: [Int],
    hasDynamicVars: Bool, isParameterScope: Bool = false
  ) {
    self.names = names
    self.isVarScope = isVarScope
    self.slotCount = slotCount
    self.lexicalSlots = lexicalSlots
    self.hasDynamicVars = hasDynamicVars
    self.isParameterScope = isParameterScope
  }

  /// The memory the descriptor takes: the object, the name table (a dictionary's entry is a
  /// string and a Binding, at the table's load factor) and the lexical slots.
  var estimatedBytes: Int {
    var bytes = 128 &+ names.capacity &* 64 &+ lexicalSlots.count &* 8
    for name in names.keys where name.utf8.count > 15 { bytes &+= 32 &+ name.utf8.count }
    return bytes
  }
}

struct EnvironmentRef: Equatable {
  let cell: CellPointer
  @inline(__always) init(_ cell: CellPointer) { self.cell = cell }
  @inline(__always) init(_ value: Value) { cell = value.asCell }

  static let headerSize = 32
  /// Where the parent environment is (JIT code reads it too).
  static let parentOffset = 8
  @inline(__always) var value: Value { Value(cell: cell) }
  @inline(__always) var slotCount: Int { Int(cell.cellHeader.pointee.aux) }
  @inline(__always) var isWith: Bool { cell.cellHeader.pointee.flags & EnvironmentFlags.withObject != 0 }

  @inline(__always) var parent: Value {
    get { cell.load(fromByteOffset: EnvironmentRef.parentOffset, as: Value.self) }
    nonmutating set { cell.storeBytes(of: newValue, toByteOffset: EnvironmentRef.parentOffset, as: Value.self) }
  }
  var descriptor: ScopeDescriptor? {
    guard let pointer = cell.load(fromByteOffset: 16, as: UnsafeMutableRawPointer?.self) else { return nil }
    return Unmanaged<ScopeDescriptor>.fromOpaque(pointer).takeUnretainedValue()
  }
  func setDescriptor(_ descriptor: ScopeDescriptor?) {
    if let old = cell.load(fromByteOffset: 16, as: UnsafeMutableRawPointer?.self) {
      Unmanaged<ScopeDescriptor>.fromOpaque(old).release()
    }
    cell.storeBytes(
      of: descriptor.map { Unmanaged.passRetained($0).toOpaque() }, toByteOffset: 16,
      as: UnsafeMutableRawPointer?.self)
  }
  var object: Value {
    get { cell.load(fromByteOffset: 24, as: Value.self) }
    nonmutating set { cell.storeBytes(of: newValue, toByteOffset: 24, as: Value.self) }
  }
  @inline(__always) var slots: UnsafeMutablePointer<Value> {
    (cell + EnvironmentRef.headerSize).assumingMemoryBound(to: Value.self)
  }
  @inline(__always) func slot(_ index: Int) -> Value { slots[index] }
  @inline(__always) func setSlot(_ index: Int, _ value: Value) { slots[index] = value }

  func trace(_ heap: Heap) {
    heap.mark(parent)
    heap.mark(object)
    if cell.cellHeader.pointee.flags & EnvironmentFlags.registerFile != 0 {
      for index in 0..<slotCount { heap.markConservatively(UInt(slots[index].bits)) }
    } else {
      heap.mark(values: slots, count: slotCount)
    }
  }

  func finalize(_ heap: Heap) {
    if let pointer = cell.load(fromByteOffset: 16, as: UnsafeMutableRawPointer?.self) {
      Unmanaged<ScopeDescriptor>.fromOpaque(pointer).release()
    }
  }
}

extension Runtime {
  func newEnvironment(parent: Value, slotCount: Int, descriptor: ScopeDescriptor?) -> EnvironmentRef {
    let cell = heap.allocateCell(size: EnvironmentRef.headerSize + slotCount * 8, kind: .environment)
    cell.cellHeader.pointee.aux = UInt32(slotCount)
    let environment = EnvironmentRef(cell)
    environment.parent = parent
    environment.object = .undefined
    for index in 0..<slotCount { environment.slots[index] = .undefined }
    if let descriptor { environment.setDescriptor(descriptor) }
    return environment
  }

  func newWithEnvironment(parent: Value, object: ObjectRef) -> EnvironmentRef {
    let environment = newEnvironment(parent: parent, slotCount: 0, descriptor: nil)
    environment.cell.cellHeader.pointee.flags = EnvironmentFlags.withObject
    environment.object = object.value
    return environment
  }
}
