import XJSSyntax

// Linking a module graph (ES2025 16.2.1.5.1 Link, InnerModuleLinking; 16.2.1.6.3
// ResolveExport; 16.2.1.6.2 GetExportedNames; 16.2.1.6.4 InitializeEnvironment).
//
// A module's environment is made when linking reaches it, before its dependencies link, so an
// import binding made inside a cycle can point at the environment of a module whose own
// initialization has not run yet. An import binding is two slots of the importer's
// environment: the exporter's environment and the slot there (GetImport reads through them).

extension Runtime {
  /// Link(): on failure every module the walk touched goes back to unlinked.
  func link(_ module: ModuleRecord) throws(JSException) {
    var stack: [ModuleRecord] = []
    do {
      _ = try innerModuleLinking(module, &stack, 0)
    } catch let error {
      for touched in stack {
        touched.status = .unlinked
        touched.environment = .undefined
      }
      throw error
    }
  }

  /// InnerModuleLinking, with the recursion over requested modules kept in `frames` (a graph
  /// thousands deep needs no native stack): a frame is a module and its next request.
  private func innerModuleLinking(_ root: ModuleRecord, _ stack: inout [ModuleRecord], _ start: Int)
    throws(JSException) -> Int
  {
    var index = start
    var frames: [(module: ModuleRecord, nextRequest: Int)] = []
    /// Steps 1–8: begins linking `module`; false when there is nothing to walk into.
    func begin(_ module: ModuleRecord) -> Bool {
      if module.isSynthetic {
        if module.environment.isUndefined { initializeSyntheticEnvironment(module) }
        return false
      }
      guard module.status == .unlinked else { return false }
      module.status = .linking
      module.dfsIndex = index
      module.dfsAncestorIndex = index
      index += 1
      stack.append(module)
      module.environment = pushEnvironment(module.descriptor!, parent: realm.globalEnvironment)
      frames.append((module, 0))
      return true
    }
    /// Step 9.b: after a requested module was walked.
    func required(_ required: ModuleRecord, of module: ModuleRecord) {
      if !required.isSynthetic && required.status == .linking {
        module.dfsAncestorIndex = min(module.dfsAncestorIndex, required.dfsAncestorIndex)
      }
    }
    _ = begin(root)
    while let (module, next) = frames.last {
      // 9. Each requested module, depth first.
      if next < module.entries.requests.count {
        frames[frames.count - 1].nextRequest += 1
        let requested = module.importedModule(next)
        if !begin(requested) { required(requested, of: module) }
        continue
      }
      frames.removeLast()
      // 10.
      try initializeEnvironment(module)
      // 13. The root of a strongly connected component marks it linked.
      if module.dfsAncestorIndex == module.dfsIndex {
        while let done = stack.popLast() {
          done.status = .linked
          if done === module { break }
        }
      }
      if let parent = frames.last { required(module, of: parent.module) }
    }
    return index
  }

  /// A JSON module's environment: one slot, `default`, holding the parsed value.
  private func initializeSyntheticEnvironment(_ module: ModuleRecord) {
    let environment = newEnvironment(parent: realm.globalEnvironment, slotCount: 1, descriptor: nil)
    environment.setSlot(0, module.jsonValue)
    module.environment = environment.value
    module.status = .evaluated
  }

  /// InitializeEnvironment (16.2.1.6.4).
  private func initializeEnvironment(_ module: ModuleRecord) throws(JSException) {
    // 1. Every indirect export resolves.
    for entry in module.entries.indirectExports {
      switch try resolveExport(module, entry.exportName) {
      case .resolved: break
      case .notFound:
        throw linkError(
          module, at: entry.range,
          "The requested module '\(module.entries.requests[entry.request].specifier)' does not provide an export "
            + "named '\(entry.importName ?? entry.exportName)'")
      case .ambiguous:
        throw linkError(
          module, at: entry.range,
          "The requested module '\(module.entries.requests[entry.request].specifier)' contains conflicting star "
            + "exports for name '\(entry.importName ?? entry.exportName)'")
      }
    }
    let environment = EnvironmentRef(module.environment)
    // 7. The import bindings.
    for entry in module.entries.imports {
      let imported = module.importedModule(entry.request)
      guard let slot = module.slots[entry.localName] else { continue }
      guard let importName = entry.importName else {
        // 7.c. A namespace import: an immutable binding initialized now.
        environment.setSlot(slot, try moduleNamespace(imported))
        continue
      }
      let specifier = module.entries.requests[entry.request].specifier
      switch try resolveExport(imported, importName) {
      case .notFound:
        throw linkError(
          module, at: entry.range,
          "The requested module '\(specifier)' does not provide an export named '\(importName)'")
      case .ambiguous:
        throw linkError(
          module, at: entry.range,
          "The requested module '\(specifier)' contains conflicting star exports for name '\(importName)'")
      case .resolved(let binding):
        if let name = binding.bindingName {
          // CreateImportBinding: the exporter's environment and the binding's slot there.
          environment.setSlot(slot, binding.module.environment)
          environment.setSlot(slot + 1, Value(Int32(binding.module.slots[name] ?? 0)))
        } else {
          environment.setSlot(slot, try moduleNamespace(binding.module))
          environment.setSlot(slot + 1, .undefined)
        }
      }
    }
    // 24. The function declarations (their closures close over the module environment).
    _ = try runTopLevel(
      CodeBlockCellRef(module.instantiationCode.asCell), this: .undefined, environment: module.environment)
  }

  private func linkError(_ module: ModuleRecord, at range: SourceRange, _ message: String) -> JSException {
    guard let source = module.source else { return syntaxError(message) }
    var error = SyntaxError(message: message, offset: Int(range.start), in: source)
    error.sourceName = module.url
    return syntaxErrorWithLocation(error)
  }

  /// Deep graphs recurse here (linking, evaluation, export resolution): past the native stack
  /// budget a RangeError, never a crash.
  func enterModuleRecursion() throws(JSException) {
    moduleRecursionDepth += 1
    if moduleRecursionDepth > Runtime.maximumModuleRecursion
      || NativeStack.currentAddress() < NativeStack.limit() + Runtime.moduleStackReserve
    {
      moduleRecursionDepth -= 1
      throw rangeError("Maximum call stack size exceeded (module graph too deep)")
    }
  }

  static let maximumModuleRecursion = 100_000
  /// Native stack kept free below the module walks (for the error and what runs after).
  static let moduleStackReserve: UInt = 256 * 1024

  // MARK: Export resolution

  /// ResolveExport (16.2.1.6.3).
  func resolveExport(_ module: ModuleRecord, _ exportName: String) throws(JSException) -> ExportResolution {
    var resolveSet: [(ObjectIdentifier, String)] = []
    return try resolveExport(module, exportName, &resolveSet)
  }

  private func resolveExport(
    _ module: ModuleRecord, _ exportName: String, _ resolveSet: inout [(ObjectIdentifier, String)]
  ) throws(JSException) -> ExportResolution {
    try enterModuleRecursion()
    defer { moduleRecursionDepth -= 1 }
    if module.isSynthetic {
      return exportName == "default" ? .resolved(ResolvedBinding(module: module, bindingName: "default")) : .notFound
    }
    // 2–3. A circular import request.
    let identity = ObjectIdentifier(module)
    if resolveSet.contains(where: { $0.0 == identity && $0.1 == exportName }) { return .notFound }
    resolveSet.append((identity, exportName))
    // 4. Local exports.
    for entry in module.entries.localExports where entry.exportName == exportName {
      return .resolved(ResolvedBinding(module: module, bindingName: entry.localName))
    }
    // 5. Indirect exports.
    for entry in module.entries.indirectExports where entry.exportName == exportName {
      let imported = module.importedModule(entry.request)
      guard let importName = entry.importName else {
        return .resolved(ResolvedBinding(module: imported, bindingName: nil))
      }
      return try resolveExport(imported, importName, &resolveSet)
    }
    // 6. `export *` never provides a default.
    if exportName == "default" { return .notFound }
    // 7–8. Star exports: one binding, or ambiguous.
    var starResolution: ResolvedBinding?
    for request in module.entries.starExports {
      let imported = module.importedModule(request)
      switch try resolveExport(imported, exportName, &resolveSet) {
      case .ambiguous:
        return .ambiguous
      case .notFound:
        continue
      case .resolved(let resolution):
        guard let existing = starResolution else {
          starResolution = resolution
          continue
        }
        if resolution.module !== existing.module || resolution.bindingName != existing.bindingName {
          return .ambiguous
        }
      }
    }
    return starResolution.map { .resolved($0) } ?? .notFound
  }

  /// GetExportedNames (16.2.1.6.2).
  func exportedNames(_ module: ModuleRecord) throws(JSException) -> [String] {
    var visited: Set<ObjectIdentifier> = []
    var names: [String] = []
    var seen: Set<String> = []
    try collectExportedNames(module, &visited, &names, &seen, isStar: false)
    return names
  }

  private func collectExportedNames(
    _ module: ModuleRecord, _ visited: inout Set<ObjectIdentifier>, _ names: inout [String], _ seen: inout Set<String>,
    isStar: Bool
  ) throws(JSException) {
    try enterModuleRecursion()
    defer { moduleRecursionDepth -= 1 }
    if module.isSynthetic {
      if !isStar && seen.insert("default").inserted { names.append("default") }
      return
    }
    guard visited.insert(ObjectIdentifier(module)).inserted else { return }
    func add(_ name: String) {
      if isStar && name == "default" { return }
      if seen.insert(name).inserted { names.append(name) }
    }
    for entry in module.entries.localExports { add(entry.exportName) }
    for entry in module.entries.indirectExports { add(entry.exportName) }
    for request in module.entries.starExports {
      try collectExportedNames(module.importedModule(request), &visited, &names, &seen, isStar: true)
    }
  }
}
