/// Canonicalize (ES2024 22.2.2.7.3) for case-insensitive matching, with the equivalence
/// classes ("orbits") of characters that canonicalize alike, so that literals and classes can
/// be closed over case at compile time and the matcher compares input characters directly.
///
/// - Non-unicode mode: the single code unit of the full `toUppercase` mapping, except that a
///   non-ASCII character never maps to ASCII; characters whose uppercase is longer than one
///   code unit, and all surrogates, map to themselves.
/// - Unicode mode: simple case folding (CaseFolding.txt, statuses C and S).
///
/// Both come from the generated `CaseFoldingData` (decoded on first use: lazy, thread-safe
/// `static let`s) and are kept as sorted tables. The tables are derived from the standard
/// library's `Unicode.Scalar.Properties` by XJSRegExpTests (CaseFoldingDataTests, which also
/// rewrites them); deriving them here cost a scan of every BMP code point (non-unicode) or of
/// planes 0 and 1 (unicode) on a process's first case-insensitive pattern.
final class CaseFolding {
  static let unicode = CaseFolding(mode: .unicode)
  static let nonUnicode = CaseFolding(mode: .nonUnicode)

  static func table(unicode: Bool) -> CaseFolding { unicode ? .unicode : .nonUnicode }

  /// No character at or above this code point has a case mapping (Unicode 17: the last
  /// cased characters are in plane 1). A unit test scans all code points to keep this true.
  static let casedLimit: UInt32 = 0x1FFFF

  enum Mode { case unicode, nonUnicode }

  let mode: Mode
  /// Characters whose canonical form is not themselves, sorted, and that form.
  private let changedKeys: [UInt32]
  private let changedValues: [UInt32]
  /// Characters with a nontrivial orbit, sorted; `orbitIndex[i]` indexes `orbits`.
  private let orbitKeys: [UInt32]
  private let orbitIndex: [Int]
  private let orbits: [[UInt32]]

  private init(mode: Mode) {
    self.mode = mode
    let pairs = CaseFolding.decodePairs(mode == .unicode ? CaseFoldingData.unicode : CaseFoldingData.nonUnicode)
    changedKeys = pairs.map { $0.0 }
    changedValues = pairs.map { $0.1 }

    // Group characters by canonical form; a form that is its own canonical form belongs
    // to its orbit too.
    var groups: [UInt32: [UInt32]] = [:]
    for (c, canonical) in pairs { groups[canonical, default: []].append(c) }
    var keyed: [(UInt32, Int)] = []
    var orbitList: [[UInt32]] = []
    let changedSet = Set(changedKeys)
    for (canonical, members) in groups.sorted(by: { $0.key < $1.key }) {
      var orbit = members
      if !changedSet.contains(canonical) { orbit.append(canonical) }
      orbit.sort()
      guard orbit.count > 1 else { continue }
      for member in orbit { keyed.append((member, orbitList.count)) }
      orbitList.append(orbit)
    }
    keyed.sort { $0.0 < $1.0 }
    orbitKeys = keyed.map { $0.0 }
    orbitIndex = keyed.map { $0.1 }
    orbits = orbitList
  }

  /// Decodes a generated table: space-separated base-36 "gap.target" pairs, the gap counted
  /// from the previous character plus one.
  private static func decodePairs(_ text: String) -> [(UInt32, UInt32)] {
    var pairs: [(UInt32, UInt32)] = []
    var previous: Int64 = -1
    for pair in text.split(separator: " ") {
      let parts = pair.split(separator: ".")
      guard parts.count == 2, let gap = Int64(parts[0], radix: 36), let target = UInt32(parts[1], radix: 36)
      else { preconditionFailure("malformed case folding table entry \(pair)") }
      previous += 1 + gap
      pairs.append((UInt32(previous), target))
    }
    return pairs
  }

  // MARK: Queries

  /// Canonicalize(ch).
  func canonicalize(_ c: UInt32) -> UInt32 {
    if c < 0x80 {
      switch mode {
      case .nonUnicode: return c >= 0x61 && c <= 0x7A ? c - 0x20 : c
      case .unicode: return c >= 0x41 && c <= 0x5A ? c + 0x20 : c
      }
    }
    guard let i = CaseFolding.search(changedKeys, c) else { return c }
    return changedValues[i]
  }

  /// Characters c with Canonicalize(c) = c in unicode mode, i.e. scf(c) = c: the universe of
  /// `v`-mode complements under `i` (ES2024 22.2.2.9.4 AllCharacters).
  static let unicodeCanonicalFixedPoints: CodePointSet = {
    let folding = CaseFolding.unicode
    var changed: [UInt32] = []
    for key in folding.changedKeys + Array(0x41...0x5A) where folding.canonicalize(key) != key {
      changed += [key, key]
    }
    return CodePointSet(unsortedBounds: changed).inverted()
  }()

  /// Every equivalence class with more than one member.
  var nontrivialOrbits: [[UInt32]] { orbits }

  /// All characters that canonicalize like `c`, including `c` (sorted).
  func orbit(of c: UInt32) -> [UInt32] {
    guard let i = CaseFolding.search(orbitKeys, c) else { return [c] }
    return orbits[orbitIndex[i]]
  }

  /// { ch | Canonicalize(ch) = Canonicalize(a) for some a in set }: a class matches a
  /// character case-insensitively exactly when its closure contains the character.
  func closure(of set: CodePointSet) -> CodePointSet {
    var extra: [UInt32] = []
    var seenOrbits = Set<Int>()
    for (i, key) in orbitKeys.enumerated() where set.contains(key) {
      let orbit = orbitIndex[i]
      if seenOrbits.insert(orbit).inserted {
        for member in orbits[orbit] { extra += [member, member] }
      }
    }
    return extra.isEmpty ? set : set.union(CodePointSet(unsortedBounds: extra))
  }

  private static func search(_ keys: [UInt32], _ value: UInt32) -> Int? {
    var low = 0
    var high = keys.count
    while low < high {
      let mid = (low + high) >> 1
      if keys[mid] < value { low = mid + 1 } else { high = mid }
    }
    return low < keys.count && keys[low] == value ? low : nil
  }
}

/// The sets behind `\d`, `\s`, `\w` (ES2024 22.2.2.9 CharacterClassEscape).
enum CharacterClasses {
  static let digits = CodePointSet(0x30, 0x39)

  /// WhiteSpace and LineTerminator code points: TAB VT FF SP NBSP ZWNBSP, the Space_Separator
  /// category (U+1680, U+2000–U+200A, U+202F, U+205F, U+3000 in Unicode 17; a unit test
  /// checks this list against the Unicode data), LF CR LS PS.
  static let whiteSpace = CodePointSet(ranges: [
    0x09...0x0D, 0x20...0x20, 0xA0...0xA0, 0x1680...0x1680, 0x2000...0x200A,
    0x2028...0x2029, 0x202F...0x202F, 0x205F...0x205F, 0x3000...0x3000, 0xFEFF...0xFEFF,
  ])

  static let basicWordCharacters = CodePointSet(ranges: [
    0x30...0x39, 0x41...0x5A, 0x5F...0x5F, 0x61...0x7A,
  ])

  /// WordCharacters(rer): with `u` and `i`, also the characters that canonicalize into the
  /// basic word characters (U+017F ſ and U+212A K).
  static let unicodeIgnoreCaseWordCharacters = basicWordCharacters.union(
    CodePointSet(ranges: [0x17F...0x17F, 0x212A...0x212A]))

  static func wordCharacters(flags: RegExpFlags) -> CodePointSet {
    flags.isUnicodeMode && flags.contains(.ignoreCase)
      ? unicodeIgnoreCaseWordCharacters : basicWordCharacters
  }

  /// LineTerminator: LF, CR, LS, PS.
  static let lineTerminators = CodePointSet(ranges: [
    0x0A...0x0A, 0x0D...0x0D, 0x2028...0x2029,
  ])
}
