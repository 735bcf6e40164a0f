// The Iterator constructor and the iterator helpers (ES2025 27.1.3-27.1.4): Iterator,
// Iterator.from with %WrapForValidIteratorPrototype%, the lazy Iterator.prototype methods
// (map, filter, take, drop, flatMap) returning %IteratorHelperPrototype% objects, and the
// eager ones (reduce, toArray, forEach, some, every, find).
//
// A helper is the spec's generator-like closure written as a state machine: the state of
// the abstract closure lives in internal slots (all Values, so the collector sees them),
// and [[GeneratorState]] guards re-entrant next/return calls.

enum IteratorHelperSlot {
  static let iterator = 0
  static let next = 1
  static let callback = 2
  /// The counter passed to the callback, or the remaining count of take/drop.
  static let counter = 3
  static let kindAndState = 4
  static let innerIterator = 5
  static let innerNext = 6
}

enum IteratorHelperKind: Int32 { case map, filter, take, drop, flatMap, concat }

/// [[GeneratorState]] of an iterator helper.
enum IteratorHelperState: Int32 { case suspendedStart, suspendedYield, executing, completed }

extension Realm {
  func installIteratorHelpers(_ runtime: Runtime) {
    let prototype = object(.iteratorPrototype)
    let constructor = runtime.newNativeFunction(name: "Iterator", length: 0, isConstructor: true) {
      runtime, arguments throws(JSException) in
      // ES2025 27.1.3.1 step 1: abstract; only subclasses construct.
      if arguments.newTarget.isUndefined || arguments.newTarget == arguments.callee.value {
        throw runtime.typeError("Abstract class Iterator not directly constructable")
      }
      return try runtime.ordinaryCreateFromConstructor(arguments.newTarget, fallback: .iteratorPrototype).value
    }
    self[.iteratorConstructor] = constructor.value
    runtime.addProperty(constructor, runtime.names.prototype, prototype.value, [])
    defineGlobal("Iterator", constructor.value)
    runtime.defineNativeMethod(constructor, "from", length: 1) { runtime, arguments throws(JSException) in
      try runtime.iteratorFrom(arguments[0])
    }
    runtime.defineNativeMethod(constructor, "concat", length: 0) { runtime, arguments throws(JSException) in
      try runtime.iteratorConcat(arguments)
    }
    installIteratorPrototypeAccessors(runtime, prototype, constructor)
    installLazyIteratorMethods(runtime, prototype)
    installEagerIteratorMethods(runtime, prototype)
    installIteratorHelperPrototype(runtime)
    installWrapForValidIteratorPrototype(runtime)
  }

  /// Iterator.prototype.constructor and [Symbol.toStringTag] (ES2025 27.1.4.1, 27.1.4.14):
  /// accessors whose setters ignore the prototype itself.
  private func installIteratorPrototypeAccessors(_ runtime: Runtime, _ prototype: ObjectRef, _ constructor: ObjectRef) {
    let tagKey = PropertyKey(symbol: runtime.symbols.toStringTag)
    runtime.defineNativeAccessor(
      prototype, tagKey, name: "[Symbol.toStringTag]",
      getter: { runtime, _ throws(JSException) in runtime.newString("Iterator").value },
      setter: { runtime, arguments throws(JSException) in
        try runtime.setterIgnoringPrototype(arguments.this, home: .iteratorPrototype, tagKey, arguments[0])
        return .undefined
      })
    runtime.defineNativeAccessor(
      prototype, runtime.names.constructor, name: "constructor",
      getter: { runtime, _ throws(JSException) in runtime.realm[.iteratorConstructor] },
      setter: { runtime, arguments throws(JSException) in
        try runtime.setterIgnoringPrototype(
          arguments.this, home: .iteratorPrototype, runtime.names.constructor, arguments[0])
        return .undefined
      })
  }

  private func installLazyIteratorMethods(_ runtime: Runtime, _ prototype: ObjectRef) {
    let methods: [(String, IteratorHelperKind)] = [
      ("map", .map), ("filter", .filter), ("take", .take), ("drop", .drop), ("flatMap", .flatMap),
    ]
    for (name, kind) in methods {
      runtime.defineNativeMethod(prototype, name, length: 1) { runtime, arguments throws(JSException) in
        try runtime.createIteratorHelper(kind, arguments.this, arguments[0], "Iterator.prototype.\(name)")
      }
    }
  }

  private func installEagerIteratorMethods(_ runtime: Runtime, _ prototype: ObjectRef) {
    runtime.defineNativeMethod(prototype, "reduce", length: 1) { runtime, arguments throws(JSException) in
      try runtime.iteratorReduce(arguments.this, arguments[0], initialValue: arguments.count > 1 ? arguments[1] : nil)
    }
    runtime.defineNativeMethod(prototype, "toArray", length: 0) { runtime, arguments throws(JSException) in
      try runtime.iteratorToArray(arguments.this)
    }
    let searches: [(String, IteratorSearch)] = [
      ("forEach", .forEach), ("some", .some), ("every", .every), ("find", .find),
    ]
    for (name, search) in searches {
      runtime.defineNativeMethod(prototype, name, length: 1) { runtime, arguments throws(JSException) in
        try runtime.iteratorSearch(search, arguments.this, arguments[0], "Iterator.prototype.\(name)")
      }
    }
  }

  /// %IteratorHelperPrototype% (ES2025 27.1.2.1)
  private func installIteratorHelperPrototype(_ runtime: Runtime) {
    let prototype = runtime.newObject(.ordinary, prototype: self[.iteratorPrototype])
    self[.iteratorHelperPrototype] = prototype.value
    runtime.defineNativeMethod(prototype, "next", length: 0) { runtime, arguments throws(JSException) in
      let helper = try runtime.thisObject(arguments, .iteratorHelper, "Iterator Helper.prototype.next")
      return try runtime.iteratorHelperNext(helper)
    }
    runtime.defineNativeMethod(prototype, "return", length: 0) { runtime, arguments throws(JSException) in
      let helper = try runtime.thisObject(arguments, .iteratorHelper, "Iterator Helper.prototype.return")
      return try runtime.iteratorHelperReturn(helper)
    }
    runtime.addProperty(
      prototype, PropertyKey(symbol: runtime.symbols.toStringTag), runtime.newString("Iterator Helper").value,
      [.configurable])
  }

  /// %WrapForValidIteratorPrototype% (ES2025 27.1.3.2.1.1)
  private func installWrapForValidIteratorPrototype(_ runtime: Runtime) {
    let prototype = runtime.newObject(.ordinary, prototype: self[.iteratorPrototype])
    self[.wrapForValidIteratorPrototype] = prototype.value
    runtime.defineNativeMethod(prototype, "next", length: 0) { runtime, arguments throws(JSException) in
      let wrapper = try runtime.thisObject(arguments, .wrapForValidIterator, "%WrapForValidIteratorPrototype%.next")
      return try runtime.call(wrapper.internalSlot(1), this: wrapper.internalSlot(0), arguments: [])
    }
    runtime.defineNativeMethod(prototype, "return", length: 0) { runtime, arguments throws(JSException) in
      let wrapper = try runtime.thisObject(
        arguments, .wrapForValidIterator, "%WrapForValidIteratorPrototype%.return")
      let iterator = wrapper.internalSlot(0)
      let method = try runtime.getMethod(iterator, runtime.names.return)
      if method.isUndefined { return runtime.iteratorResult(.undefined, done: true) }
      return try runtime.call(method, this: iterator, arguments: [])
    }
  }
}

enum IteratorSearch { case forEach, some, every, find }

extension Runtime {
  // MARK: - Shared steps

  /// SetterThatIgnoresPrototypeProperties (ES2025 27.1.4.14.1 note)
  fileprivate func setterIgnoringPrototype(_ this: Value, home: Intrinsic, _ key: PropertyKey, _ value: Value)
    throws(JSException)
  {
    guard this.isObject else { throw typeError("Cannot set a property on a non-object") }
    if this == realm[home] { throw typeError("Cannot assign to read only property of Iterator.prototype") }
    let object = this.asObject
    if try getOwnProperty(object, key) == nil {
      try createDataPropertyOrThrow(object, key, value)
    } else {
      try set(object, key, value, throwing: true)
    }
  }

  /// The receiver of an Iterator.prototype method, which must be an object.
  private func iteratorReceiver(_ this: Value, _ method: String) throws(JSException) -> ObjectRef {
    guard this.isObject else { throw typeError("\(method) called on non-object") }
    return this.asObject
  }

  /// Argument validation failures close the receiver first (ES2025 27.1.4.x step 4:
  /// IteratorClose(iterated, ThrowCompletion(error))).
  private func closeAndThrow(_ iterator: ObjectRef, _ error: JSException) throws(JSException) -> Never {
    try iteratorClose(iterator.value, suppressErrors: true)
    throw error
  }

  /// A callback's abrupt completion closes the underlying iterator (IfAbruptCloseIterator).
  private func callClosingOnThrow(_ function: Value, _ arguments: [Value], closing iterator: Value)
    throws(JSException) -> Value
  {
    do throws(JSException) {
      return try call(function, this: .undefined, arguments: arguments)
    } catch {
      try iteratorClose(iterator, suppressErrors: true)
      throw error
    }
  }

  /// GetIteratorFlattenable (ES2025 7.4.13)
  func getIteratorFlattenable(_ value: Value, iterateStrings: Bool) throws(JSException) -> (Value, Value) {
    if !value.isObject && !(iterateStrings && value.isString) {
      throw typeError("\(describeForError(value)) is not an object")
    }
    let method = try getMethod(value, PropertyKey(symbol: symbols.iterator))
    let iterator = method.isUndefined ? value : try call(method, this: value, arguments: [])
    guard iterator.isObject else { throw typeError("\(describeForError(iterator)) is not an object") }
    return (iterator, try get(iterator.asObject, names.next))
  }

  /// Iterator.from (ES2025 27.1.3.2.1)
  func iteratorFrom(_ value: Value) throws(JSException) -> Value {
    let (iterator, next) = try getIteratorFlattenable(value, iterateStrings: true)
    if try ordinaryHasInstance(realm[.iteratorConstructor], iterator) { return iterator }
    let wrapper = newObject(.wrapForValidIterator, prototype: realm[.wrapForValidIteratorPrototype])
    wrapper.setInternalSlot(0, iterator)
    wrapper.setInternalSlot(1, next)
    return wrapper.value
  }

  /// Iterator.concat (ES2026 27.1.3.2.2): every item's @@iterator is read up front; the
  /// helper keeps them as [method, item, method, item, …] in an internal array and opens
  /// them one after another.
  func iteratorConcat(_ arguments: NativeArguments) throws(JSException) -> Value {
    let iterables = RootedValues(self)
    for index in 0..<arguments.count {
      let item = arguments[index]
      guard item.isObject else { throw typeError("\(describeForError(item)) is not an object") }
      let method = try getMethod(item, PropertyKey(symbol: symbols.iterator))
      if method.isUndefined { throw typeError("\(describeForError(item)) is not iterable") }
      iterables.append(method)
      iterables.append(item)
    }
    let helper = newObject(.iteratorHelper, prototype: realm[.iteratorHelperPrototype])
    helper.setInternalSlot(IteratorHelperSlot.iterator, .undefined)
    helper.setInternalSlot(IteratorHelperSlot.next, .undefined)
    helper.setInternalSlot(IteratorHelperSlot.callback, newArray(iterables.values).value)
    helper.setInternalSlot(IteratorHelperSlot.counter, Value(number: 0))
    helper.setInternalSlot(IteratorHelperSlot.innerIterator, .undefined)
    helper.setInternalSlot(IteratorHelperSlot.innerNext, .undefined)
    setHelperState(helper, .concat, .suspendedStart)
    return helper.value
  }

  /// Iterator.concat's closure (step 3): the current inner iterator's values, then the next
  /// iterable opened with its saved method. `counter` indexes the next iterable.
  private func resumeConcat(_ helper: ObjectRef, _ iterables: Value, _ counter: inout Double) throws(JSException)
    -> Value?
  {
    while true {
      let inner = helper.internalSlot(IteratorHelperSlot.innerIterator)
      if !inner.isUndefined {
        if let value = try iteratorStep(iterator: inner, next: helper.internalSlot(IteratorHelperSlot.innerNext)) {
          return value
        }
        helper.setInternalSlot(IteratorHelperSlot.innerIterator, .undefined)
        helper.setInternalSlot(IteratorHelperSlot.innerNext, .undefined)
      }
      let list = iterables.asObject
      let index = UInt32(counter)
      if Int(index) * 2 >= Int(arrayLength(list)) { return nil }
      let method = try get(list, PropertyKey(index: index * 2))
      let item = try get(list, PropertyKey(index: index * 2 + 1))
      counter += 1
      let iterator = try call(method, this: item, arguments: [])
      guard iterator.isObject else { throw typeError("\(describeForError(iterator)) is not an object") }
      let next = try get(iterator.asObject, names.next)
      helper.setInternalSlot(IteratorHelperSlot.innerIterator, iterator)
      helper.setInternalSlot(IteratorHelperSlot.innerNext, next)
    }
  }

  // MARK: - Lazy methods

  /// map / filter / take / drop / flatMap (ES2025 27.1.4.2-27.1.4.13): validation, then
  /// GetIteratorDirect, then a helper in the suspended-start state.
  func createIteratorHelper(_ kind: IteratorHelperKind, _ this: Value, _ argument: Value, _ method: String)
    throws(JSException) -> Value
  {
    let receiver = try iteratorReceiver(this, method)
    var counter = 0.0
    switch kind {
    case .map, .filter, .flatMap, .concat:
      if !argument.isCallable {
        try closeAndThrow(receiver, typeError("\(describeForError(argument)) is not a function"))
      }
    case .take, .drop:
      counter = try validatedLimit(argument, closing: receiver)
    }
    let next = try get(receiver, names.next)
    let helper = newObject(.iteratorHelper, prototype: realm[.iteratorHelperPrototype])
    helper.setInternalSlot(IteratorHelperSlot.iterator, receiver.value)
    helper.setInternalSlot(IteratorHelperSlot.next, next)
    helper.setInternalSlot(IteratorHelperSlot.callback, kind == .take || kind == .drop ? .undefined : argument)
    helper.setInternalSlot(IteratorHelperSlot.counter, Value(number: counter))
    helper.setInternalSlot(IteratorHelperSlot.innerIterator, .undefined)
    helper.setInternalSlot(IteratorHelperSlot.innerNext, .undefined)
    setHelperState(helper, kind, .suspendedStart)
    return helper.value
  }

  /// take/drop's limit (ES2025 27.1.4.11 steps 4-9): ToNumber, not NaN, at most 2^53 - 1 unless
  /// +∞, ToIntegerOrInfinity, not negative; failures close the receiver.
  private func validatedLimit(_ argument: Value, closing receiver: ObjectRef) throws(JSException) -> Double {
    let number: Double
    do throws(JSException) {
      number = try toNumber(argument)
    } catch {
      try closeAndThrow(receiver, error)
    }
    // Steps 6-7: NaN and finite values past 2^53 - 1 are RangeErrors.
    if number.isNaN || (number.isFinite && number > 9_007_199_254_740_991) {
      try closeAndThrow(receiver, rangeError("\(describeForError(argument)) must be positive"))
    }
    let limit = number.isInfinite ? number : number.rounded(.towardZero) + 0
    if limit < 0 { try closeAndThrow(receiver, rangeError("\(describeForError(argument)) must be positive")) }
    return limit
  }

  private func helperKind(_ helper: ObjectRef) -> IteratorHelperKind {
    IteratorHelperKind(rawValue: helper.internalSlot(IteratorHelperSlot.kindAndState).asInt32 >> 4)!
  }

  private func helperState(_ helper: ObjectRef) -> IteratorHelperState {
    IteratorHelperState(rawValue: helper.internalSlot(IteratorHelperSlot.kindAndState).asInt32 & 15)!
  }

  private func setHelperState(_ helper: ObjectRef, _ kind: IteratorHelperKind, _ state: IteratorHelperState) {
    helper.setInternalSlot(IteratorHelperSlot.kindAndState, Value(kind.rawValue << 4 | state.rawValue))
  }

  /// %IteratorHelperPrototype%.next (ES2025 27.1.2.1.1): GeneratorResume of the closure.
  func iteratorHelperNext(_ helper: ObjectRef) throws(JSException) -> Value {
    let kind = helperKind(helper)
    switch helperState(helper) {
    case .executing: throw typeError("Generator is already running")
    case .completed: return iteratorResult(.undefined, done: true)
    case .suspendedStart, .suspendedYield: break
    }
    setHelperState(helper, kind, .executing)
    let produced: Value?
    do throws(JSException) {
      produced = try resumeIteratorHelper(helper, kind)
    } catch {
      setHelperState(helper, kind, .completed)
      throw error
    }
    guard let value = produced else {
      setHelperState(helper, kind, .completed)
      return iteratorResult(.undefined, done: true)
    }
    setHelperState(helper, kind, .suspendedYield)
    return iteratorResult(value, done: false)
  }

  /// The closure's steps from the last Yield to the next: the value to yield, or nil at the end.
  private func resumeIteratorHelper(_ helper: ObjectRef, _ kind: IteratorHelperKind) throws(JSException) -> Value? {
    let iterator = helper.internalSlot(IteratorHelperSlot.iterator)
    let next = helper.internalSlot(IteratorHelperSlot.next)
    let callback = helper.internalSlot(IteratorHelperSlot.callback)
    var counter = helper.internalSlot(IteratorHelperSlot.counter).asNumber
    defer { helper.setInternalSlot(IteratorHelperSlot.counter, Value(number: counter)) }
    switch kind {
    case .map:
      guard let value = try iteratorStep(iterator: iterator, next: next) else { return nil }
      let mapped = try callClosingOnThrow(callback, [value, Value(number: counter)], closing: iterator)
      counter += 1
      return mapped
    case .filter:
      while let value = try iteratorStep(iterator: iterator, next: next) {
        let selected = try callClosingOnThrow(callback, [value, Value(number: counter)], closing: iterator)
        counter += 1
        if toBoolean(selected) { return value }
      }
      return nil
    case .take:
      // ES2025 27.1.4.11 step 8.a: the limit reached closes the underlying iterator.
      if counter == 0 {
        try iteratorClose(iterator, suppressErrors: false)
        return nil
      }
      if counter != .infinity { counter -= 1 }
      return try iteratorStep(iterator: iterator, next: next)
    case .drop:
      while counter > 0 {
        if counter != .infinity { counter -= 1 }
        if try iteratorStep(iterator: iterator, next: next) == nil { return nil }
      }
      return try iteratorStep(iterator: iterator, next: next)
    case .flatMap:
      return try resumeFlatMap(helper, iterator, next, callback, &counter)
    case .concat:
      return try resumeConcat(helper, callback, &counter)
    }
  }

  /// flatMap (ES2025 27.1.4.7 step 5): values of the current inner iterator, then the next
  /// mapped value's iterator.
  private func resumeFlatMap(
    _ helper: ObjectRef, _ iterator: Value, _ next: Value, _ mapper: Value, _ counter: inout Double
  ) throws(JSException) -> Value? {
    while true {
      let inner = helper.internalSlot(IteratorHelperSlot.innerIterator)
      if !inner.isUndefined {
        let innerValue: Value?
        do throws(JSException) {
          innerValue = try iteratorStep(iterator: inner, next: helper.internalSlot(IteratorHelperSlot.innerNext))
        } catch {
          try iteratorClose(iterator, suppressErrors: true)
          throw error
        }
        if let innerValue { return innerValue }
        helper.setInternalSlot(IteratorHelperSlot.innerIterator, .undefined)
        helper.setInternalSlot(IteratorHelperSlot.innerNext, .undefined)
        counter += 1
      }
      guard let value = try iteratorStep(iterator: iterator, next: next) else { return nil }
      let mapped = try callClosingOnThrow(mapper, [value, Value(number: counter)], closing: iterator)
      let innerRecord: (Value, Value)
      do throws(JSException) {
        innerRecord = try getIteratorFlattenable(mapped, iterateStrings: false)
      } catch {
        try iteratorClose(iterator, suppressErrors: true)
        throw error
      }
      helper.setInternalSlot(IteratorHelperSlot.innerIterator, innerRecord.0)
      helper.setInternalSlot(IteratorHelperSlot.innerNext, innerRecord.1)
    }
  }

  /// %IteratorHelperPrototype%.return (ES2025 27.1.2.1.2)
  func iteratorHelperReturn(_ helper: ObjectRef) throws(JSException) -> Value {
    let kind = helperKind(helper)
    let iterator = helper.internalSlot(IteratorHelperSlot.iterator)
    switch helperState(helper) {
    case .executing: throw typeError("Generator is already running")
    case .completed: return iteratorResult(.undefined, done: true)
    case .suspendedStart:
      setHelperState(helper, kind, .completed)
      // Iterator.concat has no underlying iterator before its first next().
      if kind != .concat { try iteratorClose(iterator, suppressErrors: false) }
      return iteratorResult(.undefined, done: true)
    case .suspendedYield:
      // The return completion resumes the closure at its Yield: flatMap closes its inner
      // iterator first (an error there closes the outer one and propagates).
      setHelperState(helper, kind, .executing)
      defer { setHelperState(helper, kind, .completed) }
      let inner = helper.internalSlot(IteratorHelperSlot.innerIterator)
      if kind == .concat {
        try iteratorClose(inner, suppressErrors: false)
        return iteratorResult(.undefined, done: true)
      }
      if kind == .flatMap && !inner.isUndefined {
        do throws(JSException) {
          try iteratorClose(inner, suppressErrors: false)
        } catch {
          try iteratorClose(iterator, suppressErrors: true)
          throw error
        }
      }
      try iteratorClose(iterator, suppressErrors: false)
      return iteratorResult(.undefined, done: true)
    }
  }

  // MARK: - Eager methods

  /// Iterator.prototype.reduce (ES2025 27.1.4.8)
  func iteratorReduce(_ this: Value, _ reducer: Value, initialValue: Value?) throws(JSException) -> Value {
    let receiver = try iteratorReceiver(this, "Iterator.prototype.reduce")
    if !reducer.isCallable { try closeAndThrow(receiver, typeError("\(describeForError(reducer)) is not a function")) }
    let iterator = receiver.value
    let next = try get(receiver, names.next)
    var accumulator: Value
    var counter = 0.0
    if let initialValue {
      accumulator = initialValue
    } else {
      guard let first = try iteratorStep(iterator: iterator, next: next) else {
        throw typeError("Reduce of empty iterator with no initial value")
      }
      accumulator = first
      counter = 1
    }
    while let value = try iteratorStep(iterator: iterator, next: next) {
      accumulator = try callClosingOnThrow(reducer, [accumulator, value, Value(number: counter)], closing: iterator)
      counter += 1
    }
    return accumulator
  }

  /// Iterator.prototype.toArray (ES2025 27.1.4.12). Values go straight into the array (not a
  /// Swift list) so an endless iterator meets the heap limit.
  func iteratorToArray(_ this: Value) throws(JSException) -> Value {
    let receiver = try iteratorReceiver(this, "Iterator.prototype.toArray")
    let next = try get(receiver, names.next)
    let array = try arrayCreate(0)
    var index = 0
    while let value = try iteratorStep(iterator: receiver.value, next: next) {
      if index >= Int(PropertyKey.maximumIndex) { throw rangeError("Invalid array length") }
      try createElement(array, index, value)
      index += 1
      if index & 4095 == 0 { try checkSafePoint() }
    }
    return array.value
  }

  /// forEach / some / every / find (ES2025 27.1.4.4-5, 27.1.4.10, 27.1.4.2): a callback per
  /// value; a decisive result closes the iterator.
  func iteratorSearch(_ search: IteratorSearch, _ this: Value, _ callback: Value, _ method: String)
    throws(JSException) -> Value
  {
    let receiver = try iteratorReceiver(this, method)
    if !callback.isCallable {
      try closeAndThrow(receiver, typeError("\(describeForError(callback)) is not a function"))
    }
    let iterator = receiver.value
    let next = try get(receiver, names.next)
    var counter = 0.0
    while let value = try iteratorStep(iterator: iterator, next: next) {
      let result = try callClosingOnThrow(callback, [value, Value(number: counter)], closing: iterator)
      counter += 1
      let decisive: Value? =
        switch search {
        case .forEach: nil
        case .some: toBoolean(result) ? .true : nil
        case .every: toBoolean(result) ? nil : .false
        case .find: toBoolean(result) ? value : nil
        }
      if let decisive {
        try iteratorClose(iterator, suppressErrors: false)
        return decisive
      }
    }
    return switch search {
    case .forEach, .find: .undefined
    case .some: .false
    case .every: .true
    }
  }
}
