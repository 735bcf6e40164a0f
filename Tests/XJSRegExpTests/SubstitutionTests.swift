import Testing

@testable import XJSRegExp

/// "abcdef".replace(/c(d)(?<n>e)?/, template), computed with GetSubstitution directly.
func substitute(_ template: String, named: [String: String]? = nil, groups: [String?] = ["d", "e"])
  -> String
{
  let subject = units("abcdef")
  let lookup: (([UInt16]) throws(Never) -> [UInt16]?)? = named.map { table in
    { (name: [UInt16]) -> [UInt16]? in
      table[String(decoding: name, as: UTF16.self)].map { units($0) }
    }
  }
  let result = getSubstitution(
    matched: units("cde"), string: subject, position: 2, captures: groups.map { $0.map(units) },
    namedCaptures: lookup, template: units(template))
  return String(decoding: result, as: UTF16.self)
}

// Expected values checked with node: "abcdef".replace(/c(d)(?<n>e)/, template) and
// "abcdef".replace(/c(d)(e)/, template) for the cases without names.
@Test func substitutionPatterns() {
  #expect(substitute("[$&]") == "[cde]")
  #expect(substitute("[$`]") == "[ab]")
  #expect(substitute("[$']") == "[f]")
  #expect(substitute("[$$]") == "[$]")
  #expect(substitute("[$1$2]") == "[de]")
  #expect(substitute("[$01$02]") == "[de]")
  #expect(substitute("[$3]") == "[$3]")
  #expect(substitute("[$0]") == "[$0]")
  #expect(substitute("[$00]") == "[$00]")
  #expect(substitute("[$10]") == "[d0]")  // two digits beyond the groups: $1 then "0"
  #expect(substitute("[$21]") == "[e1]")
  #expect(substitute("[$]") == "[$]")
  #expect(substitute("$") == "$")
  #expect(substitute("[$x]") == "[$x]")
  #expect(substitute("[$<n>]") == "[$<n>]")  // no named groups: literal
  #expect(substitute("[$<n>]", named: ["n": "e"]) == "[e]")
  #expect(substitute("[$<zz>]", named: ["n": "e"]) == "[]")
  #expect(substitute("[$<n]", named: ["n": "e"]) == "[$<n]")
  #expect(substitute("[$1]", groups: [nil, "e"]) == "[]")
}

@Test func substitutionWithManyGroups() {
  let groups: [String?] = (1...12).map { "g\($0)" }
  #expect(substitute("$12|$1|$10", groups: groups) == "g12|g1|g10")
  #expect(substitute("$13", groups: groups) == "g13")  // $1 then "3"
}

@Test func namedLookupErrorsPropagate() {
  struct Boom: Error {}
  let throwing: ([UInt16]) throws(Boom) -> [UInt16]? = { _ throws(Boom) in throw Boom() }
  #expect(throws: Boom.self) {
    try getSubstitution(
      matched: [], string: [], position: 0, captures: [], namedCaptures: throwing,
      template: units("$<a>"))
  }
}

@Test func expansionStopsPastTheMaximumLength() {
  // 1,000 references to a 10-unit group would make 10,000 units; the expansion stops
  // once it is longer than the limit, so a caller can throw before allocating the rest.
  let template = units(String(repeating: "$1", count: 1000))
  let result = getSubstitution(
    matched: units("0123456789"), string: units("0123456789"), position: 0, captures: [units("0123456789")],
    template: template, maximumLength: 25)
  #expect(result.count > 25 && result.count <= 35)
  let unlimited = getSubstitution(
    matched: [], string: [], position: 0, captures: [units("0123456789")], template: template)
  #expect(unlimited.count == 10_000)
}
