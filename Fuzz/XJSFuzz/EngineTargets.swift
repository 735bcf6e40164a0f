// The whole engine: any script completes, is a SyntaxError, or ends in an uncaught JS
// exception, within a small heap and a short time limit. `json` is the JSON builtin alone.

import XJSEngine

#if canImport(Glibc)
  import Glibc
#endif

/// The heap and time each input gets: small, so allocation bombs and endless loops end fast.
let fuzzHeapLimit = 64 << 20
let fuzzTimeLimitMilliseconds = 500

func fuzzEngine(_ bytes: UnsafeBufferPointer<UInt8>) { evaluate(bytes, jit: .off) }

func fuzzEngineJIT(_ bytes: UnsafeBufferPointer<UInt8>) { evaluate(bytes, jit: .eager) }

private func makeRuntime(jit: JITMode) -> Runtime {
  var options = RuntimeOptions()
  options.maximumHeapBytes = fuzzHeapLimit
  options.jit.mode = jit
  let runtime = Runtime(options: options)
  runtime.outputHandler = { _, _ in }
  return runtime
}

private func evaluate(_ bytes: UnsafeBufferPointer<UInt8>, jit: JITMode) {
  let runtime = makeRuntime(jit: jit)
  runtime.setTimeLimit(milliseconds: fuzzTimeLimitMilliseconds)
  let outcome = runtime.runScript(Array(inputText(bytes).utf16), name: "fuzz.js")
  if case .completed = outcome { _ = runtime.runEventLoopReportingErrors() }
  runtime.setTimeLimit(milliseconds: 0)
}

/// One runtime for every JSON input (the script keeps no state between inputs).
nonisolated(unsafe) private var jsonRuntime: Runtime?

private let jsonCheck = Array(
  """
  (function () {
    var text = input[0], value;
    try { value = JSON.parse(text); } catch (e) { if (e instanceof SyntaxError) return; throw e; }
    // What parse returns, stringify writes, and parse reads back to the same text.
    var once = JSON.stringify(value);
    if (once !== undefined && JSON.stringify(JSON.parse(once)) !== once) throw new Error("round trip: " + once);
  })();
  """.utf16)

func fuzzJSON(_ bytes: UnsafeBufferPointer<UInt8>) {
  if jsonRuntime == nil {
    jsonRuntime = makeRuntime(jit: .off)
    // The runtime lives until exit: release it first, so the leak check at shutdown sees what
    // it still held (say the syntax tree of a function not called yet, whose references hide in
    // Swift's tagged enum payloads) freed, not leaked. Handlers run in reverse order, so this
    // one runs before LeakSanitizer's, which was registered at start-up.
    atexit { jsonRuntime = nil }
  }
  let runtime = jsonRuntime!
  runtime.defineGlobalStringArray("input", [inputText(bytes)])
  runtime.setTimeLimit(milliseconds: 2_000)
  defer { runtime.setTimeLimit(milliseconds: 0) }
  switch runtime.runScript(jsonCheck, name: "json-check.js") {
  case .completed: break
  case .syntaxError(let message): require(false, "the check script: \(message)")
  case .uncaught(let message):
    // The heap limit and the time limit are clean outcomes for a huge input; nothing else is.
    require(
      message.contains("heap limit") || message.contains("timed out") || message.contains("Maximum call stack"),
      message)
  }
}
