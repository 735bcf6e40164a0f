// A small arbitrary-precision natural number, just enough for the exact decimal
// expansions behind toFixed, toExponential and toPrecision.
// Values stay below about 2^1200 in those uses, so schoolbook algorithms are fine.

extension NumberFormatting {
  struct BigNat {
    /// Little-endian 32-bit limbs without high zero limbs; zero is the empty array.
    private(set) var limbs: [UInt32]

    init(_ value: UInt64) {
      limbs = []
      if value != 0 { limbs.append(UInt32(truncatingIfNeeded: value)) }
      if value >> 32 != 0 { limbs.append(UInt32(truncatingIfNeeded: value >> 32)) }
    }

    var isZero: Bool { limbs.isEmpty }

    private mutating func trimHighZeros() {
      while limbs.last == 0 { limbs.removeLast() }
    }

    mutating func multiply(by factor: UInt32) {
      guard factor != 1 else { return }
      if factor == 0 {
        limbs.removeAll()
        return
      }
      var carry: UInt64 = 0
      for i in limbs.indices {
        let product = UInt64(limbs[i]) * UInt64(factor) + carry
        limbs[i] = UInt32(truncatingIfNeeded: product)
        carry = product >> 32
      }
      if carry != 0 { limbs.append(UInt32(carry)) }
    }

    /// 5^13 is the largest power of five that fits in 32 bits.
    private static let largestPowerOf5Exponent = 13
    private static let largestPowerOf5: UInt32 = 1_220_703_125

    private static func powerOf5(_ n: Int) -> UInt32 {
      var p: UInt32 = 1
      for _ in 0..<n { p *= 5 }
      return p
    }

    mutating func multiply(byPowerOf5 n: Int) {
      var remaining = n
      while remaining >= Self.largestPowerOf5Exponent {
        multiply(by: Self.largestPowerOf5)
        remaining -= Self.largestPowerOf5Exponent
      }
      if remaining > 0 { multiply(by: Self.powerOf5(remaining)) }
    }

    mutating func multiply(byPowerOf10 n: Int) {
      multiply(byPowerOf5: n)
      shiftLeft(n)
    }

    mutating func shiftLeft(_ bits: Int) {
      guard bits > 0, !isZero else { return }
      let limbShift = bits / 32
      let bitShift = bits % 32
      if bitShift != 0 {
        var carry: UInt32 = 0
        for i in limbs.indices {
          let limb = limbs[i]
          limbs[i] = (limb << UInt32(bitShift)) | carry
          carry = limb >> UInt32(32 - bitShift)
        }
        if carry != 0 { limbs.append(carry) }
      }
      if limbShift > 0 { limbs.insert(contentsOf: repeatElement(0, count: limbShift), at: 0) }
    }

    /// Floor division by 2^bits.
    mutating func shiftRight(_ bits: Int) {
      guard bits > 0 else { return }
      let limbShift = bits / 32
      guard limbShift < limbs.count else {
        limbs.removeAll()
        return
      }
      limbs.removeFirst(limbShift)
      let bitShift = bits % 32
      if bitShift != 0 {
        for i in limbs.indices {
          let high: UInt32 = i + 1 < limbs.count ? limbs[i + 1] << UInt32(32 - bitShift) : 0
          limbs[i] = (limbs[i] >> UInt32(bitShift)) | high
        }
      }
      trimHighZeros()
    }

    mutating func add(_ other: BigNat) {
      if other.limbs.count > limbs.count {
        limbs.append(contentsOf: repeatElement(0, count: other.limbs.count - limbs.count))
      }
      var carry: UInt64 = 0
      for i in limbs.indices {
        let addend: UInt64 = i < other.limbs.count ? UInt64(other.limbs[i]) : 0
        if addend == 0 && carry == 0 && i >= other.limbs.count { break }
        let sum = UInt64(limbs[i]) + addend + carry
        limbs[i] = UInt32(truncatingIfNeeded: sum)
        carry = sum >> 32
      }
      if carry != 0 { limbs.append(UInt32(carry)) }
    }

    /// Floor division by a nonzero divisor; returns the remainder.
    @discardableResult
    mutating func divide(by divisor: UInt32) -> UInt32 {
      var remainder: UInt64 = 0
      for i in limbs.indices.reversed() {
        let current = (remainder << 32) | UInt64(limbs[i])
        limbs[i] = UInt32(current / UInt64(divisor))
        remainder = current % UInt64(divisor)
      }
      trimHighZeros()
      return UInt32(remainder)
    }

    /// Floor division by 5^n (floor(floor(x/a)/b) = floor(x/(a*b)) for naturals).
    mutating func divide(byPowerOf5 n: Int) {
      var remaining = n
      while remaining >= Self.largestPowerOf5Exponent {
        divide(by: Self.largestPowerOf5)
        remaining -= Self.largestPowerOf5Exponent
      }
      if remaining > 0 { divide(by: Self.powerOf5(remaining)) }
    }

    /// The decimal digits as ASCII ("0" for zero).
    func decimalDigits() -> [UInt8] {
      if isZero { return [UInt8(ascii: "0")] }
      var rest = self
      var chunks: [UInt32] = []  // base 10^9, least significant first
      while !rest.isZero { chunks.append(rest.divide(by: 1_000_000_000)) }
      var out: [UInt8] = []
      out.reserveCapacity(chunks.count * 9)
      for (index, chunk) in chunks.enumerated().reversed() {
        var text = [UInt8](repeating: UInt8(ascii: "0"), count: 9)
        var value = chunk
        for position in stride(from: 8, through: 0, by: -1) {
          text[position] = UInt8(ascii: "0") + UInt8(value % 10)
          value /= 10
        }
        if index == chunks.count - 1 {
          let firstNonZero = text.firstIndex { $0 != UInt8(ascii: "0") } ?? 8
          out.append(contentsOf: text[firstNonZero...])
        } else {
          out.append(contentsOf: text)
        }
      }
      return out
    }
  }
}
