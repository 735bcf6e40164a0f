// JSON on 100,000 levels of nesting: parsing needs no native recursion and succeeds (as in
// V8); stringify and the reviver walk recurse and must stop with a RangeError instead of
// overflowing the native stack. (Too slow for the conformance suite's gc-stress mode, which
// collects at every allocation, so these live here.)

import Testing

@testable import XJSEngine

/// Runs `source` and returns what it printed.
private func output(of source: String) -> String {
  let runtime = Runtime()
  var printed = ""
  runtime.outputHandler = { text, _ in printed += text }
  switch runtime.runScript(Array(source.utf16), name: "nesting.js") {
  case .completed: return printed
  case .syntaxError(let message), .uncaught(let message): return printed + message
  }
}

@Test func parsingDeepNestingSucceeds() {
  let printed = output(
    of: """
      var deep = JSON.parse("[".repeat(100000) + "]".repeat(100000));
      var depth = 0;
      for (var node = deep; Array.isArray(node); node = node[0]) depth++;
      var object = JSON.parse('{"a":'.repeat(100000) + "1" + "}".repeat(100000));
      var objectDepth = 0;
      for (var o = object; typeof o === "object"; o = o.a) objectDepth++;
      print(depth, objectDepth);
      """)
  #expect(printed == "100000 100000\n")
}

@Test func stringifyingDeepNestingThrowsRangeError() {
  let printed = output(
    of: """
      var deep = [];
      for (var i = 0; i < 100000; i++) deep = [deep];
      try { JSON.stringify(deep); print("no error"); } catch (e) { print(e.name, e.message); }
      var object = {};
      for (var j = 0; j < 100000; j++) object = { a: object };
      try { JSON.stringify(object, null, 2); print("no error"); } catch (e) { print(e.name, e.message); }
      print(JSON.stringify([[[1]]]));
      """)
  #expect(
    printed
      == "RangeError Maximum call stack size exceeded\nRangeError Maximum call stack size exceeded\n[[[1]]]\n")
}

@Test func revivingDeepNestingThrowsRangeError() {
  let printed = output(
    of: """
      var text = "[".repeat(100000) + "]".repeat(100000);
      try { JSON.parse(text, function (k, v) { return v; }); print("no error"); } catch (e) { print(e.name, e.message); }
      print(JSON.stringify(JSON.parse("[[1]]", function (k, v) { return typeof v === "number" ? v + 1 : v; })));
      """)
  #expect(printed == "RangeError Maximum call stack size exceeded\n[[2]]\n")
}
