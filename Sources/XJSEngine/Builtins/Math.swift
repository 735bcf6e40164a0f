#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// The Math object (ES2024 21.3). The C library supplies the elementary functions;
// the spec's edge cases that differ from C (round, sign, max/min over ±0, hypot with
// Infinity and NaN, pow per Number::exponentiate) are written out here.

extension Realm {
  func installMath(_ runtime: Runtime) {
    let math = runtime.newObject(.ordinary, prototype: self[.objectPrototype])
    defineGlobal("Math", math.value)
    deferProperties(of: math, to: .math)
  }

  func installMathProperties(_ runtime: Runtime, _ math: ObjectRef) {
    let constants: [(String, Double)] = [
      ("E", 2.718281828459045), ("LN10", 2.302585092994046), ("LN2", 0.6931471805599453),
      ("LOG10E", 0.4342944819032518), ("LOG2E", 1.4426950408889634), ("PI", 3.141592653589793),
      ("SQRT1_2", 0.7071067811865476), ("SQRT2", 1.4142135623730951),
    ]
    for (name, value) in constants { runtime.defineValue(math, name, Value(value), []) }
    runtime.addProperty(
      math, PropertyKey(symbol: runtime.symbols.toStringTag), runtime.newString("Math").value, [.configurable])
    installUnaryMathFunctions(runtime, math)
    installBinaryMathFunctions(runtime, math)
    installVariadicMathFunctions(runtime, math)
    runtime.defineNativeMethod(math, "sumPrecise", length: 1) { runtime, arguments throws(JSException) in
      Value(number: try runtime.mathSumPrecise(arguments[0]))
    }
    runtime.defineNativeMethod(math, "random", length: 0) { [unowned self] _, _ throws(JSException) in
      Value(self.nextRandom())
    }
  }

  private func installUnaryMathFunctions(_ runtime: Runtime, _ math: ObjectRef) {
    let functions: [(String, (Double) -> Double)] = [
      ("abs", { $0.magnitude }), ("acos", { acos($0) }), ("acosh", { acosh($0) }), ("asin", { asin($0) }),
      ("asinh", { asinh($0) }), ("atan", { atan($0) }), ("atanh", { atanh($0) }), ("cbrt", mathCbrt),
      ("ceil", { ceil($0) }), ("cos", { cos($0) }), ("cosh", { cosh($0) }), ("exp", { exp($0) }),
      ("expm1", { expm1($0) }), ("floor", { floor($0) }), ("fround", { Double(Float($0)) }),
      ("f16round", { Double(Float16($0)) }),
      ("log", { log($0) }), ("log1p", { log1p($0) }), ("log10", { log10($0) }), ("log2", { log2($0) }),
      ("round", mathRound), ("sign", mathSign), ("sin", { sin($0) }), ("sinh", { sinh($0) }),
      ("sqrt", { $0.squareRoot() }), ("tan", { tan($0) }), ("tanh", { tanh($0) }), ("trunc", { trunc($0) }),
    ]
    for (name, function) in functions {
      switch name {
      case "floor", "ceil", "round", "trunc":
        // An int32 is its own floor, ceiling, rounding and truncation (and is never -0).
        runtime.defineNativeMethod(math, name, length: 1) { runtime, arguments throws(JSException) in
          let x = arguments[0]
          if x.isInt32 { return x }
          return Value(number: function(try runtime.toNumber(x)))
        }
      case "abs":
        runtime.defineNativeMethod(math, name, length: 1) { runtime, arguments throws(JSException) in
          let x = arguments[0]
          if x.isInt32 && x.asInt32 != Int32.min { return Value(x.asInt32 < 0 ? -x.asInt32 : x.asInt32) }
          return Value(number: try runtime.toNumber(x).magnitude)
        }
      default:
        runtime.defineNativeMethod(math, name, length: 1) { runtime, arguments throws(JSException) in
          Value(number: function(try runtime.toNumber(arguments[0])))
        }
      }
    }
    runtime.defineNativeMethod(math, "clz32", length: 1) { runtime, arguments throws(JSException) in
      Value(Int32(try runtime.toUint32(arguments[0]).leadingZeroBitCount))
    }
  }

  private func installBinaryMathFunctions(_ runtime: Runtime, _ math: ObjectRef) {
    runtime.defineNativeMethod(math, "atan2", length: 2) { runtime, arguments throws(JSException) in
      let y = try runtime.toNumber(arguments[0])
      let x = try runtime.toNumber(arguments[1])
      return Value(number: atan2(y, x))
    }
    runtime.defineNativeMethod(math, "pow", length: 2) { runtime, arguments throws(JSException) in
      let base = try runtime.toNumber(arguments[0])
      let exponent = try runtime.toNumber(arguments[1])
      return Value(number: numberPower(base, exponent))
    }
    runtime.defineNativeMethod(math, "imul", length: 2) { runtime, arguments throws(JSException) in
      let a = try runtime.toUint32(arguments[0])
      let b = try runtime.toUint32(arguments[1])
      return Value(Int32(bitPattern: a &* b))
    }
  }

  private func installVariadicMathFunctions(_ runtime: Runtime, _ math: ObjectRef) {
    for isMax in [true, false] {
      runtime.defineNativeMethod(math, isMax ? "max" : "min", length: 2) { runtime, arguments throws(JSException) in
        // 21.3.2.24–25: every argument is coerced, even after a NaN; +0 is larger than -0.
        var result = isMax ? -Double.infinity : Double.infinity
        for index in 0..<arguments.count {
          let number = try runtime.toNumber(arguments[index])
          if result.isNaN { continue }
          if number.isNaN {
            result = number
          } else if isMax
            ? (number > result || (number == result && result.sign == .minus))
            : (number < result || (number == result && number.sign == .minus))
          {
            result = number
          }
        }
        return Value(number: result)
      }
    }
    runtime.defineNativeMethod(math, "hypot", length: 2) { runtime, arguments throws(JSException) in
      var numbers: [Double] = []
      numbers.reserveCapacity(arguments.count)
      for index in 0..<arguments.count { numbers.append(try runtime.toNumber(arguments[index])) }
      return Value(number: mathHypot(numbers))
    }
  }

  /// Math.random: xorshift64* over the realm's state, 53 random bits in [0, 1).
  func nextRandom() -> Double {
    var state = randomState
    state ^= state >> 12
    state ^= state << 25
    state ^= state >> 27
    randomState = state
    return Double((state &* 0x2545_F491_4F6C_DD1D) >> 11) * 0x1p-53
  }
}

/// Math.round (21.3.2.28): the nearest integer, ties toward +∞; -0.5 ≤ x < 0 gives -0.
private func mathRound(_ x: Double) -> Double {
  if !x.isFinite || x == 0 { return x }
  if x > 0 && x < 0.5 { return 0 }
  if x < 0 && x >= -0.5 { return -0.0 }
  let floor = x.rounded(.down)
  return x - floor >= 0.5 ? floor + 1 : floor
}

/// Math.cbrt (21.3.2.9). glibc's cbrt is off by an ulp even for perfect cubes (27 gives
/// 3.0000000000000004), so its result is refined: of it and its two neighbours, the one
/// whose cube, computed exactly enough with fused multiply-adds, is closest to x.
private func mathCbrt(_ x: Double) -> Double {
  if !x.isFinite || x == 0 { return x }
  let estimate = cbrt(x)
  var best = estimate
  var bestError = cubeError(estimate, x)
  for candidate in [estimate.nextDown, estimate.nextUp] {
    let error = cubeError(candidate, x)
    if error < bestError {
      best = candidate
      bestError = error
    }
  }
  return best
}

/// |y³ - x| with y³ carried in two doubles (head + tail).
private func cubeError(_ y: Double, _ x: Double) -> Double {
  let square = y * y
  let squareTail = (-square).addingProduct(y, y)
  let cube = square * y
  let cubeTail = (-cube).addingProduct(square, y) + squareTail * y
  return ((cube - x) + cubeTail).magnitude
}

/// Math.sign (21.3.2.29): keeps NaN and the sign of zero.
private func mathSign(_ x: Double) -> Double {
  if x.isNaN || x == 0 { return x }
  return x > 0 ? 1 : -1
}

/// Math.hypot (21.3.2.18): Infinity wins over NaN; otherwise a scaled sum of squares
/// with compensated summation, so large and tiny arguments neither overflow nor underflow.
private func mathHypot(_ numbers: [Double]) -> Double {
  var largest = 0.0
  var sawNaN = false
  for number in numbers {
    if number.isInfinite { return .infinity }
    if number.isNaN { sawNaN = true }
    largest = max(largest, number.magnitude)
  }
  if sawNaN { return .nan }
  if largest == 0 { return 0 }
  var sum = 0.0
  var compensation = 0.0
  for number in numbers {
    let scaled = number / largest
    let term = scaled * scaled - compensation
    let total = sum + term
    compensation = (total - sum) - term
    sum = total
  }
  return sum.squareRoot() * largest
}

extension Runtime {
  /// Math.sumPrecise ( items ) (ES2026 21.3.2.34): the exactly rounded sum of an iterable
  /// of Numbers, with -0 for an empty or all -0 input.
  fileprivate func mathSumPrecise(_ items: Value) throws(JSException) -> Double {
    try requireObjectCoercible(items)
    let (iterator, next) = try getIterator(items)
    var state = SumState.minusZero
    var sum = ExactSum()
    var count = 0
    while let value = try iteratorStep(iterator: iterator, next: next) {
      count += 1
      if count & 0xFFF == 0 { try checkSafePoint() }
      guard value.isNumber, count < 1 << 53 else {
        try iteratorClose(iterator, suppressErrors: true)
        if !value.isNumber { throw typeError("Math.sumPrecise: \(describeForError(value)) is not a number") }
        throw rangeError("Math.sumPrecise: too many values")
      }
      state.add(value.asNumber, to: &sum)
    }
    switch state {
    case .notANumber: return .nan
    case .plusInfinity: return .infinity
    case .minusInfinity: return -.infinity
    case .minusZero: return -0.0
    case .finite: return sum.rounded()
    }
  }
}

/// The state machine of Math.sumPrecise step 7.
private enum SumState {
  case minusZero, finite, plusInfinity, minusInfinity, notANumber

  mutating func add(_ number: Double, to sum: inout ExactSum) {
    switch self {
    case .notANumber: return
    case _ where number.isNaN: self = .notANumber
    case _ where number == .infinity: self = self == .minusInfinity ? .notANumber : .plusInfinity
    case _ where number == -.infinity: self = self == .plusInfinity ? .notANumber : .minusInfinity
    case .minusZero, .finite:
      if number == 0 && number.sign == .minus { return }
      self = .finite
      sum.add(number)
    default: return
    }
  }
}

/// An exact sum of doubles: a two's-complement fixed-point integer in units of 2^-1074
/// (the smallest subnormal), wide enough for 2^53 terms of the largest double.
private struct ExactSum {
  static let limbCount = 35
  var limbs = [UInt64](repeating: 0, count: ExactSum.limbCount)

  mutating func add(_ number: Double) {
    if number == 0 { return }
    let exponent = Int(number.exponentBitPattern)
    var mantissa = number.significandBitPattern
    var shift = 0
    if exponent != 0 {
      mantissa |= 1 << 52
      shift = exponent - 1
    }
    // mantissa × 2^shift, spread over two limbs.
    let limb = shift / 64
    let bit = shift % 64
    let low = mantissa << UInt64(bit)
    let high = bit == 0 ? 0 : mantissa >> UInt64(64 - bit)
    if number.sign == .plus {
      addAt(limb, low)
      addAt(limb + 1, high)
    } else {
      subtractAt(limb, low)
      subtractAt(limb + 1, high)
    }
  }

  private mutating func addAt(_ start: Int, _ value: UInt64) {
    var index = start
    var carry = value
    while carry != 0 && index < ExactSum.limbCount {
      let (sum, overflow) = limbs[index].addingReportingOverflow(carry)
      limbs[index] = sum
      carry = overflow ? 1 : 0
      index += 1
    }
  }

  private mutating func subtractAt(_ start: Int, _ value: UInt64) {
    var index = start
    var borrow = value
    while borrow != 0 && index < ExactSum.limbCount {
      let (difference, overflow) = limbs[index].subtractingReportingOverflow(borrow)
      limbs[index] = difference
      borrow = overflow ? 1 : 0
      index += 1
    }
  }

  /// The sum rounded to the nearest double, ties to even (+0 for an exact zero).
  func rounded() -> Double {
    var magnitude = self
    let negative = limbs[ExactSum.limbCount - 1] >> 63 == 1
    if negative { magnitude.negate() }
    guard let top = magnitude.highestSetBit() else { return 0 }
    let result: Double
    if top < 53 {
      result = Double(sign: .plus, exponent: -1074, significand: Double(magnitude.limbs[0]))
    } else {
      var significand = magnitude.bits(from: top - 52, count: 53)
      var exponent = top - 52
      let roundBit = magnitude.bit(top - 53)
      let sticky = magnitude.anyBitBelow(top - 53)
      if roundBit && (sticky || significand & 1 == 1) {
        significand += 1
        if significand == 1 << 53 {
          significand >>= 1
          exponent += 1
        }
      }
      // significand × 2^(exponent - 1074); past the largest finite exponent this is Infinity.
      result =
        exponent - 1074 + 52 > 1023
        ? .infinity : Double(sign: .plus, exponent: exponent - 1074, significand: Double(significand))
    }
    return negative ? -result : result
  }

  private mutating func negate() {
    for index in 0..<ExactSum.limbCount { limbs[index] = ~limbs[index] }
    addAt(0, 1)
  }

  private func highestSetBit() -> Int? {
    for index in stride(from: ExactSum.limbCount - 1, through: 0, by: -1) where limbs[index] != 0 {
      return index * 64 + 63 - limbs[index].leadingZeroBitCount
    }
    return nil
  }

  private func bit(_ position: Int) -> Bool {
    position >= 0 && (limbs[position / 64] >> UInt64(position % 64)) & 1 == 1
  }

  private func anyBitBelow(_ position: Int) -> Bool {
    if position <= 0 { return false }
    let limb = position / 64
    for index in 0..<limb where limbs[index] != 0 { return true }
    let mask: UInt64 = position % 64 == 0 ? 0 : (1 << UInt64(position % 64)) - 1
    return limbs[limb] & mask != 0
  }

  /// `count` (≤ 64) bits starting at bit `start`.
  private func bits(from start: Int, count: Int) -> UInt64 {
    var result: UInt64 = 0
    for offset in stride(from: count - 1, through: 0, by: -1) {
      result = result << 1 | (bit(start + offset) ? 1 : 0)
    }
    return result
  }
}
