#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// Slow paths of the arithmetic and relational operators.

/// The binary operators whose operands go through ToNumeric (ES2024 13.15.3 Table 2).
enum NumericOperator {
  case add, subtract, multiply, divide, remainder, exponent
  case shiftLeft, shiftRight, unsignedShiftRight, bitAnd, bitOr, bitXor
}

extension Runtime {
  /// ES2024 13.15.3 ApplyStringOrNumericBinaryOperator for `+`.
  func addSlow(_ a: Value, _ b: Value) throws(JSException) -> Value {
    if a.isString && b.isString { return try concatenate(a.asString, b.asString).value }
    let left = try toPrimitive(a)
    let right = try toPrimitive(b)
    if left.isString || right.isString {
      let leftString = try toString(left)
      let rightString = try toString(right)
      return try concatenate(leftString, rightString).value
    }
    return try applyNumericOperator(.add, toNumeric(left), toNumeric(right))
  }

  /// ES2024 13.15.3 ApplyStringOrNumericBinaryOperator for the numeric operators (the
  /// interpreter's fast paths handle two int32s or two doubles before calling this).
  func numericOperatorSlow(_ operation: NumericOperator, _ a: Value, _ b: Value) throws(JSException) -> Value {
    let left = try toNumeric(a)
    let right = try toNumeric(b)
    return try applyNumericOperator(operation, left, right)
  }

  /// Steps 5–9 on numeric operands: both Numbers, or both BigInts (mixing is a TypeError).
  func applyNumericOperator(_ operation: NumericOperator, _ left: Value, _ right: Value) throws(JSException)
    -> Value
  {
    if _slowPath(left.isBigInt || right.isBigInt) {
      guard left.isBigInt && right.isBigInt else {
        throw typeError("Cannot mix BigInt and other types, use explicit conversions")
      }
      switch operation {
      case .add, .subtract, .multiply: return try bigIntSumOrProduct(operation, left.asBigInt, right.asBigInt)
      case .divide, .remainder: return try bigIntQuotientOrRemainder(operation, left.asBigInt, right.asBigInt)
      default: return try applyBigIntOperator(operation, left.asBigInt.integer, right.asBigInt.integer)
      }
    }
    return applyNumberOperator(operation, left.asNumber, right.asNumber)
  }

  /// BigInt::add, BigInt::subtract and BigInt::multiply from the operands' cells straight into
  /// the result's: the operations of BigInt loops, done without copying limbs into arrays and
  /// back. The result cell is allocated at the largest size the result can have (the collector
  /// does not move the operands, and they stay on the stack across the allocation).
  private func bigIntSumOrProduct(_ operation: NumericOperator, _ x: BigIntRef, _ y: BigIntRef) throws(JSException)
    -> Value
  {
    let a = x.limbsView
    let b = y.limbsView
    let isProduct = operation == .multiply
    if isProduct && !BigInteger.productMayFit(a, b) { throw bigIntTooLargeError() }
    let capacity = isProduct ? BigInteger.productCapacity(a, b) : BigInteger.sumCapacity(a, b)
    let cell = heap.allocateCell(size: BigIntRef.limbsOffset + max(capacity, 1) * 8, kind: .bigInt, zeroed: false)
    let result = BigIntRef(cell)
    let limbs = UnsafeMutableBufferPointer(start: result.limbs, count: capacity)
    let (count, isNegative) = withExtendedLifetime((x, y)) {
      isProduct
        ? BigInteger.product(a, b, into: limbs)
        : BigInteger.sum(a, b, negatingB: operation == .subtract, into: limbs)
    }
    if BigInteger.bitWidth(of: UnsafeBufferPointer(rebasing: limbs[0..<count])) > BigInteger.maximumBits {
      throw bigIntTooLargeError()
    }
    cell.cellHeader.pointee.aux = UInt32(count)
    if isNegative { cell.cellHeader.pointee.flags = 1 }
    return result.value
  }

  /// The Number::… operations of ES2024 Table 2.
  @inline(__always) func applyNumberOperator(_ operation: NumericOperator, _ x: Double, _ y: Double) -> Value {
    switch operation {
    case .add: return Value(number: x + y)
    case .subtract: return Value(number: x - y)
    case .multiply: return Value(number: x * y)
    case .divide: return Value(number: x / y)
    case .remainder: return Value(number: numberRemainder(x, y))
    case .exponent: return Value(number: numberPower(x, y))
    case .shiftLeft: return Value(doubleToInt32(x) &<< (doubleToInt32(y) & 31))
    case .shiftRight: return Value(doubleToInt32(x) &>> (doubleToInt32(y) & 31))
    case .unsignedShiftRight:
      return Value(number: Double(UInt32(bitPattern: doubleToInt32(x)) &>> (UInt32(bitPattern: doubleToInt32(y)) & 31)))
    case .bitAnd: return Value(doubleToInt32(x) & doubleToInt32(y))
    case .bitOr: return Value(doubleToInt32(x) | doubleToInt32(y))
    case .bitXor: return Value(doubleToInt32(x) ^ doubleToInt32(y))
    }
  }

  /// BigInt::divide and BigInt::remainder, from the operands' cells straight into the result's
  /// (the quotient rounds toward zero; the remainder takes the dividend's sign).
  private func bigIntQuotientOrRemainder(_ operation: NumericOperator, _ x: BigIntRef, _ y: BigIntRef)
    throws(JSException) -> Value
  {
    // 1. If y is 0ℤ, throw a RangeError exception.
    if y.isZero { throw rangeError("Division by zero") }
    let u = x.limbsView
    let v = y.limbsView
    let isQuotient = operation == .divide
    if BigInteger.magnitudeOrder(u, v) < 0 { return isQuotient ? newBigInt(Int64(0)).value : x.value }
    let capacity = isQuotient ? BigInteger.quotientCapacity(u, v) : BigInteger.remainderCapacity(v)
    let cell = heap.allocateCell(size: BigIntRef.limbsOffset + capacity * 8, kind: .bigInt, zeroed: false)
    let result = BigIntRef(cell)
    let limbs = UnsafeMutableBufferPointer(start: result.limbs, count: capacity)
    let count = withExtendedLifetime((x, y)) {
      if isQuotient {
        return BigInteger.divide(u.magnitude, by: v.magnitude, quotient: limbs, remainder: nil).quotientCount
      }
      return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: BigInteger.quotientCapacity(u, v)) { quotient in
        BigInteger.divide(u.magnitude, by: v.magnitude, quotient: quotient, remainder: limbs).remainderCount
      }
    }
    cell.cellHeader.pointee.aux = UInt32(count)
    let isNegative = isQuotient ? u.isNegative != v.isNegative : u.isNegative
    if isNegative && count > 0 { cell.cellHeader.pointee.flags = 1 }
    return result.value
  }

  /// The BigInt::… operations of ES2024 Table 2.
  func applyBigIntOperator(_ operation: NumericOperator, _ x: BigInteger, _ y: BigInteger) throws(JSException)
    -> Value
  {
    switch operation {
    case .add: return try bigIntResult { try x + y }
    case .subtract: return try bigIntResult { try x - y }
    case .multiply: return try bigIntResult { try x * y }
    case .divide:
      if y.isZero { throw rangeError("Division by zero") }
      return try bigIntResult { try x.quotientAndRemainder(dividingBy: y).quotient }
    case .remainder:
      if y.isZero { throw rangeError("Division by zero") }
      return try bigIntResult { try x.quotientAndRemainder(dividingBy: y).remainder }
    case .exponent:
      if y.isNegative { throw rangeError("Exponent must be non-negative") }
      return try bigIntResult { try x.power(y) }
    case .shiftLeft: return try bigIntResult { try x.shiftedLeft(y) }
    case .shiftRight: return try bigIntResult { try x.shiftedRight(y) }
    case .unsignedShiftRight: throw typeError("BigInts have no unsigned right shift, use >> instead")
    case .bitAnd: return try bigIntResult { x.bitwiseAnd(y) }
    case .bitOr: return try bigIntResult { x.bitwiseOr(y) }
    case .bitXor: return try bigIntResult { x.bitwiseXor(y) }
    }
  }

  /// Unary `-` on a value that is not a non-zero int32 (ES2024 13.5.5).
  func negateSlow(_ value: Value) throws(JSException) -> Value {
    let numeric = try toNumeric(value)
    if numeric.isBigInt { return newBigInt(numeric.asBigInt.integer.negated()).value }
    return Value(number: -numeric.asNumber)
  }

  /// `~` (ES2024 13.5.6).
  func bitNotSlow(_ value: Value) throws(JSException) -> Value {
    let numeric = try toNumeric(value)
    if numeric.isBigInt { return newBigInt(numeric.asBigInt.integer.bitwiseNot()).value }
    return Value(~doubleToInt32(numeric.asNumber))
  }

  /// `++`/`--` on a value that is not an int32 away from the edge (ES2024 13.4.2–5).
  func incrementSlow(_ value: Value, by delta: Int64) throws(JSException) -> Value {
    let numeric = try toNumeric(value)
    if numeric.isBigInt {
      return try applyBigIntOperator(.add, numeric.asBigInt.integer, BigInteger(delta))
    }
    return Value(number: numeric.asNumber + Double(delta))
  }

  @inline(__always) func compareLess(_ a: Value, _ b: Value) throws(JSException) -> Bool {
    if a.isInt32 && b.isInt32 { return a.asInt32 < b.asInt32 }
    if a.isNumber && b.isNumber { return a.asNumber < b.asNumber }
    return try isLessThan(a, b, leftFirst: true) ?? false
  }

  @inline(__always) func compareGreater(_ a: Value, _ b: Value) throws(JSException) -> Bool {
    if a.isInt32 && b.isInt32 { return a.asInt32 > b.asInt32 }
    if a.isNumber && b.isNumber { return a.asNumber > b.asNumber }
    return try isLessThan(b, a, leftFirst: false) ?? false
  }

  @inline(__always) func compareLessOrEqual(_ a: Value, _ b: Value) throws(JSException) -> Bool {
    if a.isInt32 && b.isInt32 { return a.asInt32 <= b.asInt32 }
    if a.isNumber && b.isNumber { return a.asNumber <= b.asNumber }
    guard let greater = try isLessThan(b, a, leftFirst: false) else { return false }
    return !greater
  }

  @inline(__always) func compareGreaterOrEqual(_ a: Value, _ b: Value) throws(JSException) -> Bool {
    if a.isInt32 && b.isInt32 { return a.asInt32 >= b.asInt32 }
    if a.isNumber && b.isNumber { return a.asNumber >= b.asNumber }
    guard let less = try isLessThan(a, b, leftFirst: true) else { return false }
    return !less
  }
}

/// Number::remainder (truncating, sign of the dividend).
func numberRemainder(_ n: Double, _ d: Double) -> Double {
  if n.isNaN || d.isNaN || n.isInfinite || d == 0 { return .nan }
  if d.isInfinite || n == 0 { return n }
  return fmod(n, d)
}

/// Number::exponentiate (ES2024 6.1.6.1.3): differs from C pow for NaN exponents and ±1 ** ±Infinity.
func numberPower(_ base: Double, _ exponent: Double) -> Double {
  if exponent.isNaN { return .nan }
  if exponent == 0 { return 1 }
  if (base == 1 || base == -1) && exponent.isInfinite { return .nan }
  return pow(base, exponent)
}
