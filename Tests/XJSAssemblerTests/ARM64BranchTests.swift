// arm64 labels and branches: every branch form against objdump, the exact
// reach of each short form, and lengthening of out-of-range branches.
import Testing

@testable import XJSAssembler

private let conditionNames = [
  "eq", "ne", "cs", "cc", "mi", "pl", "vs", "vc", "hi", "ls", "ge", "lt", "gt", "le",
]
private let branchableConditions = ARM64Condition.allCases.filter { $0 != .al && $0 != .nv }

private func listing(_ code: AssembledCode, window: Range<Int>? = nil) throws -> [String] {
  try objdump(code.bytes, .arm64, window: window).map {
    "\(String($0.offset, radix: 16)): \($0.text)"
  }
}

private func nops(_ assembler: inout ARM64Assembler, bytes: Int) {
  for _ in 0..<(bytes / 4) { assembler.nop() }
}

@Suite(
  .enabled(
    if: ObjdumpArchitecture.arm64.isAvailable,
    "aarch64-linux-gnu-objdump is not installed (apt-get install binutils-aarch64-linux-gnu)"))
struct ARM64BranchTests {
  @Test func everyBranchFormToBackwardAndForwardLabels() throws {
    var a = ARM64Assembler()
    let back = a.makeLabel()
    let forward = a.makeLabel()
    a.bind(back)  // 0x0
    a.b(back)
    a.bl(back)
    for condition in branchableConditions { a.b(condition, back) }  // 0x8 ... 0x3c
    a.cbz(.x0, back)  // 0x40
    a.cbz(.w30, forward)
    a.cbnz(.x16, back)
    a.cbnz(.wzr, forward)  // 0x4c
    a.tbz(.x1, bit: 0, back)  // 0x50
    a.tbz(.w2, bit: 31, forward)
    a.tbz(.x3, bit: 32, back)
    a.tbnz(.x4, bit: 63, forward)
    a.tbnz(.w5, bit: 7, back)  // 0x60
    a.b(forward)
    a.bl(forward)
    a.bind(forward)  // 0x6c
    a.ret()
    let code = try a.finalize()
    let expected =
      ["0: b 0x0", "4: bl 0x0"]
      + conditionNames.enumerated().map {
        "\(String(8 + 4 * $0.offset, radix: 16)): b.\($0.element) 0x0"
      }
      + [
        "40: cbz x0, 0x0", "44: cbz w30, 0x6c", "48: cbnz x16, 0x0", "4c: cbnz wzr, 0x6c",
        "50: tbz w1, #0, 0x0", "54: tbz w2, #31, 0x6c", "58: tbz x3, #32, 0x0",
        "5c: tbnz x4, #63, 0x6c",
        "60: tbnz w5, #7, 0x0", "64: b 0x6c", "68: bl 0x6c", "6c: ret",
      ]
    let actual = try listing(code)
    #expect(actual == expected)
    #expect(code.offset(of: forward) == 0x6c)
  }

  /// imm19 reaches [-1 MB, +1 MB - 4]: both limits stay short.
  @Test func conditionalBranchReach() throws {
    let megabyte = 1 << 20
    var a = ARM64Assembler()
    let back = a.makeLabel()
    let edge = a.makeLabel()
    a.bind(back)  // 0
    nops(&a, bytes: megabyte)
    a.b(.ge, back)  // at 1 MB: distance -1 MB
    a.cbnz(.x7, edge)  // at 1 MB + 4: distance 1 MB - 4
    nops(&a, bytes: megabyte - 8)
    a.bind(edge)  // 2 MB
    a.ret()
    let code = try a.finalize()
    let actual = try listing(code, window: megabyte..<(megabyte + 8))
    #expect(actual == ["100000: b.ge 0x0", "100004: cbnz x7, 0x200000"])
    #expect(code.bytes.count == 2 * megabyte + 4)
  }

  /// One word beyond +1 MB, `b.cond` becomes the inverted condition over a `b`.
  @Test func forwardConditionalBranchBeyondReach() throws {
    let megabyte = 1 << 20
    var a = ARM64Assembler()
    let beyond = a.makeLabel()
    let after = a.makeLabel()
    a.b(.lt, beyond)  // at 0: distance 1 MB
    a.bind(after)  // 4, the instruction after the branch: moves to 8
    nops(&a, bytes: megabyte - 4)
    a.bind(beyond)  // 1 MB: moves to 1 MB + 4
    a.ret()
    let code = try a.finalize()
    let actual = try listing(code, window: 0..<12)
    #expect(actual == ["0: b.ge 0x8", "4: b 0x100004", "8: nop"])
    #expect(code.offset(of: after) == 8)
    #expect(code.offset(of: beyond) == megabyte + 4)
    #expect(code.bytes.count == megabyte + 8)
  }

  /// A backward branch one word beyond -1 MB is lengthened too.
  @Test func backwardConditionalBranchBeyondReach() throws {
    var a = ARM64Assembler()
    let top = a.makeLabel()
    a.bind(top)
    nops(&a, bytes: (1 << 20) + 4)
    a.cbz(.w9, top)
    let code = try a.finalize()
    let at = (1 << 20) + 4
    let actual = try listing(code, window: at..<(at + 8))
    #expect(actual == ["100004: cbnz w9, 0x10000c", "100008: b 0x0"])
  }

  /// imm14 reaches [-32 KB, +32 KB - 4]; beyond, `tbz` becomes `tbnz` over a `b`.
  @Test func testBitBranchReachAndLengthening() throws {
    var a = ARM64Assembler()
    let back = a.makeLabel()
    let edge = a.makeLabel()
    a.bind(back)
    nops(&a, bytes: 32 * 1024)
    a.tbz(.x0, bit: 63, back)  // 0x8000: -32 KB
    a.tbnz(.w1, bit: 3, edge)  // 0x8004: +32 KB - 4
    nops(&a, bytes: 32 * 1024 - 8)
    a.bind(edge)  // 0x10000
    a.ret()
    let code = try a.finalize()
    let actual = try listing(code, window: 0x8000..<0x8008)
    #expect(actual == ["8000: tbz x0, #63, 0x0", "8004: tbnz w1, #3, 0x10000"])

    var b = ARM64Assembler()
    let beyond = b.makeLabel()
    b.tbz(.x2, bit: 40, beyond)  // 0: +32 KB, one word too far
    b.tbnz(.w3, bit: 0, beyond)  // 4: +32 KB - 4; the inserted `b` moves it and its target alike
    nops(&b, bytes: 32 * 1024 - 8)
    b.bind(beyond)
    b.ret()
    let lengthened = try listing(try b.finalize(), window: 0..<16)
    #expect(
      lengthened == ["0: tbnz x2, #40, 0x8", "4: b 0x8004", "8: tbnz w3, #0, 0x8004", "c: nop"])
  }

  /// Lengthening one branch can push another out of reach; both end up long
  /// and every label and target still agrees.
  @Test func lengtheningCascades() throws {
    var a = ARM64Assembler()
    let near = a.makeLabel()
    let far = a.makeLabel()
    a.cbz(.x0, near)  // 0: reaches `near` at exactly +1 MB - 4 before any lengthening
    a.tbz(.x1, bit: 1, far)  // 4: 32 KB is far too short: lengthened, which pushes `near` to +1 MB
    nops(&a, bytes: (1 << 20) - 12)
    a.bind(near)  // 1 MB - 4
    a.nop()
    a.bind(far)
    a.ret()
    let code = try a.finalize()
    let actual = try listing(code, window: 0..<16)
    // objdump names the register of a test of bits 0–31 as w.
    #expect(
      actual == ["0: cbnz x0, 0x8", "4: b 0x100004", "8: tbnz w1, #1, 0x10", "c: b 0x100008"])
    #expect(code.offset(of: near) == (1 << 20) + 4)
    #expect(code.offset(of: far) == (1 << 20) + 8)
  }

  /// The reach of each branch kind, at the word on each side of each limit
  /// (`b`/`bl`: ±128 MB, too large to lay out in a test).
  @Test func branchReachLimits() {
    let limits: [(ARM64Assembler.BranchKind, Int)] = [
      (.unconditional26, 128 << 20), (.conditional19, 1 << 20), (.testBit14, 32 << 10),
    ]
    for (kind, limit) in limits {
      #expect(kind.reaches(-limit))
      #expect(!kind.reaches(-limit - 4))
      #expect(kind.reaches(limit - 4))
      #expect(!kind.reaches(limit))
      #expect(!kind.reaches(2), "a distance that is not a whole number of words")
    }
  }

  @Test func unboundLabelIsAnError() {
    var a = ARM64Assembler()
    let never = a.makeLabel()
    a.b(.eq, never)
    #expect(throws: AssemblerError.unboundLabel(never)) { try a.finalize() }
  }
}
