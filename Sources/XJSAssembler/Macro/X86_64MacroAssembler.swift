// The x86-64 backend of MacroAssembler (System V calling convention).
//
//   saved0…saved4  rbx, r12, r13, r14, r15        (rbp is the native frame pointer)
//   t0…t7          rax, rcx, rdx, rsi, rdi, r8, r9, r10
//   fp0…fp3        xmm0…xmm3
//   scratch        r11, xmm15 (this backend's own)
//   arguments      rdi, rsi, rdx, rcx (t4, t3, t2, t1); results rax (t0), rdx (t2)

/// MacroAssembler for x86-64, over X86_64Assembler.
public struct X86_64MacroAssembler: MacroAssembler {
  public private(set) var assembler = X86_64Assembler()

  public init() {}

  public var offset: Int { assembler.offset }
  public mutating func makeLabel() -> Label { assembler.makeLabel() }
  public mutating func bind(_ label: Label) { assembler.bind(label) }
  public func finalize() throws(AssemblerError) -> AssembledCode { try assembler.finalize() }

  public static let argumentRegisters: [MacroRegister] = [.t4, .t3, .t2, .t1]
  public static let returnRegister = MacroRegister.t0
  public static let secondReturnRegister = MacroRegister.t2

  private static let scratch = X86Register.r11
  private static let fpScratch = XMMRegister.xmm15

  /// The machine register of `register`.
  public static func machineRegister(_ register: MacroRegister) -> X86Register {
    switch register {
    case .saved0: .rbx
    case .saved1: .r12
    case .saved2: .r13
    case .saved3: .r14
    case .saved4: .r15
    case .t0: .rax
    case .t1: .rcx
    case .t2: .rdx
    case .t3: .rsi
    case .t4: .rdi
    case .t5: .r8
    case .t6: .r9
    case .t7: .r10
    }
  }

  private func r(_ register: MacroRegister) -> X86Register { Self.machineRegister(register) }

  private func x(_ register: MacroFPRegister) -> XMMRegister {
    switch register {
    case .fp0: .xmm0
    case .fp1: .xmm1
    case .fp2: .xmm2
    case .fp3: .xmm3
    }
  }

  private func memory(_ address: MacroAddress) -> X86Memory {
    guard let index = address.index else { return X86Memory(base: r(address.base), displacement: address.offset) }
    let scale: X86Scale =
      switch address.scale {
      case 1: .x1
      case 2: .x2
      case 4: .x4
      default: .x8
      }
    return X86Memory(base: r(address.base), index: r(index), scale: scale, displacement: address.offset)
  }

  private func condition(_ condition: MacroCondition) -> X86Condition {
    switch condition {
    case .equal: .equal
    case .notEqual: .notEqual
    case .below: .below
    case .belowOrEqual: .belowOrEqual
    case .above: .above
    case .aboveOrEqual: .aboveOrEqual
    case .less: .less
    case .lessOrEqual: .lessOrEqual
    case .greater: .greater
    case .greaterOrEqual: .greaterOrEqual
    case .overflow: .overflow
    case .noOverflow: .noOverflow
    case .zero: .equal
    case .nonZero: .notEqual
    case .signed: .sign
    case .notSigned: .notSign
    }
  }

  // MARK: Moves, loads, stores

  public mutating func move(_ dst: MacroRegister, _ src: MacroRegister) {
    if dst != src { assembler.mov(r(dst), r(src)) }
  }

  public mutating func move(_ dst: MacroRegister, immediate: Int64) {
    if immediate == 0 {
      assembler.xor(r(dst), r(dst), width: .dword)
    } else {
      assembler.mov(r(dst), immediate: immediate)
    }
  }

  public mutating func load64(_ dst: MacroRegister, _ address: MacroAddress) {
    assembler.mov(r(dst), memory(address))
  }

  public mutating func load32(_ dst: MacroRegister, _ address: MacroAddress) {
    assembler.mov(r(dst), memory(address), width: .dword)
  }

  public mutating func load16(_ dst: MacroRegister, _ address: MacroAddress) {
    assembler.movzxWord(r(dst), memory(address))
  }

  public mutating func load8(_ dst: MacroRegister, _ address: MacroAddress) {
    assembler.movzxByte(r(dst), memory(address))
  }

  public mutating func store64(_ src: MacroRegister, _ address: MacroAddress) {
    assembler.mov(memory(address), r(src))
  }

  public mutating func store32(_ src: MacroRegister, _ address: MacroAddress) {
    assembler.mov(memory(address), r(src), width: .dword)
  }

  public mutating func store8(_ src: MacroRegister, _ address: MacroAddress) {
    assembler.movByte(memory(address), r(src))
  }

  public mutating func store64(immediate: Int64, _ address: MacroAddress) {
    if immediate.fitsSigned(bits: 32) {
      assembler.mov(memory(address), immediate: Int32(immediate))
    } else {
      assembler.mov(Self.scratch, immediate: immediate)
      assembler.mov(memory(address), Self.scratch)
    }
  }

  public mutating func loadAddress(_ dst: MacroRegister, _ address: MacroAddress) {
    assembler.lea(r(dst), memory(address))
  }

  public mutating func loadLabelAddress(_ dst: MacroRegister, _ label: Label) {
    assembler.lea(r(dst), .ripRelative(label))
  }

  // MARK: Integer arithmetic

  public mutating func add64(_ dst: MacroRegister, _ src: MacroRegister) { assembler.add(r(dst), r(src)) }
  public mutating func add64(_ dst: MacroRegister, immediate: Int32) {
    if immediate != 0 { assembler.add(r(dst), immediate: immediate) }
  }
  public mutating func sub64(_ dst: MacroRegister, _ src: MacroRegister) { assembler.sub(r(dst), r(src)) }
  public mutating func sub64(_ dst: MacroRegister, immediate: Int32) {
    if immediate != 0 { assembler.sub(r(dst), immediate: immediate) }
  }
  public mutating func and64(_ dst: MacroRegister, _ src: MacroRegister) { assembler.and(r(dst), r(src)) }
  public mutating func and64(_ dst: MacroRegister, immediate: Int32) { assembler.and(r(dst), immediate: immediate) }
  public mutating func or64(_ dst: MacroRegister, _ src: MacroRegister) { assembler.or(r(dst), r(src)) }
  public mutating func or64(_ dst: MacroRegister, immediate: Int32) { assembler.or(r(dst), immediate: immediate) }
  public mutating func xor64(_ dst: MacroRegister, _ src: MacroRegister) { assembler.xor(r(dst), r(src)) }
  public mutating func not64(_ dst: MacroRegister) { assembler.not(r(dst)) }
  public mutating func shiftLeft64(_ dst: MacroRegister, immediate: UInt8) {
    assembler.shl(r(dst), immediate: immediate)
  }
  public mutating func shiftRightLogical64(_ dst: MacroRegister, immediate: UInt8) {
    assembler.shr(r(dst), immediate: immediate)
  }
  public mutating func add32(_ dst: MacroRegister, _ src: MacroRegister) {
    assembler.add(r(dst), r(src), width: .dword)
  }
  public mutating func add32(_ dst: MacroRegister, immediate: Int32) {
    assembler.add(r(dst), immediate: immediate, width: .dword)
  }
  public mutating func sub32(_ dst: MacroRegister, _ src: MacroRegister) {
    assembler.sub(r(dst), r(src), width: .dword)
  }
  public mutating func and32(_ dst: MacroRegister, _ src: MacroRegister) {
    assembler.and(r(dst), r(src), width: .dword)
  }
  public mutating func or32(_ dst: MacroRegister, _ src: MacroRegister) { assembler.or(r(dst), r(src), width: .dword) }
  public mutating func xor32(_ dst: MacroRegister, _ src: MacroRegister) {
    assembler.xor(r(dst), r(src), width: .dword)
  }
  public mutating func not32(_ dst: MacroRegister) { assembler.not(r(dst), width: .dword) }

  public mutating func shift32(_ shift: MacroShift, _ dst: MacroRegister, by amount: MacroRegister) {
    // x86 shifts by cl only: park rcx in the scratch register around the shift.
    let rcx = X86Register.rcx
    if r(amount) == rcx {
      shiftByCL(shift, r(dst))
      return
    }
    assembler.mov(Self.scratch, rcx)
    assembler.mov(rcx, r(amount), width: .dword)
    if r(dst) == rcx {
      shiftByCL(shift, Self.scratch)
      assembler.mov(rcx, Self.scratch, width: .dword)
    } else {
      shiftByCL(shift, r(dst))
      assembler.mov(rcx, Self.scratch)
    }
  }

  private mutating func shiftByCL(_ shift: MacroShift, _ dst: X86Register) {
    switch shift {
    case .left: assembler.shlByCL(dst, width: .dword)
    case .arithmeticRight: assembler.sarByCL(dst, width: .dword)
    case .logicalRight: assembler.shrByCL(dst, width: .dword)
    }
  }

  public mutating func shift32(_ shift: MacroShift, _ dst: MacroRegister, immediate: UInt8) {
    switch shift {
    case .left: assembler.shl(r(dst), immediate: immediate & 31, width: .dword)
    case .arithmeticRight: assembler.sar(r(dst), immediate: immediate & 31, width: .dword)
    case .logicalRight: assembler.shr(r(dst), immediate: immediate & 31, width: .dword)
    }
  }

  public mutating func signExtend32To64(_ dst: MacroRegister, _ src: MacroRegister) {
    assembler.movsxd(r(dst), r(src))
  }

  public mutating func zeroExtend32To64(_ dst: MacroRegister, _ src: MacroRegister) {
    assembler.mov(r(dst), r(src), width: .dword)
  }

  // MARK: Branches

  public mutating func jump(_ label: Label) { assembler.jmp(label) }
  public mutating func jump(_ target: MacroRegister) { assembler.jmp(r(target)) }
  public mutating func jump(_ target: MacroAddress) { assembler.jmp(memory(target)) }

  public mutating func branch64(
    _ condition: MacroCondition, _ lhs: MacroRegister, _ rhs: MacroRegister, _ label: Label
  ) {
    assembler.cmp(r(lhs), r(rhs))
    assembler.j(self.condition(condition), label)
  }

  public mutating func branch64(_ condition: MacroCondition, _ lhs: MacroRegister, immediate: Int32, _ label: Label) {
    assembler.cmp(r(lhs), immediate: immediate)
    assembler.j(self.condition(condition), label)
  }

  public mutating func branch64(_ condition: MacroCondition, _ lhs: MacroAddress, _ rhs: MacroRegister, _ label: Label)
  {
    assembler.cmp(memory(lhs), r(rhs))
    assembler.j(self.condition(condition), label)
  }

  public mutating func branch32(
    _ condition: MacroCondition, _ lhs: MacroRegister, _ rhs: MacroRegister, _ label: Label
  ) {
    assembler.cmp(r(lhs), r(rhs), width: .dword)
    assembler.j(self.condition(condition), label)
  }

  public mutating func branch32(_ condition: MacroCondition, _ lhs: MacroRegister, immediate: Int32, _ label: Label) {
    assembler.cmp(r(lhs), immediate: immediate, width: .dword)
    assembler.j(self.condition(condition), label)
  }

  public mutating func branch32(_ condition: MacroCondition, _ lhs: MacroAddress, immediate: Int32, _ label: Label) {
    assembler.cmp(memory(lhs), immediate: immediate, width: .dword)
    assembler.j(self.condition(condition), label)
  }

  public mutating func branch8(_ condition: MacroCondition, _ lhs: MacroAddress, immediate: UInt8, _ label: Label) {
    assembler.cmpByte(memory(lhs), immediate: immediate)
    assembler.j(self.condition(condition), label)
  }

  public mutating func branchTest64(
    _ condition: MacroCondition, _ lhs: MacroRegister, _ mask: MacroRegister, _ label: Label
  ) {
    assembler.test(r(lhs), r(mask))
    assembler.j(self.condition(condition), label)
  }

  public mutating func branchTest64(
    _ condition: MacroCondition, _ lhs: MacroRegister, immediate: Int32, _ label: Label
  ) {
    assembler.test(r(lhs), immediate: immediate)
    assembler.j(self.condition(condition), label)
  }

  public mutating func branchTest32(
    _ condition: MacroCondition, _ lhs: MacroRegister, immediate: Int32, _ label: Label
  ) {
    assembler.test(r(lhs), immediate: immediate, width: .dword)
    assembler.j(self.condition(condition), label)
  }

  public mutating func branchTest32(
    _ condition: MacroCondition, _ lhs: MacroAddress, immediate: Int32, _ label: Label
  ) {
    assembler.test(memory(lhs), immediate: immediate, width: .dword)
    assembler.j(self.condition(condition), label)
  }

  public mutating func branchAdd32(
    _ condition: MacroCondition, _ dst: MacroRegister, _ src: MacroRegister, _ label: Label
  ) {
    assembler.add(r(dst), r(src), width: .dword)
    assembler.j(self.condition(condition), label)
  }

  public mutating func branchAdd32(
    _ condition: MacroCondition, _ dst: MacroRegister, immediate: Int32, _ label: Label
  ) {
    assembler.add(r(dst), immediate: immediate, width: .dword)
    assembler.j(self.condition(condition), label)
  }

  public mutating func branchSub32(
    _ condition: MacroCondition, _ dst: MacroRegister, _ src: MacroRegister, _ label: Label
  ) {
    assembler.sub(r(dst), r(src), width: .dword)
    assembler.j(self.condition(condition), label)
  }

  public mutating func branchSub32(
    _ condition: MacroCondition, _ dst: MacroRegister, immediate: Int32, _ label: Label
  ) {
    assembler.sub(r(dst), immediate: immediate, width: .dword)
    assembler.j(self.condition(condition), label)
  }

  public mutating func remainder32(_ dst: MacroRegister, _ lhs: MacroRegister, _ rhs: MacroRegister) {
    // idiv divides edx:eax: park rax and rdx on the stack around it (the divisor in the scratch).
    assembler.mov(Self.scratch, r(rhs), width: .dword)
    assembler.push(.rax)
    assembler.push(.rdx)
    assembler.mov(.rax, r(lhs), width: .dword)
    assembler.xor(.rdx, .rdx, width: .dword)  // lhs >= 0: the high half of the dividend is 0
    assembler.idiv(Self.scratch, width: .dword)
    assembler.mov(Self.scratch, .rdx, width: .dword)
    assembler.pop(.rdx)
    assembler.pop(.rax)
    assembler.mov(r(dst), Self.scratch, width: .dword)
  }

  public mutating func branchMul32(
    _ condition: MacroCondition, _ dst: MacroRegister, _ src: MacroRegister, _ label: Label
  ) {
    assembler.imul(r(dst), r(src), width: .dword)
    assembler.j(self.condition(condition), label)
  }

  public mutating func compare64(
    _ condition: MacroCondition, _ lhs: MacroRegister, _ rhs: MacroRegister, _ dst: MacroRegister
  ) {
    assembler.cmp(r(lhs), r(rhs))
    assembler.set(self.condition(condition), r(dst))
    assembler.movzxByte(r(dst), r(dst))
  }

  public mutating func compare32(
    _ condition: MacroCondition, _ lhs: MacroRegister, _ rhs: MacroRegister, _ dst: MacroRegister
  ) {
    assembler.cmp(r(lhs), r(rhs), width: .dword)
    assembler.set(self.condition(condition), r(dst))
    assembler.movzxByte(r(dst), r(dst))
  }

  // MARK: Doubles

  public mutating func moveToDouble(_ dst: MacroFPRegister, _ src: MacroRegister) { assembler.movq(x(dst), r(src)) }
  public mutating func moveFromDouble(_ dst: MacroRegister, _ src: MacroFPRegister) {
    assembler.movq(r(dst), x(src))
  }
  public mutating func addDouble(_ dst: MacroFPRegister, _ src: MacroFPRegister) { assembler.addsd(x(dst), x(src)) }
  public mutating func subDouble(_ dst: MacroFPRegister, _ src: MacroFPRegister) { assembler.subsd(x(dst), x(src)) }
  public mutating func mulDouble(_ dst: MacroFPRegister, _ src: MacroFPRegister) { assembler.mulsd(x(dst), x(src)) }
  public mutating func divDouble(_ dst: MacroFPRegister, _ src: MacroFPRegister) { assembler.divsd(x(dst), x(src)) }

  public mutating func convertInt32ToDouble(_ dst: MacroFPRegister, _ src: MacroRegister) {
    // Clearing the destination first breaks cvtsi2sd's dependency on its old value.
    assembler.xorpd(x(dst), x(dst))
    assembler.cvtsi2sd(x(dst), r(src), width: .dword)
  }

  public mutating func branchConvertDoubleToInt32(_ dst: MacroRegister, _ src: MacroFPRegister, failure: Label) {
    let done = makeLabel()
    assembler.cvttsd2si(r(dst), x(src), width: .dword)
    assembler.xorpd(Self.fpScratch, Self.fpScratch)
    assembler.cvtsi2sd(Self.fpScratch, r(dst), width: .dword)
    assembler.ucomisd(x(src), Self.fpScratch)
    assembler.j(.notEqual, failure)
    assembler.j(.parity, failure)
    // 0 may have come from -0, which is no int32.
    assembler.test(r(dst), r(dst), width: .dword)
    assembler.j(.notEqual, done)
    assembler.movq(Self.scratch, x(src))
    assembler.test(Self.scratch, Self.scratch)
    assembler.j(.sign, failure)
    bind(done)
  }

  public mutating func branchTruncateDoubleToInt32Bits(
    _ dst: MacroRegister, _ src: MacroFPRegister, failure: Label
  ) {
    // cvttsd2si gives the "integer indefinite" 0x8000_0000_0000_0000 for NaN and out-of-range
    // values (and for -2^63 itself, which then takes the slow way too).
    assembler.cvttsd2si(r(dst), x(src))
    assembler.mov(Self.scratch, immediate: Int64.min)
    assembler.cmp(r(dst), Self.scratch)
    assembler.j(.equal, failure)
    assembler.mov(r(dst), r(dst), width: .dword)
  }

  public mutating func branchDouble(
    _ condition: MacroDoubleCondition, _ lhs: MacroFPRegister, _ rhs: MacroFPRegister, _ label: Label
  ) {
    // ucomisd a, b: CF = a < b or unordered, ZF = a == b or unordered, PF = unordered.
    let (a, b) = (x(lhs), x(rhs))
    switch condition {
    case .equal:
      let skip = makeLabel()
      assembler.ucomisd(a, b)
      assembler.j(.parity, skip)
      assembler.j(.equal, label)
      bind(skip)
    case .notEqualOrUnordered:
      assembler.ucomisd(a, b)
      assembler.j(.parity, label)
      assembler.j(.notEqual, label)
    case .greaterThan:
      assembler.ucomisd(a, b)
      assembler.j(.above, label)
    case .greaterThanOrEqual:
      assembler.ucomisd(a, b)
      assembler.j(.aboveOrEqual, label)
    case .lessThan:
      assembler.ucomisd(b, a)
      assembler.j(.above, label)
    case .lessThanOrEqual:
      assembler.ucomisd(b, a)
      assembler.j(.aboveOrEqual, label)
    case .lessThanOrEqualOrUnordered:
      assembler.ucomisd(a, b)
      assembler.j(.belowOrEqual, label)
    case .lessThanOrUnordered:
      assembler.ucomisd(a, b)
      assembler.j(.below, label)
    case .greaterThanOrEqualOrUnordered:
      assembler.ucomisd(b, a)
      assembler.j(.belowOrEqual, label)
    case .greaterThanOrUnordered:
      assembler.ucomisd(b, a)
      assembler.j(.below, label)
    case .unordered:
      assembler.ucomisd(a, b)
      assembler.j(.parity, label)
    case .ordered:
      assembler.ucomisd(a, b)
      assembler.j(.noParity, label)
    }
  }

  // MARK: Calls and native frames

  public mutating func setUpArguments(_ arguments: [MacroArgument]) {
    precondition(arguments.count <= Self.argumentRegisters.count, "too many arguments")
    var moves = ParallelMove()
    for (index, argument) in arguments.enumerated() {
      let target = r(Self.argumentRegisters[index])
      switch argument {
      case .register(let source): moves.add(target, reads: [r(source)], .register(r(source)))
      case .immediate(let value): moves.add(target, reads: [], .immediate(value))
      case .address(let address):
        var reads = [r(address.base)]
        if let index = address.index { reads.append(r(index)) }
        moves.add(target, reads: reads, .address(memory(address)))
      }
    }
    moves.emit(into: &assembler, scratch: Self.scratch)
  }

  public mutating func call(_ address: MacroAddress) { assembler.call(memory(address)) }
  public mutating func call(_ target: MacroRegister) { assembler.call(r(target)) }

  public mutating func enterNativeFrame() {
    // On entry rsp ≡ 8 (mod 16); rbp and five registers make it 0, one more slot keeps calls
    // made from the frame 16-byte aligned.
    assembler.push(.rbp)
    assembler.mov(.rbp, .rsp)
    for register in Self.savedRegisters { assembler.push(register) }
    assembler.sub(.rsp, immediate: 8)
  }

  public mutating func leaveNativeFrameAndReturn() {
    assembler.add(.rsp, immediate: 8)
    for register in Self.savedRegisters.reversed() { assembler.pop(register) }
    assembler.pop(.rbp)
    assembler.ret()
  }

  private static let savedRegisters: [X86Register] = [.rbx, .r12, .r13, .r14, .r15]

  public mutating func breakpoint() { assembler.int3() }
}

/// Moves into several registers at once, each source read before any move overwrites it.
struct ParallelMove {
  enum Source {
    case register(X86Register)
    case immediate(Int64)
    case address(X86Memory)
  }

  struct Move {
    let target: X86Register
    let reads: [X86Register]
    let source: Source
  }

  private var pending: [Move] = []

  mutating func add(_ target: X86Register, reads: [X86Register], _ source: Source) {
    if case .register(let register) = source, register == target { return }
    pending.append(Move(target: target, reads: reads, source: source))
  }

  /// Emits the moves: first, again and again, any whose target no other pending move reads.
  /// What is left then is cycles, whose sources are all still intact: every value is pushed on
  /// the native stack (an address computed through `scratch` first) and popped into its target.
  mutating func emit(into assembler: inout X86_64Assembler, scratch: X86Register) {
    while let ready = pending.indices.first(where: { index in
      !pending.indices.contains { other in other != index && pending[other].reads.contains(pending[index].target) }
    }) {
      let move = pending.remove(at: ready)
      switch move.source {
      case .register(let register): assembler.mov(move.target, register)
      case .immediate(let value): assembler.mov(move.target, immediate: value)
      case .address(let memory): assembler.lea(move.target, memory)
      }
    }
    for move in pending {
      switch move.source {
      case .register(let register): assembler.push(register)
      case .immediate(let value):
        assembler.mov(scratch, immediate: value)
        assembler.push(scratch)
      case .address(let memory):
        assembler.lea(scratch, memory)
        assembler.push(scratch)
      }
    }
    for move in pending.reversed() { assembler.pop(move.target) }
    pending.removeAll()
  }
}
