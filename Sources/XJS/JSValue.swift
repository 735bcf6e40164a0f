import XJSEngine

/// A JavaScript value held by the host. Holding a `JSValue` keeps the value alive across
/// collections (no protect/unprotect to pair); releasing it lets the collector reclaim the value
/// once nothing else refers to it. Use and release a `JSValue` on its virtual machine's thread.
public final class JSValue {
  public let context: Context
  let raw: Value
  /// The runtime's root slot holding the value (-1: not a cell, nothing to root).
  private let rootSlot: Int32

  init(_ raw: Value, _ context: Context) {
    self.raw = raw
    self.context = context
    if raw.isCell, let core = context.core {
      rootSlot = core.runtime.takeRootSlot(raw)
    } else {
      rootSlot = -1
    }
  }

  deinit {
    if rootSlot >= 0, let core = context.core { core.runtime.releaseRootSlot(rootSlot) }
  }

  private var runtime: Runtime? { context.core?.runtime }

  // MARK: What it is

  public var isUndefined: Bool { raw.isUndefined || raw.isEmpty }
  public var isNull: Bool { raw.isNull }
  public var isBoolean: Bool { raw.isBoolean }
  public var isNumber: Bool { raw.isNumber }
  public var isString: Bool { runtime?.kind(of: raw) == .string }
  public var isSymbol: Bool { runtime?.kind(of: raw) == .symbol }
  public var isBigInt: Bool { runtime?.kind(of: raw) == .bigint }
  public var isObject: Bool { runtime?.kind(of: raw) == .object }
  public var isArray: Bool { runtime?.isArrayObject(raw) ?? false }
  public var isFunction: Bool { runtime?.isCallable(raw) ?? false }
  public var isConstructor: Bool { runtime?.isConstructor(raw) ?? false }
  public var isDate: Bool { runtime?.isDateObject(raw) ?? false }
  public var isError: Bool { runtime?.isErrorObject(raw) ?? false }
  public var isPromise: Bool { runtime?.isPromiseObject(raw) ?? false }

  /// `typeof value`.
  public var typeOf: String {
    switch runtime?.kind(of: raw) ?? .undefined {
    case .undefined: return "undefined"
    case .null, .object: return isFunction ? "function" : "object"
    case .boolean: return "boolean"
    case .number: return "number"
    case .bigint: return "bigint"
    case .string: return "string"
    case .symbol: return "symbol"
    }
  }

  // MARK: Exact values (nil when the value is of another type)

  public var boolValue: Bool? { raw.isBoolean ? raw.asBool : nil }
  public var numberValue: Double? { raw.isNumber ? raw.asNumber : nil }
  public var stringValue: String? { runtime?.stringContents(raw) }

  // MARK: Conversions (the language's, which may run script code)

  /// ToBoolean.
  public func toBool() -> Bool { runtime?.convertToBoolean(raw) ?? false }

  /// ToNumber (`valueOf` may run).
  public func toDouble() throws(JSError) -> Double {
    try context.perform { runtime throws(JSException) in try runtime.convertToNumber(raw) }
  }

  /// ToNumber, then truncated to an integer in Int32's range as ToInt32 does.
  public func toInt32() throws(JSError) -> Int32 {
    let number = try toDouble()
    guard number.isFinite else { return 0 }
    return Int32(truncatingIfNeeded: Int64(exactly: number.rounded(.towardZero)) ?? 0)
  }

  /// ToString (`toString` may run).
  public func toString() throws(JSError) -> String {
    try context.perform { runtime throws(JSException) in try runtime.convertToString(raw) }
  }

  /// The elements of an array-like value (its `length` and indexed properties).
  public func toArray() throws(JSError) -> [JSValue] {
    let length = try self["length"].toDouble()
    guard length.isFinite, length > 0 else { return [] }
    var elements: [JSValue] = []
    for index in 0..<Int(min(length, 4_294_967_295)) { elements.append(try self[index]) }
    return elements
  }

  /// The own enumerable string-keyed properties of an object.
  public func toDictionary() throws(JSError) -> [String: JSValue] {
    var result: [String: JSValue] = [:]
    for key in try keys() { result[key] = try self[key] }
    return result
  }

  /// The time of a Date, in milliseconds since 1970 (nil for any other value; NaN when invalid).
  public var millisecondsSince1970: Double? { runtime?.dateTimeValue(raw) }

  /// The own enumerable string keys of an object (`Object.keys`).
  public func keys() throws(JSError) -> [String] {
    try context.perform { runtime throws(JSException) in try runtime.ownEnumerableKeys(raw) }
  }

  // MARK: Properties

  /// `value[name]` (getters run; a primitive's properties come from its prototype).
  public subscript(name: String) -> JSValue {
    get throws(JSError) {
      context.wrap(try context.perform { runtime throws(JSException) in try runtime.getProperty(raw, name) })
    }
  }

  /// `value[index]`.
  public subscript(index: Int) -> JSValue {
    get throws(JSError) {
      context.wrap(try context.perform { runtime throws(JSException) in try runtime.getProperty(raw, index: index) })
    }
  }

  /// `value[name] = newValue`, as strict code does it: a refused store throws a TypeError.
  public func set(_ name: String, _ newValue: some JSConvertible) throws(JSError) {
    let converted = newValue.jsValue(in: context)
    try context.perform { runtime throws(JSException) in try runtime.setProperty(raw, name, converted.raw) }
  }

  /// `value[index] = newValue`.
  public func set(_ index: Int, _ newValue: some JSConvertible) throws(JSError) {
    let converted = newValue.jsValue(in: context)
    try context.perform { runtime throws(JSException) in try runtime.setProperty(raw, index: index, converted.raw) }
  }

  /// `name in value`.
  public func has(_ name: String) throws(JSError) -> Bool {
    try context.perform { runtime throws(JSException) in try runtime.hasProperty(raw, name) }
  }

  /// `delete value[name]`: false when the property is not configurable.
  @discardableResult
  public func delete(_ name: String) throws(JSError) -> Bool {
    try context.perform { runtime throws(JSException) in try runtime.deleteProperty(raw, name) }
  }

  /// Defines a data property (`Object.defineProperty`).
  public func defineProperty(
    _ name: String, value: some JSConvertible, writable: Bool = true, enumerable: Bool = true,
    configurable: Bool = true
  ) throws(JSError) {
    let converted = value.jsValue(in: context)
    try context.perform { runtime throws(JSException) in
      try runtime.defineProperty(
        raw, name, value: converted.raw, getter: nil, setter: nil, writable: writable, enumerable: enumerable,
        configurable: configurable)
    }
  }

  /// Defines an accessor property whose getter and setter are Swift closures (`this` is the
  /// object the property was read on).
  public func defineProperty(
    _ name: String, enumerable: Bool = false, configurable: Bool = true,
    get getter: ((JSValue) throws -> JSValue)?, set setter: ((JSValue, JSValue) throws -> Void)? = nil
  ) throws(JSError) {
    let context = self.context
    let getterFunction = getter.map { getter in
      context.function("get " + name) { call in try getter(call.this) }
    }
    let setterFunction = setter.map { setter in
      context.function("set " + name, length: 1) { call in
        try setter(call.this, call[0])
        return call.context.undefined
      }
    }
    try context.perform { runtime throws(JSException) in
      try runtime.defineProperty(
        raw, name, value: nil, getter: getterFunction?.raw ?? .undefined, setter: setterFunction?.raw ?? .undefined,
        writable: false, enumerable: enumerable, configurable: configurable)
    }
  }

  /// The object's prototype (`Object.getPrototypeOf`).
  public func prototype() throws(JSError) -> JSValue {
    context.wrap(try context.perform { runtime throws(JSException) in try runtime.prototype(of: raw) })
  }

  public func setPrototype(_ prototype: JSValue) throws(JSError) {
    try context.perform { runtime throws(JSException) in try runtime.setPrototype(of: raw, to: prototype.raw) }
  }

  // MARK: Calls

  /// Calls the value as a function with `this` (undefined by default).
  @discardableResult
  public func call(this: JSValue? = nil, _ arguments: [any JSConvertible]) throws(JSError) -> JSValue {
    let receiver = this?.raw ?? .undefined
    return context.wrap(
      try withRawArguments(arguments) { buffer throws(JSError) in
        try context.perform { runtime throws(JSException) in
          try runtime.callFunction(raw, this: receiver, arguments: buffer)
        }
      })
  }

  /// The raw values of call arguments, rooted for `body`: JSValues and numbers, booleans and
  /// strings convert without a JSValue of their own; anything else through `jsValue(in:)`.
  private func withRawArguments<T>(
    _ arguments: [any JSConvertible], _ body: (UnsafeBufferPointer<Value>) throws(JSError) -> T
  ) throws(JSError) -> T {
    var keep: [JSValue] = []
    let raws = withExtendedLifetime(arguments) {
      arguments.map { argument -> Value in
        switch argument {
        case let value as JSValue: return value.raw
        case let number as Double: return Value(number: number)
        case let number as Int: return Value(number)
        case let flag as Bool: return Value(flag)
        default:
          let converted = argument.jsValue(in: context)
          keep.append(converted)
          return converted.raw
        }
      }
    }
    return try withExtendedLifetime(keep) { () throws(JSError) -> T in
      try raws.withUnsafeBufferPointer { buffer throws(JSError) in try body(buffer) }
    }
  }

  /// `f(arguments…)`: calls the value with `this` undefined.
  @discardableResult
  public func callAsFunction(_ arguments: any JSConvertible...) throws(JSError) -> JSValue {
    try call(arguments)
  }

  /// `new value(arguments…)`.
  public func construct(_ arguments: any JSConvertible...) throws(JSError) -> JSValue {
    try construct(arguments: arguments)
  }

  /// `new value(...arguments)`.
  public func construct(arguments: [any JSConvertible]) throws(JSError) -> JSValue {
    context.wrap(
      try withRawArguments(arguments) { buffer throws(JSError) in
        try context.perform { runtime throws(JSException) in try runtime.constructObject(raw, arguments: buffer) }
      })
  }

  /// `value.name(arguments…)`.
  @discardableResult
  public func invokeMethod(_ name: String, _ arguments: any JSConvertible...) throws(JSError) -> JSValue {
    try self[name].call(this: self, arguments)
  }

  // MARK: Comparisons

  /// `value instanceof constructor`.
  public func isInstance(of constructor: JSValue) throws(JSError) -> Bool {
    try context.perform { runtime throws(JSException) in try runtime.isInstance(raw, of: constructor.raw) }
  }

  /// `value === other`.
  public func strictlyEquals(_ other: JSValue) -> Bool { runtime?.strictlyEquals(raw, other.raw) ?? false }

  // MARK: Promises

  public enum PromiseState {
    case pending
    case fulfilled(JSValue)
    case rejected(JSValue)
  }

  /// The state of a promise (nil for any other value).
  public var promiseState: PromiseState? {
    guard let (state, result) = runtime?.promiseState(of: raw) else { return nil }
    switch state {
    case .pending: return .pending
    case .fulfilled: return .fulfilled(context.wrap(result))
    case .rejected: return .rejected(context.wrap(result))
    }
  }
}

extension JSValue {
  /// The value as the REPL and `console.log` show it (`[ 1, 2 ]`, `{ a: 'x' }`, `'text'`);
  /// reads properties as data, so no script code runs.
  public var inspected: String { context.withRuntime { $0.inspect(raw, quotingStrings: true) } ?? "undefined" }
}

extension JSValue: CustomStringConvertible {
  /// ToString of the value, or a description of the error ToString threw.
  public var description: String {
    do {
      return try toString()
    } catch {
      return "<\(error)>"
    }
  }
}
