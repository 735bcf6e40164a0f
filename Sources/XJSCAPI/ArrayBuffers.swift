import CXJSAPI
import XJS

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
    let buffer = context.context.arrayBuffer(noCopy: data, count: length) { bytes in deallocator?(bytes, userData) }
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
    let buffer = try performing(owner: runtime.serial) { () throws(JSError) in
      try context.context.arrayBuffer(copying: UnsafeRawBufferPointer(start: data, count: length))
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
    let (buffer, _) = try lookupValue(bufferHandle, "buffer")
    try runtime.check(buffer)
    let array = try performing(owner: runtime.serial) { () throws(JSError) in
      try context.context.typedArray(kindName, buffer: buffer, byteOffset: byteOffset, length: length)
    }
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
    let (value, _) = try lookupValue(handle)
    // The engine's heap does not move buffers: the address stays valid until script code runs
    // (which may detach or resize the buffer).
    guard let (start, count) = value.withUnsafeMutableBytes({ ($0.baseAddress, $0.count) }) else {
      throw .typeError("the value is not an ArrayBuffer, typed array or DataView (or its buffer is detached)")
    }
    outData?.pointee = start
    outLength?.pointee = count
  }
}
