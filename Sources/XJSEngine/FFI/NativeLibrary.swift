// Shared libraries: `ffi.dlopen(path, symbols)` opens one with dlopen and returns
// `{ symbols, close() }`, one function per declared symbol. After `close()`, calling a symbol is
// an Error: its code may be gone. A close during a call into the library (from a callback)
// waits for the calls to return before dlclose unmaps their code.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An open shared library.
final class NativeLibrary {
  let path: String
  private(set) var handle: UnsafeMutableRawPointer?
  /// Calls into the library under way, and whether `close()` came meanwhile.
  private var activeCalls = 0
  private(set) var isClosed = false

  /// Opens `path` (dlopen, symbols bound now); the error is dlerror's text.
  init(path: String) throws(NativeLibraryError) {
    self.path = path
    guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
      throw NativeLibraryError(text: lastDynamicLinkerError())
    }
    self.handle = handle
  }

  var isOpen: Bool { !isClosed }

  /// The address of `symbol`; the error is dlerror's text.
  func address(of symbol: String) throws(NativeLibraryError) -> UnsafeRawPointer {
    _ = dlerror()
    guard let handle, let address = dlsym(handle, symbol) else {
      throw NativeLibraryError(text: lastDynamicLinkerError())
    }
    return UnsafeRawPointer(address)
  }

  func close() {
    isClosed = true
    if activeCalls == 0 { unload() }
  }

  /// Runs `body`, a call into the library's code, keeping the code loaded meanwhile.
  @inline(__always)
  func whileCalling<T>(_ body: () throws(JSException) -> T) throws(JSException) -> T {
    activeCalls += 1
    defer {
      activeCalls -= 1
      if isClosed && activeCalls == 0 { unload() }
    }
    return try body()
  }

  private func unload() {
    guard let handle else { return }
    dlclose(handle)
    self.handle = nil
  }
}

struct NativeLibraryError: Error {
  let text: String
}

private func lastDynamicLinkerError() -> String {
  dlerror().map { String(cString: $0) } ?? "unknown error"
}

extension FFIState {
  /// `ffi.dlopen(path, { name: { parameters, result, name?, optional? } })`.
  func openLibrary(_ pathValue: Value, _ declarations: Value) throws(JSException) -> Value {
    guard pathValue.isString else {
      throw runtime.typeError("ffi.dlopen: the path must be a string, got \(runtime.describeForError(pathValue))")
    }
    guard declarations.isObject else { throw runtime.typeError("ffi.dlopen: the symbols must be an object") }
    let path = pathValue.asString.swiftString(runtime.heap)
    // Every declaration is checked before the library is opened: a bad one leaves nothing open.
    var bindings: [(key: String, symbol: String, signature: NativeSignature, optional: Bool)] = []
    for key in try runtime.ownEnumerableKeys(declarations) {
      let declaration = try runtime.getProperty(declarations, key)
      let context = "ffi.dlopen: symbol '\(key)'"
      let (parameters, result) = try runtime.parseNativeSignature(declaration, context: context)
      let nameValue = try runtime.getProperty(declaration, "name")
      let symbol = nameValue.isString ? nameValue.asString.swiftString(runtime.heap) : key
      let optional = runtime.toBoolean(try runtime.getProperty(declaration, "optional"))
      // Deno runs these on another thread and returns a promise; xjs has no such threads.
      if runtime.toBoolean(try runtime.getProperty(declaration, "nonblocking")) {
        throw runtime.typeError("\(context): nonblocking calls are not supported")
      }
      bindings.append((key, symbol, try prepareSignature(parameters, result, context: context), optional))
    }
    let library: NativeLibrary
    do {
      library = try NativeLibrary(path: path)
    } catch {
      throw JSException(runtime.makeError(.error, "ffi.dlopen: cannot open '\(path)': \(error.text)"))
    }
    let symbols = RootedValues(runtime, capacity: 2)
    symbols.append(runtime.newPlainObject().value)
    for binding in bindings {
      let address: UnsafeRawPointer
      do {
        address = try library.address(of: binding.symbol)
      } catch {
        if binding.optional {
          try runtime.setProperty(symbols[0], binding.key, .null)
          continue
        }
        library.close()
        throw JSException(
          runtime.makeError(.error, "ffi.dlopen: symbol '\(binding.symbol)' not found in '\(path)': \(error.text)"))
      }
      let function = symbolFunction(binding.key, binding.signature, address, library)
      try runtime.setProperty(symbols[0], binding.key, function)
    }
    return libraryObject(symbols[0], library)
  }

  /// The script function calling one symbol.
  private func symbolFunction(
    _ name: String, _ signature: NativeSignature, _ address: UnsafeRawPointer, _ library: NativeLibrary
  ) -> Value {
    runtime.newNativeFunction(name: name, length: signature.parameters.count) {
      runtime, arguments throws(JSException) in
      guard library.isOpen else {
        throw JSException(runtime.makeError(.error, "\(name): the library '\(library.path)' was closed"))
      }
      return try library.whileCalling { () throws(JSException) in
        try self.callNative(signature, at: address, name: name, arguments: arguments.all)
      }
    }.value
  }

  /// `{ symbols, close() }`.
  private func libraryObject(_ symbols: Value, _ library: NativeLibrary) -> Value {
    let object = runtime.newPlainObject()
    runtime.addProperty(object, runtime.propertyKey("symbols"), symbols, .builtin)
    runtime.defineNativeMethod(object, "close", length: 0) { _, _ throws(JSException) in
      library.close()
      return .undefined
    }
    return object.value
  }
}
