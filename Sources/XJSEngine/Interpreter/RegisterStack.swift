#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The VM register stack: one mapping of Values holding every JavaScript frame,
/// with an inaccessible guard page below and above. JS→JS calls push frames
/// here instead of recursing on the native stack.
final class RegisterStack {
  let base: UnsafeMutablePointer<Value>
  let capacity: Int
  let limit: UnsafeMutablePointer<Value>
  private let mapping: UnsafeMutableRawPointer
  private let mappingSize: Int

  init(capacity: Int) {
    let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
    let bytes = (capacity * 8 + pageSize - 1) / pageSize * pageSize
    mappingSize = bytes + 2 * pageSize
    guard let raw = mmap(nil, mappingSize, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
      raw != MAP_FAILED
    else { fatalError("xjs: cannot map the register stack") }
    mapping = raw
    let usable = raw + pageSize
    guard mprotect(usable, bytes, PROT_READ | PROT_WRITE) == 0 else {
      fatalError("xjs: cannot protect the register stack")
    }
    base = usable.assumingMemoryBound(to: Value.self)
    self.capacity = bytes / 8
    // Leave head-room for one frame's worth of registers beyond the limit check.
    limit = base + (self.capacity - 4096)
  }

  deinit { munmap(mapping, mappingSize) }

  /// Marks what `base ..< top` may point to (`top`: one past the highest slot in use, kept in
  /// the runtime's hot state as `registerStackTop` so JIT code can move it).
  func markConservatively(_ heap: Heap, top: UnsafeMutablePointer<Value>) {
    var cursor = base
    while cursor < top {
      heap.markConservatively(UInt(cursor.pointee.bits))
      cursor += 1
    }
  }
}
