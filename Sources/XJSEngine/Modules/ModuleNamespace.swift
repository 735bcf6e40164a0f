// Module namespace exotic objects (ES2025 10.4.6): an object of class `.moduleNamespace` whose
// string-keyed properties are the module's exports, sorted by code units, each read live from
// the exporting module's environment. Symbol keys behave as on an ordinary object (the only
// one is @@toStringTag, "Module"). The object is not extensible and has a null prototype.
// Internal slot 0 holds the module's index in `Runtime.modules`.

extension Runtime {
  /// GetModuleNamespace (16.2.1.10).
  func moduleNamespace(_ module: ModuleRecord) throws(JSException) -> Value {
    if !module.namespace.isUndefined { return module.namespace }
    // 3.b–c. The names that resolve to one binding.
    var exports: [(key: PropertyKey, name: String, binding: ResolvedBinding)] = []
    // The keys are atoms (weakly interned): rooted as soon as they exist.
    let keys = PropertyKeyList(self)
    for name in try exportedNames(module) {
      if case .resolved(let binding) = try resolveExport(module, name) {
        let key = propertyKey(name)
        keys.append(key)
        exports.append((key, name, binding))
      }
    }
    exports.sort { Array($0.name.utf16).lexicographicallyPrecedes(Array($1.name.utf16)) }
    let namespace = newObject(.moduleNamespace, prototype: .null)
    namespace.setInternalSlot(0, Value(Int32(module.index)))
    addProperty(namespace, PropertyKey(symbol: symbols.toStringTag), newString("Module").value, [])
    namespace.flags &= ~ObjectFlags.extensible
    module.namespaceKeys = keys
    module.namespaceExports = exports
    for (position, export) in exports.enumerated() { module.namespaceIndex[export.key] = position }
    module.namespace = namespace.value
    return namespace.value
  }

  private func namespaceModule(_ namespace: ObjectRef) -> ModuleRecord {
    modules[Int(namespace.internalSlot(0).asInt32)]
  }

  /// The export's current value; a binding still uninitialized (TDZ) is a ReferenceError.
  private func namespaceValue(_ namespace: ObjectRef, _ position: Int) throws(JSException) -> Value {
    let export = namespaceModule(namespace).namespaceExports[position]
    let target = export.binding.module
    guard let name = export.binding.bindingName else { return try moduleNamespace(target) }
    guard target.environment.isCell, let slot = target.slots[name] else {
      throw referenceError("Cannot access '\(export.name)' before initialization")
    }
    let value = EnvironmentRef(target.environment).slot(slot)
    if value.isEmpty { throw referenceError("Cannot access '\(export.name)' before initialization") }
    return value
  }

  private func namespacePosition(_ namespace: ObjectRef, _ key: PropertyKey) -> Int? {
    namespaceModule(namespace).namespaceIndex[key]
  }

  /// [[GetOwnProperty]] for a string key.
  func namespaceGetOwnProperty(_ namespace: ObjectRef, _ key: PropertyKey) throws(JSException) -> PropertyDescriptor? {
    guard let position = namespacePosition(namespace, key) else { return nil }
    let value = try namespaceValue(namespace, position)
    return PropertyDescriptor(value: value, writable: true, enumerable: true, configurable: false)
  }

  /// [[DefineOwnProperty]] for a string key: only a descriptor the property already satisfies.
  func namespaceDefineOwnProperty(_ namespace: ObjectRef, _ key: PropertyKey, _ descriptor: PropertyDescriptor)
    throws(JSException) -> Bool
  {
    guard let current = try namespaceGetOwnProperty(namespace, key) else { return false }
    if descriptor.configurable == true || descriptor.enumerable == false || descriptor.isAccessorDescriptor {
      return false
    }
    if descriptor.writable == false { return false }
    if let value = descriptor.value { return sameValue(value, current.value!) }
    return true
  }

  func namespaceHas(_ namespace: ObjectRef, _ key: PropertyKey) -> Bool {
    namespacePosition(namespace, key) != nil
  }

  func namespaceGet(_ namespace: ObjectRef, _ key: PropertyKey) throws(JSException) -> Value {
    guard let position = namespacePosition(namespace, key) else { return .undefined }
    return try namespaceValue(namespace, position)
  }

  /// [[Delete]] for a string key: true only for a name that is not an export.
  func namespaceDelete(_ namespace: ObjectRef, _ key: PropertyKey) -> Bool {
    namespacePosition(namespace, key) == nil
  }

  /// [[OwnPropertyKeys]]: the exports, then the symbols.
  func namespaceOwnKeys(_ namespace: ObjectRef) -> PropertyKeyList {
    let module = namespaceModule(namespace)
    let keys = PropertyKeyList(self, capacity: module.namespaceExports.count + 1)
    for export in module.namespaceExports { keys.append(export.key) }
    keys.append(PropertyKey(symbol: symbols.toStringTag))
    return keys
  }
}
