import XJSAssembler

// Property, element, global and environment templates. The inline caches are the interpreter's
// own records (CodeBlock.swift: PropertyCacheEntry): machine code reads them at run time, so a
// site the interpreter warmed is fast in machine code at once, and the code is never patched.
// The fast paths handle own and prototype data properties in the first ways of a site; the slow
// path handles the rest and fills the caches.

/// How many of a site's ways machine code probes out of line (all of them; the slow path fills them).
private let inlineCacheWays = propertyCacheWays

extension BaselineCompiler {
  /// t2 = the first entry of inline-cache site `site`.
  mutating func loadCacheSite(_ site: Int, into register: MacroRegister) {
    masm.load64(register, MacroAddress(JITRegister.codeData, JITLayout.cachesInData))
    masm.add64(register, immediate: Int32(site * propertyCacheWays) * JITLayout.cacheEntryStride)
  }

  func cacheField(_ entry: MacroRegister, way: Int, _ field: Int32) -> MacroAddress {
    MacroAddress(entry, Int32(way) * JITLayout.cacheEntryStride + field)
  }

  /// `value = object`'s slot at the cache entry's offset (≥ 0: a byte offset into the cell, < 0:
  /// out-of-line slot -(offset + 1)). Clobbers `offset`.
  mutating func loadCachedSlot(
    _ value: MacroRegister, object: MacroRegister, entry: MacroRegister, way: Int, offset: MacroRegister
  ) {
    let outOfLine = masm.makeLabel()
    let done = masm.makeLabel()
    masm.load32(offset, cacheField(entry, way: way, JITLayout.offsetInCacheEntry))
    masm.signExtend32To64(offset, offset)
    masm.branch64(.less, offset, immediate: 0, outOfLine)
    masm.load64(value, MacroAddress(object, index: offset, scale: 1))
    masm.jump(done)
    masm.bind(outOfLine)
    masm.not64(offset)
    masm.load64(value, MacroAddress(object, JITLayout.slotsInObject))
    masm.load64(value, MacroAddress(value, index: offset, scale: 8))
    masm.bind(done)
  }

  /// Stores `value` into `object`'s slot at the cache entry's offset. Clobbers `offset`, `scratch`.
  mutating func storeCachedSlot(
    _ value: MacroRegister, object: MacroRegister, entry: MacroRegister, way: Int, offset: MacroRegister,
    scratch: MacroRegister
  ) {
    let outOfLine = masm.makeLabel()
    let done = masm.makeLabel()
    masm.load32(offset, cacheField(entry, way: way, JITLayout.offsetInCacheEntry))
    masm.signExtend32To64(offset, offset)
    masm.branch64(.less, offset, immediate: 0, outOfLine)
    masm.store64(value, MacroAddress(object, index: offset, scale: 1))
    masm.jump(done)
    masm.bind(outOfLine)
    masm.not64(offset)
    masm.load64(scratch, MacroAddress(object, JITLayout.slotsInObject))
    masm.store64(value, MacroAddress(scratch, index: offset, scale: 8))
    masm.bind(done)
  }

  // MARK: Named properties

  /// `dst = object.name`. Inline: an own data property in the object's cell found by the site's
  /// first way. Out of line: the first ways with every kind machine code handles (own data in or
  /// out of the cell, prototype data, array length), then the slow path.
  mutating func visitGetProperty(_ instruction: Instruction.GetProperty) {
    let slow = slowCase()
    let next = nextInstruction
    let dst = instruction.dst
    let probe = outOfLine { compiler in
      compiler.emitLoadProbe(dst: dst, slow: slow)
      compiler.masm.jump(next)
    }
    var notObject = slow
    if isLengthAtom(codeBlock.constants[instruction.name]) {
      // `string.length`: a primitive string's length is in its cell header.
      notObject = outOfLine { compiler in
        compiler.branchIfNotCell(.t0, slow)
        compiler.masm.branch8(.notEqual, MacroAddress(.t0, 0), immediate: CellKind.string.rawValue, slow)
        compiler.masm.load32(.t3, MacroAddress(.t0, JITLayout.stringLengthInCell))
        compiler.boxInt32(.t3)
        compiler.masm.store64(.t3, compiler.slot(dst))
        compiler.masm.jump(next)
      }
    }
    masm.load64(.t0, slot(instruction.object))
    branchIfNotObject(.t0, notObject)
    masm.load64(.t1, MacroAddress(.t0, JITLayout.shapeInObject))
    loadCacheSite(instruction.cache, into: .t2)
    masm.branch64(.notEqual, cacheField(.t2, way: 0, JITLayout.shapeInCacheEntry), .t1, probe)
    masm.branch8(
      .notEqual, cacheField(.t2, way: 0, JITLayout.kindInCacheEntry), immediate: PropertyCacheKind.ownData.rawValue,
      probe)
    masm.load32(.t4, cacheField(.t2, way: 0, JITLayout.offsetInCacheEntry))
    masm.branchTest32(.signed, .t4, immediate: -1, probe)
    masm.load64(.t3, MacroAddress(.t0, index: .t4, scale: 1))
    masm.store64(.t3, slot(dst))
  }

  /// Whether a property name constant is the atom "length" (compared by contents: the compiler
  /// interns names, but this needs no runtime at hand).
  func isLengthAtom(_ name: Value) -> Bool {
    guard name.isString else { return false }
    let string = name.asString
    guard string.length == 6, string.isLatin1, !string.isRope else { return false }
    return Array(UnsafeBufferPointer(start: string.latin1Characters, count: 6)) == Array("length".utf8)
  }

  /// The first cache ways for t0 = the object, t1 = its shape, t2 = the site; the value to `dst`,
  /// or to `slow`.
  mutating func emitLoadProbe(dst: Int, slow: CodeLabel) {
    let done = masm.makeLabel()
    for way in 0..<inlineCacheWays {
      let nextWay = way + 1 < inlineCacheWays ? masm.makeLabel() : slow
      let own = masm.makeLabel()
      let load = masm.makeLabel()
      masm.branch64(.notEqual, cacheField(.t2, way: way, JITLayout.shapeInCacheEntry), .t1, nextWay)
      masm.load8(.t3, cacheField(.t2, way: way, JITLayout.kindInCacheEntry))
      masm.branch32(.equal, .t3, immediate: Int32(PropertyCacheKind.ownData.rawValue), own)
      let notLength = masm.makeLabel()
      masm.branch32(.notEqual, .t3, immediate: Int32(PropertyCacheKind.arrayLength.rawValue), notLength)
      // An array's length is its first internal slot.
      masm.load64(.t3, MacroAddress(.t0, JITLayout.internalSlotsInObject))
      masm.store64(.t3, slot(dst))
      masm.jump(done)
      masm.bind(notLength)
      masm.branch32(.notEqual, .t3, immediate: Int32(PropertyCacheKind.prototypeData.rawValue), slow)
      // A prototype's property: valid while no prototype changed shape since the cache was filled.
      masm.load32(.t3, cacheField(.t2, way: way, JITLayout.epochInCacheEntry))
      masm.load32(.t4, MacroAddress(JITRegister.context, JITLayout.prototypeEpoch))
      masm.branch32(.notEqual, .t3, .t4, slow)
      masm.load64(.t0, cacheField(.t2, way: way, JITLayout.holderInCacheEntry))
      masm.jump(load)
      masm.bind(own)
      masm.bind(load)
      loadCachedSlot(.t3, object: .t0, entry: .t2, way: way, offset: .t4)
      masm.store64(.t3, slot(dst))
      masm.jump(done)
      if way + 1 < inlineCacheWays { masm.bind(nextWay) }
    }
    masm.bind(done)
  }

  /// `object.name = src`. Inline: an existing own data property in the object's cell found by
  /// the site's first way. Out of line: the first ways with stores to own data in or out of the
  /// cell and additions of a property into the cell (a cached shape transition).
  mutating func visitSetProperty(_ instruction: Instruction.SetProperty) {
    let slow = slowCase()
    let next = nextInstruction
    let probe = outOfLine { compiler in
      compiler.emitStoreProbe(slow: slow)
      compiler.masm.jump(next)
    }
    masm.load64(.t0, slot(instruction.object))
    branchIfNotObject(.t0, slow)
    masm.load64(.t1, MacroAddress(.t0, JITLayout.shapeInObject))
    loadCacheSite(instruction.cache, into: .t2)
    masm.load64(.t5, slot(instruction.src))
    masm.branch64(.notEqual, cacheField(.t2, way: 0, JITLayout.shapeInCacheEntry), .t1, probe)
    masm.branch8(
      .notEqual, cacheField(.t2, way: 0, JITLayout.kindInCacheEntry), immediate: PropertyCacheKind.ownData.rawValue,
      probe)
    masm.load32(.t4, cacheField(.t2, way: 0, JITLayout.offsetInCacheEntry))
    masm.branchTest32(.signed, .t4, immediate: -1, probe)
    masm.store64(.t5, MacroAddress(.t0, index: .t4, scale: 1))
  }

  /// The first cache ways for t0 = the object, t1 = its shape, t2 = the site, t5 = the value.
  mutating func emitStoreProbe(slow: CodeLabel) {
    let done = masm.makeLabel()
    for way in 0..<inlineCacheWays {
      let nextWay = way + 1 < inlineCacheWays ? masm.makeLabel() : slow
      let transition = masm.makeLabel()
      masm.branch64(.notEqual, cacheField(.t2, way: way, JITLayout.shapeInCacheEntry), .t1, nextWay)
      masm.branch8(
        .notEqual, cacheField(.t2, way: way, JITLayout.kindInCacheEntry),
        immediate: PropertyCacheKind.ownData.rawValue, transition)
      storeCachedSlot(.t5, object: .t0, entry: .t2, way: way, offset: .t3, scratch: .t4)
      masm.jump(done)
      // Adding the property: valid while no prototype changed since the cache was filled, for an
      // extensible object no shape uses as a prototype, when the new slot needs no allocation.
      masm.bind(transition)
      masm.branch8(
        .notEqual, cacheField(.t2, way: way, JITLayout.kindInCacheEntry),
        immediate: PropertyCacheKind.addTransition.rawValue, slow)
      masm.load32(.t3, cacheField(.t2, way: way, JITLayout.epochInCacheEntry))
      masm.load32(.t4, MacroAddress(JITRegister.context, JITLayout.prototypeEpoch))
      masm.branch32(.notEqual, .t3, .t4, slow)
      masm.load16(.t3, MacroAddress(.t0, JITLayout.flagsInCell))
      masm.branchTest32(.zero, .t3, immediate: Int32(ObjectFlags.extensible), slow)
      masm.branchTest32(.nonZero, .t3, immediate: Int32(ObjectFlags.isPrototype), slow)
      masm.load32(.t3, cacheField(.t2, way: way, JITLayout.offsetInCacheEntry))
      masm.branchTest32(.signed, .t3, immediate: -1, slow)
      masm.load64(.t4, cacheField(.t2, way: way, JITLayout.holderInCacheEntry))
      masm.store64(.t4, MacroAddress(.t0, JITLayout.shapeInObject))
      masm.store64(.t5, MacroAddress(.t0, index: .t3, scale: 1))
      masm.jump(done)
      if way + 1 < inlineCacheWays { masm.bind(nextWay) }
    }
    masm.bind(done)
  }

  // MARK: Globals

  /// `dst = global`: the global cache (a global lexical binding, or a slot of the global object
  /// while the lexical record's shape holds) inline.
  mutating func visitGetGlobal(_ instruction: Instruction.GetGlobal) {
    let slow = slowCase()
    let notLexical = masm.makeLabel()
    let done = masm.makeLabel()
    loadCacheSite(instruction.cache, into: .t2)
    masm.load64(.t0, MacroAddress(JITRegister.context, JITLayout.globalLexicals))
    masm.load64(.t1, MacroAddress(.t0, JITLayout.shapeInObject))
    masm.branch8(
      .notEqual, cacheField(.t2, way: 0, JITLayout.kindInCacheEntry),
      immediate: PropertyCacheKind.globalLexical.rawValue, notLexical)
    masm.branch64(.notEqual, cacheField(.t2, way: 0, JITLayout.shapeInCacheEntry), .t1, slow)
    loadCachedSlot(.t3, object: .t0, entry: .t2, way: 0, offset: .t4)
    // Still in its TDZ: the slow path throws.
    masm.branchTest64(.zero, .t3, .t3, slow)
    masm.store64(.t3, slot(instruction.dst))
    masm.jump(done)
    masm.bind(notLexical)
    masm.branch8(
      .notEqual, cacheField(.t2, way: 0, JITLayout.kindInCacheEntry),
      immediate: PropertyCacheKind.ownData.rawValue, slow)
    masm.branch64(.notEqual, cacheField(.t2, way: 0, JITLayout.holderInCacheEntry), .t1, slow)
    masm.load64(.t0, MacroAddress(JITRegister.context, JITLayout.globalObject))
    masm.load64(.t1, MacroAddress(.t0, JITLayout.shapeInObject))
    masm.branch64(.notEqual, cacheField(.t2, way: 0, JITLayout.shapeInCacheEntry), .t1, slow)
    loadCachedSlot(.t3, object: .t0, entry: .t2, way: 0, offset: .t4)
    masm.store64(.t3, slot(instruction.dst))
    masm.bind(done)
  }

  // MARK: Environments

  /// t0 = the environment `hops` parents up.
  mutating func loadEnvironment(hops: Int) {
    masm.load64(.t0, frameHeader(Frame.environmentOffset))
    for _ in 0..<hops { masm.load64(.t0, MacroAddress(.t0, Int32(EnvironmentRef.parentOffset))) }
  }

  func environmentSlot(_ slot: Int) -> MacroAddress {
    MacroAddress(.t0, JITLayout.slotsInEnvironment + Int32(slot * 8))
  }

  mutating func visitGetEnvironment(_ instruction: Instruction.GetEnvironment) {
    loadEnvironment(hops: instruction.hops)
    masm.load64(.t1, environmentSlot(instruction.slot))
    masm.store64(.t1, slot(instruction.dst))
  }

  mutating func visitSetEnvironment(_ instruction: Instruction.SetEnvironment) {
    loadEnvironment(hops: instruction.hops)
    masm.load64(.t1, slot(instruction.src))
    masm.store64(.t1, environmentSlot(instruction.slot))
  }

  mutating func visitGetEnvironmentChecked(_ instruction: Instruction.GetEnvironmentChecked) {
    let slow = slowCase()
    loadEnvironment(hops: instruction.hops)
    masm.load64(.t1, environmentSlot(instruction.slot))
    masm.branchTest64(.zero, .t1, .t1, slow)
    masm.store64(.t1, slot(instruction.dst))
  }

  mutating func visitSetEnvironmentChecked(_ instruction: Instruction.SetEnvironmentChecked) {
    let slow = slowCase()
    loadEnvironment(hops: instruction.hops)
    masm.load64(.t1, environmentSlot(instruction.slot))
    masm.branchTest64(.zero, .t1, .t1, slow)
    masm.load64(.t1, slot(instruction.src))
    masm.store64(.t1, environmentSlot(instruction.slot))
  }

  mutating func visitCheckInitialized(_ instruction: Instruction.CheckInitialized) {
    let slow = slowCase()
    masm.load64(.t0, slot(instruction.src))
    masm.branchTest64(.zero, .t0, .t0, slow)
  }

  mutating func visitCheckThisInitialized(_ instruction: Instruction.CheckThisInitialized) {
    let slow = slowCase()
    masm.load64(.t0, slot(instruction.this))
    masm.branchTest64(.zero, .t0, .t0, slow)
  }

  // MARK: Elements

  /// t0 = the array, t1 = the index (int32 ≥ 0, zero-extended), t2 = its elements, when
  /// `object[key]` is inside an array's dense elements; a typed array goes to `typed` (with t0 and
  /// t1 loaded) and anything else to `slow`.
  mutating func loadDenseElementAccess(object: Int, key: Int, typed: CodeLabel, slow: CodeLabel) {
    masm.load64(.t0, slot(object))
    masm.load64(.t1, slot(key))
    branchIfNotObject(.t0, slow)
    branchIfNotInt32(.t1, slow)
    masm.zeroExtend32To64(.t1, .t1)
    masm.branch8(
      .equal, MacroAddress(.t0, JITLayout.objectClassInCell), immediate: ObjectClass.typedArray.rawValue, typed)
    branchIfNotObjectClass(.t0, .array, slow)
    masm.load64(.t2, MacroAddress(.t0, JITLayout.elementsInObject))
    masm.branchTest64(.zero, .t2, .t2, slow)
    // Unsigned: a negative index is above every count.
    masm.load32(.t3, MacroAddress(.t2, JITLayout.countInElements))
    masm.branch64(.aboveOrEqual, .t1, .t3, slow)
  }

  func typedArraySlot(_ index: Int) -> MacroAddress {
    MacroAddress(.t0, JITLayout.internalSlotsInObject + Int32(index * 8))
  }

  /// For t0 = a typed array, t1 = an index (int32 ≥ 0): t2 = the address of element 0 and t3 = the
  /// element kind when the view's cached state is current and the index is inside it; otherwise
  /// to `slow` (a detached or resized buffer, out of bounds).
  mutating func loadTypedArrayAccess(slow: CodeLabel) {
    // The cache of the data address and length holds while the buffer epoch has not moved.
    masm.load64(.t2, typedArraySlot(TypedArraySlot.epoch))
    masm.load64(.t3, MacroAddress(JITRegister.context, JITLayout.arrayBufferEpoch))
    masm.sub64(.t3, JITRegister.numberTag)
    masm.branch64(.notEqual, .t2, .t3, slow)
    masm.load64(.t2, typedArraySlot(TypedArraySlot.length))
    branchIfNotInt32(.t2, slow)
    masm.branchTest32(.signed, .t2, immediate: -1, slow)
    masm.branch32(.aboveOrEqual, .t1, .t2, slow)
    // The address is stored as a double's bits (so the collector never takes it for a cell).
    masm.load64(.t2, typedArraySlot(TypedArraySlot.data))
    masm.add64(.t2, JITRegister.numberTag)
    masm.load32(.t3, typedArraySlot(TypedArraySlot.kind))
  }

  /// An int32 index is its own property key.
  mutating func visitToPropertyKey(_ instruction: Instruction.ToPropertyKey) {
    let slow = slowCase()
    masm.load64(.t0, slot(instruction.src))
    branchIfNotInt32(.t0, slow)
    masm.branchTest32(.signed, .t0, immediate: -1, slow)
    masm.store64(.t0, slot(instruction.dst))
  }

  /// `dst = object[key]`: a dense array element inline; typed arrays of 8-, 16-, 32-bit unsigned,
  /// int32 and float64 elements out of line.
  mutating func visitGetElement(_ instruction: Instruction.GetElement) {
    let slow = slowCase()
    let next = nextInstruction
    let dst = instruction.dst
    let typed = outOfLine { compiler in
      compiler.emitTypedArrayLoad(dst: dst, slow: slow)
      compiler.masm.jump(next)
    }
    loadDenseElementAccess(object: instruction.object, key: instruction.key, typed: typed, slow: slow)
    masm.load64(.t3, MacroAddress(.t2, index: .t1, scale: 8, offset: JITLayout.valuesInElements))
    // A hole: the prototype chain decides.
    masm.branchTest64(.zero, .t3, .t3, slow)
    masm.store64(.t3, slot(dst))
  }

  mutating func emitTypedArrayLoad(dst: Int, slow: CodeLabel) {
    loadTypedArrayAccess(slow: slow)
    let done = masm.makeLabel()
    func kind(_ kind: TypedArrayKind, _ load: (inout BaselineCompiler) -> Void) {
      let other = masm.makeLabel()
      masm.branch32(.notEqual, .t3, immediate: kind.rawValue, other)
      load(&self)
      masm.jump(done)
      masm.bind(other)
    }
    kind(.int32) { compiler in
      compiler.masm.load32(.t4, MacroAddress(.t2, index: .t1, scale: 4))
      compiler.boxInt32(.t4)
      compiler.masm.store64(.t4, compiler.slot(dst))
    }
    kind(.uint32) { compiler in
      compiler.masm.load32(.t4, MacroAddress(.t2, index: .t1, scale: 4))
      // Above int32's range the element is a double.
      compiler.masm.branchTest32(.signed, .t4, immediate: -1, slow)
      compiler.boxInt32(.t4)
      compiler.masm.store64(.t4, compiler.slot(dst))
    }
    kind(.float64) { compiler in
      compiler.masm.load64(.t4, MacroAddress(.t2, index: .t1, scale: 8))
      compiler.masm.moveToDouble(.fp0, .t4)
      compiler.storeNumber(.fp0, to: dst, scratch: .t4)
    }
    kind(.uint8) { compiler in compiler.emitByteLoad(dst) }
    kind(.uint8Clamped) { compiler in compiler.emitByteLoad(dst) }
    kind(.uint16) { compiler in
      compiler.masm.load16(.t4, MacroAddress(.t2, index: .t1, scale: 2))
      compiler.boxInt32(.t4)
      compiler.masm.store64(.t4, compiler.slot(dst))
    }
    masm.jump(slow)
    masm.bind(done)
  }

  private mutating func emitByteLoad(_ dst: Int) {
    masm.load8(.t4, MacroAddress(.t2, index: .t1, scale: 1))
    boxInt32(.t4)
    masm.store64(.t4, slot(dst))
  }

  /// `object[key] = src`: an existing dense array element inline; int32 values into typed arrays
  /// of 32- and 8-bit elements and numbers into float64 ones out of line.
  mutating func visitSetElement(_ instruction: Instruction.SetElement) {
    let slow = slowCase()
    let next = nextInstruction
    let src = instruction.src
    let typed = outOfLine { compiler in
      compiler.emitTypedArrayStore(src: src, slow: slow)
      compiler.masm.jump(next)
    }
    loadDenseElementAccess(object: instruction.object, key: instruction.key, typed: typed, slow: slow)
    // Sealed or frozen elements go through the slow path.
    masm.load16(.t3, MacroAddress(.t0, JITLayout.flagsInCell))
    masm.branchTest32(
      .nonZero, .t3, immediate: Int32(ObjectFlags.elementsFrozen | ObjectFlags.elementsSealed), slow)
    masm.load64(.t3, MacroAddress(.t2, index: .t1, scale: 8, offset: JITLayout.valuesInElements))
    masm.branchTest64(.zero, .t3, .t3, slow)
    masm.load64(.t3, slot(src))
    masm.store64(.t3, MacroAddress(.t2, index: .t1, scale: 8, offset: JITLayout.valuesInElements))
  }

  mutating func emitTypedArrayStore(src: Int, slow: CodeLabel) {
    loadTypedArrayAccess(slow: slow)
    masm.load64(.t4, slot(src))
    let done = masm.makeLabel()
    let notFloat = masm.makeLabel()
    // Float64: any number, stored as its double.
    masm.branch32(.notEqual, .t3, immediate: TypedArrayKind.float64.rawValue, notFloat)
    let isInt = masm.makeLabel()
    let stored = masm.makeLabel()
    branchIfInt32(.t4, isInt)
    branchIfNotNumber(.t4, slow)
    masm.add64(.t4, JITRegister.numberTag)
    masm.store64(.t4, MacroAddress(.t2, index: .t1, scale: 8))
    masm.jump(stored)
    masm.bind(isInt)
    masm.convertInt32ToDouble(.fp0, .t4)
    masm.moveFromDouble(.t4, .fp0)
    masm.store64(.t4, MacroAddress(.t2, index: .t1, scale: 8))
    masm.bind(stored)
    masm.jump(done)
    // Integer elements: int32 values (ToInt32 and ToUint8 keep their low bits).
    masm.bind(notFloat)
    branchIfNotInt32(.t4, slow)
    let word = masm.makeLabel()
    let byte = masm.makeLabel()
    let clamped = masm.makeLabel()
    masm.branch32(.equal, .t3, immediate: TypedArrayKind.int32.rawValue, word)
    masm.branch32(.equal, .t3, immediate: TypedArrayKind.uint32.rawValue, word)
    masm.branch32(.equal, .t3, immediate: TypedArrayKind.uint8.rawValue, byte)
    masm.branch32(.equal, .t3, immediate: TypedArrayKind.uint8Clamped.rawValue, clamped)
    masm.jump(slow)
    masm.bind(word)
    masm.store32(.t4, MacroAddress(.t2, index: .t1, scale: 4))
    masm.jump(done)
    // ToUint8Clamp changes only values outside 0...255 (unsigned: negatives are above).
    masm.bind(clamped)
    masm.branch32(.above, .t4, immediate: 255, slow)
    masm.bind(byte)
    masm.store8(.t4, MacroAddress(.t2, index: .t1, scale: 1))
    masm.bind(done)
  }
  // MARK: Iteration

  /// for-of over an array nobody can observe iterating (the pair is the array and an int32
  /// index, IterationSlowPaths.swift): the next dense element inline; the end, holes and any
  /// other iterator through the slow path.
  mutating func visitIteratorNext(_ instruction: Instruction.IteratorNext) {
    let slow = slowCase()
    let iterator = instruction.iterator
    masm.load64(.t0, slot(iterator + 1))
    branchIfNotInt32(.t0, slow)
    masm.zeroExtend32To64(.t0, .t0)
    masm.load64(.t1, slot(iterator))
    // Inside the length (an int32 below 2^31) and the dense elements.
    masm.load64(.t2, MacroAddress(.t1, JITLayout.internalSlotsInObject))
    branchIfNotInt32(.t2, slow)
    masm.branch32(.aboveOrEqual, .t0, .t2, slow)
    masm.load64(.t2, MacroAddress(.t1, JITLayout.elementsInObject))
    masm.branchTest64(.zero, .t2, .t2, slow)
    masm.load32(.t3, MacroAddress(.t2, JITLayout.countInElements))
    masm.branch64(.aboveOrEqual, .t0, .t3, slow)
    masm.load64(.t3, MacroAddress(.t2, index: .t0, scale: 8, offset: JITLayout.valuesInElements))
    masm.branchTest64(.zero, .t3, .t3, slow)
    masm.store64(.t3, slot(instruction.dst))
    masm.add32(.t0, immediate: 1)
    boxInt32(.t0)
    masm.store64(.t0, slot(iterator + 1))
  }
}
