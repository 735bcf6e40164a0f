import Testing

@testable import XJSRegExp

/// The matcher decodes opcodes by reinterpreting the low byte as the enum; that only works
/// while the raw values are the declaration order from 0 and fit a byte.
@Test func opcodeDecodingMatchesRawValues() {
  #expect(RegExpOp.allCases.count < 256)
  for (index, op) in RegExpOp.allCases.enumerated() {
    #expect(op.rawValue == Int32(index))
    #expect(RegExpOp.decode(op.rawValue) == op)
  }
}

@Test func instructionLengthsCoverTheCompiledCode() throws {
  // Walking a program by instruction length must land exactly on its end.
  for pattern in ["(a|b)*?c", "(?<=x(\\d+))y\\1", "[a-z]{2,5}(?!q)", "\\bfoo$", "a{3}b+?"] {
    let program = try RegExpProgram.compile(pattern, flags: "i")
    var pc = 0
    while pc < program.code.count { pc += RegExpOp.decode(program.code[pc]).length }
    #expect(pc == program.code.count, "\(pattern)")
  }
}

@Test func prefilterFacts() throws {
  let anchored = try RegExpProgram.compile("^abc|^d", flags: "")
  #expect(anchored.prefilter.anchoredAtStart)
  #expect(anchored.prefilter.minLength == 1)
  #expect(try RegExpProgram.compile("^a", flags: "m").prefilter.anchoredAtStart == false)
  let literal = try RegExpProgram.compile("status=(\\d+)", flags: "")
  #expect(literal.prefilter.minLength == 8)
  #expect(literal.prefilter.offsets.count == 8)
  #expect(literal.prefilter.offsets[0].single == 0x73)
  let optional = try RegExpProgram.compile("a?b", flags: "")
  #expect(optional.prefilter.offsets.isEmpty)
}
