// The C types of an ffi signature: their names in scripts (Deno's), how a declaration is
// parsed, and the libffi type descriptor of each.

import CFFI

/// A C type a native function takes or returns.
package indirect enum NativeType: Equatable, Sendable {
  case void, bool
  case i8, u8, i16, u16, i32, u32, i64, u64, isize, usize
  case f32, f64
  /// An address, as an opaque pointer object (or null).
  case pointer
  /// The bytes of a TypedArray, ArrayBuffer or DataView, borrowed for the call.
  case buffer
  /// A C function pointer: an `UnsafeCallback`, a pointer object or null.
  case function
  /// A struct passed and returned by value, as bytes (a Uint8Array).
  case structure([NativeType])

  /// The type names scripts write, in declaration order.
  static let scalarNames: [(String, NativeType)] = [
    ("void", .void), ("bool", .bool), ("i8", .i8), ("u8", .u8), ("i16", .i16), ("u16", .u16),
    ("i32", .i32), ("u32", .u32), ("i64", .i64), ("u64", .u64), ("isize", .isize), ("usize", .usize),
    ("f32", .f32), ("f64", .f64), ("pointer", .pointer), ("buffer", .buffer), ("function", .function),
  ]

  package var name: String {
    if case .structure(let fields) = self { return "{ struct: [\(fields.map(\.name).joined(separator: ", "))] }" }
    return Self.scalarNames.first { $0.1 == self }!.0
  }

  var isFloatingPoint: Bool { self == .f32 || self == .f64 }

  var isStructure: Bool {
    if case .structure = self { return true }
    return false
  }

  /// The byte size of a scalar (structs: see `NativeTypeLayout`).
  var scalarSize: Int {
    switch self {
    case .void: 0
    case .bool, .i8, .u8: 1
    case .i16, .u16: 2
    case .i32, .u32, .f32: 4
    default: 8
    }
  }
}

/// Bounds on what a script may declare: a cyclic or very deep struct would otherwise recurse
/// without end, and libffi copies arguments (structs included) onto the native stack.
enum NativeTypeLimits {
  static let parameters = 64
  static let structDepth = 16
  /// Fields in one struct, nested ones included (at most 2 KB of scalars).
  static let structFields = 256
}

extension Runtime {
  /// Reads a type declaration: a name ("i32", …) or `{ struct: [types…] }`. `context` names the
  /// declaration in the TypeError a bad one throws.
  func parseNativeType(_ value: Value, allowVoid: Bool, context: String) throws(JSException) -> NativeType {
    var fieldBudget = NativeTypeLimits.structFields
    return try parseNativeType(value, allowVoid: allowVoid, context: context, depth: 0, fieldBudget: &fieldBudget)
  }

  private func parseNativeType(
    _ value: Value, allowVoid: Bool, context: String, depth: Int, fieldBudget: inout Int
  ) throws(JSException) -> NativeType {
    if value.isString {
      let name = value.asString.swiftString(heap)
      guard let type = NativeType.scalarNames.first(where: { $0.0 == name })?.1 else {
        throw typeError("\(context): unknown type '\(name)'")
      }
      if type == .void && !allowVoid { throw typeError("\(context): 'void' is only a result type") }
      return type
    }
    guard value.isObject, !isCallable(value) else {
      throw typeError(
        "\(context): a type is a name such as \"i32\" or { struct: [...] }, got \(describeForError(value))")
    }
    guard depth < NativeTypeLimits.structDepth else {
      throw typeError("\(context): structs nest at most \(NativeTypeLimits.structDepth) deep")
    }
    let fields = try getProperty(value, "struct")
    guard isArrayObject(fields) else {
      throw typeError("\(context): a type is a name such as \"i32\" or { struct: [...] }")
    }
    let count = try lengthOfArrayLike(fields.asObject)
    guard count > 0 else { throw typeError("\(context): a struct needs at least one field") }
    var types: [NativeType] = []
    for index in 0..<count {
      fieldBudget -= 1
      guard fieldBudget >= 0 else {
        throw typeError("\(context): a struct has at most \(NativeTypeLimits.structFields) fields")
      }
      let field = try getProperty(fields, index: index)
      let fieldContext = "\(context), struct field \(index)"
      types.append(
        try parseNativeType(field, allowVoid: false, context: fieldContext, depth: depth + 1, fieldBudget: &fieldBudget)
      )
    }
    return .structure(types)
  }

  /// Reads `{ parameters: [...], result: type }`.
  func parseNativeSignature(_ value: Value, context: String) throws(JSException) -> (
    parameters: [NativeType], result: NativeType
  ) {
    guard value.isObject else { throw typeError("\(context): a signature is { parameters: [...], result: type }") }
    let list = try getProperty(value, "parameters")
    guard isArrayObject(list) else { throw typeError("\(context): 'parameters' must be an array of types") }
    let count = try lengthOfArrayLike(list.asObject)
    guard count <= NativeTypeLimits.parameters else {
      throw typeError("\(context): at most \(NativeTypeLimits.parameters) parameters")
    }
    var parameters: [NativeType] = []
    for index in 0..<count {
      let type = try getProperty(list, index: index)
      parameters.append(try parseNativeType(type, allowVoid: false, context: "\(context), parameter \(index)"))
    }
    let resultValue = try getProperty(value, "result")
    let result =
      resultValue.isUndefined ? .void : try parseNativeType(resultValue, allowVoid: true, context: "\(context), result")
    return (parameters, result)
  }
}

/// The libffi type descriptors of a signature's types, with the memory struct descriptors need
/// (their element lists), freed with the layout.
final class NativeTypeLayout {
  private var allocations: [UnsafeMutableRawPointer] = []

  deinit { for allocation in allocations { allocation.deallocate() } }

  /// The descriptor of `type` (a built-in one for scalars, a new one for a struct).
  func descriptor(_ type: NativeType) -> UnsafeMutablePointer<ffi_type> {
    switch type {
    case .void: return xjs_ffi_type_void()
    case .bool, .u8: return xjs_ffi_type_uint8()
    case .i8: return xjs_ffi_type_sint8()
    case .i16: return xjs_ffi_type_sint16()
    case .u16: return xjs_ffi_type_uint16()
    case .i32: return xjs_ffi_type_sint32()
    case .u32: return xjs_ffi_type_uint32()
    case .i64, .isize: return xjs_ffi_type_sint64()
    case .u64, .usize: return xjs_ffi_type_uint64()
    case .f32: return xjs_ffi_type_float()
    case .f64: return xjs_ffi_type_double()
    case .pointer, .buffer, .function: return xjs_ffi_type_pointer()
    case .structure(let fields): return structDescriptor(fields)
    }
  }

  /// A struct descriptor; `ffi_get_struct_offsets` fills in its size and alignment at once (the
  /// byte size a script's struct argument must have).
  private func structDescriptor(_ fields: [NativeType]) -> UnsafeMutablePointer<ffi_type> {
    let elements = UnsafeMutablePointer<UnsafeMutablePointer<ffi_type>?>.allocate(capacity: fields.count + 1)
    allocations.append(UnsafeMutableRawPointer(elements))
    for (index, field) in fields.enumerated() { elements[index] = descriptor(field) }
    elements[fields.count] = nil
    let structure = UnsafeMutablePointer<ffi_type>.allocate(capacity: 1)
    allocations.append(UnsafeMutableRawPointer(structure))
    structure.initialize(to: ffi_type(size: 0, alignment: 0, type: UInt16(FFI_TYPE_STRUCT), elements: elements))
    _ = ffi_get_struct_offsets(FFI_DEFAULT_ABI, structure, nil)
    return structure
  }
}
