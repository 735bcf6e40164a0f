import XJSSyntax

// What the command line's REPL needs from the engine: evaluating one input in the realm that
// persists between inputs (with `_` and `_error`), telling incomplete input from errors,
// stopping a running input from a signal handler, and names for tab completion read without
// running any JS.

extension Runtime {
  package enum REPLResult {
    case incomplete
    case value(String)
    case error(String)
  }

  private static let lastValueKey = "repl:_"
  private static let lastErrorKey = "repl:_error"
  private static let assignedKey = "repl:_assigned"

  /// Evaluates one REPL input; an input that ends in the middle of a construct is incomplete
  /// (unless `allowingIncomplete` is false: a loaded file gets its SyntaxError).
  package func evaluateForREPL(_ text: String, allowingIncomplete: Bool = true) -> REPLResult {
    let units = Array(text.utf16)
    if allowingIncomplete && isIncompleteREPLInput(units) { return .incomplete }
    let source = SourceFile(name: "<repl>", text: units)
    let code: CodeBlockCellRef
    do throws(EvaluationError) {
      code = try compileScriptSource(source)
    } catch .syntax(let error) {
      return .error(error.description)
    } catch {
      return .error("SyntaxError: could not compile")
    }
    do {
      let value = try runTopLevel(code, this: realm.globalObject.value, environment: realm.globalEnvironment)
      let notice = noticeAssignmentToUnderscore()
      if let message = drainJobsReportingErrors() { return .error(notice + message) }
      setREPLGlobal("_", Runtime.lastValueKey, value)
      return .value(notice + describeResult(value))
    } catch let exception {
      let notice = noticeAssignmentToUnderscore()
      if isTermination(exception) {
        // Worded as node words an input stopped by Ctrl-C.
        return .error(notice + "Uncaught Error: Script execution interrupted.")
      }
      setREPLGlobal("_error", Runtime.lastErrorKey, exception.value)
      return .error(notice + describeUncaught(exception.value))
    }
  }

  /// Whether more lines could complete the input: the parse fails only at its end, or inside
  /// a template, comment or string (with a line continuation) still open there. The line's
  /// newline is put back first, so `'abc\` continues and `'abc` is a SyntaxError, as in node.
  private func isIncompleteREPLInput(_ units: [UInt16]) -> Bool {
    let source = SourceFile(name: "<repl>", text: units + [0x0A])
    do {
      _ = try parseScript(source, options: parserOptions())
      return false
    } catch let error {
      return error.offset >= units.count || error.endedInsideToken
    }
  }

  /// `_` and `_error` are global properties the REPL writes after each input, until the user
  /// assigns one of them (node's rule: then it is theirs and the REPL stops writing it).
  private func setREPLGlobal(_ name: String, _ key: String, _ value: Value) {
    if realm.hostValues[Runtime.assignedKey + name] != nil { return }
    let global = realm.globalObject!
    let propertyName = propertyKey(name)
    if case .data(_, _, let place) = lookupOwn(global, propertyName) {
      writeOwnData(global, place, value)
    } else {
      addProperty(global, propertyName, value, .builtin)
    }
    realm.hostValues[key] = value
  }

  /// The message node prints when the input just run assigned `_` or `_error` (the REPL's
  /// own value is no longer there).
  private func noticeAssignmentToUnderscore() -> String {
    var notice = ""
    for (name, key) in [("_", Runtime.lastValueKey), ("_error", Runtime.lastErrorKey)] {
      guard let ours = realm.hostValues[key], realm.hostValues[Runtime.assignedKey + name] == nil else { continue }
      var current = Value.undefined
      if case .data(let value, _, _) = lookupOwn(realm.globalObject, propertyKey(name)) { current = value }
      if current != ours {
        realm.hostValues[Runtime.assignedKey + name] = .true
        notice += "Expression assignment to \(name) now disabled.\n"
      }
    }
    return notice
  }

  /// The word a signal handler sets to stop the running script at its next safe point (both
  /// tiers poll it); storing 1 (`RuntimeHotState.interruptBit`) requests the interrupt and is
  /// async-signal-safe.
  package var interruptRequestWord: UnsafeMutablePointer<Int32> { interruptFlag }

  /// Forgets an interrupt requested while no script ran (it must not stop the next input).
  package func clearInterruptRequest() { interruptFlag.pointee = 0 }

  // MARK: Tab completion

  /// Global names for completion: the global lexical bindings, then the global object's
  /// properties and its prototypes'. No JS runs.
  package func globalNamesForCompletion() -> [String] {
    var names = stringKeys(of: realm.globalLexicals)
    names += propertyNamesAlongChain(realm.globalObject.value)
    return names
  }

  /// The property names (own and inherited) of the value a dotted path names, e.g.
  /// ["Math"] or ["a", "b"]; nil when the path does not resolve to a value through data
  /// properties alone (an accessor, a proxy or a host object with hooks stops it, so
  /// completing never runs a getter or trap).
  package func propertyNamesForCompletion(path: [String]) -> [String]? {
    guard let first = path.first, var value = globalDataValue(first) else { return nil }
    for name in path.dropFirst() {
      guard let next = dataProperty(of: value, propertyKey(name)) else { return nil }
      value = next
    }
    var names = propertyNamesAlongChain(value)
    if value.isString { names.insert("length", at: 0) }
    return names
  }

  private func globalDataValue(_ name: String) -> Value? {
    let key = propertyKey(name)
    if case .data(let value, _, _) = lookupOwn(realm.globalLexicals, key) {
      return value.isEmpty ? nil : value
    }
    return dataProperty(of: realm.globalObject.value, key)
  }

  /// The object a value's properties are looked up on: itself, or its primitive's prototype.
  private func lookupStart(_ value: Value) -> Value? {
    if value.isObject { return value }
    if value.isString { return realm[.stringPrototype] }
    if value.isNumber { return realm[.numberPrototype] }
    if value.isBoolean { return realm[.booleanPrototype] }
    if value.isSymbol { return realm[.symbolPrototype] }
    if value.isBigInt { return realm[.bigIntPrototype] }
    return nil
  }

  /// A data property found along the prototype chain; nil at an accessor or exotic object.
  private func dataProperty(of value: Value, _ key: PropertyKey) -> Value? {
    guard var current = lookupStart(value) else { return nil }
    for _ in 0..<10_000 {
      let object = current.asObject
      switch lookupOwn(object, key) {
      case .data(let found, _, _): return found
      case .accessor, .exotic: return nil
      case .absent:
        let prototype = object.prototype
        guard prototype.isObject else { return nil }
        current = prototype
      }
    }
    return nil
  }

  private func propertyNamesAlongChain(_ value: Value) -> [String] {
    guard var current = lookupStart(value) else { return [] }
    var names: [String] = []
    for _ in 0..<10_000 {
      let object = current.asObject
      if object.isProxy || object.objectClass == .moduleNamespace || hasHostHooks(object) { break }
      names += stringKeys(of: object)
      let prototype = object.prototype
      guard prototype.isObject else { break }
      current = prototype
    }
    return names
  }

  private func stringKeys(of object: ObjectRef) -> [String] {
    ordinaryOwnPropertyKeys(object).compactMap { key in
      key.isString ? key.atom.swiftString(heap) : nil
    }
  }
}
