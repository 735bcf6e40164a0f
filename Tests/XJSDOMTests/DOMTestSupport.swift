import XCTest
import XJS

@testable import XJSDOM

/// A page without markup: a window, a document with html/head/body, and a way to run script.
final class TestPage {
  let vm: VirtualMachine
  let context: Context
  let realm: DOMRealm
  var errors: [String] = []

  init(gcStress: Bool = false) throws {
    var options = VirtualMachine.Options()
    options.gcStress = gcStress
    vm = VirtualMachine(options: options)
    context = Context(vm)
    realm = try DOMRealm(virtualMachine: vm, context: context)
    try realm.installWindow(url: "file:///test/page.html")
    realm.reportError = { [weak self] error in self?.errors.append(error.description) }
    let document = realm.document!
    let html = document.createElement(localName: "html", namespace: Namespace.html)
    try document.appendChild(html)
    try html.appendChild(document.createElement(localName: "head", namespace: Namespace.html))
    try html.appendChild(document.createElement(localName: "body", namespace: Namespace.html))
    realm.nursery.removeAll()
  }

  /// Evaluates `source` and returns its completion value as a string.
  @discardableResult
  func run(_ source: String, file: StaticString = #filePath, line: UInt = #line) -> String {
    do {
      let value = try context.evaluate(source, sourceURL: "test.js")
      try vm.runPendingJobs()
      return try value.toString()
    } catch {
      XCTFail("script failed: \(error)", file: file, line: line)
      return "<error>"
    }
  }
}
