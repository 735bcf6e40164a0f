/// What the search loop may assume about where a match can start, computed from the tree:
/// the minimum match length, whether matches must start at input position 0, and the
/// possible code units at the first few offsets of a match. Positions that fail these
/// checks are skipped without running the matcher.
struct Prefilter {
  /// Longest prefix analysed.
  static let maxOffsets = 8

  /// Possible code units at one offset: a Latin-1 bitmap plus a flag for units ≥ 256.
  struct UnitFilter {
    var bits: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    var allowsHigh = false
    /// The single possible unit, when there is exactly one.
    var single: Int32 = -1

    init(_ units: CodePointSet) {
      for range in units.ranges {
        if range.upperBound > 0xFF { allowsHigh = true }
        guard range.lowerBound <= 0xFF else { continue }
        for c in range.lowerBound...min(range.upperBound, 0xFF) {
          let bit: UInt64 = 1 << UInt64(c & 63)
          switch c >> 6 {
          case 0: bits.0 |= bit
          case 1: bits.1 |= bit
          case 2: bits.2 |= bit
          default: bits.3 |= bit
          }
        }
      }
      if units.rangeCount == 1, units.first == units.last { single = Int32(units.first!) }
    }

    @inline(__always)
    func allows(_ unit: UInt32) -> Bool {
      if unit > 0xFF { return allowsHigh }
      let word: UInt64
      switch unit >> 6 {
      case 0: word = bits.0
      case 1: word = bits.1
      case 2: word = bits.2
      default: word = bits.3
      }
      return word & (1 << UInt64(unit & 63)) != 0
    }
  }

  /// Offsets tested 16 positions at a time before the scalar filters, each against at most
  /// `maxVectorUnits` code units.
  static let maxVectorTests = 3
  static let maxVectorUnits = 4

  var anchoredAtStart = false
  var minLength = 0
  var offsets: [UnitFilter] = []
  /// Offsets of the vector tests, and for each, `maxVectorUnits` splatted units (padded by
  /// repeating the first).
  var vectorOffsets: [Int] = []
  var vectorUnits: [SIMD16<UInt16>] = []
  /// The same for 8-bit (Latin-1) input, 32 positions at a time, against the units below 256
  /// (a unit above can never be in such input; a test with none is left to the scalar filters).
  var vectorOffsets8: [Int] = []
  var vectorUnits8: [SIMD32<UInt8>] = []

  init(root: RegExpNode, flags: RegExpFlags, caseFolding: CaseFolding?) {
    let analyzer = PrefixAnalyzer(flags: flags, caseFolding: caseFolding)
    let info = analyzer.info(root)
    anchoredAtStart = info.anchored
    minLength = info.minLength
    // An offset whose set allows every unit filters nothing: stop there.
    for units in info.prefix {
      let filter = UnitFilter(units)
      if filter.allowsHigh && units.first == 0 && units.rangeCount == 1 { break }
      if vectorOffsets.count < Prefilter.maxVectorTests && !units.isEmpty
        && units.count <= Prefilter.maxVectorUnits
      {
        var members: [UInt16] = []
        units.forEachMember { members.append(UInt16($0)) }
        while members.count < Prefilter.maxVectorUnits { members.append(members[0]) }
        vectorOffsets.append(offsets.count)
        vectorUnits += members.map { SIMD16(repeating: $0) }
        var latin1 = members.filter { $0 <= 0xFF }
        if !latin1.isEmpty {
          while latin1.count < Prefilter.maxVectorUnits { latin1.append(latin1[0]) }
          vectorOffsets8.append(offsets.count)
          vectorUnits8 += latin1.map { SIMD32(repeating: UInt8($0)) }
        }
      }
      offsets.append(filter)
    }
  }
}

/// Computes `PrefixInfo` bottom-up. Sets are over code units (a unicode-mode astral
/// character contributes its lead surrogate and ends the exact prefix).
private struct PrefixAnalyzer {
  let flags: RegExpFlags
  let caseFolding: CaseFolding?
  var unicode: Bool { flags.isUnicodeMode }

  struct PrefixInfo {
    /// Code units consumed at least.
    var minLength = 0
    /// Possible code units at offsets 0, 1, … of every match of the node.
    var prefix: [CodePointSet] = []
    /// The node always consumes exactly `prefix.count` units, so what follows it starts at
    /// that offset.
    var exact = true
    /// The node can only match at input position 0.
    var anchored = false
  }

  func info(_ node: RegExpNode) -> PrefixInfo {
    switch node {
    case .empty, .lookaround:
      return PrefixInfo()
    case .assertion(let kind):
      var result = PrefixInfo()
      result.anchored = kind == .start && !flags.contains(.multiline)
      return result
    case .backreference, .namedBackreference:
      return PrefixInfo(minLength: 0, prefix: [], exact: false)
    case .character, .characterClass, .dot:
      return singleCharacter(node)
    case .capture(_, let body):
      return info(body)
    case .modified(let body, let add, let remove):
      let inner = flags.union(add).subtracting(remove)
      let folding =
        inner.contains(.ignoreCase) ? CaseFolding.table(unicode: inner.isUnicodeMode) : nil
      return PrefixAnalyzer(flags: inner, caseFolding: folding).info(body)
    case .sequence(let items):
      return items.reduce(PrefixInfo()) { concatenate($0, info($1)) }
    case .alternation(let items):
      return items.dropFirst().reduce(info(items[0])) { union($0, info($1)) }
    case .quantified(let body, let min, let max, _, _):
      return repeated(info(body), min: min, max: max)
    }
  }

  private func singleCharacter(_ node: RegExpNode) -> PrefixInfo {
    let set: CodePointSet
    switch node {
    case .character(let c):
      let members = caseFolding?.orbit(of: c) ?? [c]
      set = CodePointSet(unsortedBounds: members.flatMap { [$0, $0] })
    case .characterClass(let s, let inverted):
      let closed = caseFolding?.closure(of: s) ?? s
      set = inverted ? closed.inverted() : closed
    default:
      set =
        flags.contains(.dotAll)
        ? CodePointSet(0, CodePointSet.maxCodePoint)
        : CharacterClasses.lineTerminators.inverted()
    }
    let bmp = set.intersection(CodePointSet(0, 0xFFFF))
    let astral = set.intersection(CodePointSet(0x10000, CodePointSet.maxCodePoint))
    if astral.isEmpty || !unicode {
      return PrefixInfo(minLength: 1, prefix: [bmp], exact: true)
    }
    // Astral members start with a lead surrogate and take two units.
    var leads = CodePointSet()
    for range in astral.ranges {
      leads.insert(
        UInt32(0xD800 + ((range.lowerBound - 0x10000) >> 10)),
        UInt32(0xD800 + ((range.upperBound - 0x10000) >> 10)))
    }
    return PrefixInfo(minLength: 1, prefix: [bmp.union(leads)], exact: false)
  }

  private func concatenate(_ a: PrefixInfo, _ b: PrefixInfo) -> PrefixInfo {
    var result = a
    result.minLength = saturatingAdd(a.minLength, b.minLength)
    if a.exact {
      result.prefix += b.prefix.prefix(Prefilter.maxOffsets - a.prefix.count)
      result.exact = b.exact && result.prefix.count == a.prefix.count + b.prefix.count
      // A zero-width node before an anchored one keeps the anchor.
      result.anchored = a.anchored || (a.prefix.isEmpty && a.minLength == 0 && b.anchored)
    }
    return result
  }

  private func union(_ a: PrefixInfo, _ b: PrefixInfo) -> PrefixInfo {
    let count = min(a.prefix.count, b.prefix.count)
    var result = PrefixInfo()
    result.minLength = min(a.minLength, b.minLength)
    result.prefix = (0..<count).map { a.prefix[$0].union(b.prefix[$0]) }
    result.exact = a.exact && b.exact && a.prefix.count == b.prefix.count
    result.anchored = a.anchored && b.anchored
    return result
  }

  private func repeated(_ body: PrefixInfo, min: Int, max: Int?) -> PrefixInfo {
    if min == 0 {
      return PrefixInfo(minLength: 0, prefix: [], exact: max == 0)
    }
    var result = PrefixInfo()
    result.minLength = body.minLength > Int(Int32.max) / min ? Int(Int32.max) : body.minLength * min
    result.anchored = body.anchored
    if body.exact && !body.prefix.isEmpty {
      var copies = 0
      while copies < min && result.prefix.count < Prefilter.maxOffsets {
        result.prefix += body.prefix
        copies += 1
      }
      result.prefix = Array(result.prefix.prefix(Prefilter.maxOffsets))
      result.exact = min == max && copies == min && result.prefix.count == body.prefix.count * min
    } else {
      result.prefix = body.prefix
      result.exact = body.exact && body.prefix.isEmpty && min == max
    }
    return result
  }

  private func saturatingAdd(_ a: Int, _ b: Int) -> Int {
    let (sum, overflow) = a.addingReportingOverflow(b)
    return overflow || sum > Int(Int32.max) ? Int(Int32.max) : sum
  }
}
