// encodeURI, encodeURIComponent, decodeURI, decodeURIComponent (ES2024 19.2.6) and
// Annex B escape/unescape (B.2.1) over UTF-16 code units. Encoded output is ASCII.

enum URICoding {
  /// The conditions under which the URI functions throw a URIError.
  enum Failure: Error, Equatable, CustomStringConvertible {
    /// A lone surrogate cannot be encoded (19.2.6.5 step 3.c.ii).
    case unpairedSurrogate(index: Int)
    /// '%' not followed by two hex digits, or a multi-byte sequence cut short (19.2.6.6).
    case malformedEscape(index: Int)
    /// The escaped bytes are not well-formed UTF-8 (19.2.6.6 step 4.d.vii).
    case invalidUTF8(index: Int)

    var description: String {
      switch self {
      case .unpairedSurrogate(let index): return "URI malformed: lone surrogate at index \(index)"
      case .malformedEscape(let index):
        return "URI malformed: bad escape sequence at index \(index)"
      case .invalidUTF8(let index): return "URI malformed: invalid UTF-8 sequence at index \(index)"
      }
    }
  }

  // MARK: - Sets (19.2.6.1)

  /// uriReserved ";/?:@&=+$," and "#": left alone by encodeURI, kept escaped by decodeURI.
  private static func isReservedOrHash(_ c: UInt16) -> Bool {
    switch c {
    case 0x3B, 0x2F, 0x3F, 0x3A, 0x40, 0x26, 0x3D, 0x2B, 0x24, 0x2C, 0x23: return true
    default: return false
    }
  }

  private static func isAlphaOrDigit(_ c: UInt16) -> Bool {
    (c >= 0x30 && c <= 0x39) || (c | 0x20 >= 0x61 && c | 0x20 <= 0x7A)
  }

  /// uriUnescaped: uriAlpha, DecimalDigit, uriMark "-_.!~*'()".
  private static func isURIUnescaped(_ c: UInt16) -> Bool {
    if isAlphaOrDigit(c) { return true }
    switch c {
    case 0x2D, 0x5F, 0x2E, 0x21, 0x7E, 0x2A, 0x27, 0x28, 0x29: return true
    default: return false
    }
  }

  // MARK: - Encode (19.2.6.5)

  static func encodeURI(_ text: UnsafeBufferPointer<UInt16>) throws(Failure) -> [UInt8] {
    try encode(text) { isURIUnescaped($0) || isReservedOrHash($0) }
  }

  static func encodeURIComponent(_ text: UnsafeBufferPointer<UInt16>) throws(Failure) -> [UInt8] {
    try encode(text, keeping: isURIUnescaped)
  }

  private static func encode(
    _ text: UnsafeBufferPointer<UInt16>, keeping isUnescaped: (UInt16) -> Bool
  ) throws(Failure) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(text.count)
    var k = 0
    while k < text.count {
      let c = text[k]
      if isUnescaped(c) {
        out.append(UInt8(c))
        k += 1
        continue
      }
      guard let (codePoint, length) = codePoint(in: text, at: k) else {
        throw .unpairedSurrogate(index: k)
      }
      for byte in utf8Bytes(codePoint) { appendPercentByte(byte, to: &out) }
      k += length
    }
    return out
  }

  /// CodePointAt (11.1.4), or nil for an unpaired surrogate.
  private static func codePoint(in text: UnsafeBufferPointer<UInt16>, at k: Int) -> (UInt32, Int)? {
    let first = text[k]
    if first & 0xF800 != 0xD800 { return (UInt32(first), 1) }
    guard first < 0xDC00, k + 1 < text.count, text[k + 1] & 0xFC00 == 0xDC00 else { return nil }
    let high = UInt32(first - 0xD800)
    let low = UInt32(text[k + 1] - 0xDC00)
    return (0x10000 + (high << 10) + low, 2)
  }

  private static func utf8Bytes(_ cp: UInt32) -> [UInt8] {
    switch cp {
    case 0..<0x80:
      return [UInt8(cp)]
    case 0x80..<0x800:
      return [UInt8(0xC0 | cp >> 6), UInt8(0x80 | cp & 0x3F)]
    case 0x800..<0x10000:
      return [UInt8(0xE0 | cp >> 12), UInt8(0x80 | (cp >> 6) & 0x3F), UInt8(0x80 | cp & 0x3F)]
    default:
      return [
        UInt8(0xF0 | cp >> 18), UInt8(0x80 | (cp >> 12) & 0x3F), UInt8(0x80 | (cp >> 6) & 0x3F),
        UInt8(0x80 | cp & 0x3F),
      ]
    }
  }

  private static func hexDigit(_ value: UInt8) -> UInt8 {
    value < 10 ? 0x30 + value : 0x41 + value - 10
  }

  private static func appendPercentByte(_ byte: UInt8, to out: inout [UInt8]) {
    out.append(0x25)
    out.append(hexDigit(byte >> 4))
    out.append(hexDigit(byte & 0xF))
  }

  // MARK: - Decode (19.2.6.6)

  static func decodeURI(_ text: UnsafeBufferPointer<UInt16>) throws(Failure) -> [UInt16] {
    try decode(text, preserving: isReservedOrHash)
  }

  static func decodeURIComponent(_ text: UnsafeBufferPointer<UInt16>) throws(Failure) -> [UInt16] {
    try decode(text) { _ in false }
  }

  private static func hexValue(_ c: UInt16) -> UInt8? {
    switch c {
    case 0x30...0x39: return UInt8(c - 0x30)
    case 0x41...0x46: return UInt8(c - 0x41 + 10)
    case 0x61...0x66: return UInt8(c - 0x61 + 10)
    default: return nil
    }
  }

  /// The byte escaped as "%XY" at text[k], if that is what is there.
  private static func escapedByte(_ text: UnsafeBufferPointer<UInt16>, at k: Int) -> UInt8? {
    guard k + 2 < text.count, text[k] == 0x25, let high = hexValue(text[k + 1]),
      let low = hexValue(text[k + 2])
    else { return nil }
    return high << 4 | low
  }

  private static func decode(
    _ text: UnsafeBufferPointer<UInt16>, preserving isPreserved: (UInt16) -> Bool
  ) throws(Failure) -> [UInt16] {
    var out: [UInt16] = []
    out.reserveCapacity(text.count)
    var k = 0
    while k < text.count {
      let c = text[k]
      if c != 0x25 {
        out.append(c)
        k += 1
        continue
      }
      let start = k
      guard let lead = escapedByte(text, at: k) else { throw .malformedEscape(index: start) }
      let n = (~lead).leadingZeroBitCount  // leading one bits
      if n == 0 {
        // A single ASCII byte: keep the escape itself if the character is in the preserve set.
        if isPreserved(UInt16(lead)) {
          out.append(contentsOf: text[start..<start + 3])
        } else {
          out.append(UInt16(lead))
        }
        k += 3
        continue
      }
      guard n >= 2 && n <= 4 else { throw .invalidUTF8(index: start) }
      var bytes = [lead]
      k += 3
      for _ in 1..<n {
        guard let byte = escapedByte(text, at: k) else { throw .malformedEscape(index: k) }
        bytes.append(byte)
        k += 3
      }
      guard let scalar = decodeUTF8(bytes) else { throw .invalidUTF8(index: start) }
      appendUTF16(scalar, to: &out)
    }
    return out
  }

  /// The scalar value of a well-formed UTF-8 sequence of 2-4 bytes (Unicode Table 3-7):
  /// no overlong forms, no surrogates, nothing above U+10FFFF.
  private static func decodeUTF8(_ bytes: [UInt8]) -> UInt32? {
    var value = UInt32(bytes[0]) & (0x7F >> UInt32(bytes.count))
    for byte in bytes.dropFirst() {
      guard byte & 0xC0 == 0x80 else { return nil }
      value = value << 6 | UInt32(byte & 0x3F)
    }
    let minimum: UInt32 = bytes.count == 2 ? 0x80 : bytes.count == 3 ? 0x800 : 0x10000
    guard value >= minimum, value <= 0x10FFFF, !(0xD800...0xDFFF).contains(value) else {
      return nil
    }
    return value
  }

  private static func appendUTF16(_ scalar: UInt32, to out: inout [UInt16]) {
    if scalar < 0x10000 {
      out.append(UInt16(scalar))
    } else {
      let offset = scalar - 0x10000
      out.append(UInt16(0xD800 + (offset >> 10)))
      out.append(UInt16(0xDC00 + (offset & 0x3FF)))
    }
  }

  // MARK: - Annex B escape / unescape (B.2.1)

  /// escape(string): code units outside A-Z a-z 0-9 @*_+-./ become %XY or %uXXXX.
  static func escape(_ text: UnsafeBufferPointer<UInt16>) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(text.count)
    for c in text {
      if isAlphaOrDigit(c) || [0x40, 0x2A, 0x5F, 0x2B, 0x2D, 0x2E, 0x2F].contains(c) {
        out.append(UInt8(c))
      } else if c < 256 {
        appendPercentByte(UInt8(c), to: &out)
      } else {
        out.append(contentsOf: [0x25, 0x75])  // "%u"
        for shift in stride(from: 12, through: 0, by: -4) {
          out.append(hexDigit(UInt8((c >> UInt16(shift)) & 0xF)))
        }
      }
    }
    return out
  }

  /// unescape(string): %uXXXX and %XY become code units; anything else is kept as is.
  static func unescape(_ text: UnsafeBufferPointer<UInt16>) -> [UInt16] {
    var out: [UInt16] = []
    out.reserveCapacity(text.count)
    var k = 0
    while k < text.count {
      let c = text[k]
      if c == 0x25 {
        if k + 6 <= text.count && text[k + 1] == 0x75,
          let unit = hexValue(text, from: k + 2, count: 4)
        {
          out.append(unit)
          k += 6
          continue
        }
        if k + 3 <= text.count, let unit = hexValue(text, from: k + 1, count: 2) {
          out.append(unit)
          k += 3
          continue
        }
      }
      out.append(c)
      k += 1
    }
    return out
  }

  private static func hexValue(_ text: UnsafeBufferPointer<UInt16>, from start: Int, count: Int)
    -> UInt16?
  {
    var value: UInt16 = 0
    for i in start..<start + count {
      guard let digit = hexValue(text[i]) else { return nil }
      value = value << 4 | UInt16(digit)
    }
    return value
  }

  // MARK: - String conveniences

  static func encodeURI(_ text: String) throws(Failure) -> String {
    let units = Array(text.utf16)
    let bytes = try units.withUnsafeBufferPointer { (buffer) throws(Failure) in
      try encodeURI(buffer)
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  static func encodeURIComponent(_ text: String) throws(Failure) -> String {
    let units = Array(text.utf16)
    let bytes = try units.withUnsafeBufferPointer { (buffer) throws(Failure) in
      try encodeURIComponent(buffer)
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  static func decodeURI(_ text: String) throws(Failure) -> String {
    let units = Array(text.utf16)
    let decoded = try units.withUnsafeBufferPointer { (buffer) throws(Failure) in
      try decodeURI(buffer)
    }
    return String(decoding: decoded, as: UTF16.self)
  }

  static func decodeURIComponent(_ text: String) throws(Failure) -> String {
    let units = Array(text.utf16)
    let decoded = try units.withUnsafeBufferPointer { (buffer) throws(Failure) in
      try decodeURIComponent(buffer)
    }
    return String(decoding: decoded, as: UTF16.self)
  }
}
