import XJSAssembler

// Templates with an inline fast path: int32 arithmetic with overflow checks (and double
// arithmetic out of line), compares fused with their branch, truthiness, environment slots,
// property loads and stores through the inline caches, dense array elements and cached globals.
// Whatever a fast path cannot finish it leaves to the instruction's slow path, which redoes the
// whole instruction (nothing is written before a fast path knows it will finish).

extension JITLayout {
  static let objectClassInCell = Int32(MemoryLayout<CellHeader>.offset(of: \.aux)!)
  static let stringLengthInCell = Int32(MemoryLayout<CellHeader>.offset(of: \.aux)!)
  static let flagsInCell = Int32(MemoryLayout<CellHeader>.offset(of: \.flags)!)
  static let shapeInObject = Int32(ObjectLayout.shape)
  static let slotsInObject = Int32(ObjectLayout.slots)
  static let elementsInObject = Int32(ObjectLayout.elements)
  static let internalSlotsInObject = Int32(ObjectLayout.internalSlots)
  static let countInElements = Int32(MemoryLayout<ElementsHeader>.offset(of: \.count)!)
  static let valuesInElements = Int32(MemoryLayout<ElementsHeader>.stride)
  static let slotsInEnvironment = Int32(EnvironmentRef.headerSize)
  static let cacheEntryStride = Int32(MemoryLayout<PropertyCacheEntry>.stride)
  static let shapeInCacheEntry = Int32(MemoryLayout<PropertyCacheEntry>.offset(of: \.shape)!)
  static let offsetInCacheEntry = Int32(MemoryLayout<PropertyCacheEntry>.offset(of: \.offset)!)
  static let kindInCacheEntry = Int32(MemoryLayout<PropertyCacheEntry>.offset(of: \.kind)!)
  static let epochInCacheEntry = Int32(MemoryLayout<PropertyCacheEntry>.offset(of: \.epoch)!)
  static let holderInCacheEntry = Int32(MemoryLayout<PropertyCacheEntry>.offset(of: \.holder)!)
  static let prototypeEpoch = Int32(MemoryLayout<RuntimeHotState>.offset(of: \.prototypeEpoch)!)
  static let globalObject = Int32(MemoryLayout<RuntimeHotState>.offset(of: \.globalObject)!)
  static let globalLexicals = Int32(MemoryLayout<RuntimeHotState>.offset(of: \.globalLexicals)!)
  static let realm = Int32(MemoryLayout<RuntimeHotState>.offset(of: \.realm)!)
  static let returnValue = Int32(MemoryLayout<RuntimeHotState>.offset(of: \.returnValue)!)
  static let resumeOffset = Int32(MemoryLayout<RuntimeHotState>.offset(of: \.resumeOffset)!)
  static let arrayBufferEpoch = Int32(MemoryLayout<RuntimeHotState>.offset(of: \.arrayBufferEpoch)!)
  static let registerStackTop = Int32(MemoryLayout<RuntimeHotState>.offset(of: \.registerStackTop)!)
  static let registerStackLimit = Int32(MemoryLayout<RuntimeHotState>.offset(of: \.registerStackLimit)!)
  static let registerCountInData = Int32(MemoryLayout<CodeBlockData>.offset(of: \.registerCount)!)
  static let parameterCountInData = Int32(MemoryLayout<CodeBlockData>.offset(of: \.parameterCount)!)
  static let argumentsRegisterInData = Int32(MemoryLayout<CodeBlockData>.offset(of: \.argumentsRegister)!)
  static let restRegisterInData = Int32(MemoryLayout<CodeBlockData>.offset(of: \.restRegister)!)
  static let needsThisCoercionInData = Int32(MemoryLayout<CodeBlockData>.offset(of: \.needsThisCoercion)!)
  static let realmInData = Int32(MemoryLayout<CodeBlockData>.offset(of: \.realm)!)
}

/// The int32 operation of a binary arithmetic or bitwise template.
enum Int32Operation {
  case add, subtract, multiply, remainder, and, or, xor, shiftLeft, shiftRight, unsignedShiftRight

  /// The operators that apply ToInt32 to their operands (so doubles have an integer path too).
  var isBitwise: Bool {
    switch self {
    case .and, .or, .xor, .shiftLeft, .shiftRight, .unsignedShiftRight: true
    default: false
    }
  }
}

/// The double operation of a binary arithmetic template.
enum DoubleOperation {
  case add, subtract, multiply, divide
}

extension BaselineCompiler {
  // MARK: Arithmetic

  mutating func visitAdd(_ instruction: Instruction.Add) {
    emitBinary(.add, .add, instruction.dst, instruction.lhs, instruction.rhs)
  }
  mutating func visitSubtract(_ instruction: Instruction.Subtract) {
    emitBinary(.subtract, .subtract, instruction.dst, instruction.lhs, instruction.rhs)
  }
  mutating func visitMultiply(_ instruction: Instruction.Multiply) {
    emitBinary(.multiply, .multiply, instruction.dst, instruction.lhs, instruction.rhs)
  }
  mutating func visitDivide(_ instruction: Instruction.Divide) {
    emitBinary(nil, .divide, instruction.dst, instruction.lhs, instruction.rhs)
  }
  mutating func visitRemainder(_ instruction: Instruction.Remainder) {
    emitBinary(.remainder, nil, instruction.dst, instruction.lhs, instruction.rhs)
  }
  mutating func visitBitAnd(_ instruction: Instruction.BitAnd) {
    emitBinary(.and, nil, instruction.dst, instruction.lhs, instruction.rhs)
  }
  mutating func visitBitOr(_ instruction: Instruction.BitOr) {
    emitBinary(.or, nil, instruction.dst, instruction.lhs, instruction.rhs)
  }
  mutating func visitBitXor(_ instruction: Instruction.BitXor) {
    emitBinary(.xor, nil, instruction.dst, instruction.lhs, instruction.rhs)
  }
  mutating func visitShiftLeft(_ instruction: Instruction.ShiftLeft) {
    emitBinary(.shiftLeft, nil, instruction.dst, instruction.lhs, instruction.rhs)
  }
  mutating func visitShiftRight(_ instruction: Instruction.ShiftRight) {
    emitBinary(.shiftRight, nil, instruction.dst, instruction.lhs, instruction.rhs)
  }
  mutating func visitUnsignedShiftRight(_ instruction: Instruction.UnsignedShiftRight) {
    emitBinary(.unsignedShiftRight, nil, instruction.dst, instruction.lhs, instruction.rhs)
  }

  /// `dst = lhs op rhs`: int32 operands inline (`intOperation`), numbers out of line
  /// (`doubleOperation`, or ToInt32 of doubles for the bitwise operators), anything else through
  /// the slow path.
  mutating func emitBinary(
    _ intOperation: Int32Operation?, _ doubleOperation: DoubleOperation?, _ dst: Int, _ lhs: Int, _ rhs: Int
  ) {
    let slow = slowCase()
    let next = nextInstruction
    let notInt: CodeLabel
    if let doubleOperation {
      notInt = outOfLine { compiler in
        compiler.masm.load64(.t0, compiler.slot(lhs))
        compiler.masm.load64(.t1, compiler.slot(rhs))
        compiler.unboxNumber(.t0, into: .fp0, notNumber: slow)
        compiler.unboxNumber(.t1, into: .fp1, notNumber: slow)
        switch doubleOperation {
        case .add: compiler.masm.addDouble(.fp0, .fp1)
        case .subtract: compiler.masm.subDouble(.fp0, .fp1)
        case .multiply: compiler.masm.mulDouble(.fp0, .fp1)
        case .divide: compiler.masm.divDouble(.fp0, .fp1)
        }
        compiler.storeNumber(.fp0, to: dst, scratch: .t0)
        compiler.masm.jump(next)
      }
    } else if let intOperation, intOperation.isBitwise {
      // ToInt32 of doubles (below 2^63 in magnitude), then the same int32 operation.
      notInt = outOfLine { compiler in
        compiler.masm.load64(.t0, compiler.slot(lhs))
        compiler.masm.load64(.t1, compiler.slot(rhs))
        compiler.loadInt32Bits(.t0, notNumber: slow)
        compiler.loadInt32Bits(.t1, notNumber: slow)
        compiler.emitInt32Operation(intOperation, notInt: slow)
        compiler.masm.zeroExtend32To64(.t0, .t0)
        compiler.boxInt32(.t0)
        compiler.masm.store64(.t0, compiler.slot(dst))
        compiler.masm.jump(next)
      }
    } else {
      notInt = slow
    }
    guard let intOperation else {
      masm.jump(notInt)
      return
    }
    masm.load64(.t0, slot(lhs))
    masm.load64(.t1, slot(rhs))
    branchIfNotInt32(.t0, notInt)
    branchIfNotInt32(.t1, notInt)
    emitInt32Operation(intOperation, notInt: notInt)
    masm.zeroExtend32To64(.t0, .t0)
    boxInt32(.t0)
    masm.store64(.t0, slot(dst))
  }

  /// t0 = t0 op t1 on their low 32 bits; to `notInt` when the result is not an int32.
  mutating func emitInt32Operation(_ operation: Int32Operation, notInt: CodeLabel) {
    switch operation {
    case .add: masm.branchAdd32(.overflow, .t0, .t1, notInt)
    case .subtract: masm.branchSub32(.overflow, .t0, .t1, notInt)
    case .multiply:
      masm.move(.t2, .t0)
      masm.branchMul32(.overflow, .t0, .t1, notInt)
      // A zero product of a negative operand is -0: a double.
      let nonZero = masm.makeLabel()
      masm.branchTest32(.nonZero, .t0, immediate: -1, nonZero)
      masm.or32(.t2, .t1)
      masm.branchTest32(.signed, .t2, immediate: -1, notInt)
      masm.bind(nonZero)
    case .remainder:
      // Only a non-negative dividend and a positive divisor (no -0, no division by zero).
      masm.branchTest32(.signed, .t0, immediate: -1, notInt)
      masm.branch32(.lessOrEqual, .t1, immediate: 0, notInt)
      masm.remainder32(.t0, .t0, .t1)
    case .and: masm.and32(.t0, .t1)
    case .or: masm.or32(.t0, .t1)
    case .xor: masm.xor32(.t0, .t1)
    case .shiftLeft: masm.shift32(.left, .t0, by: .t1)
    case .shiftRight: masm.shift32(.arithmeticRight, .t0, by: .t1)
    case .unsignedShiftRight:
      masm.shift32(.logicalRight, .t0, by: .t1)
      // Above int32's range the result is a double: the int32 read of the bits plus 2^32.
      let dst = Instruction.UnsignedShiftRight(pc).dst
      let next = nextInstruction
      let asDouble = outOfLine { compiler in
        compiler.masm.convertInt32ToDouble(.fp0, .t0)
        compiler.masm.move(.t1, immediate: Int64(bitPattern: 0x1p32.bitPattern))
        compiler.masm.moveToDouble(.fp1, .t1)
        compiler.masm.addDouble(.fp0, .fp1)
        compiler.storeDouble(.fp0, to: dst, scratch: .t1)
        compiler.masm.jump(next)
      }
      masm.branchTest32(.signed, .t0, immediate: -1, asDouble)
    }
  }

  /// ToInt32 of the number in `register` into its low 32 bits (an int32 as it is, a double
  /// truncated modulo 2^32 when below 2^63 in magnitude); anything else to `notNumber`.
  mutating func loadInt32Bits(_ register: MacroRegister, notNumber: CodeLabel) {
    let done = masm.makeLabel()
    branchIfInt32(register, done)
    branchIfNotNumber(register, notNumber)
    masm.add64(register, JITRegister.numberTag)
    masm.moveToDouble(.fp0, register)
    masm.branchTruncateDoubleToInt32Bits(register, .fp0, failure: notNumber)
    masm.bind(done)
  }

  mutating func visitAddInt(_ instruction: Instruction.AddInt) {
    let slow = slowCase()
    masm.load64(.t0, slot(instruction.lhs))
    branchIfNotInt32(.t0, slow)
    masm.branchAdd32(.overflow, .t0, immediate: instruction.value, slow)
    masm.zeroExtend32To64(.t0, .t0)
    boxInt32(.t0)
    masm.store64(.t0, slot(instruction.dst))
  }

  mutating func visitIncrement(_ instruction: Instruction.Increment) {
    emitIncrement(by: 1, instruction.dst, instruction.src)
  }

  mutating func visitDecrement(_ instruction: Instruction.Decrement) {
    emitIncrement(by: -1, instruction.dst, instruction.src)
  }

  mutating func emitIncrement(by delta: Int32, _ dst: Int, _ src: Int) {
    let slow = slowCase()
    masm.load64(.t0, slot(src))
    branchIfNotInt32(.t0, slow)
    masm.branchAdd32(.overflow, .t0, immediate: delta, slow)
    masm.zeroExtend32To64(.t0, .t0)
    boxInt32(.t0)
    masm.store64(.t0, slot(dst))
  }

  mutating func visitNegate(_ instruction: Instruction.Negate) {
    let slow = slowCase()
    masm.load64(.t0, slot(instruction.src))
    branchIfNotInt32(.t0, slow)
    // 0 negates to -0 and int32.min to 2^31: neither is an int32.
    masm.branchTest32(.zero, .t0, immediate: 0x7FFF_FFFF, slow)
    masm.move(.t1, immediate: 0)
    masm.branchSub32(.overflow, .t1, .t0, slow)
    masm.zeroExtend32To64(.t1, .t1)
    boxInt32(.t1)
    masm.store64(.t1, slot(instruction.dst))
  }

  mutating func visitBitNot(_ instruction: Instruction.BitNot) {
    let slow = slowCase()
    masm.load64(.t0, slot(instruction.src))
    branchIfNotInt32(.t0, slow)
    masm.not32(.t0)
    boxInt32(.t0)
    masm.store64(.t0, slot(instruction.dst))
  }

  mutating func visitToNumber(_ instruction: Instruction.ToNumber) {
    let slow = slowCase()
    masm.load64(.t0, slot(instruction.src))
    branchIfNotNumber(.t0, slow)
    masm.store64(.t0, slot(instruction.dst))
  }

  mutating func visitToNumeric(_ instruction: Instruction.ToNumeric) {
    let slow = slowCase()
    masm.load64(.t0, slot(instruction.src))
    branchIfNotNumber(.t0, slow)
    masm.store64(.t0, slot(instruction.dst))
  }

  // MARK: Comparison

  mutating func visitLessThan(_ instruction: Instruction.LessThan) {
    emitCompare(.less, .lessThan, instruction.dst, instruction.lhs, instruction.rhs)
  }
  mutating func visitLessThanOrEqual(_ instruction: Instruction.LessThanOrEqual) {
    emitCompare(.lessOrEqual, .lessThanOrEqual, instruction.dst, instruction.lhs, instruction.rhs)
  }
  mutating func visitGreaterThan(_ instruction: Instruction.GreaterThan) {
    emitCompare(.greater, .greaterThan, instruction.dst, instruction.lhs, instruction.rhs)
  }
  mutating func visitGreaterThanOrEqual(_ instruction: Instruction.GreaterThanOrEqual) {
    emitCompare(.greaterOrEqual, .greaterThanOrEqual, instruction.dst, instruction.lhs, instruction.rhs)
  }

  /// `dst = lhs <condition> rhs` as a boolean: int32 inline, numbers out of line.
  mutating func emitCompare(
    _ condition: MacroCondition, _ doubleCondition: MacroDoubleCondition, _ dst: Int, _ lhs: Int, _ rhs: Int
  ) {
    let slow = slowCase()
    let next = nextInstruction
    let notInt = outOfLine { compiler in
      compiler.masm.load64(.t0, compiler.slot(lhs))
      compiler.masm.load64(.t1, compiler.slot(rhs))
      compiler.unboxNumber(.t0, into: .fp0, notNumber: slow)
      compiler.unboxNumber(.t1, into: .fp1, notNumber: slow)
      let isTrue = compiler.masm.makeLabel()
      compiler.masm.branchDouble(doubleCondition, .fp0, .fp1, isTrue)
      compiler.storeConstant(.false, dst)
      compiler.masm.jump(next)
      compiler.masm.bind(isTrue)
      compiler.storeConstant(.true, dst)
      compiler.masm.jump(next)
    }
    masm.load64(.t0, slot(lhs))
    masm.load64(.t1, slot(rhs))
    branchIfNotInt32(.t0, notInt)
    branchIfNotInt32(.t1, notInt)
    masm.compare32(condition, .t0, .t1, .t2)
    boxBoolean(.t2)
    masm.store64(.t2, slot(dst))
  }

  mutating func visitEqual(_ instruction: Instruction.Equal) {
    emitLooseEquality(negated: false, instruction.dst, instruction.lhs, instruction.rhs)
  }

  mutating func visitNotEqual(_ instruction: Instruction.NotEqual) {
    emitLooseEquality(negated: true, instruction.dst, instruction.lhs, instruction.rhs)
  }

  /// `a == b` (IsLooselyEqual) inline when no conversion is involved: equal bits (not a
  /// double), two int32s, undefined/null against anything that is not a number, two objects.
  mutating func emitLooseEquality(negated: Bool, _ dst: Int, _ lhs: Int, _ rhs: Int) {
    let slow = slowCase()
    let isEqual = masm.makeLabel()
    let isNotEqual = masm.makeLabel()
    let done = masm.makeLabel()
    let differentBits = masm.makeLabel()
    let aNotNullish = masm.makeLabel()
    masm.load64(.t0, slot(lhs))
    masm.load64(.t1, slot(rhs))
    masm.branch64(.notEqual, .t0, .t1, differentBits)
    branchIfInt32(.t0, isEqual)
    branchIfNotNumber(.t0, isEqual)
    masm.jump(slow)
    masm.bind(differentBits)
    masm.move(.t2, .t0)
    masm.and64(.t2, .t1)
    masm.branch64(.aboveOrEqual, .t2, JITRegister.numberTag, isNotEqual)
    masm.move(.t2, .t0)
    masm.or64(.t2, .t1)
    masm.branchTest64(.nonZero, .t2, JITRegister.numberTag, slow)
    // undefined == null, and either equals nothing else that is not a number.
    masm.move(.t2, .t0)
    masm.and64(.t2, immediate: ~Int32(Value.undefinedTag))
    masm.branch64(.notEqual, .t2, immediate: Int32(Value.null.bits), aNotNullish)
    masm.move(.t2, .t1)
    masm.and64(.t2, immediate: ~Int32(Value.undefinedTag))
    masm.branch64(.equal, .t2, immediate: Int32(Value.null.bits), isEqual)
    masm.jump(isNotEqual)
    masm.bind(aNotNullish)
    masm.move(.t2, .t1)
    masm.and64(.t2, immediate: ~Int32(Value.undefinedTag))
    masm.branch64(.equal, .t2, immediate: Int32(Value.null.bits), isNotEqual)
    // Two different objects; anything else may convert.
    masm.branch64(.belowOrEqual, .t0, immediate: 0xF, slow)
    masm.branch64(.belowOrEqual, .t1, immediate: 0xF, slow)
    masm.branch8(.notEqual, MacroAddress(.t0, 0), immediate: CellKind.object.rawValue, slow)
    masm.branch8(.notEqual, MacroAddress(.t1, 0), immediate: CellKind.object.rawValue, slow)
    masm.bind(isNotEqual)
    storeConstant(Value(negated), dst)
    masm.jump(done)
    masm.bind(isEqual)
    storeConstant(Value(!negated), dst)
    masm.bind(done)
  }

  mutating func visitStrictEqual(_ instruction: Instruction.StrictEqual) {
    emitStrictEquality(negated: false, instruction.dst, instruction.lhs, instruction.rhs)
  }

  mutating func visitStrictNotEqual(_ instruction: Instruction.StrictNotEqual) {
    emitStrictEquality(negated: true, instruction.dst, instruction.lhs, instruction.rhs)
  }

  mutating func emitStrictEquality(negated: Bool, _ dst: Int, _ lhs: Int, _ rhs: Int) {
    let slow = slowCase()
    let isEqual = masm.makeLabel()
    let isNotEqual = masm.makeLabel()
    let done = masm.makeLabel()
    masm.load64(.t0, slot(lhs))
    masm.load64(.t1, slot(rhs))
    branchOnStrictEquality(.t0, .t1, equal: isEqual, notEqual: isNotEqual, unknown: slow)
    masm.bind(isEqual)
    storeConstant(Value(!negated), dst)
    masm.jump(done)
    masm.bind(isNotEqual)
    storeConstant(Value(negated), dst)
    masm.bind(done)
  }

  /// Decides `a === b` for the cases that need no look inside a cell: equal bits of anything
  /// but a double (NaN), two int32s, a non-cell against different bits, two different objects.
  /// Other numbers, strings, BigInts and symbols go to `unknown`. Clobbers t2.
  mutating func branchOnStrictEquality(
    _ a: MacroRegister, _ b: MacroRegister, equal: CodeLabel, notEqual: CodeLabel, unknown: CodeLabel
  ) {
    let differentBits = masm.makeLabel()
    masm.branch64(.notEqual, a, b, differentBits)
    // Same bits: equal, unless a double (NaN !== NaN).
    branchIfInt32(a, equal)
    branchIfNotNumber(a, equal)
    masm.jump(unknown)
    masm.bind(differentBits)
    // Two int32s (both have the tag's bits set, so their AND has too) differ.
    masm.move(.t2, a)
    masm.and64(.t2, b)
    masm.branch64(.aboveOrEqual, .t2, JITRegister.numberTag, notEqual)
    // Any other number may equal one with other bits (0 and -0, 1 and 1.0).
    masm.move(.t2, a)
    masm.or64(.t2, b)
    masm.branchTest64(.nonZero, .t2, JITRegister.numberTag, unknown)
    // A non-cell equals only its own bits; two objects only themselves.
    masm.branch64(.belowOrEqual, a, immediate: 0xF, notEqual)
    masm.branch64(.belowOrEqual, b, immediate: 0xF, notEqual)
    let notObjects = masm.makeLabel()
    masm.branch8(.notEqual, MacroAddress(a, 0), immediate: CellKind.object.rawValue, notObjects)
    masm.branch8(.notEqual, MacroAddress(b, 0), immediate: CellKind.object.rawValue, unknown)
    masm.jump(notEqual)
    // Two different atoms (interned strings) have different contents.
    masm.bind(notObjects)
    masm.branch8(.notEqual, MacroAddress(a, 0), immediate: CellKind.string.rawValue, unknown)
    masm.branch8(.notEqual, MacroAddress(b, 0), immediate: CellKind.string.rawValue, unknown)
    masm.load16(.t2, MacroAddress(a, JITLayout.flagsInCell))
    masm.branchTest32(.zero, .t2, immediate: Int32(StringFlags.atom), unknown)
    masm.load16(.t2, MacroAddress(b, JITLayout.flagsInCell))
    masm.branchTest32(.zero, .t2, immediate: Int32(StringFlags.atom), unknown)
    masm.jump(notEqual)
  }

  // MARK: Truthiness and fused compare-and-branch

  mutating func visitJumpIfTrue(_ instruction: Instruction.JumpIfTrue) {
    emitTruthinessBranch(jumpWhen: true, instruction.src, pcOffset + instruction.target)
  }

  mutating func visitJumpIfFalse(_ instruction: Instruction.JumpIfFalse) {
    emitTruthinessBranch(jumpWhen: false, instruction.src, pcOffset + instruction.target)
  }

  /// ToBoolean inline for everything but doubles and BigInts (slow path).
  mutating func emitTruthinessBranch(jumpWhen: Bool, _ src: Int, _ target: Int) {
    let slow = slowCase()
    let taken = masm.makeLabel()
    let notTaken = masm.makeLabel()
    masm.load64(.t0, slot(src))
    branchOnTruthiness(.t0, truthy: jumpWhen ? taken : notTaken, falsy: jumpWhen ? notTaken : taken, unknown: slow)
    masm.bind(taken)
    emitJump(to: target)
    masm.bind(notTaken)
  }

  /// ToBoolean of the value in `value` (ES2024 7.1.2): booleans, int32s, undefined, null,
  /// strings (by length) and objects decided inline; doubles and BigInts go to `unknown`.
  mutating func branchOnTruthiness(_ value: MacroRegister, truthy: CodeLabel, falsy: CodeLabel, unknown: CodeLabel) {
    let notInt = masm.makeLabel()
    let notNumber = masm.makeLabel()
    let notObject = masm.makeLabel()
    let notString = masm.makeLabel()
    masm.branch64(.equal, value, immediate: Int32(Value.true.bits), truthy)
    masm.branch64(.equal, value, immediate: Int32(Value.false.bits), falsy)
    branchIfNotInt32(value, notInt)
    masm.branchTest32(.nonZero, value, immediate: -1, truthy)
    masm.jump(falsy)
    masm.bind(notInt)
    branchIfNotNumber(value, notNumber)
    masm.jump(unknown)
    masm.bind(notNumber)
    // The other non-cells (undefined, null, empty) are all falsy.
    masm.branch64(.belowOrEqual, value, immediate: 0xF, falsy)
    masm.branch8(.notEqual, MacroAddress(value, 0), immediate: CellKind.object.rawValue, notObject)
    masm.jump(truthy)
    masm.bind(notObject)
    masm.branch8(.notEqual, MacroAddress(value, 0), immediate: CellKind.string.rawValue, notString)
    masm.branch32(.notEqual, MacroAddress(value, JITLayout.stringLengthInCell), immediate: 0, truthy)
    masm.jump(falsy)
    masm.bind(notString)
    masm.branch8(.equal, MacroAddress(value, 0), immediate: CellKind.symbol.rawValue, truthy)
    masm.jump(unknown)
  }

  mutating func visitLogicalNot(_ instruction: Instruction.LogicalNot) {
    let slow = slowCase()
    let isTrue = masm.makeLabel()
    let isFalse = masm.makeLabel()
    let done = masm.makeLabel()
    masm.load64(.t0, slot(instruction.src))
    branchOnTruthiness(.t0, truthy: isFalse, falsy: isTrue, unknown: slow)
    masm.bind(isTrue)
    storeConstant(.true, instruction.dst)
    masm.jump(done)
    masm.bind(isFalse)
    storeConstant(.false, instruction.dst)
    masm.bind(done)
  }

  mutating func visitJumpIfLessThan(_ instruction: Instruction.JumpIfLessThan) {
    emitCompareAndBranch(
      jumpIfLess: true, instruction.lhs, rhs: .register(instruction.rhs), pcOffset + instruction.target)
  }
  mutating func visitJumpIfNotLessThan(_ instruction: Instruction.JumpIfNotLessThan) {
    emitCompareAndBranch(
      jumpIfLess: false, instruction.lhs, rhs: .register(instruction.rhs), pcOffset + instruction.target)
  }
  mutating func visitJumpIfLessThanInt(_ instruction: Instruction.JumpIfLessThanInt) {
    emitCompareAndBranch(
      jumpIfLess: true, instruction.lhs, rhs: .immediate(instruction.value), pcOffset + instruction.target)
  }
  mutating func visitJumpIfNotLessThanInt(_ instruction: Instruction.JumpIfNotLessThanInt) {
    emitCompareAndBranch(
      jumpIfLess: false, instruction.lhs, rhs: .immediate(instruction.value), pcOffset + instruction.target)
  }

  enum CompareOperand {
    case register(Int)
    case immediate(Int32)
  }

  /// `if (lhs < rhs) == jumpIfLess jump`: int32 inline, numbers out of line.
  mutating func emitCompareAndBranch(jumpIfLess: Bool, _ lhs: Int, rhs: CompareOperand, _ target: Int) {
    let slow = slowCase()
    let taken = masm.makeLabel()
    let next = nextInstruction
    let notInt = outOfLine { compiler in
      compiler.masm.load64(.t0, compiler.slot(lhs))
      compiler.unboxNumber(.t0, into: .fp0, notNumber: slow)
      switch rhs {
      case .register(let register):
        compiler.masm.load64(.t1, compiler.slot(register))
        compiler.unboxNumber(.t1, into: .fp1, notNumber: slow)
      case .immediate(let value):
        compiler.masm.move(.t1, immediate: Int64(value))
        compiler.masm.convertInt32ToDouble(.fp1, .t1)
      }
      compiler.masm.branchDouble(jumpIfLess ? .lessThan : .greaterThanOrEqualOrUnordered, .fp0, .fp1, taken)
      compiler.masm.jump(next)
    }
    masm.load64(.t0, slot(lhs))
    branchIfNotInt32(.t0, notInt)
    switch rhs {
    case .register(let register):
      masm.load64(.t1, slot(register))
      branchIfNotInt32(.t1, notInt)
      masm.branch32(jumpIfLess ? .less : .greaterOrEqual, .t0, .t1, taken)
    case .immediate(let value):
      masm.branch32(jumpIfLess ? .less : .greaterOrEqual, .t0, immediate: value, taken)
    }
    masm.jump(next)
    masm.bind(taken)
    emitJump(to: target)
  }

  mutating func visitJumpIfStrictEqual(_ instruction: Instruction.JumpIfStrictEqual) {
    emitStrictEqualityBranch(jumpIfEqual: true, instruction.lhs, instruction.rhs, pcOffset + instruction.target)
  }

  mutating func visitJumpIfNotStrictEqual(_ instruction: Instruction.JumpIfNotStrictEqual) {
    emitStrictEqualityBranch(jumpIfEqual: false, instruction.lhs, instruction.rhs, pcOffset + instruction.target)
  }

  mutating func emitStrictEqualityBranch(jumpIfEqual: Bool, _ lhs: Int, _ rhs: Int, _ target: Int) {
    let slow = slowCase()
    let taken = masm.makeLabel()
    let notTaken = masm.makeLabel()
    masm.load64(.t0, slot(lhs))
    masm.load64(.t1, slot(rhs))
    branchOnStrictEquality(
      .t0, .t1, equal: jumpIfEqual ? taken : notTaken, notEqual: jumpIfEqual ? notTaken : taken, unknown: slow)
    masm.bind(taken)
    emitJump(to: target)
    masm.bind(notTaken)
  }
}
