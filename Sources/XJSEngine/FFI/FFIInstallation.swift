// The `ffi` global, shaped like Deno's FFI: dlopen, UnsafeCallback, UnsafePointer,
// UnsafePointerView, UnsafeFnPointer. The command line installs it always, refusing unless
// --allow-ffi was given; an embedding context has none unless its host installs it.

extension Runtime {
  /// The error every entry point of a refusing `ffi` object throws.
  package static let ffiPermissionMessage = "ffi requires the --allow-ffi permission (xjs run --allow-ffi)"

  /// Defines `ffi` on the current realm's global object. When `allowed` is false, every entry
  /// point throws an Error with `refusal` instead.
  package func installFFI(allowed: Bool, refusal: String = Runtime.ffiPermissionMessage) {
    let ffi = allowed ? makeFFIObject() : makeRefusingFFIObject(refusal)
    addProperty(realm.globalObject, propertyKey("ffi"), ffi, .builtin)
  }

  private func makeFFIObject() -> Value {
    let state = ffiState()
    let ffi = newPlainObject()
    setToStringTag(ffi.value, "ffi")
    defineNativeMethod(ffi, "dlopen", length: 2) { _, arguments throws(JSException) in
      try state.openLibrary(arguments[0], arguments[1])
    }
    defineValue(ffi, "UnsafeCallback", state.makeCallbackConstructor())
    defineValue(ffi, "UnsafePointer", state.makePointerNamespace())
    defineValue(ffi, "UnsafePointerView", state.makePointerViewConstructor())
    defineValue(ffi, "UnsafeFnPointer", state.makeFunctionPointerConstructor())
    return ffi.value
  }

  /// The same names, each throwing `message` (constructors too, when called with new).
  private func makeRefusingFFIObject(_ message: String) -> Value {
    let ffi = newPlainObject()
    setToStringTag(ffi.value, "ffi")
    let refuse: NativeFunction = { runtime, _ throws(JSException) in
      throw JSException(runtime.makeError(.error, message))
    }
    defineNativeMethod(ffi, "dlopen", length: 2, refuse)
    defineValue(
      ffi, "UnsafeCallback", newNativeFunction(name: "UnsafeCallback", length: 2, isConstructor: true, refuse).value)
    let pointer = newPlainObject()
    setToStringTag(pointer.value, "UnsafePointer")
    for method in ["of", "create", "equals", "offset", "value"] {
      defineNativeMethod(pointer, method, length: 1, refuse)
    }
    defineValue(ffi, "UnsafePointer", pointer.value)
    let view = newNativeFunction(name: "UnsafePointerView", length: 1, isConstructor: true, refuse)
    for method in ["getCString", "getArrayBuffer", "copyInto"] {
      defineNativeMethod(view, method, length: 1, refuse)
    }
    defineValue(ffi, "UnsafePointerView", view.value)
    let function = newNativeFunction(name: "UnsafeFnPointer", length: 2, isConstructor: true, refuse)
    defineValue(ffi, "UnsafeFnPointer", function.value)
    return ffi.value
  }

  // MARK: Native functions for hosts

  /// A function object calling the C function at `address` by the declared signature (the
  /// embedding API's native functions). A bad signature is a TypeError.
  package func makeNativeFunction(
    address: UnsafeRawPointer, name: String, parameters: [NativeType], result: NativeType
  ) throws(JSException) -> Value {
    guard !parameters.contains(.void) else { throw typeError("\(name): 'void' is only a result type") }
    guard parameters.count <= NativeTypeLimits.parameters else {
      throw typeError("\(name): at most \(NativeTypeLimits.parameters) parameters")
    }
    let state = ffiState()
    let signature = try state.prepareSignature(parameters, result, context: name)
    return newNativeFunction(name: name, length: parameters.count) { _, arguments throws(JSException) in
      try state.callNative(signature, at: address, name: name, arguments: arguments.all)
    }.value
  }
}
