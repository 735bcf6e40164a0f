#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// `print` (ToString of each argument, like the jsc and d8 shells), the console object (its
// methods in ConsoleMethods.swift); the node-like rendering of the values it prints is in
// Inspect.swift.

extension Realm {
  func installConsole(_ runtime: Runtime) {
    let global = globalObject!
    runtime.defineNativeMethod(global, "print", length: 0) { runtime, arguments throws(JSException) in
      var line: [UInt8] = []
      for index in 0..<arguments.count {
        if index > 0 { line.append(0x20) }
        try runtime.toString(arguments[index]).appendUTF8(to: &line, runtime.heap)
      }
      line.append(0x0A)
      runtime.writeOutput(utf8: line, toError: false)
      return .undefined
    }
    let console = runtime.newPlainObject()
    runtime.addProperty(global, runtime.propertyKey("console"), console.value, .builtin)
    deferProperties(of: console, to: .console)
  }
}

extension Runtime {
  /// Writes script output (the embedder may redirect it with `outputHandler`).
  func writeOutput(_ text: String, toError: Bool) {
    if let handler = outputHandler {
      handler(text, toError)
      return
    }
    // stdout is buffered (a pipe gets large writes) and stderr is not: flushing stdout before
    // each error write keeps the two in the order written when they share one pipe.
    if toError { fflush(stdout) }
    var copy = text
    copy.withUTF8 { bytes in
      _ = fwrite(bytes.baseAddress, 1, bytes.count, toError ? stderr : stdout)
    }
    if toError { fflush(stderr) }
  }

  /// Writes script output already encoded as UTF-8.
  func writeOutput(utf8 bytes: [UInt8], toError: Bool) {
    if outputHandler != nil {
      writeOutput(String(decoding: bytes, as: UTF8.self), toError: toError)
      return
    }
    if toError { fflush(stdout) }
    bytes.withUnsafeBufferPointer { _ = fwrite($0.baseAddress, 1, $0.count, toError ? stderr : stdout) }
    if toError { fflush(stderr) }
  }
}
