// Outgoing calls: a C function called by its declared signature through `ffi_call`, which
// needs no executable memory. A signature is prepared once (its `ffi_cif`) with reusable
// argument storage: arguments are converted without running script code, so nothing can
// reach the same storage between the conversion and the call, and libffi has read every
// argument before the C function starts (a nested call through a callback may reuse it).

import CFFI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A C function's signature, prepared for `ffi_call`.
final class NativeSignature {
  let parameters: [NativeType]
  let parameterCount: Int
  let result: NativeType
  /// The byte size of each parameter and of the result (structs as C lays them out).
  let parameterSizes: [Int]
  let resultSize: Int
  private let layout = NativeTypeLayout()
  let callInterface = UnsafeMutablePointer<ffi_cif>.allocate(capacity: 1)
  private let argumentTypes: UnsafeMutablePointer<UnsafeMutablePointer<ffi_type>?>
  /// One 8-byte slot per parameter (scalars and addresses), and the pointers `ffi_call` reads.
  let argumentSlots: UnsafeMutablePointer<UInt64>
  let argumentPointers: UnsafeMutablePointer<UnsafeMutableRawPointer?>
  /// At least 16 bytes: libffi writes small integer results as a whole `ffi_arg`.
  let resultStorage: UnsafeMutableRawPointer

  /// Throws when libffi refuses the signature (the error says why).
  init(parameters: [NativeType], result: NativeType) throws(NativeSignatureError) {
    self.parameters = parameters
    self.result = result
    let count = parameters.count
    parameterCount = count
    let types = UnsafeMutablePointer<UnsafeMutablePointer<ffi_type>?>.allocate(capacity: max(count, 1))
    argumentTypes = types
    argumentSlots = .allocate(capacity: max(count, 1))
    argumentPointers = .allocate(capacity: max(count, 1))
    for (index, type) in parameters.enumerated() {
      types[index] = layout.descriptor(type)
      argumentPointers[index] = UnsafeMutableRawPointer(argumentSlots + index)
    }
    let resultType = layout.descriptor(result)
    parameterSizes = (0..<count).map { types[$0]!.pointee.size }
    resultSize = result == .void ? 0 : resultType.pointee.size
    resultStorage = .allocate(byteCount: max(resultSize, 16), alignment: 16)
    let status = ffi_prep_cif(callInterface, FFI_DEFAULT_ABI, UInt32(count), resultType, argumentTypes)
    guard status == FFI_OK else { throw NativeSignatureError(status: status) }
  }

  deinit {
    callInterface.deallocate()
    argumentTypes.deallocate()
    argumentSlots.deallocate()
    argumentPointers.deallocate()
    resultStorage.deallocate()
  }

  /// Calls the C function at `address` with the arguments already in place.
  @inline(__always)
  func invoke(_ address: UnsafeRawPointer) {
    ffi_call(
      callInterface, unsafeBitCast(address, to: (@convention(c) () -> Void).self), resultStorage, argumentPointers)
  }
}

/// libffi's refusal of a signature.
struct NativeSignatureError: Error {
  let status: ffi_status

  var message: String {
    switch status {
    case FFI_BAD_TYPEDEF: "a struct type is malformed"
    case FFI_BAD_ABI: "the calling convention is not supported"
    default: "libffi refused the signature (status \(status.rawValue))"
    }
  }
}

extension FFIState {
  /// A signature libffi accepts, or the TypeError naming `context`.
  func prepareSignature(_ parameters: [NativeType], _ result: NativeType, context: String) throws(JSException)
    -> NativeSignature
  {
    do {
      return try NativeSignature(parameters: parameters, result: result)
    } catch {
      throw runtime.typeError("\(context): \(error.message)")
    }
  }

  /// Calls `address` by `signature` with script arguments: checks their count and types,
  /// converts them, makes the call, converts the result.
  func callNative(
    _ signature: NativeSignature, at address: UnsafeRawPointer, name: String, arguments: UnsafeBufferPointer<Value>
  ) throws(JSException) -> Value {
    let count = signature.parameterCount
    guard arguments.count == count else {
      throw runtime.typeError(
        "\(name) expects \(count) argument\(count == 1 ? "" : "s"), got \(arguments.count)")
    }
    for index in 0..<count {
      try placeArgument(arguments[index], signature, index, name)
    }
    try performOutgoingCall { signature.invoke(address) }
    return try resultValue(signature)
  }

  /// Puts argument `index` where `ffi_call` reads it: its bits into the argument's slot, or,
  /// for a struct, the address of the caller's bytes (libffi copies them).
  @inline(__always)
  private func placeArgument(_ value: Value, _ signature: NativeSignature, _ index: Int, _ name: String)
    throws(JSException)
  {
    let type = signature.parameters[index]
    switch type {
    case .buffer:
      if value.isNull {
        signature.argumentSlots[index] = 0
        return
      }
      guard let bytes = borrowedBytes(value) else {
        throw mismatch(value, "a TypedArray, ArrayBuffer or DataView (not detached) or null", position(name, index))
      }
      signature.argumentSlots[index] = UInt64(UInt(bitPattern: bytes.baseAddress))
    case .structure:
      guard let bytes = borrowedBytes(value), bytes.count == signature.parameterSizes[index], bytes.count > 0 else {
        throw mismatch(
          value, "the \(signature.parameterSizes[index]) bytes of a \(type.name) (a TypedArray or ArrayBuffer)",
          position(name, index))
      }
      signature.argumentPointers[index] = bytes.baseAddress
    default:
      signature.argumentSlots[index] = try bits(of: value, as: type, at: position(name, index))
    }
  }

  private func position(_ name: String, _ index: Int) -> NativeValuePosition {
    NativeValuePosition(function: name, place: .argument(index))
  }

  /// The result of the call just made, as a script value (a struct as a new Uint8Array).
  private func resultValue(_ signature: NativeSignature) throws(JSException) -> Value {
    let storage = signature.resultStorage
    guard case .structure = signature.result else {
      return value(fromBits: storage.load(as: UInt64.self), as: signature.result)
    }
    let buffer = try runtime.makeArrayBuffer(
      copying: UnsafeRawBufferPointer(start: storage, count: signature.resultSize))
    return runtime.makeTypedArray("Uint8Array", buffer: buffer, byteOffset: 0, length: signature.resultSize)!
  }
}
