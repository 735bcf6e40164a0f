// A small open-addressing hash map from non-zero UInt64 keys to UInt64 values,
// for the engine's internal tables (property tables, transitions, root shapes).
// It avoids Dictionary's per-lookup SipHash: keys here are pointers and small
// integers, for which one multiplication mixes well enough.

struct KeyMap {
  private var keys: [UInt64]
  private var values: [UInt64]
  private(set) var count = 0
  /// The memory the two arrays take.
  var byteCount: Int { keys.count &* 16 }

  init(capacity: Int = 8) {
    var size = 8
    while size < capacity * 2 { size <<= 1 }
    keys = Array(repeating: 0, count: size)
    values = Array(repeating: 0, count: size)
  }

  @inline(__always) private static func slot(_ key: UInt64, _ mask: Int) -> Int {
    Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
  }

  /// The value for `key` (which must not be 0), or nil.
  @inline(__always) func find(_ key: UInt64) -> UInt64? {
    let mask = keys.count - 1
    var index = KeyMap.slot(key, mask)
    while true {
      let candidate = keys[index]
      if candidate == key { return values[index] }
      if candidate == 0 { return nil }
      index = (index + 1) & mask
    }
  }

  mutating func insert(_ key: UInt64, _ value: UInt64) {
    if (count + 1) * 2 > keys.count { grow() }
    let mask = keys.count - 1
    var index = KeyMap.slot(key, mask)
    while true {
      let candidate = keys[index]
      if candidate == key {
        values[index] = value
        return
      }
      if candidate == 0 {
        keys[index] = key
        values[index] = value
        count += 1
        return
      }
      index = (index + 1) & mask
    }
  }

  /// Removes `key` (backward-shift deletion keeps probe chains intact).
  mutating func remove(_ key: UInt64) {
    let mask = keys.count - 1
    var index = KeyMap.slot(key, mask)
    while keys[index] != key {
      if keys[index] == 0 { return }
      index = (index + 1) & mask
    }
    count -= 1
    var hole = index
    var next = (hole + 1) & mask
    while keys[next] != 0 {
      let home = KeyMap.slot(keys[next], mask)
      // Move the entry back if its home is not strictly between the hole and it.
      let distanceToNext = (next - home) & mask
      let distanceToHole = (next - hole) & mask
      if distanceToHole <= distanceToNext {
        keys[hole] = keys[next]
        values[hole] = values[next]
        hole = next
      }
      next = (next + 1) & mask
    }
    keys[hole] = 0
    values[hole] = 0
  }

  private mutating func grow() {
    let oldKeys = keys
    let oldValues = values
    keys = Array(repeating: 0, count: oldKeys.count * 2)
    values = Array(repeating: 0, count: oldKeys.count * 2)
    count = 0
    for index in oldKeys.indices where oldKeys[index] != 0 { insert(oldKeys[index], oldValues[index]) }
  }

  /// Calls `body` for every entry.
  func forEach(_ body: (UInt64, UInt64) -> Void) {
    for index in keys.indices where keys[index] != 0 { body(keys[index], values[index]) }
  }

  /// Keeps only the entries `keep` accepts.
  mutating func filter(_ keep: (UInt64, UInt64) -> Bool) {
    var survivors: [(UInt64, UInt64)] = []
    forEach { key, value in if keep(key, value) { survivors.append((key, value)) } }
    self = KeyMap(capacity: survivors.count)
    for (key, value) in survivors { insert(key, value) }
  }
}
