import XJSContent

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The content process's end of the channel, and its half of the conversation's rules: the
/// host's request ids only grow, a `hello` comes once and first, a `fetchReply` only answers
/// the `fetch` outstanding. Anything else (or a malformed frame) ends the process with a
/// `fatal(protocolViolation)` — never a crash, never a wait without end on a stalled frame.
final class HostConnection {
  let channel: MessageChannel
  private var lastRequestID: UInt32 = 0
  private var nextFetchID: UInt32 = 1

  init(descriptor: Int32) { channel = MessageChannel(descriptor: descriptor) }

  /// The next request; nil when the host closed the channel (the content process then exits).
  func nextRequest(deadline: UInt64? = nil) -> Envelope<HostMessage>? {
    switch channel.receive(deadline: deadline) {
    case .success(let body):
      let envelope: Envelope<HostMessage>
      do { envelope = try Envelope<HostMessage>(body: body) } catch { violated(error.message) }
      guard envelope.id > lastRequestID else {
        violated("request id \(envelope.id) does not follow \(lastRequestID)")
      }
      lastRequestID = envelope.id
      if case .fetchReply = envelope.message { violated("a fetch reply with no fetch outstanding") }
      return envelope
    case .failure(.closed): return nil
    case .failure(.timedOut): violated("the host sent nothing in time")
    case .failure(.malformed(let why)): violated(why)
    }
  }

  /// Asks the host for a resource of the page and waits for its answer.
  func fetch(_ url: String) -> FetchOutcome {
    let id = nextFetchID
    nextFetchID += 1
    guard channel.send(Envelope(id: id, ContentMessage.fetch(url: url)).frame) else { hostGone() }
    switch channel.receive(deadline: monotonicNow() + 60_000_000_000) {
    case .success(let body):
      let envelope: Envelope<HostMessage>
      do { envelope = try Envelope<HostMessage>(body: body) } catch { violated(error.message) }
      guard envelope.id == id, case .fetchReply(let outcome) = envelope.message else {
        violated("expected the reply to fetch \(id), got \(envelope.message) with id \(envelope.id)")
      }
      return outcome
    case .failure(.closed): hostGone()
    case .failure(.timedOut): violated("no answer to fetch \(id) within 60 s")
    case .failure(.malformed(let why)): violated(why)
    }
  }

  /// The largest frame body the host accepts (from its hello).
  var maximumMessageBytes = 64 << 20

  /// Sends a message, never one larger than the host accepts: an answer that would not fit
  /// becomes a `failed` reply, a console line too long is cut short.
  func send(_ message: ContentMessage, id: UInt32) {
    var frame = Envelope(id: id, message).frame
    if frame.count - 4 > maximumMessageBytes {
      switch message {
      case .reply:
        let failure = "the answer is \(frame.count - 4) bytes, over the message limit of \(maximumMessageBytes)"
        frame = Envelope(id: id, ContentMessage.reply(.failed(failure))).frame
      case .console(let stream, let text):
        // Cut on a character boundary: drop a sequence the cut went through.
        var kept = Array(text.utf8.prefix(maximumMessageBytes - 64))
        var end = kept.count
        while end > 0 && kept[end - 1] & 0xC0 == 0x80 { end -= 1 }
        if end > 0 && kept[end - 1] >= 0xC0 {
          let length = kept[end - 1] >= 0xF0 ? 4 : kept[end - 1] >= 0xE0 ? 3 : 2
          if kept.count - (end - 1) < length { kept.removeSubrange((end - 1)...) }
        }
        frame =
          Envelope(id: id, ContentMessage.console(stream, String(decoding: kept, as: UTF8.self) + " … [cut short]"))
          .frame
      default: break
      }
    }
    guard channel.send(frame) else { hostGone() }
  }

  func console(_ stream: ConsoleStream, _ text: String) { send(.console(stream, text), id: 0) }

  /// Tells the host why, then exits with the reason's status.
  func fail(_ reason: ContentFatalReason, _ detail: String) -> Never {
    _ = channel.send(Envelope(id: 0, ContentMessage.fatal(reason, detail)).frame)
    fputs("xjs content: \(detail)\n", stderr)
    exit(reason.exitStatus)
  }

  private func violated(_ why: String) -> Never { fail(.protocolViolation, "protocol violation by the host: \(why)") }

  /// The host is gone: nobody is left to serve.
  private func hostGone() -> Never { exit(0) }
}
