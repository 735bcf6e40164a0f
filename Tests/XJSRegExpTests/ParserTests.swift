import Testing

@testable import XJSRegExp

/// Error messages as V8 (node 20) reports them for the same patterns.
@Test(arguments: [
  ("(", "", "Unterminated group"),
  (")", "", "Unmatched ')'"),
  ("a)", "", "Unmatched ')'"),
  ("a**", "", "Nothing to repeat"),
  ("*", "", "Nothing to repeat"),
  ("+a", "", "Nothing to repeat"),
  ("a|*", "", "Nothing to repeat"),
  ("a{2,1}", "", "numbers out of order in {} quantifier"),
  ("x{99999999999,2}", "", "numbers out of order in {} quantifier"),
  ("[b-a]", "", "Range out of order in character class"),
  ("[z-a]", "u", "Range out of order in character class"),
  ("\\", "", "\\ at end of pattern"),
  ("(?<a>x)(?<a>y)", "", "Duplicate capture group name"),
  ("(?<a>a)|b(?<a>b)|(?<a>c)(?<a>d)", "", "Duplicate capture group name"),
  ("(?:(?<a>a)|(?<a>b))(?<a>c)", "", "Duplicate capture group name"),
  ("((?<a>x)|y)(?<a>z)", "", "Duplicate capture group name"),
  ("(?<1a>x)", "", "Invalid capture group name"),
  ("(?<", "", "Invalid capture group name"),
  ("(?<a", "", "Invalid capture group name"),
  ("(?<a\\uD835>.)", "", "Invalid capture group name"),
  ("(?<a\\x41>.)", "", "Invalid capture group name"),
  ("(?<ab\\u{}>.)", "", "Invalid Unicode escape"),
  ("(?<a\\u{110000}>.)", "", "Invalid Unicode escape"),
  ("(?<a>", "", "Unterminated group"),
  ("\\k<a>(?<b>x)", "", "Invalid named capture referenced"),
  ("\\k<a>", "u", "Invalid named capture referenced"),
  ("(?<a>a)\\k<b>", "", "Invalid named capture referenced"),
  ("(?<a>.)\\k", "", "Invalid named reference"),
  ("(?<a>.)\\k<a", "", "Invalid capture group name"),
  ("(?<a>.)\\k<>", "", "Invalid capture group name"),
  ("(?<a>.)[\\k]", "", "Invalid escape"),
  ("\\p{Foo}", "u", "Invalid property name"),
  ("\\p{Lu", "u", "Invalid property name"),
  ("\\p", "u", "Invalid property name"),
  ("\\pL", "u", "Invalid property name"),
  ("\\p{lowercase}", "u", "Invalid property name"),
  ("\\p{ASCII=Y}", "u", "Invalid property name"),
  ("\\p{General_Category}", "u", "Invalid property name"),
  ("\\p{General_Category=}", "u", "Invalid property name"),
  ("\\p{=L}", "u", "Invalid property name"),
  ("\\p{gc=Foo}", "u", "Invalid property name"),
  ("[\\p{Foo}]", "u", "Invalid property name in character class"),
  ("{", "u", "Lone quantifier brackets"),
  ("}", "u", "Lone quantifier brackets"),
  ("]", "u", "Lone quantifier brackets"),
  ("a{", "u", "Incomplete quantifier"),
  ("a{1", "u", "Incomplete quantifier"),
  ("a{1,", "u", "Incomplete quantifier"),
  ("x{2,3", "u", "Incomplete quantifier"),
  ("a{,5}", "u", "Incomplete quantifier"),
  ("{1}", "", "Nothing to repeat"),
  ("a{1}{2}", "", "Nothing to repeat"),
  ("a{1,2}{3}", "", "Nothing to repeat"),
  ("a*?*", "", "Nothing to repeat"),
  ("\\1", "u", "Invalid escape"),
  ("\\8", "u", "Invalid escape"),
  ("(a)\\2", "u", "Invalid escape"),
  ("\\c", "u", "Invalid Unicode escape"),
  ("[\\c]", "u", "Invalid Unicode escape"),
  ("\\q", "u", "Invalid escape"),
  ("\\-", "u", "Invalid escape"),
  ("[\\q]", "u", "Invalid escape"),
  ("[\\B]", "u", "Invalid escape"),
  ("[\\k]", "u", "Invalid escape"),
  ("[\\x1]", "u", "Invalid escape"),
  ("[\\d-a]", "u", "Invalid character class"),
  ("[a-\\d]", "u", "Invalid character class"),
  ("[\\p{Lu}-a]", "u", "Invalid character class"),
  ("\\u{110000}", "u", "Invalid Unicode escape"),
  ("[\\u{110000}]", "u", "Invalid Unicode escape"),
  ("\\u{", "u", "Invalid Unicode escape"),
  ("\\uZZ", "u", "Invalid Unicode escape"),
  ("\\xZ", "u", "Invalid escape"),
  ("(?<=a)*", "", "Invalid quantifier"),
  ("(?<=a)?", "", "Invalid quantifier"),
  ("(?<!a){2}", "", "Invalid quantifier"),
  ("(?=a)*", "u", "Invalid quantifier"),
  ("^*", "", "Nothing to repeat"),
  ("$+", "", "Nothing to repeat"),
  ("\\b+", "", "Nothing to repeat"),
  ("\\B*", "", "Nothing to repeat"),
  ("(?", "", "Invalid group"),
  ("(?a)", "", "Invalid group"),
  ("(?i)a", "", "Invalid group"),  // (?i:a) is an ES2025 modifier group
  ("[", "", "Unterminated character class"),
  ("[a", "", "Unterminated character class"),
  ("(?:a", "", "Unterminated group"),
  ("\\00", "u", "Invalid decimal escape"),
  ("[\\00]", "u", "Invalid class escape"),
  ("[\\1]", "u", "Invalid class escape"),
])
func syntaxErrors(pattern: String, flags: String, message: String) {
  #expect(compileError(pattern, flags) == message, "/\(pattern)/\(flags)")
}

/// Patterns V8 accepts, most of them through the Annex B grammar.
@Test(arguments: [
  ("\\k", ""), ("\\k<a", ""), ("\\k<a>", ""), ("\\p{L}", ""), ("{", ""), ("}", ""), ("]", ""),
  ("a{", ""), ("a{1", ""), ("x{2,3", ""), ("a{,5}", ""), ("(?=a)*", ""), ("(?!a)+", ""),
  ("(?!a){1,}", ""), ("\\01", ""), ("\\c0", ""), ("[\\c0]", ""), ("[\\c_]", ""), ("[\\c]", ""),
  ("[\\k]", ""), ("[\\B]", ""), ("[\\-]", "u"), ("[\\0]", "u"), ("\\0", "u"), ("\\x1", ""),
  ("\\u{1", ""), ("[\\d-\\w]", ""), ("[\\w-z]", ""), ("\\u{0}", "u"), ("\\ud800", ""),
  ("(?<𝒜>.)", ""), ("(?<\\u{1d49c}>.)", ""), ("(?<\\ud835\\udc9c>.)", ""), ("(?<𝒜𝒜>.)", ""),
  ("(?<$_\\u200c\\u200d>.)", ""), ("\\k<a\\u0062>(?<ab>.)", ""), ("x{99999999999}", ""),
  ("x{2,99999999999}", ""), ("[]", ""), ("[^]", ""), ("[]", "u"), ("a{2}?", ""),
  ("\\u{1F600}", "u"), ("\\p{General_Category=Letter}", "u"), ("\\p{gc=L}", "u"),
  ("\\p{Letter}", "u"), ("\\p{L}", "i"), ("\\ud83d\\ude00+", "u"), ("\\/", ""), ("\\/", "u"),
  ("(?<a>a)(?<b>b)\\k<a>\\k<b>", "u"), ("\\P{Any}", "u"), ("\\p{Lowercase}", "u"),
  ("\\p{Emoji_Component}", "u"), ("\\p{Extended_Pictographic}", "u"), ("\\p{RI}", "u"),
])
func acceptedPatterns(pattern: String, flags: String) {
  #expect(compileError(pattern, flags) == nil, "/\(pattern)/\(flags)")
}

@Test func flagsParsing() {
  #expect(
    RegExpFlags(parsing: "dgimsuy") == [
      .hasIndices, .global, .ignoreCase, .multiline, .dotAll, .unicode, .sticky,
    ])
  #expect(RegExpFlags(parsing: "gg") == nil)
  #expect(RegExpFlags(parsing: "x") == nil)
  #expect(RegExpFlags(parsing: "uv") == nil)
  #expect(RegExpFlags(parsing: "yg")?.description == "gy")
  #expect(RegExpFlags(parsing: "") == [])
}

@Test func literalValidationHook() {
  #expect(validateRegExpLiteral(pattern: units("a+"), flags: "g") == nil)
  #expect(
    validateRegExpLiteral(pattern: units("a+"), flags: "gg") == "Invalid regular expression flags")
  #expect(validateRegExpLiteral(pattern: units("(a"), flags: "") == "Unterminated group")
  #expect(validateRegExpLiteral(pattern: units("[a&&b]"), flags: "v") == nil)
  #expect(validateRegExpLiteral(pattern: units("[a&&b]"), flags: "u") == nil)  // a, &, b
  #expect(validateRegExpLiteral(pattern: units("[(]"), flags: "v") != nil)
}

@Test func namesAndCaptureCounts() throws {
  let program = try RegExpProgram.compile("(a)(?<year>\\d{4})(?:x)(?<mo>b)((?=(c)))", flags: "")
  #expect(program.captureCount == 5)
  #expect(program.groupNames.map { String(decoding: $0.name, as: UTF16.self) } == ["year", "mo"])
  #expect(program.groupNames.map { $0.index } == [2, 3])
  let escaped = try RegExpProgram.compile("(?<\\u{1d49c}x>.)", flags: "")
  #expect(escaped.groupNames.first?.name == units("𝒜x"))
}

@Test func nestingDepthIsBounded() {
  let deep = String(repeating: "(", count: 100_000) + String(repeating: ")", count: 100_000)
  #expect(compileError(deep) == "Regular expression too large")
  let ok = String(repeating: "(?:", count: 200) + "a" + String(repeating: ")", count: 200)
  #expect(compileError(ok) == nil)
}
