// What the embedding API (module XJS, and through it the C API) needs from the engine, at
// `package` access and in terms of `Value` and Swift types only: the public module never sees an
// engine type it could misuse. Every function here runs on the runtime's thread, inside
// `Runtime.withRealm(_:)` when a context matters.
//
// Rooting: the caller (module XJS) keeps every `Value` it holds across an allocation rooted,
// through `protect`/`unprotect` (its handles) or a Swift local (the conservative stack scan).

import XJSSyntax

/// The type of a value, as `typeof` would tell it apart (with null and arrays separated).
package enum HostValueKind {
  case undefined, null, boolean, number, bigint, string, symbol, object
}

/// A function the host implements: `this`, the arguments, and new.target (undefined for a call).
package typealias HostFunctionBody =
  (_ this: Value, _ arguments: UnsafeBufferPointer<Value>, _ newTarget: Value) throws(JSException) -> Value

/// What a thrown value says about itself, read without running script code.
package struct HostErrorDetails {
  package var name: String
  package var message: String
  package var stack: String?
  /// `file:line:col` of the innermost frame of the stack, when there is one.
  package var location: String?
}

/// The state of a promise.
package enum HostPromiseState {
  case pending, fulfilled, rejected
}

extension Realm {
  /// The realm's global object.
  package var hostGlobalObject: Value { globalObject.value }
}

extension Runtime {
  // MARK: Realms and roots

  /// The realm the runtime was created with.
  package var initialRealm: Realm { realms[0] }

  /// The error a termination (time limit, interrupt) unwinds with.
  package var currentTerminationValue: Value { terminationValue }

  /// A new realm with its own global object and intrinsics.
  package func createHostRealm() -> Realm { createRealm() }

  /// Runs `body` with `realm` as the current realm (the one new objects and functions get).
  package func withRealm<T, E: Error>(_ realm: Realm, _ body: () throws(E) -> T) throws(E) -> T {
    let previous = self.realm!
    if previous === realm { return try body() }
    self.realm = realm
    defer { self.realm = previous }
    return try body()
  }

  /// Roots `value` in a slot of its own until `releaseRootSlot` (the embedding API's handles:
  /// O(1), no hashing). Returns -1 for a value that needs no root.
  @inline(__always)
  package func takeRootSlot(_ value: Value) -> Int32 {
    guard value.isCell else { return -1 }
    return hostRootSlots.take(value)
  }

  @inline(__always)
  package func releaseRootSlot(_ slot: Int32) {
    if slot >= 0 { hostRootSlots.release(slot) }
  }

  /// Throws a RangeError when the heap stays over its limit after a collection (what a safe
  /// point does), so allocation inside host code ends in an exception, not a crash.
  package func checkHeapLimit() throws(JSException) {
    try throwIfHeapLimitExceeded()
  }

  /// Whether this value is the runtime's termination error (time limit, interrupt).
  package func isTermination(_ value: Value) -> Bool { value == terminationValue && !value.isUndefined }

  // MARK: Inspecting values

  package func kind(of value: Value) -> HostValueKind {
    if value.isUndefined || value.isEmpty { return .undefined }
    if value.isNull { return .null }
    if value.isBoolean { return .boolean }
    if value.isNumber { return .number }
    if value.isString { return .string }
    if value.isSymbol { return .symbol }
    if value.isBigInt { return .bigint }
    return .object
  }

  package func isCallable(_ value: Value) -> Bool { value.isObject && value.asObject.isCallable }
  package func isConstructor(_ value: Value) -> Bool { value.isObject && value.asObject.isConstructor }
  package func isArrayObject(_ value: Value) -> Bool { value.isObject && value.asObject.objectClass == .array }
  package func isDateObject(_ value: Value) -> Bool { value.isObject && value.asObject.objectClass == .date }
  package func isErrorObject(_ value: Value) -> Bool { value.isObject && value.asObject.objectClass == .error }
  package func isPromiseObject(_ value: Value) -> Bool { value.isObject && value.asObject.objectClass == .promise }

  /// The text of a string value (nil for any other value).
  package func stringContents(_ value: Value) -> String? {
    value.isString ? value.asString.swiftString(heap) : nil
  }

  /// ToString, as a Swift string.
  package func convertToString(_ value: Value) throws(JSException) -> String {
    try toString(value).swiftString(heap)
  }

  package func convertToNumber(_ value: Value) throws(JSException) -> Double { try toNumber(value) }
  package func convertToBoolean(_ value: Value) -> Bool { toBoolean(value) }
  package func strictlyEquals(_ a: Value, _ b: Value) -> Bool { isStrictlyEqual(a, b) }
  package func isInstance(_ value: Value, of constructor: Value) throws(JSException) -> Bool {
    try instanceOf(value, constructor)
  }

  /// The time value of a Date (milliseconds since the epoch; NaN for an invalid date).
  package func dateTimeValue(_ value: Value) -> Double? {
    guard isDateObject(value) else { return nil }
    return value.asObject.internalSlot(0).asNumber
  }

  package func promiseState(of value: Value) -> (HostPromiseState, Value)? {
    guard isPromiseObject(value) else { return nil }
    let promise = value.asObject
    let result = promise.internalSlot(1)
    switch promiseState(promise) {
    case .pending: return (.pending, .undefined)
    case .fulfilled: return (.fulfilled, result)
    case .rejected: return (.rejected, result)
    }
  }

  /// Name, message and stack of a thrown value, without running getters.
  package func errorDetails(_ value: Value) -> HostErrorDetails {
    guard value.isObject else {
      let text = (try? convertToString(value)) ?? describeForError(value)
      return HostErrorDetails(name: "", message: text, stack: nil, location: nil)
    }
    let object = value.asObject
    let name = plainStringProperty(object, names.name) ?? "Error"
    let message = plainStringProperty(object, names.message) ?? ""
    let stack = plainStringProperty(object, names.stack)
    return HostErrorDetails(name: name, message: message, stack: stack, location: stack.flatMap(firstFrameLocation))
  }

  /// A data property's string value along the prototype chain (no getters, no proxies).
  private func plainStringProperty(_ object: ObjectRef, _ key: PropertyKey) -> String? {
    var current: ObjectRef? = object
    while let holder = current {
      switch lookupOwnOrdinary(holder, key) {
      case .data(let value, _, _): return value.isString ? value.asString.swiftString(heap) : nil
      case .accessor, .exotic: return nil
      case .absent:
        if holder.isProxy { return nil }
        let prototype = holder.prototype
        current = prototype.isObject ? prototype.asObject : nil
      }
    }
    return nil
  }

  /// `file:line:col` from the first `    at …` line of a stack (`name (file:line:col)` or bare).
  private func firstFrameLocation(_ stack: String) -> String? {
    guard let line = stack.split(separator: "\n").first(where: { $0.hasPrefix("    at ") }) else { return nil }
    var frame = line.dropFirst("    at ".count)
    if frame.hasSuffix(")"), let open = frame.lastIndex(of: "(") {
      frame = frame[frame.index(after: open)..<frame.index(before: frame.endIndex)]
    }
    return String(frame)
  }

  // MARK: Making values

  package func makeString(_ string: String) -> Value { newString(string).value }
  package func makeObject() -> Value { newPlainObject().value }
  package func makeArray(_ elements: UnsafeBufferPointer<Value>) -> Value { newArray(elements).value }

  package func makeDate(_ milliseconds: Double) -> Value {
    let date = newObject(.date, prototype: realm[.datePrototype])
    date.setInternalSlot(0, Value(number: DateMath.timeClip(milliseconds)))
    return date.value
  }

  /// A new error of the named kind ("TypeError", "RangeError", …; anything else is an Error).
  package func makeError(named name: String, message: String) -> Value {
    let kinds: [String: ErrorType] = [
      "TypeError": .typeError, "RangeError": .rangeError, "ReferenceError": .referenceError,
      "SyntaxError": .syntaxError, "URIError": .uriError, "EvalError": .evalError,
    ]
    let error = makeError(kinds[name] ?? .error, message)
    if kinds[name] == nil && name != "Error" {
      addProperty(error.asObject, names.name, newString(name).value, .builtin)
    }
    return error
  }

  /// A function object calling `body` (a constructor too when `isConstructor`).
  package func makeHostFunction(
    name: String, length: Int, isConstructor: Bool = false, _ body: @escaping HostFunctionBody
  )
    -> Value
  {
    newNativeFunction(name: name, length: length, isConstructor: isConstructor) {
      runtime, arguments throws(JSException) in
      let result = try body(arguments.this, arguments.all, arguments.newTarget)
      try runtime.checkHeapLimit()
      return result
    }.value
  }

  /// An ArrayBuffer over the host's bytes, without copying; `deallocator` runs when it is
  /// collected or detached.
  package func makeExternalArrayBuffer(
    _ data: UnsafeMutableRawPointer, byteLength: Int, deallocator: @escaping (UnsafeMutableRawPointer) -> Void
  ) -> Value {
    newExternalArrayBuffer(data, byteLength: byteLength, deallocator: deallocator).value
  }

  /// A new ArrayBuffer holding a copy of `bytes`.
  package func makeArrayBuffer(copying bytes: UnsafeRawBufferPointer) throws(JSException) -> Value {
    let buffer = try newArrayBuffer(byteLength: bytes.count)
    if let data = arrayBufferData(buffer), let source = bytes.baseAddress {
      data.copyMemory(from: source, byteCount: bytes.count)
    }
    return buffer.value
  }

  /// A typed array of the named kind ("Uint8Array", …) viewing `buffer` (nil for an unknown kind
  /// or a range outside the buffer).
  package func makeTypedArray(_ kindName: String, buffer: Value, byteOffset: Int, length: Int) -> Value? {
    guard let kind = TypedArrayKind.allCases.first(where: { $0.name == kindName }),
      buffer.isObject, buffer.asObject.objectClass == .arrayBuffer, byteOffset >= 0, length >= 0,
      byteOffset % kind.elementSize == 0,
      byteOffset + length * kind.elementSize <= arrayBufferByteLength(buffer.asObject)
    else { return nil }
    return newTypedArray(
      kind, prototype: realm[kind.prototypeIntrinsic], buffer: buffer.asObject,
      byteOffset: byteOffset, length: length
    ).value
  }

  /// The bytes an ArrayBuffer, typed array or DataView sees right now (nil for other values or
  /// a detached buffer), and the typed array's kind name. Valid until script code runs again.
  package func viewedBytes(_ value: Value) -> (bytes: UnsafeMutableRawBufferPointer, kind: String?)? {
    guard value.isObject else { return nil }
    let object = value.asObject
    switch object.objectClass {
    case .arrayBuffer:
      if isDetachedBuffer(object) { return nil }
      return (UnsafeMutableRawBufferPointer(start: arrayBufferData(object), count: arrayBufferByteLength(object)), nil)
    case .typedArray:
      let (data, length) = typedArrayState(object)
      let kind = typedArrayKind(object)
      guard let data else {
        return length == 0 ? (UnsafeMutableRawBufferPointer(start: nil, count: 0), kind.name) : nil
      }
      return (UnsafeMutableRawBufferPointer(start: data, count: length * kind.elementSize), kind.name)
    case .dataView:
      let buffer = object.internalSlot(0).asObject
      if isDetachedBuffer(buffer) { return nil }
      let offset = object.internalSlot(1).asLength
      let length = min(object.internalSlot(2).asLength, max(arrayBufferByteLength(buffer) - offset, 0))
      return (UnsafeMutableRawBufferPointer(start: arrayBufferData(buffer).map { $0 + offset }, count: length), nil)
    default:
      return nil
    }
  }

  // MARK: Properties

  private func key(_ name: String) -> PropertyKey { propertyKey(name) }

  /// obj[name] (GetV: a primitive's properties come from its prototype).
  package func getProperty(_ base: Value, _ name: String) throws(JSException) -> Value {
    let object = try toObject(base)
    return try get(object, key(name), receiver: base)
  }

  package func getProperty(_ base: Value, index: Int) throws(JSException) -> Value {
    let object = try toObject(base)
    return try get(object, try toPropertyKey(Value(index)), receiver: base)
  }

  /// obj[name] = value, as strict code does it (a failed store throws).
  package func setProperty(_ base: Value, _ name: String, _ value: Value) throws(JSException) {
    try setStrict(base, key(name), value)
  }

  package func setProperty(_ base: Value, index: Int, _ value: Value) throws(JSException) {
    try setStrict(base, try toPropertyKey(Value(index)), value)
  }

  private func setStrict(_ base: Value, _ key: PropertyKey, _ value: Value) throws(JSException) {
    guard base.isObject else { throw typeError("Cannot set properties of \(describeForError(base))") }
    if try !set(base.asObject, key, value, receiver: base) {
      throw failedAssignment(base.asObject, key)
    }
  }

  package func hasProperty(_ base: Value, _ name: String) throws(JSException) -> Bool {
    guard base.isObject else { return false }
    return try hasProperty(base.asObject, key(name))
  }

  package func deleteProperty(_ base: Value, _ name: String) throws(JSException) -> Bool {
    guard base.isObject else { return true }
    return try delete(base.asObject, key(name))
  }

  /// Defines a property with the given attributes (a getter/setter pair when either is given).
  package func defineProperty(
    _ base: Value, _ name: String, value: Value?, getter: Value?, setter: Value?, writable: Bool,
    enumerable: Bool, configurable: Bool
  ) throws(JSException) {
    guard base.isObject else { throw typeError("Cannot define a property on \(describeForError(base))") }
    var descriptor = PropertyDescriptor(enumerable: enumerable, configurable: configurable)
    if getter != nil || setter != nil {
      descriptor.getter = getter ?? .undefined
      descriptor.setter = setter ?? .undefined
    } else {
      descriptor.value = value ?? .undefined
      descriptor.writable = writable
    }
    if try !defineOwnProperty(base.asObject, key(name), descriptor) {
      throw typeError("Cannot redefine property: \(name)")
    }
  }

  /// The object's own enumerable string keys, in property order (Object.keys).
  package func ownEnumerableKeys(_ base: Value) throws(JSException) -> [String] {
    guard base.isObject else { return [] }
    let object = base.asObject
    var result: [String] = []
    for key in try ownPropertyKeys(object) where !key.isSymbol {
      if let descriptor = try getOwnProperty(object, key), descriptor.enumerable == true {
        result.append(keyString(key).swiftString(heap))
      }
    }
    return result
  }

  package func prototype(of value: Value) throws(JSException) -> Value {
    guard value.isObject else { return .null }
    return try getPrototypeOf(value.asObject)
  }

  package func setPrototype(of value: Value, to prototype: Value) throws(JSException) {
    guard value.isObject, prototype.isObject || prototype.isNull else { throw typeError("Invalid prototype") }
    if try !setPrototypeOf(value.asObject, prototype) { throw typeError("Cannot set the prototype") }
  }

  // MARK: Calls

  package func callFunction(_ function: Value, this: Value, arguments: UnsafeBufferPointer<Value>)
    throws(JSException) -> Value
  {
    try call(function, this: this, arguments: arguments)
  }

  package func constructObject(_ constructor: Value, arguments: UnsafeBufferPointer<Value>) throws(JSException) -> Value
  {
    try construct(constructor, arguments: arguments, newTarget: constructor)
  }

  // MARK: Host objects

  /// The data of a host object of `hostClass` (nil for any other value: the brand check).
  package func hostData(_ value: Value, of hostClass: HostClass) -> Any?? {
    guard value.isObject, let payload = hostPayload(value.asObject), payload.hostClass.isKind(of: hostClass) else {
      return nil
    }
    return .some(payload.data)
  }

  /// The prototype new objects of a constructor get (its `prototype` property, or `fallback`).
  package func prototype(forNewTarget newTarget: Value, fallback: Value) throws(JSException) -> Value {
    guard newTarget.isObject else { return fallback }
    let prototype = try get(newTarget.asObject, names.prototype)
    return prototype.isObject ? prototype : fallback
  }

  /// Sets a constructor's `prototype` (non-writable) and the prototype's `constructor`.
  package func linkConstructor(_ constructor: Value, prototype: Value) {
    guard constructor.isObject, prototype.isObject else { return }
    addProperty(constructor.asObject, names.prototype, prototype, [])
    addProperty(prototype.asObject, names.constructor, constructor, [.writable, .configurable])
  }

  /// Sets @@toStringTag on a prototype, so `Object.prototype.toString` names the class.
  package func setToStringTag(_ object: Value, _ tag: String) {
    guard object.isObject else { return }
    addProperty(object.asObject, PropertyKey(symbol: symbols.toStringTag), newString(tag).value, [.configurable])
  }

  // MARK: Scripts

  /// Compiles and runs a script in the current realm.
  package func evaluateScript(_ text: String, sourceName: String) throws(EvaluationError) -> Value {
    try evaluate(text, sourceName: sourceName)
  }

}

/// The embedding API's rooted slots: values in raw memory, free slots chained through their
/// value (an int, never a cell), scanned at every collection.
final class HostRootSlots {
  private var values: UnsafeMutablePointer<Value>
  private var count = 0
  private var capacity = 64
  private var firstFree: Int32 = -1

  init() { values = .allocate(capacity: capacity) }
  deinit { values.deallocate() }

  @inline(__always)
  func take(_ value: Value) -> Int32 {
    let slot: Int32
    if firstFree >= 0 {
      slot = firstFree
      firstFree = values[Int(slot)].asInt32
    } else {
      if count == capacity { grow() }
      slot = Int32(count)
      count += 1
    }
    values[Int(slot)] = value
    return slot
  }

  @inline(__always)
  func release(_ slot: Int32) {
    values[Int(slot)] = Value(firstFree)
    firstFree = slot
  }

  private func grow() {
    let grown = UnsafeMutablePointer<Value>.allocate(capacity: capacity * 2)
    grown.moveInitialize(from: values, count: count)
    values.deallocate()
    values = grown
    capacity *= 2
  }

  /// Marks every slot's value (free slots hold ints, which marking ignores).
  func trace(_ heap: Heap) {
    for index in 0..<count { heap.markConservatively(UInt(values[index].bits)) }
  }
}
