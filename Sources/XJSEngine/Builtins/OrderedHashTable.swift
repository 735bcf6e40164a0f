#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// The entries of a Map or a Set: a hash table that remembers insertion order
// (Tyler Close's deterministic table, as in V8 and SpiderMonkey).
//
// Entries live in one array in insertion order; a deleted entry becomes a hole
// (its key is `.empty`) until the next compaction. Lookup goes through buckets
// of chained entry indices.
//
// Iterators and `forEach` walk with a `HashTableCursor` (an entry index and the
// table's epoch when the index was valid). Each compaction, which closes holes,
// and each `clear` starts a new epoch and logs how indices move (the holes
// closed, or "back to 0"); a cursor from an older epoch replays the log before
// it reads. So live iteration sees additions, skips deletions and notices
// `clear`, as ES2024 24.1.3.5 / 24.2.3.6 require, with no list of cursors to
// keep up to date. The table counts the cursors of each epoch and drops log
// entries no cursor needs any more.
//
// Keys are stored normalized: -0 becomes +0 and integral numbers use the int32
// encoding, so equal numbers have equal bits and SameValueZero on numbers,
// objects and symbols is a bit comparison. Strings compare by content.

/// A position in an `OrderedHashTable` that stays on the same entry when the table compacts.
final class HashTableCursor {
  /// Strong: the table must outlive the count it keeps of this cursor.
  let table: OrderedHashTable
  /// The index of the next entry to visit, valid in `epoch`.
  var position = 0
  var epoch: Int

  init(_ table: OrderedHashTable) {
    self.table = table
    epoch = table.currentEpoch
    table.cursorStarted()
  }

  deinit { table.cursorEnded(epoch) }
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
  private unowned(unsafe) let heap: Heap

  /// How indices moved from epoch `logBase + i` to the next: the sorted holes that were
  /// closed, or nil for a `clear`.
  private var log: [[Int32]?] = []
  /// The epoch of `log[0]`; the current epoch is `logBase + log.count`.
  private var logBase = 0
  /// Live cursors per epoch from `logBase` on (`log.count + 1` counts).
  private var cursorCounts: [Int] = [0]

  var currentEpoch: Int { logBase + log.count }

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
    var bits = key.isBigInt ? key.asBigInt.hash : key.bits
    // A 64-bit finalizer (MurmurHash3's fmix64) spreads pointers and number bits.
    bits ^= bits >> 33
    bits &*= 0xff51_afd7_ed55_8ccd
    bits ^= bits >> 33
    return Int(truncatingIfNeeded: bits)
  }

  @inline(__always) private func sameKey(_ stored: Value, _ key: Value) -> Bool {
    if stored.bits == key.bits { return true }
    if stored.isString && key.isString { return stored.asString.equals(key.asString, heap) }
    return stored.isBigInt && key.isBigInt && stored.asBigInt.equals(key.asBigInt)
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
    startEpoch(nil)
    if capacity > OrderedHashTable.minimumCapacity { resize(OrderedHashTable.minimumCapacity) }
  }

  /// Moves the live entries, in order, into storage for `newCapacity` entries.
  private func resize(_ newCapacity: Int) {
    // Closing holes moves indices: cursors of older epochs will replay this.
    if count != used { startEpoch(holeIndices()) }
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

  /// The indices of the holes among the used entries, ascending.
  private func holeIndices() -> [Int32] {
    var holes: [Int32] = []
    holes.reserveCapacity(used - count)
    for index in 0..<used where !isLive(index) { holes.append(Int32(index)) }
    return holes
  }

  // MARK: Cursors

  func cursorStarted() { cursorCounts[cursorCounts.count - 1] += 1 }

  func cursorEnded(_ epoch: Int) {
    cursorCounts[epoch - logBase] -= 1
    dropUnneededLog()
  }

  /// Brings a cursor from its epoch to the current one.
  @inline(__always) private func synchronize(_ cursor: HashTableCursor) {
    if _slowPath(cursor.epoch != currentEpoch) { replayLog(cursor) }
  }

  private func replayLog(_ cursor: HashTableCursor) {
    var position = cursor.position
    for step in log[(cursor.epoch - logBase)...] {
      guard let holes = step else {
        position = 0
        continue
      }
      position -= OrderedHashTable.countBelow(holes, position)
    }
    cursor.position = position
    cursorCounts[cursor.epoch - logBase] -= 1
    cursorCounts[cursorCounts.count - 1] += 1
    cursor.epoch = currentEpoch
    dropUnneededLog()
  }

  /// How many of the sorted `holes` are below `position`.
  private static func countBelow(_ holes: [Int32], _ position: Int) -> Int {
    var low = 0
    var high = holes.count
    while low < high {
      let middle = (low + high) / 2
      if Int(holes[middle]) < position { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// Starts a new epoch; `step` says how the old epoch's indices move (nil: to 0).
  private func startEpoch(_ step: [Int32]?) {
    if cursorCounts.allSatisfy({ $0 == 0 }) {
      // No cursor can need the step.
      logBase += log.count + 1
      log.removeAll()
      cursorCounts = [0]
      return
    }
    log.append(step)
    cursorCounts.append(0)
  }

  private func dropUnneededLog() {
    while !log.isEmpty && cursorCounts[0] == 0 {
      log.removeFirst()
      cursorCounts.removeFirst()
      logBase += 1
    }
  }

  /// The next live entry at or after the cursor (advancing the cursor past it), or nil at the end.
  func next(_ cursor: HashTableCursor) -> Int? {
    synchronize(cursor)
    while cursor.position < used {
      let index = cursor.position
      cursor.position += 1
      if isLive(index) { return index }
    }
    return nil
  }
}
