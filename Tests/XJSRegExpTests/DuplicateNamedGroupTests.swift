import Testing

@testable import XJSRegExp

/// ES2025 duplicate named groups: a name may repeat in different alternatives.
@Test func duplicateNamesInDifferentAlternatives() throws {
  #expect(compileError("(?<a>x)|(?<a>y)") == nil)
  #expect(compileError("(?:(?<a>x)|(?<a>y))\\k<a>") == nil)
  #expect(compileError("(?<a>x)|(?<b>(?<a>y))") == nil)  // nested in another alternative
  #expect(compileError("(?:(?<a>x)|(?<a>y))|(?<a>z)") == nil)
  let program = try RegExpProgram.compile("(?<y>\\d{4})-\\d\\d|\\d\\d-(?<y>\\d{4})")
  #expect(program.groupNames.map { $0.index } == [1, 2])
  #expect(exec("(?<y>\\d{4})-\\d\\d|\\d\\d-(?<y>\\d{4})", "", "12-1999") == ["12-1999", nil, "1999"])
}

@Test func backreferenceToADuplicateNameMatchesTheParticipatingGroup() {
  #expect(exec("(?:(?<a>x)|(?<a>y))\\k<a>", "", "yy") == ["yy", nil, "y"])
  #expect(exec("(?:(?<a>x)|(?<a>y))\\k<a>", "", "xx") == ["xx", "x", nil])
  #expect(exec("(?:(?<a>x)|(?<a>y))\\k<a>", "", "xy") == nil)
  #expect(exec("^(?:(?<a>x)|(?<a>y)|z)\\k<a>$", "", "z") == ["z", nil, nil])  // none set: empty
  // Backward (inside lookbehind): the reference is read before the groups.
  #expect(exec("(?<=\\k<a>(?:(?<a>x)|(?<a>y)))!", "", "yy!") == ["!", nil, "y"])
  // Each iteration resets the groups, so the last iteration's group is the one used.
  #expect(exec("(?:(?:(?<a>x)|(?<a>y))\\k<a>)+$", "", "xxyy") == ["xxyy", nil, "y"])
}
