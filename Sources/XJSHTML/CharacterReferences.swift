/// The named character references, parsed once from the generated table.
enum NamedCharacterReferences {
  /// Name (with its ";" when it has one) → the UTF-8 bytes it stands for.
  static let table: [ArraySlice<UInt8>: [UInt8]] = {
    var table = [ArraySlice<UInt8>: [UInt8]](minimumCapacity: namedCharacterReferenceCount)
    for line in namedCharacterReferenceTable.split(separator: "\n") {
      let parts = line.split(separator: " ")
      guard parts.count == 2 else { continue }
      var scalars = ""
      for hex in parts[1].split(separator: ",") {
        if let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value) {
          scalars.unicodeScalars.append(scalar)
        }
      }
      table[ArraySlice(Array(parts[0].utf8))] = Array(scalars.utf8)
    }
    return table
  }()

  /// The longest name is "CounterClockwiseContourIntegral;".
  static let longestName = 32
}

/// The numeric character reference end state's table: C1 control code points that windows-1252
/// maps to other characters.
func replacementForNumericReference(_ value: UInt32) -> UInt32? {
  switch value {
  case 0x80: return 0x20AC
  case 0x82: return 0x201A
  case 0x83: return 0x0192
  case 0x84: return 0x201E
  case 0x85: return 0x2026
  case 0x86: return 0x2020
  case 0x87: return 0x2021
  case 0x88: return 0x02C6
  case 0x89: return 0x2030
  case 0x8A: return 0x0160
  case 0x8B: return 0x2039
  case 0x8C: return 0x0152
  case 0x8E: return 0x017D
  case 0x91: return 0x2018
  case 0x92: return 0x2019
  case 0x93: return 0x201C
  case 0x94: return 0x201D
  case 0x95: return 0x2022
  case 0x96: return 0x2013
  case 0x97: return 0x2014
  case 0x98: return 0x02DC
  case 0x99: return 0x2122
  case 0x9A: return 0x0161
  case 0x9B: return 0x203A
  case 0x9C: return 0x0153
  case 0x9E: return 0x017E
  case 0x9F: return 0x0178
  default: return nil
  }
}

/// The numeric character reference end state: the code point a reference's number stands for.
func codePointForNumericReference(_ value: UInt32) -> UInt32 {
  if value == 0 { return 0xFFFD }  // null-character-reference
  if value > 0x10FFFF { return 0xFFFD }  // character-reference-outside-unicode-range
  if (0xD800...0xDFFF).contains(value) { return 0xFFFD }  // surrogate-character-reference
  if let replacement = replacementForNumericReference(value) { return replacement }
  return value  // noncharacters and controls are parse errors but kept
}

extension Tokenizer {
  /// The character reference state, entered after "&" (already consumed). Appends what the
  /// reference stands for (or the text itself when it is none) to the text or attribute value.
  mutating func consumeCharacterReference(inAttribute: Bool) {
    guard position < bytes.count else {
      emitReferenceText([UInt8(ascii: "&")], inAttribute: inAttribute)
      return
    }
    let next = bytes[position]
    if isASCIIAlphanumeric(next) {
      consumeNamedCharacterReference(inAttribute: inAttribute)
    } else if next == UInt8(ascii: "#") {
      consumeNumericCharacterReference(inAttribute: inAttribute)
    } else {
      emitReferenceText([UInt8(ascii: "&")], inAttribute: inAttribute)
    }
  }

  private mutating func emitReferenceText(_ text: [UInt8], inAttribute: Bool) {
    if inAttribute {
      attributeValue.append(contentsOf: text)
    } else {
      textBuffer.append(contentsOf: text)
    }
  }

  /// The named character reference state: the longest name in the table that the input starts
  /// with. When none matches, "&" is text and the alphanumerics after it are read as usual (the
  /// ambiguous ampersand state does only that, besides a parse error).
  private mutating func consumeNamedCharacterReference(inAttribute: Bool) {
    var end = position
    while end < bytes.count, end - position < NamedCharacterReferences.longestName, isASCIIAlphanumeric(bytes[end]) {
      end += 1
    }
    let table = NamedCharacterReferences.table
    var match: (length: Int, value: [UInt8])?
    if end < bytes.count, bytes[end] == UInt8(ascii: ";"), let value = table[bytes[position...end]] {
      match = (end + 1 - position, value)
    } else {
      var length = end - position
      while length > 0 {
        if let value = table[bytes[position..<(position + length)]] {
          match = (length, value)
          break
        }
        length -= 1
      }
    }
    guard let (length, value) = match else {
      emitReferenceText([UInt8(ascii: "&")], inAttribute: inAttribute)
      return
    }
    let matchEnd = position + length
    let endsWithSemicolon = bytes[matchEnd - 1] == UInt8(ascii: ";")
    if inAttribute, !endsWithSemicolon, matchEnd < bytes.count,
      bytes[matchEnd] == UInt8(ascii: "=") || isASCIIAlphanumeric(bytes[matchEnd])
    {
      // For historical reasons, "&amp=" and "&ampx" in attributes stay as written.
      attributeValue.append(UInt8(ascii: "&"))
      attributeValue.append(contentsOf: bytes[position..<matchEnd])
      position = matchEnd
      return
    }
    if !endsWithSemicolon { parseError(.missingSemicolonAfterCharacterReference) }
    position = matchEnd
    emitReferenceText(value, inAttribute: inAttribute)
  }

  /// The numeric character reference states, from "#".
  private mutating func consumeNumericCharacterReference(inAttribute: Bool) {
    var cursor = position + 1
    var hexadecimal = false
    if cursor < bytes.count, bytes[cursor] | 0x20 == UInt8(ascii: "x") {
      hexadecimal = true
      cursor += 1
    }
    let digitsStart = cursor
    var value: UInt32 = 0
    while cursor < bytes.count, let digit = digitValue(bytes[cursor], hexadecimal: hexadecimal) {
      value = min(value &* (hexadecimal ? 16 : 10) &+ digit, 0x110000)
      cursor += 1
    }
    guard cursor > digitsStart else {
      // absence-of-digits-in-numeric-character-reference: "&#" or "&#x" stays as text.
      parseError(.absenceOfDigitsInNumericCharacterReference)
      emitReferenceText([UInt8(ascii: "&")], inAttribute: inAttribute)
      return
    }
    if cursor < bytes.count, bytes[cursor] == UInt8(ascii: ";") {
      cursor += 1
    } else {
      parseError(.missingSemicolonAfterCharacterReference)
    }
    position = cursor
    let scalar = Unicode.Scalar(codePointForNumericReference(value)) ?? "\u{FFFD}"
    emitReferenceText(Array(String(Character(scalar)).utf8), inAttribute: inAttribute)
  }

  private func digitValue(_ byte: UInt8, hexadecimal: Bool) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f") where hexadecimal: return UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F") where hexadecimal: return UInt32(byte - UInt8(ascii: "A") + 10)
    default: return nil
    }
  }
}

@inline(__always) func isASCIIAlpha(_ byte: UInt8) -> Bool {
  (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
}

@inline(__always) func isASCIIAlphanumeric(_ byte: UInt8) -> Bool {
  isASCIIAlpha(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
}

@inline(__always) func isHTMLWhitespace(_ byte: UInt8) -> Bool {
  byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
}

@inline(__always) func asciiLowercased(_ byte: UInt8) -> UInt8 {
  byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
}
