// Loads and stores (Arm ARM C4.1.88): single registers (unsigned offset, unscaled, pre- and
// post-index, register offset) of 8…64 bits, zero- or sign-extending, and d registers; pairs of
// x, w and d registers; and PC-relative literals.

extension ARM64Simulator {
  /// What one load or store moves, from its size, V and opc fields.
  private enum Transfer {
    case store(size: Int)
    /// Zero-extends.
    case load(size: Int)
    /// Sign-extends to 64 or 32 bits.
    case loadSigned(size: Int, to64Bit: Bool)
    case storeDouble
    case loadDouble

    var size: Int {
      switch self {
      case .store(let size), .load(let size), .loadSigned(let size, _): size
      case .storeDouble, .loadDouble: 8
      }
    }
  }

  func executeLoadOrStore(_ word: UInt32) throws(ARM64SimulatorError) {
    if word & 0x3B00_0000 == 0x3900_0000 {
      try executeSingle(word, addressing: .unsignedOffset)
    } else if word & 0x3B20_0000 == 0x3800_0000 {
      switch field(word, 10, 2) {
      case 0b00: try executeSingle(word, addressing: .unscaled)
      case 0b01: try executeSingle(word, addressing: .postIndex)
      case 0b11: try executeSingle(word, addressing: .preIndex)
      default: throw unimplemented(word, "load/store register, unprivileged")
      }
    } else if word & 0x3B20_0C00 == 0x3820_0800 {
      try executeSingle(word, addressing: .registerOffset)
    } else if word & 0x3A00_0000 == 0x2800_0000 {
      try executePair(word)
    } else if word & 0x3B00_0000 == 0x1800_0000 {
      try executeLiteral(word)
    } else {
      throw unimplemented(word, "loads and stores (exclusive, atomic or vector)")
    }
  }

  private enum Addressing {
    case unsignedOffset, unscaled, preIndex, postIndex, registerOffset
  }

  private func transfer(_ word: UInt32) throws(ARM64SimulatorError) -> Transfer {
    let sizeField = field(word, 30, 2)
    let size = 1 << Int(sizeField)
    let opc = field(word, 22, 2)
    if bit(word, 26) {
      guard sizeField == 0b11, opc < 2 else { throw unimplemented(word, "load/store of a b, h, s or q register") }
      return opc == 0 ? .storeDouble : .loadDouble
    }
    switch opc {
    case 0b00: return .store(size: size)
    case 0b01: return .load(size: size)
    case 0b10 where size < 8: return .loadSigned(size: size, to64Bit: true)
    case 0b11 where size < 4: return .loadSigned(size: size, to64Bit: false)
    default: throw unimplemented(word, "prefetch or unallocated load/store")
    }
  }

  private func executeSingle(_ word: UInt32, addressing: Addressing) throws(ARM64SimulatorError) {
    let transfer = try transfer(word)
    let rn = field(word, 5, 5)
    let base = registerOrSP(rn)
    let nineBitOffset = signExtend(UInt64(field(word, 12, 9)), bits: 9)
    let address: UInt64
    switch addressing {
    case .unsignedOffset: address = base &+ UInt64(field(word, 10, 12)) * UInt64(transfer.size)
    case .unscaled, .preIndex: address = base &+ nineBitOffset
    case .postIndex: address = base
    case .registerOffset:
      let option = field(word, 13, 3)
      guard option & 0b010 != 0 else { throw unimplemented(word, "load/store register offset, unallocated extend") }
      let shift = bit(word, 12) ? UInt64(transfer.size.trailingZeroBitCount) : 0
      address = base &+ extendRegister(register(field(word, 16, 5)), option: option, shift: shift)
    }
    if rn == 31 { try checkStackAccess(address) }
    try perform(transfer, register: field(word, 0, 5), at: address)
    switch addressing {
    case .preIndex: setRegisterOrSP(rn, address)
    case .postIndex: setRegisterOrSP(rn, address &+ nineBitOffset)
    default: break
    }
  }

  private func perform(_ transfer: Transfer, register rt: UInt32, at address: UInt64) throws(ARM64SimulatorError) {
    switch transfer {
    case .store(let size): try store(address, size: size, register(rt))
    case .load(let size): setRegister(rt, try load(address, size: size))
    case .loadSigned(let size, let to64Bit):
      setRegister(rt, signExtend(try load(address, size: size), bits: 8 * size), is64Bit: to64Bit)
    case .storeDouble: try store(address, size: 8, d[Int(rt)])
    case .loadDouble: d[Int(rt)] = try load(address, size: 8)
    }
  }

  /// ldp/stp of x, w or d registers: offset, pre- and post-index (and the no-allocate pairs,
  /// which behave as the offset form).
  private func executePair(_ word: UInt32) throws(ARM64SimulatorError) {
    let opc = field(word, 30, 2)
    let isDouble = bit(word, 26)
    let isLoad = bit(word, 22)
    let size: Int
    switch (isDouble, opc) {
    case (false, 0b00): size = 4
    case (false, 0b10), (true, 0b01): size = 8
    default: throw unimplemented(word, "load/store pair of s or q registers, or ldpsw")
    }
    let rn = field(word, 5, 5)
    let base = registerOrSP(rn)
    let offset = signExtend(UInt64(field(word, 15, 7)), bits: 7) &* UInt64(size)
    let mode = field(word, 23, 2)  // 00 no-allocate, 01 post-index, 10 offset, 11 pre-index
    let address = mode == 0b01 ? base : base &+ offset
    if rn == 31 { try checkStackAccess(address) }
    let transfer: Transfer =
      switch (isDouble, isLoad) {
      case (true, true): .loadDouble
      case (true, false): .storeDouble
      case (false, true): .load(size: size)
      case (false, false): .store(size: size)
      }
    try perform(transfer, register: field(word, 0, 5), at: address)
    try perform(transfer, register: field(word, 10, 5), at: address &+ UInt64(size))
    switch mode {
    case 0b01: setRegisterOrSP(rn, base &+ offset)
    case 0b11: setRegisterOrSP(rn, address)
    default: break
    }
  }

  /// ldr (literal) of a w, x or d register, and ldrsw (literal).
  private func executeLiteral(_ word: UInt32) throws(ARM64SimulatorError) {
    let address = pc &+ (signExtend(UInt64(field(word, 5, 19)), bits: 19) << 2)
    let transfer: Transfer
    switch (bit(word, 26), field(word, 30, 2)) {
    case (false, 0b00): transfer = .load(size: 4)
    case (false, 0b01): transfer = .load(size: 8)
    case (false, 0b10): transfer = .loadSigned(size: 4, to64Bit: true)
    case (true, 0b01): transfer = .loadDouble
    default: throw unimplemented(word, "load literal of an s or q register, or prfm")
    }
    try perform(transfer, register: field(word, 0, 5), at: address)
  }
}
