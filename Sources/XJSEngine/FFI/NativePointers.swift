// Pointers and native memory: `ffi.UnsafePointer` (of, create, equals, offset, value) and
// `new ffi.UnsafePointerView(pointer)`, which reads and writes the memory at a pointer.
// Nothing here can check that the memory is there: a wrong address is the script's bug, as
// with any C pointer (the reason the whole `ffi` object needs --allow-ffi).

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension FFIState {
  /// `ffi.UnsafePointer`: a namespace of functions over pointer objects.
  func makePointerNamespace() -> Value {
    let namespace = runtime.newPlainObject()
    runtime.setToStringTag(namespace.value, "UnsafePointer")
    runtime.defineNativeMethod(namespace, "of", length: 1) { _, arguments throws(JSException) in
      let value = arguments[0]
      if let record = self.callbackRecord(value) { return self.pointerValue(UInt(bitPattern: record.entry)) }
      guard let bytes = self.borrowedBytes(value) else {
        throw self.runtime.typeError("UnsafePointer.of: expected a TypedArray, ArrayBuffer, DataView or UnsafeCallback")
      }
      return self.pointerValue(UInt(bitPattern: bytes.baseAddress))
    }
    runtime.defineNativeMethod(namespace, "create", length: 1) { _, arguments throws(JSException) in
      let position = NativeValuePosition(function: "UnsafePointer.create", place: .address)
      return self.pointerValue(UInt(try self.bits(of: arguments[0], as: .usize, at: position)))
    }
    runtime.defineNativeMethod(namespace, "equals", length: 2) { _, arguments throws(JSException) in
      Value(
        try self.pointerAddress(arguments[0], "UnsafePointer.equals", 1)
          == self.pointerAddress(arguments[1], "UnsafePointer.equals", 2))
    }
    runtime.defineNativeMethod(namespace, "offset", length: 2) { _, arguments throws(JSException) in
      let address = try self.pointerAddress(arguments[0], "UnsafePointer.offset", 1)
      let offset = try self.byteOffset(arguments[1], "UnsafePointer.offset")
      return self.pointerValue(UInt(bitPattern: Int(bitPattern: address) &+ offset))
    }
    runtime.defineNativeMethod(namespace, "value", length: 1) { _, arguments throws(JSException) in
      self.runtime.newBigInt(UInt64(try self.pointerAddress(arguments[0], "UnsafePointer.value", 1))).value
    }
    return namespace.value
  }

  /// The address of a pointer argument (null is 0), or a TypeError.
  func pointerAddress(_ value: Value, _ function: String, _ index: Int) throws(JSException) -> UInt {
    guard let address = address(ofPointer: value) else {
      throw mismatch(
        value, "a pointer object or null", NativeValuePosition(function: function, place: .argument(index - 1)))
    }
    return address
  }

  /// An offset argument: undefined is 0; otherwise an integral number.
  func byteOffset(_ value: Value, _ function: @autoclosure () -> String) throws(JSException) -> Int {
    if value.isUndefined { return 0 }
    guard value.isNumber, value.asNumber.rounded(.towardZero) == value.asNumber, abs(value.asNumber) <= 9.0e15 else {
      throw runtime.typeError("\(function()): an offset must be an integer, got \(runtime.describeForError(value))")
    }
    return Int(value.asNumber)
  }
}

// MARK: - UnsafeFnPointer

extension FFIState {
  /// `new ffi.UnsafeFnPointer(pointer, { parameters, result })`: `.call(...args)` calls the C
  /// function at the pointer by the declared signature (a function pointer C handed out).
  func makeFunctionPointerConstructor() -> Value {
    let prototype = runtime.newPlainObject()
    runtime.setToStringTag(prototype.value, "UnsafeFnPointer")
    let constructor = runtime.newNativeFunction(name: "UnsafeFnPointer", length: 2, isConstructor: true) {
      runtime, arguments throws(JSException) in
      guard arguments.isConstructCall else { throw runtime.typeError("UnsafeFnPointer must be called with new") }
      let context = "new UnsafeFnPointer"
      let address = try self.pointerAddress(arguments[0], context, 1)
      guard let entry = UnsafeRawPointer(bitPattern: address) else {
        throw runtime.typeError("\(context): the pointer is null")
      }
      let (parameters, result) = try runtime.parseNativeSignature(arguments[1], context: context)
      let signature = try self.prepareSignature(parameters, result, context: context)
      let prototypeValue = try runtime.prototype(forNewTarget: arguments.newTarget, fallback: prototype.value)
      let object = runtime.newObject(.ordinary, prototype: prototypeValue)
      runtime.addProperty(object, runtime.propertyKey("pointer"), arguments[0], [])
      runtime.addProperty(object, runtime.propertyKey("definition"), arguments[1], [])
      runtime.defineNativeMethod(object, "call", length: parameters.count) { _, callArguments throws(JSException) in
        try self.callNative(signature, at: entry, name: "UnsafeFnPointer.call", arguments: callArguments.all)
      }
      return object.value
    }
    runtime.linkConstructor(constructor.value, prototype: prototype.value)
    return constructor.value
  }
}

// MARK: - UnsafePointerView

/// The scalar accessors of a view: `get<Name>(offset)` and `set<Name>(value, offset)`.
private let viewAccessors: [(name: String, type: NativeType)] = [
  ("Bool", .bool), ("Int8", .i8), ("Uint8", .u8), ("Int16", .i16), ("Uint16", .u16), ("Int32", .i32),
  ("Uint32", .u32), ("BigInt64", .i64), ("BigUint64", .u64), ("Float32", .f32), ("Float64", .f64),
  ("Pointer", .pointer),
]

extension FFIState {
  /// `ffi.UnsafePointerView`: a constructor taking a non-null pointer object.
  func makePointerViewConstructor() -> Value {
    let prototype = runtime.newPlainObject()
    runtime.setToStringTag(prototype.value, "UnsafePointerView")
    let constructor = runtime.newNativeFunction(name: "UnsafePointerView", length: 1, isConstructor: true) {
      runtime, arguments throws(JSException) in
      guard arguments.isConstructCall else { throw runtime.typeError("UnsafePointerView must be called with new") }
      let address = try self.pointerAddress(arguments[0], "new UnsafePointerView", 1)
      guard address != 0 else { throw runtime.typeError("new UnsafePointerView: the pointer is null") }
      let prototypeValue = try runtime.prototype(forNewTarget: arguments.newTarget, fallback: prototype.value)
      let view = self.nativePointerObject(runtime.newObject(.nativePointer, prototype: prototypeValue), address, .view)
      runtime.addProperty(view.asObject, runtime.propertyKey("pointer"), arguments[0], [])
      return view
    }
    runtime.linkConstructor(constructor.value, prototype: prototype.value)
    for accessor in viewAccessors {
      defineViewGetter(prototype, accessor.name, accessor.type)
      defineViewSetter(prototype, accessor.name, accessor.type)
    }
    defineViewMemoryMethods(prototype, constructor)
    return constructor.value
  }

  /// The address a view method works on: its view's address plus the offset argument.
  private func viewAddress(_ this: Value, _ offset: Value, _ method: String) throws(JSException)
    -> UnsafeMutableRawPointer
  {
    guard let address = nativeAddress(this, .view) else {
      throw runtime.typeError(
        "UnsafePointerView.prototype.\(method) called on an object that is not an UnsafePointerView")
    }
    let offset = try byteOffset(offset, "UnsafePointerView.prototype.\(method)")
    return try offsetAddress(address, offset, "UnsafePointerView.prototype.\(method)")
  }

  /// `address + offset`, which must not be null (that would be a crash, not an error).
  private func offsetAddress(_ address: UInt, _ offset: Int, _ function: @autoclosure () -> String)
    throws(JSException) -> UnsafeMutableRawPointer
  {
    guard let result = UnsafeMutableRawPointer(bitPattern: UInt(bitPattern: Int(bitPattern: address) &+ offset)) else {
      throw runtime.typeError("\(function()): the address plus the offset is null")
    }
    return result
  }

  private func defineViewGetter(_ prototype: ObjectRef, _ name: String, _ type: NativeType) {
    let method = "get" + name
    runtime.defineNativeMethod(prototype, method, length: 0) { _, arguments throws(JSException) in
      let address = try self.viewAddress(arguments.this, arguments[0], method)
      // getBigInt64 and getBigUint64 always return BigInts, as DataView's do.
      if type == .i64 { return self.runtime.newBigInt(address.loadUnaligned(as: Int64.self)).value }
      if type == .u64 { return self.runtime.newBigInt(address.loadUnaligned(as: UInt64.self)).value }
      return self.load(type, from: address)
    }
  }

  private func defineViewSetter(_ prototype: ObjectRef, _ name: String, _ type: NativeType) {
    let method = "set" + name
    let setterName = "UnsafePointerView.prototype." + method
    runtime.defineNativeMethod(prototype, method, length: 1) { _, arguments throws(JSException) in
      let address = try self.viewAddress(arguments.this, arguments[1], method)
      let position = NativeValuePosition(function: setterName, place: .value)
      try self.store(arguments[0], as: type, to: address, at: position)
      return .undefined
    }
  }

  /// getCString, getArrayBuffer and copyInto, on the prototype and (taking the pointer first)
  /// on the constructor, as Deno has them.
  private func defineViewMemoryMethods(_ prototype: ObjectRef, _ constructor: ObjectRef) {
    runtime.defineNativeMethod(prototype, "getCString", length: 0) { _, arguments throws(JSException) in
      self.cString(at: try self.viewAddress(arguments.this, arguments[0], "getCString"))
    }
    runtime.defineNativeMethod(prototype, "getArrayBuffer", length: 1) { _, arguments throws(JSException) in
      let address = try self.viewAddress(arguments.this, arguments[1], "getArrayBuffer")
      return try self.arrayBuffer(at: address, byteLength: arguments[0], "getArrayBuffer")
    }
    runtime.defineNativeMethod(prototype, "copyInto", length: 1) { _, arguments throws(JSException) in
      let address = try self.viewAddress(arguments.this, arguments[1], "copyInto")
      try self.copy(from: address, into: arguments[0], "copyInto")
      return .undefined
    }
    runtime.defineNativeMethod(constructor, "getCString", length: 1) { _, arguments throws(JSException) in
      self.cString(at: try self.staticAddress(arguments[0], arguments[1], "getCString"))
    }
    runtime.defineNativeMethod(constructor, "getArrayBuffer", length: 2) { _, arguments throws(JSException) in
      let address = try self.staticAddress(arguments[0], arguments[2], "getArrayBuffer")
      return try self.arrayBuffer(at: address, byteLength: arguments[1], "getArrayBuffer")
    }
    runtime.defineNativeMethod(constructor, "copyInto", length: 2) { _, arguments throws(JSException) in
      try self.copy(
        from: try self.staticAddress(arguments[0], arguments[2], "copyInto"), into: arguments[1], "copyInto")
      return .undefined
    }
  }

  /// The address of `UnsafePointerView.<method>(pointer, …, offset)`: a non-null pointer.
  private func staticAddress(_ pointer: Value, _ offset: Value, _ method: String) throws(JSException)
    -> UnsafeMutableRawPointer
  {
    let name = "UnsafePointerView.\(method)"
    let address = try pointerAddress(pointer, name, 1)
    guard address != 0 else { throw runtime.typeError("\(name): the pointer is null") }
    return try offsetAddress(address, try byteOffset(offset, name), name)
  }

  /// The NUL-terminated UTF-8 string at `address` (invalid sequences become U+FFFD).
  private func cString(at address: UnsafeMutableRawPointer) -> Value {
    runtime.makeString(String(cString: address.assumingMemoryBound(to: CChar.self)))
  }

  /// An ArrayBuffer over `byteLength` bytes of native memory (not a copy; never freed by xjs).
  private func arrayBuffer(at address: UnsafeMutableRawPointer, byteLength: Value, _ method: String)
    throws(JSException) -> Value
  {
    guard byteLength.isNumber, byteLength.asNumber >= 0,
      byteLength.asNumber.rounded(.towardZero) == byteLength.asNumber,
      byteLength.asNumber <= 9.0e15
    else {
      throw runtime.typeError("UnsafePointerView.\(method): the byte length must be a non-negative integer")
    }
    return runtime.makeExternalArrayBuffer(address, byteLength: Int(byteLength.asNumber)) { _ in }
  }

  /// Copies native memory into the whole of a TypedArray, ArrayBuffer or DataView.
  private func copy(from address: UnsafeMutableRawPointer, into destination: Value, _ method: String)
    throws(JSException)
  {
    guard let bytes = borrowedBytes(destination) else {
      throw runtime.typeError(
        "UnsafePointerView.\(method): the destination must be a TypedArray, ArrayBuffer or DataView")
    }
    if let base = bytes.baseAddress { base.copyMemory(from: address, byteCount: bytes.count) }
  }
}
