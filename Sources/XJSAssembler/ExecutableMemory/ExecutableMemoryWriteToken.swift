import CXJSSupport
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The only way to write into an `ExecutableRegion`: minted by
/// `beginWrite(range:reason:)`, which made its pages writable, and consumed by
/// `seal()`, which makes them executable. It cannot be copied, so there is
/// exactly one writer. Dropping it without sealing returns the pages to no
/// access (and records that).
public struct ExecutableMemoryWriteToken: ~Copyable {
  // All stored properties are trivial so that `seal()` can `discard self`.
  private let region: Unmanaged<ExecutableRegion>
  private let id: Int
  /// The byte offsets into the region this token may write.
  public let range: Range<Int>
  private let pages: Range<Int>

  init(region: ExecutableRegion, id: Int, range: Range<Int>, pages: Range<Int>) {
    self.region = .passRetained(region)
    self.id = id
    self.range = range
    self.pages = pages
  }

  /// Copies `bytes` to `offset` bytes past the start of the token's range.
  public func write(_ bytes: [UInt8], at offset: Int) throws(ExecutableMemoryError) {
    guard offset >= 0, offset <= range.count - bytes.count else {
      throw ExecutableMemoryError(
        .invalidRange, operation: "write \(bytes.count) bytes at \(offset) of \(range.count)")
    }
    let destination = region.takeUnretainedValue().baseAddress + range.lowerBound + offset
    bytes.withUnsafeBytes { source in
      if let start = source.baseAddress {
        destination.copyMemory(from: start, byteCount: source.count)
      }
    }
  }

  /// Gives `body` the writable bytes of the token's range. The buffer must
  /// not be used after `body` returns.
  public func withUnsafeMutableBytes<Result>(
    _ body: (UnsafeMutableRawBufferPointer) throws -> Result
  ) rethrows
    -> Result
  {
    let start = region.takeUnretainedValue().baseAddress + range.lowerBound
    return try body(UnsafeMutableRawBufferPointer(start: start, count: range.count))
  }

  /// Flushes the instruction cache for the range, makes its pages executable
  /// (and no longer writable), and records the transition with a digest of
  /// the pages' bytes. If the OS refuses, the pages are returned to no access
  /// and the error says why (`.executionRefusedByPolicy` under MDWE/SELinux).
  public consuming func seal() throws(ExecutableMemoryError) -> ExecutableCode {
    let region = self.region.takeRetainedValue()
    let (id, range, pages) = (self.id, self.range, self.pages)
    discard self
    let reason = region.reason(ofWrite: id)
    region.closeWrite(id: id)

    let start = region.baseAddress + range.lowerBound
    xjs_flush_instruction_cache(start, start + range.count)
    let pageStart = region.baseAddress + pages.lowerBound * region.pageSize
    let digest = fnv1a64(
      UnsafeRawBufferPointer(start: pageStart, count: pages.count * region.pageSize))
    do {
      try region.transition(pages, to: .executable, reason: reason, digest: digest)
    } catch {
      region.drop(pages, reason: "seal refused: \(reason)")
      throw error
    }
    return ExecutableCode(region: region, range: range)
  }

  deinit {
    let region = self.region.takeRetainedValue()
    let reason = region.reason(ofWrite: id)
    region.closeWrite(id: id)
    region.drop(pages, reason: "write abandoned: \(reason)")
  }
}
