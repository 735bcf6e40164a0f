// Property keys: an array index (0 … 2^32 - 2), an atom (interned string) or
// a symbol, in 64 bits. Two keys are the same property exactly when their bits
// are equal, so shape lookups compare integers.

struct PropertyKey: Hashable {
  var bits: UInt64

  static let indexTag: UInt64 = 1 << 62
  static let maximumIndex: UInt32 = 0xFFFF_FFFE

  @inline(__always) init(bits: UInt64) { self.bits = bits }
  @inline(__always) init(index: UInt32) { bits = PropertyKey.indexTag | UInt64(index) }
  @inline(__always) init(atom: StringRef) { bits = UInt64(UInt(bitPattern: atom.cell)) }
  @inline(__always) init(symbol: SymbolRef) { bits = UInt64(UInt(bitPattern: symbol.cell)) }

  static let none = PropertyKey(bits: 0)

  @inline(__always) var isIndex: Bool { bits & PropertyKey.indexTag != 0 }
  @inline(__always) var index: UInt32 { UInt32(truncatingIfNeeded: bits) }
  @inline(__always) var cell: CellPointer { CellPointer(bitPattern: UInt(bits))! }
  @inline(__always) var isSymbol: Bool { !isIndex && cell.cellKind == .symbol }
  @inline(__always) var isString: Bool { !isIndex && cell.cellKind == .string }
  /// A class's Private Name (see `SymbolRef.isPrivate`).
  @inline(__always) var isPrivateName: Bool { isSymbol && symbol.isPrivate }
  @inline(__always) var atom: StringRef { StringRef(cell) }
  @inline(__always) var symbol: SymbolRef { SymbolRef(cell) }

  /// Marks the key's cell, if it has one.
  @inline(__always) func trace(_ heap: Heap) {
    if bits != 0 && !isIndex { heap.mark(cell) }
  }
}

// MARK: - Symbols

/// Layout: header | description: Value (a string, or undefined)
struct SymbolRef: Equatable {
  let cell: CellPointer
  @inline(__always) init(_ cell: CellPointer) { self.cell = cell }
  @inline(__always) init(_ value: Value) { cell = value.asCell }
  static let size = 16
  @inline(__always) var value: Value { Value(cell: cell) }
  var description: Value {
    get { cell.load(fromByteOffset: 8, as: Value.self) }
    nonmutating set { cell.storeBytes(of: newValue, toByteOffset: 8, as: Value.self) }
  }
  /// Registered with `Symbol.for`.
  var isRegistered: Bool {
    get { cell.cellHeader.pointee.flags & 1 != 0 }
    nonmutating set { setFlag(1, newValue) }
  }
  /// A Private Name (`#x` of a class evaluation): a key scripts can only reach through
  /// private member syntax; never listed by [[OwnPropertyKeys]], never seen by proxies.
  var isPrivate: Bool {
    get { cell.cellHeader.pointee.flags & 2 != 0 }
    nonmutating set { setFlag(2, newValue) }
  }
  private func setFlag(_ bit: UInt16, _ on: Bool) {
    if on { cell.cellHeader.pointee.flags |= bit } else { cell.cellHeader.pointee.flags &= ~bit }
  }
  func trace(_ heap: Heap) { heap.mark(description) }
}

extension Runtime {
  func newSymbol(description: Value) -> SymbolRef {
    let cell = heap.allocateCell(size: SymbolRef.size, kind: .symbol)
    let symbol = SymbolRef(cell)
    symbol.description = description
    return symbol
  }
}

// MARK: - Canonical array indices

/// The array index a string denotes ("0", "17"; not "01", "-1", "4294967295"), if any.
func arrayIndex(ofCodeUnits units: UnsafeBufferPointer<UInt16>) -> UInt32? {
  let count = units.count
  if count == 0 || count > 10 { return nil }
  let first = units[0]
  if first < 0x30 || first > 0x39 { return nil }
  if first == 0x30 { return count == 1 ? 0 : nil }
  var result: UInt64 = 0
  for unit in units {
    if unit < 0x30 || unit > 0x39 { return nil }
    result = result * 10 + UInt64(unit - 0x30)
  }
  return result <= UInt64(PropertyKey.maximumIndex) ? UInt32(result) : nil
}

func arrayIndex(ofLatin1 units: UnsafeBufferPointer<UInt8>) -> UInt32? {
  let count = units.count
  if count == 0 || count > 10 { return nil }
  let first = units[0]
  if first < 0x30 || first > 0x39 { return nil }
  if first == 0x30 { return count == 1 ? 0 : nil }
  var result: UInt64 = 0
  for unit in units {
    if unit < 0x30 || unit > 0x39 { return nil }
    result = result * 10 + UInt64(unit - 0x30)
  }
  return result <= UInt64(PropertyKey.maximumIndex) ? UInt32(result) : nil
}

// MARK: - The atom table

/// Interned strings, weakly held: atoms no longer referenced are dropped after marking.
/// Open addressing over string cells, keyed by content hash.
struct AtomTable {
  private var slots: [UInt]  // 0 = empty, 1 = deleted, else cell address
  private var count = 0
  private var used = 0

  init() { slots = Array(repeating: 0, count: 1024) }

  /// Finds the atom with the characters of `string` (flat), inserting `string` itself if absent.
  mutating func intern(_ string: StringRef, _ heap: Heap) -> StringRef {
    if string.isAtom { return string }
    string.flattened(heap)
    let hash = string.hash(heap)
    let mask = slots.count - 1
    var index = Int(hash) & mask
    var firstDeleted = -1
    while true {
      let entry = slots[index]
      if entry == 0 { break }
      if entry == 1 {
        if firstDeleted < 0 { firstDeleted = index }
      } else {
        let candidate = StringRef(CellPointer(bitPattern: entry)!)
        if candidate.storedHash == hash && candidate.length == string.length
          && StringRef.equalCharacters(candidate, string)
        {
          return candidate
        }
      }
      index = (index + 1) & mask
    }
    string.flags |= StringFlags.atom
    let target = firstDeleted >= 0 ? firstDeleted : index
    if slots[target] == 0 { used += 1 }
    slots[target] = UInt(bitPattern: string.cell)
    count += 1
    if used * 2 > slots.count { rehash(heap, capacity: count * 4 > slots.count ? slots.count * 2 : slots.count) }
    return string
  }

  /// Drops atoms that were not marked in this collection.
  mutating func removeDead(_ heap: Heap) {
    var removed = 0
    for index in slots.indices where slots[index] > 1 {
      let cell = CellPointer(bitPattern: slots[index])!
      if !heap.isMarked(cell) {
        slots[index] = 1
        removed += 1
      }
    }
    count -= removed
    if removed > 0 { rehash(heap, capacity: slots.count) }
  }

  private mutating func rehash(_ heap: Heap, capacity: Int) {
    let old = slots
    slots = Array(repeating: 0, count: max(capacity, 1024))
    used = 0
    let mask = slots.count - 1
    for entry in old where entry > 1 {
      let string = StringRef(CellPointer(bitPattern: entry)!)
      var index = Int(string.storedHash) & mask
      while slots[index] != 0 { index = (index + 1) & mask }
      slots[index] = entry
      used += 1
    }
  }
}

extension Runtime {
  /// The property key for a string: an index key for canonical array indices, else an atom.
  func propertyKey(for string: StringRef) -> PropertyKey {
    if string.isAtom {
      if string.flags & StringFlags.isIndex != 0 {
        return PropertyKey(index: string.withUTF16(heap) { arrayIndex(ofCodeUnits: $0)! })
      }
      // An index string may have been interned elsewhere (single characters, literals):
      // it is still an index key, and the flag remembers that.
      if let index = canonicalArrayIndex(string) {
        string.flags |= StringFlags.isIndex
        return PropertyKey(index: index)
      }
      return PropertyKey(atom: string)
    }
    if let index = canonicalArrayIndex(string) { return PropertyKey(index: index) }
    return PropertyKey(atom: atoms.intern(string, heap))
  }

  /// The array index a string denotes, if any.
  private func canonicalArrayIndex(_ string: StringRef) -> UInt32? {
    let length = string.length
    if length == 0 || length > 10 { return nil }
    string.flattened(heap)
    if string.isLatin1 {
      return arrayIndex(ofLatin1: UnsafeBufferPointer(start: string.latin1Characters, count: length))
    }
    return arrayIndex(ofCodeUnits: UnsafeBufferPointer(start: string.utf16Characters, count: length))
  }

  func propertyKey(_ name: String) -> PropertyKey { propertyKey(for: newString(name)) }

  func atom(_ name: String) -> StringRef { atoms.intern(newString(name), heap) }

  /// The key as a JS value: its string (index keys become canonical numeric strings) or symbol.
  func keyValue(_ key: PropertyKey) -> Value {
    if key.isIndex { return numberToString(Double(key.index)).value }
    return Value(cell: key.cell)
  }

  /// The key as a JS value for contexts that want a number for index keys is not
  /// needed by the spec; property keys are strings or symbols.
  func keyString(_ key: PropertyKey) -> StringRef {
    if key.isIndex { return numberToString(Double(key.index)) }
    if key.isSymbol { return newString(symbolDescriptiveString(key.symbol)) }
    return key.atom
  }

  /// `Symbol(description)` as a Swift string, for messages.
  func symbolDescriptiveString(_ symbol: SymbolRef) -> String {
    let description = symbol.description
    if description.isUndefined { return "Symbol()" }
    return "Symbol(\(StringRef(description).swiftString(heap)))"
  }

  /// A key as text for error messages.
  func keyDescription(_ key: PropertyKey) -> String {
    if key.isIndex { return String(key.index) }
    if key.isSymbol { return symbolDescriptiveString(key.symbol) }
    return key.atom.swiftString(heap)
  }
}
