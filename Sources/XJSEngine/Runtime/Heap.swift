import CXJSSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// The garbage-collected heap: a non-moving mark-sweep collector over
// size-class blocks (in the style of JavaScriptCore's MarkedBlock).
//
// Rooting rule (see ARCHITECTURE.md):
//   * Values in Swift locals are found by a conservative scan of the native
//     stack (and of spilled callee-saved registers). Interior pointers count.
//   * Values on the VM register stack are found by scanning it the same way.
//   * Values stored anywhere else (Swift arrays, dictionaries, class fields)
//     are invisible, unless that storage is owned by a cell that traces it or
//     is a registered root (`RootedValues`, realm intrinsics, runtime tables).
//
// Every cell starts with a `CellHeader`. Memory handed out by `allocateCell` is
// zeroed, so a cell that is only partly initialized when a collection happens
// traces as empty.

enum CellKind: UInt8 {
  case free = 0
  case string
  case symbol
  case shape
  case object
  case environment
  case codeBlock
  case accessorPair
  case bigInt
}

struct CellHeader {
  var kind: CellKind
  /// Marked when equal to the heap's current mark epoch.
  var mark: UInt8
  /// Kind-specific flags.
  var flags: UInt16
  /// Kind-specific data (string length, object class, slot counts).
  var aux: UInt32
}

/// A pointer to any cell. Typed views (`StringRef`, `ObjectRef`, …) wrap it.
typealias CellPointer = UnsafeMutableRawPointer

extension UnsafeMutableRawPointer {
  @inline(__always) var cellHeader: UnsafeMutablePointer<CellHeader> {
    assumingMemoryBound(to: CellHeader.self)
  }
  @inline(__always) var cellKind: CellKind { cellHeader.pointee.kind }
}

final class Heap {
  static let blockSize = 64 * 1024
  static let blockHeaderSize = 64
  /// Cells up to this size live in blocks; larger ones get memory of their own.
  static let largeThreshold = (blockSize - blockHeaderSize) / 2
  /// Above 8 KB the classes are what fills a block with 7, 6, 5, 4, 3 and 2 cells. Cells of
  /// 8–32 KB (BigInts of thousands of digits, long flat strings) used to be malloc'd one by
  /// one; a sweep freeing a cycle's worth of them at once let malloc hand the pages back to
  /// the system, and the next cycle faulted them in again.
  static let sizeClasses: [Int] = [
    16, 32, 48, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384, 448, 512, 640, 768, 1024,
    1280, 1536, 2048, 3072, 4096, 6144, 8192, 9344, 10912, 13088, 16368, 21824, 32736,
  ]

  /// Block layout: the first `blockHeaderSize` bytes hold this header.
  struct BlockHeader {
    var cellSize: Int
    var cellCount: Int
    var sizeClass: Int
    /// Cells `0 ..< usedCount` have been handed out at least once; the rest were never
    /// touched (a fresh block is bump-allocated, so its untouched pages stay unmapped).
    var usedCount: Int
    /// The heap's ledger: what a cell's side tables (a shape's property table) charge.
    var ledger: Unmanaged<MemoryLedger>
  }

  @exclusivity(unchecked) private var blocks: [UnsafeMutableRawPointer] = []
  /// The blocks' base addresses (a KeyMap, not a Set<UInt>: instantiating the generic set's
  /// metadata at start-up cost more than the rest of the heap's set-up).
  @exclusivity(unchecked) private var blockSet = KeyMap()
  /// Empty blocks kept for reuse by any size class (not in `blocks` or `blockSet`, not counted
  /// in `bytesInCells`). Each block is its own mapping: handing them back to the system at
  /// every collection made an allocation-heavy script unmap and re-fault the same memory.
  @exclusivity(unchecked) private var blockPool: [UnsafeMutableRawPointer] = []
  /// Blocks taken (from the pool or the system) since the last scheduled collection: what a
  /// cycle consumes, so what the pool keeps. A pool capped below it made every cycle unmap
  /// blocks at its sweep and map (and fault in) as many again (BigInt loops whose values
  /// grow through the size classes: a tenth of their time).
  @exclusivity(unchecked) private var blocksTakenSinceCollection = 0
  /// `blocksTakenSinceCollection` of the cycle before (cycles vary; the pool covers both).
  @exclusivity(unchecked) private var blocksTakenInCycleBefore = 0
  @exclusivity(unchecked) private var freeLists: [UnsafeMutableRawPointer?]
  /// Per size class: the block whose never-used tail cells are handed out next.
  @exclusivity(unchecked) private var bumpBlocks: [UnsafeMutableRawPointer?]
  /// Cell index per size class: a lookup table from size/16 to class index.
  @exclusivity(unchecked) private var classForSize: [UInt8]
  @exclusivity(unchecked) private var largeCells: [UnsafeMutableRawPointer] = []  // sorted by address
  @exclusivity(unchecked) private var largeCellSizes: [UInt: Int] = [:]

  @exclusivity(unchecked) private(set) var markEpoch: UInt8 = 1
  @exclusivity(unchecked) private var markStack: UnsafeMutablePointer<UnsafeMutableRawPointer>
  @exclusivity(unchecked) private var markStackCount = 0
  @exclusivity(unchecked) private var markStackCapacity = 4096

  // Accounting.
  @exclusivity(unchecked) private(set) var bytesInCells = 0
  /// Bytes of out-of-line storage (slots, elements, string buffers) owned by cells.
  @exclusivity(unchecked) private(set) var externalBytes = 0
  /// Bytes of Swift objects that scripts cause (code blocks, compiled patterns, shape tables).
  let ledger = MemoryLedger()
  @exclusivity(unchecked) private var bytesAllocatedSinceCollection = 0
  /// The least a cycle may allocate before the next collection. It bounds peak RSS for
  /// programs with little live data: measured on the benchmark programs (2026-12-07), 4 MB →
  /// 2 MB lowered peak RSS by 2–4 MB on most of them for 0.3–1.3% more instructions (bigint 5%);
  /// 1 MB saved about 1 MB more for 1–3% (bigint 15%).
  static let minimumCollectionThreshold = 2 * 1024 * 1024
  @exclusivity(unchecked) private var collectionThreshold = Heap.minimumCollectionThreshold
  @exclusivity(unchecked) private(set) var collectionCount = 0
  /// Set when live memory stays above `maximumBytes` after a collection; the
  /// interpreter turns it into an exception at its next safe point.
  var limitExceeded = false {
    didSet {
      if limitExceeded {
        hotState?.pointee.requests |= RuntimeHotState.heapLimit
      } else {
        hotState?.pointee.requests &= ~RuntimeHotState.heapLimit
      }
    }
  }
  /// How many times the heap limit refused memory (each ended in a RangeError): a host that
  /// treats reaching the limit as fatal (the content process) reads it after each task.
  @exclusivity(unchecked) var limitRefusals = 0
  /// The runtime's hot state (the heap raises the heap-limit request there).
  @exclusivity(unchecked) var hotState: UnsafeMutablePointer<RuntimeHotState>?
  @exclusivity(unchecked) var maximumBytes: Int
  /// The limit in force: `maximumBytes`, or the live size plus `handlerReserve` from the
  /// moment the limit refused a script until a collection finds live memory back under
  /// `maximumBytes`.
  /// The reserve lets the code that catches the RangeError run and drop its garbage, the same
  /// in every mode (under gc-stress every allocation collects, so without it the first
  /// allocation of the handler would throw again; otherwise only the next collection would).
  @exclusivity(unchecked) private(set) var limitBytes: Int
  var handlerReserve: Int { max(maximumBytes / 16, 256 * 1024) }
  @exclusivity(unchecked) var stressMode: Bool
  /// Collections are deferred while > 0 (used while the heap itself is inconsistent).
  @exclusivity(unchecked) var deferralDepth = 0

  unowned(unsafe) var runtime: Runtime!

  /// Where blocks and large cells come from (nil: the system allocator).
  private let allocator: HeapAllocator?

  init(maximumBytes: Int, stressMode: Bool, allocator: HeapAllocator? = nil) {
    self.maximumBytes = maximumBytes
    self.limitBytes = maximumBytes
    self.stressMode = stressMode
    self.allocator = allocator
    freeLists = Array(repeating: nil, count: Heap.sizeClasses.count)
    bumpBlocks = Array(repeating: nil, count: Heap.sizeClasses.count)
    classForSize = Array(repeating: 0, count: Heap.largeThreshold / 16 + 1)
    var classIndex = 0
    for slot in 0...(Heap.largeThreshold / 16) {
      let size = slot * 16
      while Heap.sizeClasses[classIndex] < size { classIndex += 1 }
      classForSize[slot] = UInt8(classIndex)
    }
    markStack = .allocate(capacity: markStackCapacity)
    ledger.heap = self
  }

  deinit {
    ledger.heap = nil
    for block in blocks { finalizeAll(inBlock: block) }
    for cell in largeCells { Cells.finalize(cell, heap: self) }
    for block in blocks { releaseMemory(block, size: Heap.blockSize) }
    for block in blockPool { releaseMemory(block, size: Heap.blockSize) }
    for cell in largeCells { releaseMemory(cell, size: largeCellSizes[UInt(bitPattern: cell)] ?? 0) }
    markStack.deallocate()
  }

  var totalBytes: Int { bytesInCells + externalBytes + ledger.bytes }

  // MARK: Allocation

  /// Allocates a zeroed cell of at least `size` bytes. May collect garbage first.
  /// `zeroed: false` is only for cells that hold no references (BigInt limbs) and that the
  /// caller fills before its next allocation; only their header is written here.
  @inline(__always)
  func allocateCell(size: Int, kind: CellKind, zeroed: Bool = true) -> CellPointer {
    bytesAllocatedSinceCollection &+= size
    if _slowPath(bytesAllocatedSinceCollection > collectionThreshold || stressMode) {
      collectForAllocation()
    }
    let cell: CellPointer
    if size <= Heap.largeThreshold {
      let sizeClass = Int(classForSize[(size + 15) >> 4])
      if let head = freeLists[sizeClass] {
        freeLists[sizeClass] = head.load(fromByteOffset: 8, as: UnsafeMutableRawPointer?.self)
        cell = head
      } else {
        cell = allocateFromBumpBlock(sizeClass: sizeClass)
      }
      if zeroed { memset(cell, 0, Heap.sizeClasses[sizeClass]) }
    } else {
      cell = allocateLarge(size: size, zeroed: zeroed)
    }
    cell.cellHeader.pointee = CellHeader(kind: kind, mark: 0, flags: 0, aux: 0)
    return cell
  }

  /// The next never-used cell of the size class's bump block (a new block when it is full).
  /// Cells are not threaded onto a free list up front: that would touch every page of
  /// every block at once (about 1 MB for the builtins' handful of size classes).
  private func allocateFromBumpBlock(sizeClass: Int) -> CellPointer {
    if let block = bumpBlocks[sizeClass] {
      let header = block.assumingMemoryBound(to: BlockHeader.self)
      if header.pointee.usedCount < header.pointee.cellCount {
        let cell = block + Heap.blockHeaderSize + header.pointee.usedCount * header.pointee.cellSize
        header.pointee.usedCount += 1
        return cell
      }
    }
    let block = allocateBlock(sizeClass: sizeClass)
    bumpBlocks[sizeClass] = block
    block.assumingMemoryBound(to: BlockHeader.self).pointee.usedCount = 1
    return block + Heap.blockHeaderSize
  }

  private func allocateBlock(sizeClass: Int) -> UnsafeMutableRawPointer {
    blocksTakenSinceCollection += 1
    let block: UnsafeMutableRawPointer
    if let pooled = blockPool.popLast() {
      block = pooled
    } else {
      block = obtainMemory(size: Heap.blockSize, alignment: Heap.blockSize, zeroed: false)
    }
    let cellSize = Heap.sizeClasses[sizeClass]
    let count = (Heap.blockSize - Heap.blockHeaderSize) / cellSize
    block.storeBytes(
      of: BlockHeader(
        cellSize: cellSize, cellCount: count, sizeClass: sizeClass, usedCount: 0,
        ledger: Unmanaged.passUnretained(ledger)),
      as: BlockHeader.self)
    blocks.append(block)
    blockSet.insert(UInt64(UInt(bitPattern: block)), 1)
    bytesInCells += Heap.blockSize
    return block
  }

  private func allocateLarge(size: Int, zeroed: Bool) -> CellPointer {
    let rounded = (size + 15) & ~15
    let cell = obtainMemory(size: rounded, alignment: 16, zeroed: zeroed)
    let address = UInt(bitPattern: cell)
    let index = lowerBound(largeCells, address)
    largeCells.insert(cell, at: index)
    largeCellSizes[address] = rounded
    bytesInCells += rounded
    return cell
  }

  /// Memory for a block or a large cell, from the host's allocator when it set one. When the
  /// allocator refuses, the collector frees what it can and asks once more; a second refusal
  /// ends the process (the heap limit, not the allocator, is how scripts are bounded).
  private func obtainMemory(size: Int, alignment: Int, zeroed: Bool) -> UnsafeMutableRawPointer {
    for attempt in 0..<2 {
      if attempt == 1 { collectIfAllowed() }
      if let memory = rawMemory(size: size, alignment: alignment, zeroed: zeroed) { return memory }
    }
    fatalError("xjs: out of memory: \(size) bytes for the heap refused")
  }

  private func rawMemory(size: Int, alignment: Int, zeroed: Bool) -> UnsafeMutableRawPointer? {
    if let allocator {
      let memory = allocator.allocate(size, alignment)
      if zeroed, let memory { memset(memory, 0, size) }
      return memory
    }
    // malloc's alignment suffices for large cells; calloc leaves fresh pages untouched.
    if alignment <= 16 { return zeroed ? calloc(1, size) : malloc(size) }
    var raw: UnsafeMutableRawPointer?
    guard posix_memalign(&raw, alignment, size) == 0 else { return nil }
    return raw
  }

  private func releaseMemory(_ memory: UnsafeMutableRawPointer, size: Int) {
    if let allocator {
      allocator.deallocate(memory, size)
    } else {
      free(memory)
    }
  }

  private func lowerBound(_ array: [UnsafeMutableRawPointer], _ address: UInt) -> Int {
    var low = 0
    var high = array.count
    while low < high {
      let middle = (low + high) / 2
      if UInt(bitPattern: array[middle]) < address { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// Records out-of-line bytes owned by cells (they count towards the limit and the GC trigger).
  @inline(__always) func reportExternalAllocation(_ bytes: Int) {
    externalBytes &+= bytes
    bytesAllocatedSinceCollection &+= bytes
    // Out-of-line growth (elements, strings) counts toward the limit at once: the
    // next safe point collects and throws if it is still exceeded.
    if _slowPath(bytesInCells &+ externalBytes &+ ledger.bytes > limitBytes) { limitExceeded = true }
  }

  /// Records growth of a MemoryCharge (the ledger already holds it), like out-of-line growth.
  func noteChargedGrowth(_ bytes: Int) {
    bytesAllocatedSinceCollection &+= bytes
    if _slowPath(totalBytes > limitBytes) { limitExceeded = true }
  }

  /// The ledger of the heap whose block holds `cell` (not for large cells).
  static func ledger(ofBlockCell cell: CellPointer) -> MemoryLedger {
    let block = UnsafeRawPointer(bitPattern: UInt(bitPattern: cell) & ~UInt(Heap.blockSize - 1))!
    return block.load(as: BlockHeader.self).ledger.takeUnretainedValue()
  }

  @inline(__always) func reportExternalFree(_ bytes: Int) {
    externalBytes &-= bytes
  }

  /// Checks a large out-of-line allocation against the heap limit before it is made.
  func checkLimit(forAdditional bytes: Int) -> Bool {
    if totalBytes + bytes <= limitBytes { return true }
    collect()
    if totalBytes + bytes <= limitBytes { return true }
    limitRefusals &+= 1
    return false
  }

  // MARK: Conservative pointer identification

  /// The cell containing `address`, if `address` points into a live cell.
  func cellContaining(_ address: UInt) -> CellPointer? {
    let base = address & ~UInt(Heap.blockSize - 1)
    // 0 is the KeyMap's empty key: a word below the first block is no block's.
    if base != 0 && blockSet.find(UInt64(base)) != nil {
      let offset = Int(address - base)
      if offset < Heap.blockHeaderSize { return nil }
      let block = UnsafeMutableRawPointer(bitPattern: base)!
      let header = block.load(as: BlockHeader.self)
      let index = (offset - Heap.blockHeaderSize) / header.cellSize
      if index >= header.usedCount { return nil }
      let cell = block + Heap.blockHeaderSize + index * header.cellSize
      return cell.cellKind == .free ? nil : cell
    }
    if largeCells.isEmpty { return nil }
    // Any stack word arrives here, UInt.max included: the bound must not trap on overflow.
    let index = lowerBound(largeCells, address &+ 1) - 1
    if index < 0 { return nil }
    let cell = largeCells[index]
    let start = UInt(bitPattern: cell)
    if address >= start && address < start + UInt(largeCellSizes[start] ?? 0) { return cell }
    return nil
  }

  // MARK: Collection

  func collectIfAllowed() {
    if deferralDepth > 0 { return }
    collect()
  }

  /// The collection an allocation triggers. Under gc-stress most of them are extra ones, made
  /// only to find rooting bugs: they free garbage but leave the schedule and the heap limit's
  /// verdict to the collections the normal mode makes, so a script meets the limit at the same
  /// point in every mode. (They do end a handler's reserve, as any collection does that finds
  /// live memory under the limit: see `collect`.)
  @inline(never) func collectForAllocation() {
    if bytesAllocatedSinceCollection > collectionThreshold {
      collectIfAllowed()
    } else if deferralDepth == 0 {
      collect(scheduled: false)
    }
  }

  func collect(scheduled: Bool = true) {
    if deferralDepth > 0 { return }
    deferralDepth += 1
    defer { deferralDepth -= 1 }
    collectionCount += 1
    markEpoch = markEpoch == 1 ? 2 : 1
    markRoots()
    drainMarkStack()
    runtime.processWeakReferences(heap: self)
    sweep()
    let live = totalBytes
    // Any collection that finds live memory back under the limit ends a handler's reserve. Under
    // gc-stress the extra collections free the refused code's garbage long before the normal
    // mode's next scheduled one; if only scheduled ones ended the reserve, a second bomb would
    // grow to the raised limit and be refused with no reserve left for its handler.
    if live <= maximumBytes { limitBytes = maximumBytes }
    guard scheduled else { return }
    bytesAllocatedSinceCollection = 0
    blocksTakenInCycleBefore = blocksTakenSinceCollection
    blocksTakenSinceCollection = 0
    collectionThreshold = max(Heap.minimumCollectionThreshold, live)
    // While a handler runs on the reserve, collect often enough to see memory fall back under
    // the limit (which ends the reserve): a handler that drops the refused garbage and goes on
    // to allocate again must meet the limit with a fresh reserve, not the used one.
    if limitBytes > maximumBytes { collectionThreshold = min(collectionThreshold, handlerReserve / 4) }
    limitExceeded = live > limitBytes
  }

  /// After a collection that left live memory over the limit: counts the refusal and grants
  /// the handler reserve on top of what is live now (see `limitBytes`), once: a handler that
  /// is refused again gets no more. The caller throws the RangeError.
  func refuseForLimit() {
    limitExceeded = false
    limitRefusals &+= 1
    if limitBytes == maximumBytes { limitBytes = max(totalBytes, maximumBytes) + handlerReserve }
  }

  @inline(__always) func isMarked(_ cell: CellPointer) -> Bool {
    cell.cellHeader.pointee.mark == markEpoch
  }

  /// Marks a cell and queues it for tracing.
  @inline(__always) func mark(_ cell: CellPointer) {
    let header = cell.cellHeader
    if header.pointee.mark == markEpoch { return }
    header.pointee.mark = markEpoch
    if markStackCount == markStackCapacity { growMarkStack() }
    markStack[markStackCount] = cell
    markStackCount += 1
  }

  @inline(__always) func mark(_ value: Value) {
    if value.isCell { mark(value.asCell) }
  }

  @inline(__always) func mark(_ pointer: CellPointer?) {
    if let pointer { mark(pointer) }
  }

  func mark(values: UnsafePointer<Value>, count: Int) {
    for index in 0..<count { mark(values[index]) }
  }

  /// Marks whatever cell `word` might point into (conservative roots).
  @inline(__always) func markConservatively(_ word: UInt) {
    if word < 4096 { return }
    if let cell = cellContaining(word) { mark(cell) }
  }

  func markConservatively(range start: UnsafeRawPointer, end: UnsafeRawPointer) {
    var cursor = UInt(bitPattern: start) & ~7
    let limit = UInt(bitPattern: end)
    while cursor + 8 <= limit {
      // Through C: a sanitized build must not check these reads (they cross ASan's redzones).
      markConservatively(xjs_load_word_unchecked(UnsafeRawPointer(bitPattern: cursor)!))
      cursor += 8
    }
  }

  private func growMarkStack() {
    let newCapacity = markStackCapacity * 2
    let bigger = UnsafeMutablePointer<UnsafeMutableRawPointer>.allocate(capacity: newCapacity)
    bigger.moveInitialize(from: markStack, count: markStackCount)
    markStack.deallocate()
    markStack = bigger
    markStackCapacity = newCapacity
  }

  /// Traces every queued cell (also used by the ephemeron pass of weak collections).
  func drainMarkStack() {
    while markStackCount > 0 {
      markStackCount -= 1
      Cells.trace(markStack[markStackCount], heap: self)
    }
  }

  private func markRoots() {
    runtime.markRoots(heap: self)
    scanNativeStack()
  }

  private func scanNativeStack() {
    guard let top = xjs_thread_stack_top() else { return }
    var context = (heap: self, top: top)
    withUnsafeMutablePointer(to: &context) { contextPointer in
      xjs_with_registers_spilled(
        { stackPointer, context in
          let pair = context!.assumingMemoryBound(to: (heap: Heap, top: UnsafeMutableRawPointer).self)
          pair.pointee.heap.markConservatively(
            range: UnsafeRawPointer(stackPointer!), end: UnsafeRawPointer(pair.pointee.top))
        }, contextPointer)
    }
  }

  private func sweep() {
    for index in freeLists.indices { freeLists[index] = nil }
    var emptyBlocks: [Int] = []
    for (blockIndex, block) in blocks.enumerated() {
      let header = block.load(as: BlockHeader.self)
      var liveCount = 0
      let freeHeadBefore = freeLists[header.sizeClass]
      var freeHead = freeHeadBefore
      for index in stride(from: header.usedCount - 1, through: 0, by: -1) {
        let cell = block + Heap.blockHeaderSize + index * header.cellSize
        let cellHeader = cell.cellHeader
        if cellHeader.pointee.kind != .free {
          if cellHeader.pointee.mark == markEpoch {
            liveCount += 1
            continue
          }
          Cells.finalize(cell, heap: self)
          cellHeader.pointee.kind = .free
        }
        cell.storeBytes(of: freeHead, toByteOffset: 8, as: UnsafeMutableRawPointer?.self)
        freeHead = cell
      }
      if liveCount == 0 {
        // An empty block goes to the pool: its cells stay off the free lists.
        freeLists[header.sizeClass] = freeHeadBefore
        emptyBlocks.append(blockIndex)
      } else {
        freeLists[header.sizeClass] = freeHead
      }
    }
    poolEmptyBlocks(emptyBlocks)
    sweepLargeCells()
  }

  /// Moves empty blocks to the pool, any size class can reuse them; the pool keeps what a
  /// collection cycle takes (the most of this cycle and the one before, at least the collection
  /// threshold's worth), the rest goes back to the system.
  private func poolEmptyBlocks(_ emptyIndices: [Int]) {
    guard !emptyIndices.isEmpty else { return }
    let empty = Set(emptyIndices)
    var kept: [UnsafeMutableRawPointer] = []
    kept.reserveCapacity(blocks.count - empty.count)
    let poolLimit = max(
      16, collectionThreshold / Heap.blockSize, blocksTakenSinceCollection, blocksTakenInCycleBefore)
    for (index, block) in blocks.enumerated() {
      guard empty.contains(index) else {
        kept.append(block)
        continue
      }
      let sizeClass = block.load(as: BlockHeader.self).sizeClass
      if bumpBlocks[sizeClass] == block { bumpBlocks[sizeClass] = nil }
      blockSet.remove(UInt64(UInt(bitPattern: block)))
      bytesInCells -= Heap.blockSize
      if blockPool.count < poolLimit {
        blockPool.append(block)
      } else {
        releaseMemory(block, size: Heap.blockSize)
      }
    }
    blocks = kept
  }

  private func sweepLargeCells() {
    var kept: [UnsafeMutableRawPointer] = []
    for cell in largeCells {
      if cell.cellHeader.pointee.mark == markEpoch {
        kept.append(cell)
      } else {
        Cells.finalize(cell, heap: self)
        let address = UInt(bitPattern: cell)
        let size = largeCellSizes[address] ?? 0
        bytesInCells -= size
        largeCellSizes[address] = nil
        releaseMemory(cell, size: size)
      }
    }
    largeCells = kept
  }

  private func finalizeAll(inBlock block: UnsafeMutableRawPointer) {
    let header = block.load(as: BlockHeader.self)
    for index in 0..<header.usedCount {
      let cell = block + Heap.blockHeaderSize + index * header.cellSize
      if cell.cellKind != .free { Cells.finalize(cell, heap: self) }
    }
  }

  /// Visits every live (allocated) cell. Used by weak-reference processing.
  func forEachCell(_ body: (CellPointer) -> Void) {
    for block in blocks {
      let header = block.load(as: BlockHeader.self)
      for index in 0..<header.usedCount {
        let cell = block + Heap.blockHeaderSize + index * header.cellSize
        if cell.cellKind != .free { body(cell) }
      }
    }
    for cell in largeCells { body(cell) }
  }
}
