// An arm64 (A64) simulator for running the arm64 backend's code on any host (V8's
// simulator-arm64 is the model). It decodes each instruction from the machine-code bytes in
// memory, so it runs exactly what was installed, and it runs on the process's real memory:
// simulated code reads and writes the same heap, register stack and tables as native code.
// Only its stack is its own.
//
// Native code is reached the way arm64 code reaches it: a `br`, `blr` or `ret` to an address
// outside the code ranges registered here calls that address as a C function of eight integer
// arguments (x0…x7) returning two words (into x0 and x1), then continues at x30. Native code
// may re-enter the simulator (`run` nests). The instructions are those the arm64 backend emits
// and the common neighbours of each (see ARM64Simulator+*.swift); anything else stops the run
// with `.unimplementedInstruction`, never silently. The simulator knows nothing of what the
// code it runs is for.
//
// Use:
//
//   let simulator = ARM64Simulator()
//   simulator.simulateCode(of: allocator)      // every region the CodeAllocator has or gets
//   let (first, second) = try simulator.run(at: entry, arguments: [a, b, c])
//
// in place of calling `entry` as a C function pointer (which, on an x86-64 host, it is not).
// The collector never sees the simulator's registers or stack: code that keeps heap values
// only in memory the collector scans (as baseline JIT code does) needs nothing more.

import CXJSSupport

/// A native function as simulated code calls it: x0…x7 in, x0 and x1 out.
public typealias ARM64NativeFunction =
  @convention(c) (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) -> xjs_jit_exit

/// Runs A64 machine code in this process: general registers x0…x30 and sp, the flags NZCV, and
/// d0…d31 (scalar doubles), on real memory. One thread at a time.
public final class ARM64Simulator {
  /// The return address `run` puts in x30: reaching it ends the run.
  public static let returnToHostAddress: UInt64 = 0xFFFF_DEAD_BEEF_0000
  /// Accesses below this address (the null page) stop the run instead of faulting.
  public static let lowestValidAddress: UInt64 = 4096
  /// What `run` puts in x19…x28 when it is not nested, so a clobber cannot go unnoticed.
  static func initialCalleeSavedValue(_ register: Int) -> UInt64 { 0x5AFE_0000_0000_0000 | UInt64(register) }
  /// What caller-saved registers hold after a native call (see `poisonsCallerSavedRegisters`).
  public static let poisonValue: UInt64 = 0xBAD0_CA11_BAD0_CA11

  /// x0…x30 at 0…30; slot 31 is the zero register and always holds 0.
  let x: UnsafeMutablePointer<UInt64>
  /// d0…d31 as bit patterns.
  let d: UnsafeMutablePointer<UInt64>
  /// What the loop touches at every instruction, behind a pointer: accesses through it need
  /// no exclusivity checks, which stored properties of a class would (and debug builds make).
  private let hot: UnsafeMutablePointer<HotState>

  struct HotState {
    var sp: UInt64 = 0
    var pc: UInt64 = 0
    var nextPC: UInt64 = 0
    var nzcv: UInt8 = 0
    var lastInstructionAddress: UInt64 = 0
    var executedInstructionCount: UInt64 = 0
    var instructionLimit: UInt64 = .max
    var codeRange: Range<UInt64> = 0..<0
  }

  var sp: UInt64 {
    get { hot.pointee.sp }
    set { hot.pointee.sp = newValue }
  }
  var pc: UInt64 {
    get { hot.pointee.pc }
    set { hot.pointee.pc = newValue }
  }
  /// The address of the next instruction (instructions that branch set it).
  var nextPC: UInt64 {
    get { hot.pointee.nextPC }
    set { hot.pointee.nextPC = newValue }
  }
  /// N, Z, C, V in bits 3…0.
  var nzcv: UInt8 {
    get { hot.pointee.nzcv }
    set { hot.pointee.nzcv = newValue }
  }
  /// The instruction executed last (the `ret` once a run returns).
  public var lastInstructionAddress: UInt64 { hot.pointee.lastInstructionAddress }
  /// The range the last fetched instruction came from.
  private var currentCodeRange: Range<UInt64> {
    get { hot.pointee.codeRange }
    set { hot.pointee.codeRange = newValue }
  }

  /// The simulated stack (the only memory the simulator owns).
  private let stack: UnsafeMutableRawPointer
  public let stackSize: Int
  /// Where the simulated stack starts (its highest address, exclusive) and ends.
  public var stackTop: UInt64 { UInt64(UInt(bitPattern: stack)) + UInt64(stackSize) }
  public var stackLimit: UInt64 { UInt64(UInt(bitPattern: stack)) }

  /// The address ranges holding code to simulate.
  public private(set) var codeRanges: [Range<UInt64>] = []
  /// Allocators whose regions are simulated too.
  private var allocators: [WeakAllocator] = []
  private var nesting = 0

  /// Instructions executed since the simulator was made (across every run).
  public var executedInstructionCount: UInt64 { hot.pointee.executedInstructionCount }
  /// A run stops with `.instructionLimitReached` when `executedInstructionCount` gets here.
  public var instructionLimit: UInt64 {
    get { hot.pointee.instructionLimit }
    set { hot.pointee.instructionLimit = newValue }
  }
  /// Native calls made by simulated code.
  public private(set) var nativeCallCount: UInt64 = 0
  /// Whether a native call leaves `poisonValue` in x2…x17 and a NaN in the caller-saved d
  /// registers (the C convention clobbers them; code that relied on them shows up at once).
  public var poisonsCallerSavedRegisters = true

  /// A simulator with a stack of `stackSize` bytes (a multiple of 16).
  public init(stackSize: Int = 1 << 20) {
    precondition(stackSize > 0 && stackSize % 16 == 0, "the stack size must be a positive multiple of 16")
    self.stackSize = stackSize
    stack = UnsafeMutableRawPointer.allocate(byteCount: stackSize, alignment: 16)
    x = UnsafeMutablePointer<UInt64>.allocate(capacity: 32)
    x.initialize(repeating: 0, count: 32)
    d = UnsafeMutablePointer<UInt64>.allocate(capacity: 32)
    d.initialize(repeating: 0, count: 32)
    hot = UnsafeMutablePointer<HotState>.allocate(capacity: 1)
    hot.initialize(to: HotState())
  }

  deinit {
    stack.deallocate()
    x.deallocate()
    d.deallocate()
    hot.deallocate()
  }

  // MARK: Code ranges

  /// Makes the code in `range` simulated: branches into it run here, not natively.
  public func addCodeRange(_ range: Range<UInt64>) {
    precondition(!range.isEmpty, "an empty code range")
    precondition(!codeRanges.contains { $0.overlaps(range) }, "code ranges overlap")
    codeRanges.append(range)
  }

  /// Makes all of `region` simulated (a CodeAllocator region holds many functions).
  public func addCodeRegion(_ region: ExecutableRegion) {
    addCodeRange(Self.addresses(of: region))
  }

  /// Makes every region of `allocator` simulated, those it reserves later included, for as
  /// long as the allocator holds them (the simulator keeps no strong reference to it).
  public func simulateCode(of allocator: CodeAllocator) {
    allocators.append(WeakAllocator(allocator: allocator))
  }

  /// Forgets a range given to `addCodeRange` (say, before its memory is unmapped).
  public func removeCodeRange(_ range: Range<UInt64>) {
    codeRanges.removeAll { $0 == range }
    if currentCodeRange == range { currentCodeRange = 0..<0 }
  }

  public func isSimulatedCode(_ address: UInt64) -> Bool { codeRange(containing: address, size: 1) != nil }

  /// The registered range (or allocator region) holding `size` bytes at `address`.
  private func codeRange(containing address: UInt64, size: UInt64) -> Range<UInt64>? {
    let holds = { (range: Range<UInt64>) in address >= range.lowerBound && address &+ size <= range.upperBound }
    if let range = codeRanges.first(where: holds) { return range }
    for entry in allocators {
      guard let allocator = entry.allocator else { continue }
      for region in allocator.regions where holds(Self.addresses(of: region)) { return Self.addresses(of: region) }
    }
    return nil
  }

  private static func addresses(of region: ExecutableRegion) -> Range<UInt64> {
    let start = UInt64(UInt(bitPattern: region.baseAddress))
    return start..<(start + UInt64(region.byteCount))
  }

  private struct WeakAllocator {
    weak var allocator: CodeAllocator?
  }

  // MARK: Running

  /// Runs the code at `address` as a C function: x0… hold `arguments` (at most 8), x30 the
  /// return-to-host address, sp the simulated stack (below the current frame when a native
  /// function called from simulated code runs more). Returns x0 and x1 when the code returns.
  ///
  /// Checks at the return that x19…x29, sp and d8…d15 (what AAPCS64 makes callee-saved) hold
  /// what they held at the start. Whatever stops the run early is thrown. A nested run puts
  /// the simulator's state back as it found it (so the outer run goes on, error or not); after
  /// an outermost run the registers stay as the code left them, for inspection.
  public func run(at address: UInt64, arguments: [UInt64] = []) throws(ARM64SimulatorError) -> (UInt64, UInt64) {
    guard arguments.count <= 8 else { throw .tooManyArguments(count: arguments.count) }
    let outer = nesting > 0 ? SavedState(self) : nil
    defer { outer?.restore(into: self) }
    if nesting == 0 {
      for index in 0..<31 { x[index] = index >= 19 && index <= 28 ? Self.initialCalleeSavedValue(index) : 0 }
      x[29] = 0
      sp = stackTop
      nzcv = 0
    }
    nesting += 1
    defer { nesting -= 1 }
    for (index, argument) in arguments.enumerated() { x[index] = argument }
    x[30] = Self.returnToHostAddress
    pc = address
    let preserved = PreservedRegisters(self)
    try execute()
    try preserved.check(self, at: lastInstructionAddress)
    return (x[0], x[1])
  }

  /// Runs the code at `pointer`; see `run(at:arguments:)`.
  public func run(at pointer: UnsafeRawPointer, arguments: [UInt64] = []) throws(ARM64SimulatorError) -> (
    UInt64, UInt64
  ) {
    try run(at: UInt64(UInt(bitPattern: pointer)), arguments: arguments)
  }

  /// The general register `number` (0…30) as the last run left it.
  public func generalRegister(_ number: Int) -> UInt64 {
    precondition((0...30).contains(number), "x\(number) does not exist")
    return x[number]
  }

  /// The bits of double register `number` (0…31) as the last run left it.
  public func doubleRegister(_ number: Int) -> UInt64 {
    precondition((0...31).contains(number), "d\(number) does not exist")
    return d[number]
  }

  /// The fetch-decode-execute loop, until the code returns to the host.
  private func execute() throws(ARM64SimulatorError) {
    while pc != Self.returnToHostAddress {
      guard hot.pointee.executedInstructionCount < hot.pointee.instructionLimit else {
        throw .instructionLimitReached(count: executedInstructionCount, pc: pc)
      }
      let word = try fetch()
      nextPC = pc &+ 4
      try executeInstruction(word)
      hot.pointee.executedInstructionCount &+= 1
      hot.pointee.lastInstructionAddress = pc
      pc = nextPC
    }
  }

  /// The instruction word at pc, from a registered code range.
  @inline(__always)
  private func fetch() throws(ARM64SimulatorError) -> UInt32 {
    if !(pc >= currentCodeRange.lowerBound && pc &+ 4 <= currentCodeRange.upperBound) {
      guard let range = codeRange(containing: pc, size: 4) else { throw .executionOutsideCode(address: pc) }
      currentCodeRange = range
    }
    guard pc & 3 == 0 else { throw .misalignedProgramCounter(address: pc) }
    return UInt32(littleEndian: UnsafeRawPointer(bitPattern: UInt(pc))!.load(as: UInt32.self))
  }

  /// Decodes by the top-level encoding groups (Arm ARM C4.1, bits 28…25).
  private func executeInstruction(_ word: UInt32) throws(ARM64SimulatorError) {
    switch (word >> 25) & 0xF {
    case 0b1000, 0b1001: try executeDataProcessingImmediate(word)
    case 0b1010, 0b1011: try executeBranchOrSystem(word)
    case 0b0100, 0b0110, 0b1100, 0b1110: try executeLoadOrStore(word)
    case 0b0101, 0b1101: try executeDataProcessingRegister(word)
    case 0b0111, 0b1111: try executeFloatingPoint(word)
    default: throw unimplemented(word, "reserved, SME or SVE")
    }
  }

  func unimplemented(_ word: UInt32, _ group: String) -> ARM64SimulatorError {
    .unimplementedInstruction(address: pc, word: word, group: group)
  }

  // MARK: Branches out of simulated code

  /// A register branch (`br`, `blr`, `ret`) to `target`: simulated code, the host, or native
  /// code called as a C function that continues at x30.
  func branchToRegisterTarget(_ target: UInt64) throws(ARM64SimulatorError) {
    if target == Self.returnToHostAddress || isSimulatedCode(target) {
      nextPC = target
      return
    }
    try callNative(target)
    let continuation = x[30]
    guard continuation == Self.returnToHostAddress || isSimulatedCode(continuation) else {
      throw .executionOutsideCode(address: continuation)
    }
    nextPC = continuation
  }

  /// Calls the native function at `address` with x0…x7; its two result words go to x0 and x1.
  private func callNative(_ address: UInt64) throws(ARM64SimulatorError) {
    guard sp & 15 == 0 else { throw .misalignedStackPointer(stackPointer: sp, pc: pc) }
    guard address >= Self.lowestValidAddress, let pointer = UnsafeRawPointer(bitPattern: UInt(address)) else {
      throw .invalidMemoryAccess(address: address, pc: pc)
    }
    let preserved = PreservedRegisters(self)
    let function = unsafeBitCast(pointer, to: ARM64NativeFunction.self)
    let result = function(x[0], x[1], x[2], x[3], x[4], x[5], x[6], x[7])
    nativeCallCount &+= 1
    try preserved.check(self, at: pc)
    x[0] = result.frame
    x[1] = result.word
    if poisonsCallerSavedRegisters { poisonCallerSavedRegisters() }
  }

  private func poisonCallerSavedRegisters() {
    for index in 2...17 { x[index] = Self.poisonValue }
    let nan = Double.signalingNaN.bitPattern
    for index in 0...7 { d[index] = nan }
    for index in 16...31 { d[index] = nan }
  }

  // MARK: Registers

  /// Register `number` where 31 names the zero register.
  @inline(__always) func register(_ number: UInt32) -> UInt64 { x[Int(number)] }

  /// Register `number` where 31 names sp.
  @inline(__always) func registerOrSP(_ number: UInt32) -> UInt64 { number == 31 ? sp : x[Int(number)] }

  /// Writes register `number` (31, the zero register, discards), zero-extending 32-bit results.
  @inline(__always) func setRegister(_ number: UInt32, _ value: UInt64, is64Bit: Bool = true) {
    if number != 31 { x[Int(number)] = is64Bit ? value : value & 0xFFFF_FFFF }
  }

  /// Writes register `number` where 31 names sp.
  @inline(__always) func setRegisterOrSP(_ number: UInt32, _ value: UInt64, is64Bit: Bool = true) {
    let value = is64Bit ? value : value & 0xFFFF_FFFF
    if number == 31 { sp = value } else { x[Int(number)] = value }
  }

  // MARK: Memory

  /// The host pointer for an access of `size` bytes at `address`, refusing the null page.
  @inline(__always)
  func hostPointer(_ address: UInt64, size: Int) throws(ARM64SimulatorError) -> UnsafeMutableRawPointer {
    guard address >= Self.lowestValidAddress, address <= UInt64.max - UInt64(size),
      let pointer = UnsafeMutableRawPointer(bitPattern: UInt(address))
    else { throw .invalidMemoryAccess(address: address, pc: pc) }
    return pointer
  }

  /// Loads `size` (1, 2, 4 or 8) bytes, zero-extended. Unaligned accesses are allowed, as on
  /// arm64 for normal memory.
  func load(_ address: UInt64, size: Int) throws(ARM64SimulatorError) -> UInt64 {
    let pointer = try hostPointer(address, size: size)
    switch size {
    case 1: return UInt64(pointer.load(as: UInt8.self))
    case 2: return UInt64(UInt16(littleEndian: pointer.loadUnaligned(as: UInt16.self)))
    case 4: return UInt64(UInt32(littleEndian: pointer.loadUnaligned(as: UInt32.self)))
    default: return UInt64(littleEndian: pointer.loadUnaligned(as: UInt64.self))
    }
  }

  /// Stores the low `size` (1, 2, 4 or 8) bytes of `value`.
  func store(_ address: UInt64, size: Int, _ value: UInt64) throws(ARM64SimulatorError) {
    let pointer = try hostPointer(address, size: size)
    switch size {
    case 1: pointer.storeBytes(of: UInt8(truncatingIfNeeded: value), as: UInt8.self)
    case 2: pointer.storeBytes(of: UInt16(truncatingIfNeeded: value).littleEndian, as: UInt16.self)
    case 4: pointer.storeBytes(of: UInt32(truncatingIfNeeded: value).littleEndian, as: UInt32.self)
    default: pointer.storeBytes(of: value.littleEndian, as: UInt64.self)
    }
  }

  /// Checks an access based on sp: sp must be 16-byte aligned (Linux has the hardware check
  /// it at EL0) and within the simulated stack.
  func checkStackAccess(_ address: UInt64) throws(ARM64SimulatorError) {
    guard sp & 15 == 0 else { throw .misalignedStackPointer(stackPointer: sp, pc: pc) }
    guard address >= stackLimit, address < stackTop else { throw .stackOverflow(stackPointer: sp, pc: pc) }
  }
}

/// Everything a nested run changes, to put back afterwards.
private struct SavedState {
  let registers: [UInt64]
  let doubles: [UInt64]
  let sp: UInt64
  let pc: UInt64
  let nextPC: UInt64
  let nzcv: UInt8

  init(_ simulator: ARM64Simulator) {
    registers = Array(UnsafeBufferPointer(start: simulator.x, count: 31))
    doubles = Array(UnsafeBufferPointer(start: simulator.d, count: 32))
    sp = simulator.sp
    pc = simulator.pc
    nextPC = simulator.nextPC
    nzcv = simulator.nzcv
  }

  func restore(into simulator: ARM64Simulator) {
    for (index, value) in registers.enumerated() { simulator.x[index] = value }
    for (index, value) in doubles.enumerated() { simulator.d[index] = value }
    simulator.sp = sp
    simulator.pc = pc
    simulator.nextPC = nextPC
    simulator.nzcv = nzcv
  }
}

/// The registers AAPCS64 makes callee-saved: x19…x29, sp, and d8…d15 (their low 64 bits).
private struct PreservedRegisters {
  let general: [UInt64]
  let doubles: [UInt64]
  let sp: UInt64

  init(_ simulator: ARM64Simulator) {
    general = (19...29).map { simulator.x[$0] }
    doubles = (8...15).map { simulator.d[$0] }
    sp = simulator.sp
  }

  func check(_ simulator: ARM64Simulator, at pc: UInt64) throws(ARM64SimulatorError) {
    for (offset, expected) in general.enumerated() where simulator.x[19 + offset] != expected {
      throw .registerNotPreserved(
        register: "x\(19 + offset)", expected: expected, actual: simulator.x[19 + offset], pc: pc)
    }
    for (offset, expected) in doubles.enumerated() where simulator.d[8 + offset] != expected {
      throw .registerNotPreserved(
        register: "d\(8 + offset)", expected: expected, actual: simulator.d[8 + offset], pc: pc)
    }
    if simulator.sp != sp { throw .registerNotPreserved(register: "sp", expected: sp, actual: simulator.sp, pc: pc) }
  }
}

/// Why a simulated run stopped early.
public enum ARM64SimulatorError: Error, Equatable, CustomStringConvertible {
  /// The instruction `word` at `address` (in the encoding group `group`) is not implemented.
  case unimplementedInstruction(address: UInt64, word: UInt32, group: String)
  /// A `brk #immediate` at `address`.
  case breakpoint(address: UInt64, immediate: UInt16)
  /// Execution reached `address`, which no registered code range holds (and which no register
  /// branch called as native code).
  case executionOutsideCode(address: UInt64)
  case misalignedProgramCounter(address: UInt64)
  /// A load, store or native call at a null-page (or wrapping) address.
  case invalidMemoryAccess(address: UInt64, pc: UInt64)
  /// sp was not 16-byte aligned at an sp-based access or a native call.
  case misalignedStackPointer(stackPointer: UInt64, pc: UInt64)
  /// An sp-based access outside the simulated stack.
  case stackOverflow(stackPointer: UInt64, pc: UInt64)
  /// A callee-saved register differed at the return to the host (or after a native call).
  case registerNotPreserved(register: String, expected: UInt64, actual: UInt64, pc: UInt64)
  case instructionLimitReached(count: UInt64, pc: UInt64)
  case tooManyArguments(count: Int)

  public var description: String {
    func hex(_ value: some BinaryInteger) -> String { "0x" + String(value, radix: 16) }
    switch self {
    case .unimplementedInstruction(let address, let word, let group):
      return "unimplemented arm64 instruction \(hex(word)) (\(group)) at \(hex(address))"
    case .breakpoint(let address, let immediate): return "brk #\(hex(immediate)) at \(hex(address))"
    case .executionOutsideCode(let address): return "execution reached \(hex(address)), outside simulated code"
    case .misalignedProgramCounter(let address): return "misaligned pc \(hex(address))"
    case .invalidMemoryAccess(let address, let pc): return "invalid access to \(hex(address)) at \(hex(pc))"
    case .misalignedStackPointer(let sp, let pc): return "sp \(hex(sp)) is not 16-byte aligned at \(hex(pc))"
    case .stackOverflow(let sp, let pc): return "access outside the simulated stack (sp \(hex(sp))) at \(hex(pc))"
    case .registerNotPreserved(let register, let expected, let actual, let pc):
      return "\(register) was \(hex(expected)), is \(hex(actual)) at \(hex(pc)): a callee-saved register changed"
    case .instructionLimitReached(let count, let pc): return "instruction limit \(count) reached at \(hex(pc))"
    case .tooManyArguments(let count): return "\(count) arguments (at most 8 go in registers)"
    }
  }
}
