/// A script's text as UTF-16 code units (the unit JavaScript positions are
/// measured in), with a lazily built line table for `line:column` positions.
public final class SourceFile {
  /// The name shown in error messages and stack traces (a path or a URL).
  public let name: String
  public let text: [UInt16]
  private var lineStarts: [Int32]?

  public init(name: String, text: [UInt16]) {
    self.name = name
    self.text = text
  }

  public convenience init(name: String, string: String) {
    self.init(name: name, text: Array(string.utf16))
  }

  /// 1-based line and 1-based column (in UTF-16 code units) of `offset`.
  /// Line terminators are LF, CR, CRLF, U+2028 and U+2029.
  public func location(of offset: Int) -> (line: Int, column: Int) {
    let starts = lineTable()
    var low = 0
    var high = starts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if Int(starts[middle]) <= offset { low = middle } else { high = middle - 1 }
    }
    return (low + 1, offset - Int(starts[low]) + 1)
  }

  /// The text of line `line` (1-based) without its terminator.
  public func lineText(_ line: Int) -> [UInt16] {
    Array(text[lineBounds(line)])
  }

  /// Where line `line` (1-based) lies in the text, without its terminator.
  public func lineBounds(_ line: Int) -> Range<Int> {
    let starts = lineTable()
    guard line >= 1 && line <= starts.count else { return 0..<0 }
    let start = Int(starts[line - 1])
    var end = line < starts.count ? Int(starts[line]) : text.count
    while end > start, isLineTerminator(text[end - 1]) { end -= 1 }
    return start..<end
  }

  /// The source text of `range` as a Swift string (lone surrogates replaced).
  public func string(in range: SourceRange) -> String {
    let start = max(0, min(Int(range.start), text.count))
    let end = max(start, min(Int(range.end), text.count))
    return String(decoding: text[start..<end], as: UTF16.self)
  }

  private func lineTable() -> [Int32] {
    if let lineStarts { return lineStarts }
    var starts: [Int32] = [0]
    var index = 0
    while index < text.count {
      let unit = text[index]
      if unit == 0x0D, index + 1 < text.count, text[index + 1] == 0x0A { index += 1 }
      if isLineTerminator(unit) { starts.append(Int32(index + 1)) }
      index += 1
    }
    lineStarts = starts
    return starts
  }
}

@inline(__always)
func isLineTerminator(_ unit: UInt16) -> Bool {
  unit == 0x0A || unit == 0x0D || unit == 0x2028 || unit == 0x2029
}

extension String {
  /// The string's UTF-16 code units. `Array(string.utf16)` asks a native (UTF-8) string for its
  /// UTF-16 count and offsets first, which builds breadcrumbs over the whole text: 7% of loading
  /// a 1 MB script with some non-ASCII characters in it.
  package var utf16CodeUnits: [UInt16] {
    var copy = self
    return copy.withUTF8 { utf16FromUTF8($0) }
  }
}

/// UTF-8 bytes as UTF-16 code units, each maximal invalid subsequence replaced by U+FFFD (as
/// `String(decoding:as:)` does). Valid text is decoded in one pass; invalid text takes the
/// standard library's decoder.
package func utf16FromUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt16] {
  let count = bytes.count
  var valid = true
  let units = [UInt16](unsafeUninitializedCapacity: max(count, 1)) { buffer, written in
    var input = 0
    var output = 0
    while input < count {
      let lead = UInt32(bytes[input])
      if lead < 0x80 {
        buffer[output] = UInt16(lead)
        input += 1
        output += 1
        continue
      }
      guard let (scalar, length) = decodeMultibyteUTF8(bytes, at: input, lead: lead) else {
        valid = false
        break
      }
      input += length
      if scalar < 0x10000 {
        buffer[output] = UInt16(scalar)
        output += 1
      } else {
        buffer[output] = UInt16(0xD800 + ((scalar - 0x10000) >> 10))
        buffer[output + 1] = UInt16(0xDC00 + ((scalar - 0x10000) & 0x3FF))
        output += 2
      }
    }
    written = valid ? output : 0
  }
  if valid { return units }
  return Array(String(decoding: bytes, as: UTF8.self).utf16)
}

/// The scalar and length of the well-formed multi-byte sequence at `index` (Unicode Table 3-7),
/// or nil.
@inline(__always)
private func decodeMultibyteUTF8(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, lead: UInt32) -> (UInt32, Int)? {
  func continuation(_ offset: Int, _ low: UInt8 = 0x80, _ high: UInt8 = 0xBF) -> UInt32? {
    guard index + offset < bytes.count else { return nil }
    let byte = bytes[index + offset]
    return byte >= low && byte <= high ? UInt32(byte & 0x3F) : nil
  }
  switch lead {
  case 0xC2...0xDF:
    guard let b1 = continuation(1) else { return nil }
    return ((lead & 0x1F) << 6 | b1, 2)
  case 0xE0...0xEF:
    let low: UInt8 = lead == 0xE0 ? 0xA0 : 0x80
    let high: UInt8 = lead == 0xED ? 0x9F : 0xBF
    guard let b1 = continuation(1, low, high), let b2 = continuation(2) else { return nil }
    return ((lead & 0x0F) << 12 | b1 << 6 | b2, 3)
  case 0xF0...0xF4:
    let low: UInt8 = lead == 0xF0 ? 0x90 : 0x80
    let high: UInt8 = lead == 0xF4 ? 0x8F : 0xBF
    guard let b1 = continuation(1, low, high), let b2 = continuation(2), let b3 = continuation(3) else {
      return nil
    }
    return ((lead & 0x07) << 18 | b1 << 12 | b2 << 6 | b3, 4)
  default:
    return nil
  }
}
