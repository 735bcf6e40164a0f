// The Symbol constructor, the global symbol registry and %Symbol.prototype% (ES2024 20.4).

extension Realm {
  func installSymbol(_ runtime: Runtime) {
    let prototype = runtime.newObject(.ordinary, prototype: self[.objectPrototype])
    self[.symbolPrototype] = prototype.value
    let constructor = makeConstructor("Symbol", length: 0, prototype: prototype) {
      runtime, arguments throws(JSException) in
      // Symbol ( [ description ] ) (20.4.1.1): a constructor only for `extends`.
      if !arguments.newTarget.isUndefined { throw runtime.typeError("Symbol is not a constructor") }
      let description = arguments[0]
      let descriptionString = description.isUndefined ? Value.undefined : try runtime.toString(description).value
      return runtime.newSymbol(description: descriptionString).value
    }
    self[.symbolConstructor] = constructor.value
    installSymbolStatics(runtime, constructor)
    installSymbolPrototype(runtime, prototype)
  }

  private func installSymbolStatics(_ runtime: Runtime, _ constructor: ObjectRef) {
    // 20.4.2: every well-known symbol, non-writable and non-configurable.
    for (name, symbol) in runtime.symbols.all {
      runtime.defineValue(constructor, name, symbol.value, [])
    }
    runtime.defineNativeMethod(constructor, "for", length: 1) { runtime, arguments throws(JSException) in
      let key = try runtime.toString(arguments[0])
      return runtime.registeredSymbol(for: key).value
    }
    runtime.defineNativeMethod(constructor, "keyFor", length: 1) { runtime, arguments throws(JSException) in
      let symbol = arguments[0]
      guard symbol.isSymbol else { throw runtime.typeError("\(runtime.describeForError(symbol)) is not a symbol") }
      return symbol.asSymbol.isRegistered ? symbol.asSymbol.description : .undefined
    }
  }

  private func installSymbolPrototype(_ runtime: Runtime, _ prototype: ObjectRef) {
    runtime.defineNativeMethod(prototype, "toString", length: 0) { runtime, arguments throws(JSException) in
      let symbol = try runtime.thisSymbolValue(arguments.this, "Symbol.prototype.toString")
      return try runtime.symbolDescriptiveJSString(symbol).value
    }
    runtime.defineNativeMethod(prototype, "valueOf", length: 0) { runtime, arguments throws(JSException) in
      try runtime.thisSymbolValue(arguments.this, "Symbol.prototype.valueOf").value
    }
    runtime.defineNativeAccessor(
      prototype, runtime.propertyKey("description"), name: "description",
      getter: { runtime, arguments throws(JSException) in
        try runtime.thisSymbolValue(arguments.this, "Symbol.prototype.description").description
      })
    runtime.defineNativeMethod(
      prototype, runtime.symbols.toPrimitive, name: "[Symbol.toPrimitive]", length: 1, attributes: [.configurable]
    ) { runtime, arguments throws(JSException) in
      try runtime.thisSymbolValue(arguments.this, "Symbol.prototype [ @@toPrimitive ]").value
    }
    runtime.addProperty(
      prototype, PropertyKey(symbol: runtime.symbols.toStringTag), runtime.newString("Symbol").value,
      [.configurable])
  }
}

extension Runtime {
  /// thisSymbolValue (ES2024 20.4.3.4.1)
  func thisSymbolValue(_ value: Value, _ method: String) throws(JSException) -> SymbolRef {
    if value.isSymbol { return value.asSymbol }
    if value.isObject && value.asObject.objectClass == .symbolObject {
      return value.asObject.internalSlot(0).asSymbol
    }
    throw typeError("\(method) requires that 'this' be a Symbol")
  }

  /// SymbolDescriptiveString (ES2024 20.4.3.3.1) as a JS string (keeps lone surrogates).
  func symbolDescriptiveJSString(_ symbol: SymbolRef) throws(JSException) -> StringRef {
    var builder = StringBuilder(self)
    builder.append(ascii: "Symbol(")
    let description = symbol.description
    if description.isString { builder.append(description.asString, heap) }
    builder.append(ascii: ")")
    return try builder.finish(self)
  }

  /// Symbol.for: the registered symbol for `key`, registering a new one if needed.
  func registeredSymbol(for key: StringRef) -> SymbolRef {
    let registryKey = symbolRegistryKey(key)
    if let existing = symbolRegistry[registryKey] { return existing }
    let symbol = newSymbol(description: key.value)
    symbol.isRegistered = true
    symbolRegistry[registryKey] = symbol
    return symbol
  }

  /// A Swift key for the registry that keeps every JS string distinct (a plain Swift
  /// String would turn lone surrogates into U+FFFD).
  private func symbolRegistryKey(_ key: StringRef) -> String {
    let units = CodeUnits(key, heap)
    if units.firstLoneSurrogate() == nil { return "=" + key.swiftString(heap) }
    var text = "#"
    for index in 0..<units.count { text += String(units[index], radix: 16) + "," }
    return text
  }
}
