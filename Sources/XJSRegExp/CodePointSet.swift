/// A set of code points (or UTF-16 code units) kept as sorted, disjoint, non-adjacent
/// inclusive ranges. Character classes, property escapes and case closures are built from it.
struct CodePointSet: Equatable {
  static let maxCodePoint: UInt32 = 0x10FFFF

  /// Flattened inclusive ranges: `[lo0, hi0, lo1, hi1, …]`, sorted and merged.
  private(set) var bounds: [UInt32] = []

  init() {}

  init(_ value: UInt32) { bounds = [value, value] }

  init(_ lower: UInt32, _ upper: UInt32) { bounds = [lower, upper] }

  /// Builds a set from ranges in any order, possibly overlapping.
  init(ranges: [ClosedRange<UInt32>]) {
    self.init(unsortedBounds: ranges.flatMap { [$0.lowerBound, $0.upperBound] })
  }

  /// Decodes the generated Unicode tables' ranges (ScriptData, GeneralCategoryData):
  /// space-separated base-36 "gap.length" pairs, the gap counted from the end of the previous
  /// range plus one, the length minus one.
  init(encodedRanges text: String) {
    var bounds: [UInt32] = []
    var previousEnd: Int64 = -1
    for pair in text.split(separator: " ") {
      let parts = pair.split(separator: ".")
      guard parts.count == 2, let gap = Int64(parts[0], radix: 36),
        let length = Int64(parts[1], radix: 36)
      else { preconditionFailure("malformed Unicode table entry \(pair)") }
      let start = previousEnd + 1 + gap
      previousEnd = start + length
      bounds += [UInt32(start), UInt32(previousEnd)]
    }
    self.init(unsortedBounds: bounds)
  }

  /// Builds a set from flattened `[lo, hi, …]` pairs in any order, possibly overlapping.
  init(unsortedBounds: [UInt32]) {
    var pairs: [(UInt32, UInt32)] = []
    pairs.reserveCapacity(unsortedBounds.count / 2)
    var i = 0
    while i + 1 < unsortedBounds.count {
      pairs.append((unsortedBounds[i], unsortedBounds[i + 1]))
      i += 2
    }
    pairs.sort { $0.0 < $1.0 }
    bounds = CodePointSet.merge(sortedPairs: pairs)
  }

  private static func merge(sortedPairs: [(UInt32, UInt32)]) -> [UInt32] {
    var out: [UInt32] = []
    out.reserveCapacity(sortedPairs.count * 2)
    for (lo, hi) in sortedPairs {
      if let last = out.last, lo <= last &+ 1 {
        if hi > last { out[out.count - 1] = hi }
      } else {
        out.append(lo)
        out.append(hi)
      }
    }
    return out
  }

  var isEmpty: Bool { bounds.isEmpty }
  var rangeCount: Int { bounds.count / 2 }

  var ranges: [ClosedRange<UInt32>] {
    stride(from: 0, to: bounds.count, by: 2).map { bounds[$0]...bounds[$0 + 1] }
  }

  /// The number of members (used to pick compact encodings).
  var count: Int {
    var total = 0
    var i = 0
    while i < bounds.count {
      total += Int(bounds[i + 1] - bounds[i]) + 1
      i += 2
    }
    return total
  }

  var first: UInt32? { bounds.first }
  var last: UInt32? { bounds.last }

  /// Binary search over the ranges.
  func contains(_ value: UInt32) -> Bool {
    var low = 0
    var high = bounds.count / 2
    while low < high {
      let mid = (low + high) >> 1
      if value > bounds[2 * mid + 1] {
        low = mid + 1
      } else if value < bounds[2 * mid] {
        high = mid
      } else {
        return true
      }
    }
    return false
  }

  mutating func insert(_ value: UInt32) { formUnion(CodePointSet(value)) }

  mutating func insert(_ lower: UInt32, _ upper: UInt32) { formUnion(CodePointSet(lower, upper)) }

  func union(_ other: CodePointSet) -> CodePointSet {
    if other.isEmpty { return self }
    if isEmpty { return other }
    var pairs: [(UInt32, UInt32)] = []
    pairs.reserveCapacity(rangeCount + other.rangeCount)
    var i = 0
    var j = 0
    // Merge two sorted range lists.
    while i < bounds.count || j < other.bounds.count {
      if j >= other.bounds.count || (i < bounds.count && bounds[i] <= other.bounds[j]) {
        pairs.append((bounds[i], bounds[i + 1]))
        i += 2
      } else {
        pairs.append((other.bounds[j], other.bounds[j + 1]))
        j += 2
      }
    }
    var result = CodePointSet()
    result.bounds = CodePointSet.merge(sortedPairs: pairs)
    return result
  }

  mutating func formUnion(_ other: CodePointSet) { self = union(other) }

  /// The complement within `0...upperLimit`.
  func inverted(upTo upperLimit: UInt32 = CodePointSet.maxCodePoint) -> CodePointSet {
    var out: [UInt32] = []
    var next: UInt64 = 0  // wide, so `hi + 1` cannot overflow
    var i = 0
    while i < bounds.count && bounds[i] <= upperLimit {
      if UInt64(bounds[i]) > next {
        out.append(UInt32(next))
        out.append(bounds[i] - 1)
      }
      next = UInt64(bounds[i + 1]) + 1
      i += 2
    }
    if next <= UInt64(upperLimit) {
      out.append(UInt32(next))
      out.append(upperLimit)
    }
    var result = CodePointSet()
    result.bounds = out
    return result
  }

  func intersection(_ other: CodePointSet) -> CodePointSet {
    var out: [UInt32] = []
    var i = 0
    var j = 0
    while i < bounds.count && j < other.bounds.count {
      let lo = max(bounds[i], other.bounds[j])
      let hi = min(bounds[i + 1], other.bounds[j + 1])
      if lo <= hi {
        out.append(lo)
        out.append(hi)
      }
      if bounds[i + 1] < other.bounds[j + 1] { i += 2 } else { j += 2 }
    }
    var result = CodePointSet()
    result.bounds = out
    return result
  }

  func subtracting(_ other: CodePointSet) -> CodePointSet {
    intersection(other.inverted())
  }

  /// Calls `body` for every member; used on small sets (case closure of literals).
  func forEachMember(_ body: (UInt32) -> Void) {
    var i = 0
    while i < bounds.count {
      var c = bounds[i]
      while true {
        body(c)
        if c == bounds[i + 1] { break }
        c += 1
      }
      i += 2
    }
  }
}

/// Builds a set by scanning code points with a predicate and collecting maximal runs.
/// Used for Unicode properties, which the standard library exposes only per scalar; inlined
/// so that each property's predicate is specialized into its own loop.
@inline(__always)
func scanCodePoints(
  in range: ClosedRange<UInt32> = 0...CodePointSet.maxCodePoint,
  where predicate: (UInt32) -> Bool
) -> CodePointSet {
  var runs: [UInt32] = []
  var runStart: UInt32? = nil
  var c = range.lowerBound
  while true {
    if predicate(c) {
      if runStart == nil { runStart = c }
    } else if let start = runStart {
      runs.append(start)
      runs.append(c - 1)
      runStart = nil
    }
    if c == range.upperBound { break }
    c += 1
  }
  if let start = runStart {
    runs.append(start)
    runs.append(range.upperBound)
  }
  return CodePointSet(unsortedBounds: runs)
}

/// Surrogates have no `Unicode.Scalar`; property scans treat them through this helper.
@inline(__always)
func scalarProperties(_ c: UInt32) -> Unicode.Scalar.Properties? {
  Unicode.Scalar(c)?.properties
}
