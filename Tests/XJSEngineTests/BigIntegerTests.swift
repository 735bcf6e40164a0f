// Tests of BigInteger (Sources/XJSEngine/Support/BigInteger.swift), the arbitrary-precision
// integer behind BigInt. Expected constants were printed by node (V8); the rest are
// identities checked over values from a fixed-seed generator, at sizes on both sides of
// the Karatsuba and divide-and-conquer thresholds.

import Testing

@testable import XJSEngine

// MARK: - Helpers

/// SplitMix64: a small deterministic generator.
private struct SplitMix: RandomNumberGenerator {
  var state: UInt64

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// A value from decimal (or prefixed) text; fails the test when the text does not parse.
private func big(_ text: String) -> BigInteger {
  guard let value = try? BigInteger.parse(Array(text.utf16)) else {
    Issue.record("\(text) did not parse")
    return .zero
  }
  return value
}

/// StringToBigInt of `text`: the decimal result, "nil" when rejected, "TooLarge" when too big.
private func parsed(_ text: String) -> String {
  do {
    return try BigInteger.parse(Array(text.utf16))?.description ?? "nil"
  } catch {
    return "TooLarge"
  }
}

/// A pseudo-random value of up to `maxLimbs` limbs with runs of zero and all-ones limbs.
private func randomValue(maxLimbs: Int, using rng: inout SplitMix) -> BigInteger {
  let count = Int.random(in: 0...maxLimbs, using: &rng)
  var limbs: [UInt64] = []
  for _ in 0..<count {
    switch Int.random(in: 0..<6, using: &rng) {
    case 0: limbs.append(0)
    case 1: limbs.append(.max)
    case 2: limbs.append(UInt64.random(in: 0..<16, using: &rng))
    default: limbs.append(rng.next())
    }
  }
  return BigInteger(magnitude: limbs, isNegative: Bool.random(using: &rng))
}

private func power(_ base: Int, _ exponent: Int) throws -> BigInteger {
  try BigInteger(base).power(BigInteger(exponent))
}

private func isNormalized(_ value: BigInteger) -> Bool {
  value.magnitude.last != 0 && !(value.isNegative && value.magnitude.isEmpty)
}

// MARK: - Construction and normalization

@Test func constructionNormalizes() throws {
  #expect(BigInteger(0).magnitude.isEmpty && !BigInteger(0).isNegative)
  #expect(BigInteger(Int64.min).magnitude == [1 << 63] && BigInteger(Int64.min).isNegative)
  #expect(BigInteger(UInt64.max).magnitude == [.max] && !BigInteger(UInt64.max).isNegative)
  #expect(BigInteger(-5 as Int) == BigInteger(Int64(-5)))
  let negativeZero = BigInteger(magnitude: [0, 0], isNegative: true)
  #expect(negativeZero.magnitude.isEmpty && !negativeZero.isNegative && negativeZero == .zero)
  #expect(BigInteger(magnitude: [7, 0, 0], isNegative: true) == BigInteger(-7))
  #expect(BigInteger(0).signum == 0 && BigInteger(-3).signum == -1 && BigInteger(3).signum == 1)
  #expect(BigInteger(0).bitWidth == 0 && BigInteger(1).bitWidth == 1 && BigInteger(-255).bitWidth == 8)
  #expect(try power(2, 64).bitWidth == 65)
  #expect(Set([BigInteger(5), big("5"), BigInteger(magnitude: [5, 0], isNegative: false)]).count == 1)
}

@Test func exactlyFromDouble() throws {
  #expect(BigInteger(exactly: 0x1p64) == (try power(2, 64)))
  #expect(BigInteger(exactly: -0.0) == .zero && BigInteger(exactly: -0.0)?.isNegative == false)
  #expect(BigInteger(exactly: -1e20) == big("-100000000000000000000"))
  #expect(BigInteger(exactly: 9007199254740993.0) == big("9007199254740992"))
  #expect(BigInteger(exactly: Double.greatestFiniteMagnitude) == (try power(2, 1024) - power(2, 971)))
  #expect(BigInteger(exactly: 1.5) == nil)
  #expect(BigInteger(exactly: -0.5) == nil)
  #expect(BigInteger(exactly: .nan) == nil)
  #expect(BigInteger(exactly: .infinity) == nil)
  #expect(BigInteger(exactly: -.infinity) == nil)
}

// MARK: - Text

@Test func knownRadixConversions() throws {
  let p100 = try power(2, 100)
  #expect(p100.toString(radix: 10) == "1267650600228229401496703205376")
  #expect(p100.toString(radix: 16) == "10000000000000000000000000")
  #expect(p100.toString(radix: 36) == "3ewfdnca0n6ld1ggvfgg")
  #expect(p100.negated().toString(radix: 7) == "-322653455556104044451560330542514132")
  #expect(big("123456789012345678901234567890").toString(radix: 36) == "byw97um9s91dlz68tsi")
  #expect(big("123456789012345678901234567890").toString(radix: 16) == "18ee90ff6c373e0ee4e3f0ad2")
  #expect((try power(2, 128) - BigInteger(1)).toString(radix: 36) == "f5lxx1zz5pnorynqglhzmsp33")
  #expect(BigInteger(UInt64.max).toString(radix: 2) == String(repeating: "1", count: 64))
  #expect(BigInteger(Int64.min).toString(radix: 10) == "-9223372036854775808")
  #expect(BigInteger(0).toString(radix: 2) == "0")
  #expect(BigInteger(-35).toString(radix: 36) == "-z")
  #expect(try BigInteger(digits: Array("ZZ".utf8), radix: 36) == BigInteger(1295))
  #expect(try BigInteger(digits: Array("0000".utf16), radix: 10) == .zero)
  #expect(try BigInteger(digits: Array("".utf8), radix: 10) == nil)
  #expect(try BigInteger(digits: Array("12a".utf8), radix: 10) == nil)
  #expect(try BigInteger(digits: Array("8".utf8), radix: 8) == nil)
  #expect(try BigInteger(digits: Array("-1".utf8), radix: 10) == nil)
}

@Test func radixRoundTrips() throws {
  var rng = SplitMix(state: 1)
  for maxLimbs in [1, 2, 3, 8, 40, 90] {
    for _ in 0..<40 {
      let value = randomValue(maxLimbs: maxLimbs, using: &rng)
      for radix in [2, 3, 7, 8, 10, 16, 30, 36, Int.random(in: 2...36, using: &rng)] {
        let text = value.toString(radix: radix)
        let digits = Array((value.isNegative ? String(text.dropFirst()) : text).utf8)
        #expect(text.hasPrefix("-") == value.isNegative)
        #expect(digits.first != UInt8(ascii: "0") || value.isZero, "leading zero in \(text)")
        let back = try BigInteger(digits: digits, radix: radix)
        #expect(back == value.absoluteValue(), "radix \(radix): \(text)")
        if radix == 10 { #expect(big(text) == value) }
      }
    }
  }
}

@Test func largeValuesRoundTripThroughDecimal() throws {
  // About 20000 bits: large enough for the divide-and-conquer paths in both directions.
  var rng = SplitMix(state: 2)
  var limbs: [UInt64] = []
  for _ in 0..<312 { limbs.append(rng.next()) }
  let value = BigInteger(magnitude: limbs, isNegative: true)
  let text = value.toString(radix: 10)
  #expect(big(text) == value)
  // A power of ten prints as 1 followed by zeros (zero padding between chunks).
  let tenToThe5000 = try power(10, 5000)
  #expect(tenToThe5000.toString(radix: 10) == "1" + String(repeating: "0", count: 5000))
  #expect(big("1" + String(repeating: "0", count: 5000)) == tenToThe5000)
  #expect(try power(3, 4000).toString(radix: 3) == "1" + String(repeating: "0", count: 4000))
  let nines = try tenToThe5000 - BigInteger(1)
  #expect(nines.toString(radix: 10) == String(repeating: "9", count: 5000))
}

@Test func stringToBigInt() {
  let cases: [(String, String)] = [
    ("  12  ", "12"), ("", "0"), ("   ", "0"), ("\u{FEFF}\u{2028}\t7\u{A0}\u{3000}", "7"),
    ("0x1F", "31"), ("0X1f", "31"), ("0b101", "5"), ("0B11", "3"), ("0o17", "15"), ("0O17", "15"),
    ("+12", "12"), ("-12", "-12"), ("-0", "0"), ("00012", "12"), ("0", "0"),
    ("123456789012345678901234567890", "123456789012345678901234567890"),
    ("-0x1", "nil"), ("+0x1", "nil"), ("1e3", "nil"), ("1.0", "nil"), ("1.", "nil"), (".5", "nil"),
    ("1_000", "nil"), ("0x", "nil"), ("0b2", "nil"), ("0o8", "nil"), ("0xg", "nil"), ("-", "nil"),
    ("+", "nil"), ("Infinity", "nil"), ("-Infinity", "nil"), ("1 2", "nil"), ("--1", "nil"),
    ("0x-1", "nil"), ("\u{0661}", "nil"), ("12n", "nil"), ("\u{180E}1", "nil"),
  ]
  for (text, expected) in cases {
    #expect(parsed(text) == expected, "\(text.debugDescription)")
  }
  // Latin-1 code units go through the same code.
  let latin1: [UInt8] = [0xA0, 0x2D, 0x34, 0x32, 0x20]
  #expect((try? BigInteger.parse(latin1)) == BigInteger(-42))
}

// MARK: - Arithmetic

@Test func knownProductsAndQuotients() throws {
  var factorial = BigInteger(1)
  for i in 1...50 { factorial = try factorial * BigInteger(i) }
  #expect(factorial == big("30414093201713378043612608166064768844377641568960512000000000000"))
  let (q, r) = try power(2, 200).quotientAndRemainder(dividingBy: power(3, 50))
  #expect(q == big("2238393297946874000179418290327143433"))
  #expect(r == big("249667313308346329176559"))
  let (nq, nr) = try power(2, 200).negated().quotientAndRemainder(dividingBy: power(3, 50))
  #expect(nq == big("-2238393297946874000179418290327143433"))
  #expect(nr == big("-249667313308346329176559"))
  let (q2, r2) = try BigInteger(7).quotientAndRemainder(dividingBy: BigInteger(-2))
  #expect(q2 == BigInteger(-3) && r2 == BigInteger(1))
  let (q3, r3) = try BigInteger(-7).quotientAndRemainder(dividingBy: BigInteger(-2))
  #expect(q3 == BigInteger(3) && r3 == BigInteger(-1))
  let (q4, r4) = try BigInteger(-6).quotientAndRemainder(dividingBy: BigInteger(3))
  #expect(q4 == BigInteger(-2) && r4 == .zero && !r4.isNegative)
  let (q5, r5) = try BigInteger(3).quotientAndRemainder(dividingBy: big("-100000000000000000000"))
  #expect(q5 == .zero && r5 == BigInteger(3))
  #expect(
    try big("0x" + String(repeating: "f", count: 40)) * big("0x" + String(repeating: "e", count: 33))
      == big("7426693663719480522853708238992524545498781117040468854374585934706260230431171798962450"))
  #expect(try BigInteger(-3) * BigInteger(0) == .zero)
  #expect(try (BigInteger(-3) * BigInteger(0)).isNegative == false)
  #expect(try BigInteger(5) - BigInteger(5) == .zero)
  #expect(try BigInteger(-5) + BigInteger(5) == .zero)
  #expect(try BigInteger(UInt64.max) + BigInteger(1) == power(2, 64))
  #expect(try power(2, 64) - BigInteger(1) == BigInteger(UInt64.max))
  #expect(try BigInteger(3) - BigInteger(10) == BigInteger(-7))
  #expect(try BigInteger(-3) - BigInteger(-10) == BigInteger(7))
  #expect(BigInteger(Int64.min).negated().toString(radix: 10) == "9223372036854775808")
  #expect(throws: BigInteger.DivisionByZero.self) { try BigInteger(1).quotientAndRemainder(dividingBy: .zero) }
  // Algorithm D's rare "add back" step (q̂ one too large after the multiply-subtract).
  let u = BigInteger(magnitude: [3, 0, 1 << 63], isNegative: false)
  let v = BigInteger(magnitude: [1, 0, 1 << 61], isNegative: false)
  let (q6, r6) = try u.quotientAndRemainder(dividingBy: v)
  #expect(q6 == BigInteger(3) && r6 == BigInteger(magnitude: [0, 0, 1 << 61], isNegative: false))
  let u2 = BigInteger(magnitude: [0, 0, 1 << 63, .max >> 1], isNegative: false)
  let v2 = BigInteger(magnitude: [1, 0, 1 << 63], isNegative: false)
  let (q7, r7) = try u2.quotientAndRemainder(dividingBy: v2)
  #expect(q7 == BigInteger(UInt64.max - 1) && r7 == BigInteger(magnitude: [2, .max, .max >> 1], isNegative: false))
}

@Test func divisionIdentityOnRandomValues() throws {
  var rng = SplitMix(state: 3)
  let sizes = [1, 2, 3, 5, 20, 45, 100]
  for _ in 0..<400 {
    let n = randomValue(maxLimbs: sizes.randomElement(using: &rng)!, using: &rng)
    let d = randomValue(maxLimbs: sizes.randomElement(using: &rng)!, using: &rng)
    if d.isZero { continue }
    let (q, r) = try n.quotientAndRemainder(dividingBy: d)
    #expect(isNormalized(q) && isNormalized(r))
    #expect(try q * d + r == n)
    #expect(BigInteger.compare(r.absoluteValue(), d.absoluteValue()) < 0)
    #expect(r.isZero || r.isNegative == n.isNegative)
    #expect(q.isZero || q.isNegative == (n.isNegative != d.isNegative))
  }
}

@Test func multiplicationIdentitiesOnRandomValues() throws {
  // Sizes around and well above the Karatsuba threshold, balanced and not.
  var rng = SplitMix(state: 4)
  let sizes = [1, 3, 39, 40, 41, 85, 170, 400]
  for _ in 0..<60 {
    let a = randomValue(maxLimbs: sizes.randomElement(using: &rng)!, using: &rng)
    let b = randomValue(maxLimbs: sizes.randomElement(using: &rng)!, using: &rng)
    let c = randomValue(maxLimbs: 50, using: &rng)
    let ab = try a * b
    #expect(isNormalized(ab))
    #expect(try ab == b * a)
    #expect(try ab * c == a * (b * c))
    #expect(try (a + b) * c == a * c + b * c)
    #expect(try (a + b) * (a + b) == a * a + BigInteger(2) * ab + b * b)
    if !b.isZero {
      let (q, r) = try ab.quotientAndRemainder(dividingBy: b)
      #expect(q == a && r.isZero)
    }
  }
}

@Test func additionAndSubtractionOnRandomValues() throws {
  var rng = SplitMix(state: 5)
  for _ in 0..<300 {
    let a = randomValue(maxLimbs: 6, using: &rng)
    let b = randomValue(maxLimbs: 6, using: &rng)
    let sum = try a + b
    let difference = try a - b
    #expect(isNormalized(sum) && isNormalized(difference))
    #expect(try sum - b == a)
    #expect(try difference + b == a)
    #expect(try a - a == .zero)
    #expect(try difference == (b - a).negated())
    #expect(BigInteger.compare(a, b) == difference.signum)
  }
  // Against Int64 on values that cannot overflow.
  for _ in 0..<300 {
    let x = Int64.random(in: -(1 << 62)...(1 << 62), using: &rng)
    let y = Int64.random(in: -(1 << 62)...(1 << 62), using: &rng)
    #expect(try BigInteger(x) + BigInteger(y) == BigInteger(x + y))
    #expect(try BigInteger(x) - BigInteger(y) == BigInteger(x - y))
    #expect(try BigInteger(x >> 31) * BigInteger(y >> 31) == BigInteger((x >> 31) * (y >> 31)))
    if y != 0 {
      let (q, r) = try BigInteger(x).quotientAndRemainder(dividingBy: BigInteger(y))
      #expect(q == BigInteger(x / y) && r == BigInteger(x % y))
    }
    #expect(BigInteger.compare(BigInteger(x), BigInteger(y)) == (x < y ? -1 : (x > y ? 1 : 0)))
  }
}

@Test func powers() throws {
  #expect(try power(0, 0) == BigInteger(1))
  #expect(try power(5, 0) == BigInteger(1))
  #expect(try power(0, 7) == .zero)
  #expect(try BigInteger(0).power(big("1000000000000000000000")) == .zero)
  #expect(try BigInteger(1).power(big("1000000000000000000000")) == BigInteger(1))
  #expect(try BigInteger(-1).power(big("1000000000000000000001")) == BigInteger(-1))
  #expect(try BigInteger(-1).power(big("1000000000000000000000")) == BigInteger(1))
  #expect(try power(-2, 3) == BigInteger(-8))
  #expect(try power(-4, 3) == BigInteger(-64))
  #expect(try power(-4, 2) == BigInteger(16))
  #expect(try power(2, 100) == big("1267650600228229401496703205376"))
  #expect(try power(7, 77) == big("118181386580595879976868414312001964434038548836769923458287039207"))
  #expect(try power(-3, 41) == big("-36472996377170786403"))
  #expect(try power(123_456_789, 5) == big("28679718602997181072337614380936720482949"))
  #expect(try power(2, BigInteger.maximumBits - 1).bitWidth == BigInteger.maximumBits)
  #expect(throws: BigInteger.TooLarge.self) { try power(2, BigInteger.maximumBits) }
  #expect(throws: BigInteger.TooLarge.self) { try power(3, BigInteger.maximumBits) }
  #expect(throws: BigInteger.TooLarge.self) { try BigInteger(3).power(big("100000000000000000000")) }
  #expect(throws: BigInteger.TooLarge.self) { try power(1000, 200_000) }
  var product = BigInteger(1)
  for _ in 0..<37 { product = try product * BigInteger(-12345) }
  #expect(try power(-12345, 37) == product)
}

@Test func sizeLimit() throws {
  let top = try power(2, BigInteger.maximumBits - 1)
  #expect(top.bitWidth == BigInteger.maximumBits)
  #expect(throws: BigInteger.TooLarge.self) { try top + top }
  #expect(throws: BigInteger.TooLarge.self) { try top.negated() - top }
  #expect(throws: BigInteger.TooLarge.self) { try top * BigInteger(2) }
  #expect(throws: BigInteger.TooLarge.self) { try top * top }
  #expect(try (top - BigInteger(1) + top).bitWidth == BigInteger.maximumBits)
  #expect(throws: BigInteger.TooLarge.self) { try BigInteger(1).shiftedLeft(BigInteger(BigInteger.maximumBits)) }
  #expect(throws: BigInteger.TooLarge.self) { try top.shiftedLeft(BigInteger(1)) }
  #expect(throws: BigInteger.TooLarge.self) { try BigInteger(1).shiftedLeft(big("100000000000000000000000")) }
  #expect(throws: BigInteger.TooLarge.self) { try BigInteger(1).shiftedRight(big("-100000000000000000000000")) }
  let maxHexDigits = String(repeating: "f", count: BigInteger.maximumBits / 4)
  #expect(try BigInteger(digits: Array(maxHexDigits.utf8), radix: 16)?.bitWidth == BigInteger.maximumBits)
  #expect(throws: BigInteger.TooLarge.self) { try BigInteger(digits: Array(("1" + maxHexDigits).utf8), radix: 16) }
  #expect(throws: BigInteger.TooLarge.self) {
    try BigInteger.parse(Array(String(repeating: "9", count: 400_000).utf8))
  }
}

// MARK: - Bitwise operations and shifts

@Test func bitwiseAgainstInt64() {
  var rng = SplitMix(state: 6)
  for _ in 0..<1000 {
    let scale = Int.random(in: 0...62, using: &rng)
    let x = Int64.random(in: -(1 << scale)...(1 << scale), using: &rng)
    let y = Int64.random(in: Int64.min...Int64.max, using: &rng) >> Int.random(in: 0...63, using: &rng)
    let a = BigInteger(x)
    let b = BigInteger(y)
    #expect(a.bitwiseAnd(b) == BigInteger(x & y), "\(x) & \(y)")
    #expect(a.bitwiseOr(b) == BigInteger(x | y), "\(x) | \(y)")
    #expect(a.bitwiseXor(b) == BigInteger(x ^ y), "\(x) ^ \(y)")
    #expect(a.bitwiseNot() == BigInteger(~x), "~\(x)")
    #expect(isNormalized(a.bitwiseAnd(b)) && isNormalized(a.bitwiseOr(b)) && isNormalized(a.bitwiseXor(b)))
  }
}

@Test func bitwiseIdentitiesOnLargeValues() throws {
  var rng = SplitMix(state: 7)
  for _ in 0..<200 {
    let a = randomValue(maxLimbs: 5, using: &rng)
    let b = randomValue(maxLimbs: 5, using: &rng)
    #expect(a.bitwiseNot() == (try a.negated() - BigInteger(1)))
    #expect(a.bitwiseNot().bitwiseNot() == a)
    #expect(a.bitwiseAnd(a.bitwiseNot()) == .zero)
    #expect(a.bitwiseOr(a.bitwiseNot()) == BigInteger(-1))
    #expect(a.bitwiseXor(b) == (try a.bitwiseOr(b) - a.bitwiseAnd(b)))
    #expect(try a.bitwiseOr(b) + a.bitwiseAnd(b) == a + b)
    #expect(a.bitwiseXor(b).bitwiseXor(b) == a)
    #expect(a.bitwiseAnd(b).bitwiseNot() == a.bitwiseNot().bitwiseOr(b.bitwiseNot()))
  }
  #expect(big("-18446744073709551616").bitwiseAnd(big("18446744073709551615")) == .zero)
  #expect(big("-18446744073709551617").bitwiseAnd(big("-2")) == big("-18446744073709551618"))
}

@Test func shiftsAgainstInt64() throws {
  var rng = SplitMix(state: 8)
  for _ in 0..<1000 {
    let x = Int64.random(in: -(1 << 40)...(1 << 40), using: &rng)
    let n = Int.random(in: -22...22, using: &rng)
    let expectedLeft = n >= 0 ? x << Int64(n) : x >> Int64(-n)
    let expectedRight = n >= 0 ? x >> Int64(n) : x << Int64(-n)
    #expect(try BigInteger(x).shiftedLeft(BigInteger(n)) == BigInteger(expectedLeft), "\(x) << \(n)")
    #expect(try BigInteger(x).shiftedRight(BigInteger(n)) == BigInteger(expectedRight), "\(x) >> \(n)")
  }
  var random = SplitMix(state: 9)
  for _ in 0..<200 {
    let a = randomValue(maxLimbs: 4, using: &random)
    let n = Int.random(in: 0...200, using: &random)
    let scale = try power(2, n)
    #expect(try a.shiftedLeft(BigInteger(n)) == a * scale)
    // >> is floor division by 2^n.
    let (q, r) = try a.quotientAndRemainder(dividingBy: scale)
    let floor = try r.isNegative ? q - BigInteger(1) : q
    #expect(try a.shiftedRight(BigInteger(n)) == floor)
    #expect(a.shiftedRight(bits: n) == floor)
    #expect(try a.shiftedLeft(bits: n) == a * scale)
  }
  #expect(try BigInteger(-1).shiftedRight(BigInteger(100)) == BigInteger(-1))
  #expect(try BigInteger(-5).shiftedRight(BigInteger(1)) == BigInteger(-3))
  #expect(try BigInteger(-5).shiftedLeft(BigInteger(-1)) == BigInteger(-3))
  #expect(try BigInteger(5).shiftedRight(big("100000000000000000000000")) == .zero)
  #expect(try BigInteger(-5).shiftedRight(big("100000000000000000000000")) == BigInteger(-1))
  #expect(try BigInteger(-5).shiftedLeft(big("-100000000000000000000000")) == BigInteger(-1))
  #expect(try BigInteger(0).shiftedLeft(big("100000000000000000000000")) == .zero)
  #expect(try power(2, 64).negated().shiftedRight(BigInteger(64)) == BigInteger(-1))
  #expect(try big("-18446744073709551617").shiftedRight(BigInteger(64)) == BigInteger(-2))
}

@Test func asIntNAndAsUintN() throws {
  #expect(try power(2, 63).asIntN(64) == power(2, 63).negated())
  #expect(try BigInteger(-1).asUintN(8) == BigInteger(255))
  #expect(try BigInteger(255).asIntN(8) == BigInteger(-1))
  #expect(try BigInteger(128).asIntN(8) == BigInteger(-128))
  #expect(try BigInteger(127).asIntN(8) == BigInteger(127))
  #expect(try power(2, 64).negated().asUintN(64) == .zero)
  #expect(try BigInteger(-1).asUintN(65) == big("36893488147419103231"))
  #expect(try power(2, 64).asIntN(65) == big("-18446744073709551616"))
  #expect(try power(2, 199).asIntN(200) == power(2, 199).negated())
  #expect(try power(2, 199).negated().asIntN(200) == power(2, 199).negated())
  #expect(try BigInteger(12345).asIntN(0) == .zero)
  #expect(try BigInteger(-12345).asUintN(0) == .zero)
  #expect(try BigInteger(-1).asIntN(1 << 53 - 1) == BigInteger(-1))
  #expect(try BigInteger(5).asUintN(1 << 53 - 1) == BigInteger(5))
  #expect(try BigInteger(-1).asUintN(UInt64(BigInteger.maximumBits)).bitWidth == BigInteger.maximumBits)
  #expect(throws: BigInteger.TooLarge.self) { try BigInteger(-1).asUintN(1 << 53 - 1) }
  #expect(throws: BigInteger.TooLarge.self) { try BigInteger(-1).asUintN(UInt64(BigInteger.maximumBits + 1)) }
  // Against Int64/UInt64 truncation and the definition (value mod 2^bits).
  var rng = SplitMix(state: 10)
  for _ in 0..<300 {
    let x = Int64.random(in: Int64.min...Int64.max, using: &rng)
    let value = BigInteger(x)
    #expect(try value.asIntN(64) == value)
    #expect(try value.asUintN(64) == BigInteger(UInt64(bitPattern: x)))
    #expect(try value.asIntN(32) == BigInteger(Int64(Int32(truncatingIfNeeded: x))))
    #expect(try value.asUintN(16) == BigInteger(UInt64(UInt16(truncatingIfNeeded: x))))
    #expect(try value.asIntN(8) == BigInteger(Int64(Int8(truncatingIfNeeded: x))))
    let wide = randomValue(maxLimbs: 4, using: &rng)
    let bits = Int.random(in: 1...300, using: &rng)
    let modulus = try power(2, bits)
    var expected = try wide.quotientAndRemainder(dividingBy: modulus).remainder
    if expected.isNegative { expected = try expected + modulus }
    #expect(try wide.asUintN(UInt64(bits)) == expected)
    if BigInteger.compare(expected, try power(2, bits - 1)) >= 0 { expected = try expected - modulus }
    #expect(try wide.asIntN(UInt64(bits)) == expected)
  }
}

@Test func truncatedSixtyFourBits() throws {
  #expect(BigInteger(-1).truncatedUInt64 == .max)
  #expect(BigInteger(-1).truncatedInt64 == -1)
  #expect(BigInteger(0).truncatedUInt64 == 0)
  #expect(big("18446744073709551617").truncatedInt64 == 1)
  #expect(big("-18446744073709551617").truncatedInt64 == -1)
  #expect(big("9223372036854775808").truncatedInt64 == .min)
  #expect(try power(2, 64).negated().truncatedUInt64 == 0)
  var rng = SplitMix(state: 11)
  for _ in 0..<200 {
    let x = Int64.random(in: Int64.min...Int64.max, using: &rng)
    #expect(BigInteger(x).truncatedInt64 == x)
    #expect(BigInteger(x).truncatedUInt64 == UInt64(bitPattern: x))
    let wide = randomValue(maxLimbs: 3, using: &rng)
    #expect(try wide.asUintN(64) == BigInteger(wide.truncatedUInt64))
    #expect(try wide.asIntN(64) == BigInteger(wide.truncatedInt64))
  }
}

// MARK: - Numbers

@Test func toDoubleRoundsToNearestEven() throws {
  let two53 = try power(2, 53)
  #expect(try (two53 + BigInteger(1)).toDouble() == 9007199254740992.0)
  #expect(try (two53 + BigInteger(2)).toDouble() == 9007199254740994.0)
  #expect(try (two53 + BigInteger(3)).toDouble() == 9007199254740996.0)
  #expect(try (two53 + BigInteger(5)).toDouble() == 9007199254740996.0)
  #expect(try (two53 + BigInteger(1)).negated().toDouble() == -9007199254740992.0)
  let two64 = try power(2, 64)
  #expect(BigInteger(UInt64.max).toDouble() == 0x1p64)
  #expect(try (two64 + power(2, 11)).toDouble() == 0x1p64)
  #expect(try (two64 + power(2, 11) + BigInteger(1)).toDouble() == 0x1p64 + 0x1p12)
  #expect(try (two64 + BigInteger(3) * power(2, 11)).toDouble() == 0x1p64 + 0x1p13)
  #expect(try (two64 + power(2, 12)).toDouble() == 0x1p64 + 0x1p12)
  // The top of the range: 2^1024 - 2^970 is halfway between the largest double and 2^1024.
  let boundary = try power(2, 1024) - power(2, 970)
  #expect(boundary.toDouble() == .infinity)
  #expect(boundary.negated().toDouble() == -.infinity)
  #expect(try (boundary - BigInteger(1)).toDouble() == .greatestFiniteMagnitude)
  #expect(try (power(2, 1024) - power(2, 971)).toDouble() == .greatestFiniteMagnitude)
  #expect(try power(2, 1024).toDouble() == .infinity)
  #expect(try power(10, 400).negated().toDouble() == -.infinity)
  #expect(try power(2, 1023).toDouble() == 0x1p1023)
  #expect(BigInteger(0).toDouble() == 0 && BigInteger(0).toDouble().sign == .plus)
  #expect(BigInteger(-7).toDouble() == -7)
  #expect(big("123456789012345678901234567890").toDouble() == 1.2345678901234568e29)
  // Exactly representable values come back exactly.
  var rng = SplitMix(state: 12)
  for _ in 0..<300 {
    let d =
      Double(sign: .plus, exponent: Int.random(in: 0...1023, using: &rng), significand: 1)
      * Double.random(in: 1..<2, using: &rng)
    let value = try #require(BigInteger(exactly: d.rounded(.towardZero)))
    #expect(value.toDouble() == d.rounded(.towardZero))
    #expect(value.negated().toDouble() == -d.rounded(.towardZero))
  }
}

@Test func compareWithDouble() throws {
  let two53 = try power(2, 53)
  #expect(BigInteger.compare(try two53 + BigInteger(1), 9007199254740992.0) == 1)
  #expect(BigInteger.compare(two53, 9007199254740992.0) == 0)
  #expect(BigInteger.compare(try two53 - BigInteger(1), 9007199254740992.0) == -1)
  #expect(BigInteger.compare(try two53 + BigInteger(1), 9007199254740994.0) == -1)
  #expect(BigInteger.compare(try (two53 + BigInteger(1)).negated(), -9007199254740992.0) == -1)
  #expect(BigInteger.compare(two53, .infinity) == -1)
  #expect(BigInteger.compare(two53, -.infinity) == 1)
  #expect(BigInteger.compare(try power(2, 5000), .infinity) == -1)
  #expect(BigInteger.compare(try power(2, 5000).negated(), -.infinity) == 1)
  #expect(BigInteger.compare(try power(2, 5000), .greatestFiniteMagnitude) == 1)
  #expect(BigInteger.compare(.zero, 0.5) == -1)
  #expect(BigInteger.compare(.zero, -0.5) == 1)
  #expect(BigInteger.compare(.zero, 0.0) == 0)
  #expect(BigInteger.compare(.zero, -0.0) == 0)
  #expect(BigInteger.compare(BigInteger(1), 0.5) == 1)
  #expect(BigInteger.compare(BigInteger(1), 1.5) == -1)
  #expect(BigInteger.compare(BigInteger(-1), -0.5) == -1)
  #expect(BigInteger.compare(BigInteger(-2), -1.5) == -1)
  #expect(BigInteger.compare(BigInteger(-1), -1.5) == 1)
  #expect(BigInteger.compare(BigInteger(3), Double.leastNonzeroMagnitude) == 1)
  #expect(BigInteger.compare(.zero, Double.leastNonzeroMagnitude) == -1)
  #expect(BigInteger.compare(.zero, .nan) == nil)
  #expect(BigInteger.compare(two53, -.nan) == nil)
  var rng = SplitMix(state: 13)
  for _ in 0..<300 {
    let value = randomValue(maxLimbs: 3, using: &rng)
    let exact = value.toDouble()
    if let back = BigInteger(exactly: exact) {
      #expect(BigInteger.compare(value, exact) == BigInteger.compare(value, back))
      #expect(BigInteger.compare(back, exact) == 0)
    }
  }
}
