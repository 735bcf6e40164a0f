#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why an executable-memory operation failed.
public struct ExecutableMemoryError: Error, Equatable, Sendable, CustomStringConvertible {
  public enum Cause: Equatable, Sendable {
    /// The OS refused to make pages executable: `prctl(PR_SET_MDWE)`, systemd
    /// `MemoryDenyWriteExecute=yes`, or an SELinux `execmem` denial (EACCES/EPERM).
    case executionRefusedByPolicy
    /// The kernel could not map or split the mapping (ENOMEM).
    case outOfMemory
    /// A byte range outside the region, or empty.
    case invalidRange
    /// Some pages of the range are already being written through another token.
    case pagesBusy
    /// The region has an open write token and cannot be released.
    case writeInProgress
    /// The region was already released.
    case regionReleased
    /// Any other failure of a system call.
    case systemCallFailed
  }

  public let cause: Cause
  /// The system call that failed, such as `mprotect(rw- → r-x)`, or the check that refused.
  public let operation: String
  /// The `errno` the system call set, when one failed.
  public let errno: Int32?

  init(_ cause: Cause, operation: String, errno: Int32? = nil) {
    self.cause = cause
    self.operation = operation
    self.errno = errno
  }

  /// Classifies the `errno` of a failed `mmap`/`mprotect`.
  static func systemCall(_ operation: String, errno code: Int32) -> ExecutableMemoryError {
    let cause: Cause
    switch code {
    case EACCES, EPERM: cause = .executionRefusedByPolicy
    case ENOMEM: cause = .outOfMemory
    default: cause = .systemCallFailed
    }
    return ExecutableMemoryError(cause, operation: operation, errno: code)
  }

  public var description: String {
    var text = "\(operation) failed: \(cause)"
    if let errno { text += " (errno \(errno): \(String(cString: strerror(errno))))" }
    return text
  }
}
