import XJSAssembler

// Value tests and boxing in machine code, from the NaN-boxing of Value.swift:
//   int32    bits >= numberTag (0xFFFE_…)          box: low 32 bits | numberTag
//   double   bits & numberTag != 0, not int32       unbox: bits + numberTag (= bits - 2^49)
//   cell     not a number and bits > 0xF (the non-cell constants are all below 0x10)
//   boolean  false 0x06, true 0x07                   box: 0 or 1 | 0x06

extension BaselineCompiler {
  mutating func branchIfNotInt32(_ register: MacroRegister, _ label: CodeLabel) {
    masm.branch64(.below, register, JITRegister.numberTag, label)
  }

  mutating func branchIfInt32(_ register: MacroRegister, _ label: CodeLabel) {
    masm.branch64(.aboveOrEqual, register, JITRegister.numberTag, label)
  }

  mutating func branchIfNotNumber(_ register: MacroRegister, _ label: CodeLabel) {
    masm.branchTest64(.zero, register, JITRegister.numberTag, label)
  }

  mutating func branchIfNotCell(_ register: MacroRegister, _ label: CodeLabel) {
    masm.branchTest64(.nonZero, register, JITRegister.numberTag, label)
    masm.branch64(.belowOrEqual, register, immediate: 0xF, label)
  }

  /// Branches unless `register` holds an object (a cell of kind object).
  mutating func branchIfNotObject(_ register: MacroRegister, _ label: CodeLabel) {
    branchIfNotCell(register, label)
    masm.branch8(.notEqual, MacroAddress(register, 0), immediate: CellKind.object.rawValue, label)
  }

  /// Branches unless the object in `register` has class `objectClass` (the header's aux byte).
  mutating func branchIfNotObjectClass(_ register: MacroRegister, _ objectClass: ObjectClass, _ label: CodeLabel) {
    masm.branch8(.notEqual, MacroAddress(register, JITLayout.objectClassInCell), immediate: objectClass.rawValue, label)
  }

  /// `register` (an int32 in its low 32 bits, upper bits clear) becomes a boxed int32.
  mutating func boxInt32(_ register: MacroRegister) {
    masm.or64(register, JITRegister.numberTag)
  }

  /// `register` (0 or 1) becomes false or true.
  mutating func boxBoolean(_ register: MacroRegister) {
    masm.or64(register, immediate: Int32(Value.false.bits))
  }

  /// Loads the number in `register` (int32 or double) into `fpRegister`; branches to
  /// `notNumber` for any other value. Clobbers `register`.
  mutating func unboxNumber(_ register: MacroRegister, into fpRegister: MacroFPRegister, notNumber: CodeLabel) {
    let isInt = masm.makeLabel()
    let done = masm.makeLabel()
    branchIfInt32(register, isInt)
    branchIfNotNumber(register, notNumber)
    masm.add64(register, JITRegister.numberTag)
    masm.moveToDouble(fpRegister, register)
    masm.jump(done)
    masm.bind(isInt)
    masm.convertInt32ToDouble(fpRegister, register)
    masm.bind(done)
  }

  /// Boxes the double in `fpRegister` as `Value(number:)` does (an int32 when exact and not -0,
  /// NaN canonical) into frame register `dst`. Clobbers `scratch`.
  mutating func storeNumber(_ fpRegister: MacroFPRegister, to dst: Int, scratch: MacroRegister) {
    let notInt = masm.makeLabel()
    let done = masm.makeLabel()
    masm.branchConvertDoubleToInt32(scratch, fpRegister, failure: notInt)
    boxInt32(scratch)
    masm.store64(scratch, slot(dst))
    masm.jump(done)
    masm.bind(notInt)
    storeDouble(fpRegister, to: dst, scratch: scratch)
    masm.bind(done)
  }

  /// Boxes the double in `fpRegister` as `Value(_: Double)` does (NaN canonical) into `dst`.
  mutating func storeDouble(_ fpRegister: MacroFPRegister, to dst: Int, scratch: MacroRegister) {
    let isNaN = masm.makeLabel()
    let done = masm.makeLabel()
    masm.branchDouble(.unordered, fpRegister, fpRegister, isNaN)
    masm.moveFromDouble(scratch, fpRegister)
    masm.sub64(scratch, JITRegister.numberTag)
    masm.store64(scratch, slot(dst))
    masm.jump(done)
    masm.bind(isNaN)
    storeConstant(Value(Double.nan), dst)
    masm.bind(done)
  }
}
