// Arbitrary-precision integers behind JS BigInt (ES2024 6.1.6.2): a sign-magnitude value
// type over little-endian 64-bit limbs with the arithmetic, bitwise, shift, conversion and
// parsing operations the runtime needs. It knows nothing of the runtime.
//
// Sizes are capped at `maximumBits`: operations whose result would be wider throw
// `TooLarge` (the runtime turns it into a RangeError). Multiplication switches to
// Karatsuba above `karatsubaThreshold` limbs, division is Knuth's algorithm D, and the
// radix conversions (toString, parsing) divide and conquer with powers of the largest
// power of the radix that fits in a limb, so converting a 2^20-bit value stays fast.

/// An arbitrary-precision integer in sign-magnitude form (the value behind a JS BigInt).
struct BigInteger: Equatable, Hashable, Sendable, CustomStringConvertible {
  /// Little-endian 64-bit limbs, no high zero limbs; zero is [] and never negative.
  var magnitude: [UInt64]
  /// True for values below zero (never for zero).
  var isNegative: Bool

  /// Results wider than this many bits (of the magnitude) throw `TooLarge`.
  static let maximumBits = 1 << 20

  /// Thrown when a result would be wider than `maximumBits`.
  struct TooLarge: Error {}
  /// Thrown by `quotientAndRemainder(dividingBy:)` when the divisor is zero.
  struct DivisionByZero: Error {}

  /// Zero.
  static let zero = BigInteger(UInt64(0))
  /// One.
  static let one = BigInteger(UInt64(1))

  // MARK: - Construction

  /// The value of a signed 64-bit integer.
  init(_ value: Int64) {
    magnitude = value == 0 ? [] : [value.magnitude]
    isNegative = value < 0
  }

  /// The value of an unsigned 64-bit integer.
  init(_ value: UInt64) {
    magnitude = value == 0 ? [] : [value]
    isNegative = false
  }

  /// The value of an Int.
  init(_ value: Int) {
    self.init(Int64(value))
  }

  /// A value from limbs that may have high zero limbs (normalized here; -0 becomes 0).
  init(magnitude: [UInt64], isNegative: Bool) {
    var limbs = magnitude
    BigInteger.trim(&limbs)
    self.magnitude = limbs
    self.isNegative = isNegative && !limbs.isEmpty
  }

  /// A value from limbs already without high zero limbs.
  private init(normalized limbs: [UInt64], negative: Bool) {
    magnitude = limbs
    isNegative = negative && !limbs.isEmpty
  }

  /// The integer equal to `double`; nil unless it is finite and integral (-0 gives 0).
  init?(exactly double: Double) {
    guard double.isFinite, double == double.rounded(.towardZero) else { return nil }
    let absolute = Swift.abs(double)
    if absolute < 0x1p64 {
      self.init(normalized: absolute == 0 ? [] : [UInt64(absolute)], negative: double < 0)
    } else {
      let significand = (UInt64(1) << 52) | absolute.significandBitPattern
      let limbs = BigInteger.shiftLeft([significand], by: Int(absolute.exponent) - 52)
      self.init(normalized: limbs, negative: double < 0)
    }
  }

  /// Parses digits in `radix` (2...36, either letter case) with no sign, prefix or separator;
  /// nil when empty or a character is not a digit; throws `TooLarge` beyond `maximumBits`.
  init?<C: Collection>(digits: C, radix: Int) throws where C.Element: FixedWidthInteger & UnsignedInteger {
    precondition((2...36).contains(radix), "radix out of range")
    guard !digits.isEmpty else { return nil }
    var values: [UInt8] = []
    values.reserveCapacity(digits.count)
    for unit in digits {
      guard unit < 128, let value = BigInteger.digitValue(UInt8(truncatingIfNeeded: unit)), Int(value) < radix
      else { return nil }
      if value != 0 || !values.isEmpty { values.append(value) }
    }
    guard !values.isEmpty else {
      self = .zero
      return
    }
    // The value is at least radix^(count-1): reject hopeless sizes before any work.
    if (values.count - 1) * BigInteger.floorLog2(radix) >= BigInteger.maximumBits { throw TooLarge() }
    let limbs = BigInteger.magnitude(fromDigitValues: values, radix: radix)
    self.init(normalized: limbs, negative: false)
    if bitWidth > BigInteger.maximumBits { throw TooLarge() }
  }

  /// StringToBigInt (ES2024 7.1.14) over code units: nil when not a StringIntegerLiteral;
  /// throws `TooLarge` when the value is wider than `maximumBits`.
  static func parse<C: FixedWidthInteger & UnsignedInteger>(_ units: UnsafeBufferPointer<C>) throws -> BigInteger? {
    var start = 0
    var end = units.count
    while start < end && NumberParsing.isStrWhiteSpace(UInt32(truncatingIfNeeded: units[start])) { start += 1 }
    while end > start && NumberParsing.isStrWhiteSpace(UInt32(truncatingIfNeeded: units[end - 1])) { end -= 1 }
    if start == end { return .zero }
    let body = UnsafeBufferPointer(rebasing: units[start..<end])
    if body.count >= 2 && body[0] == 0x30 {
      let radix: Int
      switch body[1] | 0x20 {
      case 0x78: radix = 16  // x
      case 0x6F: radix = 8  // o
      case 0x62: radix = 2  // b
      default: radix = 10
      }
      if radix != 10 { return try BigInteger(digits: body.dropFirst(2), radix: radix) }
    }
    let sign = body[0]
    let hasSign = sign == 0x2B || sign == 0x2D
    guard let value = try BigInteger(digits: body.dropFirst(hasSign ? 1 : 0), radix: 10) else { return nil }
    return sign == 0x2D ? value.negated() : value
  }

  /// StringToBigInt over the UTF-16 code units of an array (convenience for `parse(_:)`).
  static func parse<C: FixedWidthInteger & UnsignedInteger>(_ units: [C]) throws -> BigInteger? {
    try units.withUnsafeBufferPointer { try parse($0) }
  }

  // MARK: - Properties

  /// True for zero.
  var isZero: Bool { magnitude.isEmpty }

  /// -1, 0 or 1.
  var signum: Int { magnitude.isEmpty ? 0 : (isNegative ? -1 : 1) }

  /// The number of bits of the magnitude (0 for zero).
  var bitWidth: Int { BigInteger.bitWidth(magnitude) }

  /// The low 64 bits of the two's-complement representation.
  var truncatedUInt64: UInt64 {
    guard let low = magnitude.first else { return 0 }
    return isNegative ? 0 &- low : low
  }

  /// The low 64 bits of the two's-complement representation, as a signed value.
  var truncatedInt64: Int64 { Int64(bitPattern: truncatedUInt64) }

  /// The decimal representation.
  var description: String { toString(radix: 10) }

  // MARK: - Comparison

  /// -1, 0 or 1 as `a` is less than, equal to or greater than `b`.
  static func compare(_ a: BigInteger, _ b: BigInteger) -> Int {
    if a.isNegative != b.isNegative { return a.isNegative ? -1 : 1 }
    let order = compareMagnitudes(a.magnitude, b.magnitude)
    return a.isNegative ? -order : order
  }

  /// -1, 0 or 1 as `a` is less than, equal to or greater than `b`, exactly; nil when `b` is NaN.
  static func compare(_ a: BigInteger, _ b: Double) -> Int? {
    if b.isNaN { return nil }
    if b.isInfinite { return b < 0 ? 1 : -1 }
    let bSign = b > 0 ? 1 : (b < 0 ? -1 : 0)
    if a.signum != bSign { return a.signum < bSign ? -1 : 1 }
    if bSign == 0 { return 0 }
    let absolute = Swift.abs(b)
    let integral = absolute.rounded(.towardZero)
    guard let integralValue = BigInteger(exactly: integral) else { return nil }
    var order = compareMagnitudes(a.magnitude, integralValue.magnitude)
    if order == 0 && integral != absolute { order = -1 }
    return a.isNegative ? -order : order
  }

  // MARK: - Arithmetic

  /// -self.
  func negated() -> BigInteger {
    BigInteger(normalized: magnitude, negative: !isNegative)
  }

  /// |self|.
  func absoluteValue() -> BigInteger {
    BigInteger(normalized: magnitude, negative: false)
  }

  /// a + b; throws `TooLarge` when wider than `maximumBits`.
  static func + (a: BigInteger, b: BigInteger) throws -> BigInteger {
    try checked(sum(a, b, negatingB: false))
  }

  /// a - b; throws `TooLarge` when wider than `maximumBits`.
  static func - (a: BigInteger, b: BigInteger) throws -> BigInteger {
    try checked(sum(a, b, negatingB: true))
  }

  /// a * b; throws `TooLarge` when wider than `maximumBits`.
  static func * (a: BigInteger, b: BigInteger) throws -> BigInteger {
    if a.isZero || b.isZero { return .zero }
    if a.bitWidth + b.bitWidth - 1 > maximumBits { throw TooLarge() }
    return try checked(product(a, b))
  }

  /// Truncating division: the quotient rounds toward zero and the remainder has the dividend's
  /// sign; throws `DivisionByZero` when `divisor` is zero.
  func quotientAndRemainder(dividingBy divisor: BigInteger) throws -> (quotient: BigInteger, remainder: BigInteger) {
    if divisor.isZero { throw DivisionByZero() }
    if BigInteger.compareMagnitudes(magnitude, divisor.magnitude) < 0 { return (.zero, self) }
    let (q, r) = BigInteger.divide(magnitude, by: divisor.magnitude)
    return (
      BigInteger(normalized: q, negative: isNegative != divisor.isNegative),
      BigInteger(normalized: r, negative: isNegative)
    )
  }

  /// self ** exponent for exponent ≥ 0 (a precondition; 0 ** 0 is 1); throws `TooLarge`.
  func power(_ exponent: BigInteger) throws -> BigInteger {
    precondition(!exponent.isNegative, "negative exponent")
    if exponent.isZero { return .one }
    if isZero { return .zero }
    let negativeResult = isNegative && exponent.magnitude[0] & 1 == 1
    if magnitude == [1] { return BigInteger(normalized: [1], negative: negativeResult) }
    // |self| ≥ 2 from here, so the result has at least exponent + 1 bits.
    guard exponent.magnitude.count == 1, exponent.magnitude[0] < UInt64(BigInteger.maximumBits) else {
      throw TooLarge()
    }
    let e = Int(exponent.magnitude[0])
    let width = bitWidth
    let trailingZeros = BigInteger.trailingZeroBitCount(magnitude)
    if trailingZeros == width - 1 {  // |self| is a power of two: a shift
      let shift = trailingZeros * e
      if shift + 1 > BigInteger.maximumBits { throw TooLarge() }
      return BigInteger(normalized: BigInteger.shiftLeft([1], by: shift), negative: negativeResult)
    }
    // |self|^e has between (width - 1) * e + 1 and width * e bits.
    if (width - 1) * e + 1 > BigInteger.maximumBits { throw TooLarge() }
    var result = magnitude
    var bit = Int.bitWidth - e.leadingZeroBitCount - 2
    while bit >= 0 {
      result = BigInteger.multiply(result, result)
      if (e >> bit) & 1 == 1 { result = BigInteger.multiply(result, magnitude) }
      if BigInteger.bitWidth(result) > BigInteger.maximumBits { throw TooLarge() }
      bit -= 1
    }
    return BigInteger(normalized: result, negative: negativeResult)
  }

  private static func checked(_ value: BigInteger) throws -> BigInteger {
    if value.bitWidth > maximumBits { throw TooLarge() }
    return value
  }

  private static func sum(_ a: BigInteger, _ b: BigInteger, negatingB: Bool) -> BigInteger {
    a.withLimbs { a in
      b.withLimbs { b in
        BigInteger(resultOf: sumCapacity(a, b)) { sum(a, b, negatingB: negatingB, into: $0) }
      }
    }
  }

  private static func product(_ a: BigInteger, _ b: BigInteger) -> BigInteger {
    a.withLimbs { a in
      b.withLimbs { b in
        BigInteger(resultOf: productCapacity(a, b)) { product(a, b, into: $0) }
      }
    }
  }

  /// Calls `body` with a view of this value's limbs.
  private func withLimbs<R>(_ body: (Limbs) -> R) -> R {
    magnitude.withUnsafeBufferPointer { body(Limbs(magnitude: $0, isNegative: isNegative)) }
  }

  /// The value an operation on limb buffers writes into `capacity` fresh limbs.
  private init(
    resultOf capacity: Int, _ operation: (UnsafeMutableBufferPointer<UInt64>) -> (count: Int, isNegative: Bool)
  ) {
    var negative = false
    let limbs = [UInt64](unsafeUninitializedCapacity: capacity) { buffer, count in
      (count, negative) = operation(buffer)
    }
    self.init(normalized: limbs, negative: negative)
  }

  // MARK: - Bitwise operations (two's complement on infinite precision)

  /// ~self, that is -self - 1. The result may be one bit wider than `maximumBits`; never throws.
  func bitwiseNot() -> BigInteger {
    if isNegative { return BigInteger(normalized: BigInteger.subtract(magnitude, [1]), negative: false) }
    return BigInteger(normalized: BigInteger.add(magnitude, [1]), negative: true)
  }

  /// self & other. The result is never wider than the wider operand plus one bit.
  func bitwiseAnd(_ other: BigInteger) -> BigInteger {
    if !isNegative && !other.isNegative {
      let count = Swift.min(magnitude.count, other.magnitude.count)
      var limbs = [UInt64](repeating: 0, count: count)
      for i in 0..<count { limbs[i] = magnitude[i] & other.magnitude[i] }
      return BigInteger(magnitude: limbs, isNegative: false)
    }
    return BigInteger.bitwise(self, other) { $0 & $1 }
  }

  /// self | other. The result is never wider than the wider operand plus one bit.
  func bitwiseOr(_ other: BigInteger) -> BigInteger {
    BigInteger.bitwise(self, other) { $0 | $1 }
  }

  /// self ^ other. The result is never wider than the wider operand plus one bit.
  func bitwiseXor(_ other: BigInteger) -> BigInteger {
    BigInteger.bitwise(self, other) { $0 ^ $1 }
  }

  private static func bitwise(_ a: BigInteger, _ b: BigInteger, _ op: (UInt64, UInt64) -> UInt64) -> BigInteger {
    let count = Swift.max(a.magnitude.count, b.magnitude.count) + 1
    var x = a.twosComplement(count: count)
    let y = b.twosComplement(count: count)
    for i in 0..<count { x[i] = op(x[i], y[i]) }
    return fromTwosComplement(x)
  }

  /// The two's-complement limbs of self, sign-extended to `count` limbs (> magnitude.count).
  private func twosComplement(count: Int) -> [UInt64] {
    var limbs = magnitude
    limbs.append(contentsOf: repeatElement(0, count: count - limbs.count))
    if isNegative { BigInteger.negateTwosComplement(&limbs) }
    return limbs
  }

  private static func fromTwosComplement(_ limbs: [UInt64]) -> BigInteger {
    var limbs = limbs
    let negative = (limbs.last ?? 0) >> 63 == 1
    if negative { negateTwosComplement(&limbs) }
    return BigInteger(magnitude: limbs, isNegative: negative)
  }

  /// limbs = -limbs modulo 2^(64 * count).
  private static func negateTwosComplement(_ limbs: inout [UInt64]) {
    var carry = true
    for i in limbs.indices {
      limbs[i] = ~limbs[i]
      if carry { (limbs[i], carry) = limbs[i].addingReportingOverflow(1) }
    }
  }

  // MARK: - Shifts

  /// self << n (n < 0 shifts right); throws `TooLarge` when the result is wider than `maximumBits`.
  func shiftedLeft(_ n: BigInteger) throws -> BigInteger {
    try n.isNegative ? shiftedRight(byMagnitudeOf: n) : shiftedLeft(byMagnitudeOf: n)
  }

  /// self >> n, rounding toward -Infinity (n < 0 shifts left); throws `TooLarge` like `shiftedLeft`.
  func shiftedRight(_ n: BigInteger) throws -> BigInteger {
    try n.isNegative ? shiftedLeft(byMagnitudeOf: n) : shiftedRight(byMagnitudeOf: n)
  }

  /// self << bits for bits ≥ 0; throws `TooLarge` when the result is wider than `maximumBits`.
  func shiftedLeft(bits: Int) throws -> BigInteger {
    try shiftedLeft(byMagnitudeOf: BigInteger(bits))
  }

  /// self >> bits for bits ≥ 0, rounding toward -Infinity.
  func shiftedRight(bits: Int) -> BigInteger {
    shiftedRight(byMagnitudeOf: BigInteger(bits))
  }

  private func shiftedLeft(byMagnitudeOf n: BigInteger) throws -> BigInteger {
    if isZero || n.isZero { return self }
    guard n.magnitude.count == 1, n.magnitude[0] <= UInt64(BigInteger.maximumBits) else { throw TooLarge() }
    let bits = Int(n.magnitude[0])
    if bitWidth + bits > BigInteger.maximumBits { throw TooLarge() }
    return BigInteger(normalized: BigInteger.shiftLeft(magnitude, by: bits), negative: isNegative)
  }

  private func shiftedRight(byMagnitudeOf n: BigInteger) -> BigInteger {
    if isZero || n.isZero { return self }
    guard n.magnitude.count == 1, n.magnitude[0] < UInt64(bitWidth) else {
      return isNegative ? BigInteger(-1) : .zero
    }
    let bits = Int(n.magnitude[0])
    var limbs = BigInteger.shiftRight(magnitude, by: bits)
    // Floor division of a negative value: round the magnitude up when bits were lost.
    if isNegative && BigInteger.trailingZeroBitCount(magnitude) < bits { limbs = BigInteger.add(limbs, [1]) }
    return BigInteger(normalized: limbs, negative: isNegative)
  }

  // MARK: - BigInt.asIntN / asUintN

  /// BigInt.asIntN(bits, self): self modulo 2^bits as a signed value; never actually throws.
  func asIntN(_ bits: UInt64) throws -> BigInteger {
    if bits == 0 { return .zero }
    if bits > UInt64(bitWidth) { return self }  // -2^(bits-1) <= self < 2^(bits-1) already
    let n = Int(bits)
    let unsigned = moduloPowerOfTwo(n)
    // unsigned >= 2^(n-1) → unsigned - 2^n.
    if BigInteger.bitWidth(unsigned) == n {
      var limbs = unsigned
      let count = (n + 63) / 64
      limbs.append(contentsOf: repeatElement(0, count: count - limbs.count))
      BigInteger.negateTwosComplement(&limbs)
      if n % 64 != 0 { limbs[count - 1] &= (UInt64(1) << (n % 64)) - 1 }
      return BigInteger(magnitude: limbs, isNegative: true)
    }
    return BigInteger(normalized: unsigned, negative: false)
  }

  /// BigInt.asUintN(bits, self): self modulo 2^bits; throws `TooLarge` when that is wider than
  /// `maximumBits` (a negative value with a huge `bits`).
  func asUintN(_ bits: UInt64) throws -> BigInteger {
    if bits == 0 || isZero { return .zero }
    if !isNegative && bits >= UInt64(bitWidth) { return self }
    if isNegative && bits > UInt64(BigInteger.maximumBits) {
      // The result is 2^bits - (|self| mod 2^bits), nonzero here since |self| < 2^bits.
      if bits >= UInt64(bitWidth) { throw TooLarge() }
    }
    let n = Int(bits)
    let result = BigInteger(normalized: moduloPowerOfTwo(n), negative: false)
    if result.bitWidth > BigInteger.maximumBits { throw TooLarge() }
    return result
  }

  /// The magnitude of self modulo 2^n (two's complement for negative values), n ≥ 1 and not
  /// larger than needed (callers bound it).
  private func moduloPowerOfTwo(_ n: Int) -> [UInt64] {
    let count = (n + 63) / 64
    var limbs = Array(magnitude.prefix(count))
    if isNegative {
      limbs.append(contentsOf: repeatElement(0, count: count - limbs.count))
      BigInteger.negateTwosComplement(&limbs)
    }
    if n % 64 != 0 && limbs.count == count { limbs[count - 1] &= (UInt64(1) << (n % 64)) - 1 }
    BigInteger.trim(&limbs)
    return limbs
  }

  // MARK: - Conversion to Number

  /// The Number value (ES2024 BigInt → Number): rounded to nearest, ties to even; ±Infinity
  /// when too large.
  func toDouble() -> Double {
    let width = bitWidth
    var value: Double
    if width <= 64 {
      value = Double(magnitude.first ?? 0)
    } else if width > 1024 {
      value = .infinity
    } else {
      // The top 64 bits, plus whether anything below them is set.
      let shift = width - 64
      let top = BigInteger.bits(magnitude, at: shift)
      let sticky = BigInteger.trailingZeroBitCount(magnitude) < shift
      var significand = top >> 11
      let rest = top & 0x7FF
      if rest > 0x400 || (rest == 0x400 && (sticky || significand & 1 == 1)) { significand += 1 }
      value = Double(sign: .plus, exponent: shift + 11, significand: Double(significand))
    }
    return isNegative ? -value : value
  }

  // MARK: - Conversion to text

  /// The digits in `radix` (2...36): lowercase letters, a leading "-" when negative.
  func toString(radix: Int) -> String {
    precondition((2...36).contains(radix), "radix out of range")
    if magnitude.isEmpty { return "0" }
    if magnitude.count == 1 { return (isNegative ? "-" : "") + String(magnitude[0], radix: radix) }
    var text: [UInt8] = []
    let width = bitWidth
    text.reserveCapacity(width / BigInteger.floorLog2(radix) + 3)
    if isNegative { text.append(0x2D) }
    if radix & (radix - 1) == 0 {
      let digitBits = radix.trailingZeroBitCount
      let digitCount = (width + digitBits - 1) / digitBits
      var position = (digitCount - 1) * digitBits
      while position >= 0 {
        let digit = BigInteger.bits(magnitude, at: position) & ((1 << UInt64(digitBits)) - 1)
        text.append(BigInteger.digitCharacters[Int(digit)])
        position -= digitBits
      }
    } else {
      var converter = RadixConverter(radix: radix)
      converter.appendDigits(of: magnitude, to: &text)
    }
    return String(decoding: text, as: UTF8.self)
  }

  private static let digitCharacters: [UInt8] = Array("0123456789abcdefghijklmnopqrstuvwxyz".utf8)

  /// Powers of the radix for divide-and-conquer conversions: `base` = radix^`chunkDigits` is
  /// the largest power that fits in a limb, and `powers[k]` = base^(2^k).
  private struct RadixConverter {
    let radix: Int
    let chunkDigits: Int
    let base: UInt64
    var powers: [[UInt64]]

    /// Values of at most this many limbs are converted by repeated division by `base`.
    static let simpleLimbs = 32

    init(radix: Int) {
      self.radix = radix
      var digits = 1
      var base = UInt64(radix)
      while true {
        let (next, overflow) = base.multipliedReportingOverflow(by: UInt64(radix))
        if overflow { break }
        base = next
        digits += 1
      }
      chunkDigits = digits
      self.base = base
      powers = [[base]]
    }

    /// powers[k], computed on demand.
    mutating func power(_ k: Int) -> [UInt64] {
      while powers.count <= k { powers.append(BigInteger.multiply(powers[powers.count - 1], powers[powers.count - 1])) }
      return powers[k]
    }

    /// Appends the digits of a nonzero magnitude, most significant first.
    mutating func appendDigits(of value: [UInt64], to text: inout [UInt8]) {
      // Smallest level K with value < powers[K]^2, which holds once 2 * (bits(powers[K]) - 1) >= bits(value).
      let width = BigInteger.bitWidth(value)
      var level = 0
      while 2 * (BigInteger.bitWidth(power(level)) - 1) < width { level += 1 }
      append(value, level: level, width: 0, to: &text)
    }

    /// Appends value (< powers[level]^2) as exactly `width` digits, or without leading zeros
    /// when `width` is 0.
    private mutating func append(_ value: [UInt64], level: Int, width: Int, to text: inout [UInt8]) {
      if value.count <= RadixConverter.simpleLimbs || level < 0 {
        appendSimply(value, width: width, to: &text)
        return
      }
      let divisor = power(level)
      if BigInteger.compareMagnitudes(value, divisor) < 0 {
        append(value, level: level - 1, width: width, to: &text)
        return
      }
      let (high, low) = BigInteger.divide(value, by: divisor)
      let lowWidth = chunkDigits << level
      append(high, level: level - 1, width: width == 0 ? 0 : width - lowWidth, to: &text)
      append(low, level: level - 1, width: lowWidth, to: &text)
    }

    /// Repeated division by `base`, for small values.
    private func appendSimply(_ value: [UInt64], width: Int, to text: inout [UInt8]) {
      var chunks: [UInt64] = []
      chunks.reserveCapacity(value.count * 64 / (chunkDigits * 3) + 2)
      var rest = value
      let base = self.base
      rest.withUnsafeMutableBufferPointer { limbs in
        var count = limbs.count
        while count > 0 {
          var remainder: UInt64 = 0
          var i = count - 1
          while i >= 0 {
            (limbs[i], remainder) = base.dividingFullWidth((remainder, limbs[i]))
            i -= 1
          }
          if limbs[count - 1] == 0 { count -= 1 }
          chunks.append(remainder)
        }
      }
      // The most significant chunk without leading zeros, unless a width asks for them.
      let topDigits = chunks.last.map { digitCount($0) } ?? 0
      let total = topDigits + chunkDigits * Swift.max(chunks.count - 1, 0)
      if width > total { text.append(contentsOf: repeatElement(0x30, count: width - total)) }
      var index = chunks.count - 1
      while index >= 0 {
        appendChunk(chunks[index], digits: index == chunks.count - 1 ? topDigits : chunkDigits, to: &text)
        index -= 1
      }
    }

    private func digitCount(_ chunk: UInt64) -> Int {
      var count = 1
      var rest = chunk / UInt64(radix)
      while rest != 0 {
        count += 1
        rest /= UInt64(radix)
      }
      return count
    }

    private func appendChunk(_ chunk: UInt64, digits: Int, to text: inout [UInt8]) {
      let start = text.count
      text.append(contentsOf: repeatElement(0x30, count: digits))
      var rest = chunk
      var index = start + digits - 1
      while rest != 0 {
        text[index] = BigInteger.digitCharacters[Int(rest % UInt64(radix))]
        rest /= UInt64(radix)
        index -= 1
      }
    }

    /// The magnitude of digit values (most significant first, each < radix).
    mutating func magnitude(fromDigitValues digits: [UInt8]) -> [UInt64] {
      // Chunks of `chunkDigits` digits aligned at the least significant end.
      let chunkCount = (digits.count + chunkDigits - 1) / chunkDigits
      var chunks = [UInt64](repeating: 0, count: chunkCount)
      var position = 0
      var firstLength = digits.count - (chunkCount - 1) * chunkDigits
      for c in 0..<chunkCount {
        var value: UInt64 = 0
        for _ in 0..<firstLength {
          value = value * UInt64(radix) + UInt64(digits[position])
          position += 1
        }
        chunks[c] = value
        firstLength = chunkDigits
      }
      // Blocks of 2^blockLevel chunks by multiply-and-add, then combined pairwise:
      // group(2i) + group(2i+1) * base^(chunks per group).
      let blockLevel = 5
      let blockChunks = 1 << blockLevel
      var groups: [[UInt64]] = []
      var blockEnd = chunkCount
      while blockEnd > 0 {
        let blockStart = Swift.max(blockEnd - blockChunks, 0)
        groups.append(combineSimply(chunks[blockStart..<blockEnd]))
        blockEnd = blockStart
      }
      var level = blockLevel
      while groups.count > 1 {
        let multiplier = power(level)
        var next: [[UInt64]] = []
        next.reserveCapacity((groups.count + 1) / 2)
        var i = 0
        while i + 1 < groups.count {
          next.append(BigInteger.add(groups[i], BigInteger.multiply(groups[i + 1], multiplier)))
          i += 2
        }
        if i < groups.count { next.append(groups[i]) }
        groups = next
        level += 1
      }
      var result = groups[0]
      BigInteger.trim(&result)
      return result
    }

    private func combineSimply(_ chunks: ArraySlice<UInt64>) -> [UInt64] {
      var limbs = [UInt64](repeating: 0, count: chunks.count + 1)
      let base = self.base
      var count = 0
      limbs.withUnsafeMutableBufferPointer { limbs in
        for chunk in chunks {
          var carry = chunk
          for i in 0..<count {
            let (high, low) = limbs[i].multipliedFullWidth(by: base)
            let (sum, overflow) = low.addingReportingOverflow(carry)
            limbs[i] = sum
            carry = high &+ bit(overflow)
          }
          if carry != 0 {
            limbs[count] = carry
            count += 1
          }
        }
      }
      limbs.removeLast(limbs.count - count)
      return limbs
    }
  }

  // MARK: - Digits

  private static func digitValue(_ c: UInt8) -> UInt8? {
    switch c {
    case 0x30...0x39: return c - 0x30
    case 0x41...0x5A: return c - 0x41 + 10
    case 0x61...0x7A: return c - 0x61 + 10
    default: return nil
    }
  }

  /// floor(log2(radix)), a lower bound on the bits per digit.
  private static func floorLog2(_ radix: Int) -> Int {
    Int.bitWidth - 1 - radix.leadingZeroBitCount
  }

  private static func magnitude(fromDigitValues digits: [UInt8], radix: Int) -> [UInt64] {
    if radix & (radix - 1) == 0 {
      let digitBits = radix.trailingZeroBitCount
      var limbs = [UInt64](repeating: 0, count: (digits.count * digitBits + 63) / 64)
      var position = 0
      for digit in digits.reversed() {
        let value = UInt64(digit)
        let index = position / 64
        let offset = position % 64
        limbs[index] |= value << UInt64(offset)
        if offset + digitBits > 64 { limbs[index + 1] |= value >> UInt64(64 - offset) }
        position += digitBits
      }
      trim(&limbs)
      return limbs
    }
    var converter = RadixConverter(radix: radix)
    return converter.magnitude(fromDigitValues: digits)
  }

  // MARK: - Magnitude helpers

  /// 1 for true, 0 for false, without a branch (carry chains are unpredictable).
  @inline(__always)
  private static func bit(_ flag: Bool) -> UInt64 {
    UInt64(unsafeBitCast(flag, to: UInt8.self))
  }

  private static func trim(_ limbs: inout [UInt64]) {
    while limbs.last == 0 { limbs.removeLast() }
  }

  private static func bitWidth(_ limbs: [UInt64]) -> Int {
    guard let top = limbs.last else { return 0 }
    return limbs.count * 64 - top.leadingZeroBitCount
  }

  /// The number of low zero bits (0 for zero).
  private static func trailingZeroBitCount(_ limbs: [UInt64]) -> Int {
    for (i, limb) in limbs.enumerated() where limb != 0 { return i * 64 + limb.trailingZeroBitCount }
    return 0
  }

  /// The 64 bits starting at bit `position` (zeros beyond the top).
  private static func bits(_ limbs: [UInt64], at position: Int) -> UInt64 {
    let index = position / 64
    let offset = position % 64
    guard index < limbs.count else { return 0 }
    var value = limbs[index] >> UInt64(offset)
    if offset != 0 && index + 1 < limbs.count { value |= limbs[index + 1] << UInt64(64 - offset) }
    return value
  }

  private static func compareMagnitudes(_ a: [UInt64], _ b: [UInt64]) -> Int {
    a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { b in compareMagnitudes(a, b) } }
  }

  private static func compareMagnitudes(_ a: UnsafeBufferPointer<UInt64>, _ b: UnsafeBufferPointer<UInt64>) -> Int {
    if a.count != b.count { return a.count < b.count ? -1 : 1 }
    var i = a.count - 1
    while i >= 0 {
      if a[i] != b[i] { return a[i] < b[i] ? -1 : 1 }
      i -= 1
    }
    return 0
  }

  private static func add(_ a: [UInt64], _ b: [UInt64]) -> [UInt64] {
    var result = [UInt64](repeating: 0, count: Swift.max(a.count, b.count) + 1)
    let length = result.withUnsafeMutableBufferPointer { r in
      a.withUnsafeBufferPointer { a in
        b.withUnsafeBufferPointer { b in addInto(r, a, b) }
      }
    }
    result.removeLast(result.count - length)
    return result
  }

  /// a - b for a ≥ b.
  private static func subtract(_ a: [UInt64], _ b: [UInt64]) -> [UInt64] {
    var result = a
    result.withUnsafeMutableBufferPointer { r in
      b.withUnsafeBufferPointer { b in
        _ = subtractInPlace(r, b)
      }
    }
    trim(&result)
    return result
  }

  /// r[0..<a.count] = a - b for a ≥ b, in one pass (r may be `a` itself, or overlap neither).
  private static func subtractInto(
    _ r: UnsafeMutableBufferPointer<UInt64>, _ a: UnsafeBufferPointer<UInt64>, _ b: UnsafeBufferPointer<UInt64>
  ) {
    var borrow: UInt64 = 0
    for i in 0..<b.count {
      let (d1, b1) = a[i].subtractingReportingOverflow(b[i])
      let (d2, b2) = d1.subtractingReportingOverflow(borrow)
      r[i] = d2
      borrow = bit(b1) &+ bit(b2)
    }
    for i in b.count..<a.count {
      let (d, b) = a[i].subtractingReportingOverflow(borrow)
      r[i] = d
      borrow = bit(b)
    }
  }

  /// r -= s over r's length (s's limbs beyond r's length must be zero); returns the borrow out.
  @discardableResult
  private static func subtractInPlace(_ r: UnsafeMutableBufferPointer<UInt64>, _ s: UnsafeBufferPointer<UInt64>)
    -> Bool
  {
    var borrow: UInt64 = 0
    let count = Swift.min(r.count, s.count)
    for i in 0..<count {
      let (d1, b1) = r[i].subtractingReportingOverflow(s[i])
      let (d2, b2) = d1.subtractingReportingOverflow(borrow)
      r[i] = d2
      borrow = bit(b1) &+ bit(b2)
    }
    var i = count
    while borrow != 0 && i < r.count {
      let (d, b) = r[i].subtractingReportingOverflow(1)
      r[i] = d
      borrow = b ? 1 : 0
      i += 1
    }
    return borrow != 0
  }

  /// r[offset...] += s, propagating the carry within r; returns the carry out.
  @discardableResult
  private static func addInPlace(
    _ r: UnsafeMutableBufferPointer<UInt64>, at offset: Int, _ s: UnsafeBufferPointer<UInt64>
  ) -> Bool {
    var carry: UInt64 = 0
    var count = s.count
    while count > 0 && s[count - 1] == 0 { count -= 1 }
    for i in 0..<count {
      let (s1, c1) = r[offset + i].addingReportingOverflow(s[i])
      let (s2, c2) = s1.addingReportingOverflow(carry)
      r[offset + i] = s2
      carry = bit(c1) &+ bit(c2)
    }
    var i = offset + count
    while carry != 0 && i < r.count {
      let (sum, c) = r[i].addingReportingOverflow(1)
      r[i] = sum
      carry = c ? 1 : 0
      i += 1
    }
    return carry != 0
  }

  private static func shiftLeft(_ a: [UInt64], by bits: Int) -> [UInt64] {
    if a.isEmpty { return [] }
    let limbShift = bits / 64
    let bitShift = UInt64(bits % 64)
    var result = [UInt64](repeating: 0, count: a.count + limbShift + 1)
    if bitShift == 0 {
      for i in 0..<a.count { result[i + limbShift] = a[i] }
    } else {
      var carry: UInt64 = 0
      for i in 0..<a.count {
        result[i + limbShift] = (a[i] << bitShift) | carry
        carry = a[i] >> (64 - bitShift)
      }
      result[a.count + limbShift] = carry
    }
    trim(&result)
    return result
  }

  private static func shiftRight(_ a: [UInt64], by bits: Int) -> [UInt64] {
    let limbShift = bits / 64
    if limbShift >= a.count { return [] }
    let bitShift = UInt64(bits % 64)
    let count = a.count - limbShift
    var result = [UInt64](repeating: 0, count: count)
    for i in 0..<count {
      var value = a[i + limbShift] >> bitShift
      if bitShift != 0 && i + limbShift + 1 < a.count { value |= a[i + limbShift + 1] << (64 - bitShift) }
      result[i] = value
    }
    trim(&result)
    return result
  }

  // MARK: - Multiplication

  /// Operands of at least this many limbs (both) are multiplied by Karatsuba's method.
  static let karatsubaThreshold = 40

  private static func multiply(_ a: [UInt64], _ b: [UInt64]) -> [UInt64] {
    if a.isEmpty || b.isEmpty { return [] }
    var result = [UInt64](repeating: 0, count: a.count + b.count)
    result.withUnsafeMutableBufferPointer { r in
      a.withUnsafeBufferPointer { a in
        b.withUnsafeBufferPointer { b in
          multiply(a, b, into: r)
        }
      }
    }
    trim(&result)
    return result
  }

  /// r = a * b, where r has exactly a.count + b.count limbs and overlaps neither operand.
  private static func multiply(
    _ a: UnsafeBufferPointer<UInt64>, _ b: UnsafeBufferPointer<UInt64>, into r: UnsafeMutableBufferPointer<UInt64>
  ) {
    if a.count < b.count {
      multiply(b, a, into: r)
      return
    }
    if b.count < karatsubaThreshold {
      multiplySchoolbook(a, b, into: r)
      return
    }
    if b.count * 2 <= a.count {
      // Unbalanced: pieces of a as long as b.
      r.update(repeating: 0)
      let piece = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: 2 * b.count)
      defer { piece.deallocate() }
      var offset = 0
      while offset < a.count {
        let length = Swift.min(b.count, a.count - offset)
        let product = UnsafeMutableBufferPointer(rebasing: piece[0..<(length + b.count)])
        multiply(UnsafeBufferPointer(rebasing: a[offset..<(offset + length)]), b, into: product)
        addInPlace(r, at: offset, UnsafeBufferPointer(product))
        offset += length
      }
      return
    }
    // a = a1·X + a0, b = b1·X + b0 with X = 2^(64m); b.count > m since 2 * b.count > a.count.
    let m = a.count / 2
    let a0 = UnsafeBufferPointer(rebasing: a[0..<m])
    let a1 = UnsafeBufferPointer(rebasing: a[m...])
    let b0 = UnsafeBufferPointer(rebasing: b[0..<m])
    let b1 = UnsafeBufferPointer(rebasing: b[m...])
    let low = UnsafeMutableBufferPointer(rebasing: r[0..<(2 * m)])
    let high = UnsafeMutableBufferPointer(rebasing: r[(2 * m)...])
    multiply(a0, b0, into: low)
    multiply(a1, b1, into: high)
    // (a0 + a1)(b0 + b1) - a0·b0 - a1·b1 = a0·b1 + a1·b0, added at X.
    let sumA = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: Swift.max(m, a1.count) + 1)
    let sumB = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: Swift.max(m, b1.count) + 1)
    defer {
      sumA.deallocate()
      sumB.deallocate()
    }
    let lengthA = addInto(sumA, a0, a1)
    let lengthB = addInto(sumB, b0, b1)
    let middle = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: lengthA + lengthB)
    defer { middle.deallocate() }
    multiply(
      UnsafeBufferPointer(rebasing: sumA[0..<lengthA]), UnsafeBufferPointer(rebasing: sumB[0..<lengthB]),
      into: middle)
    subtractInPlace(middle, UnsafeBufferPointer(low))
    subtractInPlace(middle, UnsafeBufferPointer(high))
    addInPlace(r, at: m, UnsafeBufferPointer(middle))
  }

  /// r = a + b (r has room for the longer operand plus one limb); returns the length without
  /// high zero limbs.
  private static func addInto(
    _ r: UnsafeMutableBufferPointer<UInt64>, _ a: UnsafeBufferPointer<UInt64>, _ b: UnsafeBufferPointer<UInt64>
  ) -> Int {
    let (long, short) = a.count >= b.count ? (a, b) : (b, a)
    var carry: UInt64 = 0
    for i in 0..<short.count {
      let (s1, c1) = long[i].addingReportingOverflow(short[i])
      let (s2, c2) = s1.addingReportingOverflow(carry)
      r[i] = s2
      carry = bit(c1) &+ bit(c2)
    }
    for i in short.count..<long.count {
      let (sum, c) = long[i].addingReportingOverflow(carry)
      r[i] = sum
      carry = c ? 1 : 0
    }
    var length = long.count
    if carry != 0 {
      r[length] = 1
      length += 1
    }
    while length > 0 && r[length - 1] == 0 { length -= 1 }
    return length
  }

  private static func multiplySchoolbook(
    _ a: UnsafeBufferPointer<UInt64>, _ b: UnsafeBufferPointer<UInt64>, into r: UnsafeMutableBufferPointer<UInt64>
  ) {
    guard !b.isEmpty else { return r.update(repeating: 0) }
    let aCount = a.count
    // The first row writes r[0...aCount] outright, so r needs no clearing first; each later
    // row adds into r[j..<j+aCount] and writes r[j+aCount] (the only limb it has not seen).
    var carry: UInt64 = 0
    let first = b[0]
    for i in 0..<aCount {
      let (high, low) = a[i].multipliedFullWidth(by: first)
      let (sum, c) = low.addingReportingOverflow(carry)
      r[i] = sum
      carry = high &+ bit(c)
    }
    r[aCount] = carry
    for j in 1..<b.count {
      let factor = b[j]
      if factor == 0 {
        r[j + aCount] = 0
        continue
      }
      var carry: UInt64 = 0
      for i in 0..<aCount {
        let (high, low) = a[i].multipliedFullWidth(by: factor)
        let (s1, c1) = low.addingReportingOverflow(r[i + j])
        let (s2, c2) = s1.addingReportingOverflow(carry)
        r[i + j] = s2
        carry = high &+ bit(c1) &+ bit(c2)
      }
      r[j + aCount] = carry
    }
  }

  // MARK: - Arithmetic on limb buffers

  /// A BigInt's digits where they are stored (a BigInt cell, or a BigInteger's array): the
  /// magnitude's little-endian limbs without high zero limbs, and the sign (never for zero).
  /// The runtime adds and multiplies the limbs of two cells into a third this way, without
  /// copying operands into arrays or results out of them.
  struct Limbs {
    var magnitude: UnsafeBufferPointer<UInt64>
    var isNegative: Bool

    /// The width of the magnitude in bits.
    var bitWidth: Int {
      guard let top = magnitude.last else { return 0 }
      return magnitude.count * 64 - top.leadingZeroBitCount
    }
  }

  /// The limbs `sum(_:_:negatingB:into:)` may write: the longer operand's and a carry.
  static func sumCapacity(_ a: Limbs, _ b: Limbs) -> Int {
    Swift.max(a.magnitude.count, b.magnitude.count) + 1
  }

  /// r = a + b, or a - b when `negatingB`, where r has `sumCapacity(a, b)` limbs and overlaps
  /// neither operand. Returns the result's limb count (without high zero limbs) and sign; the
  /// caller checks the width against `maximumBits`.
  static func sum(_ a: Limbs, _ b: Limbs, negatingB: Bool, into r: UnsafeMutableBufferPointer<UInt64>)
    -> (count: Int, isNegative: Bool)
  {
    let bNegative = b.isNegative != negatingB
    if a.isNegative == bNegative {
      let count = addInto(r, a.magnitude, b.magnitude)
      return (count, a.isNegative && count > 0)
    }
    // Opposite signs: the smaller magnitude comes off the larger, whose sign the result takes.
    let order = compareMagnitudes(a.magnitude, b.magnitude)
    if order == 0 { return (0, false) }
    let (larger, smaller, negative) =
      order > 0 ? (a.magnitude, b.magnitude, a.isNegative) : (b.magnitude, a.magnitude, bNegative)
    subtractInto(r, larger, smaller)
    var count = larger.count
    while count > 0 && r[count - 1] == 0 { count -= 1 }
    return (count, negative)
  }

  /// The limbs `product(_:_:into:)` writes.
  static func productCapacity(_ a: Limbs, _ b: Limbs) -> Int { a.magnitude.count + b.magnitude.count }

  /// Whether a * b can be at most `maximumBits` wide, decided before multiplying: its width is
  /// the operands' widths added, or one less (so the caller checks the result's width too).
  static func productMayFit(_ a: Limbs, _ b: Limbs) -> Bool {
    a.magnitude.isEmpty || b.magnitude.isEmpty || a.bitWidth + b.bitWidth - 1 <= maximumBits
  }

  /// r = a * b, where r has `productCapacity(a, b)` limbs and overlaps neither operand. Returns
  /// the result's limb count (without high zero limbs) and sign.
  static func product(_ a: Limbs, _ b: Limbs, into r: UnsafeMutableBufferPointer<UInt64>)
    -> (count: Int, isNegative: Bool)
  {
    if a.magnitude.isEmpty || b.magnitude.isEmpty { return (0, false) }
    multiply(a.magnitude, b.magnitude, into: r)
    var count = r.count
    while count > 0 && r[count - 1] == 0 { count -= 1 }
    return (count, a.isNegative != b.isNegative)
  }

  /// The width in bits of the magnitude in `limbs` (no high zero limbs).
  static func bitWidth(of limbs: UnsafeBufferPointer<UInt64>) -> Int {
    Limbs(magnitude: limbs, isNegative: false).bitWidth
  }

  // MARK: - Division

  /// (u / v, u % v) for v ≠ 0 (Knuth, TAOCP vol. 2, 4.3.1, algorithm D).
  private static func divide(_ u: [UInt64], by v: [UInt64]) -> (quotient: [UInt64], remainder: [UInt64]) {
    if compareMagnitudes(u, v) < 0 { return ([], u) }
    var remainderCount = 0
    var remainder: [UInt64] = []
    let quotient = [UInt64](unsafeUninitializedCapacity: u.count - v.count + 1) { q, count in
      remainder = [UInt64](unsafeUninitializedCapacity: v.count) { r, rCount in
        u.withUnsafeBufferPointer { u in
          v.withUnsafeBufferPointer { v in
            (count, remainderCount) = divide(u, by: v, quotient: q, remainder: r)
          }
        }
        rCount = remainderCount
      }
    }
    return (quotient, remainder)
  }

  /// -1, 0 or 1 as |a| is less than, equal to or greater than |b|.
  static func magnitudeOrder(_ a: Limbs, _ b: Limbs) -> Int { compareMagnitudes(a.magnitude, b.magnitude) }

  /// The limbs `divide(_:by:quotient:remainder:)` may write to each result, for |u| ≥ |v| > 0.
  static func quotientCapacity(_ u: Limbs, _ v: Limbs) -> Int { u.magnitude.count - v.magnitude.count + 1 }
  static func remainderCapacity(_ v: Limbs) -> Int { v.magnitude.count }

  /// The magnitudes of u / v and u % v for |u| ≥ |v| > 0, written to `quotient` (at least
  /// `quotientCapacity` limbs) and, when given, `remainder` (at least `remainderCapacity`);
  /// neither overlaps an operand. Returns both counts without high zero limbs. Scratch space
  /// for the normalized operands comes from `withUnsafeTemporaryAllocation` (the stack, for
  /// the sizes of most programs).
  static func divide(
    _ u: UnsafeBufferPointer<UInt64>, by v: UnsafeBufferPointer<UInt64>,
    quotient q: UnsafeMutableBufferPointer<UInt64>, remainder r: UnsafeMutableBufferPointer<UInt64>?
  ) -> (quotientCount: Int, remainderCount: Int) {
    let n = v.count
    let m = u.count - n
    func trimmed(_ buffer: UnsafeMutableBufferPointer<UInt64>, _ count: Int) -> Int {
      var count = count
      while count > 0 && buffer[count - 1] == 0 { count -= 1 }
      return count
    }
    if n == 1 {
      var remainder: UInt64 = 0
      let divisor = v[0]
      var i = u.count - 1
      while i >= 0 {
        (q[i], remainder) = divisor.dividingFullWidth((remainder, u[i]))
        i -= 1
      }
      if let r { r[0] = remainder }
      return (trimmed(q, u.count), remainder == 0 ? 0 : 1)
    }
    return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: u.count + 1 + n) { scratch in
      let un = UnsafeMutableBufferPointer(rebasing: scratch[0..<(u.count + 1)])
      let vn = UnsafeMutableBufferPointer(rebasing: scratch[(u.count + 1)...])
      // Normalize so the divisor's top bit is set; un gets one extra high limb.
      let shift = v[n - 1].leadingZeroBitCount
      if shift == 0 {
        _ = vn.initialize(from: v)
        _ = UnsafeMutableBufferPointer(rebasing: un[0..<u.count]).initialize(from: u)
        un[u.count] = 0
      } else {
        let s = UInt64(shift)
        for i in stride(from: n - 1, to: 0, by: -1) { vn[i] = (v[i] << s) | (v[i - 1] >> (64 - s)) }
        vn[0] = v[0] << s
        un[u.count] = u[u.count - 1] >> (64 - s)
        for i in stride(from: u.count - 1, to: 0, by: -1) { un[i] = (u[i] << s) | (u[i - 1] >> (64 - s)) }
        un[0] = u[0] << s
      }
      let vTop = vn[n - 1]
      let vNext = vn[n - 2]
      var j = m
      while j >= 0 {
        // Estimate q̂ from the top two limbs, then refine with the third.
        let u2 = un[j + n]
        let u1 = un[j + n - 1]
        let u0 = un[j + n - 2]
        var qHat: UInt64
        var rHat: UInt64
        var rHatOverflow = false
        if u2 >= vTop {
          qHat = UInt64.max
          (rHat, rHatOverflow) = u1.addingReportingOverflow(vTop)
        } else {
          (qHat, rHat) = vTop.dividingFullWidth((u2, u1))
        }
        while !rHatOverflow {
          let (ph, pl) = qHat.multipliedFullWidth(by: vNext)
          if ph < rHat || (ph == rHat && pl <= u0) { break }
          qHat -= 1
          (rHat, rHatOverflow) = rHat.addingReportingOverflow(vTop)
        }
        // un[j...j+n] -= q̂ · vn (the borrow folds into the product's carry).
        var carry: UInt64 = 0
        for i in 0..<n {
          let (ph, pl) = qHat.multipliedFullWidth(by: vn[i])
          let (p, c) = pl.addingReportingOverflow(carry)
          let (d, b) = un[i + j].subtractingReportingOverflow(p)
          un[i + j] = d
          carry = ph &+ bit(c) &+ bit(b)
        }
        let (d, borrow) = un[j + n].subtractingReportingOverflow(carry)
        un[j + n] = d
        if borrow {
          // q̂ was one too large: add the divisor back.
          qHat -= 1
          var addCarry: UInt64 = 0
          for i in 0..<n {
            let (s1, c1) = un[i + j].addingReportingOverflow(vn[i])
            let (s2, c2) = s1.addingReportingOverflow(addCarry)
            un[i + j] = s2
            addCarry = bit(c1) &+ bit(c2)
          }
          un[j + n] &+= addCarry
        }
        q[j] = qHat
        j -= 1
      }
      var remainderCount = 0
      if let r {
        // The remainder is un[0..<n] shifted back.
        let s = UInt64(shift)
        for i in 0..<(n - 1) { r[i] = shift == 0 ? un[i] : (un[i] >> s) | (un[i + 1] << (64 - s)) }
        r[n - 1] = un[n - 1] >> s
        remainderCount = trimmed(r, n)
      }
      return (trimmed(q, m + 1), remainderCount)
    }
  }
}
