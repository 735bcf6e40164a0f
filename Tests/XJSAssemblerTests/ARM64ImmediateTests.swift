// The arm64 immediate encoders: bitmask immediates (exhaustively, against the
// architecture's own decoding), fmov immediates, and the constant-materializing
// `mov`, whose output objdump decodes and a small evaluator replays.
import Testing

@testable import XJSAssembler

struct ARM64BitmaskImmediateTests {
  /// Every (N, immr, imms) the architecture accepts, decoded with
  /// DecodeBitMasks; the set sizes are the known counts (5334 and 1302).
  private func allEncodableValues(is64Bit: Bool) -> Set<UInt64> {
    var values = Set<UInt64>()
    for n in 0...(is64Bit ? 1 : 0) {
      for immr in 0..<64 {
        for imms in 0..<64 {
          if let value = ARM64BitmaskImmediate.decode(
            n: UInt8(n), immr: UInt8(immr), imms: UInt8(imms), is64Bit: is64Bit)
          {
            values.insert(value)
          }
        }
      }
    }
    return values
  }

  @Test(arguments: [true, false])
  func encoderAcceptsExactlyTheDecodableValues(is64Bit: Bool) {
    let values = allEncodableValues(is64Bit: is64Bit)
    #expect(values.count == (is64Bit ? 5334 : 1302))
    for value in values {
      let encoded = ARM64BitmaskImmediate(value, is64Bit: is64Bit)
      #expect(encoded != nil, "0x\(String(value, radix: 16))")
      if let encoded {
        let decoded = ARM64BitmaskImmediate.decode(
          n: encoded.n, immr: encoded.immr, imms: encoded.imms, is64Bit: is64Bit)
        #expect(decoded == value, "0x\(String(value, radix: 16)) round-trips")
      }
    }
    // Values outside the set are refused: a pseudo-random sample plus edge cases.
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    var refusedCount = 0
    for _ in 0..<20_000 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      let candidate = is64Bit ? state : state >> 32
      if !values.contains(candidate) {
        #expect(!ARM64BitmaskImmediate.canEncode(candidate, is64Bit: is64Bit))
        refusedCount += 1
      }
    }
    #expect(refusedCount > 19_000)
    for edge: UInt64 in [0, 0xFFFF_FFFF, 0x1234, 0xFFFF_FFFF_FFFF_FFFF] where !values.contains(edge) {
      #expect(!ARM64BitmaskImmediate.canEncode(edge, is64Bit: is64Bit))
    }
    #expect(!ARM64BitmaskImmediate.canEncode(0x1_0000_0000, is64Bit: false))
  }

  @Test func fmovImmediates() {
    #expect(ARM64Assembler.fmovImmediate(1.0) == 0x70)
    #expect(ARM64Assembler.fmovImmediate(2.0) == 0x00)
    #expect(ARM64Assembler.fmovImmediate(-31.0) == 0xBF)
    #expect(ARM64Assembler.fmovImmediate(0.125) == 0x40)
    for refused in [0.0, -0.0, 0.1, 32.0, 1.0 / 16, Double.nan, Double.infinity, 1e10] {
      #expect(ARM64Assembler.fmovImmediate(refused) == nil, "\(refused)")
    }
    // All 256 encodings round-trip through VFPExpandImm.
    for imm8 in 0...255 {
      let sign = UInt64(imm8 >> 7)
      let b = UInt64(imm8 >> 6) & 1
      let exponent = (b ^ 1) << 10 | (b == 1 ? 0xFF << 2 : 0) | UInt64(imm8 >> 4) & 3
      let bits = sign << 63 | exponent << 52 | UInt64(imm8 & 0xF) << 48
      #expect(ARM64Assembler.fmovImmediate(Double(bitPattern: bits)) == UInt8(imm8))
    }
  }
}

@Suite(
  .enabled(
    if: ObjdumpArchitecture.arm64.isAvailable,
    "aarch64-linux-gnu-objdump is not installed (apt-get install binutils-aarch64-linux-gnu)"))
struct ARM64MaterializeTests {
  /// Replays objdump's text of a `mov`/`movk` sequence on one register.
  private func evaluate(_ lines: [String]) -> UInt64? {
    var value: UInt64 = 0
    for line in lines {
      let fields = line.replacingOccurrences(of: ",", with: " ").split(separator: " ")
      guard fields.count >= 3, fields[2].hasPrefix("#0x"),
        let immediate = UInt64(fields[2].dropFirst(3), radix: 16)
      else {
        return nil
      }
      let is64Bit = fields[1].hasPrefix("x")
      switch fields[0] {
      case "mov":
        value = immediate
      case "movk":
        let shift = fields.count == 5 ? UInt64(fields[4].dropFirst()) ?? 99 : 0
        value = value & ~(0xFFFF << shift) | immediate << shift
      default:
        return nil
      }
      if !is64Bit { value &= 0xFFFF_FFFF }
    }
    return value
  }

  @Test func materializedConstantsHaveTheirValue() throws {
    var values: [UInt64] = [
      0, 1, 0xFFFF, 0x10000, UInt64.max, 0x8000_0000_0000_0000, 0x7FFF_FFFF_FFFF_FFFF,
    ]
    var state: UInt64 = 42
    for round in 0..<3000 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      // Mix in halfwords of 0 and 0xFFFF so every strategy is exercised.
      let mask =
        [0, 0xFFFF_0000_FFFF_0000, 0x0000_FFFF_0000_FFFF, 0xFFFF_FFFF_0000_0000][round % 4]
        as UInt64
      values.append(round % 8 < 4 ? state & ~mask : state | mask)
    }
    var assembler = ARM64Assembler()
    var ranges: [Range<Int>] = []
    for (index, value) in values.enumerated() {
      let start = assembler.offset
      let register = index % 3 == 0 ? ARM64Register.w(index % 31) : ARM64Register.x(index % 31)
      assembler.mov(register, immediate: value)
      ranges.append(start..<assembler.offset)
    }
    let listing = try objdump(assembler.bytes, .arm64)
    for (index, (value, range)) in zip(values, ranges).enumerated() {
      let lines = listing.filter { range.contains($0.offset) }.map(\.text)
      let expected = index % 3 == 0 ? value & 0xFFFF_FFFF : value
      let halfwords = (0..<(index % 3 == 0 ? 2 : 4)).map { (expected >> UInt64(16 * $0)) & 0xFFFF }
      let bound = min(halfwords.filter { $0 != 0 }.count, halfwords.filter { $0 != 0xFFFF }.count)
      #expect(evaluate(lines) == expected, "\(lines) for 0x\(String(expected, radix: 16))")
      #expect(lines.count <= max(1, bound), "\(lines) is longer than movz/movn + movk needs")
    }
  }
}
