// The Reflect object (ES2024 28.1): the internal methods as functions.

extension Realm {
  func installReflect(_ runtime: Runtime) {
    let reflect = runtime.newPlainObject()
    defineGlobal("Reflect", reflect.value)
    deferProperties(of: reflect, to: .reflect)
  }

  func installReflectProperties(_ runtime: Runtime, _ reflect: ObjectRef) {
    installReflectCalls(runtime, reflect)
    runtime.hideFromStackTraces(reflect, "apply")
    runtime.hideFromStackTraces(reflect, "construct")
    installReflectPropertyMethods(runtime, reflect)
    installReflectObjectMethods(runtime, reflect)
    // ES2024 28.1.14 Reflect [ @@toStringTag ]
    runtime.addProperty(
      reflect, PropertyKey(symbol: runtime.symbols.toStringTag), runtime.newString("Reflect").value, [.configurable])
  }

  private func installReflectCalls(_ runtime: Runtime, _ reflect: ObjectRef) {
    // 28.1.1 Reflect.apply ( target, thisArgument, argumentsList )
    runtime.defineNativeMethod(reflect, "apply", length: 3) { runtime, arguments throws(JSException) in
      let target = arguments[0]
      if !target.isCallable {
        throw runtime.typeError(
          "Function.prototype.apply was called on \(runtime.describeForError(target)), which is not a function")
      }
      let list = try runtime.reflectArgumentList(arguments[2])
      defer { withExtendedLifetime(list) {} }
      return try runtime.call(target, this: arguments[1], arguments: list.values)
    }
    // 28.1.2 Reflect.construct ( target, argumentsList [ , newTarget ] )
    runtime.defineNativeMethod(reflect, "construct", length: 2) { runtime, arguments throws(JSException) in
      let target = arguments[0]
      if !target.isConstructor {
        throw runtime.typeError("\(runtime.describeForError(target)) is not a constructor")
      }
      let newTarget = arguments.count > 2 ? arguments[2] : target
      if !newTarget.isConstructor {
        throw runtime.typeError("\(runtime.describeForError(newTarget)) is not a constructor")
      }
      let list = try runtime.reflectArgumentList(arguments[1])
      defer { withExtendedLifetime(list) {} }
      return try list.values.withUnsafeBufferPointer { buffer throws(JSException) in
        try runtime.construct(target, arguments: buffer, newTarget: newTarget)
      }
    }
  }

  private func installReflectPropertyMethods(_ runtime: Runtime, _ reflect: ObjectRef) {
    // 28.1.3 Reflect.defineProperty ( target, propertyKey, attributes )
    runtime.defineNativeMethod(reflect, "defineProperty", length: 3) { runtime, arguments throws(JSException) in
      let target = try runtime.reflectTarget(arguments, "defineProperty")
      let key = try runtime.toPropertyKey(arguments[1])
      let descriptor = try runtime.toPropertyDescriptor(arguments[2])
      return Value(try runtime.defineOwnProperty(target, key, descriptor))
    }
    // 28.1.4 Reflect.deleteProperty ( target, propertyKey )
    runtime.defineNativeMethod(reflect, "deleteProperty", length: 2) { runtime, arguments throws(JSException) in
      let target = try runtime.reflectTarget(arguments, "deleteProperty")
      return Value(try runtime.delete(target, runtime.toPropertyKey(arguments[1])))
    }
    // 28.1.5 Reflect.get ( target, propertyKey [ , receiver ] )
    runtime.defineNativeMethod(reflect, "get", length: 2) { runtime, arguments throws(JSException) in
      let target = try runtime.reflectTarget(arguments, "get")
      let key = try runtime.toPropertyKey(arguments[1])
      let receiver = arguments.count > 2 ? arguments[2] : target.value
      return try runtime.get(target, key, receiver: receiver)
    }
    // 28.1.6 Reflect.getOwnPropertyDescriptor ( target, propertyKey )
    runtime.defineNativeMethod(reflect, "getOwnPropertyDescriptor", length: 2) {
      runtime, arguments throws(JSException) in
      let target = try runtime.reflectTarget(arguments, "getOwnPropertyDescriptor")
      let key = try runtime.toPropertyKey(arguments[1])
      return runtime.fromPropertyDescriptor(try runtime.getOwnProperty(target, key))
    }
    // 28.1.8 Reflect.has ( target, propertyKey )
    runtime.defineNativeMethod(reflect, "has", length: 2) { runtime, arguments throws(JSException) in
      let target = try runtime.reflectTarget(arguments, "has")
      return Value(try runtime.hasProperty(target, runtime.toPropertyKey(arguments[1])))
    }
    // 28.1.10 Reflect.ownKeys ( target )
    runtime.defineNativeMethod(reflect, "ownKeys", length: 1) { runtime, arguments throws(JSException) in
      let target = try runtime.reflectTarget(arguments, "ownKeys")
      let keys = try runtime.ownPropertyKeys(target)
      let values = RootedValues(runtime, capacity: keys.count)
      for key in keys { values.append(runtime.keyValue(key)) }
      return runtime.newArray(values.values).value
    }
    // 28.1.12 Reflect.set ( target, propertyKey, V [ , receiver ] )
    runtime.defineNativeMethod(reflect, "set", length: 3) { runtime, arguments throws(JSException) in
      let target = try runtime.reflectTarget(arguments, "set")
      let key = try runtime.toPropertyKey(arguments[1])
      let receiver = arguments.count > 3 ? arguments[3] : target.value
      return Value(try runtime.set(target, key, arguments[2], receiver: receiver))
    }
  }

  private func installReflectObjectMethods(_ runtime: Runtime, _ reflect: ObjectRef) {
    // 28.1.7 Reflect.getPrototypeOf ( target )
    runtime.defineNativeMethod(reflect, "getPrototypeOf", length: 1) { runtime, arguments throws(JSException) in
      try runtime.getPrototypeOf(runtime.reflectTarget(arguments, "getPrototypeOf"))
    }
    // 28.1.9 Reflect.isExtensible ( target )
    runtime.defineNativeMethod(reflect, "isExtensible", length: 1) { runtime, arguments throws(JSException) in
      Value(try runtime.isExtensible(runtime.reflectTarget(arguments, "isExtensible")))
    }
    // 28.1.11 Reflect.preventExtensions ( target )
    runtime.defineNativeMethod(reflect, "preventExtensions", length: 1) { runtime, arguments throws(JSException) in
      Value(try runtime.preventExtensions(runtime.reflectTarget(arguments, "preventExtensions")))
    }
    // 28.1.13 Reflect.setPrototypeOf ( target, proto )
    runtime.defineNativeMethod(reflect, "setPrototypeOf", length: 2) { runtime, arguments throws(JSException) in
      let target = try runtime.reflectTarget(arguments, "setPrototypeOf")
      let prototype = arguments[1]
      guard prototype.isObject || prototype.isNull else {
        throw runtime.typeError(
          "Object prototype may only be an Object or null: \(runtime.describeForError(prototype))")
      }
      return Value(try runtime.setPrototypeOf(target, prototype))
    }
  }
}

extension Runtime {
  /// The first argument, which every Reflect function requires to be an object.
  fileprivate func reflectTarget(_ arguments: NativeArguments, _ method: String) throws(JSException) -> ObjectRef {
    let target = arguments[0]
    guard target.isObject else { throw typeError("Reflect.\(method) called on non-object") }
    return target.asObject
  }

  /// CreateListFromArrayLike for Reflect.apply / Reflect.construct (TypeError for a non-object).
  fileprivate func reflectArgumentList(_ value: Value) throws(JSException) -> RootedValues {
    guard value.isObject else { throw typeError("CreateListFromArrayLike called on non-object") }
    return try listFromArrayLike(value)
  }
}
