// The arm64 forms added for the MacroAssembler backend and the simulator's tests: adr to a
// label (and its lengthening beyond ±1 MB), the NZCV system register, svc. Checked against
// aarch64-linux-gnu-objdump like ARM64EncodingTests.
import Testing

@testable import XJSAssembler

private typealias Case = EncodingCase<ARM64Assembler>

private func listing(_ code: AssembledCode, window: Range<Int>) throws -> [String] {
  try objdump(code.bytes, .arm64, window: window).map { "\(String($0.offset, radix: 16)): \($0.text)" }
}

private func nops(_ assembler: inout ARM64Assembler, bytes: Int) {
  for _ in 0..<(bytes / 4) { assembler.nop() }
}

@Suite(
  .enabled(
    if: ObjdumpArchitecture.arm64.isAvailable,
    "aarch64-linux-gnu-objdump is not installed (apt-get install binutils-aarch64-linux-gnu)"))
struct ARM64AddressAndSystemEncodingTests {
  @Test func systemRegisterAndSupervisorCall() throws {
    try checkEncodings(
      [
        Case("mrs x4, nzcv") { $0.mrsNZCV(.x4) },
        Case("mrs x30, nzcv") { $0.mrsNZCV(.x30) },
        Case("msr nzcv, x5") { $0.msrNZCV(.x5) },
        Case("msr nzcv, xzr") { $0.msrNZCV(.xzr) },
        Case("svc #0x0") { $0.svc(0) },
        Case("svc #0xffff") { $0.svc(0xFFFF) },
      ], architecture: .arm64)
  }

  @Test func adrToLabelsEitherWay() throws {
    var a = ARM64Assembler()
    let back = a.makeLabel()
    let forward = a.makeLabel()
    a.bind(back)  // 0
    a.adr(.x0, back)
    a.nop()
    a.adr(.x17, back)  // 8: distance -8
    a.adr(.x3, forward)  // c: distance +0x10
    a.nop()
    a.nop()
    a.emit(instruction: 0)  // 0x18
    a.bind(forward)
    let code = try a.finalize()
    #expect(code.offset(of: forward) == 0x1C)
    #expect(try listing(code, window: 0..<0x10) == ["0: adr x0, 0x0", "4: nop", "8: adr x17, 0x0", "c: adr x3, 0x1c"])
  }

  /// adr reaches [-1 MB, +1 MB - 1]; beyond, it becomes adr and an add/sub of 4 KB pages.
  @Test func adrReachAndLengthening() throws {
    let megabyte = 1 << 20
    var a = ARM64Assembler()
    let back = a.makeLabel()
    let farForward = a.makeLabel()
    let edge = a.makeLabel()
    a.bind(back)  // 0
    nops(&a, bytes: megabyte)
    a.adr(.x1, back)  // 1 MB: distance -1 MB, in reach
    a.adr(.x3, edge)  // 1 MB + 4: distance 1 MB - 4, in reach until the next adr grows
    a.adr(.x2, farForward)  // 1 MB + 8: out of reach
    nops(&a, bytes: megabyte - 12)
    a.bind(edge)  // 2 MB
    nops(&a, bytes: megabyte)
    a.bind(farForward)  // 3 MB
    a.ret()
    let code = try a.finalize()
    let lines = try listing(code, window: megabyte..<(megabyte + 20))
    // Lengthening the last adr pushed the one before it out of reach too.
    #expect(
      lines == [
        "100000: adr x1, 0x0",
        "100004: adr x3, 0x100008", "100008: add x3, x3, #0x100, lsl #12",
        "10000c: adr x2, 0x101008", "100010: add x2, x2, #0x1ff, lsl #12",
      ])
    #expect(code.offset(of: edge) == 2 * megabyte + 8)
    #expect(code.offset(of: farForward) == 3 * megabyte + 8)
  }

  @Test func adrBackwardBeyondReachSubtractsPages() throws {
    var a = ARM64Assembler()
    let back = a.makeLabel()
    a.bind(back)
    nops(&a, bytes: 0x12_3458)
    a.adr(.x9, back)
    let code = try a.finalize()
    // -0x123458 = -0x124000 + 0xba8: adr to the low part, then sub 0x124 pages.
    #expect(
      try listing(code, window: 0x12_3458..<0x12_3460) == [
        "123458: adr x9, 0x124000", "12345c: sub x9, x9, #0x124, lsl #12",
      ])
  }
}
