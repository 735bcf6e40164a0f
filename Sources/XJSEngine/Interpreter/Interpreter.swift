// The bytecode interpreter: one dispatch loop over the instruction words of the
// running frame. JS→JS calls push a frame on the register stack and continue in
// the same loop (no native recursion); calls into native code, and native code
// calling back into JS, re-enter through `call`/`construct` with a depth bound.
//
// Exceptions: a slow path throws `JSException`; the loop catches it, completes a
// pending error stack, finds the innermost handler of the frame, or pops frames
// until one has a handler or an entry frame is reached (then rethrows to Swift).

@inline(__always) func operand(_ pc: UnsafePointer<UInt32>, _ index: Int) -> Int {
  Int(Int32(bitPattern: pc[index]))
}

extension Runtime {
  /// Runs the interpreter starting at the entry frame `entry` (whose header is set
  /// up and whose registers are initialized) until that frame returns.
  func interpret(entry: UnsafeMutablePointer<Value>) throws(JSException) -> Value {
    var fp = entry
    var code = Frame.codeData(fp)
    var constants = code.pointee.constants
    var pc = UnsafePointer(code.pointee.instructions)
    while true {
      do throws(JSException) {
        while true {
          let opcode = Opcode.decode(pc[0])
          switch opcode {
          // MARK: Moves and constants
          case .move:
            fp[operand(pc, 1)] = fp[operand(pc, 2)]
            pc += 3
          case .loadConstant:
            fp[operand(pc, 1)] = constants[operand(pc, 2)]
            pc += 3
          case .loadInt:
            fp[operand(pc, 1)] = Value(Int32(bitPattern: pc[2]))
            pc += 3
          case .loadUndefined:
            fp[operand(pc, 1)] = .undefined
            pc += 2
          case .loadNull:
            fp[operand(pc, 1)] = .null
            pc += 2
          case .loadTrue:
            fp[operand(pc, 1)] = .true
            pc += 2
          case .loadFalse:
            fp[operand(pc, 1)] = .false
            pc += 2
          case .loadEmpty:
            fp[operand(pc, 1)] = .empty
            pc += 2

          // MARK: Arithmetic
          case .add:
            let a = fp[operand(pc, 2)]
            let b = fp[operand(pc, 3)]
            if a.isInt32 && b.isInt32 {
              let (sum, overflow) = a.asInt32.addingReportingOverflow(b.asInt32)
              fp[operand(pc, 1)] = overflow ? Value(Double(a.asInt32) + Double(b.asInt32)) : Value(sum)
            } else if a.isNumber && b.isNumber {
              fp[operand(pc, 1)] = Value(number: a.asNumber + b.asNumber)
            } else {
              fp[operand(pc, 1)] = try addSlow(a, b)
            }
            pc += 4
          case .addInt:
            let a = fp[operand(pc, 2)]
            let immediate = Int32(bitPattern: pc[3])
            if a.isInt32 {
              let (sum, overflow) = a.asInt32.addingReportingOverflow(immediate)
              fp[operand(pc, 1)] = overflow ? Value(Double(a.asInt32) + Double(immediate)) : Value(sum)
            } else if a.isNumber {
              fp[operand(pc, 1)] = Value(number: a.asDouble + Double(immediate))
            } else {
              fp[operand(pc, 1)] = try addSlow(a, Value(immediate))
            }
            pc += 4
          case .subtract:
            let a = fp[operand(pc, 2)]
            let b = fp[operand(pc, 3)]
            if a.isInt32 && b.isInt32 {
              let (difference, overflow) = a.asInt32.subtractingReportingOverflow(b.asInt32)
              fp[operand(pc, 1)] = overflow ? Value(Double(a.asInt32) - Double(b.asInt32)) : Value(difference)
            } else if a.isNumber && b.isNumber {
              fp[operand(pc, 1)] = Value(number: a.asNumber - b.asNumber)
            } else {
              fp[operand(pc, 1)] = try numericOperatorSlow(.subtract, a, b)
            }
            pc += 4
          case .multiply:
            let a = fp[operand(pc, 2)]
            let b = fp[operand(pc, 3)]
            if a.isInt32 && b.isInt32 {
              let (product, overflow) = a.asInt32.multipliedReportingOverflow(by: b.asInt32)
              if !overflow && (product != 0 || (a.asInt32 >= 0 && b.asInt32 >= 0)) {
                fp[operand(pc, 1)] = Value(product)
              } else {
                fp[operand(pc, 1)] = Value(number: Double(a.asInt32) * Double(b.asInt32))
              }
            } else if a.isNumber && b.isNumber {
              fp[operand(pc, 1)] = Value(number: a.asNumber * b.asNumber)
            } else {
              fp[operand(pc, 1)] = try numericOperatorSlow(.multiply, a, b)
            }
            pc += 4
          case .divide:
            let a = fp[operand(pc, 2)]
            let b = fp[operand(pc, 3)]
            if a.isNumber && b.isNumber {
              fp[operand(pc, 1)] = Value(number: a.asNumber / b.asNumber)
            } else {
              fp[operand(pc, 1)] = try numericOperatorSlow(.divide, a, b)
            }
            pc += 4
          case .remainder:
            let a = fp[operand(pc, 2)]
            let b = fp[operand(pc, 3)]
            if a.isInt32 && b.isInt32 && a.asInt32 >= 0 && b.asInt32 > 0 {
              fp[operand(pc, 1)] = Value(a.asInt32 % b.asInt32)
            } else if a.isNumber && b.isNumber {
              fp[operand(pc, 1)] = Value(number: numberRemainder(a.asNumber, b.asNumber))
            } else {
              fp[operand(pc, 1)] = try numericOperatorSlow(.remainder, a, b)
            }
            pc += 4
          case .exponent:
            let a = fp[operand(pc, 2)]
            let b = fp[operand(pc, 3)]
            if a.isNumber && b.isNumber {
              fp[operand(pc, 1)] = Value(number: numberPower(a.asNumber, b.asNumber))
            } else {
              fp[operand(pc, 1)] = try numericOperatorSlow(.exponent, a, b)
            }
            pc += 4
          case .bitAnd:
            let a = fp[operand(pc, 2)]
            let b = fp[operand(pc, 3)]
            if a.isInt32 && b.isInt32 {
              fp[operand(pc, 1)] = Value(a.asInt32 & b.asInt32)
            } else if a.isNumber && b.isNumber {
              fp[operand(pc, 1)] = applyNumberOperator(.bitAnd, a.asNumber, b.asNumber)
            } else {
              fp[operand(pc, 1)] = try numericOperatorSlow(.bitAnd, a, b)
            }
            pc += 4
          case .bitOr:
            let a = fp[operand(pc, 2)]
            let b = fp[operand(pc, 3)]
            if a.isInt32 && b.isInt32 {
              fp[operand(pc, 1)] = Value(a.asInt32 | b.asInt32)
            } else if a.isNumber && b.isNumber {
              fp[operand(pc, 1)] = applyNumberOperator(.bitOr, a.asNumber, b.asNumber)
            } else {
              fp[operand(pc, 1)] = try numericOperatorSlow(.bitOr, a, b)
            }
            pc += 4
          case .bitXor:
            let a = fp[operand(pc, 2)]
            let b = fp[operand(pc, 3)]
            if a.isInt32 && b.isInt32 {
              fp[operand(pc, 1)] = Value(a.asInt32 ^ b.asInt32)
            } else if a.isNumber && b.isNumber {
              fp[operand(pc, 1)] = applyNumberOperator(.bitXor, a.asNumber, b.asNumber)
            } else {
              fp[operand(pc, 1)] = try numericOperatorSlow(.bitXor, a, b)
            }
            pc += 4
          case .shiftLeft:
            let a = fp[operand(pc, 2)]
            let b = fp[operand(pc, 3)]
            if a.isInt32 && b.isInt32 {
              fp[operand(pc, 1)] = Value(a.asInt32 &<< (b.asInt32 & 31))
            } else if a.isNumber && b.isNumber {
              fp[operand(pc, 1)] = applyNumberOperator(.shiftLeft, a.asNumber, b.asNumber)
            } else {
              fp[operand(pc, 1)] = try numericOperatorSlow(.shiftLeft, a, b)
            }
            pc += 4
          case .shiftRight:
            let a = fp[operand(pc, 2)]
            let b = fp[operand(pc, 3)]
            if a.isInt32 && b.isInt32 {
              fp[operand(pc, 1)] = Value(a.asInt32 &>> (b.asInt32 & 31))
            } else if a.isNumber && b.isNumber {
              fp[operand(pc, 1)] = applyNumberOperator(.shiftRight, a.asNumber, b.asNumber)
            } else {
              fp[operand(pc, 1)] = try numericOperatorSlow(.shiftRight, a, b)
            }
            pc += 4
          case .unsignedShiftRight:
            let a = fp[operand(pc, 2)]
            let b = fp[operand(pc, 3)]
            if a.isInt32 && b.isInt32 {
              let result = UInt32(bitPattern: a.asInt32) &>> (UInt32(bitPattern: b.asInt32) & 31)
              fp[operand(pc, 1)] = result <= UInt32(Int32.max) ? Value(Int32(result)) : Value(Double(result))
            } else if a.isNumber && b.isNumber {
              fp[operand(pc, 1)] = applyNumberOperator(.unsignedShiftRight, a.asNumber, b.asNumber)
            } else {
              fp[operand(pc, 1)] = try numericOperatorSlow(.unsignedShiftRight, a, b)
            }
            pc += 4
          case .negate:
            let a = fp[operand(pc, 2)]
            if a.isInt32 && a.asInt32 != 0 && a.asInt32 != Int32.min {
              fp[operand(pc, 1)] = Value(-a.asInt32)
            } else {
              fp[operand(pc, 1)] = try negateSlow(a)
            }
            pc += 3
          case .toNumeric:
            fp[operand(pc, 1)] = try toNumeric(fp[operand(pc, 2)])
            pc += 3
          case .toNumber:
            let a = fp[operand(pc, 2)]
            fp[operand(pc, 1)] = a.isNumber ? a : Value(number: try toNumber(a))
            pc += 3
          case .bitNot:
            let a = fp[operand(pc, 2)]
            fp[operand(pc, 1)] = a.isInt32 ? Value(~a.asInt32) : try bitNotSlow(a)
            pc += 3
          case .logicalNot:
            fp[operand(pc, 1)] = Value(!toBoolean(fp[operand(pc, 2)]))
            pc += 3
          case .typeOf:
            fp[operand(pc, 1)] = typeOf(fp[operand(pc, 2)]).value
            pc += 3
          case .increment:
            let a = fp[operand(pc, 2)]
            if a.isInt32 && a.asInt32 != Int32.max {
              fp[operand(pc, 1)] = Value(a.asInt32 + 1)
            } else {
              fp[operand(pc, 1)] = try incrementSlow(a, by: 1)
            }
            pc += 3
          case .decrement:
            let a = fp[operand(pc, 2)]
            if a.isInt32 && a.asInt32 != Int32.min {
              fp[operand(pc, 1)] = Value(a.asInt32 - 1)
            } else {
              fp[operand(pc, 1)] = try incrementSlow(a, by: -1)
            }
            pc += 3

          // MARK: Comparison
          case .equal:
            fp[operand(pc, 1)] = Value(try isLooselyEqual(fp[operand(pc, 2)], fp[operand(pc, 3)]))
            pc += 4
          case .notEqual:
            fp[operand(pc, 1)] = Value(!(try isLooselyEqual(fp[operand(pc, 2)], fp[operand(pc, 3)])))
            pc += 4
          case .strictEqual:
            fp[operand(pc, 1)] = Value(isStrictlyEqual(fp[operand(pc, 2)], fp[operand(pc, 3)]))
            pc += 4
          case .strictNotEqual:
            fp[operand(pc, 1)] = Value(!isStrictlyEqual(fp[operand(pc, 2)], fp[operand(pc, 3)]))
            pc += 4
          case .lessThan:
            fp[operand(pc, 1)] = Value(try compareLess(fp[operand(pc, 2)], fp[operand(pc, 3)]))
            pc += 4
          case .lessThanOrEqual:
            fp[operand(pc, 1)] = Value(try compareLessOrEqual(fp[operand(pc, 2)], fp[operand(pc, 3)]))
            pc += 4
          case .greaterThan:
            fp[operand(pc, 1)] = Value(try compareGreater(fp[operand(pc, 2)], fp[operand(pc, 3)]))
            pc += 4
          case .greaterThanOrEqual:
            fp[operand(pc, 1)] = Value(try compareGreaterOrEqual(fp[operand(pc, 2)], fp[operand(pc, 3)]))
            pc += 4
          case .instanceOf:
            fp[operand(pc, 1)] = Value(try instanceOf(fp[operand(pc, 2)], fp[operand(pc, 3)]))
            pc += 4
          case .hasProperty:
            let object = fp[operand(pc, 3)]
            guard object.isObject else {
              throw typeError("Cannot use 'in' operator to search for a key in a non-object")
            }
            fp[operand(pc, 1)] = Value(try hasProperty(object.asObject, toPropertyKey(fp[operand(pc, 2)])))
            pc += 4

          // MARK: Jumps
          case .jump:
            let offset = operand(pc, 1)
            if offset <= 0 { try checkSafePoint() }
            pc += offset
          case .jumpIfTrue:
            if toBoolean(fp[operand(pc, 1)]) {
              let offset = operand(pc, 2)
              if offset <= 0 { try checkSafePoint() }
              pc += offset
            } else {
              pc += 3
            }
          case .jumpIfFalse:
            if !toBoolean(fp[operand(pc, 1)]) {
              let offset = operand(pc, 2)
              if offset <= 0 { try checkSafePoint() }
              pc += offset
            } else {
              pc += 3
            }
          case .jumpIfNullish:
            if fp[operand(pc, 1)].isNullish { pc += operand(pc, 2) } else { pc += 3 }
          case .jumpIfNotNullish:
            if !fp[operand(pc, 1)].isNullish { pc += operand(pc, 2) } else { pc += 3 }
          case .jumpIfUndefined:
            if fp[operand(pc, 1)].isUndefined { pc += operand(pc, 2) } else { pc += 3 }
          case .jumpIfNotUndefined:
            if !fp[operand(pc, 1)].isUndefined { pc += operand(pc, 2) } else { pc += 3 }
          case .jumpIfLessThan, .jumpIfNotLessThan:
            let a = fp[operand(pc, 1)]
            let b = fp[operand(pc, 2)]
            let less: Bool
            if a.isInt32 && b.isInt32 {
              less = a.asInt32 < b.asInt32
            } else if a.isNumber && b.isNumber {
              less = a.asNumber < b.asNumber
            } else {
              less = try compareLess(a, b)
            }
            if less == (opcode == .jumpIfLessThan) {
              let offset = operand(pc, 3)
              if offset <= 0 { try checkSafePoint() }
              pc += offset
            } else {
              pc += 4
            }
          case .jumpIfLessThanInt, .jumpIfNotLessThanInt:
            let a = fp[operand(pc, 1)]
            let immediate = Int32(bitPattern: pc[2])
            let less: Bool
            if a.isInt32 {
              less = a.asInt32 < immediate
            } else if a.isNumber {
              less = a.asDouble < Double(immediate)
            } else {
              less = try compareLess(a, Value(immediate))
            }
            if less == (opcode == .jumpIfLessThanInt) {
              let offset = operand(pc, 3)
              if offset <= 0 { try checkSafePoint() }
              pc += offset
            } else {
              pc += 4
            }
          case .jumpIfStrictEqual:
            if isStrictlyEqual(fp[operand(pc, 1)], fp[operand(pc, 2)]) {
              let offset = operand(pc, 3)
              if offset <= 0 { try checkSafePoint() }
              pc += offset
            } else {
              pc += 4
            }
          case .jumpIfNotStrictEqual:
            if !isStrictlyEqual(fp[operand(pc, 1)], fp[operand(pc, 2)]) {
              let offset = operand(pc, 3)
              if offset <= 0 { try checkSafePoint() }
              pc += offset
            } else {
              pc += 4
            }

          // MARK: Bindings
          case .checkInitialized:
            if fp[operand(pc, 1)].isEmpty {
              throw referenceError(uninitializedMessage(constants[operand(pc, 2)]))
            }
            pc += 3
          case .checkThisInitialized:
            if fp[operand(pc, 1)].isEmpty {
              throw referenceError(
                "Must call super constructor in derived class before accessing 'this' or returning from derived constructor"
              )
            }
            pc += 2
          case .checkThisUninitialized:
            if !fp[operand(pc, 1)].isEmpty { throw referenceError("Super constructor may only be called once") }
            pc += 2
          case .getEnvironment:
            var environment = EnvironmentRef(fp[Frame.environmentOffset])
            for _ in 0..<Int(pc[2]) { environment = EnvironmentRef(environment.parent) }
            fp[operand(pc, 1)] = environment.slot(Int(pc[3]))
            pc += 4
          case .setEnvironment:
            var environment = EnvironmentRef(fp[Frame.environmentOffset])
            for _ in 0..<Int(pc[1]) { environment = EnvironmentRef(environment.parent) }
            environment.setSlot(Int(pc[2]), fp[operand(pc, 3)])
            pc += 4
          case .getEnvironmentChecked:
            var environment = EnvironmentRef(fp[Frame.environmentOffset])
            for _ in 0..<Int(pc[2]) { environment = EnvironmentRef(environment.parent) }
            let value = environment.slot(Int(pc[3]))
            if value.isEmpty { throw referenceError(uninitializedMessage(constants[operand(pc, 4)])) }
            fp[operand(pc, 1)] = value
            pc += 5
          case .setEnvironmentChecked:
            var environment = EnvironmentRef(fp[Frame.environmentOffset])
            for _ in 0..<Int(pc[1]) { environment = EnvironmentRef(environment.parent) }
            if environment.slot(Int(pc[2])).isEmpty {
              throw referenceError(uninitializedMessage(constants[operand(pc, 4)]))
            }
            environment.setSlot(Int(pc[2]), fp[operand(pc, 3)])
            pc += 5
          case .throwConstAssignment:
            throw typeError("Assignment to constant variable '\(constants[operand(pc, 1)].asString.swiftString(heap))'")
          case .pushScope:
            let descriptor = code.pointee.owner.takeUnretainedValue().scopeDescriptors[Int(pc[1])]
            fp[Frame.environmentOffset] = pushEnvironment(descriptor, parent: fp[Frame.environmentOffset])
            pc += 2
          case .popScope:
            fp[Frame.environmentOffset] = EnvironmentRef(fp[Frame.environmentOffset]).parent
            pc += 1
          case .copyScope:
            fp[Frame.environmentOffset] = copyEnvironment(EnvironmentRef(fp[Frame.environmentOffset])).value
            pc += 1
          case .pushWithScope:
            let object = fp[operand(pc, 1)].asObject
            fp[Frame.environmentOffset] = newWithEnvironment(parent: fp[Frame.environmentOffset], object: object).value
            pc += 2
          case .getGlobal:
            let cache = code.pointee.propertyCaches + Int(pc[3]) * propertyCacheWays
            if let value = cachedGlobal(cache) {
              fp[operand(pc, 1)] = value
            } else {
              fp[operand(pc, 1)] = try getGlobal(constants[operand(pc, 2)], cache: cache)
            }
            pc += 4
          case .setGlobal:
            try setGlobal(
              constants[operand(pc, 1)], fp[operand(pc, 2)], strict: code.pointee.isStrict,
              cache: code.pointee.propertyCaches + Int(pc[3]) * propertyCacheWays)
            pc += 4
          case .hasGlobal:
            let cache = code.pointee.propertyCaches + Int(pc[3]) * propertyCacheWays
            var exists = cachedGlobal(cache) != nil
            if !exists { exists = try hasGlobalBinding(constants[operand(pc, 2)], cache: cache) }
            fp[operand(pc, 1)] = Value(exists)
            pc += 4
          case .getGlobalOrUndefined:
            fp[operand(pc, 1)] = try getGlobalOrUndefined(constants[operand(pc, 2)])
            pc += 3
          case .getName:
            fp[operand(pc, 1)] = try getName(
              constants[operand(pc, 2)], environment: fp[Frame.environmentOffset], strict: code.pointee.isStrict)
            pc += 3
          case .setName:
            try setName(
              constants[operand(pc, 1)], fp[operand(pc, 2)], environment: fp[Frame.environmentOffset],
              strict: code.pointee.isStrict)
            pc += 3
          case .resolveName:
            fp[operand(pc, 1)] = try resolveNameBase(
              constants[operand(pc, 2)], environment: fp[Frame.environmentOffset])
            pc += 3
          case .getNameFromBase:
            fp[operand(pc, 1)] = try getName(
              constants[operand(pc, 3)], fromBase: fp[operand(pc, 2)], strict: code.pointee.isStrict)
            pc += 4
          case .setNameOnBase:
            try setName(
              constants[operand(pc, 2)], onBase: fp[operand(pc, 1)], fp[operand(pc, 3)], strict: code.pointee.isStrict)
            pc += 4
          case .getNameOrUndefined:
            fp[operand(pc, 1)] = try getName(
              constants[operand(pc, 2)], environment: fp[Frame.environmentOffset], orUndefined: true,
              strict: code.pointee.isStrict)
            pc += 3
          case .deleteName:
            fp[operand(pc, 1)] = Value(
              try deleteName(constants[operand(pc, 2)], environment: fp[Frame.environmentOffset]))
            pc += 3
          case .callName:
            let (function, this) = try getNameForCall(
              constants[operand(pc, 3)], environment: fp[Frame.environmentOffset], strict: code.pointee.isStrict)
            fp[operand(pc, 1)] = function
            fp[operand(pc, 2)] = this
            pc += 4
          case .declareGlobals:
            try declareGlobals(code.pointee.owner.takeUnretainedValue(), environment: fp[Frame.environmentOffset])
            pc += 1
          case .initializeGlobalLexical:
            initializeGlobalLexical(constants[operand(pc, 1)], fp[operand(pc, 2)])
            pc += 3
          case .declareEvalVar:
            try declareEvalVar(constants[operand(pc, 1)], environment: fp[Frame.environmentOffset])
            pc += 2
          case .declareEvalFunction:
            try declareEvalFunction(
              constants[operand(pc, 1)], fp[operand(pc, 2)], environment: fp[Frame.environmentOffset])
            pc += 3

          // MARK: Properties
          case .getProperty:
            let object = fp[operand(pc, 2)]
            let cache = code.pointee.propertyCaches + Int(pc[4]) * propertyCacheWays
            if object.isObject, let value = cachedLoad(object.asObject, cache) {
              fp[operand(pc, 1)] = value
            } else {
              fp[operand(pc, 1)] = try getPropertySlow(object, constants[operand(pc, 3)], cache: cache)
            }
            pc += 5
          case .setProperty:
            let object = fp[operand(pc, 1)]
            let value = fp[operand(pc, 3)]
            let cache = code.pointee.propertyCaches + Int(pc[4]) * propertyCacheWays
            if !(object.isObject && cachedStore(object.asObject, value, cache)) {
              try setPropertySlow(object, constants[operand(pc, 2)], value, strict: code.pointee.isStrict, cache: cache)
            }
            pc += 5
          case .getElement:
            fp[operand(pc, 1)] = try getElement(fp[operand(pc, 2)], fp[operand(pc, 3)])
            pc += 4
          case .setElement:
            try setElement(fp[operand(pc, 1)], fp[operand(pc, 2)], fp[operand(pc, 3)], strict: code.pointee.isStrict)
            pc += 4
          case .deleteProperty:
            let key = PropertyKey(atom: constants[operand(pc, 3)].asString)
            fp[operand(pc, 1)] = Value(try deleteProperty(fp[operand(pc, 2)], key, strict: code.pointee.isStrict))
            pc += 4
          case .deleteElement:
            let key = try toPropertyKey(fp[operand(pc, 3)])
            fp[operand(pc, 1)] = Value(try deleteProperty(fp[operand(pc, 2)], key, strict: code.pointee.isStrict))
            pc += 4
          case .getSuperBase:
            fp[operand(pc, 1)] = try superBase(home: fp[operand(pc, 2)])
            pc += 3
          case .getSuperProperty:
            fp[operand(pc, 1)] = try getSuperProperty(
              base: fp[operand(pc, 2)], key: fp[operand(pc, 3)], this: fp[operand(pc, 4)])
            pc += 5
          case .setSuperProperty:
            try setSuperProperty(
              base: fp[operand(pc, 1)], key: fp[operand(pc, 2)], value: fp[operand(pc, 3)], this: fp[operand(pc, 4)],
              strict: code.pointee.isStrict)
            pc += 5
          case .defineNamedProperty:
            let object = fp[operand(pc, 1)].asObject
            defineLiteralProperty(object, PropertyKey(atom: constants[operand(pc, 2)].asString), fp[operand(pc, 3)])
            pc += 4
          case .defineDataProperty:
            let object = fp[operand(pc, 1)]
            try createDataPropertyOrThrow(object.asObject, toPropertyKey(fp[operand(pc, 2)]), fp[operand(pc, 3)])
            pc += 4
          case .defineMethod:
            try defineMethodProperty(
              fp[operand(pc, 1)].asObject, key: fp[operand(pc, 2)], function: fp[operand(pc, 3)].asObject,
              enumerable: pc[4] & 1 != 0)
            pc += 5
          case .defineGetter, .defineSetter:
            try defineAccessorProperty(
              fp[operand(pc, 1)].asObject, key: fp[operand(pc, 2)], function: fp[operand(pc, 3)].asObject,
              isGetter: opcode == .defineGetter, enumerable: pc[4] & 1 != 0)
            pc += 5
          case .newPrivateName:
            fp[operand(pc, 1)] = newPrivateName(description: constants[operand(pc, 2)])
            pc += 3
          case .getPrivate:
            fp[operand(pc, 1)] = try privateGet(fp[operand(pc, 2)], name: fp[operand(pc, 3)])
            pc += 4
          case .setPrivate:
            try privateSet(fp[operand(pc, 1)], name: fp[operand(pc, 2)], value: fp[operand(pc, 3)])
            pc += 4
          case .definePrivate:
            try privateElementAdd(
              fp[operand(pc, 1)], name: fp[operand(pc, 2)], value: fp[operand(pc, 3)], isMethod: pc[4] != 0)
            pc += 5
          case .definePrivateAccessor:
            try privateAccessorAdd(
              fp[operand(pc, 1)], name: fp[operand(pc, 2)], getter: fp[operand(pc, 3)], setter: fp[operand(pc, 4)])
            pc += 5
          case .hasPrivate:
            fp[operand(pc, 1)] = Value(try privateIn(fp[operand(pc, 3)], name: fp[operand(pc, 2)]))
            pc += 4
          case .copyDataProperties:
            try copyDataProperties(
              into: fp[operand(pc, 1)].asObject, from: fp[operand(pc, 2)], excluded: fp + operand(pc, 3),
              excludedCount: Int(pc[4]))
            pc += 5
          case .setPrototypeLiteral:
            let prototype = fp[operand(pc, 2)]
            if prototype.isObject || prototype.isNull {
              _ = try setPrototypeOf(fp[operand(pc, 1)].asObject, prototype)
            }
            pc += 3
          case .toPropertyKey:
            let key = try toPropertyKey(fp[operand(pc, 2)])
            fp[operand(pc, 1)] = key.isIndex ? Value(Double(key.index)) : Value(cell: key.cell)
            pc += 3
          case .setFunctionName:
            let key = try toPropertyKey(fp[operand(pc, 2)])
            let prefix: String? = pc[3] == 1 ? "get" : pc[3] == 2 ? "set" : nil
            setFunctionName(fp[operand(pc, 1)].asObject, functionName(for: key, prefix: prefix))
            pc += 4
          case .loadHomeObject:
            let callee = fp[Frame.calleeOffset]
            fp[operand(pc, 1)] =
              callee.isObject && callee.asObject.objectClass == .function
              ? callee.asObject.internalSlot(FunctionSlot.homeObject) : .undefined
            pc += 2

          case .mapArguments:
            installArgumentMapping(fp[operand(pc, 1)].asObject, environment: fp[Frame.environmentOffset])
            pc += 2

          // MARK: Allocation
          case .newObject:
            fp[operand(pc, 1)] = newPlainObject().value
            pc += 2
          case .newArray:
            let count = Int(pc[3])
            fp[operand(pc, 1)] = newArray(UnsafeBufferPointer(start: fp + operand(pc, 2), count: count)).value
            pc += 4
          case .arrayAppend:
            appendToArrayLiteral(fp[operand(pc, 1)].asObject, fp[operand(pc, 2)])
            pc += 3
          case .arrayAppendHole:
            let array = fp[operand(pc, 1)].asObject
            setArrayLengthRaw(array, arrayLength(array) + 1)
            pc += 2
          case .arrayAppendSpread:
            try appendSpread(fp[operand(pc, 1)].asObject, fp[operand(pc, 2)])
            pc += 3
          case .newRegExp:
            fp[operand(pc, 1)] = try newRegExpFromLiteral(
              pattern: constants[operand(pc, 2)].asString, flags: constants[operand(pc, 3)].asString)
            pc += 4
          case .getTemplateObject:
            let site = Int(pc[2])
            let owner = code.pointee.owner.takeUnretainedValue()
            var template = owner.templateObjects[site]
            if template.isUndefined {
              template = createTemplateObject(
                constants + operand(pc, 3), count: Int(pc[4]))
              owner.templateObjects[site] = template
            }
            fp[operand(pc, 1)] = template
            pc += 5
          case .newClosure:
            let code = CodeBlockCellRef(constants[operand(pc, 2)])
            fp[operand(pc, 1)] = newClosure(code, environment: fp[Frame.environmentOffset]).value
            pc += 3
          case .createClass:
            try createClass(
              constructorRegister: fp + operand(pc, 1), prototypeRegister: fp + operand(pc, 2),
              code: CodeBlockCellRef(constants[operand(pc, 3)]), hasSuperclass: pc[4] & 1 != 0,
              environment: fp[Frame.environmentOffset])
            pc += 5
          case .initializeFields:
            try initializeFields(this: fp[operand(pc, 1)], constructor: fp[Frame.calleeOffset])
            pc += 2
          case .setFieldInitializer:
            let constructor = fp[operand(pc, 1)].asObject
            let initializer = fp[operand(pc, 2)].asObject
            initializer.setInternalSlot(FunctionSlot.homeObject, constructor.internalSlot(FunctionSlot.homeObject))
            constructor.setInternalSlot(FunctionSlot.fieldsInitializer, initializer.value)
            pc += 3
          case .setHomeObject:
            fp[operand(pc, 1)].asObject.setInternalSlot(FunctionSlot.homeObject, fp[operand(pc, 2)])
            pc += 3
          case .requireObjectCoercible:
            let value = fp[operand(pc, 1)]
            if value.isNullish {
              let what = value.isNull ? "null" : "undefined"
              if pc[2] == 0 { throw typeError("Cannot destructure '\(what)' as it is \(what).") }
              throw typeError("Cannot read properties of \(what)")
            }
            pc += 3
          case .toString:
            let value = fp[operand(pc, 2)]
            fp[operand(pc, 1)] = value.isString ? value : try toString(value).value
            pc += 3
          case .toObject:
            fp[operand(pc, 1)] = try toObject(fp[operand(pc, 2)]).value
            pc += 3

          // MARK: Calls
          case .call, .callEval:
            let base = fp + operand(pc, 2)
            let argumentCount = Int(pc[3])
            let callee = base[Frame.calleeOffset]
            if callee.isObject && callee.asObject.objectClass == .function
              && !callee.asObject.hasFlag(ObjectFlags.classConstructor)
            {
              try checkSafePoint()
              try enterFunction(
                frame: base, callee: callee.asObject, argumentCount: argumentCount, newTarget: .undefined,
                returnInfo: UInt64(UInt32(bitPattern: Int32(operand(pc, 1)))),
                caller: fp, returnPC: pc + 4 - UnsafePointer(code.pointee.instructions))
              fp = base
              code = Frame.codeData(fp)
              constants = code.pointee.constants
              pc = UnsafePointer(code.pointee.instructions)
              continue
            }
            let offset = pc - UnsafePointer(code.pointee.instructions)
            registerStack.top = fp + Int(code.pointee.registerCount)
            if opcode == .callEval && callee == realm[.evalFunction] {
              fp[operand(pc, 1)] = try performDirectEval(
                arguments: UnsafeBufferPointer(start: base, count: argumentCount), callerFrame: fp,
                callerCode: code.pointee.owner.takeUnretainedValue(), pcOffset: offset)
            } else {
              fp[operand(pc, 1)] = try callFromInterpreter(
                callee, this: base[Frame.thisOffset], arguments: UnsafeBufferPointer(start: base, count: argumentCount),
                frame: fp, pcOffset: offset)
            }
            pc += 4
          case .callWithSpread, .callEvalWithSpread:
            let offset = pc - UnsafePointer(code.pointee.instructions)
            registerStack.top = fp + Int(code.pointee.registerCount)
            let list = fp[operand(pc, 4)].asObject
            let values = denseValues(list)
            let callee = fp[operand(pc, 2)]
            if opcode == .callEvalWithSpread && callee == realm[.evalFunction] {
              let callerCode = code.pointee.owner.takeUnretainedValue()
              fp[operand(pc, 1)] = try values.values.withUnsafeBufferPointer { buffer throws(JSException) in
                try performDirectEval(arguments: buffer, callerFrame: fp, callerCode: callerCode, pcOffset: offset)
              }
            } else {
              fp[operand(pc, 1)] = try values.values.withUnsafeBufferPointer { buffer throws(JSException) in
                try callFromInterpreter(
                  callee, this: fp[operand(pc, 3)], arguments: buffer, frame: fp, pcOffset: offset)
              }
            }
            pc += 5
          case .construct:
            let base = fp + operand(pc, 2)
            let argumentCount = Int(pc[3])
            let callee = base[Frame.calleeOffset]
            let offset = pc - UnsafePointer(code.pointee.instructions)
            registerStack.top = fp + Int(code.pointee.registerCount)
            if callee.isObject && callee.asObject.objectClass == .function && callee.asObject.isConstructor {
              try checkSafePoint()
              let function = callee.asObject
              nativeCallSite = (fp, offset)
              defer { nativeCallSite = nil }
              let this: Value
              if function.hasFlag(ObjectFlags.derivedConstructor) {
                this = .empty
              } else {
                this = try ordinaryCreateFromConstructor(callee, fallback: .objectPrototype).value
              }
              nativeCallSite = nil
              base[Frame.thisOffset] = this
              try enterFunction(
                frame: base, callee: function, argumentCount: argumentCount, newTarget: callee,
                returnInfo: UInt64(UInt32(bitPattern: Int32(operand(pc, 1)))) | Frame.Flags.construct,
                caller: fp, returnPC: pc + 4 - UnsafePointer(code.pointee.instructions))
              fp = base
              code = Frame.codeData(fp)
              constants = code.pointee.constants
              pc = UnsafePointer(code.pointee.instructions)
              continue
            }
            fp[operand(pc, 1)] = try constructFromInterpreter(
              callee, arguments: UnsafeBufferPointer(start: base, count: argumentCount), newTarget: callee, frame: fp,
              pcOffset: offset)
            pc += 4
          case .constructWithSpread:
            let offset = pc - UnsafePointer(code.pointee.instructions)
            registerStack.top = fp + Int(code.pointee.registerCount)
            let callee = fp[operand(pc, 2)]
            let values = denseValues(fp[operand(pc, 3)].asObject)
            fp[operand(pc, 1)] = try values.values.withUnsafeBufferPointer { buffer throws(JSException) in
              try constructFromInterpreter(callee, arguments: buffer, newTarget: callee, frame: fp, pcOffset: offset)
            }
            pc += 4
          case .superCall:
            let offset = pc - UnsafePointer(code.pointee.instructions)
            registerStack.top = fp + Int(code.pointee.registerCount)
            let base = fp + operand(pc, 2)
            let constructor = try superConstructor(of: fp[operand(pc, 4)])
            fp[operand(pc, 1)] = try constructFromInterpreter(
              constructor, arguments: UnsafeBufferPointer(start: base, count: Int(pc[3])),
              newTarget: fp[operand(pc, 5)], frame: fp, pcOffset: offset)
            pc += 6
          case .superCallWithSpread:
            let offset = pc - UnsafePointer(code.pointee.instructions)
            registerStack.top = fp + Int(code.pointee.registerCount)
            let constructor = try superConstructor(of: fp[operand(pc, 3)])
            let values = denseValues(fp[operand(pc, 2)].asObject)
            let newTarget = fp[operand(pc, 4)]
            fp[operand(pc, 1)] = try values.values.withUnsafeBufferPointer { buffer throws(JSException) in
              try constructFromInterpreter(
                constructor, arguments: buffer, newTarget: newTarget, frame: fp, pcOffset: offset)
            }
            pc += 5
          case .superCallForward:
            let offset = pc - UnsafePointer(code.pointee.instructions)
            registerStack.top = fp + Int(code.pointee.registerCount)
            let constructor = try superConstructor(of: fp[Frame.calleeOffset])
            let argumentsObject = fp[operand(pc, 2)].asObject
            let arguments = RootedValues(self, capacity: argumentsObject.denseCount)
            for index in 0..<argumentsObject.denseCount { arguments.append(argumentsObject.denseElements[index]) }
            let result = try arguments.values.withUnsafeBufferPointer { buffer throws(JSException) in
              try constructFromInterpreter(
                constructor, arguments: buffer, newTarget: fp[Frame.newTargetOffset], frame: fp, pcOffset: offset)
            }
            if !fp[Frame.thisOffset].isEmpty { throw referenceError("Super constructor may only be called once") }
            fp[Frame.thisOffset] = result
            try initializeFields(this: result, constructor: fp[Frame.calleeOffset])
            fp[operand(pc, 1)] = result
            pc += 3
          case .return:
            var result = fp[operand(pc, 1)]
            let info = fp[Frame.returnInfoOffset].bits
            if info & Frame.Flags.construct != 0 && !result.isObject {
              if code.pointee.isDerivedConstructor {
                // The compiler returns `this` (read unchecked: empty before super()) for undefined.
                if result.isUndefined { result = fp[Frame.thisOffset] }
                if !result.isObject {
                  // ES2024 10.2.2 steps 10-12 run after the body, in the caller's realm again.
                  if info & Frame.Flags.entry == 0 { enterRealm(of: Frame.codeData(Frame.callerFrame(fp)!)) }
                  let error =
                    result.isEmpty
                    ? referenceError(
                      "Must call super constructor in derived class before accessing 'this' or returning from derived constructor"
                    ) : typeError("Derived constructors may only return object or undefined")
                  // No handler of this function may catch the error: it is thrown from past the
                  // function's last instruction.
                  completePendingStack(error.value, fp: fp, pc: pc - UnsafePointer(code.pointee.instructions))
                  pc =
                    UnsafePointer(code.pointee.instructions) + code.pointee.owner.takeUnretainedValue().instructionCount
                  throw error
                }
              } else {
                result = fp[Frame.thisOffset]
              }
            }
            if info & Frame.Flags.entry != 0 {
              return result
            }
            let returnPC = Frame.returnPC(fp)
            fp = Frame.callerFrame(fp)!
            code = Frame.codeData(fp)
            enterRealm(of: code)
            constants = code.pointee.constants
            pc = UnsafePointer(code.pointee.instructions) + returnPC
            registerStack.top = fp + Int(code.pointee.registerCount)
            fp[Int(Int32(truncatingIfNeeded: info))] = result

          // MARK: Iteration
          case .getIterator:
            let destination = fp + operand(pc, 1)
            let iterable = fp[operand(pc, 2)]
            if iterable.isObject && iterable.asObject.isArray && hasDefaultArrayIteration(iterable.asObject) {
              // The built-in array iterator, unobservable: iterate by index (the int32 marks it).
              destination[0] = iterable
              destination[1] = Value(Int32(0))
            } else {
              let (iterator, next) = try getIterator(iterable)
              destination[0] = iterator
              // An int32 marks the array fast path: keep a (non-callable) int32 `next` as a double.
              destination[1] = next.isInt32 ? Value(Double(next.asInt32)) : next
            }
            pc += 3
          case .iteratorNext:
            let iterator = fp + operand(pc, 2)
            let next = iterator[1]
            if next.isInt32 {
              let array = iterator[0].asObject
              let index = next.asInt32
              if UInt32(bitPattern: index) < arrayLength(array) {
                let element = Int(index) < array.denseCount ? array.denseElements[Int(index)] : .empty
                fp[operand(pc, 1)] =
                  element.isEmpty ? try get(array, PropertyKey(index: UInt32(bitPattern: index))) : element
                iterator[1] = Value(index &+ 1)
                pc += 4
              } else {
                iterator[1] = Value(Int32.max)
                pc += operand(pc, 3)
              }
            } else if let value = try iteratorStep(iterator: iterator[0], next: next) {
              fp[operand(pc, 1)] = value
              pc += 4
            } else {
              pc += operand(pc, 3)
            }
          case .iteratorClose:
            let iterator = fp + operand(pc, 1)
            if !iterator[1].isInt32 { try iteratorClose(iterator[0], suppressErrors: pc[2] & 1 != 0) }
            pc += 3
          case .forInEnumerate:
            fp[operand(pc, 1)] = try forInEnumerator(fp[operand(pc, 2)]).value
            pc += 3
          case .forInNext:
            if let key = try forInNextKey(fp[operand(pc, 2)].asObject) {
              fp[operand(pc, 1)] = key
              pc += 4
            } else {
              pc += operand(pc, 3)
            }

          // MARK: Exceptions and miscellaneous
          case .throw:
            throw JSException(fp[operand(pc, 1)])
          case .throwError:
            let message = constants[operand(pc, 2)].asString.swiftString(heap)
            throw JSException(makeError(ErrorTypeCode.errorType(Int(pc[1])), message))
          case .moveException:
            fp[operand(pc, 1)] = pendingException
            pendingException = .undefined
            pc += 2
          case .debugger, .nop:
            pc += 1
          }
        }
      } catch let exception {
        // Unwind to the innermost handler.
        var value = exception.value
        // A call that failed while entering its callee may have switched realms already.
        enterRealm(of: code)
        if value.isObject { completePendingStack(value, fp: fp, pc: pc - UnsafePointer(code.pointee.instructions)) }
        let isTermination = value == terminationValue && !value.isUndefined
        while true {
          let offset = pc - UnsafePointer(code.pointee.instructions)
          if !isTermination,
            let handler = code.pointee.owner.takeUnretainedValue().handlers.first(where: {
              $0.start <= offset && offset < $0.end
            })
          {
            pendingException = value
            pc = UnsafePointer(code.pointee.instructions) + handler.target
            registerStack.top = fp + Int(code.pointee.registerCount)
            break
          }
          let info = fp[Frame.returnInfoOffset].bits
          if info & Frame.Flags.entry != 0 {
            throw JSException(value)
          }
          let returnPC = Frame.returnPC(fp)
          fp = Frame.callerFrame(fp)!
          code = Frame.codeData(fp)
          enterRealm(of: code)
          constants = code.pointee.constants
          pc = UnsafePointer(code.pointee.instructions) + returnPC - 1
          value = exception.value
        }
      }
    }
  }

  private func uninitializedMessage(_ name: Value) -> String {
    "Cannot access '\(name.isString ? name.asString.swiftString(heap) : "binding")' before initialization"
  }
}
