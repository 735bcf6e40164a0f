import XJSEngine

/// A C type in a native function's signature: the names scripts use with `ffi.dlopen`.
/// Integers take numbers (and, 64-bit ones, BigInts) and return numbers, 64-bit ones a BigInt
/// when the value is not a safe integer; `pointer` is an opaque object or null; `buffer`
/// borrows a TypedArray's, ArrayBuffer's or DataView's bytes for the call; a struct travels
/// as its bytes (a Uint8Array when returned).
public indirect enum NativeType: Equatable, Sendable {
  case void, bool
  case i8, u8, i16, u16, i32, u32, i64, u64, isize, usize
  case f32, f64
  case pointer, buffer
  /// A C function pointer: an `ffi.UnsafeCallback`, a pointer object or null.
  case function
  /// A struct by value, its fields in order.
  case structure([NativeType])

  var engineType: XJSEngine.NativeType {
    switch self {
    case .void: .void
    case .bool: .bool
    case .i8: .i8
    case .u8: .u8
    case .i16: .i16
    case .u16: .u16
    case .i32: .i32
    case .u32: .u32
    case .i64: .i64
    case .u64: .u64
    case .isize: .isize
    case .usize: .usize
    case .f32: .f32
    case .f64: .f64
    case .pointer: .pointer
    case .buffer: .buffer
    case .function: .function
    case .structure(let fields): .structure(fields.map(\.engineType))
    }
  }
}

extension Context {
  /// A JavaScript function calling the C function at `address` by the declared signature,
  /// through libffi. Scripts calling it with the wrong number or types of arguments get a
  /// TypeError; a signature libffi refuses (or `void` as a parameter) throws one here.
  /// `address` must stay valid while the function can be called.
  public func nativeFunction(
    address: UnsafeRawPointer, name: String = "native", parameters: [NativeType], result: NativeType
  ) throws(JSError) -> JSValue {
    let types = parameters.map(\.engineType)
    let function = try perform { runtime throws(JSException) in
      try runtime.makeNativeFunction(address: address, name: name, parameters: types, result: result.engineType)
    }
    return wrap(function)
  }

  /// Defines the global `ffi` (shaped like `Deno.dlopen` and its companions: `dlopen`,
  /// `UnsafeCallback`, `UnsafePointer`, `UnsafePointerView`): scripts of this context may then
  /// load any shared library and call into it, so only install it for code you would let run
  /// native code. With `allowed: false`, every entry point throws an Error with `refusal`.
  public func installFFI(allowed: Bool = true, refusal: String = "ffi is not enabled in this context") {
    _ = withRuntime { runtime in runtime.installFFI(allowed: allowed, refusal: refusal) }
  }
}
