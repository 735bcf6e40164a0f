// The simulator against another implementation of the architecture: thousands of instruction
// cases (integer, flags, bitfields, multiplies and divides, conditions, floating point with
// NaNs, infinities and subnormals) assembled once, run in ARM64Simulator and, as a static
// arm64 Linux executable, under qemu-aarch64-static (Debian package qemu-user-static). Every
// result register and every NZCV must agree bit for bit. Skipped when qemu is not installed.
import Foundation
import Testing

@testable import XJSAssembler

/// One instruction (or a few) under test: inputs in x1, x2 (and d1, d2), result into x3.
private struct Case {
  let name: String
  let emit: (inout ARM64Assembler) -> Void
}

private let integers: [UInt64] = [
  0, 1, ~0, 0x7FFF_FFFF, 0x8000_0000, 0xFFFF_FFFF, 0x8000_0000_0000_0000, 0x7FFF_FFFF_FFFF_FFFF,
  0x1234_5678_9ABC_DEF0, 0xFFFF_FFFF_FFFF_FFF9, 33, 0x80,
]

private let doubles: [Double] = [
  0, -0.0, 1.5, -2.25, .infinity, -.infinity, Double(bitPattern: 0x7FF8_0000_0000_0001),
  Double(bitPattern: 0x7FF0_0000_0000_0001), Double(bitPattern: 0xFFF8_0000_0000_0000), 1e308, 5e-324, 0x1p31,
  -0x1p31 - 1, 0x1p63, 0.5, -0.5, 2.5, -3.5,
]

private let conditions = ARM64Condition.allCases.filter { $0 != .al && $0 != .nv }

/// Two-register integer operations, at both widths where they have both.
private func integerCases() -> [Case] {
  var cases: [Case] = []
  func both(
    _ name: String, _ emit: @escaping (inout ARM64Assembler, ARM64Register, ARM64Register, ARM64Register) -> Void
  ) {
    cases.append(Case(name: name + " x") { emit(&$0, .x3, .x1, .x2) })
    cases.append(Case(name: name + " w") { emit(&$0, .w3, .w1, .w2) })
  }
  both("adds") { $0.adds($1, $2, $3) }
  both("subs") { $0.subs($1, $2, $3) }
  both("add lsl 7") { $0.add($1, $2, $3, amount: 7) }
  both("sub asr 13") { $0.sub($1, $2, $3, shift: .asr, amount: 13) }
  both("subs lsr 31") { $0.subs($1, $2, $3, shift: .lsr, amount: 31) }
  both("ands") { $0.ands($1, $2, $3) }
  both("bics ror 9") { $0.bics($1, $2, $3, shift: .ror, amount: 9) }
  both("orn") { $0.orn($1, $2, $3) }
  both("eon lsl 3") { $0.eon($1, $2, $3, amount: 3) }
  both("eor asr 1") { $0.eor($1, $2, $3, shift: .asr, amount: 1) }
  both("lslv") { $0.lsl($1, $2, $3) }
  both("lsrv") { $0.lsr($1, $2, $3) }
  both("asrv") { $0.asr($1, $2, $3) }
  both("rorv") { $0.ror($1, $2, $3) }
  both("udiv") { $0.udiv($1, $2, $3) }
  both("sdiv") { $0.sdiv($1, $2, $3) }
  both("madd") { $0.madd($1, $2, $3, $2) }
  both("msub") { $0.msub($1, $2, $3, $3) }
  both("csinc after cmp") { a, rd, rn, rm in
    a.cmp(rn, rm)
    a.csinc(rd, rn, rm, .lt)
  }
  both("csneg after cmn") { a, rd, rn, rm in
    a.cmn(rn, rm)
    a.csneg(rd, rn, rm, .hi)
  }
  both("csinv after tst") { a, rd, rn, rm in
    a.tst(rn, rm)
    a.csinv(rd, rn, rm, .pl)
  }
  both("adcs after cmp") { a, rd, rn, rm in
    a.cmp(rn, rm)
    a.emit(instruction: (rd.is64Bit ? 0xBA00_0000 : 0x3A00_0000) | 0x2 << 16 | 0x1 << 5 | 0x3)  // adcs rd, rn, rm
  }
  both("sbcs after cmp") { a, rd, rn, rm in
    a.cmp(rn, rm)
    a.emit(instruction: (rd.is64Bit ? 0xFA00_0000 : 0x7A00_0000) | 0x2 << 16 | 0x1 << 5 | 0x3)  // sbcs rd, rn, rm
  }
  cases += [
    Case(name: "add x, w sxtw #2") { $0.add(.x3, .x1, .w2, extend: .sxtw, amount: 2) },
    Case(name: "subs x, w uxtb") { $0.subs(.x3, .x1, .w2, extend: .uxtb) },
    Case(name: "adds w, w sxth #4") { $0.adds(.w3, .w1, .w2, extend: .sxth, amount: 4) },
    Case(name: "cmp x, w sxtw") { a in
      a.cmp(.x1, .w2, extend: .sxtw)
      a.mov(.x3, .x1)
    },
    Case(name: "smull") { $0.smull(.x3, .w1, .w2) },
    Case(name: "smulh") { $0.smulh(.x3, .x1, .x2) },
    Case(name: "umulh") { $0.umulh(.x3, .x1, .x2) },
    Case(name: "umaddl") { $0.emit(instruction: 0x9BA2_0423) },  // umaddl x3, w1, w2, x1
    Case(name: "smsubl") { $0.emit(instruction: 0x9B22_8423) },  // smsubl x3, w1, w2, x1
  ]
  for condition in conditions {
    cases.append(
      Case(name: "cset \(condition) after cmp x") { a in
        a.cmp(.x1, .x2)
        a.cset(.x3, condition)
      })
    cases.append(
      Case(name: "csel \(condition) after cmp w") { a in
        a.cmp(.w1, .w2)
        a.csel(.w3, .w1, .w2, condition)
      })
  }
  return cases
}

/// Operations of x1 alone (immediates, bitfields, one-source operations, branches).
private func unaryCases() -> [Case] {
  var cases: [Case] = [
    Case(name: "add #0xfff000") { $0.add(.x3, .x1, immediate: 0xFFF000) },
    Case(name: "adds w #1") { $0.adds(.w3, .w1, immediate: 1) },
    Case(name: "subs #4095") { $0.subs(.x3, .x1, immediate: 4095) },
    Case(name: "cmn w #1") { a in
      a.cmn(.w1, immediate: 1)
      a.mov(.x3, .xzr)
    },
    Case(name: "and #0xff00ff00ff00ff00") { $0.and(.x3, .x1, immediate: 0xFF00_FF00_FF00_FF00) },
    Case(name: "ands w #0x80000001") { $0.ands(.w3, .w1, immediate: 0x8000_0001) },
    Case(name: "orr #0x5555555555555555") { $0.orr(.x3, .x1, immediate: 0x5555_5555_5555_5555) },
    Case(name: "eor w #0xfffffffe") { $0.eor(.w3, .w1, immediate: 0xFFFF_FFFE) },
    Case(name: "tst #0x8000000000000000") { a in
      a.tst(.x1, immediate: 0x8000_0000_0000_0000)
      a.mov(.x3, .x1)
    },
    Case(name: "lsl #13") { $0.lsl(.x3, .x1, amount: 13) },
    Case(name: "lsr w #31") { $0.lsr(.w3, .w1, amount: 31) },
    Case(name: "asr #63") { $0.asr(.x3, .x1, amount: 63) },
    Case(name: "asr w #7") { $0.asr(.w3, .w1, amount: 7) },
    Case(name: "ror #13") { $0.ror(.x3, .x1, amount: 13) },
    Case(name: "ror w #31") { $0.ror(.w3, .w1, amount: 31) },
    Case(name: "extr #17") { $0.emit(instruction: 0x93C2_4423) },  // extr x3, x1, x2, #17
    Case(name: "ubfx #5 #11") { $0.ubfx(.x3, .x1, lsb: 5, width: 11) },
    Case(name: "sbfx w #3 #9") { $0.sbfx(.w3, .w1, lsb: 3, width: 9) },
    Case(name: "sbfiz #40 #8") { $0.sbfm(.x3, .x1, immr: 24, imms: 7) },
    Case(name: "bfi #8 #16 into x2") { a in
      a.mov(.x3, .x2)
      a.emit(instruction: 0xB378_3C23)  // bfi x3, x1, #8, #16
    },
    Case(name: "bfxil w #4 #8 into x2") { a in
      a.mov(.x3, .x2)
      a.emit(instruction: 0x3304_2C23)  // bfxil w3, w1, #4, #8
    },
    Case(name: "sxtb") { $0.sxtb(.x3, .w1) },
    Case(name: "sxth w") { $0.sxth(.w3, .w1) },
    Case(name: "sxtw") { $0.sxtw(.x3, .w1) },
    Case(name: "uxtb") { $0.uxtb(.w3, .w1) },
    Case(name: "uxth") { $0.uxth(.w3, .w1) },
    Case(name: "mov w") { $0.mov(.w3, .w1) },
    Case(name: "mvn") { $0.mvn(.x3, .x1) },
    Case(name: "neg w") { $0.neg(.w3, .w1) },
    Case(name: "negs") { $0.negs(.x3, .x1) },
    Case(name: "movk #0xbeef lsl 32") { a in
      a.mov(.x3, .x1)
      a.movk(.x3, 0xBEEF, shift: 32)
    },
    Case(name: "movk w #0x1234 lsl 16") { a in
      a.mov(.x3, .x1)
      a.movk(.w3, 0x1234, shift: 16)
    },
    Case(name: "rbit") { $0.emit(instruction: 0xDAC0_0023) },  // rbit x3, x1
    Case(name: "rbit w") { $0.emit(instruction: 0x5AC0_0023) },
    Case(name: "rev") { $0.emit(instruction: 0xDAC0_0C23) },  // rev x3, x1
    Case(name: "rev w") { $0.emit(instruction: 0x5AC0_0823) },
    Case(name: "clz") { $0.emit(instruction: 0xDAC0_1023) },  // clz x3, x1
    Case(name: "clz w") { $0.emit(instruction: 0x5AC0_1023) },
  ]
  // Branches: x3 = 1 when taken.
  let branches: [(String, (inout ARM64Assembler, Label) -> Void)] = [
    ("cbz x", { $0.cbz(.x1, $1) }), ("cbnz w", { $0.cbnz(.w1, $1) }), ("tbz #0", { $0.tbz(.x1, bit: 0, $1) }),
    ("tbnz #63", { $0.tbnz(.x1, bit: 63, $1) }), ("tbnz #31", { $0.tbnz(.w1, bit: 31, $1) }),
    ("tbz #40", { $0.tbz(.x1, bit: 40, $1) }),
  ]
  for (name, branch) in branches {
    cases.append(
      Case(name: name) { a in
        let taken = a.makeLabel()
        let done = a.makeLabel()
        branch(&a, taken)
        a.movz(.x3, 0)
        a.b(done)
        a.bind(taken)
        a.movz(.x3, 1)
        a.bind(done)
      })
  }
  // Loads that extend, from what x1 wrote into the buffer at x0.
  cases += [
    Case(name: "ldrsb x") { a in
      a.str(.x1, .base(.x0))
      a.ldrsb(.x3, .offset(.x0, 1))
    },
    Case(name: "ldrsh w") { a in
      a.str(.x1, .base(.x0))
      a.ldrsh(.w3, .offset(.x0, 2))
    },
    Case(name: "ldrsw unscaled") { a in
      a.str(.x1, .base(.x0))
      a.ldrsw(.x3, .offset(.x0, 3))
    },
    Case(name: "ldrh pre-index") { a in
      a.str(.x1, .base(.x0))
      a.mov(.x5, .x0)
      a.ldrh(.w3, .preIndex(.x5, 6))
      a.sub(.x5, .x5, .x0)
      a.add(.x3, .x3, .x5, amount: 32)
    },
    Case(name: "ldp w post-index") { a in
      a.str(.x1, .base(.x0))
      a.mov(.x5, .x0)
      a.ldp(.w3, .w6, .postIndex(.x5, 8))
      a.sub(.x5, .x5, .x0)
      a.add(.x3, .x3, .x6, amount: 8)
      a.add(.x3, .x3, .x5, amount: 60)
    },
  ]
  return cases
}

/// Double operations of d1 and d2 (from x1 and x2), result bits into x3.
private func floatingPointCases() -> [Case] {
  func binary(_ name: String, _ emit: @escaping (inout ARM64Assembler) -> Void) -> Case {
    Case(name: name) { a in
      emit(&a)
      a.fmov(.x3, .d3)
    }
  }
  return [
    binary("fadd") { $0.fadd(.d3, .d1, .d2) },
    binary("fsub") { $0.fsub(.d3, .d1, .d2) },
    binary("fmul") { $0.fmul(.d3, .d1, .d2) },
    binary("fdiv") { $0.fdiv(.d3, .d1, .d2) },
    binary("fsqrt") { $0.fsqrt(.d3, .d1) },
    binary("fabs") { $0.fabs(.d3, .d1) },
    binary("fneg") { $0.fneg(.d3, .d1) },
    binary("frintm") { $0.frintm(.d3, .d1) },
    binary("frintp") { $0.frintp(.d3, .d1) },
    binary("frintz") { $0.frintz(.d3, .d1) },
    binary("scvtf x") { $0.scvtf(.d3, .x1) },
    binary("scvtf w") { $0.scvtf(.d3, .w2) },
    binary("fmov #-0.125") { $0.fmov(.d3, immediate: -0.125) },
    binary("fmov #31.0") { $0.fmov(.d3, immediate: 31) },
    Case(name: "fcmp") { a in
      a.fcmp(.d1, .d2)
      a.movz(.x3, 0)
    },
    Case(name: "fcmp #0") { a in
      a.fcmpZero(.d1)
      a.movz(.x3, 0)
    },
    Case(name: "fcvtzs x") { $0.fcvtzs(.x3, .d1) },
    Case(name: "fcvtzs w") { $0.fcvtzs(.w3, .d2) },
  ]
}

/// The code under test: for every case and input pair, load the inputs, set NZCV to 1010,
/// run the case, and append x3 and NZCV to the buffer at x0. Returns the code and what each
/// 16-byte record is.
private func assembleCases() throws -> (bytes: [UInt8], records: [String]) {
  var a = ARM64Assembler()
  var records: [String] = []
  func emit(_ cases: [Case], _ inputs: [(UInt64, UInt64)]) {
    for testCase in cases {
      for (x, y) in inputs {
        a.mov(.x1, immediate: x)
        a.mov(.x2, immediate: y)
        a.fmov(.d1, .x1)
        a.fmov(.d2, .x2)
        a.mov(.x9, immediate: 0xA000_0000)
        a.msrNZCV(.x9)
        testCase.emit(&a)
        a.mrsNZCV(.x4)
        a.str(.x3, .postIndex(.x0, 8))
        a.str(.x4, .postIndex(.x0, 8))
        records.append("\(testCase.name) of 0x\(String(x, radix: 16)), 0x\(String(y, radix: 16))")
      }
    }
  }
  let integerPairs = integers.flatMap { x in integers.map { (x, $0) } }
  let doublePairs = doubles.flatMap { x in doubles.map { (x.bitPattern, $0.bitPattern) } }
  emit(integerCases(), integerPairs)
  emit(unaryCases(), integers.map { ($0, 0x0123_4567_89AB_CDEF) })
  emit(floatingPointCases(), doublePairs)
  a.ret()
  return (try a.finalize().bytes, records)
}

/// The executable: call the cases with x0 = the data segment, then write what they stored.
private func executable(body: [UInt8], outputLength: Int) throws -> [UInt8] {
  var a = ARM64Assembler()
  let bodyLabel = a.makeLabel()
  a.mov(.x0, immediate: QEMULayout.dataAddress)
  a.bl(bodyLabel)
  emitWriteAndExit(&a, address: QEMULayout.dataAddress, length: outputLength)
  a.bind(bodyLabel)
  emitWords(&a, body)
  return staticExecutable(code: try a.finalize().bytes, dataSize: outputLength + 16)
}

@Suite(
  .enabled(if: qemuPath != nil, "qemu-aarch64-static is not installed (apt-get install qemu-user-static)"),
  .enabled(if: executionIsAllowed, "this process may not make pages executable (MDWE/SELinux)"))
struct ARM64QEMUCrossCheckTests {
  @Test func simulatorAndQEMUAgreeOnEveryCase() throws {
    let (body, records) = try assembleCases()
    let length = 16 * records.count
    let runner = MacroRunner()
    let start = try runner.installSimulated(body)
    let buffer = WordBuffer(count: 2 * records.count + 2)
    _ = try runner.simulator.run(at: start, arguments: [buffer.address])
    let simulated = (0..<(2 * records.count)).flatMap { index in
      withUnsafeBytes(of: buffer[index].littleEndian) { Array($0) }
    }
    let reference = try runUnderQEMU(try executable(body: body, outputLength: length))
    try #require(reference.count == length, "qemu wrote \(reference.count) of \(length) bytes")
    var mismatches = 0
    for (index, record) in records.enumerated() {
      let range = (16 * index)..<(16 * index + 16)
      guard simulated[range] != reference[range] else { continue }
      mismatches += 1
      if mismatches <= 20 {
        let words = { (bytes: ArraySlice<UInt8>) -> String in
          let value = bytes.prefix(8).reversed().reduce(0 as UInt64) { $0 << 8 | UInt64($1) }
          let flags = bytes.suffix(8).reversed().reduce(0 as UInt64) { $0 << 8 | UInt64($1) }
          return "x3 0x\(String(value, radix: 16)) nzcv \(String(flags >> 28, radix: 2))"
        }
        Issue.record("\(record): simulator \(words(simulated[range])), qemu \(words(reference[range]))")
      }
    }
    #expect(mismatches == 0, "\(mismatches) of \(records.count) cases differ")
  }
}
