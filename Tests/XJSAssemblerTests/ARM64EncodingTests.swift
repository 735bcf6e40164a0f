// Every instruction form of the arm64 assembler, checked against
// aarch64-linux-gnu-objdump (Debian package binutils-aarch64-linux-gnu).
import Testing

@testable import XJSAssembler

private typealias Case = EncodingCase<ARM64Assembler>

private func check(_ cases: [Case]) throws {
  try checkEncodings(cases, architecture: .arm64)
}

private let conditionNames = [
  "eq", "ne", "cs", "cc", "mi", "pl", "vs", "vc", "hi", "ls", "ge", "lt", "gt", "le",
]
private let branchableConditions = ARM64Condition.allCases.filter { $0 != .al && $0 != .nv }

@Suite(
  .enabled(
    if: ObjdumpArchitecture.arm64.isAvailable,
    "aarch64-linux-gnu-objdump is not installed (apt-get install binutils-aarch64-linux-gnu)"))
struct ARM64EncodingTests {
  @Test func moveWideAndImmediates() throws {
    try check([
      Case("mov x0, #0x1") { $0.movz(.x0, 1) },
      Case("mov x0, #0x10000") { $0.movz(.x0, 1, shift: 16) },
      Case("mov x17, #0xffff000000000000") { $0.movz(.x17, 0xFFFF, shift: 48) },
      Case("mov w3, #0xffff0000") { $0.movz(.w3, 0xFFFF, shift: 16) },
      Case("movz x0, #0x0, lsl #16") { $0.movz(.x0, 0, shift: 16) },
      Case("mov x0, #0xffffffffffffffff") { $0.movn(.x0, 0) },
      Case("mov x30, #0xffffffffedcbffff") { $0.movn(.x30, 0x1234, shift: 16) },
      Case("mov w9, #0xfffffffe") { $0.movn(.w9, 1) },
      Case("movk x0, #0x1234, lsl #16") { $0.movk(.x0, 0x1234, shift: 16) },
      Case("movk x16, #0xffff, lsl #48") { $0.movk(.x16, 0xFFFF, shift: 48) },
      Case("movk w1, #0xabcd") { $0.movk(.w1, 0xABCD) },
      // The materializing helper picks the shortest sequence.
      Case("mov x0, #0x0") { $0.mov(.x0, immediate: 0) },
      Case("mov x1, #0xffffffffffffffff") { $0.mov(.x1, immediate: UInt64.max) },
      Case("mov w2, #0xffffffff") { $0.mov(.w2, immediate: 0xFFFF_FFFF) },
      Case("mov x3, #0x123400000000") { $0.mov(.x3, immediate: 0x1234_0000_0000) },
      Case("mov x4, #0xffffffffffff1234") { $0.mov(.x4, immediate: 0xFFFF_FFFF_FFFF_1234) },
      Case("mov x5, #0x5555555555555555") { $0.mov(.x5, immediate: 0x5555_5555_5555_5555) },
      Case("mov w6, #0xff00ff0") { $0.mov(.w6, immediate: 0x0FF0_0FF0) },
      Case("mov x7, #0x5678; movk x7, #0x1234, lsl #16") { $0.mov(.x7, immediate: 0x1234_5678) },
      Case("mov x8, #0xffffffffffff5678; movk x8, #0x1234, lsl #32") {
        $0.mov(.x8, immediate: 0xFFFF_1234_FFFF_5678)
      },
      Case(
        "mov x9, #0xdef0; movk x9, #0x9abc, lsl #16; movk x9, #0x5678, lsl #32; movk x9, #0x1234, lsl #48"
      ) {
        $0.mov(.x9, immediate: 0x1234_5678_9ABC_DEF0)
      },
      Case("mov x28, #0x8000000000000000") { $0.mov(.x28, immediate: 0x8000_0000_0000_0000) },
      Case("mov x10, #0x1; movk x10, #0x1, lsl #48") {
        $0.mov(.x10, immediate: 0x0001_0000_0000_0001)
      },
      Case("mov x0, x1") { $0.mov(.x0, .x1) },
      Case("mov w30, w16") { $0.mov(.w30, .w16) },
      Case("mov x0, sp") { $0.mov(.x0, .sp) },
      Case("mov sp, x29") { $0.mov(.sp, .x29) },
      Case("mov wsp, w3") { $0.mov(.wsp, .w3) },
      Case("mov x2, xzr") { $0.mov(.x2, .xzr) },
    ])
  }

  @Test func addSubtractImmediate() throws {
    try check([
      Case("add x0, x1, #0x0") { $0.add(.x0, .x1, immediate: 0) },
      Case("add x0, x1, #0xfff") { $0.add(.x0, .x1, immediate: 4095) },
      Case("add x0, x1, #0x1, lsl #12") { $0.add(.x0, .x1, immediate: 4096) },
      Case("add x0, x1, #0xfff, lsl #12") { $0.add(.x0, .x1, immediate: 0xFFF000) },
      Case("add sp, sp, #0x10") { $0.add(.sp, .sp, immediate: 16) },
      Case("sub sp, sp, #0x20") { $0.sub(.sp, .sp, immediate: 32) },
      Case("add x29, sp, #0x10") { $0.add(.x29, .sp, immediate: 16) },
      Case("add w17, w18, #0x7") { $0.add(.w17, .w18, immediate: 7) },
      Case("add wsp, w5, #0x8") { $0.add(.wsp, .w5, immediate: 8) },
      Case("sub x20, x21, #0x123") { $0.sub(.x20, .x21, immediate: 0x123) },
      Case("adds x0, x1, #0x1") { $0.adds(.x0, .x1, immediate: 1) },
      Case("adds w0, wsp, #0x1") { $0.adds(.w0, .wsp, immediate: 1) },
      Case("subs x3, sp, #0x8") { $0.subs(.x3, .sp, immediate: 8) },
      Case("subs w3, w4, #0x2, lsl #12") { $0.subs(.w3, .w4, immediate: 0x2000) },
      Case("cmp x5, #0x2a") { $0.cmp(.x5, immediate: 42) },
      Case("cmp sp, #0x0") { $0.cmp(.sp, immediate: 0) },
      Case("cmp w30, #0xfff") { $0.cmp(.w30, immediate: 4095) },
      Case("cmn x5, #0x1") { $0.cmn(.x5, immediate: 1) },
      Case("cmn w9, #0x1, lsl #12") { $0.cmn(.w9, immediate: 4096) },
    ])
  }

  @Test func addSubtractShiftedRegister() throws {
    try check([
      Case("add x0, x1, x2") { $0.add(.x0, .x1, .x2) },
      Case("add x0, x1, x2, lsl #3") { $0.add(.x0, .x1, .x2, amount: 3) },
      Case("add w0, w1, w2, lsr #31") { $0.add(.w0, .w1, .w2, shift: .lsr, amount: 31) },
      Case("add x28, x29, x30, asr #63") { $0.add(.x28, .x29, .x30, shift: .asr, amount: 63) },
      Case("adds x16, x17, x18") { $0.adds(.x16, .x17, .x18) },
      Case("sub x0, x1, x2, lsl #1") { $0.sub(.x0, .x1, .x2, amount: 1) },
      Case("subs w0, w1, w2") { $0.subs(.w0, .w1, .w2) },
      Case("cmp x0, x1") { $0.cmp(.x0, .x1) },
      Case("cmp w0, w1, lsl #2") { $0.cmp(.w0, .w1, amount: 2) },
      Case("cmn x0, x1") { $0.cmn(.x0, .x1) },
      Case("neg x0, x1") { $0.neg(.x0, .x1) },
      Case("neg w3, w4, lsl #5") { $0.neg(.w3, .w4, amount: 5) },
      Case("negs x0, x1") { $0.negs(.x0, .x1) },
      Case("add x0, xzr, x1") { $0.add(.x0, .xzr, .x1) },
      Case("add x0, x1, xzr") { $0.add(.x0, .x1, .xzr) },
      // sp cannot be named by the shifted form: the extended form is used.
      Case("add sp, sp, x1") { $0.add(.sp, .sp, .x1) },
      Case("add x0, sp, x1") { $0.add(.x0, .sp, .x1) },
      Case("sub sp, x2, x3") { $0.sub(.sp, .x2, .x3) },
      Case("add wsp, wsp, w4") { $0.add(.wsp, .wsp, .w4) },
      Case("cmp sp, x1") { $0.cmp(.sp, .x1) },
    ])
  }

  @Test func addSubtractExtendedRegister() throws {
    try check([
      Case("add x0, x1, w2, uxtb") { $0.add(.x0, .x1, .w2, extend: .uxtb) },
      Case("add x0, x1, w2, uxth #1") { $0.add(.x0, .x1, .w2, extend: .uxth, amount: 1) },
      Case("add x0, x1, w2, uxtw #2") { $0.add(.x0, .x1, .w2, extend: .uxtw, amount: 2) },
      Case("add x0, x1, x2, uxtx #3") { $0.add(.x0, .x1, .x2, extend: .uxtx, amount: 3) },
      Case("add x0, x1, w2, sxtb") { $0.add(.x0, .x1, .w2, extend: .sxtb) },
      Case("add x0, x1, w2, sxth #4") { $0.add(.x0, .x1, .w2, extend: .sxth, amount: 4) },
      Case("add x0, x1, w2, sxtw") { $0.add(.x0, .x1, .w2, extend: .sxtw) },
      Case("add x0, x1, x2, sxtx #1") { $0.add(.x0, .x1, .x2, extend: .sxtx, amount: 1) },
      Case("add sp, sp, w16, sxtw #3") { $0.add(.sp, .sp, .w16, extend: .sxtw, amount: 3) },
      Case("add x0, sp, x1, lsl #2") { $0.add(.x0, .sp, .x1, extend: .uxtx, amount: 2) },
      Case("add w0, w1, w2, uxtb") { $0.add(.w0, .w1, .w2, extend: .uxtb) },
      Case("adds x0, sp, w1, sxtw") { $0.adds(.x0, .sp, .w1, extend: .sxtw) },
      Case("sub x30, x29, w28, uxth") { $0.sub(.x30, .x29, .w28, extend: .uxth) },
      Case("subs x0, x1, w2, sxtw #2") { $0.subs(.x0, .x1, .w2, extend: .sxtw, amount: 2) },
      Case("cmp x1, w2, uxtw") { $0.cmp(.x1, .w2, extend: .uxtw) },
      Case("cmp sp, w2, sxtw") { $0.cmp(.sp, .w2, extend: .sxtw) },
    ])
  }

  @Test func logicalShiftedRegister() throws {
    try check([
      Case("and x0, x1, x2") { $0.and(.x0, .x1, .x2) },
      Case("and w0, w1, w2, ror #7") { $0.and(.w0, .w1, .w2, shift: .ror, amount: 7) },
      Case("ands x0, x1, x2, lsr #1") { $0.ands(.x0, .x1, .x2, shift: .lsr, amount: 1) },
      Case("orr x16, x17, x30, lsl #63") { $0.orr(.x16, .x17, .x30, amount: 63) },
      Case("eor w0, w1, w2, asr #31") { $0.eor(.w0, .w1, .w2, shift: .asr, amount: 31) },
      Case("bic x0, x1, x2") { $0.bic(.x0, .x1, .x2) },
      Case("bics w0, w1, w2") { $0.bics(.w0, .w1, .w2) },
      Case("orn x0, x1, x2") { $0.orn(.x0, .x1, .x2) },
      Case("eon x0, x1, x2, ror #63") { $0.eon(.x0, .x1, .x2, shift: .ror, amount: 63) },
      Case("mvn x0, x1") { $0.mvn(.x0, .x1) },
      Case("mvn w5, w6, lsl #4") { $0.mvn(.w5, .w6, amount: 4) },
      Case("tst x0, x1") { $0.tst(.x0, .x1) },
      Case("tst w0, w1, lsr #3") { $0.tst(.w0, .w1, shift: .lsr, amount: 3) },
    ])
  }

  @Test func logicalImmediate() throws {
    try check([
      Case("and x0, x1, #0x1") { $0.and(.x0, .x1, immediate: 1) },
      Case("and x0, x1, #0xffff000000000000") {
        $0.and(.x0, .x1, immediate: 0xFFFF_0000_0000_0000)
      },
      Case("and w0, w1, #0x7fffffff") { $0.and(.w0, .w1, immediate: 0x7FFF_FFFF) },
      Case("and sp, x1, #0xfffffffffffffff0") {
        $0.and(.sp, .x1, immediate: 0xFFFF_FFFF_FFFF_FFF0)
      },
      Case("orr x2, x3, #0x5555555555555555") {
        $0.orr(.x2, .x3, immediate: 0x5555_5555_5555_5555)
      },
      Case("orr w2, w3, #0x80000001") { $0.orr(.w2, .w3, immediate: 0x8000_0001) },
      Case("orr x2, x3, #0x7ffffffffffffffe") {
        $0.orr(.x2, .x3, immediate: 0x7FFF_FFFF_FFFF_FFFE)
      },
      Case("eor x4, x5, #0xf0f0f0f0f0f0f0f0") {
        $0.eor(.x4, .x5, immediate: 0xF0F0_F0F0_F0F0_F0F0)
      },
      Case("eor w4, w5, #0xfffffffe") { $0.eor(.w4, .w5, immediate: 0xFFFF_FFFE) },
      Case("ands x6, x7, #0x8000000000000000") {
        $0.ands(.x6, .x7, immediate: 0x8000_0000_0000_0000)
      },
      Case("ands w6, w7, #0x3") { $0.ands(.w6, .w7, immediate: 3) },
      Case("tst x8, #0xffff000000000000") { $0.tst(.x8, immediate: 0xFFFF_0000_0000_0000) },
      Case("tst w9, #0x1") { $0.tst(.w9, immediate: 1) },
      // bic with an immediate is and with the complement.
      Case("and x10, x11, #0xfffffffffffffffe") { $0.bic(.x10, .x11, immediate: 1) },
      Case("and w10, w11, #0xffff00ff") { $0.bic(.w10, .w11, immediate: 0xFF00) },
    ])
  }

  @Test func shiftsAndBitfields() throws {
    try check([
      Case("lsl x0, x1, #1") { $0.lsl(.x0, .x1, amount: 1) },
      Case("lsl x0, x1, #63") { $0.lsl(.x0, .x1, amount: 63) },
      Case("lsl w0, w1, #31") { $0.lsl(.w0, .w1, amount: 31) },
      Case("lsr x2, x3, #32") { $0.lsr(.x2, .x3, amount: 32) },
      Case("lsr w2, w3, #0") { $0.lsr(.w2, .w3, amount: 0) },
      Case("asr x4, x5, #63") { $0.asr(.x4, .x5, amount: 63) },
      Case("asr w4, w5, #1") { $0.asr(.w4, .w5, amount: 1) },
      Case("ror x6, x7, #13") { $0.ror(.x6, .x7, amount: 13) },
      Case("ror w6, w7, #31") { $0.ror(.w6, .w7, amount: 31) },
      Case("lsl x0, x1, x2") { $0.lsl(.x0, .x1, .x2) },
      Case("lsl w0, w1, w2") { $0.lsl(.w0, .w1, .w2) },
      Case("lsr x16, x17, x18") { $0.lsr(.x16, .x17, .x18) },
      Case("asr w30, w29, w28") { $0.asr(.w30, .w29, .w28) },
      Case("ror x0, x1, x2") { $0.ror(.x0, .x1, .x2) },
      Case("ubfx x0, x1, #4, #8") { $0.ubfx(.x0, .x1, lsb: 4, width: 8) },
      Case("sbfx w0, w1, #0, #31") { $0.sbfx(.w0, .w1, lsb: 0, width: 31) },
      Case("sxtw x0, w1") { $0.sxtw(.x0, .w1) },
      Case("sxtb x0, w1") { $0.sxtb(.x0, .w1) },
      Case("sxth w0, w1") { $0.sxth(.w0, .w1) },
      Case("uxtb w0, w1") { $0.uxtb(.w0, .w1) },
      Case("uxth w0, w1") { $0.uxth(.w0, .w1) },
      Case("ubfiz x0, x1, #3, #5") { $0.ubfm(.x0, .x1, immr: 61, imms: 4) },
    ])
  }

  @Test func multiplyAndDivide() throws {
    try check([
      Case("mul x0, x1, x2") { $0.mul(.x0, .x1, .x2) },
      Case("mul w16, w17, w18") { $0.mul(.w16, .w17, .w18) },
      Case("madd x0, x1, x2, x3") { $0.madd(.x0, .x1, .x2, .x3) },
      Case("msub x0, x1, x2, x3") { $0.msub(.x0, .x1, .x2, .x3) },
      Case("msub w0, w1, w2, w30") { $0.msub(.w0, .w1, .w2, .w30) },
      Case("mneg x0, x1, x2") { $0.mneg(.x0, .x1, .x2) },
      Case("smull x0, w1, w2") { $0.smull(.x0, .w1, .w2) },
      Case("smaddl x0, w1, w2, x3") { $0.smaddl(.x0, .w1, .w2, .x3) },
      Case("smulh x0, x1, x2") { $0.smulh(.x0, .x1, .x2) },
      Case("umulh x29, x30, x16") { $0.umulh(.x29, .x30, .x16) },
      Case("sdiv x0, x1, x2") { $0.sdiv(.x0, .x1, .x2) },
      Case("sdiv w0, w1, w2") { $0.sdiv(.w0, .w1, .w2) },
      Case("udiv x0, x1, x2") { $0.udiv(.x0, .x1, .x2) },
      Case("udiv w27, w28, w29") { $0.udiv(.w27, .w28, .w29) },
    ])
  }

  @Test func conditionalSelect() throws {
    var cases: [Case] = []
    for (condition, name) in zip(branchableConditions, conditionNames) {
      cases += [
        Case("csel x0, x1, x2, \(name)") { $0.csel(.x0, .x1, .x2, condition) },
        Case("csinc w3, w4, w5, \(name)") { $0.csinc(.w3, .w4, .w5, condition) },
        Case("csinv x6, x7, x8, \(name)") { $0.csinv(.x6, .x7, .x8, condition) },
        Case("csneg x9, x10, x11, \(name)") { $0.csneg(.x9, .x10, .x11, condition) },
        Case("cset w0, \(name)") { $0.cset(.w0, condition) },
        Case("cset x17, \(name)") { $0.cset(.x17, condition) },
        Case("csetm x1, \(name)") { $0.csetm(.x1, condition) },
        Case("cinc x2, x3, \(name)") { $0.cinc(.x2, .x3, condition) },
      ]
    }
    cases += [
      Case("csel x0, x1, x2, al") { $0.csel(.x0, .x1, .x2, .al) },
      Case("csel x0, xzr, x2, nv") { $0.csel(.x0, .xzr, .x2, .nv) },
    ]
    try check(cases)
  }

  @Test func loadsAndStoresSingle() throws {
    try check([
      // Unsigned scaled offsets, up to the 12-bit limit.
      Case("ldr x0, [x1]") { $0.ldr(.x0, .base(.x1)) },
      Case("ldr x0, [x1, #8]") { $0.ldr(.x0, .offset(.x1, 8)) },
      Case("ldr x0, [sp, #32760]") { $0.ldr(.x0, .offset(.sp, 32760)) },
      Case("ldr w0, [x1, #16380]") { $0.ldr(.w0, .offset(.x1, 16380)) },
      Case("ldrb w2, [x3, #4095]") { $0.ldrb(.w2, .offset(.x3, 4095)) },
      Case("ldrh w2, [x3, #8190]") { $0.ldrh(.w2, .offset(.x3, 8190)) },
      Case("ldrsb x4, [x5, #1]") { $0.ldrsb(.x4, .offset(.x5, 1)) },
      Case("ldrsb w4, [x5]") { $0.ldrsb(.w4, .base(.x5)) },
      Case("ldrsh x4, [x5, #2]") { $0.ldrsh(.x4, .offset(.x5, 2)) },
      Case("ldrsh w4, [x5, #2]") { $0.ldrsh(.w4, .offset(.x5, 2)) },
      Case("ldrsw x6, [x7, #4]") { $0.ldrsw(.x6, .offset(.x7, 4)) },
      Case("str x30, [sp, #8]") { $0.str(.x30, .offset(.sp, 8)) },
      Case("str xzr, [sp]") { $0.str(.xzr, .base(.sp)) },
      Case("str w16, [x17, #4]") { $0.str(.w16, .offset(.x17, 4)) },
      Case("strb w1, [x2, #3]") { $0.strb(.w1, .offset(.x2, 3)) },
      Case("strb wzr, [x2]") { $0.strb(.wzr, .base(.x2)) },
      Case("strh w1, [x2, #6]") { $0.strh(.w1, .offset(.x2, 6)) },
      Case("ldr d0, [x1, #8]") { $0.ldr(.d0, .offset(.x1, 8)) },
      Case("ldr d31, [sp, #32760]") { $0.ldr(.d31, .offset(.sp, 32760)) },
      Case("str d15, [x29, #16]") { $0.str(.d15, .offset(.x29, 16)) },
      // Unscaled: negative or misaligned offsets.
      Case("ldur x0, [x1, #-8]") { $0.ldr(.x0, .offset(.x1, -8)) },
      Case("ldur x0, [x1, #-256]") { $0.ldr(.x0, .offset(.x1, -256)) },
      Case("ldur x0, [x1, #255]") { $0.ldr(.x0, .offset(.x1, 255)) },
      Case("ldur w0, [sp, #1]") { $0.ldr(.w0, .offset(.sp, 1)) },
      Case("ldurb w0, [x1, #-1]") { $0.ldrb(.w0, .offset(.x1, -1)) },
      Case("ldurh w0, [x1, #-2]") { $0.ldrh(.w0, .offset(.x1, -2)) },
      Case("ldursw x0, [x1, #-4]") { $0.ldrsw(.x0, .offset(.x1, -4)) },
      Case("ldursb w0, [x1, #-4]") { $0.ldrsb(.w0, .offset(.x1, -4)) },
      Case("stur x0, [x29, #-16]") { $0.str(.x0, .offset(.x29, -16)) },
      Case("sturb w0, [x29, #-1]") { $0.strb(.w0, .offset(.x29, -1)) },
      Case("sturh w0, [x29, #-3]") { $0.strh(.w0, .offset(.x29, -3)) },
      Case("stur w0, [x29, #2]") { $0.str(.w0, .offset(.x29, 2)) },
      Case("ldur d1, [x2, #-8]") { $0.ldr(.d1, .offset(.x2, -8)) },
      Case("stur d1, [x2, #3]") { $0.str(.d1, .offset(.x2, 3)) },
      // Pre- and post-index.
      Case("ldr x0, [x1, #8]!") { $0.ldr(.x0, .preIndex(.x1, 8)) },
      Case("str x0, [sp, #-16]!") { $0.str(.x0, .preIndex(.sp, -16)) },
      Case("ldr x0, [sp], #16") { $0.ldr(.x0, .postIndex(.sp, 16)) },
      Case("str w1, [x2], #-256") { $0.str(.w1, .postIndex(.x2, -256)) },
      Case("ldrb w1, [x2], #255") { $0.ldrb(.w1, .postIndex(.x2, 255)) },
      Case("strh w1, [x2, #-2]!") { $0.strh(.w1, .preIndex(.x2, -2)) },
      Case("ldrsw x1, [x2], #4") { $0.ldrsw(.x1, .postIndex(.x2, 4)) },
      Case("ldr d2, [x3, #-8]!") { $0.ldr(.d2, .preIndex(.x3, -8)) },
      Case("str d2, [x3], #8") { $0.str(.d2, .postIndex(.x3, 8)) },
    ])
  }

  @Test func loadsAndStoresRegisterOffset() throws {
    try check([
      Case("ldr x0, [x1, x2]") { $0.ldr(.x0, .registerOffset(.x1, index: .x2)) },
      Case("ldr x0, [x1, x2, lsl #3]") {
        $0.ldr(.x0, .registerOffset(.x1, index: .x2, shifted: true))
      },
      Case("ldr x0, [sp, w2, uxtw]") {
        $0.ldr(.x0, .registerOffset(.sp, index: .w2, extend: .uxtw))
      },
      Case("ldr x0, [x1, w2, sxtw #3]") {
        $0.ldr(.x0, .registerOffset(.x1, index: .w2, extend: .sxtw, shifted: true))
      },
      Case("ldr x0, [x1, x2, sxtx]") {
        $0.ldr(.x0, .registerOffset(.x1, index: .x2, extend: .sxtx))
      },
      Case("ldr w0, [x1, x2, lsl #2]") {
        $0.ldr(.w0, .registerOffset(.x1, index: .x2, shifted: true))
      },
      Case("ldrb w0, [x1, x2]") { $0.ldrb(.w0, .registerOffset(.x1, index: .x2)) },
      Case("ldrb w0, [x1, w2, uxtw]") {
        $0.ldrb(.w0, .registerOffset(.x1, index: .w2, extend: .uxtw))
      },
      Case("ldrh w0, [x1, x2, lsl #1]") {
        $0.ldrh(.w0, .registerOffset(.x1, index: .x2, shifted: true))
      },
      Case("ldrsh x0, [x1, w2, sxtw #1]") {
        $0.ldrsh(.x0, .registerOffset(.x1, index: .w2, extend: .sxtw, shifted: true))
      },
      Case("ldrsw x0, [x1, x2, lsl #2]") {
        $0.ldrsw(.x0, .registerOffset(.x1, index: .x2, shifted: true))
      },
      Case("str x30, [x29, x28]") { $0.str(.x30, .registerOffset(.x29, index: .x28)) },
      Case("strb w3, [x4, x5]") { $0.strb(.w3, .registerOffset(.x4, index: .x5)) },
      Case("strh w3, [x4, w5, sxtw]") {
        $0.strh(.w3, .registerOffset(.x4, index: .w5, extend: .sxtw))
      },
      Case("ldr d0, [x1, x2, lsl #3]") {
        $0.ldr(.d0, .registerOffset(.x1, index: .x2, shifted: true))
      },
      Case("str d16, [x17, w18, uxtw #3]") {
        $0.str(.d16, .registerOffset(.x17, index: .w18, extend: .uxtw, shifted: true))
      },
      Case("str xzr, [x0, xzr]") { $0.str(.xzr, .registerOffset(.x0, index: .xzr)) },
    ])
  }

  @Test func loadsAndStoresPairs() throws {
    try check([
      Case("stp x29, x30, [sp, #-16]!") { $0.stp(.x29, .x30, .preIndex(.sp, -16)) },
      Case("ldp x29, x30, [sp], #16") { $0.ldp(.x29, .x30, .postIndex(.sp, 16)) },
      Case("stp x19, x20, [sp, #16]") { $0.stp(.x19, .x20, .offset(.sp, 16)) },
      Case("ldp x0, x1, [x2]") { $0.ldp(.x0, .x1, .base(.x2)) },
      Case("ldp x0, x1, [x2, #504]") { $0.ldp(.x0, .x1, .offset(.x2, 504)) },
      Case("ldp x0, x1, [x2, #-512]") { $0.ldp(.x0, .x1, .offset(.x2, -512)) },
      Case("stp w0, w1, [x2, #252]") { $0.stp(.w0, .w1, .offset(.x2, 252)) },
      Case("ldp w0, w1, [x2, #-256]!") { $0.ldp(.w0, .w1, .preIndex(.x2, -256)) },
      Case("stp xzr, xzr, [x0]") { $0.stp(.xzr, .xzr, .base(.x0)) },
      Case("stp d8, d9, [sp, #-16]!") { $0.stp(.d8, .d9, .preIndex(.sp, -16)) },
      Case("ldp d8, d9, [sp], #16") { $0.ldp(.d8, .d9, .postIndex(.sp, 16)) },
      Case("ldp d30, d31, [x0, #8]") { $0.ldp(.d30, .d31, .offset(.x0, 8)) },
    ])
  }

  @Test func registerBranchesAndSystem() throws {
    try check([
      Case("br x16") { $0.br(.x16) },
      Case("blr x0") { $0.blr(.x0) },
      Case("blr x30") { $0.blr(.x30) },
      Case("ret") { $0.ret() },
      Case("ret x1") { $0.ret(.x1) },
      Case("nop") { $0.nop() },
      Case("brk #0x0") { $0.brk(0) },
      Case("brk #0xffff") { $0.brk(0xFFFF) },
    ])
  }

  @Test func floatingPoint() throws {
    try check([
      Case("fmov d0, d1") { $0.fmov(.d0, .d1) },
      Case("fmov d31, d16") { $0.fmov(.d31, .d16) },
      Case("fmov d0, x1") { $0.fmov(.d0, .x1) },
      Case("fmov d17, xzr") { $0.fmov(.d17, .xzr) },
      Case("fmov x2, d3") { $0.fmov(.x2, .d3) },
      Case("fmov x30, d31") { $0.fmov(.x30, .d31) },
      Case("fmov d0, #1.000000000000000000e+00") { $0.fmov(.d0, immediate: 1.0) },
      Case("fmov d1, #-2.000000000000000000e+00") { $0.fmov(.d1, immediate: -2.0) },
      Case("fmov d2, #1.250000000000000000e-01") { $0.fmov(.d2, immediate: 0.125) },
      Case("fmov d3, #3.100000000000000000e+01") { $0.fmov(.d3, immediate: 31.0) },
      Case("fadd d0, d1, d2") { $0.fadd(.d0, .d1, .d2) },
      Case("fsub d29, d30, d31") { $0.fsub(.d29, .d30, .d31) },
      Case("fmul d3, d4, d5") { $0.fmul(.d3, .d4, .d5) },
      Case("fdiv d16, d17, d18") { $0.fdiv(.d16, .d17, .d18) },
      Case("fsqrt d0, d1") { $0.fsqrt(.d0, .d1) },
      Case("fneg d2, d3") { $0.fneg(.d2, .d3) },
      Case("fabs d4, d5") { $0.fabs(.d4, .d5) },
      Case("frintm d6, d7") { $0.frintm(.d6, .d7) },
      Case("frintp d6, d7") { $0.frintp(.d6, .d7) },
      Case("frintz d6, d7") { $0.frintz(.d6, .d7) },
      Case("fcmp d0, d1") { $0.fcmp(.d0, .d1) },
      Case("fcmp d31, #0.0") { $0.fcmpZero(.d31) },
      Case("scvtf d0, x1") { $0.scvtf(.d0, .x1) },
      Case("scvtf d0, w1") { $0.scvtf(.d0, .w1) },
      Case("scvtf d30, xzr") { $0.scvtf(.d30, .xzr) },
      Case("fcvtzs x0, d1") { $0.fcvtzs(.x0, .d1) },
      Case("fcvtzs w0, d1") { $0.fcvtzs(.w0, .d1) },
      Case("fcvtzs w29, d30") { $0.fcvtzs(.w29, .d30) },
      Case("fjcvtzs w0, d1") { $0.fjcvtzs(.w0, .d1) },
    ])
  }
}
