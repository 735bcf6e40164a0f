import Glibc

// Slow paths of the arithmetic and relational operators.

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
    return Value(number: try toNumber(left) + toNumber(right))
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
