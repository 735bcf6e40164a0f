// Slow paths of the arithmetic, logic and comparison instructions. Each does the whole
// operation (its int32/double fast case included), so a tier may call it for any operands.

extension Runtime {
  // MARK: Binary arithmetic

  @inline(__always) func executeAdd(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let instruction = Instruction.Add(pc)
    let a = fp[instruction.lhs]
    let b = fp[instruction.rhs]
    if a.isInt32 && b.isInt32 {
      let (sum, overflow) = a.asInt32.addingReportingOverflow(b.asInt32)
      fp[instruction.dst] = overflow ? Value(Double(a.asInt32) + Double(b.asInt32)) : Value(sum)
    } else if a.isNumber && b.isNumber {
      fp[instruction.dst] = Value(number: a.asNumber + b.asNumber)
    } else {
      fp[instruction.dst] = try addSlow(a, b)
    }
    return pc + Instruction.Add.size
  }

  @inline(__always) func executeAddInt(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let instruction = Instruction.AddInt(pc)
    let a = fp[instruction.lhs]
    let immediate = instruction.value
    if a.isInt32 {
      let (sum, overflow) = a.asInt32.addingReportingOverflow(immediate)
      fp[instruction.dst] = overflow ? Value(Double(a.asInt32) + Double(immediate)) : Value(sum)
    } else if a.isNumber {
      fp[instruction.dst] = Value(number: a.asDouble + Double(immediate))
    } else {
      fp[instruction.dst] = try addSlow(a, Value(immediate))
    }
    return pc + Instruction.AddInt.size
  }

  @inline(__always) func executeSubtract(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let instruction = Instruction.Subtract(pc)
    let a = fp[instruction.lhs]
    let b = fp[instruction.rhs]
    if a.isInt32 && b.isInt32 {
      let (difference, overflow) = a.asInt32.subtractingReportingOverflow(b.asInt32)
      fp[instruction.dst] = overflow ? Value(Double(a.asInt32) - Double(b.asInt32)) : Value(difference)
    } else if a.isNumber && b.isNumber {
      fp[instruction.dst] = Value(number: a.asNumber - b.asNumber)
    } else {
      fp[instruction.dst] = try numericOperatorSlow(.subtract, a, b)
    }
    return pc + Instruction.Subtract.size
  }

  @_transparent func executeMultiply(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let instruction = Instruction.Multiply(pc)
    let a = fp[instruction.lhs]
    let b = fp[instruction.rhs]
    if a.isInt32 && b.isInt32 {
      let (product, overflow) = a.asInt32.multipliedReportingOverflow(by: b.asInt32)
      // A zero product of a negative operand is -0, which only a double can hold.
      if !overflow && (product != 0 || (a.asInt32 >= 0 && b.asInt32 >= 0)) {
        fp[instruction.dst] = Value(product)
      } else {
        fp[instruction.dst] = Value(number: Double(a.asInt32) * Double(b.asInt32))
      }
    } else if a.isNumber && b.isNumber {
      fp[instruction.dst] = Value(number: a.asNumber * b.asNumber)
    } else {
      fp[instruction.dst] = try numericOperatorSlow(.multiply, a, b)
    }
    return pc + Instruction.Multiply.size
  }

  @inline(__always) func executeDivide(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let instruction = Instruction.Divide(pc)
    let a = fp[instruction.lhs]
    let b = fp[instruction.rhs]
    if a.isNumber && b.isNumber {
      fp[instruction.dst] = Value(number: a.asNumber / b.asNumber)
    } else {
      fp[instruction.dst] = try numericOperatorSlow(.divide, a, b)
    }
    return pc + Instruction.Divide.size
  }

  @inline(__always) func executeRemainder(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let instruction = Instruction.Remainder(pc)
    let a = fp[instruction.lhs]
    let b = fp[instruction.rhs]
    if a.isInt32 && b.isInt32 && a.asInt32 >= 0 && b.asInt32 > 0 {
      fp[instruction.dst] = Value(a.asInt32 % b.asInt32)
    } else if a.isNumber && b.isNumber {
      fp[instruction.dst] = Value(number: numberRemainder(a.asNumber, b.asNumber))
    } else {
      fp[instruction.dst] = try numericOperatorSlow(.remainder, a, b)
    }
    return pc + Instruction.Remainder.size
  }

  @inline(__always) func executeExponent(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let instruction = Instruction.Exponent(pc)
    let a = fp[instruction.lhs]
    let b = fp[instruction.rhs]
    if a.isNumber && b.isNumber {
      fp[instruction.dst] = Value(number: numberPower(a.asNumber, b.asNumber))
    } else {
      fp[instruction.dst] = try numericOperatorSlow(.exponent, a, b)
    }
    return pc + Instruction.Exponent.size
  }

  // MARK: Bitwise operators (all have the shape dst:w lhs:r rhs:r)

  /// A bitwise or shift operator: int32 operands directly, other numbers through ToInt32, the
  /// rest (BigInt, objects) through ToNumeric.
  @_transparent private func bitwise(
    _ operation: NumericOperator, _ a: Value, _ b: Value, int: (Int32, Int32) -> Value
  ) throws(JSException) -> Value {
    if a.isInt32 && b.isInt32 { return int(a.asInt32, b.asInt32) }
    if a.isNumber && b.isNumber { return applyNumberOperator(operation, a.asNumber, b.asNumber) }
    return try numericOperatorSlow(operation, a, b)
  }

  @inline(__always) func executeBitAnd(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let instruction = Instruction.BitAnd(pc)
    fp[instruction.dst] = try bitwise(.bitAnd, fp[instruction.lhs], fp[instruction.rhs]) { Value($0 & $1) }
    return pc + Instruction.BitAnd.size
  }

  @inline(__always) func executeBitOr(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let instruction = Instruction.BitOr(pc)
    fp[instruction.dst] = try bitwise(.bitOr, fp[instruction.lhs], fp[instruction.rhs]) { Value($0 | $1) }
    return pc + Instruction.BitOr.size
  }

  @inline(__always) func executeBitXor(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let instruction = Instruction.BitXor(pc)
    fp[instruction.dst] = try bitwise(.bitXor, fp[instruction.lhs], fp[instruction.rhs]) { Value($0 ^ $1) }
    return pc + Instruction.BitXor.size
  }

  @inline(__always) func executeShiftLeft(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let instruction = Instruction.ShiftLeft(pc)
    fp[instruction.dst] = try bitwise(.shiftLeft, fp[instruction.lhs], fp[instruction.rhs]) { Value($0 &<< ($1 & 31)) }
    return pc + Instruction.ShiftLeft.size
  }

  @inline(__always) func executeShiftRight(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let instruction = Instruction.ShiftRight(pc)
    fp[instruction.dst] = try bitwise(.shiftRight, fp[instruction.lhs], fp[instruction.rhs]) { Value($0 &>> ($1 & 31)) }
    return pc + Instruction.ShiftRight.size
  }

  @_transparent func executeUnsignedShiftRight(_ fp: Registers, _ pc: BytecodePC) throws(JSException)
    -> BytecodePC
  {
    let instruction = Instruction.UnsignedShiftRight(pc)
    fp[instruction.dst] = try bitwise(.unsignedShiftRight, fp[instruction.lhs], fp[instruction.rhs]) { a, b in
      let result = UInt32(bitPattern: a) &>> (UInt32(bitPattern: b) & 31)
      return result <= UInt32(Int32.max) ? Value(Int32(result)) : Value(Double(result))
    }
    return pc + Instruction.UnsignedShiftRight.size
  }

  // MARK: Unary operators (all have the shape dst:w src:r)

  @inline(__always) func executeNegate(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let instruction = Instruction.Negate(pc)
    let a = fp[instruction.src]
    if a.isInt32 && a.asInt32 != 0 && a.asInt32 != Int32.min {
      fp[instruction.dst] = Value(-a.asInt32)
    } else {
      fp[instruction.dst] = try negateSlow(a)
    }
    return pc + Instruction.Negate.size
  }

  @inline(__always) func executeToNumeric(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let instruction = Instruction.ToNumeric(pc)
    fp[instruction.dst] = try toNumeric(fp[instruction.src])
    return pc + Instruction.ToNumeric.size
  }

  @inline(__always) func executeToNumber(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let instruction = Instruction.ToNumber(pc)
    let a = fp[instruction.src]
    fp[instruction.dst] = a.isNumber ? a : Value(number: try toNumber(a))
    return pc + Instruction.ToNumber.size
  }

  @inline(__always) func executeBitNot(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let instruction = Instruction.BitNot(pc)
    let a = fp[instruction.src]
    fp[instruction.dst] = a.isInt32 ? Value(~a.asInt32) : try bitNotSlow(a)
    return pc + Instruction.BitNot.size
  }

  @inline(__always) func executeLogicalNot(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let instruction = Instruction.LogicalNot(pc)
    fp[instruction.dst] = Value(!toBoolean(fp[instruction.src]))
    return pc + Instruction.LogicalNot.size
  }

  @inline(__always) func executeTypeOf(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let instruction = Instruction.TypeOf(pc)
    fp[instruction.dst] = typeOf(fp[instruction.src]).value
    return pc + Instruction.TypeOf.size
  }

  @inline(__always) func executeIncrement(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let instruction = Instruction.Increment(pc)
    let a = fp[instruction.src]
    if a.isInt32 && a.asInt32 != Int32.max {
      fp[instruction.dst] = Value(a.asInt32 + 1)
    } else {
      fp[instruction.dst] = try incrementSlow(a, by: 1)
    }
    return pc + Instruction.Increment.size
  }

  @inline(__always) func executeDecrement(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let instruction = Instruction.Decrement(pc)
    let a = fp[instruction.src]
    if a.isInt32 && a.asInt32 != Int32.min {
      fp[instruction.dst] = Value(a.asInt32 - 1)
    } else {
      fp[instruction.dst] = try incrementSlow(a, by: -1)
    }
    return pc + Instruction.Decrement.size
  }

  // MARK: Comparison (all have the shape dst:w lhs:r rhs:r)

  @inline(__always) func executeEqual(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let instruction = Instruction.Equal(pc)
    let (a, b) = (fp[instruction.lhs], fp[instruction.rhs])
    fp[instruction.dst] = Value(try isLooselyEqual(a, b))
    return pc + Instruction.Equal.size
  }

  @inline(__always) func executeNotEqual(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let instruction = Instruction.NotEqual(pc)
    let (a, b) = (fp[instruction.lhs], fp[instruction.rhs])
    fp[instruction.dst] = Value(!(try isLooselyEqual(a, b)))
    return pc + Instruction.NotEqual.size
  }

  @inline(__always) func executeStrictEqual(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let instruction = Instruction.StrictEqual(pc)
    let (a, b) = (fp[instruction.lhs], fp[instruction.rhs])
    fp[instruction.dst] = Value(isStrictlyEqual(a, b))
    return pc + Instruction.StrictEqual.size
  }

  @inline(__always) func executeStrictNotEqual(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let instruction = Instruction.StrictNotEqual(pc)
    let (a, b) = (fp[instruction.lhs], fp[instruction.rhs])
    fp[instruction.dst] = Value(!isStrictlyEqual(a, b))
    return pc + Instruction.StrictNotEqual.size
  }

  @inline(__always) func executeLessThan(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let instruction = Instruction.LessThan(pc)
    let (a, b) = (fp[instruction.lhs], fp[instruction.rhs])
    fp[instruction.dst] = Value(try compareLess(a, b))
    return pc + Instruction.LessThan.size
  }

  @inline(__always) func executeLessThanOrEqual(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let instruction = Instruction.LessThanOrEqual(pc)
    let (a, b) = (fp[instruction.lhs], fp[instruction.rhs])
    fp[instruction.dst] = Value(try compareLessOrEqual(a, b))
    return pc + Instruction.LessThanOrEqual.size
  }

  @inline(__always) func executeGreaterThan(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let instruction = Instruction.GreaterThan(pc)
    let (a, b) = (fp[instruction.lhs], fp[instruction.rhs])
    fp[instruction.dst] = Value(try compareGreater(a, b))
    return pc + Instruction.GreaterThan.size
  }

  @inline(__always) func executeGreaterThanOrEqual(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC
  {
    let instruction = Instruction.GreaterThanOrEqual(pc)
    let (a, b) = (fp[instruction.lhs], fp[instruction.rhs])
    fp[instruction.dst] = Value(try compareGreaterOrEqual(a, b))
    return pc + Instruction.GreaterThanOrEqual.size
  }

  @inline(__always) func executeInstanceOf(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let instruction = Instruction.InstanceOf(pc)
    let (a, b) = (fp[instruction.lhs], fp[instruction.rhs])
    fp[instruction.dst] = Value(try instanceOf(a, b))
    return pc + Instruction.InstanceOf.size
  }

  @inline(__always) func executeHasProperty(_ fp: Registers, _ pc: BytecodePC) throws(JSException) -> BytecodePC {
    let instruction = Instruction.HasProperty(pc)
    let object = fp[instruction.object]
    guard object.isObject else {
      // V8's words: "Cannot use 'in' operator to search for 'x' in 5".
      // The key is not converted (that could run script code): objects show as `#<Type>`.
      let keyValue = fp[instruction.key]
      let key =
        keyValue.isObject
        ? "#<\(stackTypeName(keyValue) ?? "Object")>"
        : keyValue.isString ? keyValue.asString.swiftString(heap) : describeForError(keyValue)
      let text = object.isString ? object.asString.swiftString(heap) : describeForError(object)
      throw typeError("Cannot use 'in' operator to search for '\(key)' in \(text)")
    }
    fp[instruction.dst] = Value(try hasProperty(object.asObject, toPropertyKey(fp[instruction.key])))
    return pc + Instruction.HasProperty.size
  }
}
