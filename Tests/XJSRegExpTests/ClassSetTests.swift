import Testing

@testable import XJSRegExp

/// `v`-flag classes (ES2024 22.2.1 ClassSetExpression). Expected values checked in node 20.
@Test func classSetOperations() {
  #expect(exec("[\\w--\\d]+", "v", "12ab_3") == ["ab_"])
  #expect(exec("[[a-z]&&[aeiou]]+", "v", "xyzaei") == ["aei"])
  #expect(exec("[[a-z]--[b-y]]+", "v", "bza") == ["za"])
  #expect(exec("[\\p{L}&&\\p{ASCII}--[aeiou]]", "v", "") == ["SyntaxError: Invalid set operation in character class"])
  #expect(exec("[[\\p{L}&&\\p{ASCII}]--[aeiou]]+", "v", "éaxyz") == ["xyz"])
  #expect(exec("[^\\d]", "v", "1a") == ["a"])
  #expect(exec("[^]", "v", "\n") == ["\n"])
  #expect(exec("[]", "v", "a") == nil)
  #expect(exec("[\\&\\-\\!]+", "v", "x&-!") == ["&-!"])
}

@Test func classStringLiterals() {
  // Longest strings first, then single characters, then the empty string.
  #expect(exec("[\\q{abc|d}x]+", "v", "--abcxdabc") == ["abcxdabc"])
  #expect(exec("[\\q{a|ab|abc}]", "v", "abcd") == ["abc"])
  #expect(exec("^[\\q{|x}]$", "v", "") == [""])
  #expect(exec("[\\q{ab|c}--\\q{ab}]+", "v", "abcc") == ["cc"])
  #expect(exec("[\\q{ab|cd}&&\\q{cd}]", "v", "abcd") == ["cd"])
  #expect(exec("[\\q{KM}]", "vi", "km") == ["km"])
  #expect(compileError("[^\\q{ab}]", "v") == "Negated character class may contain strings")
  #expect(compileError("[^\\q{a}]", "v") == nil)  // one-character strings are characters
  #expect(compileError("\\q{a}", "v") == "Invalid escape")
}

@Test func classSetIgnoreCaseComplements() {
  // Under v+i, complements are taken among case-folded characters (node 20 agrees).
  #expect(exec("\\P{Ll}", "vi", "a") == nil)
  #expect(exec("\\P{Ll}", "ui", "a") == ["a"])
  #expect(exec("[^a]", "vi", "A") == nil)
  #expect(exec("[\\W]", "vi", "S") == nil)
}

@Test func classSetSyntaxErrors() {
  #expect(compileError("[a-]", "v") == "Invalid character in character class")
  #expect(compileError("[(]", "v") == "Invalid character in character class")
  #expect(compileError("[a&&&b]", "v") == "Invalid set operation in character class")
  #expect(compileError("[a!!b]", "v") == "Invalid set operation in character class")
  #expect(compileError("[ab&&c]", "v") == "Invalid set operation in character class")
  #expect(compileError("[a&&b--c]", "v") == "Invalid set operation in character class")
  #expect(compileError("[a-z&&b]", "v") == "Invalid set operation in character class")
  #expect(compileError("[z-a]", "v") == "Range out of order in character class")
  #expect(compileError("[a", "v") == "Unterminated character class")
  #expect(compileError("[\\p{RGI_Emoji}]", "v") == "Invalid property name in character class")
}

@Test func emojiKeycapSequenceProperty() {
  let keycap1 = "1\u{FE0F}\u{20E3}"
  #expect(exec("^\\p{Emoji_Keycap_Sequence}+$", "v", keycap1 + "#\u{FE0F}\u{20E3}") != nil)
  #expect(exec("\\p{Emoji_Keycap_Sequence}", "v", "1\u{20E3}") == nil)  // no U+FE0F
  #expect(exec("[\\p{Emoji_Keycap_Sequence}--\\q{1\u{FE0F}\u{20E3}}]", "v", keycap1) == nil)
  #expect(exec("[\\p{Emoji_Keycap_Sequence}a]+", "v", "a" + keycap1) == ["a" + keycap1])
  #expect(compileError("\\P{Emoji_Keycap_Sequence}", "v") == "Invalid property name")
  #expect(compileError("[^\\p{Emoji_Keycap_Sequence}]", "v") == "Negated character class may contain strings")
  #expect(compileError("\\p{Emoji_Keycap_Sequence}", "u") == "Invalid property name")
}
