// Builtins still being written. Each installer here moves to its own file
// (String.swift, Number.swift, …) when it is implemented; this file goes away.
extension Realm {
  func installString(_ runtime: Runtime) {
    let prototype = runtime.newObject(.stringObject, prototype: self[.objectPrototype])
    prototype.setInternalSlot(0, runtime.emptyString.value)
    self[.stringPrototype] = prototype.value
  }
  func installNumber(_ runtime: Runtime) {
    let prototype = runtime.newObject(.numberObject, prototype: self[.objectPrototype])
    prototype.setInternalSlot(0, Value(Int32(0)))
    self[.numberPrototype] = prototype.value
  }
  func installBoolean(_ runtime: Runtime) {
    let prototype = runtime.newObject(.booleanObject, prototype: self[.objectPrototype])
    prototype.setInternalSlot(0, .false)
    self[.booleanPrototype] = prototype.value
  }
  func installSymbol(_ runtime: Runtime) {
    self[.symbolPrototype] = runtime.newObject(.ordinary, prototype: self[.objectPrototype]).value
  }
  func installMath(_ runtime: Runtime) {}
  func installRegExp(_ runtime: Runtime) {
    self[.regExpPrototype] = runtime.newObject(.ordinary, prototype: self[.objectPrototype]).value
  }
}
