// Executable memory under W^X: pages go reserved → writable → executable →
// released, and no page is ever writable and executable at once. Every
// change of page permissions goes through `transition`, which records it in
// the witness log.
import CXJSSupport
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Page protections the allocator uses. There is deliberately no case that
/// combines write and execute.
enum PageProtection {
  case none
  case readWrite
  case readExecute

  var flags: Int32 {
    switch self {
    case .none: return PROT_NONE
    case .readWrite: return PROT_READ | PROT_WRITE
    case .readExecute: return PROT_READ | PROT_EXEC
    }
  }

  init(_ state: PageState) {
    switch state {
    case .unmapped, .reserved: self = .none
    case .writable: self = .readWrite
    case .executable: self = .readExecute
    }
  }
}

/// A contiguous reservation of address space for machine code.
///
/// Code is written through a `ExecutableMemoryWriteToken` from
/// `beginWrite(range:reason:)`, which makes the pages of the range writable
/// (and not executable); the token's `seal()` makes them executable (and not
/// writable). Pages already sealed may be opened for writing again; they stop
/// being executable while open. The region is not thread-safe.
public final class ExecutableRegion {
  /// The first byte of the region.
  public let baseAddress: UnsafeMutableRawPointer
  /// The size of the region, a multiple of `pageSize`.
  public let byteCount: Int
  public let pageSize: Int
  /// Where this region's transitions are recorded.
  public let log: WitnessLog

  private var pageStates: [PageState]
  private var openWrites: [Int: String] = [:]  // token id → reason
  private var nextWriteID = 0
  private(set) var isReleased = false

  private init(baseAddress: UnsafeMutableRawPointer, byteCount: Int, pageSize: Int, log: WitnessLog) {
    self.baseAddress = baseAddress
    self.byteCount = byteCount
    self.pageSize = pageSize
    self.log = log
    self.pageStates = Array(repeating: .reserved, count: byteCount / pageSize)
  }

  /// Reserves at least `byteCount` bytes of address space with no access.
  public static func reserve(byteCount: Int, log: WitnessLog, reason: String = "reserve")
    throws(ExecutableMemoryError) -> ExecutableRegion
  {
    let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
    guard byteCount > 0, byteCount <= Int.max - pageSize else {
      throw ExecutableMemoryError(.invalidRange, operation: "reserve \(byteCount) bytes")
    }
    let size = (byteCount + pageSize - 1) / pageSize * pageSize
    let mapped = mmap(
      nil, size, PageProtection.none.flags, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0)
    guard let mapped, mapped != UnsafeMutableRawPointer(bitPattern: -1) else {
      let code = errno
      throw ExecutableMemoryError.systemCall("mmap(---, \(size) bytes)", errno: code)
    }
    let region = ExecutableRegion(
      baseAddress: mapped, byteCount: size, pageSize: pageSize, log: log)
    log.append(
      addresses: region.addresses(ofPages: 0..<(size / pageSize)), from: .unmapped, to: .reserved,
      reason: reason)
    return region
  }

  /// The state of the page holding byte `offset`.
  public func state(ofPageAt offset: Int) -> PageState {
    isReleased ? .unmapped : pageStates[offset / pageSize]
  }

  /// Makes the pages covering `range` (byte offsets into the region)
  /// writable and returns the only means of writing them.
  public func beginWrite(range: Range<Int>, reason: String) throws(ExecutableMemoryError)
    -> ExecutableMemoryWriteToken
  {
    guard !isReleased else {
      throw ExecutableMemoryError(.regionReleased, operation: "beginWrite(\(reason))")
    }
    guard !range.isEmpty, range.lowerBound >= 0, range.upperBound <= byteCount else {
      throw ExecutableMemoryError(.invalidRange, operation: "beginWrite(\(range), \(reason))")
    }
    let pages = self.pages(covering: range)
    guard pageStates[pages].allSatisfy({ $0 != .writable }) else {
      throw ExecutableMemoryError(.pagesBusy, operation: "beginWrite(\(range), \(reason))")
    }
    try transition(pages, to: .writable, reason: reason)
    nextWriteID += 1
    openWrites[nextWriteID] = reason
    return ExecutableMemoryWriteToken(region: self, id: nextWriteID, range: range, pages: pages)
  }

  /// Writes `bytes` at `offset` and seals them: `beginWrite` + copy + `seal()`.
  public func install(_ bytes: [UInt8], at offset: Int, reason: String)
    throws(ExecutableMemoryError)
    -> ExecutableCode
  {
    let token = try beginWrite(range: offset..<(offset + bytes.count), reason: reason)
    try token.write(bytes, at: 0)
    return try token.seal()
  }

  /// Returns the pages covering `range` to no access and gives their memory back to the
  /// system (their bytes are gone): for code nobody will run again. Fails while any of them
  /// is being written.
  public func discard(range: Range<Int>, reason: String) throws(ExecutableMemoryError) {
    guard !isReleased else { throw ExecutableMemoryError(.regionReleased, operation: "discard(\(reason))") }
    guard !range.isEmpty, range.lowerBound >= 0, range.upperBound <= byteCount else {
      throw ExecutableMemoryError(.invalidRange, operation: "discard(\(range), \(reason))")
    }
    let pages = self.pages(covering: range)
    guard pageStates[pages].allSatisfy({ $0 != .writable }) else {
      throw ExecutableMemoryError(.pagesBusy, operation: "discard(\(range), \(reason))")
    }
    try transition(pages, to: .reserved, reason: reason)
    _ = madvise(baseAddress + pages.lowerBound * pageSize, pages.count * pageSize, MADV_DONTNEED)
  }

  /// How many pages are mapped with some access (writable or executable).
  public var accessiblePageCount: Int { isReleased ? 0 : pageStates.count { $0 == .writable || $0 == .executable } }

  /// Unmaps the whole region. Fails while a write token is open.
  public func release(reason: String = "release") throws(ExecutableMemoryError) {
    guard !isReleased else { throw ExecutableMemoryError(.regionReleased, operation: "release") }
    guard openWrites.isEmpty else {
      throw ExecutableMemoryError(.writeInProgress, operation: "release")
    }
    try unmap(reason: reason)
  }

  deinit {
    if !isReleased { try? unmap(reason: "region deinitialized") }
  }

  private func unmap(reason: String) throws(ExecutableMemoryError) {
    guard munmap(baseAddress, byteCount) == 0 else {
      let code = errno
      throw ExecutableMemoryError.systemCall("munmap", errno: code)
    }
    for (run, state) in runs(in: 0..<pageStates.count) {
      log.append(addresses: addresses(ofPages: run), from: state, to: .unmapped, reason: reason)
    }
    isReleased = true
  }

  // MARK: - The one choke point for page permissions

  /// Changes the protection of `pages` to `target` with one `mprotect` and
  /// records one witness record a run of pages that shared a state. A refused
  /// change is recorded too (with its errno) and thrown.
  func transition(_ pages: Range<Int>, to target: PageState, reason: String, digest: UInt64? = nil)
    throws(ExecutableMemoryError)
  {
    let before = runs(in: pages)
    let start = baseAddress + pages.lowerBound * pageSize
    if mprotect(start, pages.count * pageSize, PageProtection(target).flags) != 0 {
      let code = errno
      for (run, state) in before {
        log.append(
          addresses: addresses(ofPages: run), from: state, to: target, reason: reason,
          refusedWithErrno: code)
      }
      let from = before.map { $0.1.description }.joined(separator: "/")
      throw ExecutableMemoryError.systemCall("mprotect(\(from) -> \(target))", errno: code)
    }
    for (run, state) in before {
      log.append(
        addresses: addresses(ofPages: run), from: state, to: target, reason: reason, digest: digest)
    }
    pageStates.replaceSubrange(pages, with: repeatElement(target, count: pages.count))
  }

  /// Returns pages a refused seal left writable to no access. If even that
  /// fails, maps fresh inaccessible pages over them, which also drops their
  /// contents: nothing stays writable.
  func drop(_ pages: Range<Int>, reason: String) {
    if (try? transition(pages, to: .reserved, reason: reason)) != nil { return }
    let start = baseAddress + pages.lowerBound * pageSize
    let fresh = mmap(
      start, pages.count * pageSize, PageProtection.none.flags,
      MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED,
      -1, 0)
    let code = errno
    let replaced = fresh == start
    log.append(
      addresses: addresses(ofPages: pages), from: .writable, to: .reserved,
      reason: reason + " (remapped)",
      refusedWithErrno: replaced ? nil : code)
    if replaced {
      pageStates.replaceSubrange(pages, with: repeatElement(.reserved, count: pages.count))
    }
  }

  func closeWrite(id: Int) { openWrites[id] = nil }

  func reason(ofWrite id: Int) -> String { openWrites[id] ?? "?" }

  // MARK: - Pages and addresses

  func pages(covering range: Range<Int>) -> Range<Int> {
    (range.lowerBound / pageSize)..<((range.upperBound + pageSize - 1) / pageSize)
  }

  func addresses(ofPages pages: Range<Int>) -> Range<UInt> {
    let base = UInt(bitPattern: baseAddress)
    return (base + UInt(pages.lowerBound * pageSize))..<(base + UInt(pages.upperBound * pageSize))
  }

  /// Splits `pages` into maximal runs of equal state.
  private func runs(in pages: Range<Int>) -> [(Range<Int>, PageState)] {
    var result: [(Range<Int>, PageState)] = []
    var start = pages.lowerBound
    for page in pages
    where page + 1 == pages.upperBound || pageStates[page + 1] != pageStates[start] {
      result.append((start..<(page + 1), pageStates[start]))
      start = page + 1
    }
    return result
  }
}

/// Sealed machine code: a range of executable bytes in a region. It keeps
/// the region object alive, but `release()` still unmaps it; do not call into
/// code of a released region.
public struct ExecutableCode {
  public let region: ExecutableRegion
  /// Byte offsets into the region.
  public let range: Range<Int>

  /// The address of the first byte.
  public var start: UnsafeRawPointer { UnsafeRawPointer(region.baseAddress + range.lowerBound) }

  /// The address of byte `offset` of this code (an entry point or label).
  public func address(at offset: Int) -> UnsafeRawPointer {
    precondition(offset >= 0 && offset < range.count, "offset \(offset) is outside the code")
    return start + offset
  }
}
