// What the REPL asks of the engine: which inputs are incomplete (read another line) and which
// are errors, `_` and `_error`, and completion names read without running JS.

import Testing

@testable import XJSEngine

private func isIncomplete(_ runtime: Runtime, _ text: String) -> Bool {
  if case .incomplete = runtime.evaluateForREPL(text) { return true }
  return false
}

@Test func inputsThatMoreLinesCanCompleteAreIncomplete() {
  let runtime = Runtime()
  for text in ["function f() {", "f(1,", "`open template", "`a ${1 +", "/* open comment", "'continued \\", "x =>"] {
    #expect(isIncomplete(runtime, text), "\(text)")
  }
  // Node's rule: a string without a line continuation ends at the line, a SyntaxError.
  for text in ["'abc", "\"abc", "1 +* 2", "/unterminated regexp"] {
    #expect(!isIncomplete(runtime, text), "\(text)")
  }
}

@Test func underscoreHoldsTheLastResultUntilAssigned() {
  let runtime = Runtime()
  _ = runtime.evaluateForREPL("20 + 1")
  guard case .value(let doubled) = runtime.evaluateForREPL("_ * 2") else { return #expect(Bool(false)) }
  #expect(doubled == "42")
  _ = runtime.evaluateForREPL("throw new TypeError('no')")
  guard case .value(let message) = runtime.evaluateForREPL("_error.message") else { return #expect(Bool(false)) }
  #expect(message == "'no'")
  guard case .value(let assigned) = runtime.evaluateForREPL("_ = 5") else { return #expect(Bool(false)) }
  #expect(assigned == "Expression assignment to _ now disabled.\n5")
  _ = runtime.evaluateForREPL("7")
  guard case .value(let kept) = runtime.evaluateForREPL("_") else { return #expect(Bool(false)) }
  #expect(kept == "5")
}

@Test func completionReadsDataPropertiesOnly() {
  let runtime = Runtime()
  _ = runtime.evaluateForREPL(
    "let box = { inner: { deep: 1 } }; var lazy = { get trap() { throw new Error('ran') } }")
  #expect(runtime.propertyNamesForCompletion(path: ["Math"])?.contains("floor") == true)
  #expect(runtime.propertyNamesForCompletion(path: ["box", "inner"])?.contains("deep") == true)
  #expect(runtime.propertyNamesForCompletion(path: ["box", "inner"])?.contains("hasOwnProperty") == true)
  #expect(runtime.propertyNamesForCompletion(path: ["lazy", "trap"]) == nil)
  #expect(runtime.propertyNamesForCompletion(path: ["missing"]) == nil)
  let globals = runtime.globalNamesForCompletion()
  #expect(globals.contains("box") && globals.contains("lazy") && globals.contains("parseInt"))
}
