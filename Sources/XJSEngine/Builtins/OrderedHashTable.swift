import Glibc

// The entries of a Map or a Set: a hash table that remembers insertion order
// (Tyler Close's deterministic table, as in V8 and SpiderMonkey).
//
// Entries live in one array in insertion order; a deleted entry becomes a hole
// (its key is `.empty`) until the next compaction. Lookup goes through buckets
// of chained entry indices. Iterators and `forEach` hold a `HashTableCursor`
// registered with the table, so that a compaction (which closes holes) can move
// every cursor to the same live entry, and `clear` can reset them: live
// iteration sees additions, skips deletions and notices `clear`, as
// ES2024 24.1.3.5 / 24.2.3.6 require.
//
// Keys are stored normalized: -0 becomes +0 and integral numbers use the int32
// encoding, so equal numbers have equal bits and SameValueZero on numbers,
// objects and symbols is a bit comparison. Strings compare by content.

/// A position in an `OrderedHashTable` that stays on the same entry when the table compacts.
final class HashTableCursor {
  /// The index of the next entry to visit.
  var position = 0
}

final class OrderedHashTable: HeapTraceable {
  /// Values per entry: 2 for a Map (key, value), 1 for a Set (key).
  let width: Int
  /// The most entries a table may hold (V8 stops at 2^24 too).
  static let maximumEntries = 1 << 24
  private static let minimumCapacity = 8

  /// `capacity * width` Values; entries `0 ..< used` are in insertion order.
  private var entries: UnsafeMutablePointer<Value>
  /// Per entry: the next entry index in its bucket, or -1.
  private var chains: UnsafeMutablePointer<Int32>
  /// Per bucket: the first entry index, or -1. There are `capacity` buckets.
  private var buckets: UnsafeMutablePointer<Int32>
  private(set) var capacity: Int
  /// Entries appended since the last compaction (live ones and holes).
  private(set) var used = 0
  /// Live entries.
  private(set) var count = 0
  /// Live cursors by identity (held weakly: an abandoned iterator just goes away).
  private var cursors: [ObjectIdentifier: WeakCursor] = [:]
  /// Dead entries are swept from `cursors` when it reaches this size (doubling keeps it amortized O(1)).
  private var cursorSweepThreshold = 16
  private unowned(unsafe) let heap: Heap

  private struct WeakCursor {
    weak var cursor: HashTableCursor?
  }

  init(width: Int, heap: Heap) {
    self.width = width
    self.heap = heap
    capacity = OrderedHashTable.minimumCapacity
    entries = .allocate(capacity: capacity * width)
    chains = .allocate(capacity: capacity)
    buckets = .allocate(capacity: capacity)
    buckets.initialize(repeating: -1, count: capacity)
    heap.reportExternalAllocation(byteSize(capacity))
  }

  deinit {
    entries.deallocate()
    chains.deallocate()
    buckets.deallocate()
    heap.reportExternalFree(byteSize(capacity))
  }

  private func byteSize(_ capacity: Int) -> Int { capacity * (width * 8 + 8) }

  func trace(_ heap: Heap) {
    heap.mark(values: entries, count: used * width)
  }

  // MARK: Keys

  /// The form a key is stored in (ES2024 24.1.3.9 step 5: -0 becomes +0).
  @inline(__always) static func normalize(_ key: Value) -> Value {
    if key.isDouble {
      let number = key.asDouble
      return Value(number: number == 0 ? 0 : number)
    }
    return key
  }

  @inline(__always) private func hash(_ key: Value) -> Int {
    if key.isString { return Int(key.asString.hash(heap)) }
    // A 64-bit finalizer (MurmurHash3's fmix64) spreads pointers and number bits.
    var bits = key.bits
    bits ^= bits >> 33
    bits &*= 0xff51_afd7_ed55_8ccd
    bits ^= bits >> 33
    return Int(truncatingIfNeeded: bits)
  }

  @inline(__always) private func sameKey(_ stored: Value, _ key: Value) -> Bool {
    if stored.bits == key.bits { return true }
    return stored.isString && key.isString && stored.asString.equals(key.asString, heap)
  }

  // MARK: Lookup

  /// The entry index holding `key`, if any.
  func find(_ key: Value) -> Int? {
    let normalized = OrderedHashTable.normalize(key)
    var index = buckets[hash(normalized) & (capacity - 1)]
    while index >= 0 {
      if sameKey(entries[Int(index) * width], normalized) { return Int(index) }
      index = chains[Int(index)]
    }
    return nil
  }

  @inline(__always) func key(at index: Int) -> Value { entries[index * width] }
  @inline(__always) func value(at index: Int) -> Value { entries[index * width + 1] }
  @inline(__always) func setValue(_ value: Value, at index: Int) { entries[index * width + 1] = value }
  @inline(__always) func isLive(_ index: Int) -> Bool { !entries[index * width].isEmpty }

  // MARK: Mutation

  /// Adds `key` (with `value` for a Map) at the end. The caller checked that it is absent.
  /// Returns false when the table is full.
  func append(_ key: Value, _ value: Value = .undefined) -> Bool {
    if used == capacity {
      // Compact in place when holes are plentiful, else grow (up to the limit).
      if count * 2 < capacity {
        resize(capacity)
      } else if capacity < OrderedHashTable.maximumEntries {
        resize(capacity * 2)
      } else if count < capacity {
        resize(capacity)
      } else {
        return false
      }
    }
    let normalized = OrderedHashTable.normalize(key)
    let index = used
    entries[index * width] = normalized
    if width == 2 { entries[index * width + 1] = value }
    let bucket = hash(normalized) & (capacity - 1)
    chains[index] = buckets[bucket]
    buckets[bucket] = Int32(index)
    used += 1
    count += 1
    return true
  }

  /// Makes the entry a hole. Shrinks the table when it gets sparse.
  func remove(at index: Int) {
    entries[index * width] = .empty
    if width == 2 { entries[index * width + 1] = .empty }
    count -= 1
    if capacity > OrderedHashTable.minimumCapacity && count < capacity / 4 { resize(capacity / 2) }
  }

  /// Removes every entry; cursors restart at the (new) beginning.
  func removeAll() {
    for index in 0..<used * width { entries[index] = .empty }
    used = 0
    count = 0
    buckets.update(repeating: -1, count: capacity)
    forEachCursor { $0.position = 0 }
    if capacity > OrderedHashTable.minimumCapacity { resize(OrderedHashTable.minimumCapacity) }
  }

  /// Moves the live entries, in order, into storage for `newCapacity` entries.
  private func resize(_ newCapacity: Int) {
    remapCursors()
    let newEntries = UnsafeMutablePointer<Value>.allocate(capacity: newCapacity * width)
    let newChains = UnsafeMutablePointer<Int32>.allocate(capacity: newCapacity)
    let newBuckets = UnsafeMutablePointer<Int32>.allocate(capacity: newCapacity)
    newBuckets.initialize(repeating: -1, count: newCapacity)
    var target = 0
    for index in 0..<used where isLive(index) {
      let key = entries[index * width]
      newEntries[target * width] = key
      if width == 2 { newEntries[target * width + 1] = entries[index * width + 1] }
      let bucket = hash(key) & (newCapacity - 1)
      newChains[target] = newBuckets[bucket]
      newBuckets[bucket] = Int32(target)
      target += 1
    }
    entries.deallocate()
    chains.deallocate()
    buckets.deallocate()
    heap.reportExternalFree(byteSize(capacity))
    heap.reportExternalAllocation(byteSize(newCapacity))
    entries = newEntries
    chains = newChains
    buckets = newBuckets
    capacity = newCapacity
    used = target
  }

  /// Before compaction: each cursor moves to the number of live entries before it
  /// (one pass over the entries, cursors in position order).
  private func remapCursors() {
    var live = cursors.values.compactMap { $0.cursor }
    if live.isEmpty { return }
    live.sort { $0.position < $1.position }
    var liveBefore = 0
    var index = 0
    for cursor in live {
      let target = min(cursor.position, used)
      while index < target {
        if isLive(index) { liveBefore += 1 }
        index += 1
      }
      cursor.position = liveBefore
    }
  }

  // MARK: Iteration

  func register(_ cursor: HashTableCursor) {
    if cursors.count >= cursorSweepThreshold {
      cursors = cursors.filter { $0.value.cursor != nil }
      cursorSweepThreshold = max(16, cursors.count * 2)
    }
    cursors[ObjectIdentifier(cursor)] = WeakCursor(cursor: cursor)
  }

  func unregister(_ cursor: HashTableCursor) {
    cursors[ObjectIdentifier(cursor)] = nil
  }

  private func forEachCursor(_ body: (HashTableCursor) -> Void) {
    for entry in cursors.values {
      if let cursor = entry.cursor { body(cursor) }
    }
  }

  /// The next live entry at or after the cursor (advancing the cursor past it), or nil at the end.
  func next(_ cursor: HashTableCursor) -> Int? {
    while cursor.position < used {
      let index = cursor.position
      cursor.position += 1
      if isLive(index) { return index }
    }
    return nil
  }
}
