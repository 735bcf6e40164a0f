// Source text decoding: UTF-8 bytes to the UTF-16 code units the lexer reads.

import Testing

@testable import XJSSyntax

@Suite struct SourceDecodingTests {
  /// What the standard library's decoder makes of `bytes` (the reference for replacement).
  func reference(_ bytes: [UInt8]) -> [UInt16] { Array(String(decoding: bytes, as: UTF8.self).utf16) }

  func decoded(_ bytes: [UInt8]) -> [UInt16] { bytes.withUnsafeBufferPointer { utf16FromUTF8($0) } }

  @Test func validTextOfEveryLength() {
    let text = "a = \"é€𝄞\"; // ñ ✓ 😀 \u{10FFFF} \u{7F} \u{80} \u{7FF} \u{800} \u{FFFF} \u{10000}"
    let bytes = Array(text.utf8)
    #expect(decoded(bytes) == Array(text.utf16))
    #expect(text.utf16CodeUnits == Array(text.utf16))
    #expect(decoded([]) == [])
  }

  @Test func invalidSequencesAreReplacedAsTheStandardLibraryDoes() {
    let cases: [[UInt8]] = [
      [0x80],  // lone continuation
      [0xC0, 0xAF],  // overlong
      [0xC2],  // truncated at the end
      [0x61, 0xE2, 0x82, 0x62],  // truncated before ASCII
      [0xED, 0xA0, 0x80],  // an encoded surrogate
      [0xE0, 0x80, 0x80],  // overlong three-byte
      [0xF0, 0x8F, 0xBF, 0xBF],  // overlong four-byte
      [0xF4, 0x90, 0x80, 0x80],  // past U+10FFFF
      [0xF5, 0x61],  // never a lead byte
      [0x7A, 0xF0, 0x9F, 0x98, 0x80, 0xFF, 0x7A],  // valid, then invalid
    ]
    for bytes in cases {
      #expect(decoded(bytes) == reference(bytes), "bytes: \(bytes)")
    }
  }
}
