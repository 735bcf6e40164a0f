// String.prototype.normalize (ES2024 22.1.3.15): the Unicode normalization forms of
// UAX #15, without Foundation. Decomposition, composition and combining-class data come
// from the generated NormalizationTables (Unicode 17.0, the version of the standard
// library's case mapping and of the regexp property tables; made by
// Scripts/unicode/gen-normalization-tables.py). Hangul syllables are handled
// algorithmically. Lone surrogates pass through unchanged.

enum NormalizationForm: String {
  case nfc = "NFC"
  case nfd = "NFD"
  case nfkc = "NFKC"
  case nfkd = "NFKD"

  var composes: Bool { self == .nfc || self == .nfkc }
  var compatibility: Bool { self == .nfkc || self == .nfkd }

  /// Code units below this are unchanged by the form (a quick check before any work):
  /// nothing below U+00A0 decomposes, nothing below U+00C0 canonically, and everything
  /// below U+0300 is already composed.
  var untouchedBelow: UInt16 {
    switch self {
    case .nfc: 0x300
    case .nfd: 0xC0
    case .nfkc, .nfkd: 0xA0
    }
  }
}

extension Runtime {
  func normalize(_ string: StringRef, _ form: NormalizationForm) throws(JSException) -> StringRef {
    let units = CodeUnits(string, heap)
    let limit = form.untouchedBelow
    var index = 0
    while index < units.count && units[index] < limit { index += 1 }
    if index == units.count { return string }
    // Normalize chunk by chunk, cut before code points nothing can reorder or compose
    // across, so long strings reach safe points (time limits, interrupts).
    let codePoints = UnicodeNormalizer.codePoints(of: units)
    var builder = StringBuilder(self, capacity: units.count)
    var chunkStart = 0
    while chunkStart < codePoints.count {
      var end = min(chunkStart + 4096, codePoints.count)
      while end < codePoints.count && !UnicodeNormalizer.isChunkBoundary(codePoints[end]) { end += 1 }
      var chunk = UnicodeNormalizer.decompose(codePoints[chunkStart..<end], compatibility: form.compatibility)
      if form.composes { chunk = UnicodeNormalizer.compose(chunk) }
      for codePoint in chunk { builder.appendCodePoint(codePoint) }
      chunkStart = end
      try checkSafePoint()
    }
    return try builder.finish(self)
  }
}

enum UnicodeNormalizer {
  // Hangul syllable arithmetic (Unicode 16.0 §3.12).
  static let sBase: UInt32 = 0xAC00
  static let lBase: UInt32 = 0x1100
  static let vBase: UInt32 = 0x1161
  static let tBase: UInt32 = 0x11A7
  static let lCount: UInt32 = 19
  static let vCount: UInt32 = 21
  static let tCount: UInt32 = 28
  static let nCount = vCount * tCount
  static let sCount = lCount * nCount

  static func codePoints(of units: CodeUnits) -> [UInt32] {
    var result: [UInt32] = []
    result.reserveCapacity(units.count)
    var index = 0
    while index < units.count {
      let (codePoint, size) = units.codePoint(at: index)
      result.append(codePoint)
      index += size
    }
    return result
  }

  /// The canonical combining class (0 for starters and unassigned code points).
  static func combiningClass(_ codePoint: UInt32) -> UInt8 {
    if codePoint < 0x300 { return 0 }
    let ranges = NormalizationTables.combiningClassRanges
    var low = 0
    var high = ranges.count / 3
    while low < high {
      let middle = (low + high) / 2
      if ranges[middle * 3 + 1] < codePoint {
        low = middle + 1
      } else {
        high = middle
      }
    }
    if low < ranges.count / 3 && ranges[low * 3] <= codePoint { return UInt8(ranges[low * 3 + 2]) }
    return 0
  }

  /// Whether normalization can restart at this code point: a starter with no
  /// decomposition that never composes with what precedes it.
  static func isChunkBoundary(_ codePoint: UInt32) -> Bool {
    if codePoint < 0x300 { return codePoint < 0xA0 }
    if codePoint >= sBase && codePoint < sBase + sCount { return false }
    if combiningClass(codePoint) != 0 || decompositionEntry(codePoint) != nil { return false }
    return !compositionSeconds.contains(codePoint)
  }

  /// Every code point that can be the second of a primary composite (with Hangul V and T jamo).
  private static let compositionSeconds: Set<UInt32> = {
    var seconds = Set<UInt32>()
    let triples = NormalizationTables.compositionTriples
    for index in stride(from: 1, to: triples.count, by: 3) { seconds.insert(triples[index]) }
    for jamo in vBase..<(vBase + vCount) { seconds.insert(jamo) }
    for jamo in (tBase + 1)..<(tBase + tCount) { seconds.insert(jamo) }
    return seconds
  }()

  /// The full decomposition of every code point, then canonical ordering.
  static func decompose(_ codePoints: ArraySlice<UInt32>, compatibility: Bool) -> [UInt32] {
    var result: [UInt32] = []
    result.reserveCapacity(codePoints.count + 8)
    for codePoint in codePoints { appendDecomposition(of: codePoint, compatibility: compatibility, to: &result) }
    sortCanonically(&result)
    return result
  }

  private static func appendDecomposition(of codePoint: UInt32, compatibility: Bool, to result: inout [UInt32]) {
    if codePoint >= sBase && codePoint < sBase + sCount {
      let index = codePoint - sBase
      result.append(lBase + index / nCount)
      result.append(vBase + (index % nCount) / tCount)
      if index % tCount != 0 { result.append(tBase + index % tCount) }
      return
    }
    guard codePoint >= 0xA0, let entry = decompositionEntry(codePoint) else {
      result.append(codePoint)
      return
    }
    let data = NormalizationTables.decompositionData
    let canonicalCount = Int(data[entry])
    let compatibilityCount = data[entry + 1]
    let start = entry + 2
    if !compatibility || compatibilityCount == 0xFF_FFFF {
      if canonicalCount == 0 {
        result.append(codePoint)
      } else {
        result.append(contentsOf: data[start..<(start + canonicalCount)])
      }
      return
    }
    let compatibilityStart = start + canonicalCount
    result.append(contentsOf: data[compatibilityStart..<(compatibilityStart + Int(compatibilityCount))])
  }

  /// The offset of the code point's entry in `decompositionData`, or nil.
  static func decompositionEntry(_ codePoint: UInt32) -> Int? {
    let keys = NormalizationTables.decompositionKeys
    var low = 0
    var high = keys.count
    while low < high {
      let middle = (low + high) / 2
      if keys[middle] < codePoint { low = middle + 1 } else { high = middle }
    }
    guard low < keys.count, keys[low] == codePoint else { return nil }
    return Int(NormalizationTables.decompositionOffsets[low])
  }

  /// Canonical Ordering Algorithm: a stable sort of each run of non-starters by class
  /// (insertion sort for the usual short runs, a keyed sort for long ones).
  private static func sortCanonically(_ codePoints: inout [UInt32]) {
    var start = 0
    while start < codePoints.count {
      if combiningClass(codePoints[start]) == 0 {
        start += 1
        continue
      }
      var end = start + 1
      while end < codePoints.count && combiningClass(codePoints[end]) != 0 { end += 1 }
      if end - start > 32 {
        sortLongRun(&codePoints, start..<end)
      } else {
        insertionSort(&codePoints, start..<end)
      }
      start = end
    }
  }

  private static func insertionSort(_ codePoints: inout [UInt32], _ run: Range<Int>) {
    for index in run.dropFirst() {
      let current = codePoints[index]
      let currentClass = combiningClass(current)
      var position = index
      while position > run.lowerBound && combiningClass(codePoints[position - 1]) > currentClass {
        codePoints[position] = codePoints[position - 1]
        position -= 1
      }
      codePoints[position] = current
    }
  }

  /// Sorting by (class, original position) keeps equal classes in order.
  private static func sortLongRun(_ codePoints: inout [UInt32], _ run: Range<Int>) {
    let keyed = run.map { (UInt64(combiningClass(codePoints[$0])) << 32 | UInt64($0 - run.lowerBound), codePoints[$0]) }
    let sorted = keyed.sorted { $0.0 < $1.0 }
    for (offset, entry) in sorted.enumerated() { codePoints[run.lowerBound + offset] = entry.1 }
  }

  /// Canonical Composition Algorithm over a decomposed, canonically ordered sequence.
  static func compose(_ codePoints: [UInt32]) -> [UInt32] {
    var result: [UInt32] = []
    result.reserveCapacity(codePoints.count)
    var starter = -1
    var lastClass = 0
    for codePoint in codePoints {
      let currentClass = Int(combiningClass(codePoint))
      // Not blocked: nothing between the starter and this one, or only lower classes.
      let adjacent = starter >= 0 && starter == result.count - 1
      if starter >= 0 && (adjacent || (lastClass < currentClass && lastClass != 0)),
        let composite = primaryComposite(result[starter], codePoint)
      {
        result[starter] = composite
        continue
      }
      if currentClass == 0 {
        starter = result.count
        lastClass = 0
      } else {
        lastClass = currentClass
      }
      result.append(codePoint)
    }
    return result
  }

  private static func primaryComposite(_ first: UInt32, _ second: UInt32) -> UInt32? {
    if first >= lBase && first < lBase + lCount && second >= vBase && second < vBase + vCount {
      return sBase + ((first - lBase) * vCount + (second - vBase)) * tCount
    }
    if first >= sBase && first < sBase + sCount && (first - sBase) % tCount == 0 && second > tBase
      && second < tBase + tCount
    {
      return first + (second - tBase)
    }
    let triples = NormalizationTables.compositionTriples
    var low = 0
    var high = triples.count / 3
    while low < high {
      let middle = (low + high) / 2
      let key = (triples[middle * 3], triples[middle * 3 + 1])
      if key.0 < first || (key.0 == first && key.1 < second) { low = middle + 1 } else { high = middle }
    }
    if low < triples.count / 3 && triples[low * 3] == first && triples[low * 3 + 1] == second {
      return triples[low * 3 + 2]
    }
    return nil
  }
}
