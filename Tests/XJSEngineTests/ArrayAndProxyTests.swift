// Array and Proxy behaviour at sizes the conformance suite's gc-stress mode cannot afford
// (it collects at every allocation): deep nesting, long proxy chains, large sorts. Plus the
// merge sort on its own: stable, and stopping at the first throwing comparison.

import Testing

@testable import XJSEngine

/// Runs `source` and returns what it printed (and the uncaught error, if any).
private func output(of source: String) -> String {
  let runtime = Runtime()
  var printed = ""
  runtime.outputHandler = { text, _ in printed += text }
  switch runtime.runScript(Array(source.utf16), name: "arrays.js") {
  case .completed: return printed
  case .syntaxError(let message), .uncaught(let message): return printed + message
  }
}

@Test func flatWalksNestingDeeperThanTheNativeStack() {
  let printed = output(
    of: """
      var nested = ["leaf"];
      for (var i = 0; i < 150000; i++) nested = [nested];
      print(nested.flat(Infinity).join(), nested.flat(149999).length, Array.isArray(nested.flat(149999)[0]));
      """)
  #expect(printed == "leaf 1 true\n")
}

@Test func trapLessProxyChainsAreFollowedInALoop() {
  let printed = output(
    of: """
      var handler = {};
      var target = function () { return "called"; };
      target.deep = "bottom";
      var chain = target;
      for (var i = 0; i < 100000; i++) chain = new Proxy(chain, handler);
      print(chain.deep, "deep" in chain, Object.keys(chain).join(), chain(), Array.isArray(chain), typeof chain);
      """)
  #expect(printed == "bottom true deep called false function\n")
}

@Test func proxyChainsWithTrapsEndInRangeError() {
  let printed = output(
    of: """
      var chain = {};
      for (var i = 0; i < 100000; i++) chain = new Proxy(chain, { get: function (t, k) { return t[k]; } });
      try { chain.x; print("no error"); } catch (e) { print(e.name); }
      var nested = [];
      for (var j = 0; j < 100000; j++) nested = [nested];
      try { String(nested); print("no error"); } catch (e) { print(e.name); }
      """)
  #expect(printed == "RangeError\nRangeError\n")
}

@Test func largeSortsAreStableAndOrdered() {
  let printed = output(
    of: """
      var records = [];
      var seed = 7;
      for (var i = 0; i < 100000; i++) {
        seed = (seed * 1103515245 + 12345) % 2147483648;
        records.push({ key: seed % 100, order: i });
      }
      records.sort(function (a, b) { return a.key - b.key; });
      var ok = true;
      for (var j = 1; j < records.length; j++) {
        var p = records[j - 1], q = records[j];
        if (p.key > q.key || (p.key === q.key && p.order > q.order)) ok = false;
      }
      var strings = records.map(function (r) { return "k" + r.order; }).sort();
      for (var k = 1; k < strings.length; k++) if (strings[k - 1] > strings[k]) ok = false;
      print(ok, strings[0], strings[strings.length - 1]);
      """)
  #expect(printed == "true k0 k99999\n")
}

@Test func mergeSortIsStable() throws {
  var pairs = (0..<1000).map { Value(Int32(($0 * 7919) % 10 * 1000 + $0)) }
  try mergeSort(&pairs) { a, b throws(JSException) in a.asInt32 / 1000 <= b.asInt32 / 1000 }
  for index in 1..<pairs.count {
    let (previous, current) = (pairs[index - 1].asInt32, pairs[index].asInt32)
    #expect(previous / 1000 < current / 1000 || (previous / 1000 == current / 1000 && previous < current))
  }
}

@Test func mergeSortStopsAtAThrowingComparison() {
  var values = (0..<100).map { Value(Int32(100 - $0)) }
  let original = values
  var comparisons = 0
  #expect(throws: JSException.self) {
    try mergeSort(&values) { a, b throws(JSException) in
      comparisons += 1
      if comparisons == 50 { throw JSException(.undefined) }
      return a.asInt32 <= b.asInt32
    }
  }
  #expect(comparisons == 50)
  #expect(values == original)
}
