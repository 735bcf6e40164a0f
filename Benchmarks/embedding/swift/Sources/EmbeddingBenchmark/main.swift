// Three costs of the Swift embedding API, each the median of 7 runs (CPU time per operation):
// - a host function (a Swift closure) called from a JavaScript loop;
// - a script calling a JavaScript function from Swift (`JSValue.callAsFunction`);
// - a new context evaluating a tiny script, in one virtual machine.

import XJS

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

func cpuNanoseconds() -> UInt64 {
  var time = timespec()
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
  return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

/// The median over `runs` of the CPU time per operation of `body`, which performs `operations`.
func measure(_ name: String, operations: Int, runs: Int = 7, _ body: () throws -> Void) rethrows {
  var samples: [Double] = []
  for _ in 0..<runs {
    let start = cpuNanoseconds()
    try body()
    samples.append(Double(cpuNanoseconds() - start) / Double(operations))
  }
  samples.sort()
  let median = samples[runs / 2]
  print("\(name): \((median * 10).rounded() / 10) ns/op (median of \(runs); min \((samples[0] * 10).rounded() / 10))")
}

let vm = VirtualMachine()
let context = Context(vm)
try context.setGlobal(
  "hostAdd",
  context.function("hostAdd", length: 2) { call in
    call.context.value((call[0].numberValue ?? 0) + (call[1].numberValue ?? 0))
  })
let loop = try context.evaluate(
  "(function (n) { let s = 0; for (let i = 0; i < n; i++) s = hostAdd(s, 1); return s; })")
let calls = 1_000_000
try measure("host function call from JS", operations: calls) {
  let sum = try loop(calls).numberValue
  precondition(sum == Double(calls))
}

let jsAdd = try context.evaluate("(function (a, b) { return a + b; })")
let fromSwift = 200_000
try measure("JS function call from Swift", operations: fromSwift) {
  for index in 0..<fromSwift { _ = try jsAdd(index, 1) }
}

let contexts = 2_000
try measure("new context + evaluate '1+1'", operations: contexts) {
  for _ in 0..<contexts {
    let fresh = Context(vm)
    let two = try fresh.evaluate("1+1").numberValue
    precondition(two == 2)
  }
}
