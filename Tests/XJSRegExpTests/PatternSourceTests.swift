import Testing

@testable import XJSRegExp

// Expected values are what node 20 (V8) gives for `new RegExp(pattern).source`.
@Test(arguments: [
  ("", "(?:)"), ("/", "\\/"), ("a/b", "a\\/b"), ("[/]", "[/]"), ("\\/", "\\/"), ("\n", "\\n"),
  ("\r", "\\r"), ("\u{2028}", "\\u2028"), ("\u{2029}", "\\u2029"), ("\\\n", "\\n"),
  ("[\n]", "[\\n]"), ("\\\\/", "\\\\\\/"), ("[\\]/]", "[\\]/]"), ("a\\[/]", "a\\[\\/]"),
  ("\t", "\t"), ("\\\u{2028}", "\\u2028"), ("[\u{2028}/]", "[\\u2028/]"),
])
func sourceEscaping(pattern: String, source: String) throws {
  let escaped = escapeRegExpPattern(units(pattern))
  #expect(String(decoding: escaped, as: UTF16.self) == source)
  // The escaped source parses to a pattern that behaves the same.
  if !pattern.isEmpty {
    #expect(compileError(String(decoding: escaped, as: UTF16.self)) == compileError(pattern))
  }
}

@Test func advancingOverPairs() {
  let text = units("a😀b")
  text.withUnsafeBufferPointer { buffer in
    #expect(advanceStringIndex(buffer, 0, unicode: true) == 1)
    #expect(advanceStringIndex(buffer, 1, unicode: true) == 3)
    #expect(advanceStringIndex(buffer, 1, unicode: false) == 2)
    #expect(advanceStringIndex(buffer, 3, unicode: true) == 4)
    #expect(advanceStringIndex(buffer, 4, unicode: true) == 5)
  }
}
