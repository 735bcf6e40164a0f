/// A growable little-endian byte buffer that instructions are written into.
struct CodeBuffer {
  private(set) var bytes: [UInt8] = []

  var count: Int { bytes.count }

  mutating func emit8(_ value: UInt8) { bytes.append(value) }

  mutating func emit16(_ value: UInt16) {
    bytes.append(UInt8(truncatingIfNeeded: value))
    bytes.append(UInt8(truncatingIfNeeded: value >> 8))
  }

  mutating func emit32(_ value: UInt32) {
    for shift in stride(from: 0, to: 32, by: 8) {
      bytes.append(UInt8(truncatingIfNeeded: value >> shift))
    }
  }

  mutating func emit64(_ value: UInt64) {
    for shift in stride(from: 0, to: 64, by: 8) {
      bytes.append(UInt8(truncatingIfNeeded: value >> shift))
    }
  }

  func read32(at offset: Int) -> UInt32 {
    var value: UInt32 = 0
    for index in 0..<4 { value |= UInt32(bytes[offset + index]) << (8 * index) }
    return value
  }

  mutating func patch8(at offset: Int, _ value: UInt8) { bytes[offset] = value }

  mutating func patch32(at offset: Int, _ value: UInt32) {
    for index in 0..<4 { bytes[offset + index] = UInt8(truncatingIfNeeded: value >> (8 * index)) }
  }

  /// Inserts `count` zero bytes before each of `offsets` (ascending, offsets
  /// into the buffer as it is now), in one pass over the bytes.
  mutating func insertZeros(_ count: Int, before offsets: [Int]) {
    guard !offsets.isEmpty else { return }
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count + count * offsets.count)
    var copied = 0
    for offset in offsets {
      result.append(contentsOf: bytes[copied..<offset])
      result.append(contentsOf: repeatElement(0, count: count))
      copied = offset
    }
    result.append(contentsOf: bytes[copied...])
    bytes = result
  }
}

extension BinaryInteger {
  /// Whether the value is representable as a signed integer of `bits` bits.
  @inline(__always)
  func fitsSigned(bits: Int) -> Bool {
    let limit = Int64(1) << (bits - 1)
    return Int64(self) >= -limit && Int64(self) < limit
  }

  /// Whether the value is representable as an unsigned integer of `bits` bits.
  @inline(__always)
  func fitsUnsigned(bits: Int) -> Bool {
    self >= 0 && (bits >= 64 || UInt64(self) < (UInt64(1) << bits))
  }
}
