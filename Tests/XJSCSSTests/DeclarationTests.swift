import XCTest

@testable import XJSCSS

final class DeclarationTests: XCTestCase {
  private func cssText(_ text: String) -> String { CSSDeclarationBlock(parsing: text).cssText }

  func testParsingAndSerializing() {
    let block = CSSDeclarationBlock(parsing: "color: red; margin : 0 ;")
    XCTAssertEqual(block.cssText, "color: red; margin: 0;")
    XCTAssertEqual(block.length, 2)
    XCTAssertEqual(block.item(0), "color")
    XCTAssertEqual(block.item(1), "margin")
    XCTAssertEqual(block.item(2), "")
    XCTAssertEqual(block.item(-1), "")
    XCTAssertEqual(block.getPropertyValue("margin"), "0")
    XCTAssertEqual(block.getPropertyValue("padding"), "")
    XCTAssertEqual(CSSDeclarationBlock(parsing: "").cssText, "")
    XCTAssertEqual(cssText("  ;;  "), "")
  }

  func testNamesAreLowercasedExceptCustomProperties() {
    let block = CSSDeclarationBlock(parsing: "COLOR: Red; --Main-Color:  #06c ")
    XCTAssertEqual(block.declarations.map(\.name), ["color", "--Main-Color"])
    XCTAssertEqual(block.getPropertyValue("CoLoR"), "Red")
    XCTAssertEqual(block.getPropertyValue("--Main-Color"), "#06c")
    XCTAssertEqual(block.getPropertyValue("--main-color"), "")
  }

  func testImportant() {
    let block = CSSDeclarationBlock(parsing: "color: red !important; margin: 0 ! IMPORTANT ; padding: 1px")
    XCTAssertEqual(block.getPropertyPriority("color"), "important")
    XCTAssertEqual(block.getPropertyValue("color"), "red")
    XCTAssertEqual(block.getPropertyPriority("margin"), "important")
    XCTAssertEqual(block.getPropertyValue("margin"), "0")
    XCTAssertEqual(block.getPropertyPriority("padding"), "")
    XCTAssertEqual(block.cssText, "color: red !important; margin: 0 !important; padding: 1px;")
    // Anything else after "!" makes the declaration invalid.
    XCTAssertEqual(cssText("color: red !ie; margin: 0"), "margin: 0;")
    XCTAssertEqual(cssText("color: red !important !important"), "")
  }

  func testAtRulesAndJunkAreSkipped() {
    XCTAssertEqual(cssText("@media screen { a: b; c: d } color: red"), "color: red;")
    XCTAssertEqual(cssText("@import url(x.css); color: red"), "color: red;")
    XCTAssertEqual(cssText("foo; 12px: 3; : x; color: blue"), "color: blue;")
    XCTAssertEqual(cssText("color red; margin: 0"), "margin: 0;")
    XCTAssertEqual(cssText("{a: b; c: d} color: red"), "")
    XCTAssertEqual(cssText("x: [a; b]; color: red"), "x: [a; b]; color: red;")
  }

  func testCommentsAndWhitespace() {
    XCTAssertEqual(cssText("color: /* x */ red /* y */; /* z */ margin: 0"), "color: red; margin: 0;")
    XCTAssertEqual(cssText("color:/**/red"), "color: red;")
    XCTAssertEqual(cssText("margin:\n 1px    2px\t"), "margin: 1px 2px;")
    XCTAssertEqual(cssText("font-family: a/**/b"), "font-family: a/**/b;")
  }

  func testTheLastDeclarationWins() {
    XCTAssertEqual(cssText("color: red; margin: 0; color: blue"), "margin: 0; color: blue;")
    XCTAssertEqual(cssText("color: red; color: blue !important"), "color: blue !important;")
    // An important declaration is not overridden by a later normal one.
    XCTAssertEqual(cssText("color: red !important; color: blue"), "color: red !important;")
  }

  func testInvalidValuesAreDropped() {
    // A stray ")" is an ordinary token: the ";" still ends the declaration.
    XCTAssertEqual(cssText("color: red); margin: 0"), "margin: 0;")
    XCTAssertEqual(cssText("color: 'abc\n; margin: 0"), "margin: 0;")
    XCTAssertEqual(cssText("background: url(a b); margin: 0"), "margin: 0;")
    XCTAssertEqual(cssText("color:; margin: 0"), "margin: 0;")
    XCTAssertEqual(cssText("--empty:; --bang: a!b"), "--empty: ; --bang: a!b;")
  }

  func testValuesKeepTheirText() {
    XCTAssertEqual(cssText("background: url(a;b)"), "background: url(a;b);")
    XCTAssertEqual(cssText("content: \"a; b\""), "content: \"a; b\";")
    XCTAssertEqual(cssText("color: RGB(1,2,3)"), "color: RGB(1,2,3);")
    // The end of the input closes open blocks.
    XCTAssertEqual(cssText("color: rgb(1, 2"), "color: rgb(1, 2);")
  }

  func testSetProperty() {
    var block = CSSDeclarationBlock(parsing: "color: red; margin: 0")
    block.setProperty("padding", "1px")
    XCTAssertEqual(block.cssText, "color: red; margin: 0; padding: 1px;")
    block.setProperty("COLOR", "  blue ")
    XCTAssertEqual(block.cssText, "color: blue; margin: 0; padding: 1px;")
    block.setProperty("margin", "2px", priority: "IMPORTANT")
    XCTAssertEqual(block.getPropertyPriority("margin"), "important")
    XCTAssertEqual(block.cssText, "color: blue; margin: 2px !important; padding: 1px;")
    block.setProperty("margin", "3px")
    XCTAssertEqual(block.getPropertyPriority("margin"), "")
    block.setProperty("--Custom", "x")
    XCTAssertEqual(block.item(3), "--Custom")
    block.setProperty("padding", "")
    XCTAssertEqual(block.cssText, "color: blue; margin: 3px; --Custom: x;")
  }

  func testSetPropertyRejections() {
    let original = CSSDeclarationBlock(parsing: "color: red")
    for (property, value, priority) in [
      ("color", "blue", "bogus"), ("color", "blue;", ""), ("color", "a; b: c", ""), ("color", "blue !important", ""),
      ("color", "a)", ""), ("color", "rgb(1", ""), ("color", "'abc\n", ""), ("color", "   ", ""), ("", "x", ""),
      ("a b", "x", ""), ("col\\or", "x", ""),
    ] {
      var block = original
      block.setProperty(property, value, priority: priority)
      XCTAssertEqual(block, original, "setProperty(\"\(property)\", \"\(value)\", \"\(priority)\")")
    }
    var block = original
    block.setProperty("color", "rgb(1, 2, 3)")
    XCTAssertEqual(block.getPropertyValue("color"), "rgb(1, 2, 3)")
    block.setProperty("--x", "  ")
    XCTAssertEqual(block.cssText, "color: rgb(1, 2, 3); --x: ;")
  }

  func testRemoveProperty() {
    var block = CSSDeclarationBlock(parsing: "color: red; margin: 0")
    XCTAssertEqual(block.removeProperty("COLOR"), "red")
    XCTAssertEqual(block.removeProperty("color"), "")
    XCTAssertEqual(block.cssText, "margin: 0;")
  }

  func testCSSTextSetterReparses() {
    var block = CSSDeclarationBlock(parsing: "color: red")
    block.cssText = "margin: 0; bogus; padding: 1px !important"
    XCTAssertEqual(
      block.declarations,
      [
        CSSDeclaration(name: "margin", value: "0"), CSSDeclaration(name: "padding", value: "1px", isImportant: true),
      ])
    block.cssText = ""
    XCTAssertEqual(block.length, 0)
  }

  func testSerializationRoundTrips() {
    for text in ["color: red; margin: 1px 2px !important", "--x: {a; b}; content: \"\\\"\"", "a: b(c, [d])"] {
      let block = CSSDeclarationBlock(parsing: text)
      XCTAssertEqual(CSSDeclarationBlock(parsing: block.cssText), block, text)
    }
  }

  func testArbitraryInputNeverCrashes() {
    let alphabet = Array("ab-: ;!{}()[]\"'\\/*@#,.1%\n") + ["é"]
    var random = SplitMix64(state: 7)
    for _ in 0..<5_000 {
      let text = random.string(from: alphabet, maximumLength: 30)
      var block = CSSDeclarationBlock(parsing: text)
      block.setProperty("color", text)
      block.setProperty(text, "red")
      _ = block.cssText
    }
  }

  func testPropertyNames() {
    XCTAssertEqual(CSSPropertyNames.cssProperty(forIDLAttribute: "backgroundColor"), "background-color")
    XCTAssertEqual(CSSPropertyNames.cssProperty(forIDLAttribute: "borderTopLeftRadius"), "border-top-left-radius")
    XCTAssertEqual(CSSPropertyNames.cssProperty(forIDLAttribute: "cssFloat"), "float")
    XCTAssertEqual(CSSPropertyNames.cssProperty(forIDLAttribute: "color"), "color")
    XCTAssertEqual(CSSPropertyNames.cssProperty(forIDLAttribute: "webkitTransform"), "-webkit-transform")
    XCTAssertEqual(CSSPropertyNames.cssProperty(forIDLAttribute: "WebkitTransform"), "-webkit-transform")
    XCTAssertNil(CSSPropertyNames.cssProperty(forIDLAttribute: "background-color"))
    XCTAssertNil(CSSPropertyNames.cssProperty(forIDLAttribute: ""))

    XCTAssertEqual(CSSPropertyNames.idlAttribute(forCSSProperty: "background-color"), "backgroundColor")
    XCTAssertEqual(CSSPropertyNames.idlAttribute(forCSSProperty: "border-top-left-radius"), "borderTopLeftRadius")
    XCTAssertEqual(CSSPropertyNames.idlAttribute(forCSSProperty: "float"), "cssFloat")
    XCTAssertEqual(CSSPropertyNames.idlAttribute(forCSSProperty: "color"), "color")
    XCTAssertEqual(CSSPropertyNames.idlAttribute(forCSSProperty: "-webkit-transform"), "webkitTransform")
    XCTAssertEqual(CSSPropertyNames.idlAttribute(forCSSProperty: "--x"), "--x")
  }
}
