// Bindings found by name at run time: globals (the global lexical record, then
// the global object, with inline caches), and lookups through the environment
// chain for code under `with` or direct `eval`.

extension Runtime {
  // MARK: Environments

  func pushEnvironment(_ descriptor: ScopeDescriptor, parent: Value) -> Value {
    let environment = newEnvironment(
      parent: parent, slotCount: descriptor.slotCount, descriptor: descriptor.names.isEmpty ? nil : descriptor)
    for slot in descriptor.lexicalSlots { environment.setSlot(slot, .empty) }
    return environment.value
  }

  /// CreatePerIterationEnvironment: a copy of the loop's environment.
  func copyEnvironment(_ environment: EnvironmentRef) -> EnvironmentRef {
    let copy = newEnvironment(
      parent: environment.parent, slotCount: environment.slotCount, descriptor: environment.descriptor)
    copy.slots.update(from: environment.slots, count: environment.slotCount)
    copy.object = environment.object
    return copy
  }

  // MARK: Globals

  /// A global binding: the global lexical record first, then the global object.
  /// The global-binding inline cache: the global object's slot, valid while neither
  /// the global object's nor the global lexical record's shape changed.
  @inline(__always)
  func cachedGlobal(_ cache: UnsafeMutablePointer<PropertyCacheEntry>) -> Value? {
    let entry = cache[0]
    let lexicals = ObjectRef(hot.pointee.globalLexicals)
    if entry.kind == .globalLexical {
      if entry.shape == UInt(bitPattern: lexicals.shape.cell) {
        let value = loadCachedSlot(lexicals, entry.offset)
        if !value.isEmpty { return value }
      }
      return nil
    }
    let global = ObjectRef(hot.pointee.globalObject)
    if entry.shape == UInt(bitPattern: global.shape.cell) && entry.holder == UInt(bitPattern: lexicals.shape.cell)
      && entry.kind == .ownData
    {
      return loadCachedSlot(global, entry.offset)
    }
    return nil
  }

  /// Records a binding of the global lexical record (a slot of a non-dictionary shape) in a
  /// global cache site.
  private func cacheGlobalLexical(_ place: PropertyPlace, _ cache: UnsafeMutablePointer<PropertyCacheEntry>) {
    let lexicals = realm.globalLexicals!
    guard case .slot(let slot) = place, !lexicals.shape.isDictionary else { return }
    cache[0] = PropertyCacheEntry(
      shape: UInt(bitPattern: lexicals.shape.cell), offset: cacheOffset(lexicals, slot), kind: .globalLexical)
  }

  /// Records a global object slot in a global cache site. Any global object shape will do (a
  /// dictionary shape keeps its identity only while no property is deleted or reconfigured), but
  /// the entry also keys on the global lexical record's shape, which must change identity when a
  /// binding is added (a new `let` may shadow the property): so not while that record is a dictionary.
  private func cacheGlobalObjectSlot(_ slot: UInt32, _ cache: UnsafeMutablePointer<PropertyCacheEntry>) {
    let lexicals = realm.globalLexicals!
    let global = realm.globalObject!
    guard !lexicals.shape.isDictionary else { return }
    cache[0] = PropertyCacheEntry(
      shape: UInt(bitPattern: global.shape.cell), offset: cacheOffset(global, slot), kind: .ownData, epoch: 0,
      holder: UInt(bitPattern: lexicals.shape.cell))
  }

  func getGlobal(_ name: Value, cache: UnsafeMutablePointer<PropertyCacheEntry>) throws(JSException) -> Value {
    let lexicals = realm.globalLexicals!
    let global = realm.globalObject!
    if let value = cachedGlobal(cache) { return value }
    let key = PropertyKey(atom: name.asString)
    if case .data(let value, _, let place) = lookupOwn(lexicals, key) {
      if value.isEmpty { throw referenceError("Cannot access '\(keyDescription(key))' before initialization") }
      cacheGlobalLexical(place, cache)
      return value
    }
    switch lookupOwn(global, key) {
    case .data(let value, _, .slot(let slot)):
      cacheGlobalObjectSlot(slot, cache)
      return value
    case .absent:
      if try hasProperty(global, key) { return try get(global, key) }
      throw referenceError("\(keyDescription(key)) is not defined")
    default:
      return try get(global, key)
    }
  }

  func getGlobalOrUndefined(_ name: Value) throws(JSException) -> Value {
    let key = PropertyKey(atom: name.asString)
    if case .data(let value, _, _) = lookupOwn(realm.globalLexicals, key) {
      if value.isEmpty { throw referenceError("Cannot access '\(keyDescription(key))' before initialization") }
      return value
    }
    let global = realm.globalObject!
    if try hasProperty(global, key) { return try get(global, key) }
    return .undefined
  }

  /// HasBinding of the global environment (ES2024 9.1.1.4.1): the lexical record, then the object.
  /// Fills `cache` like a read would, so the next check is answered by `cachedGlobal`.
  func hasGlobalBinding(_ name: Value, cache: UnsafeMutablePointer<PropertyCacheEntry>) throws(JSException) -> Bool {
    let lexicals = realm.globalLexicals!
    let global = realm.globalObject!
    let key = PropertyKey(atom: name.asString)
    if case .data(_, _, let place) = lookupOwn(lexicals, key) {
      cacheGlobalLexical(place, cache)
      return true
    }
    switch lookupOwn(global, key) {
    case .data(_, _, .slot(let slot)):
      cacheGlobalObjectSlot(slot, cache)
      return true
    case .absent:
      return try hasProperty(global, key)
    default:
      return true
    }
  }

  func setGlobal(_ name: Value, _ value: Value, strict: Bool, cache: UnsafeMutablePointer<PropertyCacheEntry>)
    throws(JSException)
  {
    let lexicals = realm.globalLexicals!
    let global = realm.globalObject!
    let entry = cache[0]
    if entry.kind == .ownData && entry.shape == UInt(bitPattern: global.shape.cell)
      && entry.holder == UInt(bitPattern: lexicals.shape.cell)
    {
      storeCachedSlot(global, entry.offset, value)
      return
    }
    // A cached `let` of the global lexical record (only writable ones are cached), once initialized.
    if entry.kind == .globalLexical && entry.shape == UInt(bitPattern: lexicals.shape.cell)
      && !loadCachedSlot(lexicals, entry.offset).isEmpty
    {
      storeCachedSlot(lexicals, entry.offset, value)
      return
    }
    let key = PropertyKey(atom: name.asString)
    if case .data(let current, let attributes, let place) = lookupOwn(lexicals, key) {
      if current.isEmpty { throw referenceError("Cannot access '\(keyDescription(key))' before initialization") }
      if !attributes.contains(.writable) {
        throw typeError("Assignment to constant variable.")
      }
      writeOwnData(lexicals, place, value)
      cacheGlobalLexical(place, cache)
      return
    }
    switch lookupOwn(global, key) {
    case .data(_, let attributes, .slot(let slot)) where attributes.contains(.writable):
      global.setSlot(slot, value)
      cacheGlobalObjectSlot(slot, cache)
    case .absent:
      if strict, !(try hasProperty(global, key)) {
        throw referenceError("\(keyDescription(key)) is not defined")
      }
      try set(global, key, value, throwing: strict)
    default:
      try set(global, key, value, throwing: strict)
    }
  }

  func initializeGlobalLexical(_ name: Value, _ value: Value) {
    let key = PropertyKey(atom: name.asString)
    if case .data(_, _, let place) = lookupOwn(realm.globalLexicals, key) {
      writeOwnData(realm.globalLexicals, place, value)
    }
  }

  /// GlobalDeclarationInstantiation (ES2024 16.1.7) for a script's code block, or
  /// EvalDeclarationInstantiation's var part for sloppy eval code.
  func declareGlobals(_ codeBlock: CodeBlock, environment: Value) throws(JSException) {
    let declarations = codeBlock.declarations
    let global = realm.globalObject!
    let lexicals = realm.globalLexicals!
    if codeBlock.kind == .eval {
      try checkEvalVarConflicts(declarations.varNames + declarations.functionNames, environment: environment)
      if varEnvironment(environment) == nil {
        // EvalDeclarationInstantiation steps 8.a.iv and 10.a.i.2: nothing is declared unless
        // every function and var can be.
        for name in declarations.functionNames where !(try canDeclareGlobalFunction(propertyKey(name))) {
          throw typeError("Cannot define global function '\(name)'")
        }
        for name in declarations.varNames where !(try canDeclareGlobalVar(propertyKey(name))) {
          throw typeError("Cannot define global variable '\(name)'")
        }
      }
      for name in declarations.varNames { try declareEvalVar(atom(name).value, environment: environment) }
      return
    }
    // Step 5: lexical names may not clash with anything existing.
    for (name, _) in declarations.lexicalNames {
      let key = propertyKey(name)
      if case .data = lookupOwn(lexicals, key) {
        throw syntaxError("Identifier '\(name)' has already been declared")
      }
      if let existing = try getOwnProperty(global, key), existing.configurable == false {
        throw syntaxError("Identifier '\(name)' has already been declared")
      }
    }
    // Steps 6: var and function names may not clash with lexical ones.
    for name in declarations.varNames + declarations.functionNames {
      if case .data = lookupOwn(lexicals, propertyKey(name)) {
        throw syntaxError("Identifier '\(name)' has already been declared")
      }
    }
    // Step 10: functions must be definable.
    for name in declarations.functionNames where !(try canDeclareGlobalFunction(propertyKey(name))) {
      throw typeError("Cannot define global function '\(name)'")
    }
    for name in declarations.varNames where !(try canDeclareGlobalVar(propertyKey(name))) {
      throw typeError("Cannot define global variable '\(name)'")
    }
    for (name, isConst) in declarations.lexicalNames {
      addProperty(lexicals, propertyKey(name), .empty, isConst ? [.enumerable] : [.writable, .enumerable])
    }
    // Functions are created and stored by the code itself (SetGlobal); make sure
    // each exists as an enumerable, non-configurable data property first.
    for name in declarations.functionNames {
      let key = propertyKey(name)
      let existing = try getOwnProperty(global, key)
      if existing == nil || existing?.configurable == true {
        try definePropertyOrThrow(
          global, key, PropertyDescriptor(value: .undefined, writable: true, enumerable: true, configurable: false))
      }
    }
    for name in declarations.varNames {
      let key = propertyKey(name)
      if !(try hasOwnProperty(global, key)) {
        try definePropertyOrThrow(
          global, key, PropertyDescriptor(value: .undefined, writable: true, enumerable: true, configurable: false))
      }
    }
  }

  /// CanDeclareGlobalFunction (ES2024 9.1.1.4.16).
  private func canDeclareGlobalFunction(_ key: PropertyKey) throws(JSException) -> Bool {
    let global = realm.globalObject!
    guard let existing = try getOwnProperty(global, key) else { return try isExtensible(global) }
    if existing.configurable == true { return true }
    return existing.isDataDescriptor && existing.writable == true && existing.enumerable == true
  }

  /// CanDeclareGlobalVar (ES2024 9.1.1.4.15).
  private func canDeclareGlobalVar(_ key: PropertyKey) throws(JSException) -> Bool {
    let global = realm.globalObject!
    if try hasOwnProperty(global, key) { return true }
    return try isExtensible(global)
  }

  /// EvalDeclarationInstantiation step 3: a sloppy eval's var may not cross a lexical binding of the same name.
  private func checkEvalVarConflicts(_ names: [String], environment: Value) throws(JSException) {
    var cursor = environment
    while cursor.isCell {
      let current = EnvironmentRef(cursor)
      if let descriptor = current.descriptor {
        for name in names {
          if let binding = descriptor.names[name], binding.isLexical || descriptor.isParameterScope {
            throw syntaxError("Identifier '\(name)' has already been declared")
          }
        }
        if descriptor.isVarScope { return }
      }
      cursor = current.parent
    }
    for name in names {
      if case .data = lookupOwn(realm.globalLexicals, propertyKey(name)) {
        throw syntaxError("Identifier '\(name)' has already been declared")
      }
    }
  }

  /// The nearest var scope environment of `environment`, or nil for global.
  private func varEnvironment(_ environment: Value) -> EnvironmentRef? {
    var cursor = environment
    while cursor.isCell {
      let current = EnvironmentRef(cursor)
      if let descriptor = current.descriptor, descriptor.isVarScope { return current }
      cursor = current.parent
    }
    return nil
  }

  func declareEvalVar(_ name: Value, environment: Value) throws(JSException) {
    let key = PropertyKey(atom: name.asString)
    guard let target = varEnvironment(environment) else {
      let global = realm.globalObject!
      if !(try hasOwnProperty(global, key)) {
        try definePropertyOrThrow(
          global, key, PropertyDescriptor(value: .undefined, writable: true, enumerable: true, configurable: true))
      }
      return
    }
    if target.descriptor?.names[name.asString.swiftString(heap)] != nil { return }
    let bindings = dynamicBindings(of: target)
    if !(try hasOwnProperty(bindings, key)) {
      addProperty(bindings, key, .undefined, [.writable, .enumerable, .configurable])
    }
  }

  func declareEvalFunction(_ name: Value, _ function: Value, environment: Value) throws(JSException) {
    let key = PropertyKey(atom: name.asString)
    guard let target = varEnvironment(environment) else {
      let global = realm.globalObject!
      let existing = try getOwnProperty(global, key)
      if existing == nil || existing?.configurable == true {
        try definePropertyOrThrow(
          global, key, PropertyDescriptor(value: function, writable: true, enumerable: true, configurable: true))
      } else {
        try set(global, key, function, throwing: true)
      }
      return
    }
    if let binding = target.descriptor?.names[name.asString.swiftString(heap)] {
      target.setSlot(binding.slot, function)
      return
    }
    let bindings = dynamicBindings(of: target)
    try set(bindings, key, function, throwing: false)
    if !(try hasOwnProperty(bindings, key)) {
      addProperty(bindings, key, function, [.writable, .enumerable, .configurable])
    }
  }

  /// The object holding vars a sloppy eval added to a function's scope.
  private func dynamicBindings(of environment: EnvironmentRef) -> ObjectRef {
    if environment.object.isObject { return environment.object.asObject }
    let object = newObject(.ordinary, prototype: .null)
    environment.object = object.value
    return object
  }

  // MARK: Lookups by name

  enum NameLookup {
    case slot(EnvironmentRef, Int, isConst: Bool)
    case object(ObjectRef, isWith: Bool)
    case globalLexical
    case global
    case none
  }

  /// Where an import binding's value lives: the exporter's environment and slot (or, for a
  /// namespace re-export, the binding's own slot, which holds the namespace). Any other slot
  /// is its own place: only an import binding's slot can hold an environment.
  func importTarget(_ environment: EnvironmentRef, _ slot: Int) -> (EnvironmentRef, Int) {
    let target = environment.slot(slot)
    let targetSlot = environment.slot(slot + 1)
    guard target.isCell && target.asCell.cellKind == .environment && targetSlot.isInt32 else {
      return (environment, slot)
    }
    return (EnvironmentRef(target), Int(targetSlot.asInt32))
  }

  /// Finds where `name` is bound, walking the environment chain from `environment`.
  func lookupName(_ name: StringRef, key: PropertyKey, environment: Value) throws(JSException) -> NameLookup {
    var cursor = environment
    let text = name.swiftString(heap)
    while cursor.isCell {
      let current = EnvironmentRef(cursor)
      if current.isWith {
        let object = current.object.asObject
        if try hasProperty(object, key) {
          if try !isBlockedByUnscopables(object, key) { return .object(object, isWith: true) }
        }
      } else {
        if let descriptor = current.descriptor, let binding = descriptor.names[text] {
          return .slot(current, binding.slot, isConst: binding.isConst || binding.isImport)
        }
        if current.object.isObject, try hasOwnProperty(current.object.asObject, key) {
          return .object(current.object.asObject, isWith: false)
        }
      }
      cursor = current.parent
    }
    if case .data = lookupOwn(realm.globalLexicals, key) { return .globalLexical }
    if try hasProperty(realm.globalObject, key) { return .global }
    return .none
  }

  private func isBlockedByUnscopables(_ object: ObjectRef, _ key: PropertyKey) throws(JSException) -> Bool {
    let unscopables = try get(object, PropertyKey(symbol: symbols.unscopables))
    if unscopables.isObject { return toBoolean(try get(unscopables.asObject, key)) }
    return false
  }

  func getName(_ name: Value, environment: Value, orUndefined: Bool = false, strict: Bool) throws(JSException)
    -> Value
  {
    let string = name.asString
    let key = propertyKey(for: string)
    let lookup = try lookupName(string, key: key, environment: environment)
    return try bindingValue(lookup, name, key, orUndefined: orUndefined, strict: strict)
  }

  /// GetBindingValue of the binding `lookup` found.
  private func bindingValue(
    _ lookup: NameLookup, _ name: Value, _ key: PropertyKey, orUndefined: Bool, strict: Bool
  ) throws(JSException) -> Value {
    let string = name.asString
    switch lookup {
    case .slot(let environment, let slot, _):
      let (target, targetSlot) = importTarget(environment, slot)
      let value = target.slot(targetSlot)
      if value.isEmpty {
        if string.swiftString(heap) == "this" { return value }
        throw referenceError("Cannot access '\(string.swiftString(heap))' before initialization")
      }
      return value
    case .object(let object, let isWith):
      if isWith { return try withBindingValue(object, key, name, strict: strict) }
      return try get(object, key)
    case .globalLexical:
      return try getGlobalOrUndefined(name)
    case .global where orUndefined && isThisName(string), .none where orUndefined && isThisName(string):
      // `this` of eval code that reaches the global environment: its [[GlobalThisValue]].
      return realm.globalObject.value
    case .global:
      return try get(realm.globalObject, key)
    case .none:
      if orUndefined { return .undefined }
      throw referenceError("\(string.swiftString(heap)) is not defined")
    }
  }

  /// The special name `this` (eval code resolves it by name).
  private func isThisName(_ string: StringRef) -> Bool {
    string.length == 4 && string.swiftString(heap) == "this"
  }

  /// GetBindingValue of an object environment record (ES2024 9.1.1.2.6): the property is
  /// looked up again, since a getter or proxy trap may have removed it after HasBinding.
  private func withBindingValue(_ object: ObjectRef, _ key: PropertyKey, _ name: Value, strict: Bool)
    throws(JSException) -> Value
  {
    if !(try hasProperty(object, key)) {
      if strict { throw referenceError("\(name.asString.swiftString(heap)) is not defined") }
      return .undefined
    }
    return try get(object, key)
  }

  /// The function and this value for a call to a name under `with`.
  func getNameForCall(_ name: Value, environment: Value, strict: Bool) throws(JSException) -> (Value, Value) {
    let key = propertyKey(for: name.asString)
    let lookup = try lookupName(name.asString, key: key, environment: environment)
    let function = try bindingValue(lookup, name, key, orUndefined: false, strict: strict)
    if case .object(let object, true) = lookup { return (function, object.value) }
    return (function, .undefined)
  }

  func setName(_ name: Value, _ value: Value, environment: Value, strict: Bool) throws(JSException) {
    let string = name.asString
    let key = propertyKey(for: string)
    switch try lookupName(string, key: key, environment: environment) {
    case .slot(let environment, let slot, let isConst):
      let (target, targetSlot) = importTarget(environment, slot)
      if target.slot(targetSlot).isEmpty {
        throw referenceError("Cannot access '\(string.swiftString(heap))' before initialization")
      }
      if isConst {
        if !strict, environment.descriptor?.names[string.swiftString(heap)]?.isFunctionName == true { return }
        throw typeError("Assignment to constant variable.")
      }
      environment.setSlot(slot, value)
    case .object(let object, let isWith):
      // SetMutableBinding of an object environment record (ES2024 9.1.1.2.5) asks again.
      if isWith, !(try hasProperty(object, key)), strict {
        throw referenceError("\(string.swiftString(heap)) is not defined")
      }
      try set(object, key, value, throwing: strict)
    case .globalLexical, .global:
      var scratch = PropertyCacheEntry()
      try setGlobal(name, value, strict: strict, cache: &scratch)
    case .none:
      if strict { throw referenceError("\(string.swiftString(heap)) is not defined") }
      try set(realm.globalObject, key, value, throwing: false)
    }
  }

  // MARK: References resolved before the value is computed

  /// The base a name resolves to: an environment cell, a binding object, the global
  /// lexical record or global object, or undefined when it resolves nowhere.
  func resolveNameBase(_ name: Value, environment: Value) throws(JSException) -> Value {
    let string = name.asString
    switch try lookupName(string, key: propertyKey(for: string), environment: environment) {
    case .slot(let environment, _, _): return environment.value
    case .object(let object, _): return object.value
    case .globalLexical: return realm.globalLexicals.value
    case .global: return realm.globalObject.value
    case .none: return .undefined
    }
  }

  /// GetValue of a reference resolved by `resolveNameBase`.
  func getName(_ name: Value, fromBase base: Value, strict: Bool) throws(JSException) -> Value {
    let string = name.asString
    let key = propertyKey(for: string)
    if base.isUndefined { throw referenceError("\(string.swiftString(heap)) is not defined") }
    if base.isCell && base.asCell.cellKind == .environment {
      guard let binding = EnvironmentRef(base).descriptor?.names[string.swiftString(heap)] else { return .undefined }
      let (environment, slot) =
        binding.isImport ? importTarget(EnvironmentRef(base), binding.slot) : (EnvironmentRef(base), binding.slot)
      let value = environment.slot(slot)
      if value.isEmpty { throw referenceError("Cannot access '\(string.swiftString(heap))' before initialization") }
      return value
    }
    let object = base.asObject
    if object == realm.globalLexicals {
      if case .data(let value, _, _) = lookupOwn(object, key) {
        if value.isEmpty { throw referenceError("Cannot access '\(string.swiftString(heap))' before initialization") }
        return value
      }
      return .undefined
    }
    if object != realm.globalObject, !(try hasProperty(object, key)) {
      if strict { throw referenceError("\(string.swiftString(heap)) is not defined") }
      return .undefined
    }
    return try get(object, key)
  }

  /// PutValue of a reference resolved by `resolveNameBase`.
  func setName(_ name: Value, onBase base: Value, _ value: Value, strict: Bool) throws(JSException) {
    let string = name.asString
    let key = propertyKey(for: string)
    if base.isUndefined {
      if strict { throw referenceError("\(string.swiftString(heap)) is not defined") }
      try set(realm.globalObject, key, value, throwing: false)
      return
    }
    if base.isCell && base.asCell.cellKind == .environment {
      let environment = EnvironmentRef(base)
      guard let binding = environment.descriptor?.names[string.swiftString(heap)] else { return }
      if binding.isImport {
        let (target, slot) = importTarget(environment, binding.slot)
        if target.slot(slot).isEmpty {
          throw referenceError("Cannot access '\(string.swiftString(heap))' before initialization")
        }
        throw typeError("Assignment to constant variable.")
      }
      if environment.slot(binding.slot).isEmpty {
        throw referenceError("Cannot access '\(string.swiftString(heap))' before initialization")
      }
      if binding.isConst {
        if binding.isFunctionName && !strict { return }
        throw typeError("Assignment to constant variable.")
      }
      environment.setSlot(binding.slot, value)
      return
    }
    let object = base.asObject
    if object == realm.globalLexicals {
      var scratch = PropertyCacheEntry()
      try setGlobal(name, value, strict: strict, cache: &scratch)
      return
    }
    if object != realm.globalObject, !(try hasProperty(object, key)), strict {
      throw referenceError("\(string.swiftString(heap)) is not defined")
    }
    try set(object, key, value, throwing: strict)
  }

  func deleteName(_ name: Value, environment: Value) throws(JSException) -> Bool {
    let string = name.asString
    let key = propertyKey(for: string)
    switch try lookupName(string, key: key, environment: environment) {
    case .slot, .globalLexical: return false
    case .object(let object, _): return try delete(object, key)
    case .global: return try delete(realm.globalObject, key)
    case .none: return true
    }
  }
}
