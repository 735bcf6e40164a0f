// Where a JIT's machine code lives: functions packed one after another into executable
// regions (reserved in large stretches of address space that cost nothing until written),
// each installed through a witnessed write and seal.
//
// Packing means the last page of one function may receive the start of the next: those pages
// are re-opened writable (and so not executable) while the new code is written, and sealed
// again before anything runs. That is sound because a runtime is used by one thread at a time
// and code is only installed from the runtime's own thread, between instructions of JIT code
// (never while an instruction on those pages executes); no byte of installed code changes.
// The alternative, whole pages per function, costs at least a page for every small function.
// When the last function on a page is freed, the page returns to no access and its memory to
// the system; freed stretches of pages are reused first.

/// Allocates, installs and frees machine code in W^X executable regions.
public final class CodeAllocator {
  public let log: WitnessLog
  /// Bytes of address space reserved per region.
  public let regionSize: Int
  /// The most code bytes live at once; past it `install` fails with `.outOfMemory`.
  public let limit: Int
  public private(set) var regions: [ExecutableRegion] = []
  /// Bytes of code installed and not freed (alignment padding included).
  public private(set) var liveBytes = 0
  /// Functions (or thunks) installed and not freed.
  public private(set) var liveCount = 0

  /// Live allocations touching each page, per region.
  private var pageUsers: [[Int32]] = []
  /// The next free byte of the newest region.
  private var cursor = 0
  /// Stretches of whole free pages (region, first page, page count) below the cursor.
  private var freeRuns: [(region: Int, page: Int, count: Int)] = []

  public static let alignment = 16

  public init(log: WitnessLog, regionSize: Int = 16 << 20, limit: Int = 256 << 20) {
    self.log = log
    self.regionSize = regionSize
    self.limit = limit
  }

  /// Bytes of pages currently mapped writable or executable.
  public var mappedBytes: Int { regions.reduce(0) { $0 + $1.accessiblePageCount * $1.pageSize } }

  /// Copies `bytes` into executable memory and seals it; `reason` goes into the witness log.
  public func install(_ bytes: [UInt8], reason: String) throws(ExecutableMemoryError) -> ExecutableCode {
    guard !bytes.isEmpty else { throw ExecutableMemoryError(.invalidRange, operation: "install 0 bytes") }
    let size = (bytes.count + Self.alignment - 1) / Self.alignment * Self.alignment
    guard liveBytes + size <= limit else {
      throw ExecutableMemoryError(.outOfMemory, operation: "install \(bytes.count) bytes (code limit \(limit))")
    }
    let (regionIndex, start) = try place(size)
    let region = regions[regionIndex]
    let token = try region.beginWrite(range: start..<(start + bytes.count), reason: reason)
    try token.write(bytes, at: 0)
    let code = try token.seal()
    for page in region.pages(covering: start..<(start + size)) { pageUsers[regionIndex][page] += 1 }
    liveBytes += size
    liveCount += 1
    return code
  }

  /// Frees code installed here. Pages no other live code touches return to no access.
  public func free(_ code: ExecutableCode, reason: String) {
    guard let regionIndex = regions.firstIndex(where: { $0 === code.region }) else { return }
    let region = regions[regionIndex]
    let size = (code.range.count + Self.alignment - 1) / Self.alignment * Self.alignment
    let range = code.range.lowerBound..<(code.range.lowerBound + size)
    liveBytes -= size
    liveCount -= 1
    let isNewest = regionIndex == regions.count - 1
    for page in region.pages(covering: range) {
      pageUsers[regionIndex][page] -= 1
      // The page the cursor is in may still receive code: keep it.
      guard pageUsers[regionIndex][page] == 0, !(isNewest && page == cursor / region.pageSize) else { continue }
      let pageRange = (page * region.pageSize)..<((page + 1) * region.pageSize)
      if (try? region.discard(range: pageRange, reason: reason)) != nil {
        freeRuns.append((regionIndex, page, 1))
      }
    }
  }

  /// Where `size` bytes go: a run of free whole pages, else the cursor (a new region when the
  /// newest is full).
  private func place(_ size: Int) throws(ExecutableMemoryError) -> (Int, Int) {
    if let region = regions.first {
      let pagesNeeded = (size + region.pageSize - 1) / region.pageSize
      coalesceFreeRuns()
      if let index = freeRuns.firstIndex(where: { $0.count >= pagesNeeded }) {
        let run = freeRuns[index]
        if run.count == pagesNeeded {
          freeRuns.remove(at: index)
        } else {
          freeRuns[index] = (run.region, run.page + pagesNeeded, run.count - pagesNeeded)
        }
        return (run.region, run.page * region.pageSize)
      }
    }
    if regions.isEmpty || cursor + size > regionSize {
      guard size <= regionSize else {
        throw ExecutableMemoryError(.outOfMemory, operation: "install \(size) bytes (region size \(regionSize))")
      }
      let region = try ExecutableRegion.reserve(byteCount: regionSize, log: log, reason: "code region")
      regions.append(region)
      pageUsers.append(Array(repeating: 0, count: region.byteCount / region.pageSize))
      cursor = 0
    }
    let start = cursor
    cursor += size
    return (regions.count - 1, start)
  }

  /// Merges adjacent free runs (freed one page at a time) so larger code fits.
  private func coalesceFreeRuns() {
    guard freeRuns.count > 1 else { return }
    freeRuns.sort { ($0.region, $0.page) < ($1.region, $1.page) }
    var merged: [(region: Int, page: Int, count: Int)] = []
    for run in freeRuns {
      if let last = merged.last, last.region == run.region, last.page + last.count == run.page {
        merged[merged.count - 1].count += run.count
      } else {
        merged.append(run)
      }
    }
    freeRuns = merged
  }

  /// Unmaps every region (all code must be dead).
  public func releaseAll(reason: String) {
    for region in regions { try? region.release(reason: reason) }
    regions.removeAll()
    pageUsers.removeAll()
    freeRuns.removeAll()
    liveBytes = 0
    liveCount = 0
  }
}
