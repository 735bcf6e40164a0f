// Proxy exotic objects (ES2024 10.5) and the Proxy constructor (28.2).
//
// A proxy is an object of class .proxy with internal slot 0 = [[ProxyTarget]]
// and slot 1 = [[ProxyHandler]]; both are null once the proxy is revoked. It is
// callable / a constructor exactly when its target is (flags set at creation).
//
// Every internal method counts as one level of native depth: a chain of a
// million proxies (each forwarding to the next) ends in a RangeError, not in a
// native stack overflow.

enum ProxySlot {
  static let target = 0
  static let handler = 1
}

extension Realm {
  func installProxy(_ runtime: Runtime) {
    let constructor = runtime.newNativeFunction(name: "Proxy", length: 2, isConstructor: true) {
      runtime, arguments throws(JSException) in
      // ES2024 28.2.1.1 step 1
      if arguments.newTarget.isUndefined { throw runtime.typeError("Constructor Proxy requires 'new'") }
      return try runtime.proxyCreate(arguments[0], arguments[1]).value
    }
    runtime.defineNativeMethod(constructor, "revocable", length: 2) { runtime, arguments throws(JSException) in
      try runtime.revocableProxy(arguments[0], arguments[1])
    }
    self[.proxyConstructor] = constructor.value
    defineGlobal("Proxy", constructor.value)
  }
}

extension Runtime {
  // MARK: - Creation and revocation

  /// ProxyCreate (ES2024 10.5.14)
  func proxyCreate(_ target: Value, _ handler: Value) throws(JSException) -> ObjectRef {
    guard target.isObject, handler.isObject else {
      throw typeError("Cannot create proxy with a non-object as target or handler")
    }
    let proxy = newObject(.proxy, prototype: .null)
    proxy.setInternalSlot(ProxySlot.target, target)
    proxy.setInternalSlot(ProxySlot.handler, handler)
    var flags = ObjectFlags.extensible
    if target.asObject.isCallable { flags |= ObjectFlags.callable }
    if target.asObject.isConstructor { flags |= ObjectFlags.constructor }
    proxy.flags = flags
    return proxy
  }

  /// Proxy.revocable (ES2024 28.2.2.1): `{proxy, revoke}`. The revoke function
  /// keeps its proxy in its first internal slot (null once used).
  func revocableProxy(_ target: Value, _ handler: Value) throws(JSException) -> Value {
    let proxy = try proxyCreate(target, handler)
    let revoke = newNativeFunction(nameValue: emptyString.value, length: 0) { _, arguments throws(JSException) in
      let revoker = arguments.callee
      let revocable = revoker.internalSlot(0)
      guard revocable.isObject else { return .undefined }
      revoker.setInternalSlot(0, .null)
      revocable.asObject.setInternalSlot(ProxySlot.target, .null)
      revocable.asObject.setInternalSlot(ProxySlot.handler, .null)
      return .undefined
    }
    revoke.setInternalSlot(0, proxy.value)
    let result = newPlainObject()
    try createDataPropertyOrThrow(result, propertyKey("proxy"), proxy.value)
    try createDataPropertyOrThrow(result, propertyKey("revoke"), revoke.value)
    return result.value
  }

  // MARK: - Shared steps

  /// Counts one level of native depth for a proxy internal method (balance with `leaveProxy`).
  private func enterProxy() throws(JSException) {
    if nativeDepth >= options.maximumNativeDepth { throw rangeError("Maximum call stack size exceeded") }
    if nativeDepth & 15 == 0 { try checkNativeStack() }
    nativeDepth += 1
    nativeFrames[nativeDepth].function = .undefined
  }

  private func leaveProxy() { nativeDepth -= 1 }

  /// Steps 1–7 of every proxy internal method: the target, the handler and its trap `key`.
  /// A proxy whose handler lacks the trap forwards to its target in tail position, so a chain
  /// of such proxies is followed in a loop: the result is the first proxy level with the trap,
  /// or the first non-proxy target (handler nil) that the operation applies to directly.
  private func resolveTrap(_ proxy: ObjectRef, _ key: PropertyKey) throws(JSException) -> (ObjectRef, ObjectRef?, Value)
  {
    var current = proxy
    while true {
      let handlerValue = current.internalSlot(ProxySlot.handler)
      guard handlerValue.isObject else {
        throw typeError("Cannot perform '\(keyDescription(key))' on a proxy that has been revoked")
      }
      let handler = handlerValue.asObject
      let target = current.internalSlot(ProxySlot.target).asObject
      let trap = try get(handler, key)
      if !trap.isNullish {
        if !trap.isCallable {
          throw typeError("'\(keyDescription(key))' on proxy: trap is \(describeForError(trap)), not a function")
        }
        return (target, handler, trap)
      }
      if !target.isProxy { return (target, nil, .undefined) }
      current = target
    }
  }

  /// Calls a trap. Its arguments live in a tuple on the native stack, which the collector
  /// scans: they may be held nowhere else (a fresh key string).
  private func callTrap(
    _ trap: Value, _ handler: ObjectRef, _ a: Value, _ b: Value? = nil, _ c: Value? = nil, _ d: Value? = nil
  )
    throws(JSException) -> Value
  {
    var arguments = (a, b ?? .undefined, c ?? .undefined, d ?? .undefined)
    let count = d != nil ? 4 : c != nil ? 3 : b != nil ? 2 : 1
    return try withUnsafeMutablePointer(to: &arguments) { pointer throws(JSException) in
      let base = UnsafeRawPointer(pointer).assumingMemoryBound(to: Value.self)
      return try call(trap, this: handler.value, arguments: UnsafeBufferPointer(start: base, count: count))
    }
  }

  private func callBooleanTrap(
    _ trap: Value, _ handler: ObjectRef, _ a: Value, _ b: Value? = nil, _ c: Value? = nil, _ d: Value? = nil
  ) throws(JSException) -> Bool {
    toBoolean(try callTrap(trap, handler, a, b, c, d))
  }

  // MARK: - [[GetPrototypeOf]] / [[SetPrototypeOf]]

  /// ES2024 10.5.1
  func proxyGetPrototypeOf(_ proxy: ObjectRef) throws(JSException) -> Value {
    // A proxy can make a prototype chain endless (a trap returning the proxy itself); every
    // native walk of a chain passes here, so the walk stays interruptible and time-limited.
    try checkSafePoint()
    try enterProxy()
    defer { leaveProxy() }
    let (target, foundHandler, trap) = try resolveTrap(proxy, names.getPrototypeOf)
    guard let handler = foundHandler else { return try getPrototypeOf(target) }
    let handlerPrototype = try callTrap(trap, handler, target.value)
    guard handlerPrototype.isObject || handlerPrototype.isNull else {
      throw typeError("'getPrototypeOf' on proxy: trap returned neither object nor null")
    }
    if try isExtensible(target) { return handlerPrototype }
    let targetPrototype = try getPrototypeOf(target)
    if !sameValue(handlerPrototype, targetPrototype) {
      throw typeError(
        "'getPrototypeOf' on proxy: proxy target is non-extensible but the trap did not return its actual prototype")
    }
    return handlerPrototype
  }

  /// ES2024 10.5.2
  func proxySetPrototypeOf(_ proxy: ObjectRef, _ value: Value) throws(JSException) -> Bool {
    try enterProxy()
    defer { leaveProxy() }
    let (target, foundHandler, trap) = try resolveTrap(proxy, names.setPrototypeOf)
    guard let handler = foundHandler else { return try setPrototypeOf(target, value) }
    if !(try callBooleanTrap(trap, handler, target.value, value)) { return false }
    if try isExtensible(target) { return true }
    let targetPrototype = try getPrototypeOf(target)
    if !sameValue(value, targetPrototype) {
      throw typeError(
        "'setPrototypeOf' on proxy: trap returned truish for setting a new prototype on the non-extensible proxy target"
      )
    }
    return true
  }

  // MARK: - [[IsExtensible]] / [[PreventExtensions]]

  /// ES2024 10.5.3
  func proxyIsExtensible(_ proxy: ObjectRef) throws(JSException) -> Bool {
    try enterProxy()
    defer { leaveProxy() }
    let (target, foundHandler, trap) = try resolveTrap(proxy, names.isExtensible)
    guard let handler = foundHandler else { return try isExtensible(target) }
    let result = try callBooleanTrap(trap, handler, target.value)
    let targetResult = try isExtensible(target)
    if result != targetResult {
      throw typeError(
        "'isExtensible' on proxy: trap result does not reflect extensibility of proxy target (which is '\(targetResult)')"
      )
    }
    return result
  }

  /// ES2024 10.5.4
  func proxyPreventExtensions(_ proxy: ObjectRef) throws(JSException) -> Bool {
    try enterProxy()
    defer { leaveProxy() }
    let (target, foundHandler, trap) = try resolveTrap(proxy, names.preventExtensions)
    guard let handler = foundHandler else { return try preventExtensions(target) }
    let result = try callBooleanTrap(trap, handler, target.value)
    if result, try isExtensible(target) {
      throw typeError("'preventExtensions' on proxy: trap returned truish but the proxy target is extensible")
    }
    return result
  }

  // MARK: - [[GetOwnProperty]]

  /// ES2024 10.5.5
  func proxyGetOwnProperty(_ proxy: ObjectRef, _ key: PropertyKey) throws(JSException) -> PropertyDescriptor? {
    try enterProxy()
    defer { leaveProxy() }
    let (target, foundHandler, trap) = try resolveTrap(proxy, names.getOwnPropertyDescriptor)
    guard let handler = foundHandler else { return try getOwnProperty(target, key) }
    let trapResult = try callTrap(trap, handler, target.value, keyValue(key))
    guard trapResult.isObject || trapResult.isUndefined else {
      throw typeError(
        "'getOwnPropertyDescriptor' on proxy: trap returned neither object nor undefined for property '\(keyDescription(key))'"
      )
    }
    let targetDescriptor = try getOwnProperty(target, key)
    if trapResult.isUndefined {
      // Step 11: a property may only be reported missing if the target could lose it.
      guard let targetDescriptor else { return nil }
      if targetDescriptor.configurable == false {
        throw typeError(
          "'getOwnPropertyDescriptor' on proxy: trap returned undefined for property '\(keyDescription(key))' which is non-configurable in the proxy target"
        )
      }
      if !(try isExtensible(target)) {
        throw typeError(
          "'getOwnPropertyDescriptor' on proxy: trap returned undefined for property '\(keyDescription(key))' which exists in the non-extensible proxy target"
        )
      }
      return nil
    }
    let extensibleTarget = try isExtensible(target)
    var resultDescriptor = try toPropertyDescriptor(trapResult)
    completePropertyDescriptor(&resultDescriptor)
    if !isCompatibleDescriptor(extensible: extensibleTarget, resultDescriptor, targetDescriptor) {
      throw typeError(
        "'getOwnPropertyDescriptor' on proxy: trap returned descriptor for property '\(keyDescription(key))' that is incompatible with the existing property in the proxy target"
      )
    }
    if resultDescriptor.configurable == false {
      // Step 17: non-configurability may only be reported if the target agrees.
      guard let targetDescriptor, targetDescriptor.configurable == false else {
        throw typeError(
          "'getOwnPropertyDescriptor' on proxy: trap reported non-configurability for property '\(keyDescription(key))' which is either non-existent or configurable in the proxy target"
        )
      }
      if resultDescriptor.writable == false && targetDescriptor.writable == true {
        throw typeError(
          "'getOwnPropertyDescriptor' on proxy: trap reported non-configurable and writable for property '\(keyDescription(key))' which is non-configurable, non-writable in the proxy target"
        )
      }
    }
    return resultDescriptor
  }

  /// CompletePropertyDescriptor (ES2024 6.2.6.6)
  func completePropertyDescriptor(_ descriptor: inout PropertyDescriptor) {
    if descriptor.isGenericDescriptor || descriptor.isDataDescriptor {
      if descriptor.value == nil { descriptor.value = .undefined }
      if descriptor.writable == nil { descriptor.writable = false }
    } else {
      if descriptor.getter == nil { descriptor.getter = .undefined }
      if descriptor.setter == nil { descriptor.setter = .undefined }
    }
    if descriptor.enumerable == nil { descriptor.enumerable = false }
    if descriptor.configurable == nil { descriptor.configurable = false }
  }

  // MARK: - [[DefineOwnProperty]]

  /// ES2024 10.5.6
  func proxyDefineOwnProperty(_ proxy: ObjectRef, _ key: PropertyKey, _ descriptor: PropertyDescriptor)
    throws(JSException) -> Bool
  {
    try enterProxy()
    defer { leaveProxy() }
    let (target, foundHandler, trap) = try resolveTrap(proxy, names.defineProperty)
    guard let handler = foundHandler else { return try defineOwnProperty(target, key, descriptor) }
    let descriptorObject = fromPropertyDescriptor(descriptor)
    if !(try callBooleanTrap(trap, handler, target.value, keyValue(key), descriptorObject)) { return false }
    let targetDescriptor = try getOwnProperty(target, key)
    let extensibleTarget = try isExtensible(target)
    let settingConfigurableFalse = descriptor.configurable == false
    guard let targetDescriptor else {
      if !extensibleTarget {
        throw typeError(
          "'defineProperty' on proxy: trap returned truish for adding property '\(keyDescription(key))'  to the non-extensible proxy target"
        )
      }
      if settingConfigurableFalse {
        throw typeError(
          "'defineProperty' on proxy: trap returned truish for defining non-configurable property '\(keyDescription(key))' which is either non-existent or configurable in the proxy target"
        )
      }
      return true
    }
    if !isCompatibleDescriptor(extensible: extensibleTarget, descriptor, targetDescriptor) {
      throw typeError(
        "'defineProperty' on proxy: trap returned truish for adding property '\(keyDescription(key))'  that is incompatible with the existing property in the proxy target"
      )
    }
    if settingConfigurableFalse && targetDescriptor.configurable == true {
      throw typeError(
        "'defineProperty' on proxy: trap returned truish for defining non-configurable property '\(keyDescription(key))' which is either non-existent or configurable in the proxy target"
      )
    }
    if targetDescriptor.isDataDescriptor && targetDescriptor.configurable == false
      && targetDescriptor.writable == true && descriptor.writable == false
    {
      throw typeError(
        "'defineProperty' on proxy: trap returned truish for defining non-configurable property '\(keyDescription(key))' which cannot be non-writable, unless there exists a corresponding non-configurable, non-writable own property of the target object."
      )
    }
    return true
  }

  // MARK: - [[HasProperty]]

  /// ES2024 10.5.7
  func proxyHas(_ proxy: ObjectRef, _ key: PropertyKey) throws(JSException) -> Bool {
    try enterProxy()
    defer { leaveProxy() }
    let (target, foundHandler, trap) = try resolveTrap(proxy, names.has)
    guard let handler = foundHandler else { return try hasProperty(target, key) }
    let result = try callBooleanTrap(trap, handler, target.value, keyValue(key))
    if !result, let targetDescriptor = try getOwnProperty(target, key) {
      if targetDescriptor.configurable == false {
        throw typeError(
          "'has' on proxy: trap returned falsish for property '\(keyDescription(key))' which exists in the proxy target as non-configurable"
        )
      }
      if !(try isExtensible(target)) {
        throw typeError(
          "'has' on proxy: trap returned falsish for property '\(keyDescription(key))' but the proxy target is not extensible"
        )
      }
    }
    return result
  }

  // MARK: - [[Get]] / [[Set]]

  /// ES2024 10.5.8
  func proxyGet(_ proxy: ObjectRef, _ key: PropertyKey, receiver: Value) throws(JSException) -> Value {
    try enterProxy()
    defer { leaveProxy() }
    let (target, foundHandler, trap) = try resolveTrap(proxy, names.get)
    guard let handler = foundHandler else { return try get(target, key, receiver: receiver) }
    let trapResult = try callTrap(trap, handler, target.value, keyValue(key), receiver)
    if let targetDescriptor = try getOwnProperty(target, key), targetDescriptor.configurable == false {
      if targetDescriptor.isDataDescriptor && targetDescriptor.writable == false
        && !sameValue(trapResult, targetDescriptor.value!)
      {
        throw typeError(
          "'get' on proxy: property '\(keyDescription(key))' is a read-only and non-configurable data property on the proxy target but the proxy did not return its actual value"
        )
      }
      if targetDescriptor.isAccessorDescriptor && targetDescriptor.getter?.isUndefined != false
        && !trapResult.isUndefined
      {
        throw typeError(
          "'get' on proxy: property '\(keyDescription(key))' is a non-configurable accessor property on the proxy target and does not have a getter function, but the trap did not return 'undefined'"
        )
      }
    }
    return trapResult
  }

  /// ES2024 10.5.9
  func proxySet(_ proxy: ObjectRef, _ key: PropertyKey, _ value: Value, receiver: Value) throws(JSException) -> Bool {
    try enterProxy()
    defer { leaveProxy() }
    let (target, foundHandler, trap) = try resolveTrap(proxy, names.set)
    guard let handler = foundHandler else { return try set(target, key, value, receiver: receiver) }
    if !(try callBooleanTrap(trap, handler, target.value, keyValue(key), value, receiver)) { return false }
    if let targetDescriptor = try getOwnProperty(target, key), targetDescriptor.configurable == false {
      if targetDescriptor.isDataDescriptor && targetDescriptor.writable == false
        && !sameValue(value, targetDescriptor.value!)
      {
        throw typeError(
          "'set' on proxy: trap returned truish for property '\(keyDescription(key))' which exists in the proxy target as a non-configurable and non-writable data property with a different value"
        )
      }
      if targetDescriptor.isAccessorDescriptor && targetDescriptor.setter?.isUndefined != false {
        throw typeError(
          "'set' on proxy: trap returned truish for property '\(keyDescription(key))' which exists in the proxy target as a non-configurable and non-writable accessor property without a setter"
        )
      }
    }
    return true
  }

  // MARK: - [[Delete]]

  /// ES2024 10.5.10
  func proxyDelete(_ proxy: ObjectRef, _ key: PropertyKey) throws(JSException) -> Bool {
    try enterProxy()
    defer { leaveProxy() }
    let (target, foundHandler, trap) = try resolveTrap(proxy, names.deleteProperty)
    guard let handler = foundHandler else { return try delete(target, key) }
    if !(try callBooleanTrap(trap, handler, target.value, keyValue(key))) { return false }
    guard let targetDescriptor = try getOwnProperty(target, key) else { return true }
    if targetDescriptor.configurable == false {
      throw typeError(
        "'deleteProperty' on proxy: trap returned truish for property '\(keyDescription(key))' which is non-configurable in the proxy target"
      )
    }
    if !(try isExtensible(target)) {
      throw typeError(
        "'deleteProperty' on proxy: trap returned truish for property '\(keyDescription(key))' but the proxy target is non-extensible"
      )
    }
    return true
  }

  // MARK: - [[OwnPropertyKeys]]

  /// ES2024 10.5.11
  func proxyOwnKeys(_ proxy: ObjectRef) throws(JSException) -> PropertyKeyList {
    try enterProxy()
    defer { leaveProxy() }
    let (target, foundHandler, trap) = try resolveTrap(proxy, names.ownKeys)
    guard let handler = foundHandler else { return try ownPropertyKeys(target) }
    let trapResultArray = try callTrap(trap, handler, target.value)
    let trapResult = try ownKeysTrapResult(trapResultArray)
    let extensibleTarget = try isExtensible(target)
    let targetKeys = try ownPropertyKeys(target)
    var configurableKeys: [PropertyKey] = []
    var nonconfigurableKeys: [PropertyKey] = []
    for key in targetKeys {
      if let descriptor = try getOwnProperty(target, key), descriptor.configurable == false {
        nonconfigurableKeys.append(key)
      } else {
        configurableKeys.append(key)
      }
    }
    // The target keys stay rooted (in targetKeys) while these plain lists are used.
    defer { withExtendedLifetime(targetKeys) {} }
    if extensibleTarget && nonconfigurableKeys.isEmpty { return trapResult }
    var unchecked = Set(trapResult.map(\.bits))
    for key in nonconfigurableKeys where unchecked.remove(key.bits) == nil {
      throw typeError("'ownKeys' on proxy: trap result did not include '\(keyDescription(key))'")
    }
    if extensibleTarget { return trapResult }
    for key in configurableKeys where unchecked.remove(key.bits) == nil {
      throw typeError("'ownKeys' on proxy: trap result did not include '\(keyDescription(key))'")
    }
    if !unchecked.isEmpty {
      throw typeError("'ownKeys' on proxy: trap returned extra keys but proxy target is non-extensible")
    }
    return trapResult
  }

  /// Steps 8–9: CreateListFromArrayLike(trapResultArray, « String, Symbol ») without duplicates.
  private func ownKeysTrapResult(_ array: Value) throws(JSException) -> PropertyKeyList {
    guard array.isObject else { throw typeError("CreateListFromArrayLike called on non-object") }
    let object = array.asObject
    let length = try lengthOfArrayLike(object)
    let elements = RootedValues(self)
    for index in 0..<length {
      let element = try get(object, propertyKey(forIndex: index))
      guard element.isString || element.isSymbol else {
        throw typeError("\(describeForError(element)) is not a valid property name")
      }
      elements.append(element)
      if index & 4095 == 4095 {
        try checkListSize(elements.count)
        try checkSafePoint()
      }
    }
    let keys = PropertyKeyList(self, capacity: elements.count)
    var seen = Set<UInt64>()
    for index in 0..<elements.count {
      let key = try toPropertyKey(elements[index])
      if !seen.insert(key.bits).inserted {
        throw typeError("'ownKeys' on proxy: trap returned duplicate entries")
      }
      keys.append(key)
    }
    withExtendedLifetime(elements) {}
    return keys
  }

  // MARK: - [[Call]] / [[Construct]]

  /// ES2024 10.5.12
  func proxyCall(_ proxy: ObjectRef, this: Value, arguments: UnsafeBufferPointer<Value>) throws(JSException) -> Value {
    let (target, foundHandler, trap) = try resolveTrap(proxy, names.apply)
    guard let handler = foundHandler else { return try call(target.value, this: this, arguments: arguments) }
    let argumentArray = newArray(arguments)
    return try callTrap(trap, handler, target.value, this, argumentArray.value)
  }

  /// ES2024 10.5.13
  func proxyConstruct(_ proxy: ObjectRef, arguments: UnsafeBufferPointer<Value>, newTarget: Value) throws(JSException)
    -> Value
  {
    let (target, foundHandler, trap) = try resolveTrap(proxy, names.construct)
    guard let handler = foundHandler else {
      return try construct(target.value, arguments: arguments, newTarget: newTarget)
    }
    let argumentArray = newArray(arguments)
    let newObject = try callTrap(trap, handler, target.value, argumentArray.value, newTarget)
    guard newObject.isObject else {
      throw typeError("'construct' on proxy: trap returned non-object ('\(describeForError(newObject))')")
    }
    return newObject
  }
}
