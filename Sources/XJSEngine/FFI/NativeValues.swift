// JavaScript values to C scalars and back, as 64-bit patterns: an argument slot, a register a
// callback received, a result register and an 8-byte memory load all read the same way on a
// little-endian machine (the low bytes hold the value).
//
// The rules (README "Native bindings"):
// - integers take numbers (truncated toward zero, wrapped to the width, NaN and ±Infinity
//   are 0); the 64-bit ones (i64 u64 isize usize) also take BigInts (wrapped, as BigInt64Array
//   does). They return a number when it is a safe integer (|x| <= 2^53 - 1), else a BigInt.
// - f32 and f64 take numbers; bool takes booleans; pointer takes pointer objects or null.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a value goes, for error messages ("strlen: argument 1"). Only made into text when an
/// error is thrown: building it costs nothing on a call's fast path.
struct NativeValuePosition {
  enum Place {
    /// Argument `n` (from 0) of a call.
    case argument(Int)
    case result, value, address
  }

  let function: String
  let place: Place

  var text: String {
    switch place {
    case .argument(let index): "\(function): argument \(index + 1)"
    case .result: "\(function): the result"
    case .value: "\(function): the value"
    case .address: "\(function): the address"
    }
  }
}

extension FFIState {
  /// The C bits of `value` as `type` (scalars and addresses; not buffers, structs or void).
  func bits(of value: Value, as type: NativeType, at position: NativeValuePosition) throws(JSException) -> UInt64 {
    switch type {
    case .bool:
      guard value.isBoolean else { throw mismatch(value, "a boolean", position) }
      return value.asBool ? 1 : 0
    case .f32:
      guard value.isNumber else { throw mismatch(value, "a number", position) }
      return UInt64(Float(value.asNumber).bitPattern)
    case .f64:
      guard value.isNumber else { throw mismatch(value, "a number", position) }
      return value.asNumber.bitPattern
    case .i64, .u64, .isize, .usize:
      if value.isBigInt { return value.asBigInt.truncatedUInt64 }
      guard value.isNumber else { throw mismatch(value, "a number or a BigInt", position) }
      return value.isInt32 ? UInt64(bitPattern: Int64(value.asInt32)) : wrappedBits(value.asDouble)
    case .i8, .u8, .i16, .u16, .i32, .u32:
      guard value.isNumber else { throw mismatch(value, "a number", position) }
      let bits = value.isInt32 ? UInt64(bitPattern: Int64(value.asInt32)) : wrappedBits(value.asDouble)
      return extended(bits, as: type)
    case .pointer:
      guard let address = address(ofPointer: value) else { throw mismatch(value, "a pointer object or null", position) }
      return UInt64(address)
    case .function:
      if let record = callbackRecord(value) {
        guard !record.isClosed else { throw runtime.typeError("\(position.text): the UnsafeCallback was closed") }
        return UInt64(UInt(bitPattern: record.entry))
      }
      guard let address = address(ofPointer: value) else {
        throw mismatch(value, "an UnsafeCallback, a pointer object or null", position)
      }
      return UInt64(address)
    case .void, .buffer, .structure:
      preconditionFailure("\(type.name) has no scalar bits")
    }
  }

  /// The JavaScript value of C bits of `type` (scalars and addresses; void is undefined).
  func value(fromBits bits: UInt64, as type: NativeType) -> Value {
    switch type {
    case .void: return .undefined
    case .bool: return Value(UInt8(truncatingIfNeeded: bits) != 0)
    case .i8: return Value(Int32(Int8(truncatingIfNeeded: bits)))
    case .u8: return Value(Int32(UInt8(truncatingIfNeeded: bits)))
    case .i16: return Value(Int32(Int16(truncatingIfNeeded: bits)))
    case .u16: return Value(Int32(UInt16(truncatingIfNeeded: bits)))
    case .i32: return Value(Int32(truncatingIfNeeded: bits))
    case .u32: return Value(number: Double(UInt32(truncatingIfNeeded: bits)))
    case .i64, .isize: return integerValue(Int64(bitPattern: bits))
    case .u64, .usize:
      return bits <= UInt64(Self.maximumSafeInteger) ? integerValue(Int64(bits)) : runtime.newBigInt(bits).value
    case .f32: return Value(number: Double(Float(bitPattern: UInt32(truncatingIfNeeded: bits))))
    case .f64: return Value(number: Double(bitPattern: bits))
    case .pointer, .buffer, .function: return pointerValue(UInt(bits))
    case .structure: preconditionFailure("a struct has no scalar bits")
    }
  }

  static let maximumSafeInteger: Int64 = (1 << 53) - 1

  /// A number when safe, else a BigInt (the 64-bit rule).
  private func integerValue(_ integer: Int64) -> Value {
    if integer >= -Self.maximumSafeInteger && integer <= Self.maximumSafeInteger {
      return Value(number: Double(integer))
    }
    return runtime.newBigInt(integer).value
  }

  /// A double truncated toward zero and wrapped modulo 2^64 (non-finite values are 0).
  private func wrappedBits(_ double: Double) -> UInt64 {
    guard double.isFinite else { return 0 }
    let truncated = double.rounded(.towardZero)
    if abs(truncated) < 9.2e18 { return UInt64(bitPattern: Int64(truncated)) }
    let two64 = 18_446_744_073_709_551_616.0
    var wrapped = fmod(truncated, two64)
    if wrapped < 0 { wrapped += two64 }
    return wrapped >= two64 ? 0 : UInt64(wrapped)
  }

  /// `bits` cut to the width of `type` and sign- or zero-extended back to 64 bits (what a C
  /// caller expects to find in a whole register).
  func extended(_ bits: UInt64, as type: NativeType) -> UInt64 {
    switch type {
    case .bool, .u8: UInt64(UInt8(truncatingIfNeeded: bits))
    case .i8: UInt64(bitPattern: Int64(Int8(truncatingIfNeeded: bits)))
    case .u16: UInt64(UInt16(truncatingIfNeeded: bits))
    case .i16: UInt64(bitPattern: Int64(Int16(truncatingIfNeeded: bits)))
    case .u32: UInt64(UInt32(truncatingIfNeeded: bits))
    case .i32: UInt64(bitPattern: Int64(Int32(truncatingIfNeeded: bits)))
    default: bits
    }
  }

  func mismatch(_ value: Value, _ expected: String, _ position: NativeValuePosition) -> JSException {
    runtime.typeError("\(position.text) must be \(expected), got \(runtime.describeForError(value))")
  }

  // MARK: Memory

  /// Reads a scalar of `type` at `address` (unaligned reads allowed).
  func load(_ type: NativeType, from address: UnsafeRawPointer) -> Value {
    let bits: UInt64
    switch type.scalarSize {
    case 1: bits = UInt64(address.loadUnaligned(as: UInt8.self))
    case 2: bits = UInt64(address.loadUnaligned(as: UInt16.self))
    case 4: bits = UInt64(address.loadUnaligned(as: UInt32.self))
    default: bits = address.loadUnaligned(as: UInt64.self)
    }
    return value(fromBits: bits, as: type)
  }

  /// Writes `value` as a scalar of `type` at `address`.
  func store(
    _ value: Value, as type: NativeType, to address: UnsafeMutableRawPointer, at position: NativeValuePosition
  ) throws(JSException) {
    let bits = try self.bits(of: value, as: type, at: position)
    switch type.scalarSize {
    case 1: address.storeBytes(of: UInt8(truncatingIfNeeded: bits), as: UInt8.self)
    case 2: address.storeBytes(of: UInt16(truncatingIfNeeded: bits), as: UInt16.self)
    case 4: address.storeBytes(of: UInt32(truncatingIfNeeded: bits), as: UInt32.self)
    default: address.storeBytes(of: bits, as: UInt64.self)
    }
  }

  /// The bytes a TypedArray, ArrayBuffer or DataView sees (nil for anything else or a detached
  /// buffer). Valid until script code runs again.
  func borrowedBytes(_ value: Value) -> UnsafeMutableRawBufferPointer? {
    runtime.viewedBytes(value)?.bytes
  }
}
