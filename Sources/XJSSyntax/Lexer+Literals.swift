// Numeric, string, template and regular-expression literals.

extension Lexer {
  // MARK: Numbers (ES2024 12.9.3, Annex B.1.1)

  func scanNumber(flags: UInt8) throws(ParseError) {
    let start = position
    var tokenFlags = flags
    var kind = TokenKind.number
    if text[position] == 0x30 {
      let second = unit(at: position + 1) | 0x20  // lowercased for letters
      if second == 0x78 || second == 0x6F || second == 0x62 {  // x, o, b
        let radix = second == 0x78 ? 16 : second == 0x6F ? 8 : 2
        position += 2
        kind = try scanRadixLiteral(radix: radix, literalStart: start)
      } else if isDecimalDigit(unit(at: position + 1)) || unit(at: position + 1) == 0x5F {
        tokenFlags |= Token.legacyOctalFlag
        try scanLegacyLiteral(literalStart: start)
      } else {
        kind = try scanDecimalLiteral(literalStart: start)
      }
    } else {
      kind = try scanDecimalLiteral(literalStart: start)
    }
    // ES2024 12.9.3: the source character immediately following a NumericLiteral
    // must not be an IdentifierStart or DecimalDigit.
    let next = unit(at: position)
    if isDecimalDigit(next) || next == 0x5C || (next < 128 && isIdentifierStart(UInt32(next)))
      || (next >= 128 && startsUnicodeIdentifier(at: position))
    {
      throw error("Invalid or unexpected token", at: position)
    }
    token = Token(kind: kind, flags: tokenFlags, start: Int32(start), end: Int32(position))
  }

  private func startsUnicodeIdentifier(at index: Int) -> Bool {
    let unit = text[index]
    if isHighSurrogate(unit), isLowSurrogate(self.unit(at: index + 1)) {
      return isIdentifierStart(combineSurrogates(unit, text[index + 1]))
    }
    return isIdentifierStart(UInt32(unit))
  }

  /// Scans decimal digits with numeric separators into `digitScratch`; returns
  /// how many digits there were.
  private func scanDecimalDigits() throws(ParseError) -> Int {
    var count = 0
    while position < end {
      let unit = text[position]
      if isDecimalDigit(unit) {
        digitScratch.append(UInt8(unit))
        count += 1
        position += 1
      } else if unit == 0x5F {
        try checkSeparator(previousIsDigit: count > 0, radix: 10)
        position += 1
      } else {
        break
      }
    }
    return count
  }

  /// A `_` at `position` must sit between two digits (ES2024 12.9.3 NumericLiteralSeparator).
  private func checkSeparator(previousIsDigit: Bool, radix: Int) throws(ParseError) {
    let next = unit(at: position + 1)
    if next == 0x5F {
      throw error("Only one underscore is allowed as numeric separator", at: position + 1)
    }
    guard previousIsDigit, let digit = hexDigitValue(next), digit < radix else {
      throw error("Numeric separators are not allowed here", at: position)
    }
  }

  /// DecimalLiteral or DecimalBigIntegerLiteral.
  private func scanDecimalLiteral(literalStart: Int) throws(ParseError) -> TokenKind {
    digitScratch.removeAll(keepingCapacity: true)
    let integerDigits = try scanDecimalDigits()
    var isInteger = true
    if unit(at: position) == 0x2E {
      isInteger = false
      digitScratch.append(0x2E)
      position += 1
      if unit(at: position) == 0x5F {
        throw error("Numeric separators are not allowed here", at: position)
      }
      let fractionDigits = try scanDecimalDigits()
      if integerDigits == 0 && fractionDigits == 0 {
        throw error("Invalid or unexpected token", at: literalStart)
      }
    }
    if unit(at: position) | 0x20 == 0x65 {  // e or E
      isInteger = false
      digitScratch.append(0x65)
      position += 1
      let sign = unit(at: position)
      if sign == 0x2B || sign == 0x2D {
        digitScratch.append(UInt8(sign))
        position += 1
      }
      if unit(at: position) == 0x5F {
        throw error("Numeric separators are not allowed here", at: position)
      }
      guard try scanDecimalDigits() > 0 else {
        throw error("Invalid or unexpected token", at: literalStart)
      }
    }
    if unit(at: position) == 0x6E {  // BigInt suffix `n`
      guard isInteger else { throw error("Invalid BigInt literal", at: literalStart) }
      position += 1
      bigIntValue = String(decoding: digitScratch, as: UTF8.self)
      return .bigInt
    }
    numberValue = decimalValue(isInteger: isInteger)
    return .number
  }

  /// The value of the literal in `digitScratch`, correctly rounded.
  private func decimalValue(isInteger: Bool) -> Double {
    if isInteger && digitScratch.count <= 15 {
      var value = 0
      for digit in digitScratch { value = value * 10 + Int(digit - 0x30) }
      return Double(value)
    }
    return Double(String(decoding: digitScratch, as: UTF8.self)) ?? .nan
  }

  /// After `0x`, `0o` or `0b`: the digits, with separators and an optional `n`.
  private func scanRadixLiteral(radix: Int, literalStart: Int) throws(ParseError)
    -> TokenKind
  {
    var digits: [UInt8] = []
    while position < end {
      let unit = text[position]
      if let digit = hexDigitValue(unit), digit < radix {
        digits.append(UInt8(digit))
        position += 1
      } else if unit == 0x5F {
        try checkSeparator(previousIsDigit: !digits.isEmpty, radix: radix)
        position += 1
      } else {
        break
      }
    }
    guard !digits.isEmpty else { throw error("Invalid or unexpected token", at: literalStart) }
    if unit(at: position) == 0x6E {
      position += 1
      bigIntValue = decimalString(digits: digits, radix: radix)
      return .bigInt
    }
    numberValue = powerOfTwoRadixValue(digits: digits, bitsPerDigit: radix.trailingZeroBitCount)
    return .number
  }

  /// `0` followed by digits: LegacyOctalIntegerLiteral, or NonOctalDecimalIntegerLiteral
  /// (`08`, `09.5`) when a digit is 8 or 9. Neither allows separators or BigInt.
  private func scanLegacyLiteral(literalStart: Int) throws(ParseError) {
    digitScratch.removeAll(keepingCapacity: true)
    var isOctal = true
    while position < end, isDecimalDigit(text[position]) {
      if text[position] >= 0x38 { isOctal = false }
      digitScratch.append(UInt8(text[position]))
      position += 1
    }
    if unit(at: position) == 0x5F {
      throw error("Numeric separators are not allowed here", at: position)
    }
    if unit(at: position) == 0x6E { throw error("Invalid BigInt literal", at: literalStart) }
    if isOctal {
      let digits = digitScratch.map { $0 - 0x30 }
      numberValue = powerOfTwoRadixValue(digits: digits, bitsPerDigit: 3)
      return
    }
    // NonOctalDecimalIntegerLiteral may continue as a DecimalLiteral: `08.5`, `09e1`.
    var isInteger = true
    if unit(at: position) == 0x2E {
      isInteger = false
      digitScratch.append(0x2E)
      position += 1
      _ = try scanDecimalDigits()
    }
    if unit(at: position) | 0x20 == 0x65 {
      isInteger = false
      digitScratch.append(0x65)
      position += 1
      let sign = unit(at: position)
      if sign == 0x2B || sign == 0x2D {
        digitScratch.append(UInt8(sign))
        position += 1
      }
      guard try scanDecimalDigits() > 0 else {
        throw error("Invalid or unexpected token", at: literalStart)
      }
    }
    numberValue = decimalValue(isInteger: isInteger && digitScratch.count <= 15)
  }

  /// The value of digits in radix 2^bitsPerDigit, rounded to nearest-even like
  /// every other numeric literal above 2^53.
  func powerOfTwoRadixValue(digits: [UInt8], bitsPerDigit: Int) -> Double {
    // Keep the 64 most significant bits; remember whether any bit below is set.
    var top: UInt64 = 0
    var topBits = 0
    var sticky = false
    var droppedBits = 0
    for digit in digits {
      if topBits == 0 {
        top = UInt64(digit)
        topBits = 64 - top.leadingZeroBitCount
      } else if topBits + bitsPerDigit <= 64 {
        top = top << UInt64(bitsPerDigit) | UInt64(digit)
        topBits += bitsPerDigit
      } else {
        for shift in stride(from: bitsPerDigit - 1, through: 0, by: -1) {
          let bit = UInt64(digit) >> UInt64(shift) & 1
          if topBits < 64 {
            top = top << 1 | bit
            topBits += 1
          } else {
            if bit != 0 { sticky = true }
            droppedBits += 1
          }
        }
      }
    }
    // The sticky bit lies far below the 53-bit significand, so the conversion
    // rounds exactly as if every dropped bit were present.
    if sticky { top |= 1 }
    var value = Double(top)
    if droppedBits > 0 { value *= pow2(droppedBits) }
    return value
  }

  private func pow2(_ exponent: Int) -> Double {
    if exponent > 1100 { return .infinity }
    var result = 1.0
    var remaining = exponent
    while remaining > 0 {
      let step = min(remaining, 1000)
      result *= Double(sign: .plus, exponent: step, significand: 1)
      remaining -= step
    }
    return result
  }

  /// Converts digits in `radix` to a decimal string (BigInt literal values).
  func decimalString(digits: [UInt8], radix: Int) -> String {
    // Little-endian limbs in base 10^9.
    var limbs: [UInt32] = [0]
    for digit in digits {
      var carry = UInt64(digit)
      for index in limbs.indices {
        let product = UInt64(limbs[index]) * UInt64(radix) + carry
        limbs[index] = UInt32(product % 1_000_000_000)
        carry = product / 1_000_000_000
      }
      if carry > 0 { limbs.append(UInt32(carry)) }
    }
    var text = String(limbs[limbs.count - 1])
    for limb in limbs.dropLast().reversed() {
      let part = String(limb)
      text += String(repeating: "0", count: 9 - part.count) + part
    }
    return text
  }

  // MARK: Strings (ES2024 12.9.4, Annex B.1.2)

  func scanString(quote: UInt16, flags: UInt8) throws(ParseError) {
    let start = position
    position += 1
    var index = position
    // Fast path: no escapes.
    while index < end {
      let unit = text[index]
      if unit == quote {
        stringValue = Array(text[position..<index])
        position = index + 1
        token = Token(kind: .string, flags: flags, start: Int32(start), end: Int32(position))
        return
      }
      if unit == 0x5C || unit == 0x0A || unit == 0x0D { break }
      index += 1
    }
    var value = Array(text[position..<index])
    position = index
    var tokenFlags = flags
    while true {
      guard position < end else { throw endOfInputError("Invalid or unexpected token", at: start) }
      let unit = text[position]
      if unit == quote {
        position += 1
        break
      }
      if unit == 0x0A || unit == 0x0D {
        throw error("Invalid or unexpected token", at: start)
      }
      if unit == 0x5C {
        let escapeStart = position
        position += 1
        switch scanEscape(into: &value) {
        case .ok: break
        case .legacyOctal: tokenFlags |= Token.legacyOctalFlag
        case .invalid(let message): throw error(message, at: escapeStart)
        }
        continue
      }
      value.append(unit)
      position += 1
    }
    stringValue = value
    token = Token(kind: .string, flags: tokenFlags, start: Int32(start), end: Int32(position))
  }

  enum EscapeResult {
    case ok
    /// A legacy octal escape or `\8`/`\9`: allowed in sloppy-mode strings only.
    case legacyOctal
    case invalid(String)
  }

  /// Decodes the escape after a `\` at `position - 1`, appending its value.
  func scanEscape(into value: inout [UInt16]) -> EscapeResult {
    guard position < end else { return .invalid("Invalid or unexpected token") }
    let unit = text[position]
    position += 1
    switch unit {
    case 0x0A, 0x2028, 0x2029: return .ok  // LineContinuation
    case 0x0D:
      if self.unit(at: position) == 0x0A { position += 1 }
      return .ok
    case 0x62: value.append(0x08)  // \b
    case 0x74: value.append(0x09)  // \t
    case 0x6E: value.append(0x0A)  // \n
    case 0x76: value.append(0x0B)  // \v
    case 0x66: value.append(0x0C)  // \f
    case 0x72: value.append(0x0D)  // \r
    case 0x30 where !isDecimalDigit(self.unit(at: position)):
      value.append(0)  // \0 not followed by a digit
    case 0x30...0x37:
      value.append(scanLegacyOctalEscape(firstDigit: unit))
      return .legacyOctal
    case 0x38, 0x39:  // NonOctalDecimalEscapeSequence
      value.append(unit)
      return .legacyOctal
    case 0x78:  // \xHH
      guard let high = hexDigitValue(self.unit(at: position)),
        let low = hexDigitValue(self.unit(at: position + 1))
      else { return .invalid("Invalid hexadecimal escape sequence") }
      position += 2
      value.append(UInt16(high * 16 + low))
    case 0x75:  // \uHHHH, \u{H…}
      guard let codePoint = scanUnicodeEscapeValue() else {
        return .invalid("Invalid Unicode escape sequence")
      }
      appendUTF16(codePoint, to: &value)
    default:
      value.append(unit)  // NonEscapeCharacter
    }
    return .ok
  }

  /// Annex B.1.2 LegacyOctalEscapeSequence: up to three digits, at most \377.
  private func scanLegacyOctalEscape(firstDigit: UInt16) -> UInt16 {
    var result = firstDigit - 0x30
    let maxDigits = firstDigit <= 0x33 ? 3 : 2
    var count = 1
    while count < maxDigits {
      let next = unit(at: position)
      guard next >= 0x30 && next <= 0x37 else { break }
      result = result * 8 + (next - 0x30)
      position += 1
      count += 1
    }
    return result
  }

  // MARK: Templates (ES2024 12.9.6)

  /// Scans a template piece starting at `position` (a backquote, or the `}`
  /// ending a substitution) up to and including a backquote or `${`.
  func scanTemplate(flags: UInt8) throws(ParseError) {
    let start = position
    position += 1
    var cooked: [UInt16] = []
    var raw: [UInt16] = []
    var tokenFlags = flags
    templateEscapeError = nil
    while true {
      guard position < end else { throw endOfInputError("Unterminated template literal", at: start) }
      let unit = text[position]
      if unit == 0x60 {
        position += 1
        tokenFlags |= Token.templateTailFlag
        break
      }
      if unit == 0x24 && self.unit(at: position + 1) == 0x7B {
        position += 2
        break
      }
      if unit == 0x5C {
        let escapeStart = position
        position += 1
        let result = scanTemplateEscape(into: &cooked)
        if let message = result, templateEscapeError == nil {
          templateEscapeError = error(message, at: escapeStart)
          tokenFlags |= Token.invalidEscapeFlag
        }
        appendRaw(from: escapeStart, to: position, into: &raw)
        continue
      }
      if unit == 0x0D {
        // TV and TRV: CR and CRLF become LF.
        position += self.unit(at: position + 1) == 0x0A ? 2 : 1
        cooked.append(0x0A)
        raw.append(0x0A)
        continue
      }
      cooked.append(unit)
      raw.append(unit)
      position += 1
    }
    stringValue = cooked
    templateRaw = raw
    token = Token(kind: .template, flags: tokenFlags, start: Int32(start), end: Int32(position))
  }

  /// Decodes a template escape into `cooked`; returns an error message when the
  /// escape is not a valid TemplateCharacter (then the cooked value is undefined).
  private func scanTemplateEscape(into cooked: inout [UInt16]) -> String? {
    let unit = self.unit(at: position)
    if unit == 0x30 && !isDecimalDigit(self.unit(at: position + 1)) {
      position += 1
      cooked.append(0)
      return nil
    }
    if isDecimalDigit(unit) {
      position += 1
      return "Octal escape sequences are not allowed in template strings"
    }
    let before = position
    switch scanEscape(into: &cooked) {
    case .ok: return nil
    case .legacyOctal: return "Octal escape sequences are not allowed in template strings"
    case .invalid(let message):
      // Resume after the malformed escape's introducer; the rest is ordinary text. A
      // backslash that ends the input has none: stay at the end.
      position = min(before + 1, end)
      return message
    }
  }

  /// Appends source text to a template's raw value, normalizing CR and CRLF to LF.
  private func appendRaw(from start: Int, to stop: Int, into raw: inout [UInt16]) {
    var index = start
    while index < stop {
      let unit = text[index]
      if unit == 0x0D {
        raw.append(0x0A)
        if index + 1 < stop && text[index + 1] == 0x0A { index += 1 }
      } else {
        raw.append(unit)
      }
      index += 1
    }
  }

  /// The current token is `}`: rescan it as the continuation of a template.
  func rescanTemplateContinuation() throws(ParseError) {
    position = Int(token.start)
    try scanTemplate(flags: token.flags & Token.newlineBeforeFlag)
  }

  // MARK: Regular expressions (ES2024 12.9.5)

  /// The current token is `/` or `/=` where an expression starts: rescan it
  /// as a RegularExpressionLiteral.
  func rescanRegExp() throws(ParseError) {
    let start = Int(token.start)
    position = start + 1
    var inClass = false
    while true {
      guard position < end, !isLineTerminator(text[position]) else {
        throw error("Invalid regular expression: missing /", at: start)
      }
      let unit = text[position]
      if unit == 0x5C {
        position += 1
        guard position < end, !isLineTerminator(text[position]) else {
          throw error("Invalid regular expression: missing /", at: start)
        }
      } else if unit == 0x5B {
        inClass = true
      } else if unit == 0x5D {
        inClass = false
      } else if unit == 0x2F && !inClass {
        break
      }
      position += 1
    }
    regExpPattern = Array(text[(start + 1)..<position])
    position += 1
    let flagsStart = position
    while position < end {
      let unit = text[position]
      if unit == 0x5C { throw error("Invalid regular expression flags", at: flagsStart) }
      if unit < 128 {
        guard isIdentifierPart(UInt32(unit)) else { break }
        position += 1
      } else {
        guard startsUnicodeIdentifierPart(at: position) else { break }
        position += isHighSurrogate(unit) ? 2 : 1
      }
    }
    let flagUnits = UnsafeBufferPointer(rebasing: text[flagsStart..<position])
    regExpFlags = String(decoding: flagUnits, as: UTF16.self)
    if let message = Lexer.checkRegExpFlags(flagUnits) {
      throw error(message, at: flagsStart)
    }
    token = Token(
      kind: .regExp, flags: token.flags & Token.newlineBeforeFlag, start: Int32(start),
      end: Int32(position))
  }

  private func startsUnicodeIdentifierPart(at index: Int) -> Bool {
    let unit = text[index]
    if isHighSurrogate(unit), isLowSurrogate(self.unit(at: index + 1)) {
      return isIdentifierPart(combineSurrogates(unit, text[index + 1]))
    }
    return isIdentifierPart(UInt32(unit))
  }

  /// Only `dgimsuyv`, each at most once, and not both `u` and `v` (ES2024 22.2.3.1).
  static func checkRegExpFlags(_ flags: UnsafeBufferPointer<UInt16>) -> String? {
    var seen: UInt32 = 0
    for unit in flags {
      let bit: UInt32
      switch unit {
      case 0x64: bit = 1  // d
      case 0x67: bit = 2  // g
      case 0x69: bit = 4  // i
      case 0x6D: bit = 8  // m
      case 0x73: bit = 16  // s
      case 0x75: bit = 32  // u
      case 0x79: bit = 64  // y
      case 0x76: bit = 128  // v
      default: return "Invalid regular expression flags"
      }
      if seen & bit != 0 { return "Invalid regular expression flags" }
      seen |= bit
    }
    if seen & 32 != 0 && seen & 128 != 0 { return "Invalid regular expression flags" }
    return nil
  }
}
