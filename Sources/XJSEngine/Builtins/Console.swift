#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// `print` (ToString of each argument, like the jsc and d8 shells), the console object (its
// methods in ConsoleMethods.swift) and the node-like rendering of values it prints.

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

  /// A node-style rendering of a value for console output.
  func inspect(_ value: Value, quotingStrings: Bool = false) -> String {
    var inspector = Inspector(runtime: self)
    return inspector.render(value, depth: 0, nested: quotingStrings)
  }
}

/// Renders values the way node's util.inspect does, for the common cases.
struct Inspector {
  let runtime: Runtime
  var seen: [Value] = []
  static let maximumDepth = 2
  static let lineWidth = 72

  init(runtime: Runtime) { self.runtime = runtime }

  mutating func render(_ value: Value, depth: Int, nested: Bool = false) -> String {
    if value.isString {
      let text = value.asString.swiftString(runtime.heap)
      return nested ? quote(text) : text
    }
    if value.isNumber {
      let number = value.asNumber
      if number == 0 && number.sign == .minus { return "-0" }
      return (try? runtime.toString(value).swiftString(runtime.heap)) ?? "NaN"
    }
    if value.isUndefined { return "undefined" }
    if value.isNull { return "null" }
    if value.isBoolean { return value.asBool ? "true" : "false" }
    if value.isSymbol { return runtime.symbolDescriptiveString(value.asSymbol) }
    if value.isBigInt { return runtime.bigIntToString(value.asBigInt).swiftString(runtime.heap) + "n" }
    guard value.isObject else { return "?" }
    let object = value.asObject
    // A Proxy shows as its target, without running any trap (node's default, showProxy: false).
    if object.isProxy {
      let target = object.internalSlot(0)
      return target.isObject ? render(target, depth: depth, nested: nested) : "<Revoked Proxy>"
    }
    if seen.contains(value) { return "[Circular *1]" }
    if object.isCallable { return renderFunction(object) }
    if object.objectClass == .error { return renderError(object) }
    if depth > Inspector.maximumDepth { return object.isArray ? "[Array]" : "[Object]" }
    seen.append(value)
    defer { seen.removeLast() }
    switch object.objectClass {
    case .array: return renderArray(object, depth: depth)
    case .regExp, .date:
      return (try? runtime.toString(value).swiftString(runtime.heap)) ?? "[object]"
    case .map, .set: return renderCollection(object, depth: depth)
    case .promise: return renderPromise(object, depth: depth)
    case .booleanObject, .numberObject, .stringObject, .bigIntObject:
      let inner = render(object.internalSlot(0), depth: depth, nested: true)
      let kinds: [ObjectClass: String] = [
        .booleanObject: "Boolean", .numberObject: "Number", .stringObject: "String", .bigIntObject: "BigInt",
      ]
      let kind = kinds[object.objectClass] ?? "Object"
      return "[\(kind): \(inner)]"
    default: return renderObject(object, depth: depth)
    }
  }

  private func quote(_ text: String) -> String {
    // node's choice: single quotes, else double, else backquotes, whichever the text lacks.
    var quoteCharacter = "'"
    if text.contains("'") {
      if !text.contains("\"") {
        quoteCharacter = "\""
      } else if !text.contains("`") {
        quoteCharacter = "`"
      }
    }
    var result = quoteCharacter
    for character in text {
      switch character {
      case "\n": result += "\\n"
      case "\t": result += "\\t"
      case "\\": result += "\\\\"
      default:
        if String(character) == quoteCharacter { result += "\\" + quoteCharacter } else { result.append(character) }
      }
    }
    return result + quoteCharacter
  }

  private func renderFunction(_ function: ObjectRef) -> String {
    var name = ""
    if case .data(let value, _, _) = runtime.lookupOwn(function, runtime.names.name), value.isString {
      name = value.asString.swiftString(runtime.heap)
    }
    if function.hasFlag(ObjectFlags.classConstructor) {
      return name.isEmpty ? "[class (anonymous)]" : "[class \(name)]"
    }
    return name.isEmpty ? "[Function (anonymous)]" : "[Function: \(name)]"
  }

  private func renderError(_ error: ObjectRef) -> String {
    if case .data(let stack, _, _) = runtime.lookupOwn(error, runtime.names.stack), stack.isString {
      return stack.asString.swiftString(runtime.heap)
    }
    return (try? runtime.errorHeadline(error)) ?? "Error"
  }

  private mutating func renderArray(_ array: ObjectRef, depth: Int) -> String {
    let length = Int(runtime.arrayLength(array))
    var items: [String] = []
    var holes = 0
    func flushHoles() {
      if holes > 0 {
        items.append("<\(holes) empty item\(holes == 1 ? "" : "s")>")
        holes = 0
      }
    }
    for index in 0..<min(length, 100) {
      switch runtime.lookupOwn(array, PropertyKey(index: UInt32(index))) {
      case .data(let element, _, _):
        flushHoles()
        items.append(render(element, depth: depth + 1, nested: true))
      case .accessor:
        flushHoles()
        items.append("[Getter/Setter]")
      default:
        holes += 1
      }
    }
    flushHoles()
    if length > 100 { items.append("... \(length - 100) more item\(length - 100 == 1 ? "" : "s")") }
    items.append(contentsOf: namedEntries(array, depth: depth, skipIndices: true))
    return wrap(items, open: "[", close: "]", depth: depth)
  }

  /// `Map(2) { 'a' => 1, 'b' => 2 }`, `Set(1) { 1 }`, then any own enumerable properties (as node).
  private mutating func renderCollection(_ object: ObjectRef, depth: Int) -> String {
    let table = object.payloadObject(as: OrderedHashTable.self)!
    let isMap = object.objectClass == .map
    var items: [String] = []
    for index in 0..<table.used where table.isLive(index) {
      let key = render(table.key(at: index), depth: depth + 1, nested: true)
      items.append(isMap ? "\(key) => \(render(table.value(at: index), depth: depth + 1, nested: true))" : key)
    }
    items.append(contentsOf: namedEntries(object, depth: depth, skipIndices: false))
    let prefix = "\(isMap ? "Map" : "Set")(\(table.count)) "
    return prefix + wrap(items, open: "{", close: "}", depth: depth)
  }

  /// `Promise { 1 }`, `Promise { <pending> }`, `Promise { <rejected> reason }` (as node).
  private mutating func renderPromise(_ promise: ObjectRef, depth: Int) -> String {
    var items: [String] = []
    let result = render(promise.internalSlot(PromiseSlot.result), depth: depth + 1, nested: true)
    switch runtime.promiseState(promise) {
    case .pending: items.append("<pending>")
    case .fulfilled: items.append(result)
    case .rejected: items.append("<rejected> " + result)
    }
    items.append(contentsOf: namedEntries(promise, depth: depth, skipIndices: false))
    return "Promise " + wrap(items, open: "{", close: "}", depth: depth)
  }

  private mutating func renderObject(_ object: ObjectRef, depth: Int) -> String {
    let items = namedEntries(object, depth: depth, skipIndices: false)
    var prefix = ""
    let prototype = object.prototype
    if object.objectClass == .moduleNamespace {
      prefix = "[Module: null prototype] "
    } else if prototype.isNull {
      prefix = "[Object: null prototype] "
    } else if prototype.isObject, prototype != runtime.realm[.objectPrototype],
      case .data(let constructor, _, _) = runtime.lookupOwn(prototype.asObject, runtime.names.constructor),
      constructor.isObject,
      case .data(let name, _, _) = runtime.lookupOwn(constructor.asObject, runtime.names.name), name.isString,
      name.asString.length > 0
    {
      prefix = name.asString.swiftString(runtime.heap) + " "
    }
    if items.isEmpty { return prefix + "{}" }
    return prefix + wrap(items, open: "{", close: "}", depth: depth)
  }

  private mutating func namedEntries(_ object: ObjectRef, depth: Int, skipIndices: Bool) -> [String] {
    guard let keys = try? runtime.ownPropertyKeys(object) else { return [] }
    var items: [String] = []
    for key in keys {
      if skipIndices && (key.isIndex || key == runtime.names.length) { continue }
      let lookup = runtime.lookupOwn(object, key)
      let keyText = renderKey(key)
      switch lookup {
      case .data(let value, let attributes, _):
        if !attributes.contains(.enumerable) { continue }
        items.append("\(keyText): \(render(value, depth: depth + 1, nested: true))")
      case .accessor(let pair, let attributes, _):
        if !attributes.contains(.enumerable) { continue }
        let kind =
          pair.getter.isUndefined ? "[Setter]" : pair.setter.isUndefined ? "[Getter]" : "[Getter/Setter]"
        items.append("\(keyText): \(kind)")
      case .exotic:
        // An export still in its TDZ shows as node shows it.
        let value = try? runtime.get(object, key)
        items.append("\(keyText): \(value.map { render($0, depth: depth + 1, nested: true) } ?? "<uninitialized>")")
      default:
        continue
      }
    }
    return items
  }

  private func renderKey(_ key: PropertyKey) -> String {
    if key.isSymbol { return "[\(runtime.symbolDescriptiveString(key.symbol))]" }
    let text = runtime.keyDescription(key)
    if key.isIndex { return "'\(text)'" }
    let isIdentifier =
      !text.isEmpty
      && text.unicodeScalars.enumerated().allSatisfy { index, scalar in
        scalar == "_" || scalar == "$" || (index == 0 ? scalar.properties.isIDStart : scalar.properties.isIDContinue)
      }
    return isIdentifier ? text : quote(text)
  }

  private func wrap(_ items: [String], open: String, close: String, depth: Int) -> String {
    if items.isEmpty { return open + close }
    let single = "\(open) \(items.joined(separator: ", ")) \(close)"
    if single.count <= Inspector.lineWidth && !single.contains("\n") { return single }
    let indent = String(repeating: "  ", count: depth + 1)
    let closingIndent = String(repeating: "  ", count: depth)
    return open + "\n" + items.map { indent + $0 }.joined(separator: ",\n") + "\n" + closingIndent + close
  }
}
