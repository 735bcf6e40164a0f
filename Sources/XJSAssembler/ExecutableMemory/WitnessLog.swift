/// What a page of an executable region allows.
public enum PageState: UInt8, Sendable, CustomStringConvertible {
  /// Not mapped (before reserving, after releasing).
  case unmapped
  /// Mapped with no access (`---`).
  case reserved
  /// Readable and writable, not executable (`rw-`).
  case writable
  /// Readable and executable, not writable (`r-x`).
  case executable

  /// The permissions as `/proc/self/maps` prints them.
  public var description: String {
    switch self {
    case .unmapped: return "unmapped"
    case .reserved: return "---"
    case .writable: return "rw-"
    case .executable: return "r-x"
    }
  }
}

/// One page-state transition of executable memory, successful or refused.
public struct WitnessRecord: Sendable, Equatable, CustomStringConvertible {
  /// 1, 2, 3… in the order the transitions happened.
  public let sequence: Int
  /// The page-aligned address range that changed (or was to change).
  public let addresses: Range<UInt>
  public let from: PageState
  public let to: PageState
  /// Why: the caller's reason for the write, or what the allocator was doing.
  public let reason: String
  /// FNV-1a (64-bit) of the bytes that became executable, for seals.
  public let digest: UInt64?
  /// nil when the transition happened; the `errno` when the OS refused it.
  public let refusedWithErrno: Int32?

  public var description: String {
    let start = hex(addresses.lowerBound, width: 12)
    let end = hex(addresses.upperBound, width: 12)
    var text = "#\(sequence) \(start)-\(end) \(from) -> \(to) \"\(reason)\""
    if let digest { text += " fnv1a=\(hex(UInt(digest), width: 16))" }
    if let errno = refusedWithErrno { text += " REFUSED errno=\(errno)" }
    return text
  }
}

/// The record of every transition of the executable memory it is given to.
/// Regions append to it; embedders and tests read it back. Like the regions
/// it serves, it belongs to one thread at a time.
public final class WitnessLog: CustomStringConvertible {
  public private(set) var records: [WitnessRecord] = []

  public init() {}

  func append(
    addresses: Range<UInt>, from: PageState, to: PageState, reason: String, digest: UInt64? = nil,
    refusedWithErrno: Int32? = nil
  ) {
    records.append(
      WitnessRecord(
        sequence: records.count + 1, addresses: addresses, from: from, to: to, reason: reason,
        digest: digest,
        refusedWithErrno: refusedWithErrno))
  }

  /// One line a record.
  public var description: String { records.map(\.description).joined(separator: "\n") }
}

/// FNV-1a, 64-bit: a small, dependency-free digest of the sealed bytes.
func fnv1a64(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
  var hash: UInt64 = 0xCBF2_9CE4_8422_2325
  for byte in bytes {
    hash ^= UInt64(byte)
    hash = hash &* 0x0000_0100_0000_01B3
  }
  return hash
}

private func hex(_ value: UInt, width: Int) -> String {
  let digits = String(value, radix: 16)
  return "0x" + String(repeating: "0", count: max(0, width - digits.count)) + digits
}
