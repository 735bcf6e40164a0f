// Loads and stores (C4.1.3 "Loads and Stores"): single registers of 8, 16, 32
// and 64 bits and d registers, and pairs.

extension ARM64Assembler {
  /// One load/store flavour: the `size`, `V` and `opc` fields of the encoding.
  struct LoadStoreKind {
    let size: UInt32  // log2 of the access size in bytes
    let vector: Bool
    let opc: UInt32

    static let strb = LoadStoreKind(size: 0, vector: false, opc: 0)
    static let ldrb = LoadStoreKind(size: 0, vector: false, opc: 1)
    static let ldrsbX = LoadStoreKind(size: 0, vector: false, opc: 2)
    static let ldrsbW = LoadStoreKind(size: 0, vector: false, opc: 3)
    static let strh = LoadStoreKind(size: 1, vector: false, opc: 0)
    static let ldrh = LoadStoreKind(size: 1, vector: false, opc: 1)
    static let ldrshX = LoadStoreKind(size: 1, vector: false, opc: 2)
    static let ldrshW = LoadStoreKind(size: 1, vector: false, opc: 3)
    static let strW = LoadStoreKind(size: 2, vector: false, opc: 0)
    static let ldrW = LoadStoreKind(size: 2, vector: false, opc: 1)
    static let ldrsw = LoadStoreKind(size: 2, vector: false, opc: 2)
    static let strX = LoadStoreKind(size: 3, vector: false, opc: 0)
    static let ldrX = LoadStoreKind(size: 3, vector: false, opc: 1)
    static let strD = LoadStoreKind(size: 3, vector: true, opc: 0)
    static let ldrD = LoadStoreKind(size: 3, vector: true, opc: 1)

    var fields: UInt32 { size << 30 | (vector ? 1 << 26 : 0) | opc << 22 }
  }

  /// `ldr rt, address`: loads 64 bits into an x register or 32 into a w register.
  public mutating func ldr(_ rt: ARM64Register, _ address: ARM64Address) {
    loadStore(rt.is64Bit ? .ldrX : .ldrW, rt.encoded(as: .zeroRegister), address)
  }
  /// `str rt, address`.
  public mutating func str(_ rt: ARM64Register, _ address: ARM64Address) {
    loadStore(rt.is64Bit ? .strX : .strW, rt.encoded(as: .zeroRegister), address)
  }
  /// `ldrb wt, address`: zero-extends a byte.
  public mutating func ldrb(_ rt: ARM64Register, _ address: ARM64Address) {
    loadStore(.ldrb, rt.w.encoded(as: .zeroRegister), address)
  }
  /// `strb wt, address`.
  public mutating func strb(_ rt: ARM64Register, _ address: ARM64Address) {
    loadStore(.strb, rt.w.encoded(as: .zeroRegister), address)
  }
  /// `ldrh wt, address`: zero-extends a halfword.
  public mutating func ldrh(_ rt: ARM64Register, _ address: ARM64Address) {
    loadStore(.ldrh, rt.w.encoded(as: .zeroRegister), address)
  }
  /// `strh wt, address`.
  public mutating func strh(_ rt: ARM64Register, _ address: ARM64Address) {
    loadStore(.strh, rt.w.encoded(as: .zeroRegister), address)
  }
  /// `ldrsb rt, address`: sign-extends a byte to 32 or 64 bits.
  public mutating func ldrsb(_ rt: ARM64Register, _ address: ARM64Address) {
    loadStore(rt.is64Bit ? .ldrsbX : .ldrsbW, rt.encoded(as: .zeroRegister), address)
  }
  /// `ldrsh rt, address`: sign-extends a halfword to 32 or 64 bits.
  public mutating func ldrsh(_ rt: ARM64Register, _ address: ARM64Address) {
    loadStore(rt.is64Bit ? .ldrshX : .ldrshW, rt.encoded(as: .zeroRegister), address)
  }
  /// `ldrsw xt, address`: sign-extends a word.
  public mutating func ldrsw(_ rt: ARM64Register, _ address: ARM64Address) {
    precondition(rt.is64Bit, "ldrsw loads into an x register")
    loadStore(.ldrsw, rt.encoded(as: .zeroRegister), address)
  }
  /// `ldr dt, address`.
  public mutating func ldr(_ dt: ARM64FPRegister, _ address: ARM64Address) {
    loadStore(.ldrD, UInt32(dt.number), address)
  }
  /// `str dt, address`.
  public mutating func str(_ dt: ARM64FPRegister, _ address: ARM64Address) {
    loadStore(.strD, UInt32(dt.number), address)
  }

  /// Whether `[base, #offset]` can be encoded for an access of `size` bytes
  /// (scaled unsigned 12-bit, or unscaled signed 9-bit).
  public static func canEncodeOffset(_ offset: Int, accessSize size: Int) -> Bool {
    (offset % size == 0 && (offset / size).fitsUnsigned(bits: 12)) || offset.fitsSigned(bits: 9)
  }

  private mutating func loadStore(_ kind: LoadStoreKind, _ rt: UInt32, _ address: ARM64Address) {
    let accessSize = 1 << Int(kind.size)
    switch address {
    case .offset(let base, let offset):
      let rn = baseField(base)
      if offset % accessSize == 0 && (offset / accessSize).fitsUnsigned(bits: 12) {
        // Unsigned offset: size 111 V 01 opc imm12 Rn Rt.
        emit(0x3900_0000 | kind.fields | UInt32(offset / accessSize) << 10 | rn << 5 | rt)
      } else {
        precondition(
          offset.fitsSigned(bits: 9),
          "offset \(offset) is not encodable for a \(accessSize)-byte access")
        emit(0x3800_0000 | kind.fields | simm9(offset) << 12 | rn << 5 | rt)  // ldur/stur
      }
    case .postIndex(let base, let offset):
      precondition(
        offset.fitsSigned(bits: 9), "post-index offset \(offset) is not a 9-bit signed value")
      emit(0x3800_0400 | kind.fields | simm9(offset) << 12 | baseField(base) << 5 | rt)
    case .preIndex(let base, let offset):
      precondition(
        offset.fitsSigned(bits: 9), "pre-index offset \(offset) is not a 9-bit signed value")
      emit(0x3800_0C00 | kind.fields | simm9(offset) << 12 | baseField(base) << 5 | rt)
    case .registerOffset(let base, let index, let extend, let shifted):
      precondition(
        index.is64Bit == extend.takes64BitRegister,
        "\(extend) takes a \(extend.takes64BitRegister ? "x" : "w") index, not \(index)")
      emit(
        0x3820_0800 | kind.fields | index.encoded(as: .zeroRegister) << 16 | UInt32(extend.rawValue)
          << 13
          | (shifted ? 1 << 12 : 0) | baseField(base) << 5 | rt)
    }
  }

  /// The Rn field of an address: an x register or sp.
  private func baseField(_ base: ARM64Register) -> UInt32 {
    precondition(base.is64Bit, "a base register is an x register or sp, not \(base)")
    return base.encoded(as: .stackPointer)
  }

  private func simm9(_ offset: Int) -> UInt32 { UInt32(truncatingIfNeeded: offset) & 0x1FF }

  // MARK: - Pairs (C4.1.3 "Load/store register pair")

  /// `ldp rt, rt2, address` (offset, pre- or post-index; the offset is a
  /// multiple of the register size in -64…63 registers).
  public mutating func ldp(_ rt: ARM64Register, _ rt2: ARM64Register, _ address: ARM64Address) {
    requireSameWidth(rt, rt2)
    pair(
      rt.is64Bit ? 0b10 : 0b00, vector: false, load: true, rt.encoded(as: .zeroRegister),
      rt2.encoded(as: .zeroRegister), address, scale: rt.is64Bit ? 8 : 4)
  }
  /// `stp rt, rt2, address`.
  public mutating func stp(_ rt: ARM64Register, _ rt2: ARM64Register, _ address: ARM64Address) {
    requireSameWidth(rt, rt2)
    pair(
      rt.is64Bit ? 0b10 : 0b00, vector: false, load: false, rt.encoded(as: .zeroRegister),
      rt2.encoded(as: .zeroRegister), address, scale: rt.is64Bit ? 8 : 4)
  }
  /// `ldp dt, dt2, address`.
  public mutating func ldp(_ dt: ARM64FPRegister, _ dt2: ARM64FPRegister, _ address: ARM64Address) {
    pair(0b01, vector: true, load: true, UInt32(dt.number), UInt32(dt2.number), address, scale: 8)
  }
  /// `stp dt, dt2, address`.
  public mutating func stp(_ dt: ARM64FPRegister, _ dt2: ARM64FPRegister, _ address: ARM64Address) {
    pair(0b01, vector: true, load: false, UInt32(dt.number), UInt32(dt2.number), address, scale: 8)
  }

  /// opc 101 V 0 mode L imm7 Rt2 Rn Rt; mode 001 post-index, 010 offset, 011 pre-index.
  private mutating func pair(
    _ opc: UInt32, vector: Bool, load: Bool, _ rt: UInt32, _ rt2: UInt32, _ address: ARM64Address,
    scale: Int
  ) {
    let (base, offset, mode): (ARM64Register, Int, UInt32)
    switch address {
    case .offset(let register, let value): (base, offset, mode) = (register, value, 0b010)
    case .postIndex(let register, let value): (base, offset, mode) = (register, value, 0b001)
    case .preIndex(let register, let value): (base, offset, mode) = (register, value, 0b011)
    case .registerOffset: preconditionFailure("ldp/stp have no register-offset form")
    }
    precondition(
      offset % scale == 0 && (offset / scale).fitsSigned(bits: 7),
      "pair offset \(offset) is not encodable")
    let imm7 = UInt32(truncatingIfNeeded: offset / scale) & 0x7F
    emit(
      0x2800_0000 | opc << 30 | (vector ? 1 << 26 : 0) | mode << 23 | (load ? 1 << 22 : 0) | imm7
        << 15 | rt2 << 10
        | baseField(base) << 5 | rt)
  }
}
