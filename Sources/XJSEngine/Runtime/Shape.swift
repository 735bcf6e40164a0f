// Shapes (hidden classes). Objects with the same prototype, object class and
// property keys added in the same order with the same attributes share one
// shape; adding a property follows (or creates) a transition to a child shape.
// Inline caches key on shape identity, so a shape never changes meaning:
//
//   * A shared shape is immutable.
//   * An object with many properties, or one that had a property deleted or
//     reconfigured, gets a *dictionary* shape of its own. Adding to a dictionary
//     shape keeps its identity (existing slots stay where they are); deleting or
//     reconfiguring moves the table to a fresh shape cell, so every inline cache
//     entry for the old identity stops matching.
//
// Cell layout (ShapeLayout offsets): header | prototype | parent | key |
// attributes, class, slot index | slot count, property count | table | transitions

struct PropertyAttributes: OptionSet, Hashable {
  let rawValue: UInt8
  static let writable = PropertyAttributes(rawValue: 1)
  static let enumerable = PropertyAttributes(rawValue: 2)
  static let configurable = PropertyAttributes(rawValue: 4)
  /// The slot holds an AccessorPair cell.
  static let accessor = PropertyAttributes(rawValue: 8)

  /// Writable, enumerable, configurable: a property created by assignment.
  static let `default`: PropertyAttributes = [.writable, .enumerable, .configurable]
  /// Writable, configurable, not enumerable: builtin methods.
  static let builtin: PropertyAttributes = [.writable, .configurable]
}

enum ShapeLayout {
  static let prototype = 8
  static let parent = 16
  static let key = 24
  static let attributes = 32
  static let objectClass = 33
  static let slotIndex = 36
  static let slotCount = 40
  static let propertyCount = 44
  static let table = 48
  static let transitions = 56
  static let size = 64
}

struct ShapeFlags {
  static let dictionary: UInt16 = 1
  /// Objects of this shape may have exotic behaviour the ICs must not bypass.
  static let uncacheable: UInt16 = 2
}

/// A property's place in its object: the slot number and attributes.
struct PropertyLocation {
  var slot: UInt32
  var attributes: PropertyAttributes
}

/// Key → location for one shape, in insertion order. Built lazily for shared
/// shapes (from the transition chain), owned outright by dictionary shapes. Its memory is
/// charged to the heap's ledger: a script can make many shapes, each with a table.
final class PropertyTable {
  struct Entry {
    var key: PropertyKey
    var location: PropertyLocation
  }

  /// Insertion order; deleted entries (dictionary mode) have key `.none`.
  @exclusivity(unchecked) private(set) var entries: [Entry] = []
  @exclusivity(unchecked) private var index = KeyMap()
  @exclusivity(unchecked) private(set) var liveCount = 0
  /// Slots freed by deletion (dictionary mode), reused by later additions.
  @exclusivity(unchecked) var freeSlots: [UInt32] = [] {
    didSet { settleCharge() }
  }
  @exclusivity(unchecked) private var charge: MemoryCharge

  /// The object and its three arrays' headers, with the allocator's rounding.
  private static let fixedBytes = 256

  init(ledger: MemoryLedger) {
    charge = MemoryCharge(0, to: ledger)
    settleCharge()
  }

  init(copying other: PropertyTable) {
    charge = MemoryCharge(0, to: other.charge.ledger)
    entries = other.entries
    index = other.index
    liveCount = other.liveCount
    freeSlots = other.freeSlots
    settleCharge()
  }

  /// Copies only live entries (compacting order).
  func compactedCopy() -> PropertyTable {
    let copy = PropertyTable(ledger: charge.ledger)
    for entry in entries where entry.key != .none { copy.append(entry.key, entry.location) }
    copy.freeSlots = freeSlots
    return copy
  }

  @inline(__always) func lookup(_ key: PropertyKey) -> PropertyLocation? {
    if entries.count <= 8 {
      for entry in entries where entry.key == key { return entry.location }
      return nil
    }
    guard let position = index.find(key.bits) else { return nil }
    return entries[Int(position)].location
  }

  func append(_ key: PropertyKey, _ location: PropertyLocation) {
    index.insert(key.bits, UInt64(entries.count))
    entries.append(Entry(key: key, location: location))
    liveCount += 1
    settleCharge()
  }

  func update(_ key: PropertyKey, attributes: PropertyAttributes) {
    guard let position = index.find(key.bits) else { return }
    entries[Int(position)].location.attributes = attributes
  }

  func remove(_ key: PropertyKey) {
    guard let position = index.find(key.bits) else { return }
    index.remove(key.bits)
    freeSlots.append(entries[Int(position)].location.slot)
    entries[Int(position)].key = .none
    liveCount -= 1
    if entries.count > 16 && liveCount < entries.count / 2 { compact() }
  }

  private func compact() {
    let live = entries.filter { $0.key != .none }
    entries = []
    index = KeyMap(capacity: live.count)
    liveCount = 0
    for entry in live { append(entry.key, entry.location) }
  }

  /// Charges what the table takes now (array capacities, not counts: what was allocated).
  @inline(__always) private func settleCharge() {
    charge.resize(
      to: PropertyTable.fixedBytes &+ entries.capacity &* MemoryLayout<Entry>.stride &+ index.byteCount
        &+ freeSlots.capacity &* MemoryLayout<UInt32>.stride)
  }

  func trace(_ heap: Heap) {
    for entry in entries where entry.key != .none { entry.key.trace(heap) }
  }
}

/// The child shapes reachable from one shape by adding a property. Held weakly:
/// a dead child removes itself when it is swept. Charged to the ledger as PropertyTable is.
final class TransitionTable {
  /// (key, attributes) packed into one word: attributes use bits 56–59, which
  /// neither cell pointers nor index keys occupy.
  @inline(__always) static func packedKey(_ key: PropertyKey, _ attributes: PropertyAttributes) -> UInt64 {
    key.bits | (UInt64(attributes.rawValue) << 56)
  }
  @exclusivity(unchecked) private(set) var children = KeyMap()
  @exclusivity(unchecked) private var charge: MemoryCharge

  /// The object and its map's two array headers, with the allocator's rounding.
  private static let fixedBytes = 128

  init(ledger: MemoryLedger) {
    charge = MemoryCharge(TransitionTable.fixedBytes &+ children.byteCount, to: ledger)
  }

  func insert(_ packed: UInt64, _ child: CellPointer) {
    children.insert(packed, UInt64(UInt(bitPattern: child)))
    charge.resize(to: TransitionTable.fixedBytes &+ children.byteCount)
  }

  func remove(_ packed: UInt64) { children.remove(packed) }
}

struct ShapeRef: Equatable {
  let cell: CellPointer

  @inline(__always) init(_ cell: CellPointer) { self.cell = cell }

  @inline(__always) var flags: UInt16 {
    get { cell.cellHeader.pointee.flags }
    nonmutating set { cell.cellHeader.pointee.flags = newValue }
  }
  @inline(__always) var isDictionary: Bool { flags & ShapeFlags.dictionary != 0 }

  @inline(__always) var prototype: Value {
    get { cell.load(fromByteOffset: ShapeLayout.prototype, as: Value.self) }
    nonmutating set { cell.storeBytes(of: newValue, toByteOffset: ShapeLayout.prototype, as: Value.self) }
  }
  var parent: ShapeRef? {
    get {
      let bits = cell.load(fromByteOffset: ShapeLayout.parent, as: UInt.self)
      return bits == 0 ? nil : ShapeRef(CellPointer(bitPattern: bits)!)
    }
    nonmutating set {
      cell.storeBytes(
        of: newValue.map { UInt(bitPattern: $0.cell) } ?? 0, toByteOffset: ShapeLayout.parent, as: UInt.self)
    }
  }
  var key: PropertyKey {
    get { PropertyKey(bits: cell.load(fromByteOffset: ShapeLayout.key, as: UInt64.self)) }
    nonmutating set { cell.storeBytes(of: newValue.bits, toByteOffset: ShapeLayout.key, as: UInt64.self) }
  }
  var attributes: PropertyAttributes {
    get { PropertyAttributes(rawValue: cell.load(fromByteOffset: ShapeLayout.attributes, as: UInt8.self)) }
    nonmutating set { cell.storeBytes(of: newValue.rawValue, toByteOffset: ShapeLayout.attributes, as: UInt8.self) }
  }
  @inline(__always) var objectClass: ObjectClass {
    get { unsafeBitCast(cell.load(fromByteOffset: ShapeLayout.objectClass, as: UInt8.self), to: ObjectClass.self) }
    nonmutating set { cell.storeBytes(of: newValue.rawValue, toByteOffset: ShapeLayout.objectClass, as: UInt8.self) }
  }
  var slotIndex: UInt32 {
    get { cell.load(fromByteOffset: ShapeLayout.slotIndex, as: UInt32.self) }
    nonmutating set { cell.storeBytes(of: newValue, toByteOffset: ShapeLayout.slotIndex, as: UInt32.self) }
  }
  /// The number of slots objects of this shape use (the next free slot).
  @inline(__always) var slotCount: UInt32 {
    get { cell.load(fromByteOffset: ShapeLayout.slotCount, as: UInt32.self) }
    nonmutating set { cell.storeBytes(of: newValue, toByteOffset: ShapeLayout.slotCount, as: UInt32.self) }
  }
  var propertyCount: UInt32 {
    get { cell.load(fromByteOffset: ShapeLayout.propertyCount, as: UInt32.self) }
    nonmutating set { cell.storeBytes(of: newValue, toByteOffset: ShapeLayout.propertyCount, as: UInt32.self) }
  }
  private var tablePointer: UnsafeMutableRawPointer? {
    get { cell.load(fromByteOffset: ShapeLayout.table, as: UnsafeMutableRawPointer?.self) }
    nonmutating set {
      cell.storeBytes(of: newValue, toByteOffset: ShapeLayout.table, as: UnsafeMutableRawPointer?.self)
    }
  }
  private var transitionsPointer: UnsafeMutableRawPointer? {
    get { cell.load(fromByteOffset: ShapeLayout.transitions, as: UnsafeMutableRawPointer?.self) }
    nonmutating set {
      cell.storeBytes(of: newValue, toByteOffset: ShapeLayout.transitions, as: UnsafeMutableRawPointer?.self)
    }
  }

  /// The property table, built from the transition chain on first use.
  var table: PropertyTable {
    if let pointer = tablePointer {
      return Unmanaged<PropertyTable>.fromOpaque(pointer).takeUnretainedValue()
    }
    let table = buildTable()
    tablePointer = Unmanaged.passRetained(table).toOpaque()
    return table
  }

  /// The ledger the shape's tables are charged to (a shape is never a large cell).
  private var ledger: MemoryLedger { Heap.ledger(ofBlockCell: cell) }

  var hasTable: Bool { tablePointer != nil }

  func setTable(_ table: PropertyTable) {
    if let old = tablePointer { Unmanaged<PropertyTable>.fromOpaque(old).release() }
    tablePointer = Unmanaged.passRetained(table).toOpaque()
  }

  private func buildTable() -> PropertyTable {
    var chain: [ShapeRef] = []
    var current: ShapeRef? = self
    while let shape = current, shape.key != .none {
      if shape.hasTable && shape != self {
        let table = PropertyTable(copying: shape.table)
        for link in chain.reversed() {
          table.append(link.key, PropertyLocation(slot: link.slotIndex, attributes: link.attributes))
        }
        return table
      }
      chain.append(shape)
      current = shape.parent
    }
    let table = PropertyTable(ledger: ledger)
    for link in chain.reversed() {
      table.append(link.key, PropertyLocation(slot: link.slotIndex, attributes: link.attributes))
    }
    return table
  }

  @inline(__always) func lookup(_ key: PropertyKey) -> PropertyLocation? {
    if propertyCount == 0 { return nil }
    // The shape owns its table for as long as the shape lives: no retain for the lookup.
    guard let pointer = tablePointer else { return table.lookup(key) }
    return Unmanaged<PropertyTable>.fromOpaque(pointer)._withUnsafeGuaranteedRef { $0.lookup(key) }
  }

  /// The transitions word holds nothing, one child shape's cell tagged with the low bit (most
  /// shapes only ever get one child: no table to allocate), or a TransitionTable.
  private static let singleChildTag: UInt = 1

  private var singleChild: ShapeRef? {
    guard let pointer = transitionsPointer, UInt(bitPattern: pointer) & ShapeRef.singleChildTag != 0 else {
      return nil
    }
    return ShapeRef(CellPointer(bitPattern: UInt(bitPattern: pointer) & ~ShapeRef.singleChildTag)!)
  }

  private var transitionTable: TransitionTable? {
    guard let pointer = transitionsPointer, UInt(bitPattern: pointer) & ShapeRef.singleChildTag == 0 else {
      return nil
    }
    return Unmanaged<TransitionTable>.fromOpaque(pointer).takeUnretainedValue()
  }

  /// Records `child` as the shape reached by adding the child's key with its attributes.
  func addTransition(to child: ShapeRef) {
    let packed = TransitionTable.packedKey(child.key, child.attributes)
    if transitionsPointer == nil {
      transitionsPointer = UnsafeMutableRawPointer(bitPattern: UInt(bitPattern: child.cell) | ShapeRef.singleChildTag)
      return
    }
    if let table = transitionTable {
      table.insert(packed, child.cell)
      return
    }
    let only = singleChild!
    let table = TransitionTable(ledger: ledger)
    table.insert(TransitionTable.packedKey(only.key, only.attributes), only.cell)
    table.insert(packed, child.cell)
    transitionsPointer = Unmanaged.passRetained(table).toOpaque()
  }

  /// Forgets the transition to `child` (which is being swept).
  private func removeTransition(to child: ShapeRef) {
    if let only = singleChild {
      if only == child { transitionsPointer = nil }
      return
    }
    transitionTable?.remove(TransitionTable.packedKey(child.key, child.attributes))
  }

  func existingTransition(_ key: PropertyKey, _ attributes: PropertyAttributes) -> ShapeRef? {
    guard let pointer = transitionsPointer else { return nil }
    if let only = singleChild {
      return only.key == key && only.attributes == attributes ? only : nil
    }
    // The shape owns its transition table: borrowed, not retained (every object literal and
    // every new function object's properties come through here).
    let packed = TransitionTable.packedKey(key, attributes)
    let found = Unmanaged<TransitionTable>.fromOpaque(pointer)._withUnsafeGuaranteedRef { $0.children.find(packed) }
    guard let child = found else { return nil }
    return ShapeRef(CellPointer(bitPattern: UInt(child))!)
  }

  // MARK: GC

  func trace(_ heap: Heap) {
    heap.mark(prototype)
    if let parent { heap.mark(parent.cell) }
    key.trace(heap)
    if isDictionary, let pointer = tablePointer {
      Unmanaged<PropertyTable>.fromOpaque(pointer).takeUnretainedValue().trace(heap)
    }
  }

  func finalize(_ heap: Heap) {
    // Unlink from a surviving parent's transitions.
    if let parent, heap.isMarked(parent.cell) { parent.removeTransition(to: self) }
    if let pointer = tablePointer { Unmanaged<PropertyTable>.fromOpaque(pointer).release() }
    if transitionTable != nil, let pointer = transitionsPointer {
      Unmanaged<TransitionTable>.fromOpaque(pointer).release()
    }
    tablePointer = nil
    transitionsPointer = nil
  }
}

extension Runtime {
  /// The empty shape for objects of `objectClass` whose prototype is `prototype`.
  func rootShape(prototype: Value, objectClass: ObjectClass) -> ShapeRef {
    // Prototype (a cell pointer or null) and object class packed into one non-zero key.
    let cacheKey = prototype.bits | (UInt64(objectClass.rawValue) << 56) | (1 << 63)
    if let existing = rootShapes.find(cacheKey) { return ShapeRef(CellPointer(bitPattern: UInt(existing))!) }
    if prototype.isCell { markAsPrototype(ObjectRef(prototype)) }
    let shape = allocateShape()
    shape.prototype = prototype
    shape.objectClass = objectClass
    rootShapes.insert(cacheKey, UInt64(UInt(bitPattern: shape.cell)))
    return shape
  }

  func allocateShape() -> ShapeRef {
    ShapeRef(heap.allocateCell(size: ShapeLayout.size, kind: .shape))
  }

  /// The shape after adding `key` with `attributes` to an object of shape `shape`.
  /// For a dictionary shape, the table is extended in place.
  func shapeAdding(_ key: PropertyKey, _ attributes: PropertyAttributes, to shape: ShapeRef) -> ShapeRef {
    if shape.isDictionary {
      let table = shape.table
      let slot: UInt32
      if let reused = table.freeSlots.popLast() {
        slot = reused
      } else {
        slot = shape.slotCount
        shape.slotCount += 1
      }
      table.append(key, PropertyLocation(slot: slot, attributes: attributes))
      shape.propertyCount += 1
      return shape
    }
    if let child = shape.existingTransition(key, attributes) { return child }
    if shape.propertyCount >= 64 {
      let dictionary = dictionaryCopy(of: shape)
      return shapeAdding(key, attributes, to: dictionary)
    }
    let child = allocateShape()
    child.prototype = shape.prototype
    child.objectClass = shape.objectClass
    child.parent = shape
    child.key = key
    child.attributes = attributes
    child.slotIndex = shape.slotCount
    child.slotCount = shape.slotCount + 1
    child.propertyCount = shape.propertyCount + 1
    child.flags = shape.flags
    shape.addTransition(to: child)
    return child
  }

  /// A fresh dictionary shape with the same properties and slots as `shape`, for the object
  /// whose shape `shape` is (callers give it the result). A dictionary shape belongs to that one
  /// object, so its table moves to the new shape instead of being copied (deleting n properties
  /// one by one copied n tables: quadratic memory the heap did not count); the old shape, which
  /// no object has any more, keeps an empty table.
  ///
  /// The new shape is allocated first: a collection inside the allocation must still find the
  /// table's keys through the old shape.
  func dictionaryCopy(of shape: ShapeRef) -> ShapeRef {
    let dictionary = allocateShape()
    let table: PropertyTable
    if shape.isDictionary {
      table = shape.table
      shape.setTable(PropertyTable(ledger: heap.ledger))
    } else {
      table = shape.table.compactedCopy()
    }
    dictionary.prototype = shape.prototype
    dictionary.objectClass = shape.objectClass
    dictionary.slotCount = shape.slotCount
    dictionary.propertyCount = shape.propertyCount
    dictionary.flags = shape.flags | ShapeFlags.dictionary
    dictionary.setTable(table)
    return dictionary
  }
}
