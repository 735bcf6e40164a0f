// Every bytecode instruction, declared once: its operands and a one-line meaning.
// The interpreter, the dumper and the JIT all follow this table.
//
// Encoding: one UInt32 word for the opcode, then one word per operand.
// Registers are signed offsets from the frame pointer (negative ones are the
// frame header: -1 callee, -2 this, -4 new.target). Jump offsets are relative to
// the start of the jumping instruction.

enum OperandKind {
  /// A frame register (Int32).
  case register
  /// An index into the code block's constants.
  case constant
  /// A constant index naming a property or binding (an atom string).
  case name
  /// A signed immediate.
  case immediate
  /// A signed jump offset.
  case jump
  /// A property inline-cache site.
  case cache
  /// An unsigned count or index.
  case count
}

struct OpcodeInfo {
  let name: String
  let operands: [OperandKind]
  let summary: String
}

enum Opcode: UInt32, CaseIterable {
  // Moves and constants
  case move
  case loadConstant
  case loadInt
  case loadUndefined
  case loadNull
  case loadTrue
  case loadFalse
  case loadEmpty
  // Arithmetic and logic
  case add
  case subtract
  case multiply
  case divide
  case remainder
  case exponent
  case bitAnd
  case bitOr
  case bitXor
  case shiftLeft
  case shiftRight
  case unsignedShiftRight
  case addInt
  case negate
  case toNumeric
  case toNumber
  case bitNot
  case logicalNot
  case typeOf
  case increment
  case decrement
  // Comparison
  case equal
  case notEqual
  case strictEqual
  case strictNotEqual
  case lessThan
  case lessThanOrEqual
  case greaterThan
  case greaterThanOrEqual
  case instanceOf
  case hasProperty
  // Jumps
  case jump
  case jumpIfTrue
  case jumpIfFalse
  case jumpIfNullish
  case jumpIfNotNullish
  case jumpIfUndefined
  case jumpIfNotUndefined
  case jumpIfLessThan
  case jumpIfNotLessThan
  case jumpIfLessThanInt
  case jumpIfNotLessThanInt
  case jumpIfStrictEqual
  case jumpIfNotStrictEqual
  // Bindings
  case checkInitialized
  case checkThisInitialized
  case checkThisUninitialized
  case getEnvironment
  case setEnvironment
  case getEnvironmentChecked
  case setEnvironmentChecked
  case throwConstAssignment
  case pushScope
  case popScope
  case copyScope
  case pushWithScope
  case getGlobal
  case setGlobal
  case getGlobalOrUndefined
  case hasGlobal
  case getName
  case setName
  case resolveName
  case getNameFromBase
  case setNameOnBase
  case getNameOrUndefined
  case deleteName
  case callName
  case declareGlobals
  case initializeGlobalLexical
  case declareEvalVar
  case declareEvalFunction
  // Properties
  case getProperty
  case setProperty
  case getElement
  case setElement
  case deleteProperty
  case deleteElement
  case getSuperBase
  case getSuperProperty
  case setSuperProperty
  case defineNamedProperty
  case defineDataProperty
  case defineMethod
  case defineGetter
  case defineSetter
  case copyDataProperties
  case setPrototypeLiteral
  case toPropertyKey
  case setFunctionName
  case loadHomeObject
  case mapArguments
  case newPrivateName
  case getPrivate
  case setPrivate
  case definePrivate
  case definePrivateAccessor
  case hasPrivate
  // Allocation
  case newObject
  case newArray
  case arrayAppend
  case arrayAppendHole
  case arrayAppendSpread
  case newRegExp
  case getTemplateObject
  case newClosure
  case createClass
  case initializeFields
  case setFieldInitializer
  case setHomeObject
  case requireObjectCoercible
  case toString
  case toObject
  // Calls
  case call
  case callWithSpread
  case callEvalWithSpread
  case construct
  case constructWithSpread
  case superCall
  case superCallWithSpread
  case superCallForward
  case callEval
  case `return`
  // Iteration
  case getIterator
  case iteratorNext
  case iteratorClose
  case forInEnumerate
  case forInNext
  // Exceptions
  case `throw`
  case throwError
  case moveException
  // Miscellaneous
  case debugger
  case nop

  var info: OpcodeInfo { Opcode.table[Int(rawValue)] }

  /// The opcode of an instruction word the compiler wrote (no validation: the
  /// cases' raw values are their declaration indices, which is also their
  /// in-memory tag, so this is a plain byte reinterpretation).
  @inline(__always) static func decode(_ word: UInt32) -> Opcode {
    unsafeBitCast(UInt8(truncatingIfNeeded: word), to: Opcode.self)
  }
  var size: Int { 1 + info.operands.count }

  static let table: [OpcodeInfo] = Opcode.allCases.map { $0.describe() }

  // swiftlint:disable:next function_body_length cyclomatic_complexity
  private func describe() -> OpcodeInfo {
    typealias K = OperandKind
    let r = K.register
    func op(_ name: String, _ operands: [K], _ summary: String) -> OpcodeInfo {
      OpcodeInfo(name: name, operands: operands, summary: summary)
    }
    switch self {
    case .move: return op("Move", [r, r], "dst = src")
    case .loadConstant: return op("LoadConstant", [r, .constant], "dst = constants[k]")
    case .loadInt: return op("LoadInt", [r, .immediate], "dst = imm (int32)")
    case .loadUndefined: return op("LoadUndefined", [r], "dst = undefined")
    case .loadNull: return op("LoadNull", [r], "dst = null")
    case .loadTrue: return op("LoadTrue", [r], "dst = true")
    case .loadFalse: return op("LoadFalse", [r], "dst = false")
    case .loadEmpty: return op("LoadEmpty", [r], "dst = <empty> (uninitialized binding)")
    case .add: return op("Add", [r, r, r], "dst = a + b")
    case .subtract: return op("Subtract", [r, r, r], "dst = a - b")
    case .multiply: return op("Multiply", [r, r, r], "dst = a * b")
    case .divide: return op("Divide", [r, r, r], "dst = a / b")
    case .remainder: return op("Remainder", [r, r, r], "dst = a % b")
    case .exponent: return op("Exponent", [r, r, r], "dst = a ** b")
    case .bitAnd: return op("BitAnd", [r, r, r], "dst = a & b")
    case .bitOr: return op("BitOr", [r, r, r], "dst = a | b")
    case .bitXor: return op("BitXor", [r, r, r], "dst = a ^ b")
    case .shiftLeft: return op("ShiftLeft", [r, r, r], "dst = a << b")
    case .shiftRight: return op("ShiftRight", [r, r, r], "dst = a >> b")
    case .unsignedShiftRight: return op("UnsignedShiftRight", [r, r, r], "dst = a >>> b")
    case .addInt: return op("AddInt", [r, r, .immediate], "dst = a + imm")
    case .negate: return op("Negate", [r, r], "dst = -src")
    case .toNumeric: return op("ToNumeric", [r, r], "dst = ToNumeric(src)")
    case .toNumber: return op("ToNumber", [r, r], "dst = ToNumber(src) (unary +)")
    case .bitNot: return op("BitNot", [r, r], "dst = ~src")
    case .logicalNot: return op("LogicalNot", [r, r], "dst = !src")
    case .typeOf: return op("TypeOf", [r, r], "dst = typeof src")
    case .increment: return op("Increment", [r, r], "dst = ToNumeric(src) + 1")
    case .decrement: return op("Decrement", [r, r], "dst = ToNumeric(src) - 1")
    case .equal: return op("Equal", [r, r, r], "dst = a == b")
    case .notEqual: return op("NotEqual", [r, r, r], "dst = a != b")
    case .strictEqual: return op("StrictEqual", [r, r, r], "dst = a === b")
    case .strictNotEqual: return op("StrictNotEqual", [r, r, r], "dst = a !== b")
    case .lessThan: return op("LessThan", [r, r, r], "dst = a < b")
    case .lessThanOrEqual: return op("LessThanOrEqual", [r, r, r], "dst = a <= b")
    case .greaterThan: return op("GreaterThan", [r, r, r], "dst = a > b")
    case .greaterThanOrEqual: return op("GreaterThanOrEqual", [r, r, r], "dst = a >= b")
    case .instanceOf: return op("InstanceOf", [r, r, r], "dst = a instanceof b")
    case .hasProperty: return op("HasProperty", [r, r, r], "dst = key in object")
    case .jump: return op("Jump", [.jump], "pc += offset (a backward jump is a safe point)")
    case .jumpIfTrue: return op("JumpIfTrue", [r, .jump], "if ToBoolean(src) jump")
    case .jumpIfFalse: return op("JumpIfFalse", [r, .jump], "if !ToBoolean(src) jump")
    case .jumpIfNullish: return op("JumpIfNullish", [r, .jump], "if src is undefined or null jump")
    case .jumpIfNotNullish: return op("JumpIfNotNullish", [r, .jump], "if src is neither undefined nor null jump")
    case .jumpIfUndefined: return op("JumpIfUndefined", [r, .jump], "if src === undefined jump")
    case .jumpIfNotUndefined: return op("JumpIfNotUndefined", [r, .jump], "if src !== undefined jump")
    case .jumpIfLessThan: return op("JumpIfLessThan", [r, r, .jump], "if a < b jump")
    case .jumpIfNotLessThan: return op("JumpIfNotLessThan", [r, r, .jump], "if !(a < b) jump")
    case .jumpIfLessThanInt: return op("JumpIfLessThanInt", [r, .immediate, .jump], "if a < imm jump")
    case .jumpIfNotLessThanInt: return op("JumpIfNotLessThanInt", [r, .immediate, .jump], "if !(a < imm) jump")
    case .jumpIfStrictEqual: return op("JumpIfStrictEqual", [r, r, .jump], "if a === b jump")
    case .jumpIfNotStrictEqual: return op("JumpIfNotStrictEqual", [r, r, .jump], "if a !== b jump")
    case .checkInitialized: return op("CheckInitialized", [r, .name], "ReferenceError if src is <empty> (TDZ)")
    case .checkThisInitialized:
      return op("CheckThisInitialized", [r], "ReferenceError if `this` is still uninitialized (derived constructor)")
    case .checkThisUninitialized:
      return op("CheckThisUninitialized", [r], "ReferenceError if super() was already called")
    case .getEnvironment: return op("GetEnvironment", [r, .count, .count], "dst = environment[hops].slot")
    case .setEnvironment: return op("SetEnvironment", [.count, .count, r], "environment[hops].slot = src")
    case .getEnvironmentChecked:
      return op("GetEnvironmentChecked", [r, .count, .count, .name], "dst = environment[hops].slot (TDZ checked)")
    case .setEnvironmentChecked:
      return op("SetEnvironmentChecked", [.count, .count, r, .name], "environment[hops].slot = src (TDZ checked)")
    case .throwConstAssignment: return op("ThrowConstAssignment", [.name], "TypeError: assignment to constant")
    case .pushScope: return op("PushScope", [.count], "environment = new scope(descriptor) with parent environment")
    case .popScope: return op("PopScope", [], "environment = environment.parent")
    case .copyScope: return op("CopyScope", [], "environment = copy of environment (per-iteration bindings)")
    case .pushWithScope: return op("PushWithScope", [r], "environment = object environment for `with (src)`")
    case .getGlobal: return op("GetGlobal", [r, .name, .cache], "dst = global binding (ReferenceError if missing)")
    case .setGlobal: return op("SetGlobal", [.name, r, .cache], "global binding = src")
    case .getGlobalOrUndefined:
      return op("GetGlobalOrUndefined", [r, .name], "dst = global binding or undefined (typeof)")
    case .hasGlobal:
      return op(
        "HasGlobal", [r, .name, .cache], "dst = whether the global binding exists (strict `x = …` resolves x first)")
    case .getName: return op("GetName", [r, .name], "dst = binding looked up by name (with/eval)")
    case .setName: return op("SetName", [.name, r], "binding looked up by name = src")
    case .getNameOrUndefined: return op("GetNameOrUndefined", [r, .name], "dst = named binding or undefined (typeof)")
    case .resolveName:
      return op("ResolveName", [r, .name], "dst = the base a name resolves to (for assignments: resolved first)")
    case .getNameFromBase: return op("GetNameFromBase", [r, r, .name], "dst = the named binding of a resolved base")
    case .setNameOnBase: return op("SetNameOnBase", [r, .name, r], "the named binding of a resolved base = src")
    case .deleteName: return op("DeleteName", [r, .name], "dst = delete name")
    case .callName:
      return op("CallName", [r, r, .name], "callee, this = named binding and its with-object (or undefined)")
    case .declareGlobals: return op("DeclareGlobals", [], "GlobalDeclarationInstantiation for this script")
    case .initializeGlobalLexical:
      return op("InitializeGlobalLexical", [.name, r], "initialize a top-level let/const/class binding")
    case .declareEvalVar:
      return op("DeclareEvalVar", [.name], "declare a var of sloppy eval code in the caller's scope")
    case .declareEvalFunction:
      return op("DeclareEvalFunction", [.name, r], "declare a function of sloppy eval code in the caller's scope")
    case .getProperty: return op("GetProperty", [r, r, .name, .cache], "dst = object.name")
    case .setProperty: return op("SetProperty", [r, .name, r, .cache], "object.name = src")
    case .getElement: return op("GetElement", [r, r, r], "dst = object[key]")
    case .setElement: return op("SetElement", [r, r, r], "object[key] = src")
    case .deleteProperty: return op("DeleteProperty", [r, r, .name], "dst = delete object.name")
    case .deleteElement: return op("DeleteElement", [r, r, r], "dst = delete object[key]")
    case .getSuperBase: return op("GetSuperBase", [r, r], "dst = home.[[GetPrototypeOf]]() (the super base)")
    case .getSuperProperty: return op("GetSuperProperty", [r, r, r, r], "dst = base[key] with receiver this")
    case .setSuperProperty: return op("SetSuperProperty", [r, r, r, r], "base[key] = src with receiver this")
    case .defineNamedProperty:
      return op("DefineNamedProperty", [r, .name, r], "define object.name = src (enumerable data)")
    case .defineDataProperty: return op("DefineDataProperty", [r, r, r], "CreateDataPropertyOrThrow(object, key, src)")
    case .defineMethod:
      return op("DefineMethod", [r, r, r, .count], "define method key on object (flag 1: enumerable); sets home")
    case .defineGetter: return op("DefineGetter", [r, r, r, .count], "define getter key on object")
    case .defineSetter: return op("DefineSetter", [r, r, r, .count], "define setter key on object")
    case .copyDataProperties:
      return op("CopyDataProperties", [r, r, r, .count], "copy own enumerable properties (excluding keys)")
    case .setPrototypeLiteral: return op("SetPrototypeLiteral", [r, r], "object.[[Prototype]] = src if object/null")
    case .toPropertyKey: return op("ToPropertyKey", [r, r], "dst = ToPropertyKey(src)")
    case .setFunctionName: return op("SetFunctionName", [r, r, .count], "name a function after key (1 get, 2 set)")
    case .loadHomeObject: return op("LoadHomeObject", [r], "dst = the running function's [[HomeObject]]")
    case .mapArguments:
      return op("MapArguments", [r], "connect a mapped arguments object to the current environment")
    case .newPrivateName: return op("NewPrivateName", [r, .constant], "dst = a new Private Name (description k)")
    case .getPrivate: return op("GetPrivate", [r, r, r], "dst = object.#name (PrivateGet)")
    case .setPrivate: return op("SetPrivate", [r, r, r], "object.#name = src (PrivateSet)")
    case .definePrivate:
      return op("DefinePrivate", [r, r, r, .count], "add private field (0) or method (1) #name = src to object")
    case .definePrivateAccessor:
      return op("DefinePrivateAccessor", [r, r, r, r], "add private accessor #name (getter, setter) to object")
    case .hasPrivate: return op("HasPrivate", [r, r, r], "dst = #name in object")
    case .newObject: return op("NewObject", [r], "dst = {}")
    case .newArray: return op("NewArray", [r, r, .count], "dst = [registers start ..< start + count]")
    case .arrayAppend: return op("ArrayAppend", [r, r], "array.push(src) (literal building)")
    case .arrayAppendHole: return op("ArrayAppendHole", [r], "array.length += 1 (elision)")
    case .arrayAppendSpread: return op("ArrayAppendSpread", [r, r], "append every value of the iterable src")
    case .newRegExp: return op("NewRegExp", [r, .constant, .constant], "dst = new RegExp(pattern, flags)")
    case .getTemplateObject:
      return op(
        "GetTemplateObject", [r, .count, .constant, .count],
        "dst = the cached template object of a site (cooked then raw strings from constant k, n each)")
    case .newClosure: return op("NewClosure", [r, .constant], "dst = closure over the environment")
    case .createClass:
      return op(
        "CreateClass", [r, r, .constant, .count],
        "dst = class constructor, dst+1 = prototype (superclass in dst when flag 1)")
    case .initializeFields:
      return op("InitializeFields", [r], "run the active constructor's field initializers on this")
    case .setFieldInitializer:
      return op("SetFieldInitializer", [r, r], "constructor.[[Fields]] initializer = function (home: prototype)")
    case .setHomeObject: return op("SetHomeObject", [r, r], "function.[[HomeObject]] = object")
    case .requireObjectCoercible:
      return op(
        "RequireObjectCoercible", [r, .count],
        "TypeError if src is undefined or null (flag 0: destructuring, 1: property access)")
    case .toString: return op("ToString", [r, r], "dst = ToString(src)")
    case .toObject: return op("ToObject", [r, r], "dst = ToObject(src)")
    case .call: return op("Call", [r, r, .count], "dst = call (callee at base-1, this at base-2, args at base…)")
    case .callWithSpread: return op("CallWithSpread", [r, r, r, r], "dst = callee.apply(this, array)")
    case .callEvalWithSpread:
      return op("CallEvalWithSpread", [r, r, r, r], "eval(...array): a direct eval if callee is %eval%")
    case .construct: return op("Construct", [r, r, .count], "dst = new callee(args at base…)")
    case .constructWithSpread: return op("ConstructWithSpread", [r, r, r], "dst = new callee(...array)")
    case .superCall:
      return op("SuperCall", [r, r, .count, r, r], "dst = super(args at base…) (active function, new.target)")
    case .superCallWithSpread:
      return op("SuperCallWithSpread", [r, r, r, r], "dst = super(...array) (active function, new.target)")
    case .superCallForward:
      return op(
        "SuperCallForward", [r, r], "dst = super(...arguments object) (default derived constructor)")
    case .callEval: return op("CallEval", [r, r, .count], "direct eval when the callee is %eval%, else a call")
    case .return: return op("Return", [r], "return src")
    case .getIterator: return op("GetIterator", [r, r], "dst = iterator, dst+1 = next method of src")
    case .iteratorNext:
      return op("IteratorNext", [r, r, .jump], "dst = next value of iterator (dst+1 pair), or jump when done")
    case .iteratorClose:
      return op("IteratorClose", [r, .count], "call iterator.return if present (flag 1: on a throw, errors ignored)")
    case .forInEnumerate: return op("ForInEnumerate", [r, r], "dst = enumerator over the keys of src")
    case .forInNext: return op("ForInNext", [r, r, .jump], "dst = next key, or jump when done")
    case .throw: return op("Throw", [r], "throw src")
    case .throwError: return op("ThrowError", [.count, .constant], "throw a new error of a type with a message")
    case .moveException: return op("MoveException", [r], "dst = the exception being handled")
    case .debugger: return op("Debugger", [], "debugger statement (no-op)")
    case .nop: return op("Nop", [], "does nothing")
    }
  }
}
