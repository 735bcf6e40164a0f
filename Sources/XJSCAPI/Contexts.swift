import CXJSAPI
import XJS

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@_cdecl("xjs_context_create")
public func cContextCreate(_ handle: OpaquePointer?, _ outContext: UnsafeMutablePointer<OpaquePointer?>?)
  -> OpaquePointer?
{
  outContext?.pointee = nil
  return reportingFailure { () throws(CFailure) in
    guard let outContext else { throw .invalid("out_context is NULL") }
    let runtime = try lookupRuntime(handle)
    outContext.pointee = runtime.contextHandle(CContext(Context(runtime.virtualMachine), runtime: runtime))
  }
}

@_cdecl("xjs_context_release")
public func cContextRelease(_ handle: OpaquePointer?) {
  guard let local = LocalHandle(handle), let runtime = owningRuntime(local) else { return }
  runtime.release(handle, .context)
}

@_cdecl("xjs_context_get_runtime")
public func cContextRuntime(_ handle: OpaquePointer?) -> OpaquePointer? {
  guard let (_, runtime) = try? lookupContext(handle) else { return nil }
  return runtime.handle
}

/// Text of `length` bytes at `bytes` (NULL with length 0 is the empty string).
func utf8Text(_ bytes: UnsafePointer<CChar>?, _ length: Int, _ what: String) throws(CFailure) -> String {
  guard length >= 0 else { throw .invalid("\(what) has a negative length") }
  if length == 0 { return "" }
  guard let bytes else { throw .invalid("\(what) is NULL") }
  return bytes.withMemoryRebound(to: UInt8.self, capacity: length) {
    String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
  }
}

/// A NUL-terminated name argument.
func cString(_ text: UnsafePointer<CChar>?, _ what: String) throws(CFailure) -> String {
  guard let text else { throw .invalid("\(what) is NULL") }
  return String(cString: text)
}

@_cdecl("xjs_context_eval")
public func cContextEval(
  _ handle: OpaquePointer?, _ source: UnsafePointer<CChar>?, _ length: Int, _ sourceURL: UnsafePointer<CChar>?,
  _ outResult: UnsafeMutablePointer<OpaquePointer?>?
) -> OpaquePointer? {
  outResult?.pointee = nil
  return reportingFailure { () throws(CFailure) in
    let (context, runtime) = try lookupContext(handle)
    let text = try utf8Text(source, length, "source")
    let url = sourceURL.map { String(cString: $0) } ?? "<eval>"
    let value = try runtime.performing { () throws(JSError) in try context.context.evaluate(text, sourceURL: url) }
    outResult?.pointee = runtime.handle(for: value)
  }
}

@_cdecl("xjs_context_eval_module")
public func cContextEvalModule(
  _ handle: OpaquePointer?, _ url: UnsafePointer<CChar>?, _ source: UnsafePointer<CChar>?, _ length: Int,
  _ outPromise: UnsafeMutablePointer<OpaquePointer?>?
) -> OpaquePointer? {
  outPromise?.pointee = nil
  return reportingFailure { () throws(CFailure) in
    let (context, runtime) = try lookupContext(handle)
    let moduleURL = try cString(url, "url")
    let text = source == nil ? nil : try utf8Text(source, length, "source")
    let promise = try runtime.performing { () throws(JSError) in
      try context.context.evaluateModule(url: moduleURL, source: text)
    }
    outPromise?.pointee = runtime.handle(for: promise)
  }
}

@_cdecl("xjs_context_get_global")
public func cContextGlobal(_ handle: OpaquePointer?) -> OpaquePointer? {
  guard let (context, runtime) = try? lookupContext(handle) else { return nil }
  return runtime.handle(for: context.context.globalObject)
}

// MARK: Module loaders

/// A host's C loader as the Swift API's ModuleLoader.
final class CModuleLoader: ModuleLoader {
  let resolveFunction: xjs_module_resolve
  let loadFunction: xjs_module_load
  let userData: UnsafeMutableRawPointer?

  init(resolve: xjs_module_resolve, load: xjs_module_load, userData: UnsafeMutableRawPointer?) {
    resolveFunction = resolve
    loadFunction = load
    self.userData = userData
  }

  func resolve(_ specifier: String, referrer: String?) throws(ModuleLoadError) -> String {
    var url: UnsafeMutablePointer<CChar>?
    var message: UnsafeMutablePointer<CChar>?
    let status = specifier.withCString { specifier in
      withOptionalCString(referrer) { referrer in resolveFunction(userData, specifier, referrer, &url, &message) }
    }
    defer {
      free(url)
      free(message)
    }
    guard status == 0, let url else {
      throw ModuleLoadError(message.map { String(cString: $0) } ?? "Cannot resolve module '\(specifier)'")
    }
    return String(cString: url)
  }

  func load(url: String) throws(ModuleLoadError) -> String {
    var source: UnsafeMutablePointer<CChar>?
    var length = 0
    var message: UnsafeMutablePointer<CChar>?
    let status = url.withCString { loadFunction(userData, $0, &source, &length, &message) }
    defer {
      free(source)
      free(message)
    }
    guard status == 0 else {
      throw ModuleLoadError(message.map { String(cString: $0) } ?? "Cannot load module '\(url)'")
    }
    guard let source else { return "" }
    return source.withMemoryRebound(to: UInt8.self, capacity: length) {
      String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
    }
  }
}

private func withOptionalCString<R>(_ text: String?, _ body: (UnsafePointer<CChar>?) -> R) -> R {
  guard let text else { return body(nil) }
  return text.withCString { body($0) }
}

@_cdecl("xjs_runtime_set_module_loader")
public func cRuntimeSetModuleLoader(
  _ handle: OpaquePointer?, _ resolve: xjs_module_resolve?, _ load: xjs_module_load?,
  _ userData: UnsafeMutableRawPointer?, _ finalizer: (@convention(c) (UnsafeMutableRawPointer?) -> Void)?
) -> OpaquePointer? {
  reportingFailure { () throws(CFailure) in
    let runtime = try lookupRuntime(handle)
    guard let resolve, let load else { throw .invalid("a module loader needs resolve and load") }
    runtime.virtualMachine.moduleLoader = CModuleLoader(resolve: resolve, load: load, userData: userData)
    if let finalizer { runtime.destructionFinalizers.append { finalizer(userData) } }
  }
}
