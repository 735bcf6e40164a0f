import Testing

@testable import XJSContent

#if canImport(Glibc)
  import Glibc
#endif

/// A small deterministic generator (xorshift), so a failure names its seed.
struct Generator {
  var state: UInt64
  init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 | 1 }
  mutating func next() -> UInt64 {
    state ^= state << 13
    state ^= state >> 7
    state ^= state << 17
    return state
  }
  mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(max(bound, 1))) }
  mutating func bytes(_ count: Int) -> [UInt8] { (0..<count).map { _ in UInt8(truncatingIfNeeded: next()) } }
}

/// Byte flips, truncations, insertions and spliced random bytes of a frame body.
func mutate(_ body: [UInt8], _ random: inout Generator) -> [UInt8] {
  var bytes = body
  for _ in 0..<(1 + random.below(4)) {
    switch random.below(5) {
    case 0 where !bytes.isEmpty: bytes[random.below(bytes.count)] ^= UInt8(1 << random.below(8))
    case 1 where !bytes.isEmpty: bytes.removeLast(random.below(bytes.count))
    case 2: bytes.insert(contentsOf: random.bytes(1 + random.below(8)), at: random.below(bytes.count + 1))
    case 3 where bytes.count > 5: bytes[random.below(bytes.count)] = [0, 1, 0xff, 0x80, 0x7f][random.below(5)]
    default: bytes += random.bytes(random.below(16))
    }
  }
  return bytes
}

let sampleHostMessages: [HostMessage] = [
  .hello(
    version: contentProtocolVersion,
    policy: WirePolicy(allowsJIT: true, heapLimit: 1 << 24, taskTimeLimitMilliseconds: 500)),
  .loadPage(url: "about:blank", name: "page", markup: "<p id=x>é</p><script>console.log(1)</script>"),
  .evaluate(source: "1 + 2", sourceURL: "<host>"),
  .dispatchEvent(selector: "#x", type: "click", bubbles: true, cancelable: false),
  .settle(milliseconds: 5), .getDocument, .getStatus, .getWitnessLog,
  .fetchReply(.source("x()", name: "x.js")), .fetchReply(.failure("no")), .shutdown,
]

let sampleStatus = ContentStatus(
  processID: 42, jitEnabled: false, jitStatus: "off: refused", memoryDenyWriteExecute: true,
  memoryDenyWriteExecuteNote: "set", sandboxed: true, noNewPrivileges: true, heapBytes: 1 << 20, pageURL: "file:///p")

let sampleContentMessages: [ContentMessage] = [
  .ready(version: 1, status: sampleStatus), .status(sampleStatus), .reply(.value("3")), .reply(.exception("E")),
  .reply(.syntaxError("S")), .reply(.failed("F")), .console(.standardError, "line"), .fetch(url: "x.js"),
  .fatal(.heapLimit, "heap"),
]

@Suite struct ProtocolTests {
  @Test func everyMessageSurvivesARoundTrip() throws {
    for (index, message) in sampleHostMessages.enumerated() {
      let frame = Envelope(id: UInt32(index + 1), message).frame
      #expect(Int(frame[0]) | Int(frame[1]) << 8 | Int(frame[2]) << 16 | Int(frame[3]) << 24 == frame.count - 4)
      #expect(try Envelope<HostMessage>(body: Array(frame.dropFirst(4))) == Envelope(id: UInt32(index + 1), message))
    }
    for (index, message) in sampleContentMessages.enumerated() {
      let frame = Envelope(id: UInt32(index), message).frame
      #expect(try Envelope<ContentMessage>(body: Array(frame.dropFirst(4))) == Envelope(id: UInt32(index), message))
    }
  }

  @Test func malformedBodiesAreRefusedWithAReason() {
    let valid = Array(Envelope(id: 1, HostMessage.evaluate(source: "x", sourceURL: "y")).frame.dropFirst(4))
    #expect(throws: ProtocolError("1 bytes follow the last field")) { try Envelope<HostMessage>(body: valid + [0]) }
    #expect(throws: ProtocolError.self) { try Envelope<HostMessage>(body: Array(valid.dropLast())) }
    #expect(throws: ProtocolError("unknown host message kind 99")) {
      try Envelope<HostMessage>(body: [99, 1, 0, 0, 0])
    }
    var badUTF8 = valid
    badUTF8[9] = 0xff
    #expect(throws: ProtocolError("a string is not valid UTF-8")) { try Envelope<HostMessage>(body: badUTF8) }
    let badBool: [UInt8] = [4, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0]
    #expect(throws: ProtocolError("a boolean field holds 2")) { try Envelope<HostMessage>(body: badBool) }
    let hugeString: [UInt8] = [3, 1, 0, 0, 0, 0xff, 0xff, 0xff, 0x7f]
    #expect(throws: ProtocolError("a string runs past the end of the message")) {
      try Envelope<HostMessage>(body: hugeString)
    }
  }

  /// 200,000 random and mutated bodies through both decoders: each one decodes or is refused.
  @Test func decodersRefuseWhatTheyCannotReadAndNeverCrash() {
    var random = Generator(seed: 7)
    let bodies =
      sampleHostMessages.map { Array(Envelope(id: 3, $0).frame.dropFirst(4)) }
      + sampleContentMessages.map { Array(Envelope(id: 3, $0).frame.dropFirst(4)) }
    var decoded = 0
    var refused = 0
    for round in 0..<200_000 {
      let body =
        round % 5 == 0 ? random.bytes(random.below(40)) : mutate(bodies[random.below(bodies.count)], &random)
      for decodes in [{ _ = try Envelope<HostMessage>(body: body) }, { _ = try Envelope<ContentMessage>(body: body) }] {
        do {
          try decodes()
          decoded += 1
        } catch {
          refused += 1
        }
      }
    }
    #expect(decoded > 1000 && refused > 100_000, "decoded \(decoded), refused \(refused)")
  }
}

/// A real `xjs content` driven by hand over its channel.
final class RawContentProcess {
  let pid: pid_t
  let channel: MessageChannel

  init() throws {
    let (pid, descriptor) = try ContentExecutable.spawn(xjsExecutable)
    self.pid = pid
    channel = MessageChannel(descriptor: descriptor)
  }

  func send(_ message: HostMessage, id: UInt32) { channel.send(Envelope(id: id, message).frame) }

  func sendHello(id: UInt32 = 1) {
    send(.hello(version: contentProtocolVersion, policy: testWirePolicy), id: id)
  }

  /// The next message, or nil (closed, malformed, nothing within 20 s).
  func receive() -> Envelope<ContentMessage>? {
    guard case .success(let body) = channel.receive(deadline: monotonicNow() + 20_000_000_000) else { return nil }
    return try? Envelope<ContentMessage>(body: body)
  }

  /// Waits for the process to end (up to `seconds`); its wait status, or nil if it did not.
  func waitForExit(seconds: Int = 20) -> Int32? {
    for _ in 0..<(seconds * 100) {
      var status: Int32 = 0
      if waitpid(pid, &status, WNOHANG) == pid { return status }
      usleep(10_000)
    }
    kill(pid, SIGKILL)
    return nil
  }
}

let testWirePolicy = WirePolicy(allowsJIT: true, heapLimit: 32 << 20, taskTimeLimitMilliseconds: 500)

@Suite struct ContentSideProtocolTests {
  /// Each way of breaking the conversation ends the content process with status 67 (a
  /// protocol violation), never a signal.
  @Test(arguments: 0..<10)
  func brokenConversationsEndWithAProtocolViolation(_ scenario: Int) throws {
    let content = try RawContentProcess()
    switch scenario {
    case 0: content.send(.getStatus, id: 1)  // the first message is not hello
    case 1: content.send(.hello(version: 99, policy: testWirePolicy), id: 1)
    case 2:
      content.sendHello()
      _ = content.receive()
      content.sendHello(id: 2)  // a second hello
    case 3:
      content.sendHello(id: 5)
      _ = content.receive()
      content.send(.getStatus, id: 4)  // an id that goes back
    case 4:
      content.sendHello()
      _ = content.receive()
      content.send(.fetchReply(.failure("unasked")), id: 2)
    case 5: content.channel.send([0xff, 0xff, 0xff, 0x7f] + [1])  // over the size limit
    case 6: content.channel.send([2, 0, 0, 0, 1, 0])  // too short for a message
    case 7: content.channel.send([5, 0, 0, 0, 200, 1, 0, 0, 0])  // unknown kind
    case 8:
      content.channel.send([100, 0, 0, 0, 3, 1])  // a frame cut short, then the end
      shutdown(content.channel.descriptor, Int32(SHUT_WR))
    default:
      content.sendHello()
      _ = content.receive()
      var body = Array(Envelope(id: 2, HostMessage.evaluate(source: "1", sourceURL: "x")).frame)
      body[13] = 0xfe  // a string that is not UTF-8
      content.channel.send(body)
    }
    let status = try #require(content.waitForExit())
    #expect(terminatingSignal(status) == 0, "scenario \(scenario) ended by signal \(terminatingSignal(status))")
    #expect(exitCode(status) == ContentFatalReason.protocolViolation.exitStatus, "scenario \(scenario)")
  }

  /// A host that starts a frame and stops sending cannot hang the content process: it gives up
  /// after its frame timeout (10 s).
  @Test func aStalledFrameEndsTheConversation() throws {
    let content = try RawContentProcess()
    content.sendHello()
    _ = content.receive()
    content.channel.send([100, 0, 0, 0, 3, 2, 0])
    let status = try #require(content.waitForExit(seconds: 30))
    #expect(exitCode(status) == ContentFatalReason.protocolViolation.exitStatus)
  }

  /// Random and mutated frames from a host, after a valid hello: the content process answers,
  /// refuses, or stops at a limit; it is never killed by a signal and never hangs.
  @Test(arguments: 0..<24)
  func mutatedHostFramesNeverCrashTheContentProcess(_ seed: Int) throws {
    var random = Generator(seed: UInt64(seed) + 100)
    let content = try RawContentProcess()
    content.sendHello()
    guard let ready = content.receive(), case .ready = ready.message else {
      Issue.record("no ready")
      return
    }
    var id: UInt32 = 2
    for _ in 0..<(1 + random.below(6)) {
      let message = sampleHostMessages[1 + random.below(sampleHostMessages.count - 2)]
      let frame = Array(Envelope(id: id, message).frame)
      id += 1
      if random.below(3) == 0 {
        content.channel.send(frame)
      } else {
        let body = mutate(Array(frame.dropFirst(4)), &random)
        var length = UInt32(body.count)
        if random.below(8) == 0 { length = UInt32(truncatingIfNeeded: random.next()) }
        content.channel.send(withUnsafeBytes(of: length.littleEndian, Array.init) + body)
      }
      // Read what comes back for a moment (answers, console lines) so the socket never fills.
      while content.channel.hasInput(milliseconds: 50) {
        if case .failure = content.channel.receive(deadline: monotonicNow() + 1_000_000_000) { break }
      }
    }
    shutdown(content.channel.descriptor, Int32(SHUT_WR))
    while case .success = content.channel.receive(deadline: monotonicNow() + 15_000_000_000) {}
    let status = try #require(content.waitForExit(seconds: 20), "seed \(seed): no exit")
    #expect(terminatingSignal(status) == 0, "seed \(seed): signal \(terminatingSignal(status))")
    #expect([0, 65, 66, 67].contains(exitCode(status)), "seed \(seed): status \(exitCode(status))")
  }
}

/// A fake content process (Python, /usr/bin/python3) that answers the host with mutated and
/// random frames: the host refuses them, kills the process, and says why; it never crashes
/// and never waits without end.
@Suite struct HostSideProtocolTests {
  static let fakeContent = """
    import os, random, struct, sys, time
    rng = random.Random(SEED)
    fd = 3

    def read_exactly(n):
        data = b''
        while len(data) < n:
            chunk = os.read(fd, n - len(data))
            if not chunk:
                sys.exit(0)
            data += chunk
        return data

    def read_frame():
        (length,) = struct.unpack('<I', read_exactly(4))
        body = read_exactly(length)
        return body[0], struct.unpack('<I', body[1:5])[0]

    def string(text):
        data = text.encode()
        return struct.pack('<I', len(data)) + data

    def status():
        return (struct.pack('<i', os.getpid()) + b'\\x00' + string('off: fake') + b'\\x00' + string('')
                + b'\\x00\\x00' + struct.pack('<Q', 0) + string(''))

    def frame(kind, ident, fields):
        body = bytes([kind]) + struct.pack('<I', ident) + fields
        return struct.pack('<I', len(body)) + body

    def mutated(data):
        data = bytearray(data)
        for _ in range(rng.randint(1, 4)):
            choice = rng.randint(0, 4)
            if choice == 0 and len(data) > 4:
                data[rng.randrange(4, len(data))] ^= 1 << rng.randrange(8)
            elif choice == 1 and len(data) > 5:
                del data[rng.randrange(5, len(data)):]
            elif choice == 2:
                data[0:4] = struct.pack('<I', rng.getrandbits(32))
            elif choice == 3:
                data += bytes(rng.getrandbits(8) for _ in range(rng.randint(1, 8)))
            else:
                data[4:5] = bytes([rng.choice([1, 63, 64, 65, 66, 67, 68, 69, 70, 200])])
        return bytes(data)

    kind, ident = read_frame()
    ready = frame(64, ident, struct.pack('<H', 1) + status())
    mode = SEED % 4
    if mode == 0:
        os.write(fd, mutated(ready))
    elif mode == 1:
        os.write(fd, bytes(rng.getrandbits(8) for _ in range(rng.randint(1, 64))))
    else:
        os.write(fd, ready)
        while True:
            kind, ident = read_frame()
            answers = [
                frame(65, ident, b'\\x00' + string('1')),
                frame(65, ident + 1, b'\\x00' + string('wrong id')),
                frame(68, 1, string('x.js')),
                frame(67, 0, b'\\x00' + string('console')),
                frame(66, ident, status()),
            ]
            answer = rng.choice(answers)
            if mode == 3 or rng.random() < 0.5:
                answer = mutated(answer)
            if rng.random() < 0.1:
                os.write(fd, answer[:rng.randrange(1, len(answer))])
                time.sleep(3)
            os.write(fd, answer)
    time.sleep(3)
    """

  @Test(arguments: 0..<32)
  func mutatedContentFramesNeverCrashTheHost(_ seed: Int) throws {
    let script = temporaryFile(
      "fake-content.py",
      "#!/usr/bin/python3\nSEED = \(seed)\n" + Self.fakeContent)
    chmod(script, 0o755)
    var policy = testPolicy(timeLimit: .milliseconds(500))
    policy.executablePath = script
    policy.messageTimeout = .seconds(1)
    policy.requestTimeLimit = .seconds(1)
    let start = monotonicNow()
    do {
      let process = try ContentProcess(policy: policy)
      #expect(process.launchStatus?.jitStatus == "off: fake")
      for _ in 0..<4 {
        do {
          _ = try process.evaluate("1")
          _ = try process.status()
        } catch {
          // Refused: the host closed the channel and killed the process; it says why.
          #expect(process.interruption != nil, "seed \(seed): \(error)")
          break
        }
      }
      process.terminate()
    } catch {
      // Seeds 2 and 3 (mod 4) send a valid ready: their launch succeeds.
      #expect(seed % 4 < 2, "seed \(seed): \(error)")
      if case .launchFailed = error {} else { Issue.record("seed \(seed): \(error)") }
    }
    #expect(monotonicNow() - start < 15_000_000_000, "seed \(seed) took too long")
  }
}
