// Hostile inputs (issue 18) at sizes the conformance suite's gc-stress mode cannot afford: each
// ends in a result or a clean error, with memory the heap limit can see.

import Testing

@testable import XJSEngine

#if canImport(Glibc)
  import Glibc
#endif

private func output(of source: String, heapLimit: Int? = nil) -> String {
  var options = RuntimeOptions()
  if let heapLimit { options.maximumHeapBytes = heapLimit }
  let runtime = Runtime(options: options)
  var printed = ""
  runtime.outputHandler = { text, _ in printed += text }
  switch runtime.runScript(Array(source.utf16), name: "hostile.js") {
  case .completed: return printed
  case .syntaxError(let message), .uncaught(let message): return printed + message
  }
}

/// The process's resident memory in bytes (statm's second field).
private func residentBytes() -> Int {
  guard let file = fopen("/proc/self/statm", "r") else { return 0 }
  defer { fclose(file) }
  var size = 0
  var resident = 0
  _ = withUnsafeMutablePointer(to: &size) { sizePointer in
    withUnsafeMutablePointer(to: &resident) { residentPointer in
      withVaList([sizePointer, residentPointer]) { vfscanf(file, "%ld %ld", $0) }
    }
  }
  return resident * Int(sysconf(Int32(_SC_PAGESIZE)))
}

@Test func aChainOfBoundFunctionsIsCalledWithoutNativeRecursion() {
  let printed = output(
    of: """
      var f = function (a) { this.a = a; return 1; };
      for (var i = 0; i < 1e5; i++) f = f.bind(null);
      print(f(), new f(7).a, Reflect.apply(f, null, []), f.call(null));
      var g = function () { return arguments.length; };
      for (var i = 0; i < 1e5; i++) g = g.bind(null, i);
      print(g());
      """, heapLimit: 64 << 20)
  #expect(printed == "1 7 1 1\n100000\n")
}

/// Deleting 20,000 properties one by one copied the property table at each delete: 1.7 GB of
/// memory the heap did not count (then an abort). The table now moves to the new shape.
@Test func deletingManyPropertiesTakesLinearMemory() {
  let before = residentBytes()
  let printed = output(
    of: """
      var o = {};
      for (var i = 0; i < 20000; i++) o["k" + i] = i;
      for (var i = 0; i < 20000; i++) delete o["k" + i];
      o.after = 1;
      print(Object.keys(o), o.k5, "k19999" in o);
      """, heapLimit: 64 << 20)
  #expect(printed == "after undefined false\n")
  #expect(residentBytes() - before < 200 << 20)
}

/// 50,000 `var`s in one function and 50,000 top-level functions: the scope checks and the global
/// declarations were quadratic (4.8 s and 2.2 s); the result is what matters here.
@Test func manyDeclarationsCompile() {
  let printed = output(
    of: """
      var source = "function f() {";
      for (var i = 0; i < 50000; i++) source += "var v" + i + " = " + i + ";";
      eval(source + "return v49999 + v0; }");
      var functions = "";
      for (var i = 0; i < 50000; i++) functions += "function g" + i + "() { return " + i + "; }";
      print(f(), (0, eval)(functions + "g49999() + g1();"));
      """)
  #expect(printed == "49999 50000\n")
}
