// The heap limit counts what scripts cause outside the collected heap (issue 18): code blocks
// and the source text they keep, compiled patterns, shape tables (Runtime/MemoryCharge.swift).
// Each test keeps many of one kind alive, checks that the heap's total grew by at least what
// they take outside their cells, and that the charges come back once they are garbage.

import Testing

@testable import XJSEngine

/// The heap's total after a full collection.
private func liveBytes(_ runtime: Runtime) -> Int {
  runtime.collectGarbage()
  return runtime.heapStatistics.liveBytes
}

private func run(_ runtime: Runtime, _ source: String) {
  do {
    _ = try runtime.evaluate(source)
  } catch {
    Issue.record("the script failed: \(error)")
  }
}

@Test(arguments: [false, true])
func functionsChargeTheirCodeAndSource(eagerJIT: Bool) {
  var options = RuntimeOptions()
  if eagerJIT { options.jit.mode = .eager }
  let runtime = Runtime(options: options)
  run(runtime, "var keep = [], body = 'return a + 1;' + ' '.repeat(10000);")
  let before = liveBytes(runtime)
  run(runtime, "for (var i = 0; i < 200; i++) { keep.push(new Function('a', body + '//' + i)); keep[i](i); }")
  // Each function's source text is over 20 KB as UTF-16; its cells take a few hundred bytes.
  let grown = liveBytes(runtime) - before
  #expect(grown >= 200 * 20_000)
  run(runtime, "keep = null;")
  #expect(liveBytes(runtime) - before < grown / 10)
}

@Test func patternsChargeTheirPrograms() {
  let runtime = Runtime(options: RuntimeOptions())
  run(runtime, "var keep = [], literal = 'a'.repeat(2000);")
  let before = liveBytes(runtime)
  run(runtime, "for (var i = 0; i < 500; i++) keep.push(new RegExp(literal + i));")
  // Each program holds its 2,000-unit literal and a copy of its pattern: 8 KB as UTF-16. The
  // cells (the object, the 2 KB source string) take about 2.3 KB.
  let grown = liveBytes(runtime) - before
  #expect(grown >= 500 * 8_000 + 500 * 2_000)
  run(runtime, "keep = null;")
  // The program cache keeps its 128 newest programs.
  #expect(liveBytes(runtime) - before < 130 * 10_000)
}

@Test func shapesChargeTheirTables() {
  let runtime = Runtime(options: RuntimeOptions())
  run(runtime, "var keep = [];")
  let before = liveBytes(runtime)
  // 300 objects of 60 properties each, every one with keys of its own: 300 chains of shapes
  // whose property tables hold 1 + 2 + … + 60 entries.
  run(
    runtime,
    """
    for (var i = 0; i < 300; i++) {
      var o = {};
      for (var j = 0; j < 60; j++) o["k" + i + "_" + j] = j;
      keep.push(o);
    }
    """)
  // The cells (60 shapes, 60 key strings, the object and its slots) take about 7 KB per object.
  let grown = liveBytes(runtime) - before
  #expect(grown >= 300 * 40_000)
  // What stays is what an inline cache or a stale word on the stack may still reach.
  run(runtime, "keep = null; o = null;")
  #expect(liveBytes(runtime) - before < grown / 10)
}
