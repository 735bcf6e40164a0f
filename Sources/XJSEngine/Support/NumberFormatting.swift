// Number-to-string conversions of ECMAScript: Number::toString (ES2024 6.1.6.1.20)
// with shortest round-trip digits, Number.prototype.toString(radix), toFixed,
// toExponential and toPrecision (ES2024 21.1.3). Results are ASCII.
//
// Shortest digits come from Schubfach (R. Giulietti, "The Schubfach way to render
// doubles", 2020): the decimal interval of values that round to the double is
// computed exactly enough with one 126-bit power of ten (SchubfachTable.swift),
// and the shortest decimal inside it, closest to the double, is picked.
// The fixed-width forms use exact big-integer arithmetic (BigNat.swift).

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

enum NumberFormatting {
  /// A positive decimal `significand × 10^exponent`; `significand` has no trailing zeros.
  struct Decimal: Equatable {
    var significand: UInt64
    var exponent: Int
  }

  /// Room for any `writeShortest` output: "-0.00000" + 17 digits is 25 bytes.
  static let shortestBufferSize = 32

  // MARK: - Number::toString (radix 10)

  /// ToString(v) of ES2024 6.1.6.1.20 as ASCII.
  static func toASCII(_ v: Double) -> [UInt8] {
    [UInt8](unsafeUninitializedCapacity: shortestBufferSize) { buffer, count in
      count = writeShortest(v, to: buffer.baseAddress!)
    }
  }

  /// ToString(v) of ES2024 6.1.6.1.20.
  static func toString(_ v: Double) -> String {
    String(unsafeUninitializedCapacity: shortestBufferSize) { buffer in
      writeShortest(v, to: buffer.baseAddress!)
    }
  }

  /// Appends ToString(v) to `bytes`.
  static func append(_ v: Double, to bytes: inout [UInt8]) {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: shortestBufferSize) { buffer in
      let count = writeShortest(v, to: buffer.baseAddress!)
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[0..<count]))
    }
  }

  /// Writes ToString(v) into `buffer` (at least `shortestBufferSize` bytes); returns the length.
  static func writeShortest(_ v: Double, to buffer: UnsafeMutablePointer<UInt8>) -> Int {
    if v.isNaN { return writeASCII("NaN", to: buffer) }
    if v == 0 { return writeASCII("0", to: buffer) }  // also -0 (step 2)
    var position = 0
    if v < 0 {
      buffer[0] = UInt8(ascii: "-")
      position = 1
    }
    let magnitude = v.magnitude
    if magnitude.isInfinite { return position + writeASCII("Infinity", to: buffer + position) }
    // Integers below 2^53 are their own shortest representation.
    if magnitude < 9_007_199_254_740_992, magnitude == magnitude.rounded(.towardZero) {
      let integer = UInt64(magnitude)
      let count = decimalDigitCount(integer)
      writeDigits(integer, count: count, to: buffer + position)
      return position + count
    }
    let decimal = shortestDecimal(magnitude)
    return position + writeDecimal(decimal, to: buffer + position)
  }

  /// Writes an integer the way ToString does (Int32/Int64 fast path for the runtime).
  static func writeInteger(_ value: Int64, to buffer: UnsafeMutablePointer<UInt8>) -> Int {
    var position = 0
    if value < 0 {
      buffer[0] = UInt8(ascii: "-")
      position = 1
    }
    let magnitude = value.magnitude
    let count = decimalDigitCount(magnitude)
    writeDigits(magnitude, count: count, to: buffer + position)
    return position + count
  }

  /// Lays out digits s (k of them) with decimal point position n per 6.1.6.1.20 steps 6-12.
  private static func writeDecimal(_ decimal: Decimal, to buffer: UnsafeMutablePointer<UInt8>)
    -> Int
  {
    let k = decimalDigitCount(decimal.significand)
    let n = decimal.exponent + k
    if k <= n && n <= 21 {
      // Step 6: the digits followed by n - k zeros.
      writeDigits(decimal.significand, count: k, to: buffer)
      (buffer + k).initialize(repeating: UInt8(ascii: "0"), count: n - k)
      return n
    }
    if 0 < n && n <= 21 {
      // Step 7: the first n digits, a point, the remaining k - n digits.
      writeDigitsWithPoint(decimal.significand, count: k, pointAfter: n, to: buffer)
      return k + 1
    }
    if -6 < n && n <= 0 {
      // Step 8: "0." followed by -n zeros and the digits.
      buffer[0] = UInt8(ascii: "0")
      buffer[1] = UInt8(ascii: ".")
      (buffer + 2).initialize(repeating: UInt8(ascii: "0"), count: -n)
      writeDigits(decimal.significand, count: k, to: buffer + 2 - n)
      return 2 - n + k
    }
    // Steps 9-12: exponential notation.
    var length: Int
    if k == 1 {
      writeDigits(decimal.significand, count: 1, to: buffer)
      length = 1
    } else {
      writeDigitsWithPoint(decimal.significand, count: k, pointAfter: 1, to: buffer)
      length = k + 1
    }
    return length + writeExponent(n - 1, to: buffer + length)
  }

  /// Writes "e+x" or "e-x".
  private static func writeExponent(_ exponent: Int, to buffer: UnsafeMutablePointer<UInt8>) -> Int {
    buffer[0] = UInt8(ascii: "e")
    buffer[1] = exponent < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+")
    let magnitude = UInt64(exponent.magnitude)
    let count = decimalDigitCount(magnitude)
    writeDigits(magnitude, count: count, to: buffer + 2)
    return 2 + count
  }

  private static func writeDigitsWithPoint(
    _ value: UInt64, count: Int, pointAfter: Int, to buffer: UnsafeMutablePointer<UInt8>
  ) {
    writeDigits(value, count: count, to: buffer + 1)
    for i in 0..<pointAfter { buffer[i] = buffer[i + 1] }
    buffer[pointAfter] = UInt8(ascii: ".")
  }

  private static func writeASCII(_ text: StaticString, to buffer: UnsafeMutablePointer<UInt8>)
    -> Int
  {
    buffer.update(from: text.utf8Start, count: text.utf8CodeUnitCount)
    return text.utf8CodeUnitCount
  }

  /// "00" "01" ... "99": two digits per table step halves the divisions.
  private static var digitPairs: UnsafePointer<UInt8> {
    let pairs: StaticString = """
      0001020304050607080910111213141516171819\
      2021222324252627282930313233343536373839\
      4041424344454647484950515253545556575859\
      6061626364656667686970717273747576777879\
      8081828384858687888990919293949596979899
      """
    return pairs.utf8Start
  }

  /// Writes exactly `count` decimal digits of `value` (count >= its digit count).
  static func writeDigits(_ value: UInt64, count: Int, to buffer: UnsafeMutablePointer<UInt8>) {
    var rest = value
    var end = count
    // Eight digits at a time with 64-bit division, the rest with cheaper 32-bit steps.
    while rest >= 100_000_000 {
      writeDigitPairs(UInt32(rest % 100_000_000), count: 8, endingAt: buffer + end)
      rest /= 100_000_000
      end -= 8
    }
    writeDigitPairs(UInt32(rest), count: end, endingAt: buffer + end)
  }

  /// Writes the last `count` digits of `value` (zero-padded) so that they end before `end`.
  @inline(__always)
  private static func writeDigitPairs(
    _ value: UInt32, count: Int, endingAt end: UnsafeMutablePointer<UInt8>
  ) {
    let pairs = digitPairs
    var rest = value
    var position = end
    var remaining = count
    while remaining >= 2 {
      let pair = Int(rest % 100) * 2
      rest /= 100
      position[-1] = pairs[pair + 1]
      position[-2] = pairs[pair]
      position -= 2
      remaining -= 2
    }
    if remaining == 1 { position[-1] = UInt8(ascii: "0") + UInt8(rest % 10) }
  }

  private static let powersOf10: [UInt64] = [
    1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000,
    10_000_000_000, 100_000_000_000, 1_000_000_000_000, 10_000_000_000_000, 100_000_000_000_000,
    1_000_000_000_000_000, 10_000_000_000_000_000, 100_000_000_000_000_000,
    1_000_000_000_000_000_000, 10_000_000_000_000_000_000,
  ]

  /// The number of decimal digits of `value` (1 for zero).
  static func decimalDigitCount(_ value: UInt64) -> Int {
    // bits * 1233 / 4096 is floor(log10(2^bits)): the count is that or one more.
    let bits = 64 - (value | 1).leadingZeroBitCount
    let guess = (bits * 1233) >> 12
    return (value | 1) >= powersOf10[guess] ? guess + 1 : guess
  }

  // MARK: - Shortest digits (Schubfach)

  /// floor(log10(2^e)) for |e| <= 5456721.
  @inline(__always) private static func floorLog10Pow2(_ e: Int) -> Int {
    (e * 661_971_961_083) >> 41
  }

  /// floor(log10(3/4 * 2^e)).
  @inline(__always) private static func floorLog10ThreeQuartersPow2(_ e: Int) -> Int {
    (e * 661_971_961_083 - 274_743_187_321) >> 41
  }

  /// floor(log2(10^e)) for |e| <= 1838394.
  @inline(__always) private static func floorLog2Pow10(_ e: Int) -> Int {
    (e * 913_124_641_741) >> 38
  }

  /// The 64 high bits of g * cp / 2^64, rounded to odd (Schubfach's `rop`).
  @inline(__always) private static func roundToOdd(_ g1: UInt64, _ g0: UInt64, _ cp: UInt64)
    -> UInt64
  {
    let mask63: UInt64 = (1 << 63) - 1
    let x1 = g0.multipliedFullWidth(by: cp).high
    let y = g1.multipliedFullWidth(by: cp)
    let z = (y.low >> 1) &+ x1
    let vbp = y.high &+ (z >> 63)
    return vbp | (((z & mask63) &+ mask63) >> 63)
  }

  /// The shortest decimal that rounds to `v` (finite, > 0); among equally short ones the
  /// closest to `v`, and the even one on a tie (6.1.6.1.20 step 5).
  static func shortestDecimal(_ v: Double) -> Decimal {
    let bits = v.bitPattern
    let fraction = bits & ((1 << 52) - 1)
    let biasedExponent = Int((bits >> 52) & 0x7FF)
    if biasedExponent == 0 { return schubfach(q: -1074, c: fraction) }
    let c = fraction | (1 << 52)
    let q = biasedExponent - 1075
    if q < 0 && q > -53 {
      // Small integers are exact.
      let integer = c >> UInt64(-q)
      if integer << UInt64(-q) == c { return strippingZeros(integer, exponent: 0) }
    }
    return schubfach(q: q, c: c)
  }

  /// v = c * 2^q. Giulietti's figure 7 / 9, except that a shorter candidate is looked for
  /// whatever the length of s (Java's version insists on two digits for tiny values).
  private static func schubfach(q: Int, c: UInt64) -> Decimal {
    let out: UInt64 = c & 1
    let cb = c << 2
    let cbr = cb + 2
    let cbl: UInt64
    let k: Int
    if c != 1 << 52 || q == -1074 {
      cbl = cb - 2  // regular spacing
      k = floorLog10Pow2(q)
    } else {
      cbl = cb - 1  // the lower neighbour is closer (c is a power of two)
      k = floorLog10ThreeQuartersPow2(q)
    }
    let h = UInt64(q + floorLog2Pow10(-k) + 2)
    let index = (k - schubfachMinK) * 2
    let g1 = schubfachG[index]
    let g0 = schubfachG[index + 1]
    let vb = roundToOdd(g1, g0, cb << h)
    let vbl = roundToOdd(g1, g0, cbl << h)
    let vbr = roundToOdd(g1, g0, cbr << h)

    let s = vb >> 2
    // One digit shorter: u' = 10 s' and w' = 10 (s' + 1); at most one lies in the interval.
    let sp10 = (s / 10) * 10
    let tp10 = sp10 + 10
    let upin = vbl + out <= sp10 << 2
    let wpin = (tp10 << 2) + out <= vbr
    if upin != wpin { return strippingZeros(upin ? sp10 : tp10, exponent: k) }

    // Full length: u = s, w = s + 1; at least one lies in the interval.
    let t = s + 1
    let uin = vbl + out <= s << 2
    let win = (t << 2) + out <= vbr
    if uin != win { return strippingZeros(uin ? s : t, exponent: k) }
    let cmp = Int64(bitPattern: vb &- ((s + t) << 1))
    let pickS = cmp < 0 || (cmp == 0 && s & 1 == 0)
    return strippingZeros(pickS ? s : t, exponent: k)
  }

  private static func strippingZeros(_ significand: UInt64, exponent: Int) -> Decimal {
    var s = significand
    var e = exponent
    // Big steps first: "short" decimals carry a dozen trailing zeros here.
    while s % 100_000_000 == 0 {
      s /= 100_000_000
      e += 8
    }
    if s % 10_000 == 0 {
      s /= 10_000
      e += 4
    }
    if s % 100 == 0 {
      s /= 100
      e += 2
    }
    if s % 10 == 0 {
      s /= 10
      e += 1
    }
    return Decimal(significand: s, exponent: e)
  }

  // MARK: - toString(radix)

  /// Number.prototype.toString(radix) for radix 2...36, matching V8's digits for fractions
  /// (the spec leaves them implementation-defined: ES2024 21.1.3.6 step 6).
  /// Returns nil for a radix outside 2...36 (the builtin throws a RangeError).
  static func toRadixASCII(_ v: Double, radix: Int) -> [UInt8]? {
    guard radix >= 2 && radix <= 36 else { return nil }
    if radix == 10 || !v.isFinite || v == 0 { return toASCII(v) }
    let magnitude = v.magnitude
    if magnitude < 9_007_199_254_740_992, magnitude == magnitude.rounded(.towardZero) {
      var digits = integerRadixDigits(UInt64(magnitude), radix: UInt64(radix))
      if v < 0 { digits.insert(UInt8(ascii: "-"), at: 0) }
      return digits
    }
    return generalRadixDigits(v, radix: radix)
  }

  static func toRadixString(_ v: Double, radix: Int) -> String? {
    toRadixASCII(v, radix: radix).map { String(decoding: $0, as: UTF8.self) }
  }

  private static func radixDigit(_ d: Int) -> UInt8 {
    d < 10 ? UInt8(ascii: "0") + UInt8(d) : UInt8(ascii: "a") + UInt8(d - 10)
  }

  private static func radixDigitValue(_ c: UInt8) -> Int {
    c > UInt8(ascii: "9") ? Int(c - UInt8(ascii: "a")) + 10 : Int(c - UInt8(ascii: "0"))
  }

  private static func integerRadixDigits(_ value: UInt64, radix: UInt64) -> [UInt8] {
    var reversed: [UInt8] = []
    var rest = value
    repeat {
      reversed.append(radixDigit(Int(rest % radix)))
      rest /= radix
    } while rest > 0
    return reversed.reversed()
  }

  /// V8's DoubleToRadixCString: fraction digits are produced until they pin down the
  /// double (delta is half the distance to the next double), rounding the last one
  /// half-to-even; integer digits below the double's precision are written as zeros.
  private static func generalRadixDigits(_ v: Double, radix: Int) -> [UInt8] {
    let base = Double(radix)
    let magnitude = v.magnitude
    var integer = magnitude.rounded(.down)
    var fraction = magnitude - integer
    var delta = max(0.5 * (magnitude.nextUp - magnitude), Double.leastNonzeroMagnitude)
    var fractionDigits: [UInt8] = []
    if fraction >= delta {
      repeat {
        fraction *= base
        delta *= base
        let digit = Int(fraction)
        fractionDigits.append(radixDigit(digit))
        fraction -= Double(digit)
        let roundsUp = fraction > 0.5 || (fraction == 0.5 && digit & 1 == 1)
        if roundsUp && fraction + delta > 1 {
          // Round up, carrying through trailing digits that overflow.
          while true {
            guard let last = fractionDigits.popLast() else {
              integer += 1
              break
            }
            let value = radixDigitValue(last)
            if value + 1 < radix {
              fractionDigits.append(radixDigit(value + 1))
              break
            }
          }
          break
        }
      } while fraction >= delta
    }
    var integerDigits: [UInt8] = []  // least significant first
    while (integer / base).exponentAboveSignificand {
      integer /= base
      integerDigits.append(UInt8(ascii: "0"))
    }
    repeat {
      let remainder = integer.truncatingRemainder(dividingBy: base)
      integerDigits.append(radixDigit(Int(remainder)))
      integer = (integer - remainder) / base
    } while integer > 0
    var out: [UInt8] = []
    out.reserveCapacity(integerDigits.count + fractionDigits.count + 2)
    if v < 0 { out.append(UInt8(ascii: "-")) }
    out.append(contentsOf: integerDigits.reversed())
    if !fractionDigits.isEmpty {
      out.append(UInt8(ascii: "."))
      out.append(contentsOf: fractionDigits)
    }
    return out
  }

  // MARK: - toFixed, toExponential, toPrecision (ES2024 21.1.3.3, .2, .5)
  //
  // The digit counts are ToIntegerOrInfinity of the argument, clamped into Int by the caller
  // (any out-of-range value, infinities included, gives the same answer). The steps' order
  // matters: toFixed checks the count before looking at x, the other two return
  // Number::toString for NaN and infinities whatever the count.

  /// Number.prototype.toFixed; nil when fractionDigits is outside 0...100 (RangeError).
  static func toFixedASCII(_ x: Double, fractionDigits f: Int) -> [UInt8]? {
    guard f >= 0 && f <= 100 else { return nil }
    if !x.isFinite { return toASCII(x) }  // step 6
    if x.magnitude >= 1e21 { return toASCII(x) }  // step 10
    var out: [UInt8] = []
    if x < 0 { out.append(UInt8(ascii: "-")) }  // step 8 (-0 is not < 0)
    // Step 11: n = round(x * 10^f), ties to the larger n.
    let (m, q) = decompose(x.magnitude)
    var digits = roundedScaledDigits(m: m, q: q, decimalShift: f)
    if f != 0 {
      if digits.count <= f {
        digits.insert(
          contentsOf: repeatElement(UInt8(ascii: "0"), count: f + 1 - digits.count), at: 0)
      }
      digits.insert(UInt8(ascii: "."), at: digits.count - f)
    }
    out.append(contentsOf: digits)
    return out
  }

  /// Number.prototype.toExponential; `fractionDigits` nil means "as many as needed".
  /// nil when x is finite and fractionDigits is outside 0...100 (RangeError).
  static func toExponentialASCII(_ x: Double, fractionDigits: Int?) -> [UInt8]? {
    if !x.isFinite { return toASCII(x) }  // step 4, before the range check of step 5
    if let f = fractionDigits, f < 0 || f > 100 { return nil }
    var out: [UInt8] = []
    if x < 0 { out.append(UInt8(ascii: "-")) }
    let digits: [UInt8]
    let exponent: Int
    if x == 0 {
      digits = [UInt8](repeating: UInt8(ascii: "0"), count: (fractionDigits ?? 0) + 1)
      exponent = 0
    } else if let f = fractionDigits {
      (digits, exponent) = exactDigits(x.magnitude, count: f + 1)
    } else {
      // Step 10.b: the shortest digits that round-trip (their last digit is ours to pick).
      let decimal = shortestDecimal(x.magnitude)
      digits = decimalASCII(decimal.significand)
      exponent = decimal.exponent + digits.count - 1
    }
    appendExponential(digits: digits, exponent: exponent, to: &out)
    return out
  }

  /// Number.prototype.toPrecision (precision given; undefined means ToString(x), step 2);
  /// nil when x is finite and precision is outside 1...100 (RangeError).
  static func toPrecisionASCII(_ x: Double, precision p: Int) -> [UInt8]? {
    if !x.isFinite { return toASCII(x) }  // step 4, before the range check of step 5
    guard p >= 1 && p <= 100 else { return nil }
    var out: [UInt8] = []
    if x < 0 { out.append(UInt8(ascii: "-")) }
    var digits: [UInt8]
    let e: Int
    if x == 0 {
      digits = [UInt8](repeating: UInt8(ascii: "0"), count: p)
      e = 0
    } else {
      (digits, e) = exactDigits(x.magnitude, count: p)
      if e < -6 || e >= p {  // step 10.c: exponential notation
        appendExponential(digits: digits, exponent: e, to: &out)
        return out
      }
    }
    if e == p - 1 {
      out.append(contentsOf: digits)
    } else if e >= 0 {
      digits.insert(UInt8(ascii: "."), at: e + 1)
      out.append(contentsOf: digits)
    } else {
      out.append(contentsOf: [UInt8(ascii: "0"), UInt8(ascii: ".")])
      out.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: -(e + 1)))
      out.append(contentsOf: digits)
    }
    return out
  }

  static func toFixedString(_ x: Double, fractionDigits: Int) -> String? {
    toFixedASCII(x, fractionDigits: fractionDigits).map { String(decoding: $0, as: UTF8.self) }
  }

  static func toExponentialString(_ x: Double, fractionDigits: Int?) -> String? {
    toExponentialASCII(x, fractionDigits: fractionDigits).map {
      String(decoding: $0, as: UTF8.self)
    }
  }

  static func toPrecisionString(_ x: Double, precision: Int) -> String? {
    toPrecisionASCII(x, precision: precision).map { String(decoding: $0, as: UTF8.self) }
  }

  /// d[.ddd]e±x
  private static func appendExponential(digits: [UInt8], exponent: Int, to out: inout [UInt8]) {
    out.append(digits[0])
    if digits.count > 1 {
      out.append(UInt8(ascii: "."))
      out.append(contentsOf: digits[1...])
    }
    out.append(UInt8(ascii: "e"))
    out.append(exponent < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
    out.append(contentsOf: decimalASCII(UInt64(exponent.magnitude)))
  }

  private static func decimalASCII(_ value: UInt64) -> [UInt8] {
    let count = decimalDigitCount(value)
    return [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
      writeDigits(value, count: count, to: buffer.baseAddress!)
      initialized = count
    }
  }

  /// x = m * 2^q with m < 2^53 (x finite, >= 0).
  private static func decompose(_ x: Double) -> (m: UInt64, q: Int) {
    let bits = x.bitPattern
    let fraction = bits & ((1 << 52) - 1)
    let biasedExponent = Int((bits >> 52) & 0x7FF)
    if biasedExponent == 0 { return (fraction, -1074) }
    return (fraction | (1 << 52), biasedExponent - 1075)
  }

  /// The digits of n = m * 2^q * 10^decimalShift, rounded (ties up) or truncated, computed
  /// exactly: n = floor((2 num + den) / (2 den)), or floor(num / den), with den = 2^a * 5^b.
  private static func scaledDigits(m: UInt64, q: Int, decimalShift s: Int, rounded: Bool) -> [UInt8] {
    var numerator = BigNat(m)
    var twos = 0  // power of two in the denominator
    var fives = 0  // power of five in the denominator
    if q > 0 { numerator.shiftLeft(q) } else { twos = -q }
    if s > 0 {
      numerator.multiply(byPowerOf10: s)
    } else {
      twos += -s
      fives = -s
    }
    if twos == 0 && fives == 0 { return numerator.decimalDigits() }
    if rounded {
      var denominator = BigNat(1)
      denominator.multiply(byPowerOf5: fives)
      denominator.shiftLeft(twos)
      numerator.shiftLeft(1)
      numerator.add(denominator)
      twos += 1
    }
    numerator.shiftRight(twos)
    numerator.divide(byPowerOf5: fives)
    return numerator.decimalDigits()
  }

  private static func roundedScaledDigits(m: UInt64, q: Int, decimalShift s: Int) -> [UInt8] {
    scaledDigits(m: m, q: q, decimalShift: s, rounded: true)
  }

  /// The `count` digits n and exponent e with 10^(count-1) <= n < 10^count and
  /// n * 10^(e - count + 1) closest to x (x > 0), ties taking the larger n.
  private static func exactDigits(_ x: Double, count: Int) -> (digits: [UInt8], exponent: Int) {
    let (m, q) = decompose(x)
    // First the exact e = floor(log10(x)): truncating x * 10^(count-1-e) gives count digits.
    var e = Int(log10(x).rounded(.down))  // may be off by one
    while true {
      let truncated = scaledDigits(m: m, q: q, decimalShift: count - 1 - e, rounded: false)
      if truncated.count > count {
        e += 1
      } else if truncated.count < count {
        e -= 1
      } else {
        break
      }
    }
    let digits = roundedScaledDigits(m: m, q: q, decimalShift: count - 1 - e)
    if digits.count > count {
      // Rounded up to 10^count: that is 10^(count-1) at the next exponent.
      return ([UInt8(ascii: "1")] + repeatElement(UInt8(ascii: "0"), count: count - 1), e + 1)
    }
    return (digits, e)
  }
}

extension Double {
  /// V8's `Double(x).Exponent() > 0`: x >= 2^53, so its units digit is not represented.
  fileprivate var exponentAboveSignificand: Bool { self >= 9_007_199_254_740_992 }
}
