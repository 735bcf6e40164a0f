// BigInt cells: immutable arbitrary-precision integers (ES2024 6.1.6.2).
//
// Layout: header (flags bit 0 = negative, aux = limb count) | limbs: UInt64 × count
// The limbs are the magnitude, little-endian, without high zero limbs; 0n has no limbs
// and is never negative, so two BigInts are equal exactly when sign, count and limbs are.
// Addition, subtraction and multiplication read the operands' limbs in place and write the
// result's into its new cell; the other operations work on `BigInteger` values
// (Support/BigInteger.swift) and copy the result into a cell.

struct BigIntRef: Equatable {
  let cell: CellPointer

  @inline(__always) init(_ cell: CellPointer) { self.cell = cell }
  @inline(__always) init(_ value: Value) { self.cell = value.asCell }

  static let limbsOffset = 8

  @inline(__always) var value: Value { Value(cell: cell) }
  @inline(__always) var isNegative: Bool { cell.cellHeader.pointee.flags & 1 != 0 }
  @inline(__always) var limbCount: Int { Int(cell.cellHeader.pointee.aux) }
  @inline(__always) var isZero: Bool { limbCount == 0 }
  @inline(__always) var limbs: UnsafeMutablePointer<UInt64> {
    (cell + BigIntRef.limbsOffset).assumingMemoryBound(to: UInt64.self)
  }

  /// The limbs where they are, for arithmetic that reads them in place.
  @inline(__always) var limbsView: BigInteger.Limbs {
    BigInteger.Limbs(magnitude: UnsafeBufferPointer(start: limbs, count: limbCount), isNegative: isNegative)
  }

  /// The value as a `BigInteger` (copies the limbs).
  var integer: BigInteger {
    BigInteger(magnitude: Array(UnsafeBufferPointer(start: limbs, count: limbCount)), isNegative: isNegative)
  }

  /// The low 64 bits in two's complement (ToBigInt64 / ToBigUint64 wrap modulo 2^64).
  var truncatedUInt64: UInt64 {
    let low = limbCount == 0 ? 0 : limbs[0]
    return isNegative ? 0 &- low : low
  }

  /// Mathematical equality (BigInt::equal).
  func equals(_ other: BigIntRef) -> Bool {
    if cell == other.cell { return true }
    let count = limbCount
    guard count == other.limbCount, isNegative == other.isNegative else { return false }
    for index in 0..<count where limbs[index] != other.limbs[index] { return false }
    return true
  }

  /// A hash of the mathematical value (Map and Set keys).
  var hash: UInt64 {
    var hash: UInt64 = isNegative ? 0x9E37_79B9_7F4A_7C15 : 0
    for index in 0..<limbCount { hash = (hash ^ limbs[index]) &* 0x1000_0000_01B3 &+ 0x51 }
    return hash
  }
}

extension Value {
  @inline(__always) var asBigInt: BigIntRef { BigIntRef(asCell) }
}

extension Runtime {
  /// A BigInt cell holding `integer`.
  func newBigInt(_ integer: BigInteger) -> BigIntRef {
    let count = integer.magnitude.count
    // Not zeroed: the limbs are written right here, and a BigInt cell holds no references.
    let cell = heap.allocateCell(size: BigIntRef.limbsOffset + max(count, 1) * 8, kind: .bigInt, zeroed: false)
    cell.cellHeader.pointee.aux = UInt32(count)
    if integer.isNegative { cell.cellHeader.pointee.flags = 1 }
    let bigInt = BigIntRef(cell)
    integer.magnitude.withUnsafeBufferPointer { source in
      if let base = source.baseAddress { bigInt.limbs.update(from: base, count: count) }
    }
    return bigInt
  }

  func newBigInt(_ int: Int64) -> BigIntRef { newBigInt(BigInteger(int)) }
  func newBigInt(_ int: UInt64) -> BigIntRef { newBigInt(BigInteger(int)) }

  /// The RangeError for results wider than BigInteger.maximumBits.
  func bigIntTooLargeError() -> JSException {
    rangeError("Maximum BigInt size exceeded")
  }

  // MARK: - Conversions

  /// ES2024 7.1.13 ToBigInt
  func toBigInt(_ value: Value) throws(JSException) -> BigIntRef {
    let primitive = try toPrimitive(value, preferring: .number)
    if primitive.isBigInt { return primitive.asBigInt }
    if primitive.isBoolean { return newBigInt(Int64(primitive.asBool ? 1 : 0)) }
    if primitive.isString {
      guard let integer = try stringToBigInt(primitive.asString) else {
        throw syntaxError("Cannot convert \(primitive.asString.swiftString(heap)) to a BigInt")
      }
      return newBigInt(integer)
    }
    if primitive.isNumber {
      throw typeError("Cannot convert \(numberToString(primitive.asNumber).swiftString(heap)) to a BigInt")
    }
    if primitive.isSymbol { throw typeError("Cannot convert a Symbol value to a BigInt") }
    throw typeError("Cannot convert \(primitive.isNull ? "null" : "undefined") to a BigInt")
  }

  /// ES2024 7.1.14 StringToBigInt (nil where the spec gives undefined; a RangeError for a
  /// value wider than BigInteger.maximumBits).
  func stringToBigInt(_ string: StringRef) throws(JSException) -> BigInteger? {
    do {
      return try parseBigInt(string)
    } catch {
      throw bigIntTooLargeError()
    }
  }

  /// The order of `bigInt` and StringToBigInt(`string`) (-1, 0, 1); nil when the string is not
  /// a StringIntegerLiteral. A literal too wide for a BigInt is beyond every BigInt value, so it
  /// still compares, by its sign (comparisons never throw).
  func compare(_ bigInt: BigIntRef, toStringValue string: StringRef) -> Int? {
    do {
      guard let other = try parseBigInt(string) else { return nil }
      return BigInteger.compare(bigInt.integer, other)
    } catch {
      var index = 0
      while index < string.length && NumberParsing.isStrWhiteSpace(UInt32(string.codeUnit(at: index, heap))) {
        index += 1
      }
      return index < string.length && string.codeUnit(at: index, heap) == 0x2D ? 1 : -1
    }
  }

  private func parseBigInt(_ string: StringRef) throws -> BigInteger? {
    string.flattened(heap)
    if string.isLatin1 {
      return try BigInteger.parse(UnsafeBufferPointer(start: string.latin1Characters, count: string.length))
    }
    return try BigInteger.parse(UnsafeBufferPointer(start: string.utf16Characters, count: string.length))
  }

  /// ES2024 21.2.1.1.1 NumberToBigInt
  func numberToBigInt(_ number: Double) throws(JSException) -> BigIntRef {
    guard let integer = BigInteger(exactly: number) else {
      throw rangeError(
        "The number \(numberToString(number).swiftString(heap)) cannot be converted to a BigInt because it is not an integer"
      )
    }
    return newBigInt(integer)
  }

  /// BigInt::toString(x, radix) (ES2024 6.1.6.2.23).
  func bigIntToString(_ bigInt: BigIntRef, radix: Int = 10) -> StringRef {
    if bigInt.limbCount <= 1 && radix == 10 {
      let magnitude = bigInt.isZero ? 0 : bigInt.limbs[0]
      if magnitude < 1024 && !bigInt.isNegative { return int32ToString(Int32(magnitude)) }
    }
    return newString(bigInt.integer.toString(radix: radix))
  }

  /// A new BigInt holding `compute`'s result. Callers rule out division by zero and negative
  /// exponents first, so the only error left is a result wider than BigInteger.maximumBits.
  func bigIntResult(_ compute: () throws -> BigInteger) throws(JSException) -> Value {
    do {
      return newBigInt(try compute()).value
    } catch {
      throw bigIntTooLargeError()
    }
  }
}
