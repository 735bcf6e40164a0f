import XCTest

@testable import XJSCSS

final class SelectorMatchingTests: XCTestCase {
  /// html#root > body#body > (div#d1.a > p#p1, span#s1, p#p2), (div#d2 > span#s2)
  private let page = TestDocument(
    Spec(
      "html", ["id": "root"],
      [
        Spec(
          "body", ["id": "body"],
          [
            Spec(
              "div", ["id": "d1", "class": "a"],
              [Spec("p", ["id": "p1"]), Spec("span", ["id": "s1"]), Spec("p", ["id": "p2"])]),
            Spec("div", ["id": "d2"], [Spec("span", ["id": "s2"])]),
          ])
      ]))

  func testTypeAndUniversalSelectors() throws {
    XCTAssertEqual(try page.select("div"), ["d1", "d2"])
    XCTAssertEqual(try page.select("DiV"), ["d1", "d2"])
    XCTAssertEqual(try page.select("*").count, 8)
    XCTAssertEqual(try page.select("*|span"), ["s1", "s2"])
    // `|E` asks for no namespace; these elements are in the HTML namespace.
    XCTAssertEqual(try page.select("|span"), [])
    XCTAssertEqual(try page.select("#d1, #s2"), ["d1", "s2"])
    XCTAssertEqual(try page.select(".a"), ["d1"])
    XCTAssertEqual(try page.select("div.a#d1"), ["d1"])
    XCTAssertEqual(try page.select("div.b"), [])
  }

  func testCombinators() throws {
    XCTAssertEqual(try page.select("div p"), ["p1", "p2"])
    XCTAssertEqual(try page.select("body span"), ["s1", "s2"])
    XCTAssertEqual(try page.select("div > span"), ["s1", "s2"])
    XCTAssertEqual(try page.select("html > span"), [])
    XCTAssertEqual(try page.select("p + span"), ["s1"])
    XCTAssertEqual(try page.select("p + p"), [])
    XCTAssertEqual(try page.select("p ~ p"), ["p2"])
    XCTAssertEqual(try page.select("#d1 ~ div"), ["d2"])
    XCTAssertEqual(try page.select("#d1 ~ div > span"), ["s2"])
    XCTAssertEqual(try page.select("html div + div span"), ["s2"])
    XCTAssertEqual(try page.select("body > div > p ~ *"), ["s1", "p2"])
  }

  /// The first candidate fails further left; a later one succeeds. Pruning must not stop early.
  func testBacktracking() throws {
    let document = TestDocument(
      Spec(
        "div", ["id": "x", "class": "x"],
        [
          Spec(
            "div", ["id": "outer", "class": "y"],
            [Spec("div", ["id": "inner", "class": "y"], [Spec("span", ["id": "s"])])])
        ]))
    XCTAssertEqual(try document.select(".x > .y span"), ["s"])
    XCTAssertEqual(try document.select(".x > .y > span"), [])
    XCTAssertEqual(try document.select(".x .y > span"), ["s"])

    let siblings = TestDocument(
      Spec(
        "ul", ["id": "list"],
        [
          Spec("li", ["id": "m", "class": "m"]), Spec("li", ["id": "n1", "class": "n"]),
          Spec("li", ["id": "n2", "class": "n"], [Spec("b", ["id": "b"])]),
        ]))
    XCTAssertEqual(try siblings.select(".m ~ .n b"), ["b"])
    XCTAssertEqual(try siblings.select(".m + .n b"), [])
    XCTAssertEqual(try siblings.select(".m + .n ~ .n > b"), ["b"])
    XCTAssertEqual(try siblings.select("ul > .m ~ li"), ["n1", "n2"])
  }

  func testAttributeOperators() throws {
    let document = TestDocument(
      Spec(
        "div", ["id": "e", "title": "hello world", "lang": "en-US", "data-x": "", "type": "TEXT"]))
    let matching = [
      "[title]", "[TITLE]", "[*|title]", "[title=\"hello world\"]", "[title~=hello]", "[title~=world]",
      "[lang|=en]", "[lang|=en-US]", "[title^=hel]", "[title$=rld]", "[title*=\"o w\"]", "[data-x]",
      "[data-x=\"\"]", "[title=\"HELLO WORLD\" i]", "[title^=HEL i]", "[type=text]", "[type=\"TEXT\" s]",
    ]
    for selector in matching { XCTAssertTrue(try document.matches(selector, "e"), selector) }
    let failing = [
      "[titl]", "[title=hello]", "[title~=\"hello world\"]", "[title~=\"\"]", "[lang|=e]", "[lang|=US]",
      "[title^=\"\"]", "[title$=\"\"]", "[title*=\"\"]", "[title=\"HELLO WORLD\"]", "[title=\"HELLO WORLD\" s]",
      "[type=text s]", "[data-x=a]", "[title~=hel]",
    ]
    for selector in failing { XCTAssertFalse(try document.matches(selector, "e"), selector) }
  }

  /// Outside HTML documents, names and values compare exactly and HTML's list does not apply.
  func testAttributesInAnXMLDocument() throws {
    let document = TestDocument(isHTML: false, Spec("div", ["id": "e", "type": "TEXT", "title": "t"]))
    XCTAssertFalse(try document.matches("[type=text]", "e"))
    XCTAssertTrue(try document.matches("[type=text i]", "e"))
    XCTAssertFalse(try document.matches("[TITLE]", "e"))
    XCTAssertFalse(try document.matches("DIV", "e"))
    XCTAssertTrue(try document.matches("div", "e"))
  }

  func testNamespacedAttributes() throws {
    let document = TestDocument(Spec("div", ["id": "e"]))
    document.node("e").attributes.append(TestAttribute(localName: "href", namespace: "urn:x", value: "v"))
    XCTAssertTrue(try document.matches("[*|href=v]", "e"))
    XCTAssertFalse(try document.matches("[href]", "e"))
    XCTAssertFalse(try document.matches("[|href]", "e"))
  }

  /// Foreign elements in HTML documents compare their names case-sensitively.
  func testForeignElementNames() throws {
    let svg = "http://www.w3.org/2000/svg"
    let document = TestDocument(
      Spec("div", ["id": "d"], [Spec("foreignObject", namespace: svg, ["id": "f"])]))
    XCTAssertEqual(try document.select("foreignObject"), ["f"])
    XCTAssertEqual(try document.select("foreignobject"), [])
    XCTAssertEqual(try document.select("|foreignObject"), [])
  }

  private let list = TestDocument(
    Spec(
      "ol", ["id": "ol"],
      (1...10).map { index in
        Spec(index % 3 == 0 ? "b" : "li", ["id": "i\(index)", "class": index.isMultiple(of: 2) ? "x" : "y"])
      }))

  private func indices(_ selector: String) throws -> [Int] {
    try list.select(selector).compactMap { Int($0.dropFirst()) }
  }

  func testNthChild() throws {
    XCTAssertEqual(try indices(":nth-child(2n+1)"), [1, 3, 5, 7, 9])
    XCTAssertEqual(try indices(":nth-child(odd)"), [1, 3, 5, 7, 9])
    XCTAssertEqual(try indices(":nth-child(even)"), [2, 4, 6, 8, 10])
    XCTAssertEqual(try indices(":nth-child(-n+3)"), [1, 2, 3])
    XCTAssertEqual(try indices(":nth-child(n+8)"), [8, 9, 10])
    XCTAssertEqual(try indices(":nth-child(3)"), [3])
    XCTAssertEqual(try indices(":nth-child(0n+0)"), [])
    XCTAssertEqual(try indices(":nth-child(-2n+5)"), [1, 3, 5])
    XCTAssertEqual(try indices(":nth-last-child(2)"), [9])
    XCTAssertEqual(try indices(":nth-last-child(-n+2)"), [9, 10])
    XCTAssertEqual(try indices("li:nth-child(3n)"), [])
  }

  func testNthChildOfSelector() throws {
    // The .x items are 2, 4, 6, 8, 10; the odd ones among them are the 1st, 3rd and 5th.
    XCTAssertEqual(try indices(":nth-child(odd of .x)"), [2, 6, 10])
    XCTAssertEqual(try indices(":nth-child(2 of .y, b)"), [3])
    XCTAssertEqual(try indices(":nth-last-child(1 of .y)"), [9])
  }

  func testNthOfType() throws {
    // li: 1, 2, 4, 5, 7, 8, 10; b: 3, 6, 9.
    XCTAssertEqual(try indices(":nth-of-type(2)"), [2, 6])
    XCTAssertEqual(try indices("li:nth-of-type(2n+1)"), [1, 4, 7, 10])
    XCTAssertEqual(try indices(":nth-last-of-type(1)"), [9, 10])
    XCTAssertEqual(try indices(":first-of-type"), [1, 3])
    XCTAssertEqual(try indices(":last-of-type"), [9, 10])
    XCTAssertEqual(try indices(":first-child"), [1])
    XCTAssertEqual(try indices(":last-child"), [10])
    XCTAssertEqual(try indices(":only-child"), [])
    let single = TestDocument(Spec("div", ["id": "d"], [Spec("p", ["id": "p"]), Spec("i", ["id": "i"])]))
    XCTAssertEqual(try single.select(":only-of-type"), ["d", "p", "i"])
    XCTAssertEqual(try single.select("div > :only-child"), [])
  }

  func testHas() throws {
    XCTAssertEqual(try page.select("div:has(> span)"), ["d1", "d2"])
    XCTAssertEqual(try page.select("div:has(p + span)"), ["d1"])
    XCTAssertEqual(try page.select("div:has(+ div)"), ["d1"])
    XCTAssertEqual(try page.select("div:has(~ div)"), ["d1"])
    XCTAssertEqual(try page.select("p:has(~ p)"), ["p1"])
    XCTAssertEqual(try page.select("p:has(+ span + p)"), ["p1"])
    XCTAssertEqual(try page.select("body:has(> div > p)"), ["body"])
    XCTAssertEqual(try page.select("html:has(> div)"), [])
    XCTAssertEqual(try page.select(":has(span)"), ["root", "body", "d1", "d2"])
    XCTAssertEqual(try page.select(":has(> .a p)"), ["body"])
    XCTAssertEqual(try page.select("div:has(+ div span)"), ["d1"])
    XCTAssertEqual(try page.select(":has(q, #p2)"), ["root", "body", "d1"])
    XCTAssertEqual(try page.select("span:has(*)"), [])
  }

  func testNotIsWhere() throws {
    XCTAssertEqual(try page.select("div :not(p)"), ["s1", "s2"])
    XCTAssertEqual(try page.select(":not(div, p, span)"), ["root", "body"])
    XCTAssertEqual(try page.select(":is(#d1, #d2) > span"), ["s1", "s2"])
    XCTAssertEqual(try page.select(":where(.a) :is(p, :nope)"), ["p1", "p2"])
    XCTAssertEqual(try page.select(":is()"), [])
    XCTAssertEqual(try page.select(":not(:is(div p))"), ["root", "body", "d1", "s1", "d2", "s2"])
  }

  func testScopeAndRoot() throws {
    XCTAssertEqual(try page.select(":root"), ["root"])
    XCTAssertEqual(try page.select(":scope"), ["root"])
    XCTAssertEqual(try page.select(":scope > div", under: "body"), ["d1", "d2"])
    XCTAssertEqual(try page.select(":scope span", under: "d1"), ["s1"])
    XCTAssertEqual(try page.select("body span", under: "d1"), ["s1"])
    XCTAssertEqual(try page.select(":scope", under: "body"), [])
    let scope = page.node("d2")
    XCTAssertTrue(try SelectorList(parsing: ":scope").matches(scope, scope: scope))
    XCTAssertFalse(try SelectorList(parsing: ":root").matches(scope, scope: scope))
  }

  func testEmpty() throws {
    let document = TestDocument(
      Spec(
        "div", ["id": "d"],
        [Spec("p", ["id": "blank"]), Spec("p", ["id": "text"], text: "x"), Spec("p", ["id": "parent"], [Spec("i")])]))
    XCTAssertEqual(try document.select("p:empty"), ["blank"])
    XCTAssertEqual(try document.select(":empty"), ["blank", "i"])
  }

  func testQuirksModeClassesAndIDs() throws {
    let spec = Spec("div", ["id": "Main", "class": "Foo bar"])
    let quirks = TestDocument(isQuirks: true, spec)
    let standards = TestDocument(spec)
    XCTAssertTrue(try quirks.matches(".foo", "Main"))
    XCTAssertTrue(try quirks.matches(".BAR", "Main"))
    XCTAssertTrue(try quirks.matches("#main", "Main"))
    XCTAssertFalse(try standards.matches(".foo", "Main"))
    XCTAssertFalse(try standards.matches("#main", "Main"))
    XCTAssertTrue(try standards.matches(".Foo.bar#Main", "Main"))
  }

  func testLangAndDir() throws {
    let document = TestDocument(
      Spec(
        "html", ["id": "root", "lang": "de-Latn-CH"],
        [
          Spec("p", ["id": "de"]), Spec("p", ["id": "en", "lang": "en-US"]),
          Spec(
            "div", ["id": "rtl", "dir": "rtl"],
            [Spec("span", ["id": "inner"]), Spec("b", ["id": "ltr", "dir": "LTR"])]),
        ]))
    XCTAssertEqual(try document.select("p:lang(en)"), ["en"])
    XCTAssertEqual(try document.select("p:lang(de)"), ["de"])
    XCTAssertEqual(try document.select("p:lang(de-CH)"), ["de"])
    XCTAssertEqual(try document.select("p:lang(\"*-US\")"), ["en"])
    XCTAssertEqual(try document.select("p:lang(EN-us)"), ["en"])
    XCTAssertEqual(try document.select("p:lang(en-GB, fr)"), [])
    XCTAssertEqual(try document.select(":dir(rtl)"), ["rtl", "inner"])
    XCTAssertEqual(try document.select("p:dir(ltr), b:dir(ltr)"), ["de", "en", "ltr"])
    XCTAssertTrue(languageTag("de-Latn-CH", matchesRange: "de-*-CH"))
    XCTAssertFalse(languageTag("de-x-CH", matchesRange: "de-CH"))
    XCTAssertFalse(languageTag("english", matchesRange: "en"))
  }

  func testStatePseudoClasses() throws {
    let document = TestDocument(
      Spec(
        "form", ["id": "form"],
        [
          Spec("input", ["id": "box", "type": "checkbox", "checked": ""]),
          Spec("input", ["id": "text", "required": "", "placeholder": "name"]),
          Spec("input", ["id": "off", "disabled": "", "readonly": ""]),
          Spec(
            "select", ["id": "select"], [Spec("option", ["id": "o1"]), Spec("option", ["id": "o2", "selected": ""])]),
          Spec("button", ["id": "submit"]),
          Spec("button", ["id": "second"]),
          Spec("a", ["id": "link", "href": "#"]),
          Spec("a", ["id": "anchor"]),
        ]))
    XCTAssertEqual(try document.select(":checked"), ["box", "o2"])
    XCTAssertEqual(try document.select(":default"), ["box", "o2", "submit"])
    XCTAssertEqual(try document.select(":disabled"), ["off"])
    XCTAssertEqual(try document.select("input:enabled"), ["box", "text"])
    XCTAssertEqual(try document.select(":required"), ["text"])
    // A checkbox can be required, so without the attribute it is optional.
    XCTAssertEqual(try document.select("input:optional"), ["box", "off"])
    XCTAssertEqual(try document.select("input:read-write"), ["text"])
    XCTAssertEqual(try document.select("input:read-only"), ["box", "off"])
    XCTAssertEqual(try document.select(":placeholder-shown"), ["text"])
    XCTAssertEqual(try document.select(":link"), ["link"])
    XCTAssertEqual(try document.select(":any-link"), ["link"])
    XCTAssertEqual(try document.select(":hover, :focus, :visited"), [])
    XCTAssertEqual(try document.select(":defined").count, 11)
  }

  func testPseudoElementSelectorsMatchNothing() throws {
    XCTAssertFalse(try page.matches("div::before", "d1"))
    XCTAssertEqual(try page.select("p::after, span"), ["s1", "s2"])
  }

  func testClosestAndFirstMatch() throws {
    let list = try SelectorList(parsing: "div")
    XCTAssertEqual(list.closest(startingAt: page.node("s1"))?.label, "d1")
    XCTAssertEqual(list.closest(startingAt: page.node("d2"))?.label, "d2")
    XCTAssertNil(try SelectorList(parsing: "ul").closest(startingAt: page.node("s1")))
    XCTAssertEqual(try SelectorList(parsing: "span").firstMatch(inDescendantsOf: page.node("body"))?.label, "s1")
    XCTAssertEqual(try SelectorList(parsing: "p").firstMatch(inTreesFrom: page.root)?.label, "p1")
    XCTAssertNil(try SelectorList(parsing: "body").firstMatch(inDescendantsOf: page.node("body")))
  }

  /// A 100,000-deep chain: neither matching nor the walk may recurse per level.
  func testDeepChain() throws {
    let depth = 100_000
    let document = TestDocument()
    var parent = document.makeNode("div")
    parent.attributes = [TestAttribute(localName: "id", namespace: nil, value: "top")]
    document.setRoot(parent)
    for _ in 1..<depth - 1 {
      let child = document.makeNode("div")
      document.append(child, to: parent)
      parent = child
    }
    let leaf = document.makeNode("span")
    leaf.attributes = [TestAttribute(localName: "id", namespace: nil, value: "leaf")]
    document.append(leaf, to: parent)

    XCTAssertEqual(try document.select("div span"), ["leaf"])
    XCTAssertEqual(try document.select("#top span"), ["leaf"])
    XCTAssertEqual(try document.select("#top > div > div span:not(:root)"), ["leaf"])
    XCTAssertEqual(try document.select("p span"), [])
    XCTAssertEqual(try document.select("span:first-child:last-child"), ["leaf"])
    XCTAssertEqual(try SelectorList(parsing: "div").allMatches(inTreesFrom: document.root).count, depth - 1)
    XCTAssertTrue(try document.matches(":has(span)", "top"))
    XCTAssertFalse(try document.matches(":has(p)", "top"))
    XCTAssertEqual(try SelectorList(parsing: "#top").closest(startingAt: leaf)?.label, "top")
  }
}
