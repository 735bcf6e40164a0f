import Testing

@testable import XJSRegExp

@Test func canonicalizeNonUnicode() {
  let table = CaseFolding.nonUnicode
  #expect(table.canonicalize(0x61) == 0x41)  // a → A
  #expect(table.canonicalize(0xE9) == 0xC9)  // é → É
  #expect(table.canonicalize(0x17F) == 0x17F)  // ſ: uppercase S is ASCII, so unchanged
  #expect(table.canonicalize(0x131) == 0x131)  // ı likewise
  #expect(table.canonicalize(0xDF) == 0xDF)  // ß uppercases to "SS": unchanged
  #expect(table.canonicalize(0x1C5) == 0x1C4)  // ǅ → Ǆ
  #expect(table.canonicalize(0x3C2) == 0x3A3)  // ς → Σ
  #expect(table.orbit(of: 0x6B) == [0x4B, 0x6B])  // k: not the Kelvin sign
  #expect(table.orbit(of: 0x3A3) == [0x3A3, 0x3C2, 0x3C3])
  #expect(table.orbit(of: 0xD83D) == [0xD83D])
}

@Test func canonicalizeUnicode() {
  let table = CaseFolding.unicode
  #expect(table.canonicalize(0x41) == 0x61)
  #expect(table.canonicalize(0x212A) == 0x6B)  // Kelvin sign folds to k
  #expect(table.canonicalize(0x17F) == 0x73)  // ſ folds to s
  #expect(table.canonicalize(0x1E9E) == 0xDF)  // ẞ → ß (status S)
  #expect(table.canonicalize(0x130) == 0x130)  // İ has only F and T foldings
  #expect(table.canonicalize(0x131) == 0x131)
  #expect(table.canonicalize(0xAB70) == 0x13A0)  // Cherokee folds to uppercase
  #expect(table.canonicalize(0x13F8) == 0x13F0)
  #expect(table.canonicalize(0x1FD3) == 0x390)
  #expect(table.canonicalize(0x10400) == 0x10428)  // Deseret
  #expect(table.orbit(of: 0x6B) == [0x4B, 0x6B, 0x212A])
  #expect(table.orbit(of: 0x3B8) == [0x398, 0x3B8, 0x3D1, 0x3F4])  // θ Θ ϑ ϴ
}

/// The tables stop at U+1FFFF; no cased character may lie above.
@Test func noCaseMappingsAboveTheScannedRange() {
  let beyond = scanCodePoints(in: (CaseFolding.casedLimit + 1)...CodePointSet.maxCodePoint) { c in
    guard let p = scalarProperties(c) else { return false }
    return p.changesWhenCaseMapped || p.changesWhenCaseFolded || p.isCased
  }
  #expect(beyond.isEmpty)
}

/// The non-unicode table skips characters without `changesWhenUppercased`; that filter
/// must lose nothing against computing the uppercase of every BMP character.
@Test func nonUnicodeFilterLosesNothing() {
  for c in UInt32(0x80)...0xFFFF {
    guard let p = scalarProperties(c), !p.changesWhenUppercased else { continue }
    let upper = Array(p.uppercaseMapping.utf16)
    #expect(upper == [UInt16(c)], "U+\(String(c, radix: 16))")
  }
}

/// `XJS_REGEXP_ORBITS=/tmp/orbits.jsonl` (from Scripts/regexp/case-orbits.js): every V8
/// equivalence class must be ours, and we must have no others.
@Test func caseOrbitsMatchNode() throws {
  guard let path = environmentVariable("XJS_REGEXP_ORBITS") else { return }
  var counts = ["u": 0, "nonu": 0]
  var seen: [Bool: Set<[UInt32]>] = [true: [], false: []]
  for line in try readTextFile(path).split(separator: "\n") {
    let unicode = line.contains("\"mode\":\"u\"")
    let numbers = line.split(separator: "[")[1].split(separator: "]")[0].split(separator: ",")
    let orbit = numbers.map { UInt32($0)! }
    let table = CaseFolding.table(unicode: unicode)
    counts[unicode ? "u" : "nonu"]! += 1
    seen[unicode]!.insert(orbit)
    for c in orbit {
      #expect(table.orbit(of: c) == orbit, "\(unicode ? "u" : "non-u") U+\(String(c, radix: 16))")
    }
  }
  for unicode in [true, false] {
    for orbit in CaseFolding.table(unicode: unicode).nontrivialOrbits
    where !seen[unicode]!.contains(orbit) {
      Issue.record("extra orbit \(orbit.map { String($0, radix: 16) }) (unicode: \(unicode))")
    }
  }
  #expect(CaseFolding.unicode.nontrivialOrbits.count == counts["u"])
  #expect(CaseFolding.nonUnicode.nontrivialOrbits.count == counts["nonu"])
  print("orbits: \(counts)")
}
