// Arguments exotic objects (ES2024 10.4.4).
//
// Every arguments object keeps the argument values as dense elements. A mapped
// one (sloppy functions with simple parameters) additionally maps index i to the
// environment slot of parameter i, so `arguments[0] = v` and `a = v` stay in
// sync; the element is the source of truth again once an index is unmapped.

final class ArgumentMapping {
  /// Environment slot per index (-1: not mapped).
  @exclusivity(unchecked) var slots: [Int]
  init(slots: [Int]) { self.slots = slots }
}

extension Runtime {
  func createArgumentsObject(
    frame: UnsafeMutablePointer<Value>, argumentCount: Int, callee: ObjectRef, codeBlock: CodeBlock
  ) -> Value {
    let arguments = newObject(.arguments, prototype: realm[.objectPrototype])
    arguments.setInternalSlot(0, .undefined)
    if argumentCount > 0 {
      ensureElementCapacity(arguments, argumentCount)
      arguments.denseElements.update(from: frame, count: argumentCount)
      arguments.elementsHeader!.pointee.count = UInt32(argumentCount)
    }
    addProperty(arguments, names.length, Value(Int32(argumentCount)), .builtin)
    addProperty(arguments, PropertyKey(symbol: symbols.iterator), realm[.arrayPrototypeValues], .builtin)
    if codeBlock.argumentsAreMapped {
      addProperty(arguments, names.callee, callee.value, .builtin)
      let count = min(argumentCount, codeBlock.mappedParameterSlots.count)
      if count > 0 {
        arguments.setPayloadObject(ArgumentMapping(slots: Array(codeBlock.mappedParameterSlots[0..<count])))
      }
    } else {
      let thrower = realm[.throwTypeError]
      addAccessor(arguments, names.callee, getter: thrower, setter: thrower, [])
    }
    return arguments.value
  }

  /// Connects a mapped arguments object to the function's environment (run by the prologue).
  func installArgumentMapping(_ arguments: ObjectRef, environment: Value) {
    if arguments.payload != nil { arguments.setInternalSlot(0, environment) }
  }

  func argumentMapping(_ arguments: ObjectRef) -> ArgumentMapping? {
    guard arguments.internalSlot(0).isCell else { return nil }
    return arguments.payloadObject(as: ArgumentMapping.self)
  }

  func mappedArgumentSlot(_ arguments: ObjectRef, _ index: UInt32) -> Int? {
    guard let mapping = argumentMapping(arguments), Int(index) < mapping.slots.count else { return nil }
    let slot = mapping.slots[Int(index)]
    return slot >= 0 ? slot : nil
  }

  /// Stops mapping `index`, keeping its current value in the element.
  func unmapArgument(_ arguments: ObjectRef, _ index: UInt32) {
    guard let mapping = argumentMapping(arguments), Int(index) < mapping.slots.count else { return }
    let slot = mapping.slots[Int(index)]
    guard slot >= 0 else { return }
    let value = EnvironmentRef(arguments.internalSlot(0)).slot(slot)
    if Int(index) < arguments.denseCount && !arguments.denseElements[Int(index)].isEmpty {
      arguments.denseElements[Int(index)] = value
    }
    mapping.slots[Int(index)] = -1
  }

  /// ES2024 10.4.4.2 [[DefineOwnProperty]] for a mapped index.
  func argumentsDefineOwnProperty(_ arguments: ObjectRef, _ index: UInt32, _ descriptor: PropertyDescriptor) -> Bool {
    guard let slot = mappedArgumentSlot(arguments, index) else {
      return ordinaryDefineOwnProperty(arguments, PropertyKey(index: index), descriptor)
    }
    let environment = EnvironmentRef(arguments.internalSlot(0))
    var newDescriptor = descriptor
    if descriptor.isDataDescriptor && descriptor.value == nil && descriptor.writable == false {
      newDescriptor.value = environment.slot(slot)
    }
    // Define on the plain element (synchronized first), then decide about the mapping.
    unmapArgument(arguments, index)
    let allowed = ordinaryDefineOwnProperty(arguments, PropertyKey(index: index), newDescriptor)
    guard allowed else {
      argumentMapping(arguments)?.slots[Int(index)] = slot
      return false
    }
    if descriptor.isAccessorDescriptor { return true }
    if let value = descriptor.value { environment.setSlot(slot, value) }
    if descriptor.writable != false { argumentMapping(arguments)?.slots[Int(index)] = slot }
    return true
  }
}
