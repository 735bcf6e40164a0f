import CXJSAPI
import XJS

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// MARK: Lifetime

@_cdecl("xjs_value_retain")
public func cValueRetain(_ handle: OpaquePointer?) -> OpaquePointer? {
  guard let (value, owner) = try? lookupValue(handle) else { return nil }
  return HandleTable.shared.insert(value, owner: owner)
}

@_cdecl("xjs_value_release")
public func cValueRelease(_ handle: OpaquePointer?) {
  guard HandleTable.shared.lookup(handle, as: JSValue.self) != nil else { return }
  HandleTable.shared.remove(handle)
}

// MARK: Making values

/// A new handle for what `make` builds in the context (NULL for an invalid context).
private func making(_ handle: OpaquePointer?, _ make: (Context) -> JSValue) -> OpaquePointer? {
  guard let (context, runtime) = try? lookupContext(handle) else { return nil }
  return runtime.handle(for: make(context.context))
}

@_cdecl("xjs_undefined")
public func cUndefined(_ context: OpaquePointer?) -> OpaquePointer? { making(context) { $0.undefined } }

@_cdecl("xjs_null")
public func cNull(_ context: OpaquePointer?) -> OpaquePointer? { making(context) { $0.null } }

@_cdecl("xjs_boolean")
public func cBoolean(_ context: OpaquePointer?, _ value: Int32) -> OpaquePointer? {
  making(context) { $0.value(value != 0) }
}

@_cdecl("xjs_number")
public func cNumber(_ context: OpaquePointer?, _ value: Double) -> OpaquePointer? {
  making(context) { $0.value(value) }
}

@_cdecl("xjs_string")
public func cStringValue(_ context: OpaquePointer?, _ utf8: UnsafePointer<CChar>?, _ length: Int) -> OpaquePointer? {
  guard let text = try? utf8Text(utf8, length, "utf8") else { return nil }
  return making(context) { $0.value(text) }
}

@_cdecl("xjs_object")
public func cObject(_ context: OpaquePointer?) -> OpaquePointer? { making(context) { $0.object() } }

@_cdecl("xjs_array")
public func cArray(_ context: OpaquePointer?, _ count: Int, _ elements: UnsafePointer<OpaquePointer?>?)
  -> OpaquePointer?
{
  guard let (_, runtime) = try? lookupContext(context),
    let values = try? lentValues(count, elements, runtime, "elements")
  else { return nil }
  return making(context) { $0.array(values) }
}

@_cdecl("xjs_error_object")
public func cErrorObject(_ context: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ message: UnsafePointer<CChar>?)
  -> OpaquePointer?
{
  let errorName = name.map { String(cString: $0) } ?? "Error"
  let text = message.map { String(cString: $0) } ?? ""
  return making(context) { $0.error(name: errorName, message: text) }
}

@_cdecl("xjs_date")
public func cDate(_ context: OpaquePointer?, _ milliseconds: Double) -> OpaquePointer? {
  making(context) { $0.date(millisecondsSince1970: milliseconds) }
}

/// The values of `count` lent handles, each checked to belong to `runtime`.
func lentValues(_ count: Int, _ handles: UnsafePointer<OpaquePointer?>?, _ runtime: CRuntime, _ what: String)
  throws(CFailure) -> [JSValue]
{
  guard count >= 0 else { throw .invalid("\(what): negative count") }
  guard count > 0 else { return [] }
  guard let handles else { throw .invalid("\(what) is NULL") }
  var values: [JSValue] = []
  values.reserveCapacity(count)
  for index in 0..<count {
    let (value, _) = try lookupValue(handles[index], "\(what)[\(index)]")
    try runtime.check(value)
    values.append(value)
  }
  return values
}

// MARK: What a value is

private func inspecting<T>(_ handle: OpaquePointer?, _ otherwise: T, _ body: (JSValue) -> T) -> T {
  guard let (value, _) = try? lookupValue(handle) else { return otherwise }
  return body(value)
}

@_cdecl("xjs_value_get_type")
public func cValueType(_ handle: OpaquePointer?) -> xjs_type {
  inspecting(handle, XJS_TYPE_INVALID) { value in
    switch value.typeOf {
    case "undefined": return XJS_TYPE_UNDEFINED
    case "boolean": return XJS_TYPE_BOOLEAN
    case "number": return XJS_TYPE_NUMBER
    case "string": return XJS_TYPE_STRING
    case "symbol": return XJS_TYPE_SYMBOL
    case "bigint": return XJS_TYPE_BIGINT
    default: return value.isNull ? XJS_TYPE_NULL : XJS_TYPE_OBJECT
    }
  }
}

private func flag(_ value: Bool) -> Int32 { value ? 1 : 0 }

@_cdecl("xjs_value_is_array")
public func cValueIsArray(_ handle: OpaquePointer?) -> Int32 { inspecting(handle, 0) { flag($0.isArray) } }

@_cdecl("xjs_value_is_function")
public func cValueIsFunction(_ handle: OpaquePointer?) -> Int32 { inspecting(handle, 0) { flag($0.isFunction) } }

@_cdecl("xjs_value_is_constructor")
public func cValueIsConstructor(_ handle: OpaquePointer?) -> Int32 {
  inspecting(handle, 0) { flag($0.isConstructor) }
}

@_cdecl("xjs_value_is_error")
public func cValueIsError(_ handle: OpaquePointer?) -> Int32 { inspecting(handle, 0) { flag($0.isError) } }

@_cdecl("xjs_value_is_promise")
public func cValueIsPromise(_ handle: OpaquePointer?) -> Int32 { inspecting(handle, 0) { flag($0.isPromise) } }

@_cdecl("xjs_value_is_date")
public func cValueIsDate(_ handle: OpaquePointer?) -> Int32 { inspecting(handle, 0) { flag($0.isDate) } }

@_cdecl("xjs_value_strict_equals")
public func cValueStrictEquals(_ a: OpaquePointer?, _ b: OpaquePointer?) -> Int32 {
  guard let (first, _) = try? lookupValue(a), let (second, _) = try? lookupValue(b),
    first.heapIdentity == second.heapIdentity
  else { return 0 }
  return flag(first.strictlyEquals(second))
}

// MARK: Reading values

/// Runs `body` on a value handle's value; errors become a new `xjs_error *`.
private func reading(_ handle: OpaquePointer?, _ body: (JSValue, Int) throws(CFailure) -> Void) -> OpaquePointer? {
  reportingFailure { () throws(CFailure) in
    let (value, owner) = try lookupValue(handle)
    try body(value, owner)
  }
}

@_cdecl("xjs_value_get_boolean")
public func cValueGetBoolean(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<Int32>?) -> OpaquePointer? {
  reading(handle) { value, _ throws(CFailure) in
    guard let boolean = value.boolValue else { throw .typeError("the value is not a boolean") }
    out?.pointee = flag(boolean)
  }
}

@_cdecl("xjs_value_get_number")
public func cValueGetNumber(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<Double>?) -> OpaquePointer? {
  reading(handle) { value, _ throws(CFailure) in
    guard let number = value.numberValue else { throw .typeError("the value is not a number") }
    out?.pointee = number
  }
}

@_cdecl("xjs_value_to_boolean")
public func cValueToBoolean(_ handle: OpaquePointer?) -> Int32 { inspecting(handle, 0) { flag($0.toBool()) } }

@_cdecl("xjs_value_to_number")
public func cValueToNumber(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<Double>?) -> OpaquePointer? {
  reading(handle) { value, owner throws(CFailure) in
    let number = try performing(owner: owner) { () throws(JSError) in try value.toDouble() }
    out?.pointee = number
  }
}

@_cdecl("xjs_value_to_int32")
public func cValueToInt32(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<Int32>?) -> OpaquePointer? {
  reading(handle) { value, owner throws(CFailure) in
    let number = try performing(owner: owner) { () throws(JSError) in try value.toInt32() }
    out?.pointee = number
  }
}

@_cdecl("xjs_value_to_string")
public func cValueToString(
  _ handle: OpaquePointer?, _ outText: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
  _ outLength: UnsafeMutablePointer<Int>?
) -> OpaquePointer? {
  outText?.pointee = nil
  return reading(handle) { value, owner throws(CFailure) in
    guard let outText else { throw .invalid("out_utf8 is NULL") }
    let text = try performing(owner: owner) { () throws(JSError) in try value.toString() }
    var utf8 = Array(text.utf8)
    outLength?.pointee = utf8.count
    utf8.append(0)
    let copy = malloc(utf8.count)!.assumingMemoryBound(to: CChar.self)
    utf8.withUnsafeBytes { copy.update(from: $0.bindMemory(to: CChar.self).baseAddress!, count: utf8.count) }
    outText.pointee = copy
  }
}

@_cdecl("xjs_value_get_date")
public func cValueGetDate(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<Double>?) -> OpaquePointer? {
  reading(handle) { value, _ throws(CFailure) in
    guard let time = value.millisecondsSince1970 else { throw .typeError("the value is not a Date") }
    out?.pointee = time
  }
}

// MARK: Properties

/// A property operation on `object`: the runtime that owns it and the Swift API call.
private func propertyOperation(
  _ handle: OpaquePointer?, _ body: (JSValue, CRuntimeReference) throws(CFailure) -> Void
) -> OpaquePointer? {
  reading(handle) { object, owner throws(CFailure) in try body(object, CRuntimeReference(owner: owner)) }
}

/// The owner of handles made from an operation's results, and the check of lent values.
struct CRuntimeReference {
  let owner: Int

  func handle(for value: JSValue) -> OpaquePointer { HandleTable.shared.insert(value, owner: owner) }

  /// A lent value argument, checked to come from the same heap as `object`.
  func argument(_ handle: OpaquePointer?, matching object: JSValue, _ what: String) throws(CFailure) -> JSValue {
    let (value, _) = try lookupValue(handle, what)
    guard value.heapIdentity == object.heapIdentity, value.heapIdentity != nil else {
      throw .invalid("\(what) belongs to another runtime (or to a destroyed one)")
    }
    return value
  }

  func perform<T>(_ body: () throws(JSError) -> T) throws(CFailure) -> T { try performing(owner: owner, body) }
}

@_cdecl("xjs_value_get")
public func cValueGet(
  _ handle: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ outValue: UnsafeMutablePointer<OpaquePointer?>?
) -> OpaquePointer? {
  outValue?.pointee = nil
  return propertyOperation(handle) { object, runtime throws(CFailure) in
    let key = try cString(name, "name")
    let value = try runtime.perform { () throws(JSError) in try object[key] }
    outValue?.pointee = runtime.handle(for: value)
  }
}

@_cdecl("xjs_value_set")
public func cValueSet(_ handle: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ newValue: OpaquePointer?)
  -> OpaquePointer?
{
  propertyOperation(handle) { object, runtime throws(CFailure) in
    let key = try cString(name, "name")
    let value = try runtime.argument(newValue, matching: object, "value")
    try runtime.perform { () throws(JSError) in try object.set(key, value) }
  }
}

@_cdecl("xjs_value_get_index")
public func cValueGetIndex(
  _ handle: OpaquePointer?, _ index: UInt32, _ outValue: UnsafeMutablePointer<OpaquePointer?>?
) -> OpaquePointer? {
  outValue?.pointee = nil
  return propertyOperation(handle) { object, runtime throws(CFailure) in
    let value = try runtime.perform { () throws(JSError) in try object[Int(index)] }
    outValue?.pointee = runtime.handle(for: value)
  }
}

@_cdecl("xjs_value_set_index")
public func cValueSetIndex(_ handle: OpaquePointer?, _ index: UInt32, _ newValue: OpaquePointer?) -> OpaquePointer? {
  propertyOperation(handle) { object, runtime throws(CFailure) in
    let value = try runtime.argument(newValue, matching: object, "value")
    try runtime.perform { () throws(JSError) in try object.set(Int(index), value) }
  }
}

@_cdecl("xjs_value_has")
public func cValueHas(_ handle: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ outHas: UnsafeMutablePointer<Int32>?)
  -> OpaquePointer?
{
  propertyOperation(handle) { object, runtime throws(CFailure) in
    let key = try cString(name, "name")
    let has = try runtime.perform { () throws(JSError) in try object.has(key) }
    outHas?.pointee = flag(has)
  }
}

@_cdecl("xjs_value_delete")
public func cValueDelete(
  _ handle: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ outDeleted: UnsafeMutablePointer<Int32>?
) -> OpaquePointer? {
  propertyOperation(handle) { object, runtime throws(CFailure) in
    let key = try cString(name, "name")
    let deleted = try runtime.perform { () throws(JSError) in try object.delete(key) }
    outDeleted?.pointee = flag(deleted)
  }
}

@_cdecl("xjs_value_keys")
public func cValueKeys(_ handle: OpaquePointer?, _ outArray: UnsafeMutablePointer<OpaquePointer?>?) -> OpaquePointer? {
  outArray?.pointee = nil
  return propertyOperation(handle) { object, runtime throws(CFailure) in
    let keys = try runtime.perform { () throws(JSError) in try object.keys() }
    let context = object.context
    outArray?.pointee = runtime.handle(for: context.array(keys.map { context.value($0) }))
  }
}

// MARK: Calls

@_cdecl("xjs_value_call")
public func cValueCall(
  _ handle: OpaquePointer?, _ thisValue: OpaquePointer?, _ argc: Int, _ argv: UnsafePointer<OpaquePointer?>?,
  _ outResult: UnsafeMutablePointer<OpaquePointer?>?
) -> OpaquePointer? {
  outResult?.pointee = nil
  return propertyOperation(handle) { function, runtime throws(CFailure) in
    let receiver = thisValue == nil ? nil : try runtime.argument(thisValue, matching: function, "this_value")
    let arguments = try callArguments(argc, argv, matching: function, runtime)
    let result = try runtime.perform { () throws(JSError) in try function.call(this: receiver, arguments) }
    outResult?.pointee = runtime.handle(for: result)
  }
}

@_cdecl("xjs_value_construct")
public func cValueConstruct(
  _ handle: OpaquePointer?, _ argc: Int, _ argv: UnsafePointer<OpaquePointer?>?,
  _ outResult: UnsafeMutablePointer<OpaquePointer?>?
) -> OpaquePointer? {
  outResult?.pointee = nil
  return propertyOperation(handle) { constructor, runtime throws(CFailure) in
    let arguments = try callArguments(argc, argv, matching: constructor, runtime)
    let result = try runtime.perform { () throws(JSError) in try constructor.construct(arguments: arguments) }
    outResult?.pointee = runtime.handle(for: result)
  }
}

private func callArguments(
  _ argc: Int, _ argv: UnsafePointer<OpaquePointer?>?, matching function: JSValue, _ runtime: CRuntimeReference
) throws(CFailure) -> [JSValue] {
  guard argc >= 0 else { throw .invalid("argc is negative") }
  guard argc > 0 else { return [] }
  guard let argv else { throw .invalid("argv is NULL") }
  var arguments: [JSValue] = []
  arguments.reserveCapacity(argc)
  for index in 0..<argc { arguments.append(try runtime.argument(argv[index], matching: function, "argv[\(index)]")) }
  return arguments
}

// MARK: Promises

@_cdecl("xjs_value_get_promise_state")
public func cValuePromiseState(_ handle: OpaquePointer?, _ outResult: UnsafeMutablePointer<OpaquePointer?>?)
  -> xjs_promise_state
{
  outResult?.pointee = nil
  guard let (value, owner) = try? lookupValue(handle), let state = value.promiseState else {
    return XJS_PROMISE_NOT_A_PROMISE
  }
  switch state {
  case .pending: return XJS_PROMISE_PENDING
  case .fulfilled(let result):
    outResult?.pointee = HandleTable.shared.insert(result, owner: owner)
    return XJS_PROMISE_FULFILLED
  case .rejected(let reason):
    outResult?.pointee = HandleTable.shared.insert(reason, owner: owner)
    return XJS_PROMISE_REJECTED
  }
}
