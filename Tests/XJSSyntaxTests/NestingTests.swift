// Hostile nesting: deep input gives a clean SyntaxError, never a crash.

import Testing

@testable import XJSSyntax

@Suite struct NestingTests {
  let tooDeep = "Expression or statement too deeply nested"

  @Test func hundredThousandParentheses() {
    let source = String(repeating: "(", count: 100_000) + "1" + String(repeating: ")", count: 100_000)
    #expect(syntaxError(source)?.message == tooDeep)
  }

  @Test func hundredThousandBrackets() {
    let source = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    #expect(syntaxError(source)?.message == tooDeep)
  }

  @Test func otherDeepConstructs() {
    let depth = 100_000
    let sources = [
      String(repeating: "{", count: depth),
      String(repeating: "a=>", count: depth) + "a",
      String(repeating: "!", count: depth) + "a",
      String(repeating: "a?b:", count: depth) + "c",
      String(repeating: "if(a)", count: depth) + ";",
      String(repeating: "function f(){", count: depth),
      "var " + String(repeating: "[", count: depth) + "a" + String(repeating: "]", count: depth) + " = b",
      "x = " + String(repeating: "{a:", count: depth) + "1" + String(repeating: "}", count: depth),
      String(repeating: "`${", count: depth),
      String(repeating: "a**", count: depth) + "a",
      String(repeating: "a.b", count: 1) + String(repeating: ".c", count: depth),
      String(repeating: "new ", count: depth) + "a",
      "(" + String(repeating: "class extends ", count: depth) + "a" + String(repeating: " {}", count: depth) + ")",
      String(repeating: "class A { m() {", count: depth),
      String(repeating: "({ m() {", count: depth),
    ]
    for source in sources {
      #expect(syntaxError(source)?.message == tooDeep, "source starts \(source.prefix(20))")
    }
  }

  @Test func moderateNestingParses() throws {
    let depth = 500
    let parentheses = String(repeating: "(", count: depth) + "1" + String(repeating: ")", count: depth)
    _ = try parse(parentheses)
    let arrays = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    _ = try parse(arrays)
    let chain = "a" + String(repeating: "+a", count: 2000)
    _ = try parse(chain)
  }

  /// A flat chain nests only to the left, which no pass recurses down: it parses at any
  /// length, and freeing its tree does not recurse either.
  @Test func longChainsParse() throws {
    let terms = 300_000
    for (source, links) in [
      ("a" + String(repeating: "+a", count: terms), terms),
      // `(a && a) || ((a - a) && a) || …`: the spine is the `||` links and the first `&&`.
      ("a && a" + String(repeating: " || a - a && a", count: terms / 3), terms / 3 + 1),
      ("'s'" + String(repeating: "+'s'", count: terms), terms),
    ] {
      let program = try parse(source)
      guard case .expression(let expression) = program.body.first?.kind else {
        Issue.record("not an expression statement")
        continue
      }
      #expect(expression.operatorChain.links.count == links)
    }
  }

  @Test func maxDepthOption() {
    var options = ParserOptions()
    options.maxDepth = 20
    let nested = String(repeating: "(", count: 30) + "1" + String(repeating: ")", count: 30)
    #expect(syntaxError(nested, options: options)?.message == tooDeep)
    let shallow = String(repeating: "(", count: 5) + "1" + String(repeating: ")", count: 5)
    #expect(syntaxError(shallow, options: options) == nil)
  }
}
