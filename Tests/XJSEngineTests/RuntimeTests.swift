// The runtime as an embedder sees it: values, evaluation, errors, limits, GC stress,
// and independence of runtimes on different threads.

import Glibc
import Testing

@testable import XJSEngine

/// Runs `source` and returns its completion value as a string (or the failure text).
private func evaluate(_ runtime: Runtime, _ source: String) -> String {
  switch runtime.runScript(Array(source.utf16), name: "test.js") {
  case .completed(let value):
    if value.isString { return value.asString.swiftString(runtime.heap) }
    return (try? runtime.toString(value).swiftString(runtime.heap)) ?? "<unprintable>"
  case .syntaxError(let message): return message
  case .uncaught(let message): return message
  }
}

@Suite struct ValueEncodingTests {
  @Test func numbersRoundTrip() {
    for number in [0.0, -0.0, 1.5, -1e300, .infinity, -.infinity, 5e-324, 2_147_483_648.0] {
      let value = Value(number)
      #expect(value.isNumber && !value.isCell)
      #expect(value.asNumber.bitPattern == number.bitPattern)
    }
    let nan = Value(Double(bitPattern: 0xFFFF_FFFF_FFFF_FFFF))
    #expect(nan.isNumber && nan.asNumber.isNaN && !nan.isCell)
  }

  @Test func int32AndNumberNormalization() {
    #expect(Value(number: 42).isInt32)
    #expect(Value(number: -0.0).isDouble)
    #expect(Value(number: 2_147_483_648).isDouble)
    #expect(Value(Int32.min).asInt32 == Int32.min)
  }

  @Test func constantsAreDistinct() {
    let constants: [Value] = [.undefined, .null, .true, .false, .empty]
    #expect(Set(constants.map(\.bits)).count == constants.count)
    for constant in constants { #expect(!constant.isCell && !constant.isNumber) }
    #expect(Value.undefined.isNullish && Value.null.isNullish && !Value.false.isNullish)
  }
}

@Suite struct EvaluationTests {
  @Test func completionValues() {
    let runtime = Runtime()
    #expect(evaluate(runtime, "1 + 2") == "3")
    #expect(evaluate(runtime, "var s = 'a'; for (var i = 0; i < 3; i++) s += i; s") == "a012")
    #expect(evaluate(runtime, "[1, 2, 3].join('-')") == "1-2-3")
  }

  @Test func stateIsKeptBetweenScripts() {
    let runtime = Runtime()
    _ = evaluate(runtime, "let counter = 1; function bump() { return ++counter; }")
    #expect(evaluate(runtime, "bump(); bump()") == "3")
  }

  @Test func uncaughtErrorsCarryTypeMessageAndStack() {
    let runtime = Runtime()
    let text = evaluate(runtime, "function inner() { null.x; }\nfunction outer() { inner(); }\nouter();")
    #expect(text.hasPrefix("Uncaught TypeError: Cannot read properties of null"))
    #expect(text.contains("at inner (test.js:1:"))
    #expect(text.contains("at outer (test.js:2:"))
  }

  @Test func syntaxErrorsHavePositions() {
    let runtime = Runtime()
    let text = evaluate(runtime, "var a = 1;\nvar = 2;")
    #expect(text.hasPrefix("SyntaxError:"))
    #expect(text.contains("test.js:2:"))
  }
}

@Suite struct LimitTests {
  @Test func deepRecursionIsACatchableRangeError() {
    let runtime = Runtime()
    #expect(
      evaluate(runtime, "function f() { return f() + 1; } try { f() } catch (e) { e instanceof RangeError }") == "true")
  }

  @Test func deepNativeReentryIsACatchableRangeError() {
    let runtime = Runtime()
    let source = """
      function g(n) { return [1, 2].map(function () { return g(n + 1); }); }
      try { g(0); 'no error' } catch (e) { e.name }
      """
    #expect(evaluate(runtime, source) == "RangeError")
  }

  @Test func heapLimitThrowsAndTheRuntimeStaysUsable() {
    var options = RuntimeOptions()
    options.maximumHeapBytes = 64 * 1024 * 1024
    let runtime = Runtime(options: options)
    let text = evaluate(runtime, "var keep = []; while (true) keep.push({ a: [1, 2, 3], b: 'x' + keep.length });")
    #expect(text.hasPrefix("Uncaught RangeError: Out of memory"))
    #expect(evaluate(runtime, "keep = null; 6 * 7") == "42")
  }

  /// The handler that catches the heap limit's RangeError can allocate (a string here) while
  /// the garbage is still reachable, and gc-stress, which collects at every allocation, meets
  /// the limit where the normal mode does: the same output in both.
  @Test(arguments: [false, true]) func aHandlerCanRunAfterTheHeapLimitInEveryMode(gcStress: Bool) {
    var options = RuntimeOptions()
    options.maximumHeapBytes = 1024 * 1024
    options.gcStress = gcStress
    let runtime = Runtime(options: options)
    let source = """
      var keep = [], message;
      try { for (;;) keep.push({ a: keep.length }); } catch (e) { message = 'caught ' + e.name + ' at ' + (keep.length > 1000); }
      keep = null;
      var after = []; for (var i = 0; i < 1000; i++) after.push([i]);
      message + ', then ' + after.length
      """
    #expect(evaluate(runtime, source) == "caught RangeError at true, then 1000")
  }

  @Test func timeLimitStopsAnInfiniteLoop() {
    let runtime = Runtime()
    runtime.setTimeLimit(milliseconds: 200)
    let text = evaluate(runtime, "var i = 0; while (true) { i++; }")
    #expect(text.contains("Script timed out"))
  }

  @Test func terminationCannotBeCaught() {
    let runtime = Runtime()
    runtime.setTimeLimit(milliseconds: 200)
    let text = evaluate(runtime, "for (;;) { try { for (;;) {} } catch (e) { } }")
    #expect(text.contains("Script timed out"))
  }

  /// The watchdog raises the deadline while no script runs; a new limit set afterwards must
  /// not inherit that stale alarm.
  @Test func aLimitThatPassedBetweenScriptsDoesNotStopTheNextOne() {
    let runtime = Runtime()
    runtime.setTimeLimit(milliseconds: 20)
    #expect(evaluate(runtime, "1 + 1") == "2")
    usleep(100_000)
    runtime.setTimeLimit(milliseconds: 10_000)
    #expect(evaluate(runtime, "var n = 0; for (var i = 0; i < 1e6; i++) n += i; n") == "499999500000")
    runtime.setTimeLimit(milliseconds: 0)
  }

  /// Compiling is covered by the time limit: the body of this function never runs, so only a
  /// checkpoint in the front end can stop it (it takes seconds to compile: 300,000 statements).
  @Test func theTimeLimitStopsAHugeCompilation() {
    let runtime = Runtime()
    runtime.setTimeLimit(milliseconds: 100)
    let text = evaluate(
      runtime, "var body = 'a = a + 1;'.repeat(300000); new Function(body); 'compiled'")
    #expect(text == "Uncaught TerminationError: Script timed out")
    runtime.setTimeLimit(milliseconds: 0)
    #expect(evaluate(runtime, "typeof body") == "string")
  }

  /// The compiler's memory (tree, scopes, bytecode) counts towards the heap limit: 12 MB of
  /// source would take about a gigabyte to compile.
  @Test func theHeapLimitCoversCompilerMemory() {
    var options = RuntimeOptions()
    options.maximumHeapBytes = 64 * 1024 * 1024
    let runtime = Runtime(options: options)
    let text = evaluate(
      runtime,
      "var a = 0, source = 'a = a + 1;'.repeat(1000000); try { eval(source); a } catch (e) { e.name + ': ' + e.message }"
    )
    #expect(text == "RangeError: Out of memory: the heap limit (67108864 bytes) was reached while compiling")
    #expect(evaluate(runtime, "source = null; eval('a = a + 1; a')") == "1")
  }

  /// Many runtimes with limits, on two threads, arming and disarming the one watchdog; each
  /// endless loop ends by its own limit (run under Scripts/sanitize thread as well).
  @Test func theWatchdogServesRuntimesOnSeveralThreads() {
    let boxes = [ResultBox(), ResultBox()]
    var threads: [pthread_t] = []
    for box in boxes {
      let context = Unmanaged.passRetained(box).toOpaque()
      var thread = pthread_t()
      let status = pthread_create(
        &thread, nil,
        { raw in
          let box = Unmanaged<ResultBox>.fromOpaque(raw!).takeRetainedValue()
          var outcomes: [String] = []
          for _ in 0..<5 {
            let runtime = Runtime()
            runtime.setTimeLimit(milliseconds: 30)
            outcomes.append(evaluate(runtime, "for (;;) {}").contains("Script timed out") ? "stopped" : "ran on")
          }
          box.result = outcomes.joined(separator: " ")
          return nil
        }, context)
      #expect(status == 0)
      threads.append(thread)
    }
    for thread in threads { pthread_join(thread, nil) }
    for box in boxes { #expect(box.result == "stopped stopped stopped stopped stopped") }
  }
}

@Suite struct GarbageCollectionTests {
  @Test func stressModeRunsAProgramCorrectly() {
    var options = RuntimeOptions()
    options.gcStress = true
    let runtime = Runtime(options: options)
    let source = """
      function Node(value, next) { this.value = value; this.next = next; }
      var list = null;
      for (var i = 0; i < 200; i++) list = new Node('v' + i, list);
      var total = 0, texts = [];
      for (var node = list; node; node = node.next) { total += node.value.length; texts.push(node.value); }
      total + ':' + texts.slice(0, 3).join(',') + ':' + JSON.stringify({ a: [1, { b: 'c' }] })
      """
    #expect(evaluate(runtime, source) == "690:v199,v198,v197:{\"a\":[1,{\"b\":\"c\"}]}")
  }

  @Test func collectionsFreeGarbage() {
    let runtime = Runtime()
    _ = evaluate(runtime, "var junk = []; for (var i = 0; i < 100000; i++) junk.push({ i: i }); junk = null;")
    runtime.collectGarbage()
    let before = runtime.heapStatistics.liveBytes
    _ = evaluate(runtime, "var junk = []; for (var i = 0; i < 100000; i++) junk.push({ i: i }); junk = null;")
    runtime.collectGarbage()
    let after = runtime.heapStatistics.liveBytes
    // The second round's garbage is gone again: live memory does not grow by its size.
    #expect(after < before + 2 * 1024 * 1024)
  }

  /// The conservative stack scan sees every word, UInt.max included; with a large cell alive
  /// (a BigInt over 8 KB) looking that word up once trapped on overflow and killed the process.
  @Test func conservativeLookupOfAnyWordIsSafe() {
    let runtime = Runtime()
    #expect(evaluate(runtime, "globalThis.big = 7n ** 30000n; big % 10n") == "1")
    for word: UInt in [UInt.max, UInt.max - 7, 1 << 63, 4096] {
      #expect(runtime.heap.cellContaining(word) == nil)
    }
    runtime.collectGarbage()
    #expect(evaluate(runtime, "String(big).length") == "25353")
  }
}

@Suite struct IsolationTests {
  /// Two runtimes on two threads at once: no shared mutable state between them.
  @Test func runtimesOnTwoThreadsAreIndependent() {
    let boxes = [ResultBox(), ResultBox()]
    var threads: [pthread_t] = []
    for (index, box) in boxes.enumerated() {
      let context = Unmanaged.passRetained(ThreadWork(box: box, seed: index)).toOpaque()
      var thread = pthread_t()
      let status = pthread_create(
        &thread, nil,
        { raw in
          let work = Unmanaged<ThreadWork>.fromOpaque(raw!).takeRetainedValue()
          let runtime = Runtime()
          let source = """
            var seed = \(work.seed), words = [];
            for (var i = 0; i < 20000; i++) words.push('w' + ((i * 7 + seed) % 13));
            var counts = {};
            for (var w of words) counts[w] = (counts[w] || 0) + 1;
            Object.keys(counts).length + ':' + counts['w' + seed]
            """
          work.box.result = evaluate(runtime, source)
          return nil
        }, context)
      #expect(status == 0)
      threads.append(thread)
    }
    for thread in threads { pthread_join(thread, nil) }
    #expect(boxes[0].result == "13:1539")
    #expect(boxes[1].result == "13:1539")
  }
}

private final class ResultBox: @unchecked Sendable {
  var result = ""
}

private final class ThreadWork {
  let box: ResultBox
  let seed: Int
  init(box: ResultBox, seed: Int) {
    self.box = box
    self.seed = seed
  }
}

@Suite struct DeepChainTests {
  /// A chain of 100,000 bound functions (which overflowed the native stack when each level's
  /// [[Call]] recursed) is called and constructed in a loop. Too slow for the conformance
  /// suite's gc-stress mode, hence here; Conformance/builtins/Function/bound-chains.js checks
  /// the semantics on a shorter chain in every mode.
  @Test func longBoundFunctionChainsCallAndConstructWithoutRecursion() {
    let runtime = Runtime()
    let source = """
      let f = function (...rest) { return [String(this), rest.join('')].join(); };
      let chain = f.bind('inner', 'a');
      for (let i = 0; i < 100000; i++) chain = chain.bind('outer', i % 2 ? 'x' : 'y').bind('o');
      function P(a) { this.a = a; }
      let B = P.bind(null, 7);
      for (let i = 0; i < 100000; i++) B = B.bind(null);
      const r = chain('z');
      [r.length, r.slice(0, 10), r.slice(-4), new B().a, new B() instanceof P].join(' ')
      """
    #expect(evaluate(runtime, source) == "100008 inner,ayxy xyxz 7 true")  // node 20 prints the same
  }

  /// An uncaught error prints as node prints it: the stack, then its own properties and its
  /// cause chain in braces.
  @Test func uncaughtErrorsShowTheirPropertiesAndCause() {
    let runtime = Runtime()
    let text = evaluate(
      runtime, "const e = new Error('outer', { cause: new TypeError('inner') }); e.code = 7; throw e;")
    let lines = text.split(separator: "\n").map(String.init)
    #expect(lines.first == "Uncaught Error: outer")
    #expect(lines.contains("    at test.js:1:11 {"))
    #expect(lines.contains("  code: 7,"))
    #expect(lines.contains("  [cause]: TypeError: inner"))
    #expect(lines.last == "}")
  }

  /// super() re-enters the interpreter on the native stack: a chain deeper than the thread's
  /// stack allows ends in a clean RangeError (the native stack is checked), not a crash.
  @Test func superChainsDeeperThanTheNativeStackEndInARangeError() {
    let runtime = Runtime()
    let source = """
      let C = class { constructor() { this.depth = 0; } };
      for (let i = 0; i < 30000; i++) {
        const P = C;
        C = class extends P { constructor() { super(); this.depth++; } };
      }
      let result;
      try { result = new C().depth; } catch (e) { result = e.name + ': ' + e.message; }
      result
      """
    #expect(evaluate(runtime, source) == "RangeError: Maximum call stack size exceeded")
    #expect(evaluate(runtime, "6 * 7") == "42")
  }

  /// Flat operator chains of 100,000 terms (which stopped at 4,096 with "too deeply nested")
  /// compile and run; as machine code, 20,000 (a debug build compiles slowly). node 20
  /// prints the same values. Conformance/language/operators/flat-chains.js checks 10,000 in
  /// every mode, and NestingTests parses 300,000.
  @Test func flatOperatorChainsRun() {
    for (mode, n) in [(JITMode.off, 100_000), (.eager, 20_000)] {
      var options = RuntimeOptions()
      options.jit.mode = mode
      let runtime = Runtime(options: options)
      let source = """
        const chain = (op, term, n) => Array(n).fill(term).join(op);
        let x = 3;
        [eval(chain('+', '1', \(n))), eval(chain('+', '"s"', \(n))).length,
         eval(chain(' && ', 'x', \(n))), eval('0' + ' || 0'.repeat(\(n)) + ' || "last"'),
         eval('(function () { if (' + chain(' && ', 'x', \(n)) + ') return "yes"; })()')].join(' ')
        """
      #expect(evaluate(runtime, source) == "\(n) \(n) 3 last yes", "JIT mode \(mode)")
    }
  }
}
