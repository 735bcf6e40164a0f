// What a module imports and exports, read off its syntax tree: the fields of a Source Text
// Module Record that ParseModule computes (ES2025 16.2.1.7.1 steps 4–10): the requested
// modules, the import entries and the local, indirect and star export entries.

/// A module request: a specifier and its import attributes (ES2025 ModuleRequest Record).
/// Two requests are the same request when both agree (ModuleRequestsEqual).
public struct ModuleRequestKey: Hashable, Sendable {
  public var specifier: String
  /// Sorted by key.
  public var attributes: [Attribute]

  public struct Attribute: Hashable, Sendable {
    public var key: String
    public var value: String
    public init(key: String, value: String) {
      self.key = key
      self.value = value
    }
  }

  public init(specifier: String, attributes: [Attribute]) {
    self.specifier = specifier
    self.attributes = attributes.sorted { $0.key < $1.key }
  }

  /// The `type` attribute (`with { type: "json" }`), if any.
  public var type: String? { attributes.first { $0.key == "type" }?.value }
}

public struct ModuleEntries: Sendable {
  public struct ImportEntry: Sendable {
    /// Index into `requests`.
    public var request: Int
    /// nil: `import * as local` (the namespace object).
    public var importName: String?
    public var localName: String
    public var range: SourceRange
  }

  public struct LocalExport: Sendable {
    public var exportName: String
    public var localName: String
  }

  public struct IndirectExport: Sendable {
    public var exportName: String
    public var request: Int
    /// nil: `export * as exportName from …` (the other module's namespace).
    public var importName: String?
    public var range: SourceRange
  }

  /// [[RequestedModules]], in source order, each once.
  public var requests: [ModuleRequestKey] = []
  /// Where each request first appears (for error messages).
  public var requestRanges: [SourceRange] = []
  public var imports: [ImportEntry] = []
  public var localExports: [LocalExport] = []
  public var indirectExports: [IndirectExport] = []
  /// `export * from …`: indexes into `requests`.
  public var starExports: [Int] = []

  public init() {}

  /// The entries of a module's top-level statements.
  public init(_ program: Program) {
    var requestIndex: [ModuleRequestKey: Int] = [:]
    func add(_ request: ModuleRequest) -> Int {
      let key = ModuleRequestKey(
        specifier: String(decoding: request.specifier, as: UTF16.self),
        attributes: request.attributes.map {
          ModuleRequestKey.Attribute(key: $0.key, value: String(decoding: $0.value, as: UTF16.self))
        })
      if let index = requestIndex[key] { return index }
      requests.append(key)
      requestRanges.append(request.range)
      requestIndex[key] = requests.count - 1
      return requests.count - 1
    }
    var exportEntries: [(exportName: String, localName: String, range: SourceRange)] = []
    for statement in program.body {
      switch statement.kind {
      case .importDeclaration(let node):
        let request = add(node.request)
        for specifier in node.specifiers {
          let importName: String?
          switch specifier.kind {
          case .default: importName = "default"
          case .namespace: importName = nil
          case .named(let name): importName = name
          }
          imports.append(
            ImportEntry(
              request: request, importName: importName, localName: specifier.local.name, range: specifier.range))
        }
      case .exportDeclaration(let node):
        switch node.kind {
        case .declaration(let inner):
          for name in Self.boundNames(inner) { exportEntries.append((name, name, node.range)) }
        case .defaultDeclaration(let inner):
          let name = Self.boundNames(inner).first ?? defaultExportBindingName
          exportEntries.append(("default", name, node.range))
        case .defaultExpression:
          exportEntries.append(("default", defaultExportBindingName, node.range))
        case .local(let specifiers):
          for specifier in specifiers { exportEntries.append((specifier.exported, specifier.local, specifier.range)) }
        case .indirect(let specifiers, let request):
          let index = add(request)
          for specifier in specifiers {
            indirectExports.append(
              IndirectExport(
                exportName: specifier.exported, request: index, importName: specifier.local, range: specifier.range))
          }
        case .star(let request):
          starExports.append(add(request))
        case .starAs(let name, let request):
          indirectExports.append(
            IndirectExport(exportName: name, request: add(request), importName: nil, range: node.range))
        }
      default:
        break
      }
    }
    // 10. A local name that is an import re-exports what it imports.
    for entry in exportEntries {
      guard let imported = imports.first(where: { $0.localName == entry.localName }) else {
        localExports.append(LocalExport(exportName: entry.exportName, localName: entry.localName))
        continue
      }
      // A namespace import re-exported is `export * as name` of its module (importName nil).
      indirectExports.append(
        IndirectExport(
          exportName: entry.exportName, request: imported.request, importName: imported.importName,
          range: entry.range))
    }
  }

  /// The names a declaration binds (BoundNames).
  static func boundNames(_ statement: Statement) -> [String] {
    switch statement.kind {
    case .variableDeclaration(let declaration):
      var names: [String] = []
      for declarator in declaration.declarators { collectNames(declarator.target, into: &names) }
      return names
    case .functionDeclaration(let function):
      return function.name.map { [$0.name] } ?? []
    case .classDeclaration(let node):
      return node.name.map { [$0.name] } ?? []
    default:
      return []
    }
  }

  private static func collectNames(_ pattern: Pattern, into names: inout [String]) {
    switch pattern {
    case .identifier(let identifier): names.append(identifier.name)
    case .expression: break
    case .object(let object):
      for property in object.properties { collectNames(property.target, into: &names) }
      if let rest = object.rest { collectNames(rest, into: &names) }
    case .array(let array):
      for element in array.elements { if let element { collectNames(element.target, into: &names) } }
      if let rest = array.rest { collectNames(rest, into: &names) }
    }
  }
}
