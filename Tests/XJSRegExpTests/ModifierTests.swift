import Testing

@testable import XJSRegExp

/// ES2025 pattern modifiers `(?ims-ims: … )`: flags change only inside the group.
@Test func modifiersChangeFlagsInsideTheGroup() {
  #expect(exec("a(?i:b)c", "", "aBc") == ["aBc"])
  #expect(exec("a(?i:b)c", "", "aBC") == nil)  // c outside the group stays case-sensitive
  #expect(exec("(?-i:a)b", "i", "aB") == ["aB"])
  #expect(exec("(?-i:a)b", "i", "AB") == nil)
  #expect(exec("(?m:^x)", "", "a\nx") == ["x"])
  #expect(exec("^x", "", "a\nx") == nil)
  #expect(exec("(?s:.)", "", "\n") == ["\n"])
  #expect(exec("(?-s:.)", "s", "\n") == nil)
  #expect(exec("(?i-s:a.)", "s", "A\n") == nil)
  #expect(exec("(?i-s:a.)", "s", "Ab") == ["Ab"])
  // \w and \b under u+i include U+017F and U+212A (ES2024 22.2.2.9.4 WordCharacters).
  #expect(exec("(?i:\\w)", "u", "\u{17F}") == ["\u{17F}"])
  #expect(exec("\\w", "u", "\u{17F}") == nil)
}

@Test func modifiersApplyToBackreferencesAndLookarounds() {
  #expect(exec("(a)(?i:\\1)", "", "aA") == ["aA", "a"])
  #expect(exec("(a)\\1", "", "aA") == nil)
  #expect(exec("(?i:(?=B))b", "", "b") == ["b"])
  #expect(exec("(?<=(?i:A))b", "", "ab") == ["b"])
  // Nested groups: the innermost modifiers win, the outer ones come back after it.
  #expect(exec("(?i:a(?-i:b)c)", "", "AbC") == ["AbC"])
  #expect(exec("(?i:a(?-i:b)c)", "", "ABC") == nil)
}

@Test func modifierSyntaxErrors() {
  #expect(compileError("(?ii:a)") == "Repeated flag in modifiers")
  #expect(compileError("(?i-i:a)") == "Repeated flag in modifiers")
  #expect(compileError("(?-:a)") == "Invalid flag group")
  #expect(compileError("(?i)a") == "Invalid group")
  #expect(compileError("(?i--m:a)") == "Invalid group")
  #expect(compileError("(?g:a)") == "Invalid group")
  #expect(compileError("(?i:a") == "Unterminated group")
  #expect(compileError("(?i-:a)") == nil)
  #expect(compileError("(?-ims:a)") == nil)
}
