// Memory that scripts cause outside the garbage-collected heap, held by Swift objects: bytecode
// (code blocks and the source text they keep), machine code, compiled regular expressions, and
// the property and transition tables of shapes. A script that makes many functions
// (`new Function` in a loop), patterns or shapes grows these without bound, so the heap limit
// and the collection trigger count them too.
//
// Each such object holds a MemoryCharge for its footprint. The charge is taken from the heap's
// ledger when the object is made or grows, and returned when the object is freed, by a sweep or
// whenever its last reference goes. The heap's total is its cells, the out-of-line buffers its
// cells own, and the ledger.

/// The bytes charged by Swift objects and not yet returned. It outlives its heap when an object
/// does (a code block an embedder keeps): returning a charge then only updates the count.
final class MemoryLedger {
  @exclusivity(unchecked) var bytes = 0
  /// The heap whose limit and collection trigger see growth; nil once it is gone.
  @exclusivity(unchecked) unowned(unsafe) var heap: Heap?

  init() {}
}

/// One object's footprint outside the heap. Growth is reported to the heap (it counts towards
/// the limit at once, as out-of-line buffers do); the bytes are returned when the charge ends.
struct MemoryCharge: ~Copyable {
  let ledger: MemoryLedger
  private(set) var bytes = 0

  init(_ bytes: Int, to ledger: MemoryLedger) {
    self.ledger = ledger
    resize(to: bytes)
  }

  /// Sets the charged footprint to `newBytes`.
  @inline(__always) mutating func resize(to newBytes: Int) {
    let growth = newBytes &- bytes
    if growth == 0 { return }
    bytes = newBytes
    ledger.bytes &+= growth
    if growth > 0 { ledger.heap?.noteChargedGrowth(growth) }
  }

  deinit { ledger.bytes &-= bytes }
}

/// A charge several objects share, returned when the last of them is freed: the source text
/// that every code block of one script, eval or `new Function` keeps alive.
final class SharedMemoryCharge {
  @exclusivity(unchecked) var charge: MemoryCharge

  init(_ bytes: Int, to ledger: MemoryLedger) {
    charge = MemoryCharge(bytes, to: ledger)
  }
}
