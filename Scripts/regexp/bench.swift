// Regex benchmark for XJSRegExp: the workloads of bench-workloads.js (same generators, same
// patterns, same counting loop), timed in a release build. See README.md for how to run it.
import Glibc
import XJSRegExp

struct LCG {
  var state: UInt32
  mutating func next() -> UInt32 {
    state = state &* 1_664_525 &+ 1_013_904_223
    return state
  }
}

func dna(_ size: Int) -> [UInt16] {
  var rng = LCG(state: 42)
  let bases = Array("acgt".utf16)
  var out: [UInt16] = []
  out.reserveCapacity(size + size / 60 + 1)
  var column = 0
  for _ in 0..<size {
    out.append(bases[Int(rng.next() >> 30)])
    column += 1
    if column == 60 {
      out.append(0x0A)
      column = 0
    }
  }
  if column == 0 && !out.isEmpty { out.removeLast() }
  return out
}

func pad(_ n: UInt32, _ width: Int) -> String {
  let s = String(n)
  return String(repeating: "0", count: max(0, width - s.count)) + s
}

func log(_ lines: Int) -> [UInt16] {
  var rng = LCG(state: 7)
  let levels = ["INFO", "INFO", "INFO", "WARN", "ERROR", "DEBUG"]
  let verbs = ["GET", "POST", "PUT", "DELETE"]
  let statuses = [200, 200, 200, 201, 404, 500]
  var text = ""
  for i in 0..<lines {
    let r = rng.next()
    if i > 0 { text += "\n" }
    text += "2024-\(pad(1 + r % 12, 2))-\(pad(1 + (r >> 4) % 28, 2)) \(pad((r >> 8) % 24, 2)):"
    text += "\(pad((r >> 13) % 60, 2)):\(pad((r >> 19) % 60, 2)).\(pad(r % 1000, 3)) "
    text += "[\(levels[Int((r >> 3) % 6)])] worker-\((r >> 11) % 32): request "
    text += "\(verbs[Int((r >> 6) % 4)]) /api/v1/items/\(r % 100000) took \((r >> 9) % 900)ms "
    text += "status=\(statuses[Int((r >> 5) % 6)])"
  }
  return Array(text.utf16)
}

func countMatches(_ program: RegExpProgram, _ text: [UInt16]) -> Int {
  var captures = [Int32](repeating: -1, count: program.captureSlotCount)
  var count = 0
  var from = 0
  text.withUnsafeBufferPointer { buffer in
    while from <= buffer.count,
      program.execute(buffer, from: from, sticky: false, captures: &captures) == .matched
    {
      count += 1
      from = Int(captures[1]) + (captures[0] == captures[1] ? 1 : 0)
    }
  }
  return count
}

/// `regexp-bench [name-prefix]` runs only the workloads whose name starts with the prefix.
let only = CommandLine.arguments.dropFirst().first
let runs = 7

/// CPU time of this thread: the machine is shared, so wall-clock time mostly measures the
/// neighbours. Best of `runs`.
func cpuMilliseconds() -> Double {
  var t = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
  return Double(t.tv_sec) * 1e3 + Double(t.tv_nsec) / 1e6
}

func time(_ name: String, bytes: Int, _ body: () -> Int) {
  if let only, !name.hasPrefix(only) { return }
  _ = body()  // warm-up (also builds lazy tables)
  var best = Double.infinity
  var result = 0
  for _ in 0..<runs {
    let start = cpuMilliseconds()
    result = body()
    best = min(best, cpuMilliseconds() - start)
  }
  let mbps = Double(bytes) / 1e6 / (best / 1000)
  print(
    name.padding(24) + " \(result)".leftPadding(9) + " matches "
      + String(format1(best)).leftPadding(9) + " ms " + format1(mbps).leftPadding(9) + " MB/s")
}

func format1(_ x: Double) -> String {
  let tenths = Int(x * 10 + 0.5)
  return "\(tenths / 10).\(tenths % 10)"
}

extension String {
  func padding(_ width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }
  func leftPadding(_ width: Int) -> String {
    String(repeating: " ", count: max(0, width - count)) + self
  }
}

func compile(_ pattern: String, _ flags: String) -> RegExpProgram {
  do { return try RegExpProgram.compile(pattern, flags: flags) } catch {
    fatalError("\(pattern): \(error)")
  }
}

let variants = [
  "agggtaaa|tttaccct", "[cgt]gggtaaa|tttaccc[acg]", "a[act]ggtaaa|tttacc[agt]t",
  "ag[act]gtaaa|tttac[agt]ct", "agg[act]taaa|ttta[agt]cct", "aggg[acg]aaa|ttt[cgt]ccct",
  "agggt[cgt]aa|tt[acg]accct", "agggta[cgt]a|t[acg]taccct", "agggtaa[cgt]|[acg]ttaccct",
]
let logPattern =
  "^(\\d{4}-\\d{2}-\\d{2}) (\\d{2}:\\d{2}:\\d{2})\\.\\d{3} \\[(\\w+)\\] ([\\w-]+): (.*)$"

/// First-use costs of the lazily built tables (each is built once per process).
func firstUse(_ name: String, _ pattern: String, _ flags: String) {
  if let only, !name.hasPrefix(only) { return }
  let start = cpuMilliseconds()
  _ = compile(pattern, flags)
  print(name.padding(40) + format1(cpuMilliseconds() - start).leftPadding(9) + " ms")
}
firstUse("first use: /a/i (non-unicode case table)", "a", "i")
firstUse("first use: /a/ui (simple case folding)", "a", "ui")
firstUse("first use: \\p{L} (General_Category scan)", "\\p{L}", "u")
firstUse("first use: \\p{Lu} (cached categories)", "\\p{Lu}", "u")
firstUse("first use: \\p{Alphabetic}", "\\p{Alphabetic}", "u")
firstUse("first use: \\p{ExtPict}", "\\p{ExtPict}", "u")
firstUse("first use: [\\p{L}\\p{N}]+ /ui (closure)", "[\\p{L}\\p{N}]+", "ui")

let dnaText = dna(5_000_000)
let logText = log(40_000)
print("dna \(dnaText.count) chars, log \(logText.count) chars")
time("dna: agggtaaa|tttaccct", bytes: dnaText.count) {
  countMatches(compile(variants[0], "ig"), dnaText)
}
time("dna: all 9 variants", bytes: dnaText.count * 9) {
  variants.reduce(0) { $0 + countMatches(compile($1, "ig"), dnaText) }
}
time("log: line pattern /gm", bytes: logText.count) {
  countMatches(compile(logPattern, "gm"), logText)
}
time("log: status=(\\d+) /g", bytes: logText.count) {
  countMatches(compile("status=(\\d+)", "g"), logText)
}
time("log: took (\\d+)ms /g", bytes: logText.count) {
  countMatches(compile("took (\\d+)ms", "g"), logText)
}
time("log: /\\bERROR\\b.*$/gm", bytes: logText.count) {
  countMatches(compile("\\bERROR\\b.*$", "gm"), logText)
}
time("log: /[a-z]+@?\\d{3,}/gi", bytes: logText.count) {
  countMatches(compile("[a-z]+@?\\d{3,}", "gi"), logText)
}
