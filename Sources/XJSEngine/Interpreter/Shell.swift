import XJSSyntax

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// What the command line (and the test262 host) needs from the engine:
// running a file, reporting uncaught errors, and the `$262` object.

package struct ScriptOptions {
  package var dumpBytecode = false
  package var printCompletion = false
  package init() {}
}

package enum ScriptOutcome {
  case completed(Value)
  case syntaxError(String)
  case uncaught(String)
}

extension Runtime {
  /// Compiles and runs `text` as a script named `name`.
  package func runScript(_ text: [UInt16], name: String, options: ScriptOptions = ScriptOptions()) -> ScriptOutcome {
    let source = SourceFile(name: name, text: text)
    let code: CodeBlockCellRef
    do throws(EvaluationError) {
      code = try compileScriptSource(source)
    } catch .syntax(let error) {
      return .syntaxError(error.description)
    } catch {
      return .syntaxError("SyntaxError: could not compile")
    }
    if options.dumpBytecode {
      writeOutput(dumpBytecode(code), toError: false)
    }
    do {
      let value = try runTopLevel(code, this: realm.globalObject.value, environment: realm.globalEnvironment)
      // The job queue runs once the script is done (ES2025 9.5, HostEnqueuePromiseJob).
      if let message = drainJobsReportingErrors() { return .uncaught(message) }
      return .completed(value)
    } catch let exception {
      return .uncaught(describeUncaught(exception.value))
    }
  }

  /// `Uncaught TypeError: message` followed by the stack, for an uncaught exception;
  /// `Uncaught (in promise) …` for the reason of a promise rejected with no handler.
  package func describeUncaught(_ value: Value, inPromise: Bool = false) -> String {
    describeError(value, prefix: inPromise ? "Uncaught (in promise) " : "Uncaught ")
  }

  /// An error's stack (or headline), or another thrown value as `inspect` shows it.
  package func describeError(_ value: Value, prefix: String = "") -> String {
    if value.isObject, value.asObject.objectClass == .error {
      let error = value.asObject
      if case .data(let stack, _, _) = lookupOwn(error, names.stack), stack.isString {
        // As node prints an uncaught error: util.inspect's form, the stack followed by the
        // error's own properties, `[cause]` chain and `[errors]` in braces when it has any
        // (a stack that inspect shows otherwise, like a SyntaxError's source excerpt, as is).
        let text = stack.asString.swiftString(heap)
        let rendered = inspect(value)
        return prefix + (rendered.hasPrefix(text) ? rendered : text)
      }
      return prefix + ((try? errorHeadline(error)) ?? "Error")
    }
    if value.isString { return prefix + value.asString.swiftString(heap) }
    return prefix + inspect(value)
  }

  /// A completion value as the REPL shows it.
  package func describeResult(_ value: Value) -> String {
    inspect(value, quotingStrings: true)
  }

  /// Installs `$262` (test262 INTERPRETING.md) in the current realm.
  package func installTest262Host() {
    installTest262Host(in: realm)
  }

  private func installTest262Host(in targetRealm: Realm) {
    let saved = realm
    realm = targetRealm
    defer { realm = saved }
    let host = newPlainObject()
    addProperty(targetRealm.globalObject, propertyKey("$262"), host.value, .builtin)
    addProperty(host, propertyKey("global"), targetRealm.globalObject.value, .builtin)
    defineNativeMethod(host, "gc", length: 0) { runtime, _ throws(JSException) in
      runtime.heap.collect()
      return .undefined
    }
    defineNativeMethod(host, "detachArrayBuffer", length: 1) { runtime, arguments throws(JSException) in
      let buffer = arguments[0]
      guard buffer.isObject, buffer.asObject.objectClass == .arrayBuffer else {
        throw runtime.typeError("detachArrayBuffer: not an ArrayBuffer")
      }
      runtime.detachArrayBuffer(buffer.asObject)
      return .null
    }
    defineNativeMethod(host, "createRealm", length: 0) { runtime, _ throws(JSException) in
      let newRealm = runtime.createRealm()
      runtime.installTest262Host(in: newRealm)
      return try runtime.get(newRealm.globalObject, runtime.propertyKey("$262"))
    }
    defineNativeMethod(host, "evalScript", length: 1) { runtime, arguments throws(JSException) in
      let text = try runtime.toString(arguments[0]).utf16Array(runtime.heap)
      let saved = runtime.realm
      runtime.realm = targetRealm
      defer { runtime.realm = saved }
      let source = SourceFile(name: "<evalScript>", text: text)
      let code: CodeBlockCellRef
      do throws(EvaluationError) {
        code = try runtime.compileScriptSource(source)
      } catch .syntax(let error) {
        throw runtime.syntaxError(error.message)
      } catch {
        throw runtime.syntaxError("could not compile")
      }
      return try runtime.runTopLevel(
        code, this: targetRealm.globalObject.value, environment: targetRealm.globalEnvironment)
    }
  }
}
