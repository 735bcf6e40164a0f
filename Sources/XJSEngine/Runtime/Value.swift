// A JavaScript value in 64 bits (NaN-boxing in the style of JavaScriptCore).
//
//   0x0000_pppp_pppp_pppp  cell pointer (8-byte aligned, never one of the constants below)
//   0x0002_…  … 0xFFFC_…   double, stored as its bit pattern + 2^49
//   0xFFFE_0000_iiii_iiii  int32
//   0x00 empty (holes, uninitialized bindings) · 0x02 null · 0x04 exception sentinel
//   0x06 false · 0x07 true · 0x0A undefined
//
// Values are trivially copyable: no ARC, no enum payloads. A cell pointer held
// only in a `Value` is visible to the collector when it is on the VM stack, on
// the native stack (conservative scan), or inside a traced cell.

package struct Value: Equatable, Hashable, @unchecked Sendable {
  package var bits: UInt64

  @inline(__always) package init(bits: UInt64) { self.bits = bits }

  // MARK: Encoding constants

  @usableFromInline static let numberTag: UInt64 = 0xFFFE_0000_0000_0000
  @usableFromInline static let doubleEncodeOffset: UInt64 = 1 << 49
  @usableFromInline static let otherTag: UInt64 = 0x2
  @usableFromInline static let boolTag: UInt64 = 0x4
  @usableFromInline static let undefinedTag: UInt64 = 0x8
  @usableFromInline static let notCellMask: UInt64 = numberTag | otherTag

  package static let empty = Value(bits: 0x0)
  package static let null = Value(bits: otherTag)
  /// Returned by C-convention slow paths to say "an exception is pending".
  package static let exceptionSentinel = Value(bits: boolTag)
  package static let `false` = Value(bits: otherTag | boolTag)
  package static let `true` = Value(bits: otherTag | boolTag | 1)
  package static let undefined = Value(bits: otherTag | undefinedTag)

  @usableFromInline static let canonicalNaNBits: UInt64 = 0x7FF8_0000_0000_0000

  // MARK: Construction

  @inline(__always) package init(_ int: Int32) {
    bits = Value.numberTag | UInt64(UInt32(bitPattern: int))
  }

  /// Boxes a double. NaNs are canonicalized so no NaN payload can alias a tag.
  @inline(__always) package init(_ double: Double) {
    let raw = double.isNaN ? Value.canonicalNaNBits : double.bitPattern
    bits = raw &+ Value.doubleEncodeOffset
  }

  /// Boxes a number, using the int32 representation when it is exact (and not -0).
  @inline(__always) package init(number: Double) {
    if number >= -2_147_483_648.0 && number <= 2_147_483_647.0 {
      let int = Int32(number)
      if Double(int) == number && (int != 0 || number.sign == .plus) {
        self.init(int)
        return
      }
    }
    self.init(number)
  }

  @inline(__always) package init(_ int: Int) {
    if let small = Int32(exactly: int) { self.init(small) } else { self.init(Double(int)) }
  }

  @inline(__always) package init(_ bool: Bool) {
    bits = bool ? Value.true.bits : Value.false.bits
  }

  @inline(__always) init(cell: UnsafeMutableRawPointer) {
    bits = UInt64(UInt(bitPattern: cell))
  }

  // MARK: Type tests

  @inline(__always) package var isEmpty: Bool { bits == 0 }
  @inline(__always) package var isUndefined: Bool { bits == Value.undefined.bits }
  @inline(__always) package var isNull: Bool { bits == Value.null.bits }
  /// undefined or null.
  @inline(__always) package var isNullish: Bool { (bits & ~Value.undefinedTag) == Value.otherTag }
  @inline(__always) package var isBoolean: Bool { (bits & ~1) == Value.false.bits }
  @inline(__always) package var isTrue: Bool { bits == Value.true.bits }
  @inline(__always) package var isCell: Bool { (bits & Value.notCellMask) == 0 && bits != 0 }
  @inline(__always) package var isNumber: Bool { (bits & Value.numberTag) != 0 }
  @inline(__always) package var isInt32: Bool { (bits & Value.numberTag) == Value.numberTag }
  @inline(__always) package var isDouble: Bool { isNumber && !isInt32 }
  @inline(__always) package var isExceptionSentinel: Bool { bits == Value.exceptionSentinel.bits }

  // MARK: Payloads (valid only when the matching test holds)

  @inline(__always) package var asInt32: Int32 { Int32(truncatingIfNeeded: bits) }
  @inline(__always) package var asDouble: Double {
    Double(bitPattern: bits &- Value.doubleEncodeOffset)
  }
  /// The numeric value of an int32 or double.
  @inline(__always) package var asNumber: Double { isInt32 ? Double(asInt32) : asDouble }
  @inline(__always) package var asBool: Bool { bits == Value.true.bits }
  @inline(__always) var asCell: UnsafeMutableRawPointer {
    UnsafeMutableRawPointer(bitPattern: UInt(bits))!
  }
}

extension Value: CustomDebugStringConvertible {
  package var debugDescription: String {
    if isInt32 { return "int(\(asInt32))" }
    if isNumber { return "double(\(asDouble))" }
    if isUndefined { return "undefined" }
    if isNull { return "null" }
    if isBoolean { return asBool ? "true" : "false" }
    if isEmpty { return "<empty>" }
    if isExceptionSentinel { return "<exception>" }
    return "cell(0x\(String(bits, radix: 16)))"
  }
}
