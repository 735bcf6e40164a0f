import CXJSAPI
import XJS

/// What an object of a C class carries: the host's instance data.
final class CInstance {
  let data: UnsafeMutableRawPointer

  init(_ data: UnsafeMutableRawPointer) { self.data = data }
}

/// What an `xjs_class *` names: the Swift API's class over C instance data.
final class CClass {
  let jsClass: JSClass<CInstance>
  weak var runtime: CRuntime?

  init(_ jsClass: JSClass<CInstance>, runtime: CRuntime) {
    self.jsClass = jsClass
    self.runtime = runtime
  }
}

/// A hook's property name as C receives it: a NUL-terminated name, or NULL and an index.
private func withPropertyName<R>(_ name: JSPropertyName, _ body: (UnsafePointer<CChar>?, UInt32) -> R) -> R {
  switch name {
  case .index(let index): return body(nil, UInt32(clamping: index))
  case .name(let text): return text.withCString { body($0, 0) }
  }
}

/// The Swift API's hooks calling a C class's hooks.
private func propertyHooks(_ hooks: xjs_class_hooks, _ data: UserData, _ runtime: CRuntime)
  -> JSPropertyHooks<CInstance>
{
  var result = JSPropertyHooks<CInstance>()
  if let get = hooks.get {
    result.get = { [weak runtime] instance, name, context in
      guard let runtime else { return nil }
      let returned = try runtime.callHost(in: context, lending: []) { context, _ in
        withPropertyName(name) { name, index in get(context, instance.data, name, index, data.pointer) }
      }
      return returned == nil ? nil : try runtime.takeReturned(returned, otherwise: context.undefined)
    }
  }
  if let set = hooks.set {
    result.set = { [weak runtime] instance, name, value in
      guard let runtime else { return nil }
      let answer = try runtime.callHost(in: value.context, lending: [value]) { context, lent in
        withPropertyName(name) { name, index in set(context, instance.data, name, index, lent[0], data.pointer) }
      }
      return answer < 0 ? nil : answer != 0
    }
  }
  if let delete = hooks.delete_property {
    result.delete = { [weak runtime] instance, name, context in
      guard let runtime else { return nil }
      let answer = try runtime.callHost(in: context, lending: []) { context, _ in
        withPropertyName(name) { name, index in delete(context, instance.data, name, index, data.pointer) }
      }
      return answer < 0 ? nil : answer != 0
    }
  }
  if let names = hooks.names {
    result.names = { [weak runtime] instance, context in
      guard let runtime else { return [] }
      let returned = try runtime.callHost(in: context, lending: []) { context, _ in
        names(context, instance.data, data.pointer)
      }
      guard returned != nil else { return [] }
      return try runtime.takeReturned(returned, otherwise: context.undefined).toArray().map { name in
        if let number = name.numberValue, number >= 0, number == number.rounded(), number < 4_294_967_295 {
          return .index(Int(number))
        }
        return .name(try name.toString())
      }
    }
  }
  return result
}

@_cdecl("xjs_class_create")
public func cClassCreate(
  _ handle: OpaquePointer?, _ definition: UnsafePointer<xjs_class_definition>?,
  _ outClass: UnsafeMutablePointer<OpaquePointer?>?
) -> OpaquePointer? {
  outClass?.pointee = nil
  return reportingFailure { () throws(CFailure) in
    let runtime = try lookupRuntime(handle)
    guard let definition = definition?.pointee else { throw .invalid("definition is NULL") }
    guard let outClass else { throw .invalid("out_class is NULL") }
    let name = try cString(definition.name, "definition->name")
    let data = UserData(definition.user_data, finalizer: definition.user_data_finalizer)
    let hooks = definition.hooks.map { propertyHooks($0.pointee, data, runtime) }
    let finalizeInstance = definition.finalizer
    let jsClass = JSClass<CInstance>(name, hooks: hooks) { instance in
      // `data` is captured here too: the user data outlives every object of the class.
      finalizeInstance?(instance.data, data.pointer)
    }
    if let construct = definition.constructor {
      jsClass.constructor(length: Int(definition.constructor_length)) { [weak runtime] call in
        guard let runtime else { throw JSError(name: "Error", message: "the runtime is being destroyed") }
        let instanceData = try runtime.callHost(in: call.context, lending: call.arguments) { context, lent in
          construct(context, call.arguments.count, lent.baseAddress, data.pointer)
        }
        guard let instanceData else {
          throw JSError(name: "TypeError", message: "\(name): the constructor callback returned NULL without throwing")
        }
        return CInstance(instanceData)
      }
    }
    for index in 0..<definition.method_count {
      guard let method = definition.methods?[index], let function = method.method else {
        throw .invalid("definition->methods[\(index)] has no method")
      }
      let methodName = try cString(method.name, "definition->methods[\(index)].name")
      jsClass.method(methodName, length: Int(method.length)) { [weak runtime] instance, call in
        guard let runtime else { throw JSError(name: "Error", message: "the runtime is being destroyed") }
        let returned = try runtime.callHost(in: call.context, lending: [call.this] + call.arguments) { context, lent in
          function(context, instance.data, lent[0], call.arguments.count, lent.baseAddress.map { $0 + 1 }, data.pointer)
        }
        return try runtime.takeReturned(returned, otherwise: call.context.undefined)
      }
    }
    outClass.pointee = HandleTable.shared.insert(CClass(jsClass, runtime: runtime), owner: runtime.serial)
  }
}

@_cdecl("xjs_class_release")
public func cClassRelease(_ handle: OpaquePointer?) {
  guard HandleTable.shared.lookup(handle, as: CClass.self) != nil else { return }
  HandleTable.shared.remove(handle)
}

private func lookupClass(_ handle: OpaquePointer?) throws(CFailure) -> CClass {
  guard let cClass = HandleTable.shared.lookup(handle, as: CClass.self) else { throw .invalid("not a live xjs_class") }
  return cClass
}

/// The class and a context of the same runtime.
private func classAndContext(_ classHandle: OpaquePointer?, _ contextHandle: OpaquePointer?) throws(CFailure) -> (
  CClass, CContext, CRuntime
) {
  let cClass = try lookupClass(classHandle)
  let (context, runtime) = try lookupContext(contextHandle)
  guard cClass.runtime === runtime else { throw .invalid("the class and the context belong to different runtimes") }
  return (cClass, context, runtime)
}

@_cdecl("xjs_class_get_constructor")
public func cClassConstructor(
  _ classHandle: OpaquePointer?, _ contextHandle: OpaquePointer?,
  _ outConstructor: UnsafeMutablePointer<OpaquePointer?>?
) -> OpaquePointer? {
  outConstructor?.pointee = nil
  return reportingFailure { () throws(CFailure) in
    let (cClass, context, runtime) = try classAndContext(classHandle, contextHandle)
    let constructor = try performing(owner: runtime.serial) { () throws(JSError) in
      try cClass.jsClass.constructor(in: context.context)
    }
    outConstructor?.pointee = runtime.handle(for: constructor)
  }
}

@_cdecl("xjs_class_new_instance")
public func cClassNewInstance(
  _ classHandle: OpaquePointer?, _ contextHandle: OpaquePointer?, _ instanceData: UnsafeMutableRawPointer?,
  _ outObject: UnsafeMutablePointer<OpaquePointer?>?
) -> OpaquePointer? {
  outObject?.pointee = nil
  return reportingFailure { () throws(CFailure) in
    let (cClass, context, runtime) = try classAndContext(classHandle, contextHandle)
    guard let instanceData else { throw .invalid("instance_data is NULL") }
    let object = try performing(owner: runtime.serial) { () throws(JSError) in
      try cClass.jsClass.wrap(CInstance(instanceData), in: context.context)
    }
    outObject?.pointee = runtime.handle(for: object)
  }
}

@_cdecl("xjs_class_get_instance_data")
public func cClassInstanceData(_ classHandle: OpaquePointer?, _ valueHandle: OpaquePointer?) -> UnsafeMutableRawPointer?
{
  guard let cClass = try? lookupClass(classHandle), let (value, _) = try? lookupValue(valueHandle) else { return nil }
  return cClass.jsClass.instance(of: value)?.data
}
