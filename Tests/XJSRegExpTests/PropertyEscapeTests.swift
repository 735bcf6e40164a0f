import Testing

@testable import XJSRegExp

/// The set a unicode-mode pattern consisting of one property escape matches.
func propertySet(_ escape: String) -> CodePointSet? {
  guard let parsed = try? RegExpParser.parse(pattern: Array(escape.utf16), flags: [.unicode]),
    case .characterClass(let set, false) = parsed.root
  else { return nil }
  return set
}

@Test func generalCategories() throws {
  let lu = try #require(propertySet("\\p{Lu}"))
  #expect(lu.contains(0x41) && lu.contains(0xC9) && !lu.contains(0x61))
  #expect(propertySet("\\p{Uppercase_Letter}") == lu)
  #expect(propertySet("\\p{gc=Lu}") == lu)
  #expect(propertySet("\\p{General_Category=Uppercase_Letter}") == lu)
  let letters = try #require(propertySet("\\p{L}"))
  #expect(letters.contains(0x4E00) && letters.contains(0x61) && !letters.contains(0x31))
  let lc = try #require(propertySet("\\p{LC}"))
  #expect(lc == propertySet("\\p{Cased_Letter}"))
  #expect(lc.contains(0x1C5) && !lc.contains(0x2B0))  // Lt in, Lm out
  #expect(propertySet("\\p{Cs}") == CodePointSet(0xD800, 0xDFFF))
  #expect(propertySet("\\p{digit}") == propertySet("\\p{Nd}"))
  #expect(propertySet("\\p{punct}") == propertySet("\\p{P}"))
  #expect(propertySet("\\P{Any}") == CodePointSet())
  #expect(propertySet("\\p{Any}") == CodePointSet(0, 0x10FFFF))
  #expect(propertySet("\\p{ASCII}") == CodePointSet(0, 0x7F))
}

@Test func binaryProperties() throws {
  #expect(
    propertySet("\\p{AHex}") == CodePointSet(ranges: [0x30...0x39, 0x41...0x46, 0x61...0x66]))
  let space = try #require(propertySet("\\p{White_Space}"))
  #expect(space == propertySet("\\p{space}"))
  #expect(space.contains(0x20) && space.contains(0x3000) && !space.contains(0xFEFF))
  #expect(propertySet("\\p{RI}") == CodePointSet(0x1F1E6, 0x1F1FF))
  let pictographs = try #require(propertySet("\\p{ExtPict}"))
  #expect(
    pictographs.contains(0x1F600) && pictographs.contains(0xA9) && !pictographs.contains(0x41))
}

/// Script and Script_Extensions come from the generated table (ScriptData.swift).
@Test func scriptProperties() throws {
  let latin = try #require(propertySet("\\p{Script=Latin}"))
  #expect(latin.contains(0x41) && latin.contains(0xE9) && !latin.contains(0x3B1))
  #expect(propertySet("\\p{sc=Latn}") == latin)
  let greek = try #require(propertySet("\\p{sc=Greek}"))
  #expect(greek.contains(0x3B1) && !greek.contains(0x342))  // U+0342 is Inherited
  let greekExtensions = try #require(propertySet("\\p{scx=Grek}"))
  #expect(greekExtensions.contains(0x342) && greek.subtracting(greekExtensions).isEmpty)
  // Common loses the code points whose extensions name specific scripts (U+0640 ARABIC TATWEEL).
  let common = try #require(propertySet("\\p{sc=Zyyy}"))
  #expect(common.contains(0x640) && propertySet("\\p{scx=Common}")?.contains(0x640) == false)
  #expect(propertySet("\\p{scx=Arab}")?.contains(0x640) == true)
  #expect(propertySet("\\p{sc=Unknown}")?.contains(0xD800) == true)
  #expect(propertySet("\\p{Script=Tolong_Siki}") != nil)  // Unicode 17.0
  #expect(propertySet("\\p{Script=latin}") == nil)  // names are case-sensitive
  #expect(propertySet("\\p{Script}") == nil)
  #expect(propertySet("\\p{Latin}") == nil)
}

/// `\s` hard-codes the Space_Separator list; it must equal the Unicode data's Zs plus the
/// ECMAScript WhiteSpace and LineTerminator extras.
@Test func whiteSpaceClassMatchesUnicodeData() throws {
  let zs = try #require(propertySet("\\p{Zs}"))
  let extras = CodePointSet(ranges: [0x09...0x0D, 0x2028...0x2029, 0xFEFF...0xFEFF])
  #expect(CharacterClasses.whiteSpace == zs.union(extras))
}

@Test func propertyEscapesMatch() {
  #expect(exec("^\\p{Lu}+$", "u", "ÀBC") != nil)
  #expect(exec("\\p{Lu}", "", "p{Lu}") == ["p{Lu}"])  // identity escape outside unicode mode
  #expect(exec("\\P{L}+", "u", "ab12cd") == ["12"])
  #expect(exec("[\\p{N}\\p{Emoji_Presentation}]+", "u", "x4😀2y") == ["4😀2"])
  #expect(exec("\\p{Lu}", "ui", "a") == ["a"])
  #expect(exec("\\P{Lu}", "ui", "A") == ["A"])  // complement first, then case closure
  #expect(exec("[^\\p{Lu}]", "ui", "a") == nil)
}

/// `XJS_REGEXP_PROPERTIES=/tmp/properties.jsonl` (from Scripts/regexp/test262-properties.js):
/// every property must be supported and match test262's code points exactly.
@Test func propertySetsMatchTest262() throws {
  guard let path = environmentVariable("XJS_REGEXP_PROPERTIES") else { return }
  var checked = 0
  var unsupported: [String] = []
  for line in try readTextFile(path).split(separator: "\n") {
    guard case .array(let fields) = JSONLineReader.parse(line), fields.count == 3,
      case .string(let file) = fields[0], case .array(let escapes) = fields[1],
      case .array(let rangeValues) = fields[2]
    else {
      Issue.record("bad line")
      continue
    }
    var bounds: [UInt32] = []
    for case .array(let pair) in rangeValues {
      if case .number(let lo) = pair[0], case .number(let hi) = pair[1] {
        bounds += [UInt32(lo), UInt32(hi)]
      }
    }
    let expected = CodePointSet(unsortedBounds: bounds)
    for case .string(let escapeUnits) in escapes {
      let escape = String(decoding: escapeUnits, as: UTF16.self)
      guard let actual = propertySet(escape) else {
        unsupported.append(escape)
        continue
      }
      checked += 1
      if actual != expected {
        let missing = expected.subtracting(actual).ranges.prefix(5)
        let extra = actual.subtracting(expected).ranges.prefix(5)
        Issue.record(
          "\(String(decoding: file, as: UTF16.self)) \(escape): missing \(missing), extra \(extra)")
      }
    }
  }
  #expect(unsupported.isEmpty, "unsupported: \(unsupported.prefix(20))")
  print("property escapes: \(checked) checked, \(unsupported.count) unsupported")
}
