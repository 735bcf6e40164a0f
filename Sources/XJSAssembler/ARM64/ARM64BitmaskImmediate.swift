// The "bitmask immediate" of arm64 logical instructions (ARM ARM C6.2,
// DecodeBitMasks): a 2-, 4-, 8-, 16-, 32- or 64-bit element holding a rotated
// run of ones, repeated to fill the register. It cannot express 0 or all ones.

/// An encoded bitmask immediate: the N, immr and imms fields.
public struct ARM64BitmaskImmediate: Equatable, Sendable {
  public let n: UInt8
  public let immr: UInt8
  public let imms: UInt8

  /// Encodes `value` for an instruction of the given width, or returns nil if
  /// no bitmask immediate denotes it. For 32-bit instructions `value` must fit
  /// in 32 bits.
  public init?(_ value: UInt64, is64Bit: Bool) {
    if !is64Bit && value >> 32 != 0 { return nil }
    let pattern = is64Bit ? value : value | value << 32
    if pattern == 0 || pattern == ~0 { return nil }

    let size = ARM64BitmaskImmediate.elementSize(of: pattern)
    let elementMask: UInt64 = size == 64 ? ~0 : (1 << UInt64(size)) - 1
    let element = pattern & elementMask
    let ones = element.nonzeroBitCount
    let run: UInt64 = (1 << UInt64(ones)) - 1  // ones < size, so no overflow

    // Find r with ROR(run, r) == element: the element must be one rotated run.
    guard
      let rotation = (0..<size).first(where: { rotateRight(run, by: $0, size: size) == element })
    else {
      return nil
    }
    n = size == 64 ? 1 : 0
    immr = UInt8(rotation)
    // imms: the high bits give the element size (0xxxxx = 32, 10xxxx = 16, …, 11110x = 2).
    imms = UInt8(truncatingIfNeeded: (~(size - 1) << 1) | (ones - 1)) & 0x3F
  }

  /// Whether a logical instruction of this width can use `value` as an immediate.
  public static func canEncode(_ value: UInt64, is64Bit: Bool) -> Bool {
    ARM64BitmaskImmediate(value, is64Bit: is64Bit) != nil
  }

  /// The value these fields denote (DecodeBitMasks), or nil for a reserved
  /// combination. The inverse of `init?(_:is64Bit:)`.
  public static func decode(n: UInt8, immr: UInt8, imms: UInt8, is64Bit: Bool) -> UInt64? {
    let combined = UInt32(n) << 6 | UInt32(~imms & 0x3F)
    guard combined != 0 else { return nil }
    let length = 31 - combined.leadingZeroBitCount  // log2 of the element size
    guard length >= 1, is64Bit || n == 0 else { return nil }
    let size = 1 << length
    let levels = UInt8(size - 1)
    let ones = Int(imms & levels) + 1
    guard imms & levels != levels else { return nil }  // all-ones element: reserved
    let run: UInt64 = (1 << UInt64(ones)) - 1
    var element = rotateRight(run, by: Int(immr & levels), size: size)
    var filled = size
    while filled < 64 {
      element |= element << UInt64(filled)
      filled *= 2
    }
    return is64Bit ? element : element & 0xFFFF_FFFF
  }

  /// The smallest power-of-two period (≥ 2) with which `pattern` repeats.
  private static func elementSize(of pattern: UInt64) -> Int {
    var size = 64
    while size > 2 {
      let half = size / 2
      let mask: UInt64 = (1 << UInt64(half)) - 1
      guard pattern & mask == (pattern >> UInt64(half)) & mask else { break }
      size = half
    }
    return size
  }
}

/// Rotates the low `size` bits of `value` right by `amount`.
private func rotateRight(_ value: UInt64, by amount: Int, size: Int) -> UInt64 {
  if amount == 0 { return value }
  let mask: UInt64 = size == 64 ? ~0 : (1 << UInt64(size)) - 1
  return ((value >> UInt64(amount)) | (value << UInt64(size - amount))) & mask
}
