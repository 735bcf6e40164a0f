import CXJSAPI
import XJS
import XJSEngine

@_cdecl("xjs_array_buffer_external")
public func cArrayBufferExternal(
  _ handle: OpaquePointer?, _ data: UnsafeMutableRawPointer?, _ length: Int,
  _ deallocator: (@convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void)?,
  _ userData: UnsafeMutableRawPointer?, _ outBuffer: UnsafeMutablePointer<OpaquePointer?>?
) -> OpaquePointer? {
  outBuffer?.pointee = nil
  return reportingFailure { () throws(CFailure) in
    let (context, runtime) = try lookupContext(handle)
    guard length >= 0 else { throw .invalid("length is negative") }
    guard let data else { throw .invalid("data is NULL") }
    let engine = runtime.engine
    let buffer = engine.withRealm(context.realm) {
      engine.makeExternalArrayBuffer(data, byteLength: length) { bytes in deallocator?(bytes, userData) }
    }
    outBuffer?.pointee = runtime.handle(for: buffer)
  }
}

@_cdecl("xjs_array_buffer_copy")
public func cArrayBufferCopy(
  _ handle: OpaquePointer?, _ data: UnsafeRawPointer?, _ length: Int,
  _ outBuffer: UnsafeMutablePointer<OpaquePointer?>?
) -> OpaquePointer? {
  outBuffer?.pointee = nil
  return reportingFailure { () throws(CFailure) in
    let (context, runtime) = try lookupContext(handle)
    guard length >= 0 else { throw .invalid("length is negative") }
    guard data != nil || length == 0 else { throw .invalid("data is NULL") }
    let buffer = try runtime.perform(in: context.realm) { engine throws(JSException) in
      try engine.makeArrayBuffer(copying: UnsafeRawBufferPointer(start: data, count: length))
    }
    outBuffer?.pointee = runtime.handle(for: buffer)
  }
}

@_cdecl("xjs_typed_array")
public func cTypedArray(
  _ handle: OpaquePointer?, _ kind: UnsafePointer<CChar>?, _ bufferHandle: OpaquePointer?, _ byteOffset: Int,
  _ length: Int, _ outArray: UnsafeMutablePointer<OpaquePointer?>?
) -> OpaquePointer? {
  outArray?.pointee = nil
  return reportingFailure { () throws(CFailure) in
    let (context, runtime) = try lookupContext(handle)
    let kindName = try cString(kind, "kind")
    let buffer = try lookupArgument(bufferHandle, of: runtime, "buffer")
    let engine = runtime.engine
    guard byteOffset >= 0, length >= 0,
      let array = engine.withRealm(
        context.realm,
        {
          engine.makeTypedArray(kindName, buffer: buffer, byteOffset: byteOffset, length: length)
        })
    else { throw .typeError("no \(kindName) of \(length) elements from byte \(byteOffset) of that buffer") }
    outArray?.pointee = runtime.handle(for: array)
  }
}

@_cdecl("xjs_value_get_bytes")
public func cValueBytes(
  _ handle: OpaquePointer?, _ outData: UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
  _ outLength: UnsafeMutablePointer<Int>?
) -> OpaquePointer? {
  outData?.pointee = nil
  outLength?.pointee = 0
  return reportingFailure { () throws(CFailure) in
    let (value, runtime) = try lookupValue(handle)
    // The engine's heap does not move buffers: the address stays valid until script code runs
    // (which may detach or resize the buffer).
    guard let (bytes, _) = runtime.engine.viewedBytes(value) else {
      throw .typeError("the value is not an ArrayBuffer, typed array or DataView (or its buffer is detached)")
    }
    outData?.pointee = bytes.baseAddress
    outLength?.pointee = bytes.count
  }
}
