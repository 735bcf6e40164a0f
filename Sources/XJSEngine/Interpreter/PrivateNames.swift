// Private class elements (ES2024 7.3.26–7.3.32, 6.2.12 Private Names).
//
// A Private Name is a symbol cell flagged private, created once per class evaluation
// (`newPrivateName`) and held in a hidden binding of the class scope, so closures reach
// it like any captured variable. Private elements are stored as ordinary own properties
// keyed by that symbol, straight in the object's shape: [[OwnPropertyKeys]] never lists
// them, integrity levels leave them alone, and these functions never go through the
// exotic internal methods, so proxies, arrays and typed arrays hold private elements
// like any other object. Fields are writable data properties, methods read-only data
// properties, accessors accessor properties.

extension Runtime {
  func newPrivateName(description: Value) -> Value {
    let symbol = newSymbol(description: description)
    symbol.isPrivate = true
    return symbol.value
  }

  /// PrivateGet (ES2024 7.3.31).
  func privateGet(_ base: Value, name: Value) throws(JSException) -> Value {
    let key = PropertyKey(symbol: SymbolRef(name))
    guard base.isObject, let location = base.asObject.shape.lookup(key) else {
      throw typeError(
        "Cannot read private member \(privateNameText(name)) from an object whose class did not declare it")
    }
    let object = base.asObject
    let value = object.slot(location.slot)
    guard location.attributes.contains(.accessor) else { return value }
    let getter = AccessorPairRef(value).getter
    if getter.isUndefined { throw typeError("'\(privateNameText(name))' was defined without a getter") }
    return try call(getter, this: base, arguments: [])
  }

  /// PrivateSet (ES2024 7.3.32).
  func privateSet(_ base: Value, name: Value, value: Value) throws(JSException) {
    let key = PropertyKey(symbol: SymbolRef(name))
    guard base.isObject, let location = base.asObject.shape.lookup(key) else {
      throw typeError(
        "Cannot write private member \(privateNameText(name)) to an object whose class did not declare it")
    }
    let object = base.asObject
    if location.attributes.contains(.accessor) {
      let setter = AccessorPairRef(object.slot(location.slot)).setter
      if setter.isUndefined { throw typeError("'\(privateNameText(name))' was defined without a setter") }
      _ = try call(setter, this: base, arguments: [value])
      return
    }
    guard location.attributes.contains(.writable) else {
      throw typeError("Private method '\(privateNameText(name))' is not writable")
    }
    object.setSlot(location.slot, value)
  }

  /// PrivateFieldAdd and PrivateMethodOrAccessorAdd for methods (ES2024 7.3.28–29): a
  /// TypeError if the object already has the element (a constructor's return override
  /// can hand the same object to two initializations).
  func privateElementAdd(_ target: Value, name: Value, value: Value, isMethod: Bool) throws(JSException) {
    let object = try objectForPrivateAdd(target, name: name)
    addProperty(object, PropertyKey(symbol: SymbolRef(name)), value, isMethod ? [] : [.writable])
  }

  /// PrivateMethodOrAccessorAdd for a getter/setter pair (either may be undefined).
  func privateAccessorAdd(_ target: Value, name: Value, getter: Value, setter: Value) throws(JSException) {
    let object = try objectForPrivateAdd(target, name: name)
    addAccessor(object, PropertyKey(symbol: SymbolRef(name)), getter: getter, setter: setter, [])
  }

  /// `#name in object` (ES2024 13.10.1 RelationalExpression : PrivateIdentifier in ShiftExpression).
  func privateIn(_ target: Value, name: Value) throws(JSException) -> Bool {
    guard target.isObject else {
      throw typeError("Cannot use 'in' operator to search for '\(privateNameText(name))' in a non-object")
    }
    return target.asObject.shape.lookup(PropertyKey(symbol: SymbolRef(name))) != nil
  }

  private func objectForPrivateAdd(_ target: Value, name: Value) throws(JSException) -> ObjectRef {
    let object = target.asObject
    if object.hasFlag(ObjectFlags.lazyProperties) { materializeLazyProperties(object) }
    if object.shape.lookup(PropertyKey(symbol: SymbolRef(name))) != nil {
      throw typeError("Cannot initialize \(privateNameText(name)) twice on the same object")
    }
    return object
  }

  private func privateNameText(_ name: Value) -> String {
    let description = SymbolRef(name).description
    return description.isString ? description.asString.swiftString(heap) : "#<private>"
  }
}
