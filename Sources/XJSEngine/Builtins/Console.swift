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
      var parts: [String] = []
      for index in 0..<arguments.count {
        parts.append(try runtime.toString(arguments[index]).swiftString(runtime.heap))
      }
      runtime.writeOutput(parts.joined(separator: " ") + "\n", toError: false)
      return .undefined
    }
    let console = runtime.newPlainObject()
    runtime.addProperty(global, runtime.propertyKey("console"), console.value, .builtin)
    installConsoleMethods(runtime, on: console)
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
}
