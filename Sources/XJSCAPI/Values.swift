import CXJSAPI
import XJS
import XJSEngine

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// Values work on the engine's raw values, rooted by the runtime's handle table. Operations on a
// value alone (properties, calls, conversions) run in the runtime's first realm.

// MARK: Lifetime

@_cdecl("xjs_value_retain")
public func cValueRetain(_ handle: OpaquePointer?) -> OpaquePointer? {
  guard let (value, runtime) = try? lookupValue(handle) else { return nil }
  return runtime.handle(for: value)
}

@_cdecl("xjs_value_release")
public func cValueRelease(_ handle: OpaquePointer?) {
  guard let local = LocalHandle(handle), let table = owningTable(local), let index = table.pointee.entry(local, .value)
  else { return }
  table.pointee.free(index)
}

// MARK: Making values

/// A new handle for what `make` builds in the context's realm (NULL for an invalid context).
@inline(__always)
private func making(_ handle: OpaquePointer?, _ make: (Runtime) -> Value) -> OpaquePointer? {
  guard let (context, runtime) = try? lookupContext(handle) else { return nil }
  let engine = runtime.engine
  return runtime.handle(for: engine.withRealm(context.realm) { make(engine) })
}

@_cdecl("xjs_undefined")
public func cUndefined(_ context: OpaquePointer?) -> OpaquePointer? { fastHandle(for: .undefined, inContext: context) }

@_cdecl("xjs_null")
public func cNull(_ context: OpaquePointer?) -> OpaquePointer? { fastHandle(for: .null, inContext: context) }

@_cdecl("xjs_boolean")
public func cBoolean(_ context: OpaquePointer?, _ value: Int32) -> OpaquePointer? {
  fastHandle(for: Value(value != 0), inContext: context)
}

@_cdecl("xjs_number")
public func cNumber(_ context: OpaquePointer?, _ value: Double) -> OpaquePointer? {
  fastHandle(for: Value(number: value), inContext: context)
}

@_cdecl("xjs_string")
public func cStringValue(_ context: OpaquePointer?, _ utf8: UnsafePointer<CChar>?, _ length: Int) -> OpaquePointer? {
  guard let text = try? utf8Text(utf8, length, "utf8") else { return nil }
  return making(context) { $0.makeString(text) }
}

@_cdecl("xjs_object")
public func cObject(_ context: OpaquePointer?) -> OpaquePointer? { making(context) { $0.makeObject() } }

@_cdecl("xjs_array")
public func cArray(_ context: OpaquePointer?, _ count: Int, _ elements: UnsafePointer<OpaquePointer?>?)
  -> OpaquePointer?
{
  guard let (_, runtime) = try? lookupContext(context),
    let values = try? lentValues(count, elements, runtime, "elements")
  else { return nil }
  return making(context) { engine in values.withUnsafeBufferPointer { engine.makeArray($0) } }
}

@_cdecl("xjs_error_object")
public func cErrorObject(_ context: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ message: UnsafePointer<CChar>?)
  -> OpaquePointer?
{
  let errorName = name.map { String(cString: $0) } ?? "Error"
  let text = message.map { String(cString: $0) } ?? ""
  return making(context) { $0.makeError(named: errorName, message: text) }
}

@_cdecl("xjs_date")
public func cDate(_ context: OpaquePointer?, _ milliseconds: Double) -> OpaquePointer? {
  making(context) { $0.makeDate(milliseconds) }
}

/// The values of `count` lent handles, each of `runtime`.
func lentValues(_ count: Int, _ handles: UnsafePointer<OpaquePointer?>?, _ runtime: CRuntime, _ what: StaticString)
  throws(CFailure) -> [Value]
{
  guard count >= 0 else { throw .invalid("\(what): negative count") }
  guard count > 0 else { return [] }
  guard let handles else { throw .invalid("\(what) is NULL") }
  var values: [Value] = []
  values.reserveCapacity(count)
  for index in 0..<count { values.append(try lookupArgument(handles[index], of: runtime, what)) }
  return values
}

// MARK: What a value is

@inline(__always)
private func inspecting<T>(_ handle: OpaquePointer?, _ otherwise: T, _ body: (Value, Runtime) -> T) -> T {
  guard let (value, runtime) = try? lookupValue(handle) else { return otherwise }
  return body(value, runtime.engine)
}

@_cdecl("xjs_value_get_type")
public func cValueType(_ handle: OpaquePointer?) -> xjs_type {
  inspecting(handle, XJS_TYPE_INVALID) { value, engine in
    switch engine.kind(of: value) {
    case .undefined: return XJS_TYPE_UNDEFINED
    case .null: return XJS_TYPE_NULL
    case .boolean: return XJS_TYPE_BOOLEAN
    case .number: return XJS_TYPE_NUMBER
    case .string: return XJS_TYPE_STRING
    case .symbol: return XJS_TYPE_SYMBOL
    case .bigint: return XJS_TYPE_BIGINT
    case .object: return XJS_TYPE_OBJECT
    }
  }
}

@inline(__always)
private func flag(_ value: Bool) -> Int32 { value ? 1 : 0 }

@_cdecl("xjs_value_is_array")
public func cValueIsArray(_ handle: OpaquePointer?) -> Int32 {
  inspecting(handle, 0) { flag($1.isArrayObject($0)) }
}

@_cdecl("xjs_value_is_function")
public func cValueIsFunction(_ handle: OpaquePointer?) -> Int32 { inspecting(handle, 0) { flag($1.isCallable($0)) } }

@_cdecl("xjs_value_is_constructor")
public func cValueIsConstructor(_ handle: OpaquePointer?) -> Int32 {
  inspecting(handle, 0) { flag($1.isConstructor($0)) }
}

@_cdecl("xjs_value_is_error")
public func cValueIsError(_ handle: OpaquePointer?) -> Int32 { inspecting(handle, 0) { flag($1.isErrorObject($0)) } }

@_cdecl("xjs_value_is_promise")
public func cValueIsPromise(_ handle: OpaquePointer?) -> Int32 {
  inspecting(handle, 0) { flag($1.isPromiseObject($0)) }
}

@_cdecl("xjs_value_is_date")
public func cValueIsDate(_ handle: OpaquePointer?) -> Int32 { inspecting(handle, 0) { flag($1.isDateObject($0)) } }

@_cdecl("xjs_value_strict_equals")
public func cValueStrictEquals(_ a: OpaquePointer?, _ b: OpaquePointer?) -> Int32 {
  guard let (first, runtime) = try? lookupValue(a), let second = try? lookupArgument(b, of: runtime, "b") else {
    return 0
  }
  return flag(runtime.engine.strictlyEquals(first, second))
}

// MARK: Reading values

/// Runs `body` on a value handle's value; a failure becomes a new `xjs_error *`.
@inline(__always)
private func reading(_ handle: OpaquePointer?, _ body: (Value, CRuntime) throws(CFailure) -> Void) -> OpaquePointer? {
  reportingFailure { () throws(CFailure) in
    let (value, runtime) = try lookupValue(handle)
    try body(value, runtime)
  }
}

@_cdecl("xjs_value_get_boolean")
public func cValueGetBoolean(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<Int32>?) -> OpaquePointer? {
  if let value = fastValue(handle), value.isBoolean {
    out?.pointee = flag(value.asBool)
    return nil
  }
  return reading(handle) { _, _ throws(CFailure) in throw .typeError("the value is not a boolean") }
}

@_cdecl("xjs_value_get_number")
public func cValueGetNumber(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<Double>?) -> OpaquePointer? {
  if let value = fastValue(handle), value.isNumber {
    out?.pointee = value.asNumber
    return nil
  }
  return reading(handle) { _, _ throws(CFailure) in throw .typeError("the value is not a number") }
}

@_cdecl("xjs_value_to_boolean")
public func cValueToBoolean(_ handle: OpaquePointer?) -> Int32 {
  inspecting(handle, 0) { flag($1.convertToBoolean($0)) }
}

@_cdecl("xjs_value_to_number")
public func cValueToNumber(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<Double>?) -> OpaquePointer? {
  reading(handle) { value, runtime throws(CFailure) in
    out?.pointee =
      value.isNumber
      ? value.asNumber : try runtime.perform { engine throws(JSException) in try engine.convertToNumber(value) }
  }
}

/// ToInt32: the number modulo 2^32, as a signed 32-bit integer (NaN and infinities are 0).
private func int32Modulo(_ number: Double) -> Int32 {
  guard number.isFinite else { return 0 }
  let wrapped = number.rounded(.towardZero).truncatingRemainder(dividingBy: 4_294_967_296)
  return Int32(truncatingIfNeeded: Int64(wrapped))
}

@_cdecl("xjs_value_to_int32")
public func cValueToInt32(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<Int32>?) -> OpaquePointer? {
  reading(handle) { value, runtime throws(CFailure) in
    let number =
      value.isNumber
      ? value.asNumber : try runtime.perform { engine throws(JSException) in try engine.convertToNumber(value) }
    out?.pointee = int32Modulo(number)
  }
}

@_cdecl("xjs_value_to_string")
public func cValueToString(
  _ handle: OpaquePointer?, _ outText: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
  _ outLength: UnsafeMutablePointer<Int>?
) -> OpaquePointer? {
  outText?.pointee = nil
  return reading(handle) { value, runtime throws(CFailure) in
    guard let outText else { throw .invalid("out_utf8 is NULL") }
    var text = try runtime.perform { engine throws(JSException) in try engine.convertToString(value) }
    let copy = text.withUTF8 { utf8 in
      let bytes = malloc(utf8.count + 1)!.assumingMemoryBound(to: UInt8.self)
      if let base = utf8.baseAddress { bytes.update(from: base, count: utf8.count) }
      bytes[utf8.count] = 0
      outLength?.pointee = utf8.count
      return bytes
    }
    outText.pointee = UnsafeMutableRawPointer(copy).assumingMemoryBound(to: CChar.self)
  }
}

@_cdecl("xjs_value_get_date")
public func cValueGetDate(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<Double>?) -> OpaquePointer? {
  reading(handle) { value, runtime throws(CFailure) in
    guard let time = runtime.engine.dateTimeValue(value) else { throw .typeError("the value is not a Date") }
    out?.pointee = time
  }
}

// MARK: Properties

@_cdecl("xjs_value_get")
public func cValueGet(
  _ handle: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ outValue: UnsafeMutablePointer<OpaquePointer?>?
) -> OpaquePointer? {
  outValue?.pointee = nil
  return reading(handle) { object, runtime throws(CFailure) in
    let key = try cString(name, "name")
    let value = try runtime.perform { engine throws(JSException) in try engine.getProperty(object, key) }
    outValue?.pointee = runtime.handle(for: value)
  }
}

@_cdecl("xjs_value_set")
public func cValueSet(_ handle: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ newValue: OpaquePointer?)
  -> OpaquePointer?
{
  reading(handle) { object, runtime throws(CFailure) in
    let key = try cString(name, "name")
    let value = try lookupArgument(newValue, of: runtime, "value")
    try runtime.perform { engine throws(JSException) in try engine.setProperty(object, key, value) }
  }
}

@_cdecl("xjs_value_get_index")
public func cValueGetIndex(
  _ handle: OpaquePointer?, _ index: UInt32, _ outValue: UnsafeMutablePointer<OpaquePointer?>?
) -> OpaquePointer? {
  outValue?.pointee = nil
  return reading(handle) { object, runtime throws(CFailure) in
    let value = try runtime.perform { engine throws(JSException) in try engine.getProperty(object, index: Int(index)) }
    outValue?.pointee = runtime.handle(for: value)
  }
}

@_cdecl("xjs_value_set_index")
public func cValueSetIndex(_ handle: OpaquePointer?, _ index: UInt32, _ newValue: OpaquePointer?) -> OpaquePointer? {
  reading(handle) { object, runtime throws(CFailure) in
    let value = try lookupArgument(newValue, of: runtime, "value")
    try runtime.perform { engine throws(JSException) in try engine.setProperty(object, index: Int(index), value) }
  }
}

@_cdecl("xjs_value_has")
public func cValueHas(_ handle: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ outHas: UnsafeMutablePointer<Int32>?)
  -> OpaquePointer?
{
  reading(handle) { object, runtime throws(CFailure) in
    let key = try cString(name, "name")
    let has = try runtime.perform { engine throws(JSException) in try engine.hasProperty(object, key) }
    outHas?.pointee = flag(has)
  }
}

@_cdecl("xjs_value_delete")
public func cValueDelete(
  _ handle: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ outDeleted: UnsafeMutablePointer<Int32>?
) -> OpaquePointer? {
  reading(handle) { object, runtime throws(CFailure) in
    let key = try cString(name, "name")
    let deleted = try runtime.perform { engine throws(JSException) in try engine.deleteProperty(object, key) }
    outDeleted?.pointee = flag(deleted)
  }
}

@_cdecl("xjs_value_keys")
public func cValueKeys(_ handle: OpaquePointer?, _ outArray: UnsafeMutablePointer<OpaquePointer?>?) -> OpaquePointer? {
  outArray?.pointee = nil
  return reading(handle) { object, runtime throws(CFailure) in
    let array = try runtime.perform { engine throws(JSException) in
      let keys = try engine.ownEnumerableKeys(object)
      let strings = RootedValues(engine, capacity: keys.count)  // rooted until the array holds them
      for key in keys { strings.append(engine.makeString(key)) }
      return strings.withUnsafeBufferPointer { engine.makeArray($0) }
    }
    outArray?.pointee = runtime.handle(for: array)
  }
}

// MARK: Calls

@_cdecl("xjs_value_call")
public func cValueCall(
  _ handle: OpaquePointer?, _ thisValue: OpaquePointer?, _ argc: Int, _ argv: UnsafePointer<OpaquePointer?>?,
  _ outResult: UnsafeMutablePointer<OpaquePointer?>?
) -> OpaquePointer? {
  outResult?.pointee = nil
  return reading(handle) { function, runtime throws(CFailure) in
    let receiver = thisValue == nil ? Value.undefined : try lookupArgument(thisValue, of: runtime, "this_value")
    let result = try withArguments(argc, argv, runtime) { arguments throws(CFailure) in
      try runtime.perform { engine throws(JSException) in
        try engine.callFunction(function, this: receiver, arguments: arguments)
      }
    }
    outResult?.pointee = runtime.handle(for: result)
  }
}

@_cdecl("xjs_value_construct")
public func cValueConstruct(
  _ handle: OpaquePointer?, _ argc: Int, _ argv: UnsafePointer<OpaquePointer?>?,
  _ outResult: UnsafeMutablePointer<OpaquePointer?>?
) -> OpaquePointer? {
  outResult?.pointee = nil
  return reading(handle) { constructor, runtime throws(CFailure) in
    let result = try withArguments(argc, argv, runtime) { arguments throws(CFailure) in
      try runtime.perform { engine throws(JSException) in try engine.constructObject(constructor, arguments: arguments)
      }
    }
    outResult?.pointee = runtime.handle(for: result)
  }
}

/// The values of a call's lent argument handles, in a buffer for the call (no allocation for a
/// few arguments). Their handles keep them rooted meanwhile.
@inline(__always)
private func withArguments<T>(
  _ argc: Int, _ argv: UnsafePointer<OpaquePointer?>?, _ runtime: CRuntime,
  _ body: (UnsafeBufferPointer<Value>) throws(CFailure) -> T
) throws(CFailure) -> T {
  guard argc >= 0 else { throw .invalid("argc is negative") }
  guard argc == 0 || argv != nil else { throw .invalid("argv is NULL") }
  return try withUnsafeTemporaryAllocation(of: Value.self, capacity: max(argc, 1)) {
    buffer throws(CFailure) -> T in
    for index in 0..<argc { buffer[index] = try lookupArgument(argv![index], of: runtime, "argv[i]") }
    return try body(UnsafeBufferPointer(start: buffer.baseAddress, count: argc))
  }
}

// MARK: Promises

@_cdecl("xjs_value_get_promise_state")
public func cValuePromiseState(_ handle: OpaquePointer?, _ outResult: UnsafeMutablePointer<OpaquePointer?>?)
  -> xjs_promise_state
{
  outResult?.pointee = nil
  guard let (value, runtime) = try? lookupValue(handle), let (state, result) = runtime.engine.promiseState(of: value)
  else { return XJS_PROMISE_NOT_A_PROMISE }
  switch state {
  case .pending: return XJS_PROMISE_PENDING
  case .fulfilled:
    outResult?.pointee = runtime.handle(for: result)
    return XJS_PROMISE_FULFILLED
  case .rejected:
    outResult?.pointee = runtime.handle(for: result)
    return XJS_PROMISE_REJECTED
  }
}
