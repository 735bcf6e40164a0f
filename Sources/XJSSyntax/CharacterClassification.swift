// Character classes of the lexical grammar (ES2024 12.2–12.7), with an ASCII
// fast path and Unicode properties for everything else.

// ASCII identifier characters as bit masks (no table, no lazy global on the
// lexer's hottest path): bit n of the low mask is character n, bit n of the high
// mask is character 64 + n.

/// `$` (0x24).
private let identifierStartLow: UInt64 = 1 << 0x24
/// A–Z, `_`, a–z.
private let identifierStartHigh: UInt64 = 0x07FF_FFFE_87FF_FFFE
/// `$`, 0–9.
private let identifierPartLow: UInt64 = 1 << 0x24 | 0x03FF_0000_0000_0000

@inline(__always)
private func isASCIIIdentifierStart(_ unit: UInt32) -> Bool {
  unit < 64
    ? (identifierStartLow >> UInt64(unit)) & 1 != 0
    : (identifierStartHigh >> UInt64(unit - 64)) & 1 != 0
}

@inline(__always)
private func isASCIIIdentifierPart(_ unit: UInt32) -> Bool {
  unit < 64
    ? (identifierPartLow >> UInt64(unit)) & 1 != 0
    : (identifierStartHigh >> UInt64(unit - 64)) & 1 != 0
}

/// IdentifierStartChar: UnicodeIDStart, `$`, `_`.
@inline(__always)
func isIdentifierStart(_ codePoint: UInt32) -> Bool {
  if codePoint < 128 { return isASCIIIdentifierStart(codePoint) }
  return isUnicodeIdentifierStart(codePoint)
}

/// IdentifierPartChar: UnicodeIDContinue, `$`, ZWNJ, ZWJ.
@inline(__always)
func isIdentifierPart(_ codePoint: UInt32) -> Bool {
  if codePoint < 128 { return isASCIIIdentifierPart(codePoint) }
  return isUnicodeIdentifierPart(codePoint)
}

func isUnicodeIdentifierStart(_ codePoint: UInt32) -> Bool {
  guard let scalar = Unicode.Scalar(codePoint) else { return false }
  return scalar.properties.isIDStart
}

func isUnicodeIdentifierPart(_ codePoint: UInt32) -> Bool {
  if codePoint == 0x200C || codePoint == 0x200D { return true }
  guard let scalar = Unicode.Scalar(codePoint) else { return false }
  return scalar.properties.isIDContinue
}

/// WhiteSpace (ES2024 12.2): TAB, VT, FF, ZWNBSP (U+FEFF), and any Zs character.
@inline(__always)
func isWhiteSpace(_ unit: UInt16) -> Bool {
  if unit < 128 { return unit == 0x20 || unit == 0x09 || unit == 0x0B || unit == 0x0C }
  return isNonASCIIWhiteSpace(unit)
}

func isNonASCIIWhiteSpace(_ unit: UInt16) -> Bool {
  switch unit {
  case 0xA0, 0xFEFF, 0x1680, 0x2000...0x200A, 0x202F, 0x205F, 0x3000: true
  default: false
  }
}

@inline(__always)
func isDecimalDigit(_ unit: UInt16) -> Bool { unit >= 0x30 && unit <= 0x39 }

/// The value of a hexadecimal digit, or nil.
@inline(__always)
func hexDigitValue(_ unit: UInt16) -> UInt32? {
  switch unit {
  case 0x30...0x39: UInt32(unit - 0x30)
  case 0x41...0x46: UInt32(unit - 0x41 + 10)
  case 0x61...0x66: UInt32(unit - 0x61 + 10)
  default: nil
  }
}

@inline(__always)
func isHighSurrogate(_ unit: UInt16) -> Bool { unit & 0xFC00 == 0xD800 }

@inline(__always)
func isLowSurrogate(_ unit: UInt16) -> Bool { unit & 0xFC00 == 0xDC00 }

@inline(__always)
func combineSurrogates(_ high: UInt16, _ low: UInt16) -> UInt32 {
  0x10000 + ((UInt32(high) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
}

/// Appends `codePoint` to `units` as UTF-16.
@inline(__always)
func appendUTF16(_ codePoint: UInt32, to units: inout [UInt16]) {
  if codePoint < 0x10000 {
    units.append(UInt16(codePoint))
  } else {
    let value = codePoint - 0x10000
    units.append(UInt16(0xD800 + (value >> 10)))
    units.append(UInt16(0xDC00 + (value & 0x3FF)))
  }
}
