#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// Abstract operations of ES2024 §7: type conversion, testing and comparison,
// and the object operations built on the internal methods.

enum PreferredType {
  case none
  case number
  case string
}

extension Runtime {
  // MARK: - Type conversion (ES2024 7.1)

  /// ES2024 7.1.1 ToPrimitive
  func toPrimitive(_ value: Value, preferring hint: PreferredType = .none) throws(JSException) -> Value {
    guard value.isObject else { return value }
    let object = value.asObject
    let exoticToPrimitive = try getMethod(value, PropertyKey(symbol: symbols.toPrimitive))
    if !exoticToPrimitive.isUndefined {
      let hintName: String
      switch hint {
      case .none: hintName = "default"
      case .number: hintName = "number"
      case .string: hintName = "string"
      }
      let result = try call(exoticToPrimitive, this: value, arguments: [newString(hintName).value])
      if result.isObject { throw typeError("Cannot convert object to primitive value") }
      return result
    }
    return try ordinaryToPrimitive(object, hint == .string ? .string : .number)
  }

  /// ES2024 7.1.1.1 OrdinaryToPrimitive
  func ordinaryToPrimitive(_ object: ObjectRef, _ hint: PreferredType) throws(JSException) -> Value {
    let order = hint == .string ? [names.toString, names.valueOf] : [names.valueOf, names.toString]
    for name in order {
      let method = try get(object, name)
      if method.isCallable {
        let result = try call(method, this: object.value, arguments: [])
        if !result.isObject { return result }
      }
    }
    throw typeError("Cannot convert object to primitive value")
  }

  /// ES2024 7.1.2 ToBoolean
  @inline(__always) func toBoolean(_ value: Value) -> Bool {
    if value.isBoolean { return value.asBool }
    if value.isInt32 { return value.asInt32 != 0 }
    if value.isNumber {
      let number = value.asDouble
      return !(number == 0 || number.isNaN)
    }
    if value.isNullish || value.isEmpty { return false }
    if value.isString { return value.asString.length != 0 }
    if value.isBigInt { return !value.asBigInt.isZero }
    return true
  }

  /// ES2024 7.1.4 ToNumber
  @inline(__always) func toNumber(_ value: Value) throws(JSException) -> Double {
    if value.isInt32 { return Double(value.asInt32) }
    if value.isNumber { return value.asDouble }
    return try toNumberSlow(value)
  }

  func toNumberSlow(_ value: Value) throws(JSException) -> Double {
    if value.isUndefined { return .nan }
    if value.isNull { return 0 }
    if value.isBoolean { return value.asBool ? 1 : 0 }
    if value.isString { return stringToNumber(value.asString) }
    if value.isSymbol { throw typeError("Cannot convert a Symbol value to a number") }
    if value.isBigInt { throw typeError("Cannot convert a BigInt value to a number") }
    if value.isObject { return try toNumber(toPrimitive(value, preferring: .number)) }
    return .nan
  }

  /// ES2024 7.1.3 ToNumeric: a Number or a BigInt.
  @inline(__always) func toNumeric(_ value: Value) throws(JSException) -> Value {
    if value.isNumber { return value }
    return try toNumericSlow(value)
  }

  func toNumericSlow(_ value: Value) throws(JSException) -> Value {
    if value.isBigInt { return value }
    let primitive = try toPrimitive(value, preferring: .number)
    if primitive.isBigInt { return primitive }
    return Value(number: try toNumber(primitive))
  }

  func stringToNumber(_ string: StringRef) -> Double {
    string.flattened(heap)
    if string.isLatin1 {
      return NumberParsing.stringToNumber(
        UnsafeBufferPointer(start: string.latin1Characters, count: string.length))
    }
    return NumberParsing.stringToNumber(UnsafeBufferPointer(start: string.utf16Characters, count: string.length))
  }

  /// ES2024 7.1.5 ToIntegerOrInfinity
  func toIntegerOrInfinity(_ value: Value) throws(JSException) -> Double {
    if value.isInt32 { return Double(value.asInt32) }
    let number = try toNumber(value)
    if number.isNaN || number == 0 { return 0 }
    if number.isInfinite { return number }
    return number.rounded(.towardZero)
  }

  /// ES2024 7.1.6 ToInt32
  @inline(__always) func toInt32(_ value: Value) throws(JSException) -> Int32 {
    if value.isInt32 { return value.asInt32 }
    return doubleToInt32(try toNumber(value))
  }

  /// ES2024 7.1.7 ToUint32
  @inline(__always) func toUint32(_ value: Value) throws(JSException) -> UInt32 {
    UInt32(bitPattern: try toInt32(value))
  }

  /// ES2024 7.1.20 ToLength
  func toLength(_ value: Value) throws(JSException) -> Int {
    let length = try toIntegerOrInfinity(value)
    if length <= 0 { return 0 }
    return Int(min(length, 9_007_199_254_740_991))
  }

  /// ES2024 7.1.22 ToIndex
  func toIndex(_ value: Value) throws(JSException) -> Int {
    if value.isUndefined { return 0 }
    let integer = try toIntegerOrInfinity(value)
    if integer < 0 || integer > 9_007_199_254_740_991 { throw rangeError("Invalid index") }
    return Int(integer)
  }

  /// ES2024 7.1.17 ToString
  func toString(_ value: Value) throws(JSException) -> StringRef {
    if value.isString { return value.asString }
    if value.isInt32 { return int32ToString(value.asInt32) }
    if value.isNumber { return numberToString(value.asDouble) }
    if value.isUndefined { return names.undefinedName.atom }
    if value.isNull { return names.nullName.atom }
    if value.isBoolean { return value.asBool ? names.trueName.atom : names.falseName.atom }
    if value.isSymbol { throw typeError("Cannot convert a Symbol value to a string") }
    if value.isBigInt { return bigIntToString(value.asBigInt) }
    if value.isObject { return try toString(toPrimitive(value, preferring: .string)) }
    return emptyString
  }

  func int32ToString(_ int: Int32) -> StringRef {
    if int >= 0 && int < 1024 {
      let cached = stringCache.entries[Int(int)]
      if !cached.isEmpty { return cached.asString }
      let string = newString(String(int))
      stringCache.entries[Int(int)] = string.value
      return string
    }
    var buffer: (UInt64, UInt64) = (0, 0)
    return withUnsafeMutableBytes(of: &buffer) { raw -> StringRef in
      let bytes = raw.bindMemory(to: UInt8.self)
      var magnitude = UInt32(int.magnitude)
      var position = 16
      repeat {
        position -= 1
        bytes[position] = UInt8(48 + magnitude % 10)
        magnitude /= 10
      } while magnitude > 0
      if int < 0 {
        position -= 1
        bytes[position] = 45
      }
      return newString(latin1: UnsafeBufferPointer(UnsafeMutableBufferPointer(rebasing: bytes[position..<16])))
    }
  }

  /// Number::toString(x) with radix 10 (ES2024 6.1.6.1.20).
  func numberToString(_ number: Double) -> StringRef {
    if let int = Int32(exactly: number), !(number == 0 && number.sign == .minus) {
      return int32ToString(int)
    }
    if number == 0 { return int32ToString(0) }
    var buffer: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    return withUnsafeMutableBytes(of: &buffer) { raw -> StringRef in
      let bytes = raw.bindMemory(to: UInt8.self)
      let count = NumberFormatting.writeShortest(number, to: bytes.baseAddress!)
      return newString(latin1: UnsafeBufferPointer(start: bytes.baseAddress!, count: count))
    }
  }

  /// ES2024 7.1.19 ToPropertyKey
  @inline(__always) func toPropertyKey(_ value: Value) throws(JSException) -> PropertyKey {
    if value.isInt32 && value.asInt32 >= 0 { return PropertyKey(index: UInt32(value.asInt32)) }
    if value.isString { return propertyKey(for: value.asString) }
    if value.isSymbol { return PropertyKey(symbol: value.asSymbol) }
    return try toPropertyKeySlow(value)
  }

  func toPropertyKeySlow(_ value: Value) throws(JSException) -> PropertyKey {
    let primitive = try toPrimitive(value, preferring: .string)
    if primitive.isSymbol { return PropertyKey(symbol: primitive.asSymbol) }
    if primitive.isNumber {
      let number = primitive.asNumber
      if number >= 0 && number < 4_294_967_295 && number == number.rounded(.towardZero)
        && !(number == 0 && number.sign == .minus)
      {
        return PropertyKey(index: UInt32(number))
      }
    }
    return propertyKey(for: try toString(primitive))
  }

  /// ES2024 7.1.18 ToObject
  func toObject(_ value: Value) throws(JSException) -> ObjectRef {
    if value.isObject { return value.asObject }
    if value.isNullish { throw typeError("Cannot convert undefined or null to object") }
    return wrapPrimitive(value)
  }

  /// A wrapper object (Boolean, Number, String, Symbol) for a primitive.
  func wrapPrimitive(_ value: Value) -> ObjectRef {
    let objectClass: ObjectClass
    let prototype: Intrinsic
    if value.isNumber {
      objectClass = .numberObject
      prototype = .numberPrototype
    } else if value.isBoolean {
      objectClass = .booleanObject
      prototype = .booleanPrototype
    } else if value.isString {
      objectClass = .stringObject
      prototype = .stringPrototype
    } else if value.isSymbol {
      objectClass = .symbolObject
      prototype = .symbolPrototype
    } else {
      objectClass = .bigIntObject
      prototype = .bigIntPrototype
    }
    let wrapper = newObject(objectClass, prototype: realm[prototype])
    wrapper.setInternalSlot(0, value)
    return wrapper
  }

  /// The prototype used for property lookups on a primitive.
  func prototypeForPrimitive(_ value: Value) throws(JSException) -> ObjectRef {
    if value.isString { return realm.object(.stringPrototype) }
    if value.isNumber { return realm.object(.numberPrototype) }
    if value.isBoolean { return realm.object(.booleanPrototype) }
    if value.isSymbol { return realm.object(.symbolPrototype) }
    if value.isBigInt { return realm.object(.bigIntPrototype) }
    throw typeError("Cannot convert undefined or null to object")
  }

  // MARK: - Testing and comparison (ES2024 7.2)

  /// RequireObjectCoercible
  func requireObjectCoercible(_ value: Value, _ what: String = "value") throws(JSException) {
    if value.isNullish { throw typeError("Cannot convert undefined or null to object") }
  }

  /// IsArray (sees through proxies; a long proxy chain is walked without recursion)
  func isArray(_ value: Value) throws(JSException) -> Bool {
    guard value.isObject else { return false }
    var object = value.asObject
    while object.isProxy {
      let target = object.internalSlot(0)
      if target.isNull { throw typeError("Cannot perform 'IsArray' on a proxy that has been revoked") }
      object = target.asObject
    }
    return object.isArray
  }

  @inline(__always) func isStrictlyEqual(_ a: Value, _ b: Value) -> Bool {
    if a.bits == b.bits { return !(a.isDouble && a.asDouble.isNaN) }
    if a.isNumber && b.isNumber { return a.asNumber == b.asNumber }
    if a.isString && b.isString { return a.asString.equals(b.asString, heap) }
    if a.isBigInt && b.isBigInt { return a.asBigInt.equals(b.asBigInt) }
    return false
  }

  func sameValue(_ a: Value, _ b: Value) -> Bool {
    if a.isNumber && b.isNumber {
      let x = a.asNumber
      let y = b.asNumber
      if x.isNaN && y.isNaN { return true }
      return x == y && x.sign == y.sign
    }
    return isStrictlyEqual(a, b)
  }

  func sameValueZero(_ a: Value, _ b: Value) -> Bool {
    if a.isNumber && b.isNumber {
      let x = a.asNumber
      let y = b.asNumber
      return x == y || (x.isNaN && y.isNaN)
    }
    return isStrictlyEqual(a, b)
  }

  /// ES2024 7.2.14 IsLooselyEqual
  func isLooselyEqual(_ a: Value, _ b: Value) throws(JSException) -> Bool {
    if a.isNumber && b.isNumber { return a.asNumber == b.asNumber }
    if typeTag(a) == typeTag(b) { return isStrictlyEqual(a, b) }
    if a.isNullish && b.isNullish { return true }
    if a.isNumber && b.isString { return a.asNumber == stringToNumber(b.asString) }
    if a.isString && b.isNumber { return stringToNumber(a.asString) == b.asNumber }
    // Steps 6-7, 13: BigInt against String or Number compares mathematical values.
    if a.isBigInt && b.isString { return compare(a.asBigInt, toStringValue: b.asString) == 0 }
    if a.isString && b.isBigInt { return compare(b.asBigInt, toStringValue: a.asString) == 0 }
    if a.isBigInt && b.isNumber { return BigInteger.compare(a.asBigInt.integer, b.asNumber) == 0 }
    if a.isNumber && b.isBigInt { return BigInteger.compare(b.asBigInt.integer, a.asNumber) == 0 }
    if a.isBoolean { return try isLooselyEqual(Value(number: a.asBool ? 1 : 0), b) }
    if b.isBoolean { return try isLooselyEqual(a, Value(number: b.asBool ? 1 : 0)) }
    if (a.isNumber || a.isString || a.isSymbol || a.isBigInt) && b.isObject {
      return try isLooselyEqual(a, toPrimitive(b))
    }
    if a.isObject && (b.isNumber || b.isString || b.isSymbol || b.isBigInt) {
      return try isLooselyEqual(toPrimitive(a), b)
    }
    return false
  }

  private func typeTag(_ value: Value) -> Int {
    if value.isNumber { return 0 }
    if value.isUndefined { return 1 }
    if value.isNull { return 2 }
    if value.isBoolean { return 3 }
    if value.isString { return 4 }
    if value.isSymbol { return 5 }
    if value.isObject { return 6 }
    if value.isBigInt { return 7 }
    return 8
  }

  /// ES2024 7.2.13 IsLessThan. nil means undefined (a NaN was involved).
  func isLessThan(_ x: Value, _ y: Value, leftFirst: Bool) throws(JSException) -> Bool? {
    let px: Value
    let py: Value
    if leftFirst {
      px = try toPrimitive(x, preferring: .number)
      py = try toPrimitive(y, preferring: .number)
    } else {
      py = try toPrimitive(y, preferring: .number)
      px = try toPrimitive(x, preferring: .number)
    }
    if px.isString && py.isString { return px.asString.compare(py.asString, heap) < 0 }
    // Steps 3-4: a BigInt against a String compares with StringToBigInt of the string.
    if px.isBigInt && py.isString { return compare(px.asBigInt, toStringValue: py.asString).map { $0 < 0 } }
    if px.isString && py.isBigInt { return compare(py.asBigInt, toStringValue: px.asString).map { $0 > 0 } }
    let nx = try toNumeric(px)
    let ny = try toNumeric(py)
    if nx.isBigInt || ny.isBigInt { return compareNumerics(nx, ny).map { $0 < 0 } }
    if nx.asNumber.isNaN || ny.asNumber.isNaN { return nil }
    return nx.asNumber < ny.asNumber
  }

  /// The order of two numeric values at least one of which is a BigInt (-1, 0, 1; nil for NaN).
  private func compareNumerics(_ x: Value, _ y: Value) -> Int? {
    if x.isBigInt && y.isBigInt { return BigInteger.compare(x.asBigInt.integer, y.asBigInt.integer) }
    if x.isBigInt { return BigInteger.compare(x.asBigInt.integer, y.asNumber) }
    return BigInteger.compare(y.asBigInt.integer, x.asNumber).map { -$0 }
  }

  /// typeof
  func typeOf(_ value: Value) -> StringRef {
    if value.isNumber { return names.number.atom }
    if value.isString { return names.string.atom }
    if value.isUndefined { return names.undefinedName.atom }
    if value.isBoolean { return names.boolean.atom }
    if value.isNull { return names.object.atom }
    if value.isSymbol { return names.symbol.atom }
    if value.isBigInt { return names.bigint.atom }
    if value.isObject { return value.asObject.isCallable ? names.function.atom : names.object.atom }
    return names.undefinedName.atom
  }

  // MARK: - Operations on objects (ES2024 7.3)

  /// GetV: [[Get]] on any value (primitives look up their prototype).
  func getV(_ value: Value, _ key: PropertyKey) throws(JSException) -> Value {
    if value.isObject { return try get(value.asObject, key, receiver: value) }
    if value.isString {
      let string = value.asString
      if key == names.length { return Value(Int32(string.length)) }
      if key.isIndex && Int(key.index) < string.length {
        return singleCodeUnitString(string.codeUnit(at: Int(key.index), heap)).value
      }
    }
    if value.isNullish {
      throw typeError(
        "Cannot read properties of \(value.isNull ? "null" : "undefined") (reading '\(keyDescription(key))')")
    }
    return try get(prototypeForPrimitive(value), key, receiver: value)
  }

  /// GetMethod: undefined for null/undefined, TypeError if not callable.
  func getMethod(_ value: Value, _ key: PropertyKey) throws(JSException) -> Value {
    let function = try getV(value, key)
    if function.isNullish { return .undefined }
    if !function.isCallable { throw typeError("\(keyDescription(key)) is not a function") }
    return function
  }

  func createDataProperty(_ object: ObjectRef, _ key: PropertyKey, _ value: Value) throws(JSException) -> Bool {
    try defineOwnProperty(
      object, key, PropertyDescriptor(value: value, writable: true, enumerable: true, configurable: true))
  }

  func createDataPropertyOrThrow(_ object: ObjectRef, _ key: PropertyKey, _ value: Value) throws(JSException) {
    if !(try createDataProperty(object, key, value)) {
      throw typeError("Cannot define property \(keyDescription(key))")
    }
  }

  func definePropertyOrThrow(_ object: ObjectRef, _ key: PropertyKey, _ descriptor: PropertyDescriptor)
    throws(JSException)
  {
    if !(try defineOwnProperty(object, key, descriptor)) {
      throw typeError("Cannot redefine property: \(keyDescription(key))")
    }
  }

  /// Set(O, P, V, Throw)
  func set(_ object: ObjectRef, _ key: PropertyKey, _ value: Value, throwing: Bool) throws(JSException) {
    let succeeded = try set(object, key, value, receiver: object.value)
    if !succeeded && throwing { throw failedAssignment(object, key) }
  }

  /// The TypeError of a strict assignment that [[Set]] refused, in V8's words: a new
  /// property on a non-extensible object, or a read-only one.
  func failedAssignment(_ object: ObjectRef, _ key: PropertyKey) -> JSException {
    let exists: Bool
    switch lookupOwn(object, key) {
    case .absent: exists = false
    default: exists = true
    }
    if !exists && !object.hasFlag(ObjectFlags.extensible) {
      return typeError("Cannot add property \(keyDescription(key)), object is not extensible")
    }
    let target = object.isArray ? "[object Array]" : "#<\(stackTypeName(object.value) ?? "Object")>"
    return typeError("Cannot assign to read only property '\(keyDescription(key))' of object '\(target)'")
  }

  func deletePropertyOrThrow(_ object: ObjectRef, _ key: PropertyKey) throws(JSException) {
    if !(try delete(object, key)) { throw typeError("Cannot delete property '\(keyDescription(key))'") }
  }

  /// LengthOfArrayLike
  func lengthOfArrayLike(_ object: ObjectRef) throws(JSException) -> Int {
    if object.isArray { return Int(arrayLength(object)) }
    return try toLength(get(object, names.length))
  }

  /// Index keys beyond 2^32 - 2 are strings.
  func propertyKey(forIndex index: Int) -> PropertyKey {
    if index >= 0 && index <= Int(PropertyKey.maximumIndex) { return PropertyKey(index: UInt32(index)) }
    return propertyKey(for: numberToString(Double(index)))
  }

  /// CreateListFromArrayLike
  func listFromArrayLike(_ value: Value) throws(JSException) -> RootedValues {
    guard value.isObject else { throw typeError("CreateListFromArrayLike called on non-object") }
    let object = value.asObject
    let length = try lengthOfArrayLike(object)
    if length > Runtime.maximumArgumentCount { throw rangeError("Too many arguments in function call") }
    let list = RootedValues(self, capacity: length)
    for index in 0..<length { list.append(try get(object, propertyKey(forIndex: index))) }
    return list
  }

  /// OrdinaryHasInstance
  func ordinaryHasInstance(_ constructor: Value, _ value: Value) throws(JSException) -> Bool {
    guard constructor.isCallable else { return false }
    let function = constructor.asObject
    if function.objectClass == .boundFunction {
      return try instanceOf(value, function.internalSlot(0))
    }
    guard value.isObject else { return false }
    let prototype = try get(function, names.prototype)
    guard prototype.isObject else { throw typeError("Function has non-object prototype in instanceof check") }
    var current = try getPrototypeOf(value.asObject)
    while current.isObject {
      if current == prototype { return true }
      current = try getPrototypeOf(current.asObject)
    }
    return false
  }

  /// InstanceofOperator
  func instanceOf(_ value: Value, _ target: Value) throws(JSException) -> Bool {
    guard target.isObject else { throw typeError("Right-hand side of 'instanceof' is not an object") }
    let handler = try getMethod(target, PropertyKey(symbol: symbols.hasInstance))
    if !handler.isUndefined {
      return toBoolean(try call(handler, this: target, arguments: [value]))
    }
    if !target.isCallable { throw typeError("Right-hand side of 'instanceof' is not callable") }
    return try ordinaryHasInstance(target, value)
  }

  /// GetPrototypeFromConstructor
  func prototypeFromConstructor(_ constructor: Value, fallback: Intrinsic) throws(JSException) -> Value {
    if constructor.isObject {
      let prototype = try get(constructor.asObject, names.prototype)
      if prototype.isObject { return prototype }
      // Step 4: the fallback intrinsic of the constructor's realm.
      if constructor.asObject.isCallable { return try functionRealm(constructor.asObject)[fallback] }
    }
    return realm[fallback]
  }

  /// GetFunctionRealm (ES2024 7.3.24): a bytecode function's realm is its code's, a
  /// builtin's the one it was created in.
  func functionRealm(_ object: ObjectRef) throws(JSException) -> Realm {
    var function = object
    // Steps 3-4: bound functions and proxies take their target's realm; a revoked proxy throws.
    while function.objectClass == .boundFunction || function.objectClass == .proxy {
      let target = function.internalSlot(0)
      guard target.isObject else { throw typeError("Cannot perform 'construct' on a proxy that has been revoked") }
      function = target.asObject
    }
    switch function.objectClass {
    case .function:
      return codeBlock(of: function).realm ?? realm
    case .nativeFunction:
      return Unmanaged<Realm>.fromOpaque(
        Unmanaged<NativeFunctionBox>.fromOpaque(function.payload!).takeUnretainedValue().realm
      ).takeUnretainedValue()
    default:
      return realm
    }
  }

  /// SpeciesConstructor
  func speciesConstructor(_ object: ObjectRef, default defaultConstructor: Value) throws(JSException) -> Value {
    let constructor = try get(object, names.constructor)
    if constructor.isUndefined { return defaultConstructor }
    if !constructor.isObject { throw typeError("object.constructor is not an object") }
    let species = try get(constructor.asObject, PropertyKey(symbol: symbols.species))
    if species.isNullish { return defaultConstructor }
    if species.isConstructor { return species }
    throw typeError("object.constructor[Symbol.species] is not a constructor")
  }

  // MARK: - Property descriptors (ES2024 6.2.6)

  /// ToPropertyDescriptor
  func toPropertyDescriptor(_ value: Value) throws(JSException) -> PropertyDescriptor {
    guard value.isObject else { throw typeError("Property description must be an object") }
    let object = value.asObject
    var descriptor = PropertyDescriptor()
    if try hasProperty(object, names.enumerable) {
      descriptor.enumerable = toBoolean(try get(object, names.enumerable))
    }
    if try hasProperty(object, names.configurable) {
      descriptor.configurable = toBoolean(try get(object, names.configurable))
    }
    if try hasProperty(object, names.value) { descriptor.value = try get(object, names.value) }
    if try hasProperty(object, names.writable) { descriptor.writable = toBoolean(try get(object, names.writable)) }
    if try hasProperty(object, names.get) {
      let getter = try get(object, names.get)
      if !getter.isUndefined && !getter.isCallable { throw typeError("Getter must be a function") }
      descriptor.getter = getter
    }
    if try hasProperty(object, names.set) {
      let setter = try get(object, names.set)
      if !setter.isUndefined && !setter.isCallable { throw typeError("Setter must be a function") }
      descriptor.setter = setter
    }
    if descriptor.isAccessorDescriptor && descriptor.isDataDescriptor {
      throw typeError("Invalid property descriptor. Cannot both specify accessors and a value or writable attribute")
    }
    return descriptor
  }

  /// FromPropertyDescriptor
  func fromPropertyDescriptor(_ descriptor: PropertyDescriptor?) -> Value {
    guard let descriptor else { return .undefined }
    let object = newPlainObject()
    if let value = descriptor.value { addProperty(object, names.value, value, .default) }
    if let writable = descriptor.writable { addProperty(object, names.writable, Value(writable), .default) }
    if let getter = descriptor.getter { addProperty(object, names.get, getter, .default) }
    if let setter = descriptor.setter { addProperty(object, names.set, setter, .default) }
    if let enumerable = descriptor.enumerable { addProperty(object, names.enumerable, Value(enumerable), .default) }
    if let configurable = descriptor.configurable {
      addProperty(object, names.configurable, Value(configurable), .default)
    }
    return object.value
  }
}

@inline(__always) func doubleToInt32(_ number: Double) -> Int32 {
  if number.isNaN || number.isInfinite { return 0 }
  if number >= -2_147_483_648 && number <= 2_147_483_647 { return Int32(number.rounded(.towardZero)) }
  let truncated = number.rounded(.towardZero)
  let modulo = truncated.truncatingRemainder(dividingBy: 4_294_967_296)
  let positive = modulo < 0 ? modulo + 4_294_967_296 : modulo
  return Int32(bitPattern: UInt32(positive))
}
