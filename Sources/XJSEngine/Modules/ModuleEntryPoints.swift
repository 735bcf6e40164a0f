import XJSSyntax

// Running modules: the host's entry point (a file or source text run as a module), dynamic
// `import()` (ES2025 13.3.10.1 EvaluateImportCall, 16.2.1.9 ContinueDynamicImport) and
// `import.meta` (13.3.12.1, HostGetImportMetaProperties).

/// What a host gets for a module it runs.
package enum ModuleOutcome {
  /// The module and its graph are evaluating or evaluated: the promise of the evaluation
  /// (settled after the job queue drains unless some module awaits something longer).
  case started(Value)
  /// Loading or linking failed (a missing module, a SyntaxError, an unresolvable import).
  case failed(JSException)
}

extension Runtime {
  /// Loads, links and evaluates the module at `url` (a resolved URL: the loader's `load` reads
  /// it unless `text` is given), with the modules it imports.
  package func runModule(url: String, text: String? = nil) -> ModuleOutcome {
    do throws(JSException) {
      let module: ModuleRecord
      if let existing = realm.moduleMap[url] {
        module = existing
      } else if let text {
        module = try createModule(url: url, type: nil, text: text)
      } else {
        let source: String
        do throws(ModuleLoadError) {
          source = try moduleLoader.load(url: url)
        } catch {
          throw typeError(error.message)
        }
        module = try createModule(url: url, type: nil, text: source)
      }
      try loadModuleGraph(module)
      try link(module)
      let promise = evaluate(module)
      // The host looks at the result itself: no unhandled-rejection report for it.
      whenSettled(promise, data: .undefined) { _, _, _, _ in }
      return .started(promise)
    } catch let error {
      return .failed(error)
    }
  }

  /// `import(specifier, options)`: a promise; the module loads in a job of its own, so the
  /// importing code runs to its end first.
  func dynamicImport(specifier: Value, options: Value, referrer: ModuleRecord?, referrerName: String) -> Value {
    let promise = newPromise()
    do throws(JSException) {
      // 8–9. IfAbruptRejectPromise(ToString(specifier)).
      let specifierString = try toString(specifier)
      // 10. The options' `with` attributes.
      var type: Value = .undefined
      if !options.isUndefined {
        guard options.isObject else { throw typeError("The second argument of import() must be an object") }
        let attributes = try get(options.asObject, propertyKey("with"))
        if !attributes.isUndefined {
          guard attributes.isObject else { throw typeError("The 'with' option of import() must be an object") }
          let object = attributes.asObject
          for key in try ownPropertyKeys(object) where !key.isSymbol {
            guard let descriptor = try getOwnProperty(object, key), descriptor.enumerable == true else { continue }
            let value = try get(object, key)
            guard value.isString else { throw typeError("Import attribute values must be strings") }
            let name = keyDescription(key)
            guard name == "type" else { throw syntaxError("Unsupported import attribute '\(name)'") }
            type = value
          }
        }
      }
      let referrerValue = referrer.map { Value(Int32($0.index)) } ?? newString(referrerName).value
      // The values sit in a Swift array until the array object holds them.
      heap.deferralDepth += 1
      let data = newArray([promise, specifierString.value, type, referrerValue])
      heap.deferralDepth -= 1
      let ready = newPromise()
      resolvePromise(ready, with: .undefined)
      whenSettled(ready, data: data.value) { runtime, data, _, _ in runtime.continueDynamicImport(data.asObject) }
    } catch let error {
      rejectPromise(promise, reason: error.value)
    }
    return promise
  }

  /// Loads, links and evaluates the imported module; the promise gets its namespace.
  private func continueDynamicImport(_ data: ObjectRef) {
    let elements = data.denseElements
    let promise = elements[0]
    let specifier = StringRef(elements[1]).swiftString(heap)
    let type = elements[2].isString ? StringRef(elements[2]).swiftString(heap) : nil
    let referrer = elements[3].isInt32 ? modules[Int(elements[3].asInt32)] : nil
    let referrerName = elements[3].isString ? StringRef(elements[3]).swiftString(heap) : nil
    do throws(JSException) {
      let request = ModuleRequestKey(
        specifier: specifier, attributes: type.map { [ModuleRequestKey.Attribute(key: "type", value: $0)] } ?? [])
      let module = try loadModule(request, referrer: referrer, requestIndex: Int.max, referrerName: referrerName)
      try loadModuleGraph(module)
      try link(module)
      let evaluation = evaluate(module)
      heap.deferralDepth += 1
      let settled = newArray([promise, Value(Int32(module.index))])
      heap.deferralDepth -= 1
      whenSettled(evaluation, data: settled.value) { runtime, data, rejected, value in
        let elements = data.asObject.denseElements
        if rejected {
          runtime.rejectPromise(elements[0], reason: value)
          return
        }
        do throws(JSException) {
          let namespace = try runtime.moduleNamespace(runtime.modules[Int(elements[1].asInt32)])
          runtime.resolvePromise(elements[0], with: namespace)
        } catch let error {
          runtime.rejectPromise(elements[0], reason: error.value)
        }
      }
    } catch let error {
      rejectPromise(promise, reason: error.value)
    }
  }

  /// The module's `import.meta`: a null-prototype object with `url` and `resolve`.
  func importMeta(_ module: ModuleRecord) -> Value {
    if !module.meta.isUndefined { return module.meta }
    let meta = newObject(.ordinary, prototype: .null)
    addProperty(meta, propertyKey("url"), newString(Runtime.fileURL(module.url)).value, .default)
    let index = module.index
    let resolve = newNativeFunction(name: "resolve", length: 1) { runtime, arguments throws(JSException) in
      let specifier = try runtime.toString(arguments[0]).swiftString(runtime.heap)
      let url: String
      do throws(ModuleLoadError) {
        url = try runtime.moduleLoader.resolve(specifier, referrer: runtime.modules[index].url)
      } catch {
        throw runtime.typeError(error.message)
      }
      return runtime.newString(Runtime.fileURL(url)).value
    }
    addProperty(meta, propertyKey("resolve"), resolve.value, .default)
    module.meta = meta.value
    return meta.value
  }

  /// An absolute path as a file: URL, percent-encoded as node's pathToFileURL does (other
  /// identities stay as they are); a `?query` is kept.
  static func fileURL(_ url: String) -> String {
    guard url.hasPrefix("/") else { return url }
    let (path, query) = FileModuleLoader.splitQuery(url)
    var encoded = "file://"
    for byte in path.utf8 {
      let character = Character(Unicode.Scalar(byte))
      if byte < 0x80 && (character.isLetter || character.isNumber || "-._~!$&'()*+,;=:@/".contains(character)) {
        encoded.append(character)
      } else {
        encoded += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 15, radix: 16, uppercase: true)
      }
    }
    return encoded + query
  }
}

/// How a module's evaluation promise stands (for hosts reporting the result).
package enum ModuleEvaluationState {
  case pending
  case fulfilled
  case rejected(Value)
}

extension Runtime {
  package func moduleEvaluationState(_ promise: Value) -> ModuleEvaluationState {
    guard promise.isObject, promise.asObject.objectClass == .promise else { return .fulfilled }
    let object = promise.asObject
    switch promiseState(object) {
    case .pending: return .pending
    case .fulfilled: return .fulfilled
    case .rejected: return .rejected(object.internalSlot(PromiseSlot.result))
    }
  }
}

extension FileModuleLoader {
  /// The process's working directory (the base of relative paths given on the command line).
  package static func currentDirectoryPath() -> String { currentDirectory() }
  /// A path without `.` and `..` components.
  package static func normalizePath(_ path: String) -> String { normalize(path) }
  /// An absolute path as a percent-encoded `file:` URL (what `import.meta.url` gives).
  package static func fileURL(forPath path: String) -> String { Runtime.fileURL(path) }
  /// The local path a `file:` URL names, percent-decoded; nil for a URL with a host.
  package static func path(ofFileURL url: String) -> String? { try? filePath(ofURL: url, specifier: url) }
}

extension Runtime {
  /// The modules whose own top-level await has not settled (what a host names when the event
  /// loop ran dry with the entry module unfinished).
  package func modulesAwaitingAtTopLevel() -> [String] {
    modules.filter { $0.hasTopLevelAwait && $0.status == .evaluatingAsync && $0.pendingAsyncDependencies == 0 }
      .map(\.url)
  }
}
