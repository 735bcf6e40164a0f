// One instruction-selection interface over both ISAs (JavaScriptCore's MacroAssembler): code
// generators write against it once, and each backend (X86_64MacroAssembler here, the arm64 one
// beside it) picks the machine instructions. It knows registers, memory, integers, doubles,
// branches and C calls; it knows nothing of what the code it assembles is for.
//
// Registers are named by role, not by machine name:
//   saved0…saved4  preserved across C calls (callee-saved): where a code generator pins state
//   t0…t7          clobbered by C calls; t0 holds a call's result
//   fp0…fp3        double registers, clobbered by C calls
// Each backend keeps one or two more registers to itself as scratch (r11/xmm15 on x86-64,
// x16/x17/d31 on arm64), so any operation may need one without the caller's knowing.

/// A general-purpose register, by role.
public enum MacroRegister: UInt8, CaseIterable, Sendable {
  case saved0, saved1, saved2, saved3, saved4
  case t0, t1, t2, t3, t4, t5, t6, t7

  /// Whether C calls preserve the register.
  public var isCalleeSaved: Bool { rawValue <= MacroRegister.saved4.rawValue }
}

/// A double-precision floating-point register (clobbered by C calls).
public enum MacroFPRegister: UInt8, CaseIterable, Sendable {
  case fp0, fp1, fp2, fp3
}

/// A memory operand: `[base + index * scale + offset]`.
public struct MacroAddress: Sendable {
  public let base: MacroRegister
  public let index: MacroRegister?
  /// 1, 2, 4 or 8.
  public let scale: Int
  public let offset: Int32

  public init(_ base: MacroRegister, _ offset: Int32 = 0) {
    self.base = base
    self.index = nil
    self.scale = 1
    self.offset = offset
  }

  public init(_ base: MacroRegister, index: MacroRegister, scale: Int, offset: Int32 = 0) {
    precondition([1, 2, 4, 8].contains(scale), "scale must be 1, 2, 4 or 8")
    self.base = base
    self.index = index
    self.scale = scale
    self.offset = offset
  }
}

/// An argument of a C call.
public enum MacroArgument: Sendable {
  case register(MacroRegister)
  case immediate(Int64)
  /// The address `[base + offset]` itself (not what it holds).
  case address(MacroAddress)
}

/// An integer condition, as after a compare of `lhs` with `rhs` (or a flag-setting operation).
public enum MacroCondition: Sendable {
  case equal, notEqual
  /// Unsigned.
  case below, belowOrEqual, above, aboveOrEqual
  /// Signed.
  case less, lessOrEqual, greater, greaterOrEqual
  case overflow, noOverflow
  /// Of `lhs & rhs` in a test.
  case zero, nonZero
  /// The sign bit of the result.
  case signed, notSigned
}

/// A double comparison of `lhs` with `rhs`. "Ordered" conditions are false when either is NaN;
/// the `…OrUnordered` ones are true then (their negations, as `!(a < b)` needs).
public enum MacroDoubleCondition: Sendable {
  case equal, notEqualOrUnordered
  case lessThan, lessThanOrEqual, greaterThan, greaterThanOrEqual
  case lessThanOrUnordered, lessThanOrEqualOrUnordered, greaterThanOrUnordered, greaterThanOrEqualOrUnordered
  case unordered, ordered

  /// The condition that holds exactly when this one does not.
  public var negated: MacroDoubleCondition {
    switch self {
    case .equal: .notEqualOrUnordered
    case .notEqualOrUnordered: .equal
    case .lessThan: .greaterThanOrEqualOrUnordered
    case .lessThanOrEqual: .greaterThanOrUnordered
    case .greaterThan: .lessThanOrEqualOrUnordered
    case .greaterThanOrEqual: .lessThanOrUnordered
    case .lessThanOrUnordered: .greaterThanOrEqual
    case .lessThanOrEqualOrUnordered: .greaterThan
    case .greaterThanOrUnordered: .lessThanOrEqual
    case .greaterThanOrEqualOrUnordered: .lessThan
    case .unordered: .ordered
    case .ordered: .unordered
    }
  }
}

/// A 32-bit shift.
public enum MacroShift: Sendable {
  case left, arithmeticRight, logicalRight
}

/// The instructions a code generator may ask for. Widths are in the names (`…64`, `…32`); a
/// 32-bit operation zero-extends its result to 64 bits on both ISAs. Immediates out of an
/// instruction's reach go through the backend's scratch register.
public protocol MacroAssembler {
  init()
  /// Where the next instruction goes (not stable across `finalize` on arm64: keep labels).
  var offset: Int { get }
  mutating func makeLabel() -> Label
  mutating func bind(_ label: Label)
  func finalize() throws(AssemblerError) -> AssembledCode

  /// The C convention's argument registers, in order.
  static var argumentRegisters: [MacroRegister] { get }
  /// Where a C call's (first) result arrives: always `t0`.
  static var returnRegister: MacroRegister { get }
  /// Where a C call's second result word arrives (a two-word struct).
  static var secondReturnRegister: MacroRegister { get }

  // MARK: Moves, loads, stores
  mutating func move(_ dst: MacroRegister, _ src: MacroRegister)
  mutating func move(_ dst: MacroRegister, immediate: Int64)
  mutating func load64(_ dst: MacroRegister, _ address: MacroAddress)
  /// Zero-extends.
  mutating func load32(_ dst: MacroRegister, _ address: MacroAddress)
  /// Zero-extends.
  mutating func load16(_ dst: MacroRegister, _ address: MacroAddress)
  /// Zero-extends.
  mutating func load8(_ dst: MacroRegister, _ address: MacroAddress)
  mutating func store64(_ src: MacroRegister, _ address: MacroAddress)
  mutating func store32(_ src: MacroRegister, _ address: MacroAddress)
  mutating func store8(_ src: MacroRegister, _ address: MacroAddress)
  mutating func store64(immediate: Int64, _ address: MacroAddress)
  /// `dst = base + index * scale + offset`.
  mutating func loadAddress(_ dst: MacroRegister, _ address: MacroAddress)
  /// `dst =` the address `label` will have when the code runs.
  mutating func loadLabelAddress(_ dst: MacroRegister, _ label: Label)

  // MARK: Integer arithmetic
  mutating func add64(_ dst: MacroRegister, _ src: MacroRegister)
  mutating func add64(_ dst: MacroRegister, immediate: Int32)
  mutating func sub64(_ dst: MacroRegister, _ src: MacroRegister)
  mutating func sub64(_ dst: MacroRegister, immediate: Int32)
  mutating func and64(_ dst: MacroRegister, _ src: MacroRegister)
  mutating func and64(_ dst: MacroRegister, immediate: Int32)
  mutating func or64(_ dst: MacroRegister, _ src: MacroRegister)
  mutating func or64(_ dst: MacroRegister, immediate: Int32)
  mutating func xor64(_ dst: MacroRegister, _ src: MacroRegister)
  mutating func not64(_ dst: MacroRegister)
  mutating func shiftLeft64(_ dst: MacroRegister, immediate: UInt8)
  mutating func shiftRightLogical64(_ dst: MacroRegister, immediate: UInt8)
  mutating func add32(_ dst: MacroRegister, _ src: MacroRegister)
  mutating func add32(_ dst: MacroRegister, immediate: Int32)
  mutating func sub32(_ dst: MacroRegister, _ src: MacroRegister)
  mutating func and32(_ dst: MacroRegister, _ src: MacroRegister)
  mutating func or32(_ dst: MacroRegister, _ src: MacroRegister)
  mutating func xor32(_ dst: MacroRegister, _ src: MacroRegister)
  mutating func not32(_ dst: MacroRegister)
  /// `dst = dst <shift> (amount & 31)`, 32 bits.
  mutating func shift32(_ shift: MacroShift, _ dst: MacroRegister, by amount: MacroRegister)
  mutating func shift32(_ shift: MacroShift, _ dst: MacroRegister, immediate: UInt8)
  /// `dst = sign-extension of the low 32 bits of src`.
  mutating func signExtend32To64(_ dst: MacroRegister, _ src: MacroRegister)
  /// `dst = zero-extension of the low 32 bits of src`.
  mutating func zeroExtend32To64(_ dst: MacroRegister, _ src: MacroRegister)

  // MARK: Branches
  mutating func jump(_ label: Label)
  mutating func jump(_ target: MacroRegister)
  mutating func jump(_ target: MacroAddress)
  mutating func branch64(_ condition: MacroCondition, _ lhs: MacroRegister, _ rhs: MacroRegister, _ label: Label)
  mutating func branch64(_ condition: MacroCondition, _ lhs: MacroRegister, immediate: Int32, _ label: Label)
  mutating func branch64(_ condition: MacroCondition, _ lhs: MacroAddress, _ rhs: MacroRegister, _ label: Label)
  mutating func branch32(_ condition: MacroCondition, _ lhs: MacroRegister, _ rhs: MacroRegister, _ label: Label)
  mutating func branch32(_ condition: MacroCondition, _ lhs: MacroRegister, immediate: Int32, _ label: Label)
  mutating func branch32(_ condition: MacroCondition, _ lhs: MacroAddress, immediate: Int32, _ label: Label)
  mutating func branch8(_ condition: MacroCondition, _ lhs: MacroAddress, immediate: UInt8, _ label: Label)
  /// Branches on `lhs & mask` (`.zero` / `.nonZero`).
  mutating func branchTest64(_ condition: MacroCondition, _ lhs: MacroRegister, _ mask: MacroRegister, _ label: Label)
  mutating func branchTest64(_ condition: MacroCondition, _ lhs: MacroRegister, immediate: Int32, _ label: Label)
  mutating func branchTest32(_ condition: MacroCondition, _ lhs: MacroRegister, immediate: Int32, _ label: Label)
  mutating func branchTest32(_ condition: MacroCondition, _ lhs: MacroAddress, immediate: Int32, _ label: Label)
  /// `dst += src` in 32 bits; branches when `condition` (`.overflow`) holds afterwards.
  mutating func branchAdd32(_ condition: MacroCondition, _ dst: MacroRegister, _ src: MacroRegister, _ label: Label)
  mutating func branchAdd32(_ condition: MacroCondition, _ dst: MacroRegister, immediate: Int32, _ label: Label)
  mutating func branchSub32(_ condition: MacroCondition, _ dst: MacroRegister, _ src: MacroRegister, _ label: Label)
  mutating func branchSub32(_ condition: MacroCondition, _ dst: MacroRegister, immediate: Int32, _ label: Label)
  /// `dst = lhs % rhs` in 32 bits, for `lhs >= 0` and `rhs > 0` only (the caller checks): the
  /// remainder, zero-extended.
  mutating func remainder32(_ dst: MacroRegister, _ lhs: MacroRegister, _ rhs: MacroRegister)
  /// `dst *= src` in 32 bits (signed); branches on `.overflow` of the 32-bit product.
  mutating func branchMul32(_ condition: MacroCondition, _ dst: MacroRegister, _ src: MacroRegister, _ label: Label)
  /// `dst = (lhs <condition> rhs) ? 1 : 0`, 64-bit compare.
  mutating func compare64(_ condition: MacroCondition, _ lhs: MacroRegister, _ rhs: MacroRegister, _ dst: MacroRegister)
  /// `dst = (lhs <condition> rhs) ? 1 : 0`, 32-bit compare.
  mutating func compare32(_ condition: MacroCondition, _ lhs: MacroRegister, _ rhs: MacroRegister, _ dst: MacroRegister)

  // MARK: Doubles
  /// Moves the bits of a general register into a double register.
  mutating func moveToDouble(_ dst: MacroFPRegister, _ src: MacroRegister)
  /// Moves the bits of a double register into a general register.
  mutating func moveFromDouble(_ dst: MacroRegister, _ src: MacroFPRegister)
  mutating func addDouble(_ dst: MacroFPRegister, _ src: MacroFPRegister)
  mutating func subDouble(_ dst: MacroFPRegister, _ src: MacroFPRegister)
  mutating func mulDouble(_ dst: MacroFPRegister, _ src: MacroFPRegister)
  mutating func divDouble(_ dst: MacroFPRegister, _ src: MacroFPRegister)
  /// `dst = Double(Int32(truncatingIfNeeded: src))`.
  mutating func convertInt32ToDouble(_ dst: MacroFPRegister, _ src: MacroRegister)
  /// `dst = Int32(src)` when `src` is exactly an int32 that is not -0; otherwise branches to
  /// `failure` (dst is then undefined).
  mutating func branchConvertDoubleToInt32(_ dst: MacroRegister, _ src: MacroFPRegister, failure: Label)
  /// `dst` = the low 32 bits of `src` truncated to a 64-bit integer (zero-extended): ToInt32
  /// of a double whose magnitude is below 2^63; NaN, infinities and larger values branch to
  /// `failure` (dst is then undefined).
  mutating func branchTruncateDoubleToInt32Bits(_ dst: MacroRegister, _ src: MacroFPRegister, failure: Label)
  mutating func branchDouble(
    _ condition: MacroDoubleCondition, _ lhs: MacroFPRegister, _ rhs: MacroFPRegister, _ label: Label)

  // MARK: Calls and native frames
  /// Moves `arguments` into the argument registers (a parallel move: any argument may be read
  /// from a register another one is moved into).
  mutating func setUpArguments(_ arguments: [MacroArgument])
  /// Calls the C function whose address is stored at `address`.
  mutating func call(_ address: MacroAddress)
  mutating func call(_ target: MacroRegister)
  /// The prologue of a C-callable function that saves every `saved…` register (and the frame
  /// and return registers of the ISA) and leaves the stack aligned for C calls.
  mutating func enterNativeFrame()
  /// Undoes `enterNativeFrame` and returns to the C caller.
  mutating func leaveNativeFrameAndReturn()
  /// A trap that stops the process (never executed by correct code).
  mutating func breakpoint()
}
