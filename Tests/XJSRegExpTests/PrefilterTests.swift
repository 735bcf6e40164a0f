import Testing

@testable import XJSRegExp

/// All match starts found by the normal (prefiltered, vectorized) search from each position,
/// versus trying every position with a sticky match, which runs the matcher directly.
func searchAgreesWithBruteForce(_ pattern: String, _ flags: String, _ input: [UInt16]) throws
  -> Bool
{
  let program = try RegExpProgram.compile(pattern, flags: flags)
  return searchAgreesWithBruteForce(program, input)
}

/// The same over 8-bit (Latin-1) input, which the search scans 32 positions at a time.
func searchAgreesWithBruteForce(_ pattern: String, _ flags: String, latin1 input: [UInt8]) throws -> Bool {
  let program = try RegExpProgram.compile(pattern, flags: flags)
  var captures = [Int32](repeating: -1, count: program.captureSlotCount)
  return input.withUnsafeBufferPointer { buffer -> Bool in
    var stickyMatch = [Bool](repeating: false, count: buffer.count + 1)
    for p in 0...buffer.count {
      stickyMatch[p] = program.execute(buffer, from: p, sticky: true, captures: &captures) == .matched
    }
    for from in 0...buffer.count {
      let expected = (from...buffer.count).first { stickyMatch[$0] }
      let result = program.execute(buffer, from: from, sticky: false, captures: &captures)
      let found = result == .matched ? Int(captures[0]) : nil
      if found != expected { return false }
    }
    return true
  }
}

private func searchAgreesWithBruteForce(_ program: RegExpProgram, _ input: [UInt16]) -> Bool {
  var captures = [Int32](repeating: -1, count: program.captureSlotCount)
  return input.withUnsafeBufferPointer { buffer -> Bool in
    var stickyMatch = [Int32?](repeating: nil, count: buffer.count + 1)
    for p in 0...buffer.count
    where program.execute(buffer, from: p, sticky: true, captures: &captures) == .matched {
      stickyMatch[p] = captures[1]
    }
    let unicode = program.flags.isUnicodeMode
    for from in 0...buffer.count {
      // A start inside a pair begins at the pair; later starts skip pair interiors.
      let effective = insidePair(buffer, from, unicode: unicode) ? from - 1 : from
      let expected = (effective...buffer.count).first {
        stickyMatch[$0] != nil && ($0 == effective || !insidePair(buffer, $0, unicode: unicode))
      }
      let result = program.execute(buffer, from: from, sticky: false, captures: &captures)
      let found = result == .matched ? Int(captures[0]) : nil
      if found != expected { return false }
    }
    return true
  }
}

/// In unicode mode a search never starts inside a surrogate pair.
func insidePair(_ s: UnsafeBufferPointer<UInt16>, _ i: Int, unicode: Bool) -> Bool {
  unicode && i > 0 && i < s.count && (0xDC00...0xDFFF).contains(s[i])
    && (0xD800...0xDBFF).contains(s[i - 1])
}

struct SeededGenerator: RandomNumberGenerator {
  var state: UInt64
  mutating func next() -> UInt64 {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return state ^ (state >> 29)
  }
}

@Test(arguments: [
  ("agggtaaa|tttaccct", "i"), ("[cgt]gggtaaa|tttaccc[acg]", "i"), ("status=(\\d+)", ""),
  ("\\bERROR\\b", ""), ("ab|cd|ef", ""), ("[ab]c", ""), ("a.c", ""), ("\\d\\d", ""),
  ("k", "iu"), ("k", "i"), ("😀x", "u"), ("x\\ud83d", ""), ("\\ude00", "u"), ("[^a]b{2}", ""),
  ("gg(?=t)", ""), ("(?<=a)gt", ""), ("ab", "y"), ("x{2}y", ""), ("tt\\B", "i"),
])
func prefilteredSearchFindsEveryMatch(pattern: String, flags: String) throws {
  let pieces: [[UInt16]] = [
    [0x61], [0x63], [0x67], [0x74], [0x41], [0x47], [0x54], [0x62], [0x78], [0x79], [0x6B],
    [0x4B], [0x212A], [0x31], [0x32], [0x20], [0xD83D, 0xDE00], [0xD83D], [0xDE00],
    Array("status=".utf16), Array("ERROR".utf16),
  ]
  var rng = SeededGenerator(state: UInt64(pattern.utf16.count * 131 + flags.count))
  for length in [0, 5, 15, 16, 17, 31, 33, 64, 200, 1000] {
    var input: [UInt16] = []
    while input.count < length { input += pieces[Int(rng.next() % UInt64(pieces.count))] }
    #expect(try searchAgreesWithBruteForce(pattern, flags, input), "length \(length)")
  }
}

@Test(arguments: [
  ("agggtaaa|tttaccct", "i"), ("\\bERROR\\b", "i"), ("caf\\u00e9", "i"), ("k", "iu"), ("[ab]c", ""),
  ("x{2}y", ""), ("\\u00ff\\u00e9", ""), ("status=(\\d+)", ""), ("t[^a]t", "i"),
])
func prefilteredSearchFindsEveryMatchInLatin1Input(pattern: String, flags: String) throws {
  let pieces: [[UInt8]] = [
    [0x61], [0x63], [0x67], [0x74], [0x41], [0x47], [0x54], [0x62], [0x78], [0x79], [0x6B],
    [0x4B], [0xE9], [0xC9], [0xFF], [0x31], [0x20], Array("status=".utf8), Array("ERROR".utf8),
    Array("caf".utf8),
  ]
  var rng = SeededGenerator(state: UInt64(pattern.utf16.count * 137 + flags.count))
  for length in [0, 5, 31, 32, 33, 63, 64, 65, 200, 1000] {
    var input: [UInt8] = []
    while input.count < length { input += pieces[Int(rng.next() % UInt64(pieces.count))] }
    #expect(try searchAgreesWithBruteForce(pattern, flags, latin1: input), "length \(length)")
  }
}

@Test func emptyClassesNeverMatch() {
  #expect(exec("[]", "", String(repeating: "a", count: 40)) == nil)
  #expect(exec("a[]b", "u", String(repeating: "ab", count: 40)) == nil)
  #expect(exec("[^]", "", String(repeating: "a", count: 40)) == ["a"])
}
