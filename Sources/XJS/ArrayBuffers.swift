import XJSEngine

// ArrayBuffers and typed arrays shared with the host without copying.

extension Context {
  /// An ArrayBuffer over `count` bytes the host owns at `bytes`, without copying. The engine
  /// calls `deallocator` with `bytes` once the buffer is collected, detached (transferred) or
  /// its virtual machine destroyed; until then the memory must stay valid.
  public func arrayBuffer(
    noCopy bytes: UnsafeMutableRawPointer, count: Int, deallocator: @escaping (UnsafeMutableRawPointer) -> Void
  ) -> JSValue {
    wrap(withRuntime { $0.makeExternalArrayBuffer(bytes, byteLength: count, deallocator: deallocator) } ?? .undefined)
  }

  /// A new ArrayBuffer holding a copy of `bytes`.
  public func arrayBuffer(copying bytes: UnsafeRawBufferPointer) throws(JSError) -> JSValue {
    wrap(try perform { runtime throws(JSException) in try runtime.makeArrayBuffer(copying: bytes) })
  }

  /// A typed array (`kind` is its constructor's name: "Uint8Array", "Float64Array", …) of
  /// `length` elements viewing `buffer` from `byteOffset`.
  public func typedArray(_ kind: String, buffer: JSValue, byteOffset: Int = 0, length: Int) throws(JSError) -> JSValue {
    let runtime = try liveRuntime()
    guard
      let view = runtime.withRealm(
        realm, { runtime.makeTypedArray(kind, buffer: buffer.raw, byteOffset: byteOffset, length: length) })
    else {
      throw JSError(kind: .exception, name: "RangeError", message: "Invalid \(kind) over the buffer")
    }
    return wrap(view)
  }
}

extension JSValue {
  /// Lends the bytes of an ArrayBuffer, typed array or DataView to `body`, without copying
  /// (nil for any other value or a detached buffer). The pointer is valid only inside `body`,
  /// which must not run script code.
  public func withUnsafeMutableBytes<R>(_ body: (UnsafeMutableRawBufferPointer) throws -> R) rethrows -> R? {
    guard let (bytes, _) = context.withRuntime({ $0.viewedBytes(raw) }) ?? nil else { return nil }
    return try body(bytes)
  }

  /// The constructor name of a typed array ("Uint8Array", …), nil for any other value.
  public var typedArrayKind: String? { (context.withRuntime { $0.viewedBytes(raw) } ?? nil)?.kind }

  /// A copy of the bytes of an ArrayBuffer, typed array or DataView.
  public var bytes: [UInt8]? { withUnsafeMutableBytes { Array($0) } }
}
