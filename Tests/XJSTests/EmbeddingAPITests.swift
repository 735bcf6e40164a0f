// The embedding API as README.md shows it, through a plain (non-@testable) import of the
// public module: this file only compiles while that API stays public and the snippet typed.

import Testing
import XJS

/// README.md's embedding snippet, verbatim except that `print` is the test's collector.
private func readmeSnippet(_ source: String, _ print: (String) -> Void) {
  let runtime = Runtime(options: RuntimeOptions())
  do throws(EvaluationError) {
    let value = try runtime.evaluate(source, sourceName: "example.js")
    print((try? runtime.displayString(value)) ?? "?")  // 3
  } catch {
    switch error {
    case .syntax(let syntaxError):
      print("\(syntaxError)")  // SyntaxError: … at example.js:line:column
    case .exception(let exception):
      print((try? runtime.displayString(exception.value)) ?? "?")  // e.g. TypeError: …
    }
  }
}

@Suite struct EmbeddingAPITests {
  @Test func readmeSnippetRunsAsDocumented() {
    var lines: [String] = []
    readmeSnippet("1 + 2") { lines.append($0) }
    readmeSnippet("throw new TypeError('no')") { lines.append($0) }
    readmeSnippet("var = 1") { lines.append($0) }
    #expect(lines.count == 3)
    #expect(lines.first == "3")
    #expect(lines.dropFirst().first == "TypeError: no")
    #expect(lines.last?.hasPrefix("SyntaxError") == true)
  }

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

  @Test func eventLoopRunsAwaitsAndTimersWhenTheEmbedderAsks() throws {
    let runtime = Runtime()
    _ = try runtime.evaluate(
      """
      var log = [];
      async function work() { log.push('start'); await null; log.push('resumed'); }
      work();
      setTimeout(function () { log.push('timer'); }, 1);
      function* g() { yield 1; yield 2; }
      log.push([...g()].join('+'));
      """, sourceName: "loop.js")
    let beforeLoop = try runtime.displayString(try runtime.evaluate("log.join(',')"))
    #expect(beforeLoop == "start,1+2" || beforeLoop == "start,1+2,resumed")
    try runtime.runEventLoop()
    #expect(!runtime.hasPendingWork)
    #expect(try runtime.displayString(try runtime.evaluate("log.join(',')")) == "start,1+2,resumed,timer")
  }

  @Test func unhandledRejectionsAreReportedToTheEmbedder() throws {
    let runtime = Runtime()
    _ = try runtime.evaluate("Promise.reject(new RangeError('lost')); Promise.reject(1).catch(function () {});")
    try runtime.runPendingJobs()
    let reasons = runtime.takeUnhandledRejections()
    #expect(reasons.count == 1)
    #expect(reasons.first.map { (try? runtime.displayString($0)) ?? "?" } == "RangeError: lost")
    #expect(runtime.takeUnhandledRejections().isEmpty)
  }
}

/// A host loader serving modules from memory: specifiers are names, resolved against nothing.
private final class MemoryLoader: ModuleLoader {
  var sources: [String: String]
  var requests: [(specifier: String, referrer: String?)] = []

  init(_ sources: [String: String]) { self.sources = sources }

  func resolve(_ specifier: String, referrer: String?) throws(ModuleLoadError) -> String {
    requests.append((specifier, referrer))
    return "mem:" + specifier
  }

  func load(url: String) throws(ModuleLoadError) -> String {
    guard let text = sources[String(url.dropFirst(4))] else { throw ModuleLoadError("no module \(url)") }
    return text
  }
}

@Suite struct ModuleEmbeddingTests {
  @Test func aHostLoaderServesTheGraph() throws {
    let runtime = Runtime()
    let loader = MemoryLoader([
      "main":
        "import { twice } from 'math'; import data from 'data' with { type: 'json' }; globalThis.result = twice(data.n);",
      "math": "export const twice = (x) => 2 * x;",
      "data": #"{ "n": 21 }"#,
    ])
    runtime.moduleLoader = loader
    guard case .started(let promise) = runtime.runModule(url: "mem:main", text: loader.sources["main"]) else {
      Issue.record("the module graph did not load")
      return
    }
    try runtime.runEventLoop()
    guard case .fulfilled = runtime.moduleEvaluationState(promise) else {
      Issue.record("the module did not complete")
      return
    }
    #expect(try runtime.displayString(runtime.evaluate("result")) == "42")
    #expect(loader.requests.map(\.specifier) == ["math", "data"])
    #expect(loader.requests.allSatisfy { $0.referrer == "mem:main" })
  }

  @Test func loadFailuresAndTopLevelAwaitAreReported() throws {
    let runtime = Runtime()
    runtime.moduleLoader = MemoryLoader([
      "waits": "globalThis.order = []; order.push('start'); await null; order.push('end');"
    ])
    guard case .failed(let exception) = runtime.runModule(url: "mem:broken", text: "import 'missing';") else {
      Issue.record("a missing module must fail the graph")
      return
    }
    #expect((try? runtime.displayString(exception.value))?.contains("no module mem:missing") == true)
    guard case .started(let promise) = runtime.runModule(url: "mem:waits") else {
      Issue.record("the module graph did not load")
      return
    }
    guard case .pending = runtime.moduleEvaluationState(promise) else {
      Issue.record("a module awaiting at top level is pending until the jobs run")
      return
    }
    try runtime.runEventLoop()
    #expect(try runtime.displayString(runtime.evaluate("order.join()")) == "start,end")
  }

  @Test func theFileLoaderResolvesPathsAndFileURLs() throws {
    let loader = FileModuleLoader()
    #expect(try loader.resolve("./x.mjs", referrer: "/app/src/main.mjs") == "/app/src/x.mjs")
    #expect(try loader.resolve("../lib/./y.mjs", referrer: "/app/src/main.mjs") == "/app/lib/y.mjs")
    #expect(try loader.resolve("/abs//z.js", referrer: nil) == "/abs/z.js")
    #expect(try loader.resolve("file:///a/b%20c.mjs", referrer: nil) == "/a/b c.mjs")
    #expect(try loader.resolve("file://localhost/a/b.mjs", referrer: nil) == "/a/b.mjs")
    // A query is part of the module's identity; a fragment is not.
    #expect(try loader.resolve("./x.mjs?v=2#top", referrer: "/app/main.mjs") == "/app/x.mjs?v=2")
    #expect(try loader.resolve("./x.mjs", referrer: "file:///app%20dir/main.mjs?v=1") == "/app dir/x.mjs")
    for specifier in ["lodash", "http://example.com/a.mjs", "data:text/javascript,1", "file://host/a.mjs"] {
      #expect(throws: ModuleLoadError.self, "\(specifier)") { try loader.resolve(specifier, referrer: "/app/main.mjs") }
    }
  }

  @Test func scriptsImportThroughTheLoader() throws {
    let runtime = Runtime()
    let loader = MemoryLoader(["lib": "export default 'from lib';"])
    runtime.moduleLoader = loader
    _ = try runtime.evaluate("import('lib').then((ns) => { globalThis.seen = ns.default; });", sourceName: "host.js")
    try runtime.runEventLoop()
    #expect(try runtime.displayString(runtime.evaluate("seen")) == "from lib")
    #expect(loader.requests.first?.referrer == "host.js")
  }
}
