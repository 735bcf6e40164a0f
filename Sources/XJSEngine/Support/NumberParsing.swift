// String-to-number conversions of ECMAScript over UTF-16 (or Latin-1) code units:
// StringToNumber (ES2024 7.1.4.1.1), parseFloat (19.2.4), parseInt (19.2.5) and the
// canonical array-index test used for property keys.
//
// Decimal literals are converted exactly: short ones with one exact floating-point
// operation (Clinger's fast path), the rest by the C library's correctly rounded
// strtod (through Double(String), which pins the "C" locale). Radixes that are powers
// of two are rounded correctly bit by bit; other parseInt radixes follow V8's
// chunked accumulation, which the spec allows (19.2.5 step 13) and node prints.

enum NumberParsing {
  /// StrWhiteSpaceChar (ES2024 7.1.4.1): WhiteSpace (12.2) or LineTerminator (12.3).
  static func isStrWhiteSpace(_ c: UInt32) -> Bool {
    switch c {
    case 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029,
      0x202F, 0x205F, 0x3000, 0xFEFF:
      return true
    default:
      return false
    }
  }

  // MARK: - StringToNumber

  /// StringToNumber (ES2024 7.1.4.1.1): NaN when the text is not a StringNumericLiteral.
  static func stringToNumber<C: UnsignedInteger & FixedWidthInteger>(_ text: UnsafeBufferPointer<C>)
    -> Double
  {
    let units = CodeUnits(text)
    var start = 0
    var end = units.count
    while start < end && isStrWhiteSpace(units[start]) { start += 1 }
    while end > start && isStrWhiteSpace(units[end - 1]) { end -= 1 }
    if start == end { return 0 }  // StringNumericLiteral ::: StrWhiteSpace_opt
    if end - start > 2 && units[start] == ascii("0") {
      let radixLog2: Int
      switch units[start + 1] | 0x20 {
      case ascii("x"): radixLog2 = 4
      case ascii("o"): radixLog2 = 3
      case ascii("b"): radixLog2 = 1
      default: radixLog2 = 0
      }
      if radixLog2 != 0 {
        return powerOfTwoRadixValue(
          units, from: start + 2, to: end, radixLog2: radixLog2, wholeRange: true)
      }
    }
    guard let literal = scanDecimalLiteral(units, from: start, to: end), literal.end == end else {
      return .nan
    }
    return literal.value
  }

  static func stringToNumber(_ text: String) -> Double {
    Array(text.utf16).withUnsafeBufferPointer { stringToNumber($0) }
  }

  // MARK: - parseFloat

  /// parseFloat (ES2024 19.2.4) of an already stringified argument.
  static func parseFloat<C: UnsignedInteger & FixedWidthInteger>(_ text: UnsafeBufferPointer<C>)
    -> Double
  {
    let units = CodeUnits(text)
    var start = 0
    while start < units.count && isStrWhiteSpace(units[start]) { start += 1 }
    return scanDecimalLiteral(units, from: start, to: units.count)?.value ?? .nan
  }

  static func parseFloat(_ text: String) -> Double {
    Array(text.utf16).withUnsafeBufferPointer { parseFloat($0) }
  }

  // MARK: - parseInt

  /// parseInt (ES2024 19.2.5) of an already stringified argument; `radix` is ToInt32(radix).
  static func parseInt<C: UnsignedInteger & FixedWidthInteger>(
    _ text: UnsafeBufferPointer<C>, radix: Int32
  ) -> Double {
    let units = CodeUnits(text)
    var position = 0
    while position < units.count && isStrWhiteSpace(units[position]) { position += 1 }
    var negative = false
    if position < units.count && (units[position] == ascii("-") || units[position] == ascii("+")) {
      negative = units[position] == ascii("-")
      position += 1
    }
    var r = Int(radix)
    var stripPrefix = true
    if r != 0 {
      if r < 2 || r > 36 { return .nan }
      if r != 16 { stripPrefix = false }
    } else {
      r = 10
    }
    if stripPrefix && position + 1 < units.count && units[position] == ascii("0")
      && units[position + 1] | 0x20 == ascii("x")
    {
      position += 2
      r = 16
    }
    var end = position
    while end < units.count && digitValue(units[end], radix: r) != nil { end += 1 }
    if end == position { return .nan }  // step 12
    let magnitude: Double
    switch r {
    case 2:
      magnitude = powerOfTwoRadixValue(
        units, from: position, to: end, radixLog2: 1, wholeRange: false)
    case 4:
      magnitude = powerOfTwoRadixValue(
        units, from: position, to: end, radixLog2: 2, wholeRange: false)
    case 8:
      magnitude = powerOfTwoRadixValue(
        units, from: position, to: end, radixLog2: 3, wholeRange: false)
    case 16:
      magnitude = powerOfTwoRadixValue(
        units, from: position, to: end, radixLog2: 4, wholeRange: false)
    case 32:
      magnitude = powerOfTwoRadixValue(
        units, from: position, to: end, radixLog2: 5, wholeRange: false)
    case 10: magnitude = decimalIntegerValue(units, from: position, to: end)
    default: magnitude = chunkedRadixValue(units, from: position, to: end, radix: r)
    }
    return negative ? -magnitude : magnitude  // step 14: -0 for "-0"
  }

  static func parseInt(_ text: String, radix: Int32) -> Double {
    Array(text.utf16).withUnsafeBufferPointer { parseInt($0, radix: radix) }
  }

  // MARK: - Array indices

  /// The array index a canonical numeric string denotes ("0", "123"; not "01", "+1", "1.0"),
  /// if it is below 2^32 - 1 (ES2024 6.1.7).
  static func arrayIndex<C: UnsignedInteger & FixedWidthInteger>(_ text: UnsafeBufferPointer<C>)
    -> UInt32?
  {
    let count = text.count
    guard count >= 1 && count <= 10 else { return nil }
    let first = UInt32(truncatingIfNeeded: text[0]) &- 0x30
    guard first <= 9 else { return nil }
    if first == 0 { return count == 1 ? 0 : nil }
    var value = UInt64(first)
    for i in 1..<count {
      let digit = UInt32(truncatingIfNeeded: text[i]) &- 0x30
      guard digit <= 9 else { return nil }
      value = value * 10 + UInt64(digit)
    }
    return value < 0xFFFF_FFFF ? UInt32(value) : nil
  }

  static func arrayIndex(_ text: String) -> UInt32? {
    Array(text.utf16).withUnsafeBufferPointer { arrayIndex($0) }
  }

  // MARK: - Code units

  /// Code units of either width, read as UInt32.
  struct CodeUnits<C: UnsignedInteger & FixedWidthInteger> {
    let base: UnsafeBufferPointer<C>
    init(_ base: UnsafeBufferPointer<C>) { self.base = base }
    var count: Int { base.count }
    subscript(index: Int) -> UInt32 { UInt32(truncatingIfNeeded: base[index]) }
  }

  @inline(__always) private static func ascii(_ c: Unicode.Scalar) -> UInt32 { c.value }

  private static func isDecimalDigit(_ c: UInt32) -> Bool { c &- 0x30 <= 9 }

  /// The value of an ASCII digit or letter in `radix`, if it is one.
  private static func digitValue(_ c: UInt32, radix: Int) -> Int? {
    let value: UInt32
    if c &- 0x30 <= 9 {
      value = c - 0x30
    } else if (c | 0x20) &- 0x61 <= 25 {
      value = (c | 0x20) - 0x61 + 10
    } else {
      return nil
    }
    return Int(value) < radix ? Int(value) : nil
  }

  // MARK: - Decimal literals

  /// The longest prefix of units[start..<end] that is a StrDecimalLiteral (7.1.4.1), and its value.
  static func scanDecimalLiteral<C>(_ units: CodeUnits<C>, from start: Int, to end: Int) -> (
    end: Int, value: Double
  )? {
    var position = start
    var negative = false
    if position < end && (units[position] == ascii("+") || units[position] == ascii("-")) {
      negative = units[position] == ascii("-")
      position += 1
    }
    if matchesInfinity(units, at: position, end: end) {
      return (position + 8, negative ? -.infinity : .infinity)
    }
    let digitsStart = position
    var digits = DecimalDigits()
    let integerEnd = digits.scan(units, from: position, to: end)
    digits.exponentAdjust += digits.dropped  // dropped integer digits still scale
    var sawDigit = integerEnd > position
    position = integerEnd
    if position < end && units[position] == ascii(".") {
      let droppedBefore = digits.dropped
      let fractionEnd = digits.scan(units, from: position + 1, to: end)
      // Fraction digits scale down unless they were dropped.
      digits.exponentAdjust -= (fractionEnd - position - 1) - (digits.dropped - droppedBefore)
      // "1." and ".5" are literals, "." alone is not.
      if sawDigit || fractionEnd > position + 1 {
        sawDigit = true
        position = fractionEnd
      }
    }
    guard sawDigit else { return nil }
    var exponent = 0
    if position < end && units[position] | 0x20 == ascii("e") {
      if let (exponentEnd, value) = scanExponent(units, from: position + 1, to: end) {
        position = exponentEnd
        exponent = value
      }
    }
    let magnitude =
      digits.value(exponent: exponent) ?? slowDecimal(units, from: digitsStart, to: position)
    return (position, negative ? -magnitude : magnitude)
  }

  /// The leading significant digits of a decimal literal: value = significand * 10^exponentAdjust
  /// (times 10^ExponentPart) exactly when no digit was dropped.
  private struct DecimalDigits {
    var significand: UInt64 = 0
    var kept = 0  // digits in significand, at most 19, so it cannot overflow
    var dropped = 0  // significant digits beyond the 19 kept
    var exponentAdjust = 0

    /// The correctly rounded value times 10^exponent, when the fast paths can tell it.
    func value(exponent: Int) -> Double? {
      if significand == 0 { return 0 }
      let e = exponent + exponentAdjust
      if dropped == 0 {
        return clingerFastPath(significand, exponent: e) ?? wideProductPath(significand, exponent: e)
      }
      // More than 19 digits: the value lies in [w, w + 1) * 10^e; if both ends round alike,
      // so does everything between (rounding is monotonic).
      guard let low = wideProductPath(significand, exponent: e),
        let high = wideProductPath(significand + 1, exponent: e), low == high
      else { return nil }
      return low
    }

    /// Takes in the decimal digits from `start`; returns where they end.
    mutating func scan<C>(_ units: CodeUnits<C>, from start: Int, to end: Int) -> Int {
      var position = start
      while position < end {
        let digit = units[position] &- 0x30
        if digit > 9 { break }
        if kept < 19 {
          if kept != 0 || digit != 0 {  // leading zeros are not significant
            significand = significand &* 10 &+ UInt64(digit)
            kept &+= 1
          }
        } else {
          dropped &+= 1
        }
        position &+= 1
      }
      return position
    }
  }

  private static func matchesInfinity<C>(_ units: CodeUnits<C>, at position: Int, end: Int) -> Bool {
    guard position < end && units[position] == ascii("I") else { return false }
    let word: StaticString = "Infinity"
    guard end - position >= word.utf8CodeUnitCount else { return false }
    for i in 1..<word.utf8CodeUnitCount where units[position + i] != UInt32(word.utf8Start[i]) { return false }
    return true
  }

  /// ExponentPart after the 'e': a signed decimal integer, saturated far beyond any double.
  private static func scanExponent<C>(_ units: CodeUnits<C>, from start: Int, to end: Int) -> (
    Int, Int
  )? {
    var position = start
    var negative = false
    if position < end && (units[position] == ascii("+") || units[position] == ascii("-")) {
      negative = units[position] == ascii("-")
      position += 1
    }
    let digitsStart = position
    var value = 0
    while position < end && isDecimalDigit(units[position]) {
      value = min(value * 10 + Int(units[position] - 0x30), 1_000_000_000)
      position += 1
    }
    if position == digitsStart { return nil }
    return (position, negative ? -value : value)
  }

  private static let exactPowersOf10: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
  ]

  /// w * 10^e with one correctly rounded operation, when w and 10^|e| are exact doubles.
  private static func clingerFastPath(_ w: UInt64, exponent e: Int) -> Double? {
    guard w < 1 << 53 && e >= -22 && e <= 22 else { return nil }
    return e >= 0 ? Double(w) * exactPowersOf10[e] : Double(w) / exactPowersOf10[-e]
  }

  /// w * 10^e correctly rounded from one 126-bit power of ten, in the manner of Eisel and
  /// Lemire (and with the table NumberFormatting uses for Schubfach). The table's g satisfies
  /// g - 1 <= 10^e * 2^-r < g, so the 190-bit product P = w' * g (w' = w shifted to 64 bits)
  /// exceeds the true product by at most w' < 2^64. When the bits of P below the rounding bit
  /// are at least 2^64 that error can change neither the kept bits nor the rounding, and P
  /// decides; otherwise (a result within 2^-70 or so of a tie, subnormals, overflow) nil.
  private static func wideProductPath(_ w: UInt64, exponent e: Int) -> Double? {
    let k = -e
    guard k >= NumberFormatting.schubfachMinK && k <= NumberFormatting.schubfachMaxK else { return nil }
    let index = (k - NumberFormatting.schubfachMinK) * 2
    let g1 = NumberFormatting.schubfachG[index]  // g = g1 * 2^63 + g0
    let g0 = NumberFormatting.schubfachG[index + 1]
    let r = ((e * 913_124_641_741) >> 38) - 125  // floor(log2(10^e)) - 125
    let shift = w.leadingZeroBitCount
    let wn = w << UInt64(shift)
    // P = (wn * g1) << 63 + wn * g0, in limbs p2:p1:p0 (P < 2^190).
    let a = wn.multipliedFullWidth(by: g0)
    let b = wn.multipliedFullWidth(by: g1)
    var p0 = b.low << 63
    var p1 = (b.low >> 1) | (b.high << 63)
    var p2 = b.high >> 1
    var carry: Bool
    (p0, carry) = p0.addingReportingOverflow(a.low)
    let (sum1, carry1) = p1.addingReportingOverflow(a.high)
    let (sum1c, carry1c) = sum1.addingReportingOverflow(carry ? 1 : 0)
    p1 = sum1c
    p2 &+= (carry1 ? 1 : 0) &+ (carry1c ? 1 : 0)
    _ = p0
    // P >= 2^188, so its top 54 bits (53 kept and the rounding bit) lie in p2.
    let topBit = 63 - p2.leadingZeroBitCount  // index of P's top bit within p2, 60 or 61
    let below = UInt64(topBit - 53)  // bits of p2 under the 54-bit window
    let window = p2 >> below
    let lowerInP2 = p2 & ((1 << below) - 1)
    guard lowerInP2 != 0 || p1 != 0 else { return nil }  // too close to a boundary to tell
    var mantissa = window >> 1
    var binaryExponent = 128 + Int(below) + 1 + r - shift  // value = mantissa * 2^binaryExponent
    if window & 1 == 1 {
      mantissa += 1  // strictly above the midpoint, since the error cannot reach it
      if mantissa == 1 << 53 {
        mantissa = 1 << 52
        binaryExponent += 1
      }
    }
    guard binaryExponent + 52 >= -1022 && binaryExponent + 52 <= 1023 else { return nil }
    return Double(sign: .plus, exponent: binaryExponent, significand: Double(mantissa))
  }

  /// Correctly rounded conversion of a validated unsigned decimal literal (digits, '.', 'e', sign).
  private static func slowDecimal<C>(_ units: CodeUnits<C>, from start: Int, to end: Int) -> Double {
    var ascii = [UInt8]()
    ascii.reserveCapacity(end - start)
    for i in start..<end { ascii.append(UInt8(truncatingIfNeeded: units[i])) }
    return Double(String(decoding: ascii, as: UTF8.self)) ?? .nan
  }

  /// An unsigned decimal integer (parseInt radix 10), correctly rounded as V8 does.
  private static func decimalIntegerValue<C>(_ units: CodeUnits<C>, from start: Int, to end: Int)
    -> Double
  {
    var digits = DecimalDigits()
    _ = digits.scan(units, from: start, to: end)
    digits.exponentAdjust += digits.dropped  // dropped integer digits still scale
    return digits.value(exponent: 0) ?? slowDecimal(units, from: start, to: end)
  }

  // MARK: - Other radixes

  /// The integer units[start..<end] in radix 2^radixLog2, correctly rounded (ties to even).
  /// With `wholeRange`, any non-digit makes the result NaN, as does an empty range.
  private static func powerOfTwoRadixValue<C>(
    _ units: CodeUnits<C>, from start: Int, to end: Int, radixLog2: Int, wholeRange: Bool
  ) -> Double {
    if start == end { return .nan }
    var mantissa: UInt64 = 0  // the first 64 significant bits
    var mantissaBits = 0
    var extraBits = 0  // significant bits beyond those 64
    var sticky = false  // whether any of the extra bits is set
    for i in start..<end {
      guard let digit = digitValue(units[i], radix: 1 << radixLog2) else {
        if wholeRange { return .nan }
        break
      }
      for bitIndex in stride(from: radixLog2 - 1, through: 0, by: -1) {
        let bit = UInt64(digit >> bitIndex) & 1
        if mantissaBits == 0 && bit == 0 { continue }  // leading zero bit
        if mantissaBits < 64 {
          mantissa = mantissa << 1 | bit
          mantissaBits += 1
        } else {
          extraBits += 1
          sticky = sticky || bit == 1
        }
      }
    }
    return roundedBinary(mantissa: mantissa, bits: mantissaBits, scale: extraBits, sticky: sticky)
  }

  /// mantissa (of `bits` significant bits) * 2^scale, plus a nonzero tail below it if
  /// `sticky`, rounded to the nearest double, ties to even.
  static func roundedBinary(mantissa: UInt64, bits: Int, scale: Int, sticky: Bool) -> Double {
    guard bits > 53 else {
      return Double(sign: .plus, exponent: scale, significand: Double(mantissa))
    }
    let shift = bits - 53
    var kept = mantissa >> UInt64(shift)
    let dropped = mantissa & ((1 << UInt64(shift)) - 1)
    let half: UInt64 = 1 << UInt64(shift - 1)
    if dropped > half || (dropped == half && (sticky || kept & 1 == 1)) { kept += 1 }
    return Double(sign: .plus, exponent: scale + shift, significand: Double(kept))
  }

  /// V8's accumulation for radixes that are neither 10 nor powers of two: after the leading
  /// zeros, digits are gathered in 32-bit parts, and each part is folded in with one double
  /// multiply-add (where the parts start changes the rounding, so zeros are skipped as V8 does).
  private static func chunkedRadixValue<C>(
    _ units: CodeUnits<C>, from start: Int, to end: Int, radix: Int
  ) -> Double {
    let maximumMultiplier = UInt32.max / 36
    var result = 0.0
    var position = start
    while position < end && units[position] == ascii("0") { position += 1 }
    while position < end {
      var part: UInt32 = 0
      var multiplier: UInt32 = 1
      while position < end {
        let next = multiplier * UInt32(radix)
        if next > maximumMultiplier { break }
        part = part * UInt32(radix) + UInt32(digitValue(units[position], radix: radix)!)
        multiplier = next
        position += 1
      }
      result = result * Double(multiplier) + Double(part)
    }
    return result
  }
}
