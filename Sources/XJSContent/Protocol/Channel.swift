#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One end of the socketpair: whole frames out, whole frames in, never trusting the peer's
/// framing. A length past `maximumFrameBytes` is refused before anything is allocated; a frame
/// that starts must finish within `frameTimeout`, so a peer that stalls mid-frame cannot hang
/// the reader; writes never raise SIGPIPE.
public final class MessageChannel: @unchecked Sendable {
  public let descriptor: Int32
  public let maximumFrameBytes: Int
  /// How long the rest of a frame may take once its first byte arrived, and how long a send
  /// may wait for a peer that does not read.
  public var frameTimeout: Duration = .seconds(10) { didSet { applySendTimeout() } }
  private(set) var isClosed = false

  public init(descriptor: Int32, maximumFrameBytes: Int = 64 << 20) {
    self.descriptor = descriptor
    self.maximumFrameBytes = maximumFrameBytes
    applySendTimeout()
  }

  /// A peer that stops reading cannot block a send for longer than `frameTimeout`.
  private func applySendTimeout() {
    let nanoseconds = max(frameTimeout.nanoseconds, 1_000_000)
    var timeout = timeval(tv_sec: Int(nanoseconds / 1_000_000_000), tv_usec: Int(nanoseconds % 1_000_000_000 / 1000))
    _ = setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
  }

  deinit { close() }

  public func close() {
    if isClosed { return }
    isClosed = true
    _ = Glibc.close(descriptor)
  }

  /// Why a receive gave no frame.
  public enum ReceiveFailure: Error, Equatable, Sendable {
    /// The peer closed its end (or died).
    case closed
    /// Nothing arrived before the deadline.
    case timedOut
    /// The peer broke the framing; the channel must be closed.
    case malformed(String)
  }

  /// Sends one frame whole (false when the peer is gone).
  @discardableResult
  public func send(_ frame: [UInt8]) -> Bool {
    if isClosed { return false }
    var sent = 0
    while sent < frame.count {
      let count = frame.withUnsafeBytes { bytes in
        Glibc.send(descriptor, bytes.baseAddress! + sent, bytes.count - sent, Int32(MSG_NOSIGNAL))
      }
      if count < 0 {
        if errno == EINTR { continue }
        if errno == EAGAIN || errno == EWOULDBLOCK {
          if !waitFor(events: Int16(POLLOUT), until: monotonicNow() + UInt64(frameTimeout.nanoseconds)) {
            return false
          }
          continue
        }
        return false
      }
      sent += count
    }
    return true
  }

  /// Waits until a frame starts (forever with a nil deadline, a monotonic instant in
  /// nanoseconds), then reads all of it within `frameTimeout`; returns its body.
  public func receive(deadline: UInt64? = nil) -> Result<[UInt8], ReceiveFailure> {
    if isClosed { return .failure(.closed) }
    if !waitFor(events: Int16(POLLIN), until: deadline) { return .failure(.timedOut) }
    let frameDeadline = monotonicNow() + UInt64(frameTimeout.nanoseconds)
    var header = [UInt8](repeating: 0, count: 4)
    switch readExactly(&header, deadline: frameDeadline) {
    case .success: break
    case .failure(.closed(let partial)):
      return .failure(partial ? .malformed("the peer closed the channel inside a frame") : .closed)
    case .failure(.timedOut): return .failure(.malformed("a frame stalled inside its length"))
    }
    let length = Int(header[0]) | Int(header[1]) << 8 | Int(header[2]) << 16 | Int(header[3]) << 24
    guard length >= 5 else { return .failure(.malformed("a frame of \(length) bytes is too short for a message")) }
    guard length <= maximumFrameBytes else {
      return .failure(.malformed("a frame of \(length) bytes is over the limit of \(maximumFrameBytes)"))
    }
    var body = [UInt8](repeating: 0, count: length)
    switch readExactly(&body, deadline: frameDeadline) {
    case .success: return .success(body)
    case .failure(.closed): return .failure(.malformed("the peer closed the channel inside a frame"))
    case .failure(.timedOut): return .failure(.malformed("a frame stalled: \(length) bytes announced, fewer sent"))
    }
  }

  /// Whether bytes (or the end) are waiting within `milliseconds`.
  public func hasInput(milliseconds: Int32 = 0) -> Bool {
    waitFor(events: Int16(POLLIN), until: monotonicNow() + UInt64(max(0, milliseconds)) * 1_000_000)
  }

  private enum ReadFailure: Error {
    case closed(partial: Bool)
    case timedOut
  }

  private func readExactly(_ buffer: inout [UInt8], deadline: UInt64) -> Result<Void, ReadFailure> {
    var filled = 0
    while filled < buffer.count {
      if !waitFor(events: Int16(POLLIN), until: deadline) { return .failure(.timedOut) }
      let count = buffer.withUnsafeMutableBytes { bytes in
        Glibc.recv(descriptor, bytes.baseAddress! + filled, bytes.count - filled, 0)
      }
      if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
      if count <= 0 { return .failure(.closed(partial: filled > 0)) }
      filled += count
    }
    return .success(())
  }

  /// Waits for `events` until the deadline (nil: forever); false when it passed first.
  private func waitFor(events: Int16, until deadline: UInt64?) -> Bool {
    var entry = pollfd(fd: descriptor, events: events, revents: 0)
    while true {
      var timeout: Int32 = -1
      if let deadline {
        let now = monotonicNow()
        if now >= deadline { timeout = 0 } else { timeout = Int32(clamping: (deadline - now + 999_999) / 1_000_000) }
      }
      let ready = poll(&entry, 1, timeout)
      if ready < 0 && errno == EINTR { continue }
      if ready > 0 { return true }
      if ready == 0, let deadline, monotonicNow() < deadline { continue }
      return false
    }
  }
}
/// The monotonic clock in nanoseconds.
public func monotonicNow() -> UInt64 {
  var now = timespec()
  clock_gettime(CLOCK_MONOTONIC, &now)
  return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
}

extension Duration {
  var nanoseconds: Int64 {
    let (seconds, attoseconds) = components
    return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
  }
}
