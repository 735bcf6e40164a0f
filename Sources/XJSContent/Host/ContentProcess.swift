import XJSEngine

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One content process seen from the host: an `xjs content` process, exec'd with a socketpair
/// and a policy fixed at launch, that loads one page at a time and runs its scripts in an
/// engine the host never shares memory with.
///
/// Requests (`loadPage`, `evaluate`, `dispatchEvent`, `settle`, `document`, `status`…) are
/// synchronous and made from one thread at a time; page code runs only while one is under
/// way, so the page's timers advance when the host asks (`settle`). While a request waits, the
/// host serves the scripts the page asks for (within the policy's readable directories) and
/// collects its console output. When the process dies without being asked to (a crash, a
/// kill from outside, a limit, the sandbox), the interruption handler is called, on a thread
/// of its own, and every request fails with `.interrupted` until `relaunch()`.
public final class ContentProcess: @unchecked Sendable {
  public let policy: ContentPolicy
  /// Called once per unexpected end of the process, on the monitor's thread.
  public var interruptionHandler: (@Sendable (ContentInterruption) -> Void)? {
    get { state.withLock { $0.handler } }
    set { state.withLock { $0.handler = newValue } }
  }
  /// Called for each line the page writes, on the requesting thread (the lines are also kept
  /// for `takeConsoleOutput()`).
  public var consoleHandler: ((ConsoleStream, String) -> Void)?

  /// The running process's id (of the last one after it ended).
  public private(set) var processID: Int32 = 0
  /// What the content process said of itself at launch (JIT mode and why, MDWE, sandbox).
  public private(set) var launchStatus: ContentStatus?

  private var channel: MessageChannel?
  private var monitor: ProcessMonitor?
  private var nextRequestID: UInt32 = 1
  private var lastFetchID: UInt32 = 0
  private var resources: PageResources?
  private var consoleLines: [(ConsoleStream, String)] = []
  private var consoleBytes = 0
  private var droppedConsoleLines = 0
  private let state = Locked(SharedState())

  /// What the monitor thread and the requesting thread share.
  private struct SharedState {
    var handler: (@Sendable (ContentInterruption) -> Void)?
    var interruption: ContentInterruption?
    /// Why the host killed the process (so the monitor reports that, not "killed").
    var killReason: (ContentInterruptionReason, String)?
    var terminatedByHost = false
    /// What the content process's `fatal` message said.
    var fatalDetail = ""
    /// A request (or the handshake) is reading the channel: an end the monitor sees meanwhile
    /// is reported once that reader has read everything the process sent (its `fatal`).
    var requestInFlight = false
    /// The wait status, once the process ended.
    var exitStatus: Int32?
  }

  /// Launches a content process and completes the handshake (`hello`, `ready`).
  public init(policy: ContentPolicy = ContentPolicy()) throws(ContentProcessError) {
    self.policy = policy
    try launch()
  }

  deinit { terminate() }

  /// Whether the process is up and answering requests.
  public var isRunning: Bool { channel != nil && state.withLock { $0.interruption == nil && !$0.terminatedByHost } }

  /// How the last process ended without being asked to, if it did.
  public var interruption: ContentInterruption? { state.withLock { $0.interruption } }

  // MARK: Requests

  /// Loads the page at `path` (read by the host) and runs its scripts; its external scripts
  /// are served from the policy's readable directories. Returns the page's load outcome:
  /// `.value("")`, or the first script failure is not fatal: errors are in the console.
  @discardableResult
  public func loadPage(path: String) throws(ContentProcessError) -> ScriptOutcome {
    let resources = PageResources(
      pagePath: path, documentRoots: policy.documentRoots,
      readableDirectories: policy.readableDirectories ?? [PageResources(pagePath: path).pageDirectory])
    guard let markup = FileModuleLoader.readUTF8File(path) else {
      return .failed("cannot open '\(path)': \(String(cString: strerror(errno)))")
    }
    return try loadPage(markup: markup, url: resources.pageURL, name: path, resources: resources)
  }

  /// Loads `markup` as the document at `url`; scripts resolve through `resources` (nil: the
  /// page may load none); errors in its inline scripts name `name` (nil: the URL).
  @discardableResult
  public func loadPage(
    markup: String, url: String, name: String? = nil, resources: PageResources? = nil
  ) throws(ContentProcessError) -> ScriptOutcome {
    self.resources = resources
    return try outcome(of: .loadPage(url: url, name: name ?? url, markup: markup), runsPageCode: true)
  }

  /// Evaluates a classic script in the page; the completion value rendered as `console.log`
  /// renders it.
  public func evaluate(_ source: String, sourceURL: String = "<host>") throws(ContentProcessError) -> ScriptOutcome {
    try outcome(of: .evaluate(source: source, sourceURL: sourceURL), runsPageCode: true)
  }

  /// Dispatches a trusted event at the first element `selector` matches ("window" and
  /// "document" name those). `.value("true")` when no listener canceled it.
  public func dispatchEvent(
    _ type: String, to selector: String, bubbles: Bool = true, cancelable: Bool = true
  ) throws(ContentProcessError) -> ScriptOutcome {
    try outcome(
      of: .dispatchEvent(selector: selector, type: type, bubbles: bubbles, cancelable: cancelable), runsPageCode: true)
  }

  /// Lets the page's timers run until none is armed (or the page closed), or `duration` passed.
  /// `.value("idle")` or `.value("busy")`.
  @discardableResult
  public func settle(for duration: Duration = .seconds(5)) throws(ContentProcessError) -> ScriptOutcome {
    let milliseconds = UInt32(clamping: max(0, duration.nanoseconds / 1_000_000))
    return try outcome(of: .settle(milliseconds: milliseconds), runsPageCode: true, extra: duration)
  }

  /// The document serialized (a line break after the doctype, as `xjs run --dom` prints it).
  public func document() throws(ContentProcessError) -> String {
    switch try outcome(of: .getDocument, runsPageCode: false) {
    case .value(let text): return text
    case .exception(let text), .syntaxError(let text), .failed(let text): return text
    }
  }

  /// The content process's account of itself now.
  public func status() throws(ContentProcessError) -> ContentStatus {
    switch try request(.getStatus, runsPageCode: false) {
    case .status(let status): return status
    default: throw violation("a status request was answered with something else")
    }
  }

  /// The JIT's witness log in the content process: every permission change of its code memory.
  public func witnessLog() throws(ContentProcessError) -> [String] {
    switch try outcome(of: .getWitnessLog, runsPageCode: false) {
    case .value(let text): return text.isEmpty ? [] : text.split(separator: "\n").map(String.init)
    default: return []
    }
  }

  /// The console lines collected since the last call (when more came than the policy keeps, the
  /// oldest are gone and a line on standard error says how many).
  public func takeConsoleOutput() -> [(stream: ConsoleStream, text: String)] {
    var lines = consoleLines.map { (stream: $0.0, text: $0.1) }
    if droppedConsoleLines > 0 {
      lines.insert((.standardError, "[\(droppedConsoleLines) console lines dropped]"), at: 0)
    }
    consoleLines = []
    consoleBytes = 0
    droppedConsoleLines = 0
    return lines
  }

  private func keepConsoleLine(_ stream: ConsoleStream, _ text: String) {
    consoleLines.append((stream, text))
    consoleBytes += text.utf8.count
    var dropped = 0
    while consoleBytes > policy.maximumConsoleBytes && dropped < consoleLines.count {
      consoleBytes -= consoleLines[dropped].1.utf8.count
      dropped += 1
    }
    if dropped > 0 {
      consoleLines.removeFirst(dropped)
      droppedConsoleLines += dropped
    }
  }

  // MARK: Life cycle

  /// Stops the process (a `shutdown` message, then SIGKILL if it has not exited within a
  /// second). The interruption handler is not called for it.
  public func terminate() {
    guard let channel, let monitor else { return }
    state.withLock { $0.terminatedByHost = true }
    if monitor.isRunning {
      channel.send(Envelope(id: nextRequestID, HostMessage.shutdown).frame)
      nextRequestID &+= 1
      if !monitor.waitForExit(nanoseconds: 1_000_000_000) {
        Glibc.kill(processID, SIGKILL)
      }
    }
    monitor.join()
    channel.close()
    self.channel = nil
    self.monitor = nil
  }

  /// Ends the current process (if it still runs) and launches a new one with the same policy.
  public func relaunch() throws(ContentProcessError) {
    terminate()
    try launch()
  }

  /// Kills the process as the host would a misbehaving one; the handler hears `reason`.
  func killProcess(as reason: ContentInterruptionReason, _ detail: String) {
    state.withLock { if $0.killReason == nil { $0.killReason = (reason, detail) } }
    Glibc.kill(processID, SIGKILL)
  }

  // MARK: Launch

  private func launch() throws(ContentProcessError) {
    state.withLock {
      $0.interruption = nil
      $0.killReason = nil
      $0.terminatedByHost = false
      $0.fatalDetail = ""
      $0.exitStatus = nil
    }
    nextRequestID = 1
    lastFetchID = 0
    consoleLines = []
    consoleBytes = 0
    droppedConsoleLines = 0
    let executable = try ContentExecutable.locate(policy.executablePath)
    let (pid, descriptor) = try ContentExecutable.spawn(executable)
    processID = pid
    let channel = MessageChannel(descriptor: descriptor, maximumFrameBytes: policy.maximumMessageBytes)
    channel.frameTimeout = policy.messageTimeout
    self.channel = channel
    monitor = ProcessMonitor(processID: pid) { [weak self] status in self?.processEnded(status) }
    beginReading()
    defer { endReading() }
    let hello = HostMessage.hello(version: contentProtocolVersion, policy: policy.wirePolicy)
    let id = nextRequestID
    nextRequestID += 1
    guard channel.send(Envelope(id: id, hello).frame) else {
      throw .launchFailed("the content process closed its channel at once (\(describeEnd()))")
    }
    switch channel.receive(deadline: monotonicNow() + UInt64(policy.messageTimeout.nanoseconds)) {
    case .success(let body):
      guard let envelope = try? Envelope<ContentMessage>(body: body), envelope.id == id,
        case .ready(let version, let status) = envelope.message
      else {
        killProcess(as: .protocolViolation, "the handshake's answer was not a ready message")
        throw .launchFailed("the content process did not answer the handshake with ready")
      }
      guard version == contentProtocolVersion else {
        killProcess(as: .protocolViolation, "protocol version \(version), expected \(contentProtocolVersion)")
        throw .launchFailed("the content process speaks protocol version \(version), not \(contentProtocolVersion)")
      }
      launchStatus = status
    case .failure(let failure):
      if failure == .timedOut { killProcess(as: .exceededTimeLimit, "no answer to the handshake in time") }
      if case .malformed(let why) = failure { killProcess(as: .protocolViolation, why) }
      throw .launchFailed("no ready message from the content process (\(describeEnd()))")
    }
  }

  private func describeEnd() -> String {
    guard let monitor else { return "not started" }
    _ = monitor.waitForExit(nanoseconds: 2_000_000_000)
    deliverInterruption()
    return interruption?.description ?? "it is still running"
  }

  // MARK: The conversation

  private func outcome(of message: HostMessage, runsPageCode: Bool, extra: Duration = .zero) throws(ContentProcessError)
    -> ScriptOutcome
  {
    switch try request(message, runsPageCode: runsPageCode, extra: extra) {
    case .reply(let outcome): return outcome
    default: throw violation("a request was answered with a status")
    }
  }

  /// Sends a request and waits for its answer, serving `fetch`es and collecting console lines
  /// meanwhile. A content process that stops answering (past the task time limit and the
  /// grace) is killed; one that breaks the protocol is killed and reported.
  private func request(_ message: HostMessage, runsPageCode: Bool, extra: Duration = .zero) throws(ContentProcessError)
    -> ContentMessage
  {
    guard let channel, isRunning else { throw endedError() }
    beginReading()
    defer { endReading() }
    let id = nextRequestID
    let frame = Envelope(id: id, message).frame
    // The content process would refuse it as a protocol violation: say so here instead.
    if frame.count - 4 > policy.maximumMessageBytes {
      let size = frame.count - 4
      return .reply(.failed("the request is \(size) bytes, over the message limit of \(policy.maximumMessageBytes)"))
    }
    nextRequestID &+= 1
    guard channel.send(frame) else { throw endedError() }
    let patience =
      (runsPageCode ? policy.requestTimeLimit : policy.messageTimeout) + extra
    var deadline = monotonicNow() + UInt64(patience.nanoseconds)
    while true {
      let body: [UInt8]
      switch channel.receive(deadline: deadline) {
      case .success(let bytes): body = bytes
      case .failure(.closed): throw endedError()
      case .failure(.timedOut):
        killProcess(as: .exceededTimeLimit, "no answer within \(patience) (the page stopped responding)")
        throw endedError()
      case .failure(.malformed(let why)): throw violation(why)
      }
      let envelope: Envelope<ContentMessage>
      do { envelope = try Envelope<ContentMessage>(body: body) } catch { throw violation(error.message) }
      switch (envelope.id, envelope.message) {
      case (0, .console(let stream, let text)):
        keepConsoleLine(stream, text)
        consoleHandler?(stream, text)
      case (0, .fatal(_, let detail)):
        state.withLock { $0.fatalDetail = detail }
      case (let fetchID, .fetch(let url)) where runsPageCode && fetchID > lastFetchID:
        lastFetchID = fetchID
        guard channel.send(Envelope(id: fetchID, HostMessage.fetchReply(serve(url))).frame) else { throw endedError() }
        // Fetching is the host's time, not the page's.
        deadline = max(deadline, monotonicNow() + UInt64(patience.nanoseconds))
      case (id, .reply), (id, .status):
        return envelope.message
      default:
        throw violation("unexpected \(envelope.message) with id \(envelope.id) while waiting for \(id)")
      }
    }
  }

  private func serve(_ url: String) -> FetchOutcome {
    guard let resources else { return .failure("this page may load no scripts") }
    switch resources.fetch(url) {
    case .success(let script):
      // The content process knows nothing of the host's working directory: names are absolute
      // (a module's imports resolve against its name).
      let name =
        script.name.hasPrefix("/") ? script.name : FileModuleLoader.currentDirectoryPath() + "/" + script.name
      if script.source.utf8.count + name.utf8.count + 64 > policy.maximumMessageBytes {
        return .failure("\(name) is over the message limit of \(policy.maximumMessageBytes) bytes")
      }
      return .source(script.source, name: normalizePath(name))
    case .failure(let failure): return .failure(failure.message)
    }
  }

  private func violation(_ why: String) -> ContentProcessError {
    killProcess(as: .protocolViolation, why)
    return endedError()
  }

  /// The error of a request to a process that is gone: waits for the monitor to know why.
  private func endedError() -> ContentProcessError {
    guard let monitor else { return .notRunning }
    if !monitor.waitForExit(nanoseconds: 5_000_000_000) {
      killProcess(as: .protocolViolation, "the channel closed but the process went on")
      _ = monitor.waitForExit(nanoseconds: 5_000_000_000)
    }
    deliverInterruption()
    if let interruption { return .interrupted(interruption) }
    return .notRunning
  }

  private func beginReading() { state.withLock { $0.requestInFlight = true } }

  /// The request is over: an end the monitor saw meanwhile is reported now.
  private func endReading() {
    let pending = state.withLock { shared -> Bool in
      shared.requestInFlight = false
      return shared.exitStatus != nil && shared.interruption == nil
    }
    if pending { deliverInterruption() }
  }

  /// The monitor's report. While a request reads the channel, that reader reports the end
  /// (after the process's last messages); otherwise it is reported here, at once.
  private func processEnded(_ status: Int32) {
    let deferred = state.withLock { shared -> Bool in
      shared.exitStatus = status
      return shared.requestInFlight
    }
    if !deferred { deliverInterruption() }
  }

  /// Works out why the process ended and tells the handler (once).
  private func deliverInterruption() {
    let (interruption, handler) = state.withLock {
      shared -> (ContentInterruption?, (@Sendable (ContentInterruption) -> Void)?) in
      guard let status = shared.exitStatus, shared.interruption == nil, !shared.terminatedByHost else {
        return (nil, nil)
      }
      var reason: ContentInterruptionReason
      var detail = shared.fatalDetail
      if let (killReason, killDetail) = shared.killReason {
        reason = killReason
        detail = killDetail
      } else if exitedNormally(status) {
        let code = exitCode(status)
        switch ContentFatalReason(exitStatus: code) {
        case .timeLimit?: reason = .exceededTimeLimit
        case .heapLimit?: reason = .exceededHeapLimit
        case .protocolViolation?: reason = .protocolViolation
        case .setupFailed?: reason = .setupFailed
        case nil: reason = .exited(status: code)
        }
      } else {
        let signal = terminatingSignal(status)
        switch signal {
        case SIGSYS: reason = .sandboxViolation
        case SIGKILL, SIGTERM, SIGINT, SIGHUP, SIGQUIT: reason = .killed(signal: signal)
        default: reason = .crashed(signal: signal)
        }
      }
      let interruption = ContentInterruption(processID: processID, reason: reason, detail: detail)
      shared.interruption = interruption
      return (interruption, shared.handler)
    }
    if let interruption { handler?(interruption) }
  }
}

// The wait(2) status macros, which Swift does not import.
func exitedNormally(_ status: Int32) -> Bool { status & 0x7f == 0 }
func exitCode(_ status: Int32) -> Int32 { (status >> 8) & 0xff }
func terminatingSignal(_ status: Int32) -> Int32 { status & 0x7f }
