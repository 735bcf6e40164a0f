import CXJSAPI
import XJS
import XJSEngine

/// What an object of a C class carries: the host's instance data.
final class CInstance {
  let data: UnsafeMutableRawPointer

  init(_ data: UnsafeMutableRawPointer) { self.data = data }
}

/// What an `xjs_class *` names: the Swift API's class over C instance data.
final class CClass {
  let jsClass: JSClass<CInstance>

  init(_ jsClass: JSClass<CInstance>) { self.jsClass = jsClass }
}

/// How a C class's callbacks find their runtime: by number (they must not keep it alive).
private struct RuntimeReference {
  let slot: Int
  let epoch: UInt8

  init(_ runtime: CRuntime) {
    slot = runtime.slot
    epoch = runtime.epoch
  }

  func runtime() throws(JSError) -> CRuntime {
    guard let runtime = RuntimeSlots.shared.runtime(slot: slot, epoch: epoch) else {
      throw JSError(name: "Error", message: "the runtime is being destroyed")
    }
    return runtime
  }
}

extension CRuntime {
  /// Runs a C class callback from the Swift API's class machinery: `context` and `lent` get
  /// handles for the call, and an exception comes back as a JSError.
  func callHost<T>(
    in context: Context, lending lent: [JSValue], _ body: (OpaquePointer, UnsafeBufferPointer<OpaquePointer?>) -> T
  ) throws(JSError) -> T {
    let (contextHandle, temporary) = handle(for: context)
    defer { if temporary { release(contextHandle, .context) } }
    let raw = lent.map(\.engineValue)
    do {
      return try raw.withUnsafeBufferPointer { values throws(JSException) in
        try callHost(context: contextHandle, lending: values) { handles in body(contextHandle, handles) }
      }
    } catch {
      throw virtualMachine.hostError(thrown: error.value)
    }
  }

  /// A returned value handle as a JSValue of `context` (NULL: nil).
  func takeReturned(_ handle: OpaquePointer?, in context: Context) throws(JSError) -> JSValue? {
    guard handle != nil else { return nil }
    do {
      return context.wrapForHost(try takeReturned(handle))
    } catch {
      throw virtualMachine.hostError(thrown: error.value)
    }
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
private func propertyHooks(_ hooks: xjs_class_hooks, _ data: UserData, _ reference: RuntimeReference)
  -> JSPropertyHooks<CInstance>
{
  var result = JSPropertyHooks<CInstance>()
  if let get = hooks.get {
    result.get = { instance, name, context in
      let runtime = try reference.runtime()
      let returned = try runtime.callHost(in: context, lending: []) { context, _ in
        withPropertyName(name) { name, index in get(context, instance.data, name, index, data.pointer) }
      }
      return try runtime.takeReturned(returned, in: context)
    }
  }
  if let set = hooks.set {
    result.set = { instance, name, value in
      let runtime = try reference.runtime()
      let answer = try runtime.callHost(in: value.context, lending: [value]) { context, lent in
        withPropertyName(name) { name, index in set(context, instance.data, name, index, lent[0], data.pointer) }
      }
      return answer < 0 ? nil : answer != 0
    }
  }
  if let delete = hooks.delete_property {
    result.delete = { instance, name, context in
      let runtime = try reference.runtime()
      let answer = try runtime.callHost(in: context, lending: []) { context, _ in
        withPropertyName(name) { name, index in delete(context, instance.data, name, index, data.pointer) }
      }
      return answer < 0 ? nil : answer != 0
    }
  }
  if let names = hooks.names {
    result.names = { instance, context in
      let runtime = try reference.runtime()
      let returned = try runtime.callHost(in: context, lending: []) { context, _ in
        names(context, instance.data, data.pointer)
      }
      guard let list = try runtime.takeReturned(returned, in: context) else { return [] }
      return try list.toArray().map { name in
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
    let reference = RuntimeReference(runtime)
    let hooks = definition.hooks.map { propertyHooks($0.pointee, data, reference) }
    let finalizeInstance = definition.finalizer
    let jsClass = JSClass<CInstance>(name, hooks: hooks) { instance in
      // `data` is captured here too: the user data outlives every object of the class.
      finalizeInstance?(instance.data, data.pointer)
    }
    if let construct = definition.constructor {
      jsClass.constructor(length: Int(definition.constructor_length)) { call in
        let runtime = try reference.runtime()
        let instanceData = try runtime.callHost(in: call.context, lending: call.arguments) { context, lent in
          construct(context, call.argumentCount, lent.baseAddress, data.pointer)
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
      jsClass.method(methodName, length: Int(method.length)) { instance, call in
        let runtime = try reference.runtime()
        let returned = try runtime.callHost(in: call.context, lending: [call.this] + call.arguments) { context, lent in
          function(context, instance.data, lent[0], call.argumentCount, lent.baseAddress.map { $0 + 1 }, data.pointer)
        }
        return try runtime.takeReturned(returned, in: call.context) ?? call.context.undefined
      }
    }
    outClass.pointee = runtime.classHandle(CClass(jsClass))
  }
}

@_cdecl("xjs_class_release")
public func cClassRelease(_ handle: OpaquePointer?) {
  guard let local = LocalHandle(handle), let runtime = owningRuntime(local) else { return }
  runtime.release(handle, .hostClass)
}

private func lookupClass(_ handle: OpaquePointer?) throws(CFailure) -> (CClass, CRuntime) {
  guard let local = LocalHandle(handle), let runtime = owningRuntime(local),
    let index = runtime.entry(local, .hostClass), let cClass = runtime.object(at: index) as? CClass
  else { throw .invalid("not a live xjs_class") }
  return (cClass, runtime)
}

/// The class and a context of the same runtime.
private func classAndContext(_ classHandle: OpaquePointer?, _ contextHandle: OpaquePointer?) throws(CFailure) -> (
  CClass, CContext, CRuntime
) {
  let (cClass, classRuntime) = try lookupClass(classHandle)
  let (context, runtime) = try lookupContext(contextHandle)
  guard classRuntime === runtime else { throw .invalid("the class and the context belong to different runtimes") }
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
    let constructor = try runtime.performing { () throws(JSError) in
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
    let object = try runtime.performing { () throws(JSError) in
      try cClass.jsClass.wrap(CInstance(instanceData), in: context.context)
    }
    outObject?.pointee = runtime.handle(for: object)
  }
}

@_cdecl("xjs_class_get_instance_data")
public func cClassInstanceData(_ classHandle: OpaquePointer?, _ valueHandle: OpaquePointer?) -> UnsafeMutableRawPointer?
{
  guard let (cClass, runtime) = try? lookupClass(classHandle),
    let value = try? lookupArgument(valueHandle, of: runtime, "value")
  else { return nil }
  return cClass.jsClass.instance(of: runtime.virtualMachine.wrapForHost(value))?.data
}
