import Testing

@testable import XJSRegExp

/// Runs `program` on `input`, counting interrupt callbacks; stops when `stopAfter` is reached.
func run(
  _ program: RegExpProgram, _ input: [UInt16], stopAfter: Int = .max,
  backtrackLimit: Int = RegExpProgram.defaultBacktrackLimit
) -> (result: RegExpMatchResult, captures: [Int32], interrupts: Int) {
  var captures = [Int32](repeating: -1, count: program.captureSlotCount)
  var calls = 0
  let result = input.withUnsafeBufferPointer { buffer in
    program.execute(
      buffer, from: 0, sticky: false, captures: &captures, backtrackLimit: backtrackLimit
    ) {
      calls += 1
      return calls >= stopAfter
    }
  }
  return (result, captures, calls)
}

/// No native recursion depends on the input: these run on long inputs without touching
/// the native stack beyond a fixed depth.
@Test func longInputsDoNotOverflowTheStack() throws {
  let n = 100_000
  let aaab = units(String(repeating: "a", count: n) + "b")
  let nested = run(try RegExpProgram.compile("(a*)*b", flags: ""), aaab)
  #expect(nested.result == .matched)
  #expect(nested.captures == [0, Int32(n + 1), 0, Int32(n)])

  let alternation = run(try RegExpProgram.compile("(?:a|b)*c", flags: ""), aaab + [0x63])
  #expect(alternation.result == .matched)

  let captureLoop = run(try RegExpProgram.compile("(a|b)*$", flags: ""), aaab)
  #expect(captureLoop.result == .matched)
  #expect(captureLoop.captures[2...3] == [Int32(n), Int32(n + 1)])

  let lazy = run(try RegExpProgram.compile("(?:a+?)*?b", flags: ""), aaab)
  #expect(lazy.result == .matched)

  let lookaround = run(try RegExpProgram.compile("(?:(?=a)(?<=a|^)a)*b", flags: ""), aaab)
  #expect(lookaround.result == .matched)

  let backward = run(try RegExpProgram.compile("$(?<=^(?:a|b)*)", flags: ""), aaab)
  #expect(backward.result == .matched)
}

/// A match that needs more backtrack stack than allowed stops cleanly.
@Test func backtrackStackLimit() throws {
  let program = try RegExpProgram.compile("(?:a|b)*c", flags: "")
  let input = units(String(repeating: "a", count: 10_000) + "c")
  #expect(run(program, input, backtrackLimit: 1000).result == .stackExhausted)
  #expect(run(program, input).result == .matched)
}

/// Catastrophic backtracking is stopped through the interrupt callback.
@Test func interruptStopsCatastrophicPatterns() throws {
  let input = units(String(repeating: "a", count: 40) + "b")
  for pattern in ["(a+)+$", "(a|aa)+$", "(a*)*c", "^(\\w+\\s?)*$"] {
    let program = try RegExpProgram.compile(pattern, flags: "")
    let outcome = run(program, pattern == "^(\\w+\\s?)*$" ? input + units("!") : input, stopAfter: 3)
    #expect(outcome.result == .interrupted, "\(pattern)")
    #expect(outcome.interrupts == 3)
  }
  // Empty mandatory iterations consume nothing, but must still be interruptible.
  let empty = try RegExpProgram.compile("(?:){2000000000}x", flags: "")
  #expect(run(empty, units("x"), stopAfter: 2).result == .interrupted)
  // A search over many start positions is interruptible too.
  let scan = try RegExpProgram.compile("(?:a|a)*?x", flags: "")
  #expect(run(scan, units(String(repeating: "a", count: 3000)), stopAfter: 2).result == .interrupted)
}

@Test func interruptIsNotCalledForSmallMatches() throws {
  let program = try RegExpProgram.compile("(\\d+)-(\\d+)", flags: "")
  let outcome = run(program, units("order 12-345"))
  #expect(outcome.result == .matched)
  #expect(outcome.interrupts == 0)
}

@Test func startBeyondInputDoesNotMatch() throws {
  let program = try RegExpProgram.compile("a*", flags: "")
  var captures = [Int32](repeating: -1, count: 2)
  let input = units("aa")
  let results = input.withUnsafeBufferPointer { buffer in
    [-1, 3, 2].map { program.execute(buffer, from: $0, sticky: false, captures: &captures) }
  }
  #expect(results == [.noMatch, .noMatch, .matched])
  #expect(captures == [2, 2])
}

@Test func emptyInput() throws {
  let program = try RegExpProgram.compile("^$", flags: "")
  #expect(run(program, []).result == .matched)
}
