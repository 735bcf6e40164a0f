import XCTest

@testable import XJSCSS

final class SelectorParsingTests: XCTestCase {
  private func assertValid(_ selector: String, file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertNoThrow(try SelectorList(parsing: selector), "\"\(selector)\" should parse", file: file, line: line)
  }

  private func assertInvalid(_ selector: String, file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertThrowsError(
      try SelectorList(parsing: selector), "\"\(selector)\" should not parse", file: file, line: line)
  }

  private func specificities(_ selector: String) throws -> [Specificity] {
    try SelectorList(parsing: selector).specificities
  }

  func testValidSelectors() {
    for selector in [
      "div", "*", "*|div", "|div", "*|*", "DIV", "#id", ".class", "div.a.b#c", "a b > c + d ~ e", "a>b+c~d",
      "a , b", "[a]", "[ a ]", "[a=b]", "[a='b c']", "[a=\"b\" i]", "[a=b s]", "[a~=b]", "[a|=b]", "[a^=b]",
      "[a$=b]", "[a*=b]", "[*|a]", "[|a]", "::before", "div::after", ":before", "a:first-line",
      "::-webkit-scrollbar", "::part(x)", "div::before:hover", ":not(.a, #b)", ":is(a, b)", ":is(, div)",
      ":where()", ":is(:nope, div)", ":has(> a)", ":has(+ a, ~ b, c d)", ":nth-child(2n+1)",
      ":nth-child(2n+1 of .x, p)", ":nth-child( -n + 3 )", ":nth-child(+n)", ":nth-child(odd)",
      ":nth-last-child(EVEN)", ":nth-of-type(3)", ":nth-last-of-type(n-1)", ":lang(en, \"*-CH\")",
      ":dir(rtl)", ":dir(sideways)", ":hover", ":focus-within", ":checked", ":default", ":any-link",
      ":host", ":state(x)", "a /* comment */ b",
      // The end of the input closes open blocks; a forgiving list drops what does not parse.
      "div:not(.a", "[a", ":is(::before)",
    ] {
      assertValid(selector)
    }
  }

  func testInvalidSelectors() {
    for selector in [
      "", " ", "div,", ",div", "div,,p", "[a=", "[]", "[a=b x]", "[a==b]", ":nope", ":nope()", "a >", "> a",
      "a > > b", "::before div", "::before.a", "::before::after", "::nope", ":has(:has(a))",
      ":has(:not(:has(a)))", ":has()", ":not()", ":not(::before)", "a..b", ".", "#1a", "ns|a",
      "[ns|a]", "a|", "*|", ":nth-child()", ":nth-child(n+)", ":nth-child(2n+1.5)", ":nth-child(+ n)",
      ":nth-child(foo)", ":nth-of-type(2n of a)", ":lang()", ":dir()", ":dir(ltr rtl)", "a b)", "{}", "a{",
      "!", "div#", "a::before b",
    ] {
      assertInvalid(selector)
    }
  }

  func testAnPlusBFormulas() throws {
    func formula(_ argument: String) throws -> (Int, Int) {
      let list = try SelectorList(parsing: ":nth-child(\(argument))")
      guard case .pseudoClass(.nthChild(let nth)) = list.selectors[0].compounds[0].simpleSelectors[0] else {
        XCTFail("not an nth-child selector")
        return (0, 0)
      }
      return (nth.step, nth.offset)
    }
    let expectations: [(String, Int, Int)] = [
      ("2n+1", 2, 1), ("2n + 1", 2, 1), ("-n+3", -1, 3), ("odd", 2, 1), ("even", 2, 0), ("5", 0, 5),
      ("+5", 0, 5), ("-5", 0, -5), ("n", 1, 0), ("-n", -1, 0), ("+n", 1, 0), ("N-2", 1, -2), ("3n- 2", 3, -2),
      ("3n -2", 3, -2), ("-2n-1", -2, -1), ("0n+0", 0, 0),
    ]
    for (argument, step, offset) in expectations {
      let (actualStep, actualOffset) = try formula(argument)
      XCTAssertEqual(actualStep, step, argument)
      XCTAssertEqual(actualOffset, offset, argument)
    }
  }

  func testSpecificity() throws {
    XCTAssertEqual(try specificities("*"), [Specificity()])
    XCTAssertEqual(try specificities("div"), [Specificity(types: 1)])
    XCTAssertEqual(try specificities("div p > span"), [Specificity(types: 3)])
    XCTAssertEqual(try specificities("#a.b[c]:hover"), [Specificity(ids: 1, classes: 3)])
    XCTAssertEqual(try specificities("div::before"), [Specificity(types: 2)])
    XCTAssertEqual(try specificities(":is(#a, .b) span"), [Specificity(ids: 1, types: 1)])
    XCTAssertEqual(try specificities(":where(#a) span"), [Specificity(types: 1)])
    XCTAssertEqual(try specificities(":not(.a, #b)"), [Specificity(ids: 1)])
    XCTAssertEqual(try specificities(":nth-child(2n of #a)"), [Specificity(ids: 1, classes: 1)])
    XCTAssertEqual(try specificities(":nth-of-type(2)"), [Specificity(classes: 1)])
    XCTAssertEqual(try specificities(":has(> .a #b)"), [Specificity(ids: 1, classes: 1)])
    XCTAssertEqual(try specificities("a, #b"), [Specificity(types: 1), Specificity(ids: 1)])
    XCTAssertLessThan(Specificity(classes: 9, types: 9), Specificity(ids: 1))
  }

  func testPseudoElementsAreReported() throws {
    XCTAssertTrue(try SelectorList(parsing: "p::before").containsPseudoElement)
    XCTAssertTrue(try SelectorList(parsing: "p, a:after").containsPseudoElement)
    XCTAssertFalse(try SelectorList(parsing: "p, a").containsPseudoElement)
  }

  func testErrorsCarryAnOffset() {
    XCTAssertThrowsError(try SelectorList(parsing: "div > ")) { error in
      XCTAssertEqual((error as? SelectorSyntaxError)?.offset, 6)
    }
  }

  /// Nesting is bounded: a deep unforgiving nest is an error, not a stack overflow.
  func testDeepNestingIsRejectedWithoutCrashing() {
    assertInvalid(String(repeating: ":not(", count: 10_000))
    assertValid(String(repeating: ":not(", count: 10) + "a" + String(repeating: ")", count: 10))
    // A forgiving list drops what is nested too deeply: valid, and it matches nothing.
    let deepIs = String(repeating: ":is(", count: 1_000)
    assertValid(deepIs)
  }

  /// Random strings over selector punctuation: the parser returns or throws, and whatever
  /// parses can be matched.
  func testArbitraryInputNeverCrashes() throws {
    let alphabet = Array("ab*|#.[]=~^$\"'()+>, :n-01\\/!@{};%ié\u{0}\n") + ["\u{1F600}"]
    let document = TestDocument(
      Spec("html", ["id": "r"], [Spec("div", ["class": "a", "title": "b"], [Spec("a"), Spec("b", text: "x")])]))
    var random = SplitMix64(state: 42)
    var parsed = 0
    for _ in 0..<5_000 {
      var text = random.string(from: alphabet, maximumLength: 24)
      if random.next(below: 4) == 0 { text = ":nth-child(" + text }
      if random.next(below: 4) == 0 { text = "a:has(" + text }
      guard let list = try? SelectorList(parsing: text) else { continue }
      parsed += 1
      _ = list.allMatches(inTreesFrom: document.root)
    }
    XCTAssertGreaterThan(parsed, 0)
  }
}
