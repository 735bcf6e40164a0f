// The embedding API as README.md shows it, through a plain (non-@testable) import:
// this file only compiles while that API stays public.

import Testing
import XJSEngine

@Suite struct EmbeddingAPITests {
  @Test func readmeExampleEvaluates() throws {
    let runtime = Runtime(options: RuntimeOptions())
    let value = try runtime.evaluate("1 + 2", sourceName: "example.js")
    #expect(try runtime.displayString(value) == "3")
  }

  @Test func syntaxErrorsAndExceptionsAreTyped() {
    let runtime = Runtime()
    do {
      _ = try runtime.evaluate("var = 1", sourceName: "bad.js")
      Issue.record("a SyntaxError was expected")
    } catch .syntax(let error) {
      #expect(error.line == 1)
    } catch {
      Issue.record("expected a syntax error, got \(error)")
    }
    do {
      _ = try runtime.evaluate("throw new TypeError('no')")
      Issue.record("an exception was expected")
    } catch .exception(let exception) {
      #expect((try? runtime.displayString(exception.value)) == "TypeError: no")
    } catch {
      Issue.record("expected an exception, got \(error)")
    }
  }

  @Test func timeLimitStopsAScript() {
    let runtime = Runtime()
    runtime.setTimeLimit(milliseconds: 100)
    do {
      _ = try runtime.evaluate("for (;;) {}")
      Issue.record("the time limit did not stop the script")
    } catch {
      // A termination exception: expected.
    }
  }
}
