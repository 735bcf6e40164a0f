// xjs-fuzz: libFuzzer harnesses for the parts of xjs that read hostile input. A harness is a
// function of one input that returns normally for every input; a crash, a sanitizer report, a
// failed invariant (`require`) or a hang past libFuzzer's -timeout is a finding.
//
//   xjs-fuzz <target> [libFuzzer options] [corpus directories]
//
// Scripts/fuzz/run builds this (XJS_FUZZ=1, -sanitize=fuzzer,address), seeds the corpora from
// the project's tests and runs each target.

import CXJSFuzz

#if canImport(Glibc)
  import Glibc
#endif

/// A fuzz target: what it exercises, and the function libFuzzer calls with each input.
struct FuzzTarget {
  let name: String
  let summary: String
  let run: (UnsafeBufferPointer<UInt8>) -> Void
}

let fuzzTargets: [FuzzTarget] = [
  FuzzTarget(name: "syntax", summary: "the lexer and parser (script and module goals)", run: fuzzSyntax),
  FuzzTarget(name: "regexp", summary: "the RegExp parser, compiler and matcher", run: fuzzRegExp),
  FuzzTarget(name: "json", summary: "JSON.parse, and JSON.stringify of what it returns", run: fuzzJSON),
  FuzzTarget(name: "engine", summary: "a whole script, interpreted, under small heap and time limits", run: fuzzEngine),
  FuzzTarget(
    name: "engine-jit", summary: "a whole script, every function compiled by the baseline JIT", run: fuzzEngineJIT),
  FuzzTarget(name: "html", summary: "the HTML tokenizer and tree builder", run: fuzzHTML),
]

/// Fails the run: a harness found an input that breaks an invariant.
func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
  if !condition() {
    fputs("xjs-fuzz: invariant failed: \(message())\n", stderr)
    abort()
  }
}

/// The input as text: UTF-8 with invalid sequences replaced (every byte string is some text).
func inputText(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
  String(decoding: bytes, as: UTF8.self)
}

nonisolated(unsafe) var selectedTarget: FuzzTarget?

@_cdecl("XJSFuzz_main")
func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
  let arguments = (0..<Int(argc)).map { String(cString: argv![$0]!) }
  guard arguments.count >= 2, let target = fuzzTargets.first(where: { $0.name == arguments[1] }) else {
    var usage = "usage: xjs-fuzz <target> [libFuzzer options] [corpus directories]\ntargets:\n"
    for target in fuzzTargets { usage += "  \(target.name.padding(12)) \(target.summary)\n" }
    fputs(usage, stderr)
    return 2
  }
  selectedTarget = target
  // libFuzzer sees the command line without the target's name.
  var count = argc - 1
  var vector: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = argv!.advanced(by: 1)
  vector![0] = argv![0]
  return LLVMFuzzerRunDriver(&count, &vector) { data, size in
    selectedTarget!.run(UnsafeBufferPointer(start: data, count: size))
    return 0
  }
}

extension String {
  fileprivate func padding(_ width: Int) -> String {
    count >= width ? self : self + String(repeating: " ", count: width - count)
  }
}
