// The shared pseudocode of the Arm ARM the instruction groups are written in: fields,
// AddWithCarry, ConditionHolds, DecodeBitMasks, ShiftReg and ExtendReg (Arm ARM J1, "shared
// pseudocode"), written anew from their definitions.

/// The N, Z, C, V bits of `nzcv`.
enum Flag {
  static let n: UInt8 = 8
  static let z: UInt8 = 4
  static let c: UInt8 = 2
  static let v: UInt8 = 1
}

/// `count` bits of `word` from bit `low` up.
@inline(__always)
func field(_ word: UInt32, _ low: UInt32, _ count: UInt32) -> UInt32 {
  (word >> low) & ((1 << count) - 1)
}

/// Whether bit `index` of `word` is set.
@inline(__always)
func bit(_ word: UInt32, _ index: UInt32) -> Bool { (word >> index) & 1 == 1 }

/// `value`'s low `bits` bits as a signed number.
@inline(__always)
func signExtend(_ value: UInt64, bits: Int) -> UInt64 {
  let shift = UInt64(64 - bits)
  return UInt64(bitPattern: Int64(bitPattern: value << shift) >> Int64(shift))
}

/// The mask of an operation's width: 64 or 32 bits.
@inline(__always)
func widthMask(_ is64Bit: Bool) -> UInt64 { is64Bit ? ~0 : 0xFFFF_FFFF }

/// AddWithCarry(x, y, carry) at 64 or 32 bits: the sum and its NZCV.
func addWithCarry(_ x: UInt64, _ y: UInt64, carry: Bool, is64Bit: Bool) -> (UInt64, UInt8) {
  let carryIn: UInt64 = carry ? 1 : 0
  if is64Bit {
    let (partial, carryOut1) = x.addingReportingOverflow(y)
    let (sum, carryOut2) = partial.addingReportingOverflow(carryIn)
    let overflow = ((x ^ sum) & (y ^ sum)) >> 63 == 1
    return (sum, flags(negative: sum >> 63 == 1, zero: sum == 0, carry: carryOut1 || carryOut2, overflow: overflow))
  }
  let (a, b) = (UInt32(truncatingIfNeeded: x), UInt32(truncatingIfNeeded: y))
  let (partial, carryOut1) = a.addingReportingOverflow(b)
  let (sum, carryOut2) = partial.addingReportingOverflow(UInt32(carryIn))
  let overflow = ((a ^ sum) & (b ^ sum)) >> 31 == 1
  return (
    UInt64(sum), flags(negative: sum >> 31 == 1, zero: sum == 0, carry: carryOut1 || carryOut2, overflow: overflow)
  )
}

@inline(__always)
func flags(negative: Bool, zero: Bool, carry: Bool, overflow: Bool) -> UInt8 {
  (negative ? Flag.n : 0) | (zero ? Flag.z : 0) | (carry ? Flag.c : 0) | (overflow ? Flag.v : 0)
}

/// The flags a logical operation (ands, bics) sets: N and Z of the result, C and V clear.
@inline(__always)
func logicalFlags(_ result: UInt64, is64Bit: Bool) -> UInt8 {
  let negative = is64Bit ? result >> 63 == 1 : (result >> 31) & 1 == 1
  return flags(negative: negative, zero: result & widthMask(is64Bit) == 0, carry: false, overflow: false)
}

/// ConditionHolds(cond) for the flags `nzcv` (Arm ARM C1.2.4).
@inline(__always)
func conditionHolds(_ condition: UInt32, _ nzcv: UInt8) -> Bool {
  let n = nzcv & Flag.n != 0
  let z = nzcv & Flag.z != 0
  let c = nzcv & Flag.c != 0
  let v = nzcv & Flag.v != 0
  let result: Bool
  switch condition >> 1 {
  case 0: result = z  // eq / ne
  case 1: result = c  // cs / cc
  case 2: result = n  // mi / pl
  case 3: result = v  // vs / vc
  case 4: result = c && !z  // hi / ls
  case 5: result = n == v  // ge / lt
  case 6: result = n == v && !z  // gt / le
  default: result = true  // al, nv
  }
  return condition & 1 == 1 && condition != 0b1111 ? !result : result
}

/// Rotates the low `size` bits of `value` right by `amount`.
@inline(__always)
func rotateRight(_ value: UInt64, _ amount: UInt64, size: UInt64) -> UInt64 {
  let amount = amount % size
  if amount == 0 { return value }
  let mask: UInt64 = size == 64 ? ~0 : (1 << size) - 1
  return ((value >> amount) | (value << (size - amount))) & mask
}

/// Copies an element of `size` bits over all 64.
@inline(__always)
func replicate(_ element: UInt64, size: UInt64) -> UInt64 {
  var result = element
  var filled = size
  while filled < 64 {
    result |= result << filled
    filled *= 2
  }
  return result
}

/// DecodeBitMasks(immN, imms, immr, immediate): the wmask and tmask of bitfield and logical
/// immediate instructions, or nil for a reserved encoding. `immediate` is true for logical
/// immediates (an all-ones element is reserved there).
func decodeBitMasks(n: UInt32, imms: UInt32, immr: UInt32, immediate: Bool) -> (wmask: UInt64, tmask: UInt64)? {
  let combined = n << 6 | (~imms & 0x3F)
  guard combined != 0 else { return nil }
  let length = UInt32(31 - combined.leadingZeroBitCount)
  guard length >= 1 else { return nil }
  let levels = UInt32((1 << length) - 1)
  if immediate && imms & levels == levels { return nil }
  let s = UInt64(imms & levels)
  let r = UInt64(immr & levels)
  let difference = (s &- r) & UInt64(levels)
  let size = UInt64(1) << UInt64(length)
  let ones = { (count: UInt64) -> UInt64 in count >= 64 ? ~0 : (1 << count) - 1 }
  let wElement = ones(s + 1)
  let tElement = ones(difference + 1)
  return (replicate(rotateRight(wElement, r, size: size), size: size), replicate(tElement, size: size))
}

/// ShiftReg: `value` (of the operation's width) shifted by `type` (0 lsl, 1 lsr, 2 asr, 3 ror).
@inline(__always)
func shiftRegister(_ value: UInt64, type: UInt32, amount: UInt64, is64Bit: Bool) -> UInt64 {
  let size: UInt64 = is64Bit ? 64 : 32
  let value = value & widthMask(is64Bit)
  let amount = amount % size
  switch type {
  case 0: return (value << amount) & widthMask(is64Bit)
  case 1: return value >> amount
  case 2:
    let signed = is64Bit ? value : signExtend(value, bits: 32)
    return UInt64(bitPattern: Int64(bitPattern: signed) >> Int64(amount)) & widthMask(is64Bit)
  default: return rotateRight(value, amount, size: size)
  }
}

/// ExtendReg: the low byte, halfword, word or doubleword of `value`, zero- or sign-extended by
/// `option` (uxtb, uxth, uxtw, uxtx, sxtb, sxth, sxtw, sxtx), then shifted left.
@inline(__always)
func extendRegister(_ value: UInt64, option: UInt32, shift: UInt64) -> UInt64 {
  let bits = 8 << Int(option & 3)
  let extended: UInt64
  if bits == 64 {
    extended = value
  } else if option & 4 != 0 {
    extended = signExtend(value, bits: bits)
  } else {
    extended = value & ((1 << UInt64(bits)) - 1)
  }
  return extended << shift
}
