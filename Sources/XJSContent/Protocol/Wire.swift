// Encoding and strict decoding of the protocol's frames (Messages.swift has the format).

/// Why a frame was refused.
public struct ProtocolError: Error, Equatable, Sendable, CustomStringConvertible {
  public var message: String
  public init(_ message: String) { self.message = message }
  public var description: String { message }
}

/// Builds a frame's body.
struct WireWriter {
  private(set) var bytes: [UInt8] = []

  init(kind: UInt8, id: UInt32) {
    bytes.reserveCapacity(64)
    bytes.append(kind)
    append(id)
  }

  mutating func append(_ value: Bool) { bytes.append(value ? 1 : 0) }
  mutating func append(_ value: UInt8) { bytes.append(value) }

  mutating func append<Integer: FixedWidthInteger>(_ value: Integer) {
    withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
  }

  mutating func append(_ text: String) {
    var copy = text
    copy.withUTF8 { utf8 in
      append(UInt32(utf8.count))
      bytes.append(contentsOf: utf8)
    }
  }

  /// The frame: the body's length, then the body.
  var frame: [UInt8] {
    var frame: [UInt8] = []
    frame.reserveCapacity(bytes.count + 4)
    withUnsafeBytes(of: UInt32(bytes.count).littleEndian) { frame.append(contentsOf: $0) }
    frame.append(contentsOf: bytes)
    return frame
  }
}

/// Reads a frame's body, refusing anything that does not fit exactly.
struct WireReader {
  private let bytes: [UInt8]
  private var offset = 0

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  mutating func byte() throws(ProtocolError) -> UInt8 {
    guard offset < bytes.count else { throw ProtocolError("the message ends inside a field") }
    offset += 1
    return bytes[offset - 1]
  }

  mutating func bool() throws(ProtocolError) -> Bool {
    switch try byte() {
    case 0: return false
    case 1: return true
    case let other: throw ProtocolError("a boolean field holds \(other)")
    }
  }

  mutating func integer<Integer: FixedWidthInteger>(_: Integer.Type = Integer.self) throws(ProtocolError) -> Integer {
    let size = MemoryLayout<Integer>.size
    guard bytes.count - offset >= size else { throw ProtocolError("the message ends inside a field") }
    var value: Integer = 0
    for index in 0..<size { value |= Integer(truncatingIfNeeded: bytes[offset + index]) << (8 * index) }
    offset += size
    return value
  }

  mutating func string() throws(ProtocolError) -> String {
    let count = Int(try integer(UInt32.self))
    guard bytes.count - offset >= count else { throw ProtocolError("a string runs past the end of the message") }
    let slice = bytes[offset..<offset + count]
    offset += count
    guard let text = String(validating: slice, as: UTF8.self) else {
      throw ProtocolError("a string is not valid UTF-8")
    }
    return text
  }

  func finish() throws(ProtocolError) {
    guard offset == bytes.count else { throw ProtocolError("\(bytes.count - offset) bytes follow the last field") }
  }
}

// MARK: - Host messages

extension Envelope where Message == HostMessage {
  /// The frame that carries this message.
  public var frame: [UInt8] {
    var writer = WireWriter(kind: message.kind, id: id)
    switch message {
    case .hello(let version, let policy):
      writer.append(version)
      writer.append(policy.allowsJIT)
      writer.append(policy.eagerJIT)
      writer.append(policy.heapLimit)
      writer.append(policy.taskTimeLimitMilliseconds)
      writer.append(policy.locksDown)
      writer.append(policy.exposesFFI)
      writer.append(policy.gcStress)
      writer.append(policy.maximumMessageBytes)
    case .loadPage(let url, let name, let markup):
      writer.append(url)
      writer.append(name)
      writer.append(markup)
    case .evaluate(let source, let sourceURL):
      writer.append(source)
      writer.append(sourceURL)
    case .dispatchEvent(let selector, let type, let bubbles, let cancelable):
      writer.append(selector)
      writer.append(type)
      writer.append(bubbles)
      writer.append(cancelable)
    case .settle(let milliseconds): writer.append(milliseconds)
    case .getDocument, .getStatus, .getWitnessLog, .shutdown: break
    case .fetchReply(.source(let source, let name)):
      writer.append(true)
      writer.append(source)
      writer.append(name)
    case .fetchReply(.failure(let message)):
      writer.append(false)
      writer.append(message)
    }
    return writer.frame
  }

  /// Decodes a frame's body (what follows its length).
  public init(body: [UInt8]) throws(ProtocolError) {
    var reader = WireReader(body)
    let kind = try reader.byte()
    let id = try reader.integer(UInt32.self)
    let message: HostMessage
    switch kind {
    case 1:
      let version = try reader.integer(UInt16.self)
      let policy = WirePolicy(
        allowsJIT: try reader.bool(), eagerJIT: try reader.bool(), heapLimit: try reader.integer(),
        taskTimeLimitMilliseconds: try reader.integer(), locksDown: try reader.bool(), exposesFFI: try reader.bool(),
        gcStress: try reader.bool(), maximumMessageBytes: try reader.integer())
      message = .hello(version: version, policy: policy)
    case 2: message = .loadPage(url: try reader.string(), name: try reader.string(), markup: try reader.string())
    case 3: message = .evaluate(source: try reader.string(), sourceURL: try reader.string())
    case 4:
      message = .dispatchEvent(
        selector: try reader.string(), type: try reader.string(), bubbles: try reader.bool(),
        cancelable: try reader.bool())
    case 5: message = .settle(milliseconds: try reader.integer())
    case 6: message = .getDocument
    case 7: message = .getStatus
    case 8: message = .getWitnessLog
    case 9:
      if try reader.bool() {
        message = .fetchReply(.source(try reader.string(), name: try reader.string()))
      } else {
        message = .fetchReply(.failure(try reader.string()))
      }
    case 10: message = .shutdown
    default: throw ProtocolError("unknown host message kind \(kind)")
    }
    try reader.finish()
    self.init(id: id, message)
  }
}

// MARK: - Content messages

extension Envelope where Message == ContentMessage {
  public var frame: [UInt8] {
    var writer = WireWriter(kind: message.kind, id: id)
    switch message {
    case .ready(let version, let status):
      writer.append(version)
      writer.append(status)
    case .status(let status): writer.append(status)
    case .reply(let outcome):
      switch outcome {
      case .value(let text):
        writer.append(UInt8(0))
        writer.append(text)
      case .exception(let text):
        writer.append(UInt8(1))
        writer.append(text)
      case .syntaxError(let text):
        writer.append(UInt8(2))
        writer.append(text)
      case .failed(let text):
        writer.append(UInt8(3))
        writer.append(text)
      }
    case .console(let stream, let text):
      writer.append(stream.rawValue)
      writer.append(text)
    case .fetch(let url): writer.append(url)
    case .fatal(let reason, let text):
      writer.append(reason.rawValue)
      writer.append(text)
    }
    return writer.frame
  }

  public init(body: [UInt8]) throws(ProtocolError) {
    var reader = WireReader(body)
    let kind = try reader.byte()
    let id = try reader.integer(UInt32.self)
    let message: ContentMessage
    switch kind {
    case 64: message = .ready(version: try reader.integer(), status: try reader.status())
    case 65:
      let tag = try reader.byte()
      let text = try reader.string()
      switch tag {
      case 0: message = .reply(.value(text))
      case 1: message = .reply(.exception(text))
      case 2: message = .reply(.syntaxError(text))
      case 3: message = .reply(.failed(text))
      default: throw ProtocolError("unknown reply outcome \(tag)")
      }
    case 66: message = .status(try reader.status())
    case 67:
      let raw = try reader.byte()
      guard let stream = ConsoleStream(rawValue: raw) else { throw ProtocolError("unknown console stream \(raw)") }
      message = .console(stream, try reader.string())
    case 68: message = .fetch(url: try reader.string())
    case 69:
      let raw = try reader.byte()
      guard let reason = ContentFatalReason(rawValue: raw) else { throw ProtocolError("unknown fatal reason \(raw)") }
      message = .fatal(reason, try reader.string())
    default: throw ProtocolError("unknown content message kind \(kind)")
    }
    try reader.finish()
    self.init(id: id, message)
  }
}

extension WireWriter {
  fileprivate mutating func append(_ status: ContentStatus) {
    append(status.processID)
    append(status.jitEnabled)
    append(status.jitStatus)
    append(status.memoryDenyWriteExecute)
    append(status.memoryDenyWriteExecuteNote)
    append(status.sandboxed)
    append(status.noNewPrivileges)
    append(status.heapBytes)
    append(status.pageURL)
  }
}

extension WireReader {
  fileprivate mutating func status() throws(ProtocolError) -> ContentStatus {
    ContentStatus(
      processID: try integer(), jitEnabled: try bool(), jitStatus: try string(), memoryDenyWriteExecute: try bool(),
      memoryDenyWriteExecuteNote: try string(), sandboxed: try bool(), noNewPrivileges: try bool(),
      heapBytes: try integer(), pageURL: try string())
  }
}
