import Foundation
import XCTest

@testable import XJSHTML

/// html5lib's tree-construction tests, when `HTML5LIB_TESTS` names their folder
/// (Scripts/html5lib-tests runs them; the data is kept outside the repository).
final class HTML5LibTreeConstructionTests: XCTestCase {
  struct Case {
    var data = ""
    var expected = ""
    var fragmentContext: String?
    var scripting: Bool?
  }

  func testTreeConstruction() throws {
    guard let folder = ProcessInfo.processInfo.environment["HTML5LIB_TESTS"] else {
      throw XCTSkip("set HTML5LIB_TESTS to html5lib-tests/tree-construction to run")
    }
    let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".dat") }.sorted()
    var passed = 0
    var total = 0
    var failures: [String] = []
    for file in files {
      let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
      var filePassed = 0
      var fileTotal = 0
      for testCase in parseCases(text) {
        for scripting in testCase.scripting.map({ [$0] }) ?? [false, true] {
          fileTotal += 1
          let actual = run(testCase, scripting: scripting)
          if actual == testCase.expected {
            filePassed += 1
          } else if failures.count < 400 {
            failures.append(
              "\(file) [scripting \(scripting)] \(testCase.fragmentContext.map { "fragment \($0) " } ?? "")\n#data\n\(testCase.data)\n#expected\n\(testCase.expected)\n#actual\n\(actual)\n"
            )
          }
        }
      }
      print("\(file): \(filePassed)/\(fileTotal)")
      passed += filePassed
      total += fileTotal
    }
    if let report = ProcessInfo.processInfo.environment["HTML5LIB_FAILURES"] {
      try failures.joined(separator: "\n").write(toFile: report, atomically: true, encoding: .utf8)
    }
    let rate = Double(passed) / Double(max(total, 1))
    print("html5lib tree construction: \(passed)/\(total) (\(String(format: "%.2f", rate * 100)) %)")
    XCTAssertGreaterThanOrEqual(rate, 0.99, "html5lib tree construction below 99 %")
  }

  private func run(_ testCase: Case, scripting: Bool) -> String {
    let sink = TestSink()
    let options = HTMLParserOptions(scripting: scripting)
    guard let context = testCase.fragmentContext else {
      parseHTMLDocument(testCase.data, into: sink, options: options)
      return html5libTree(sink.document.children)
    }
    var namespace = HTMLNamespace.html
    var name = context
    if context.hasPrefix("svg ") {
      namespace = .svg
      name = String(context.dropFirst(4))
    } else if context.hasPrefix("math ") {
      namespace = .mathml
      name = String(context.dropFirst(5))
    }
    let root = parseHTMLFragment(
      testCase.data, context: HTMLFragmentContext(localName: name, namespace: namespace), into: sink, options: options)
    return html5libTree(root.children)
  }

  /// The `.dat` format: sections headed by `#name` lines; a case ends at a blank line before `#data`.
  private func parseCases(_ text: String) -> [Case] {
    var cases: [Case] = []
    var current: Case?
    var section = ""
    var lines: [String] = []
    func flush() {
      guard var testCase = current else { return }
      var body = lines
      switch section {
      case "data": testCase.data = body.joined(separator: "\n")
      case "document":
        while body.last == "" { body.removeLast() }
        testCase.expected = body.joined(separator: "\n")
      case "document-fragment": testCase.fragmentContext = body.first
      default: break
      }
      current = testCase
      lines = []
    }
    for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
      if line.hasPrefix("#") && !line.hasPrefix("#comment") {
        let name = String(line.dropFirst())
        if ["data", "errors", "new-errors", "document", "document-fragment", "script-on", "script-off"].contains(name) {
          flush()
          if name == "data" {
            if let finished = current { cases.append(finished) }
            current = Case()
          }
          if name == "script-on" { current?.scripting = true }
          if name == "script-off" { current?.scripting = false }
          section = name
          continue
        }
      }
      lines.append(line)
    }
    flush()
    if let finished = current { cases.append(finished) }
    return cases
  }
}
