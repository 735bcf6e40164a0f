// Proxy exotic objects (ES2024 10.5). Not yet implemented: creating a Proxy is
// not possible until the Proxy constructor lands, so these paths are unreachable.

extension Runtime {
  private func proxyUnavailable() -> JSException { typeError("Proxy is not supported yet") }
  func proxyGetPrototypeOf(_ proxy: ObjectRef) throws(JSException) -> Value { throw proxyUnavailable() }
  func proxySetPrototypeOf(_ proxy: ObjectRef, _ value: Value) throws(JSException) -> Bool { throw proxyUnavailable() }
  func proxyIsExtensible(_ proxy: ObjectRef) throws(JSException) -> Bool { throw proxyUnavailable() }
  func proxyPreventExtensions(_ proxy: ObjectRef) throws(JSException) -> Bool { throw proxyUnavailable() }
  func proxyGetOwnProperty(_ proxy: ObjectRef, _ key: PropertyKey) throws(JSException) -> PropertyDescriptor? {
    throw proxyUnavailable()
  }
  func proxyDefineOwnProperty(_ proxy: ObjectRef, _ key: PropertyKey, _ descriptor: PropertyDescriptor)
    throws(JSException) -> Bool
  { throw proxyUnavailable() }
  func proxyHas(_ proxy: ObjectRef, _ key: PropertyKey) throws(JSException) -> Bool { throw proxyUnavailable() }
  func proxyGet(_ proxy: ObjectRef, _ key: PropertyKey, receiver: Value) throws(JSException) -> Value {
    throw proxyUnavailable()
  }
  func proxySet(_ proxy: ObjectRef, _ key: PropertyKey, _ value: Value, receiver: Value) throws(JSException) -> Bool {
    throw proxyUnavailable()
  }
  func proxyDelete(_ proxy: ObjectRef, _ key: PropertyKey) throws(JSException) -> Bool { throw proxyUnavailable() }
  func proxyOwnKeys(_ proxy: ObjectRef) throws(JSException) -> [PropertyKey] { throw proxyUnavailable() }
  func proxyCall(_ proxy: ObjectRef, this: Value, arguments: UnsafeBufferPointer<Value>) throws(JSException) -> Value {
    throw proxyUnavailable()
  }
  func proxyConstruct(_ proxy: ObjectRef, arguments: UnsafeBufferPointer<Value>, newTarget: Value) throws(JSException)
    -> Value
  { throw proxyUnavailable() }
}
