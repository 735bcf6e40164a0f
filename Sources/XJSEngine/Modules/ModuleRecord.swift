import XJSSyntax

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// Module records (ES2025 16.2.1.5 Cyclic Module Records, 16.2.1.6 Source Text Module Records,
// and JSON modules as Synthetic Module Records) and loading a module graph through the host's
// loader.
//
// A record is a Swift object the runtime keeps for the life of the runtime (`modules`, indexed
// by `ModuleRecord.index`; a realm's module map finds it by URL and type). Its JavaScript values
// (environment, namespace, code, evaluation error, promise, import.meta) live in a RootedValues
// list, so the collector sees them.

/// Where a module's source comes from: what a host's loader returns.
package struct ModuleSource {
  /// The module's identity: the key of the realm's module map, `import.meta.url`, the name in
  /// stack traces, and what relative specifiers inside it resolve against.
  package var url: String
  package var text: String

  package init(url: String, text: String) {
    self.url = url
    self.text = text
  }
}

/// The host's module loader (HostLoadImportedModule): resolves `specifier` as imported from
/// `referrer` (a module's URL, or a script's name; nil for the host's own entry point) and
/// returns the module's source, or throws a message saying why it cannot (it becomes a
/// TypeError in JavaScript, or the CLI's error).
package protocol ModuleLoader: AnyObject {
  /// The resolved URL of `specifier` (the module map's key), without reading anything.
  func resolve(_ specifier: String, referrer: String?) throws(ModuleLoadError) -> String
  /// The source at a resolved URL.
  func load(url: String) throws(ModuleLoadError) -> String
}

package struct ModuleLoadError: Error, CustomStringConvertible {
  package var message: String
  package init(_ message: String) { self.message = message }
  package var description: String { message }
}

/// Resolves specifiers as file paths: `./x.js` and `../x.js` relative to the importing file's
/// directory, `/abs/x.js` as it is, and `file:` URLs (percent-decoded); a bare specifier
/// (`lodash`) or another scheme is an error (no package lookup). A `?query` stays part of the
/// module's identity (a second instance of the file, as in node); a `#fragment` is dropped.
package final class FileModuleLoader: ModuleLoader {
  package init() {}

  package func resolve(_ specifier: String, referrer: String?) throws(ModuleLoadError) -> String {
    var (path, query) = Self.splitQuery(specifier)
    if path.hasPrefix("file:") {
      path = try Self.filePath(ofURL: path, specifier: specifier)
      return Self.normalize(path) + query
    }
    if path.hasPrefix("/") { return Self.normalize(path) + query }
    guard path.hasPrefix("./") || path.hasPrefix("../") || path == "." || path == ".." else {
      if let colon = path.firstIndex(of: ":"), !path[..<colon].contains("/") {
        throw ModuleLoadError("Cannot load '\(specifier)': only file paths and file: URLs are supported")
      }
      throw ModuleLoadError(
        "Cannot resolve module specifier '\(specifier)' (bare specifiers are not supported: "
          + "use a path starting with '/', './' or '../')")
    }
    var base = Self.splitQuery(referrer ?? "").path
    if base.hasPrefix("file:") { base = (try? Self.filePath(ofURL: base, specifier: base)) ?? base }
    let directory: String
    if !base.hasPrefix("/") {
      directory = Self.currentDirectory() + "/" + Self.directoryOf(base)
    } else {
      directory = Self.directoryOf(base)
    }
    return Self.normalize(directory + "/" + path) + query
  }

  /// The path and `?query` of a specifier, without its `#fragment`.
  static func splitQuery(_ specifier: String) -> (path: String, query: String) {
    var text = Substring(specifier)
    if let hash = text.firstIndex(of: "#") { text = text[..<hash] }
    guard let question = text.firstIndex(of: "?") else { return (String(text), "") }
    return (String(text[..<question]), String(text[question...]))
  }

  /// The path of a `file:` URL (`file:///a/b`, `file://localhost/a/b`), percent-decoded.
  static func filePath(ofURL url: String, specifier: String) throws(ModuleLoadError) -> String {
    var rest = Substring(url.dropFirst("file:".count))
    if rest.hasPrefix("//") {
      rest = rest.dropFirst(2)
      if rest.hasPrefix("localhost/") { rest = rest.dropFirst("localhost".count) }
      guard rest.hasPrefix("/") else {
        throw ModuleLoadError("Cannot load '\(specifier)': a file: URL with a host names no local file")
      }
    }
    guard rest.hasPrefix("/") else { throw ModuleLoadError("Cannot load '\(specifier)': not an absolute file: URL") }
    return percentDecoded(rest)
  }

  /// `%XX` escapes decoded as UTF-8 bytes (invalid sequences become U+FFFD); others kept.
  package static func percentDecoded(_ text: Substring) -> String {
    var bytes: [UInt8] = []
    var utf8 = Array(text.utf8)[...]
    while let byte = utf8.popFirst() {
      if byte == UInt8(ascii: "%"), utf8.count >= 2,
        let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16)
      {
        bytes.append(value)
        utf8 = utf8.dropFirst(2)
      } else {
        bytes.append(byte)
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  package func load(url: String) throws(ModuleLoadError) -> String {
    if let text = Self.readUTF8File(Self.splitQuery(url).path) { return text }
    switch errno {
    case ENOENT, ENOTDIR: throw ModuleLoadError("Cannot find module '\(url)'")
    case EISDIR: throw ModuleLoadError("Cannot load '\(url)': it is a directory (directory imports are not supported)")
    default: throw ModuleLoadError("Cannot read module '\(url)'")
    }
  }

  /// Reads a file as UTF-8 (invalid sequences become U+FFFD; a byte order mark is skipped);
  /// nil when it cannot be opened or read, with `errno` saying why. The CLI reads scripts so too.
  package static func readUTF8File(_ path: String) -> String? {
    guard let file = fopen(path, "rb") else { return nil }
    defer { fclose(file) }
    return readUTF8(file)
  }

  /// Reads an open file to its end as `readUTF8File` does (the caller closes it).
  package static func readUTF8(_ file: UnsafeMutablePointer<FILE>) -> String? {
    readBytes(file).map { String(decoding: $0, as: UTF8.self) }
  }

  /// A file's contents as UTF-16 code units: UTF-8 decoded as `readUTF8File` does.
  package static func readUTF16File(_ path: String) -> [UInt16]? {
    guard let file = fopen(path, "rb") else { return nil }
    defer { fclose(file) }
    return readBytes(file).map { bytes in bytes.withUnsafeBufferPointer { utf16FromUTF8($0) } }
  }

  /// An open file's bytes to its end, without a leading UTF-8 byte order mark.
  private static func readBytes(_ file: UnsafeMutablePointer<FILE>) -> [UInt8]? {
    var bytes: [UInt8] = []
    // A small chunk: a zero-filled 64 KB buffer alone was 1 % of print("hi")'s peak RSS.
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = fread(&buffer, 1, buffer.count, file)
      if count > 0 { bytes.append(contentsOf: buffer[0..<count]) }
      if count < buffer.count {
        if ferror(file) != 0 { return nil }
        break
      }
    }
    if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { bytes.removeFirst(3) }
    return bytes
  }

  static func directoryOf(_ path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return String(path[..<slash])
  }

  static func currentDirectory() -> String {
    var buffer = [CChar](repeating: 0, count: 4096)
    guard getcwd(&buffer, buffer.count) != nil else { return "." }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// Removes `.` and `..` components and doubled slashes.
  static func normalize(_ path: String) -> String {
    var parts: [Substring] = []
    for part in path.split(separator: "/", omittingEmptySubsequences: true) {
      if part == "." { continue }
      if part == ".." {
        if !parts.isEmpty { parts.removeLast() }
        continue
      }
      parts.append(part)
    }
    return "/" + parts.joined(separator: "/")
  }
}

enum ModuleStatus {
  case new, unlinked, linking, linked, evaluating, evaluatingAsync, evaluated
}

/// A resolved export: the module whose environment holds it and the binding's local name, or
/// the module's namespace (`export * as ns`).
struct ResolvedBinding {
  unowned let module: ModuleRecord
  /// nil: the namespace object of `module`.
  let bindingName: String?
}

enum ExportResolution {
  case resolved(ResolvedBinding)
  case notFound
  case ambiguous
}

final class ModuleRecord {
  let index: Int
  let url: String
  /// The module map key's type: nil for JavaScript, "json" for a JSON module.
  let type: String?
  let entries: ModuleEntries
  /// The modules the requests name, by request index (filled in as the graph loads).
  var loadedModules: [ModuleRecord?]
  /// Where the module's requests are in its source (error messages).
  let source: SourceFile?
  /// Local binding name → module environment slot (imports: the first of their two slots).
  var slots: [String: Int] = [:]
  var descriptor: ScopeDescriptor?
  var hasTopLevelAwait = false

  // Cyclic Module Record fields.
  var status: ModuleStatus = .new
  var dfsIndex = 0
  var dfsAncestorIndex = 0
  unowned(unsafe) var cycleRoot: ModuleRecord?
  var asyncEvaluation = false
  var asyncEvaluationOrder = 0
  var asyncParentModules: [ModuleRecord] = []
  var pendingAsyncDependencies = 0
  var hasEvaluationError = false
  /// The namespace's exports, sorted, with their resolutions (made with the namespace).
  var namespaceExports: [(key: PropertyKey, name: String, binding: ResolvedBinding)] = []
  var namespaceIndex: [PropertyKey: Int] = [:]
  /// Keeps the namespace's keys (atoms, weakly interned) alive while the Swift tables use them.
  var namespaceKeys: PropertyKeyList?

  private let roots: RootedValues
  private enum Root: Int, CaseIterable {
    case environment, namespace, instantiation, body, evaluationError, topLevelPromise, meta, jsonValue
  }

  init(runtime: Runtime, index: Int, url: String, type: String?, entries: ModuleEntries, source: SourceFile?) {
    self.index = index
    self.url = url
    self.type = type
    self.entries = entries
    self.source = source
    loadedModules = Array(repeating: nil, count: entries.requests.count)
    roots = RootedValues(runtime, capacity: Root.allCases.count)
    for _ in Root.allCases { roots.append(.undefined) }
  }

  private func root(_ root: Root) -> Value { roots[root.rawValue] }
  private func setRoot(_ root: Root, _ value: Value) { roots[root.rawValue] = value }

  var environment: Value {
    get { root(.environment) }
    set { setRoot(.environment, newValue) }
  }
  var namespace: Value {
    get { root(.namespace) }
    set { setRoot(.namespace, newValue) }
  }
  var instantiationCode: Value {
    get { root(.instantiation) }
    set { setRoot(.instantiation, newValue) }
  }
  var bodyCode: Value {
    get { root(.body) }
    set { setRoot(.body, newValue) }
  }
  var evaluationError: Value {
    get { root(.evaluationError) }
    set { setRoot(.evaluationError, newValue) }
  }
  /// [[TopLevelCapability]]'s promise (undefined: empty).
  var topLevelPromise: Value {
    get { root(.topLevelPromise) }
    set { setRoot(.topLevelPromise, newValue) }
  }
  var meta: Value {
    get { root(.meta) }
    set { setRoot(.meta, newValue) }
  }
  /// A JSON module's value (its default export).
  var jsonValue: Value {
    get { root(.jsonValue) }
    set { setRoot(.jsonValue, newValue) }
  }

  var isSynthetic: Bool { type == "json" }

  /// GetImportedModule (the graph is loaded before anything asks).
  func importedModule(_ request: Int) -> ModuleRecord { loadedModules[request]! }
}

extension Runtime {
  /// The realm's module map key.
  private func moduleMapKey(_ url: String, _ type: String?) -> String {
    type.map { url + "\u{0}" + $0 } ?? url
  }

  /// HostLoadImportedModule for every request of `root`'s graph (LoadRequestedModules), depth
  /// first with an explicit work list, so a graph thousands deep needs no native recursion.
  func loadModuleGraph(_ root: ModuleRecord) throws(JSException) {
    var work = [root]
    var seen: Set<Int> = [root.index]
    while let module = work.popLast() {
      for (request, key) in module.entries.requests.enumerated() where module.loadedModules[request] == nil {
        let imported = try loadModule(key, referrer: module, requestIndex: request)
        module.loadedModules[request] = imported
        if seen.insert(imported.index).inserted { work.append(imported) }
      }
    }
  }

  /// One module of a request: from the realm's module map, or loaded, parsed and compiled.
  func loadModule(
    _ request: ModuleRequestKey, referrer: ModuleRecord?, requestIndex: Int = 0, referrerName: String? = nil
  )
    throws(JSException) -> ModuleRecord
  {
    let loader = moduleLoader
    let importer = referrer?.url ?? referrerName
    func failure(_ message: String) -> JSException {
      // "Cannot find module '…' imported from …" as node says it; other reasons end in a clause.
      var text = message + (message.hasPrefix("Cannot find module") ? "" : ",")
      if let referrer, let source = referrer.source, requestIndex < referrer.entries.requestRanges.count {
        let (line, column) = source.location(of: Int(referrer.entries.requestRanges[requestIndex].start))
        text += " imported from \(referrer.url):\(line):\(column)"
      } else if let importer {
        text += " imported from \(importer)"
      }
      return typeError(text)
    }
    // Import attributes: only `type`, and only "json" (HostGetSupportedImportAttributes).
    for attribute in request.attributes where attribute.key != "type" {
      throw syntaxError("Unsupported import attribute '\(attribute.key)'")
    }
    let type = request.type
    if let type, type != "json" { throw failure("Unsupported module type '\(type)'") }
    let url: String
    do {
      url = try loader.resolve(request.specifier, referrer: importer)
    } catch {
      throw failure(error.message)
    }
    let key = moduleMapKey(url, type)
    if let existing = realm.moduleMap[key] { return existing }
    if type == nil && url.hasSuffix(".json") {
      throw failure("Module '\(url)' is JSON: import it `with { type: \"json\" }`")
    }
    let text: String
    do {
      text = try loader.load(url: url)
    } catch {
      throw failure(error.message)
    }
    let module = try createModule(url: url, type: type, text: text)
    return module
  }

  /// Parses and compiles a module's source into a new record in the realm's module map.
  func createModule(url: String, type: String?, text: String) throws(JSException) -> ModuleRecord {
    let source = SourceFile(name: url, string: text)
    if type == "json" {
      let module = ModuleRecord(
        runtime: self, index: modules.count, url: url, type: type, entries: ModuleEntries(), source: source)
      // ParseJSONModule: a SyntaxError for bad JSON surfaces when the module is loaded.
      do {
        module.jsonValue = try parseJSONText(newString(text))
      } catch let error {
        let message = (try? toString(get(error.value.asObject, names.message)).swiftString(heap)) ?? "invalid JSON"
        throw syntaxError("\(message) (in JSON module \(url))")
      }
      module.slots = ["default": 0]
      register(module, key: moduleMapKey(url, type))
      return module
    }
    beginFrontEndJob()
    defer { endFrontEndJob() }
    let program: Program
    do {
      program = try parseModule(source, options: parserOptions(strict: true))
    } catch let error {
      if let stop = frontEndStop { throw stop }
      throw syntaxErrorWithLocation(error)
    }
    analyzeScopes(program, context: ScopeContext(checkpoint: analyzerCheckpoint()))
    if let stop = frontEndStop { throw stop }
    let module = ModuleRecord(
      runtime: self, index: modules.count, url: url, type: nil, entries: ModuleEntries(program), source: source)
    for attributes in module.entries.requests.flatMap({ $0.attributes }) where attributes.key != "type" {
      throw syntaxErrorWithLocation(
        SyntaxError(message: "Unsupported import attribute '\(attributes.key)'", offset: 0, sourceName: url))
    }
    let compiled: CompiledModule
    do {
      compiled = try compileModule(program, for: module)
    } catch let error {
      if let stop = frontEndStop { throw stop }
      throw syntaxErrorWithLocation(compileErrorAsSyntaxError(error, source))
    }
    module.instantiationCode = compiled.instantiation.value
    module.bodyCode = compiled.body.value
    module.descriptor = compiled.descriptor
    module.hasTopLevelAwait = program.hasTopLevelAwait
    for binding in program.scope!.orderedBindings {
      if case .environment(let slot) = binding.location { module.slots[binding.name] = slot }
    }
    module.status = .unlinked
    register(module, key: moduleMapKey(url, nil))
    return module
  }

  private func register(_ module: ModuleRecord, key: String) {
    modules.append(module)
    realm.moduleMap[key] = module
  }

  /// A SyntaxError object whose message and stack name the file, line and column.
  func syntaxErrorWithLocation(_ error: SyntaxError) -> JSException {
    let exception = syntaxError(error.message)
    let located = error
    if exception.value.isObject {
      _ = try? defineOwnProperty(
        exception.value.asObject, names.stack,
        PropertyDescriptor(
          value: newString(located.description).value, writable: true, enumerable: false, configurable: true))
    }
    return exception
  }
}
