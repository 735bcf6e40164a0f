import CXJSSupport
import XJS
import XJSContent
import XJSDOM

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `xjs content`: the content process a host launches (XJSContent's `ContentProcess`). It is
/// driven over the descriptor it inherits, never by a person: see `usage`.
public enum ContentProcessCommand {
  public static let usage = """
    usage: xjs content [--fd N] [--stats]

    Runs as a content process: the web-content half of a browser-like host, which starts it
    (Swift: XJSContent's ContentProcess; C: xjs_content_launch) with one end of a socketpair
    as descriptor N (default 3) and drives it with the length-prefixed, versioned messages of
    Sources/XJSContent/Protocol. It is not meant to be run by hand.

    In order, before any page code runs, it:
      1. closes every inherited descriptor but standard error and the channel;
      2. reads the host's hello (protocol version, policy) within 10 s;
      3. with JIT denied, sets PR_SET_MDWE(PR_MDWE_REFUSE_EXEC_GAIN), so the kernel refuses
         executable memory to it for good; with JIT allowed its code pages are W^X and
         witnessed (the host can read the witness log);
      4. sets up the engine (and probes the JIT), then locks down: PR_SET_NO_NEW_PRIVS and a
         seccomp filter that leaves memory, the channel, the clock and exit (opening files,
         sockets, execve, clone kill the process with SIGSYS);
      5. answers ready with its status (JIT mode and why, MDWE, sandbox).
    Then it loads pages (their scripts fetched from the host, which serves only the policy's
    readable directories), evaluates scripts, dispatches events, runs timers and returns the
    document, one request at a time. A task past the time limit or a page at the heap limit
    ends it (exit status 65 or 66, after a fatal message); a protocol violation by the host
    ends it with status 67; the host closing the channel ends it with status 0.

      --fd N     the channel's descriptor (default 3)
      --stats    print the engine's statistics (JIT mode and why) on stderr at exit
    """

  public static func run(_ arguments: [String]) -> Int32 {
    var descriptor: Int32 = 3
    var printsStatistics = false
    var index = 0
    while index < arguments.count {
      switch arguments[index] {
      case "--help", "-h":
        print(usage)
        return 0
      case "--stats": printsStatistics = true
      case "--fd":
        index += 1
        guard index < arguments.count, let value = Int32(arguments[index]), value >= 0 else {
          fputs("xjs content: --fd needs a descriptor number\n", stderr)
          return 2
        }
        descriptor = value
      case let other:
        fputs("xjs content: unknown option '\(other)' (see xjs content --help)\n", stderr)
        return 2
      }
      index += 1
    }
    var information = stat()
    guard fstat(descriptor, &information) == 0, information.st_mode & S_IFMT == S_IFSOCK else {
      fputs("xjs content: descriptor \(descriptor) is not a socket: a host starts xjs content (see --help)\n", stderr)
      return 2
    }
    closeInheritedDescriptors(keeping: descriptor)
    let process = ContentProcessRunner(connection: HostConnection(descriptor: descriptor))
    process.printsStatistics = printsStatistics
    return process.run()
  }
}

/// The content process's life: set-up, lock-down, then one request at a time.
final class ContentProcessRunner {
  let connection: HostConnection
  var printsStatistics = false
  private var policy = WirePolicy(allowsJIT: false, heapLimit: 1 << 20, taskTimeLimitMilliseconds: 0)
  private var confinement = Confinement()
  private var session: PageSession?
  /// The virtual machine made at set-up (it probed the JIT), used by the first page.
  private var spareVirtualMachine: VirtualMachine?
  private var jitStatus = ""
  private var jitEnabled = false
  private var witnessLog: [String] = []

  init(connection: HostConnection) { self.connection = connection }

  func run() -> Int32 {
    setUp()
    while let request = connection.nextRequest() {
      if case .shutdown = request.message { break }
      handle(request)
    }
    if printsStatistics, let virtualMachine = session?.virtualMachine ?? spareVirtualMachine {
      fputs(virtualMachine.statisticsReport + "\n", stderr)
    }
    return 0
  }

  // MARK: Set-up

  private func setUp() {
    guard let hello = connection.nextRequest(deadline: monotonicNow() + 10_000_000_000) else { exit(0) }
    guard case .hello(let version, let policy) = hello.message else {
      connection.fail(.protocolViolation, "protocol violation by the host: the first message is not hello")
    }
    guard version == contentProtocolVersion else {
      connection.fail(
        .protocolViolation,
        "the host speaks protocol version \(version), this content process \(contentProtocolVersion)")
    }
    self.policy = policy
    connection.maximumMessageBytes = Int(clamping: policy.maximumMessageBytes)
    if !policy.allowsJIT { confinement.denyExecutableMemory() }
    Confinement.prepareForLockdown()
    let virtualMachine = makeVirtualMachine()
    virtualMachine.prepareJIT()
    noteJIT(of: virtualMachine)
    spareVirtualMachine = virtualMachine
    if policy.locksDown && !confinement.lockDown() {
      connection.fail(.setupFailed, "cannot lock down: \(confinement.sandboxNote)")
    }
    connection.send(.ready(version: contentProtocolVersion, status: status()), id: hello.id)
  }

  private func makeVirtualMachine() -> VirtualMachine {
    var options = VirtualMachine.Options()
    if confinement.jitOffBySwitch {
      options.jit = .off
    } else {
      // Denied JIT stays .auto: the engine meets the kernel's refusal and says so.
      options.jit = policy.eagerJIT && policy.allowsJIT ? .eager : .auto
    }
    options.heapLimit = Int(clamping: policy.heapLimit)
    if policy.taskTimeLimitMilliseconds > 0 {
      options.timeLimit = .milliseconds(Int64(clamping: policy.taskTimeLimitMilliseconds))
    }
    options.gcStress = policy.gcStress
    return VirtualMachine(options: options)
  }

  private func noteJIT(of virtualMachine: VirtualMachine) {
    jitEnabled = virtualMachine.isJITEnabled
    jitStatus = virtualMachine.jitStatus
  }

  private func status() -> ContentStatus {
    let virtualMachine = session?.virtualMachine ?? spareVirtualMachine
    return ContentStatus(
      processID: getpid(), jitEnabled: jitEnabled, jitStatus: jitStatus,
      memoryDenyWriteExecute: confinement.memoryDenyWriteExecute,
      memoryDenyWriteExecuteNote: confinement.memoryDenyWriteExecuteNote, sandboxed: confinement.sandboxed,
      noNewPrivileges: confinement.noNewPrivileges, heapBytes: UInt64(virtualMachine?.heapSize ?? 0),
      pageURL: session?.url ?? "")
  }

  // MARK: Requests

  private func handle(_ request: Envelope<HostMessage>) {
    switch request.message {
    case .hello: connection.fail(.protocolViolation, "protocol violation by the host: a second hello")
    case .loadPage(let url, let name, let markup):
      reply(request, loadPage(url: url, name: name, markup: markup))
    case .evaluate(let source, let sourceURL):
      reply(request, evaluate(source, sourceURL: sourceURL))
    case .dispatchEvent(let selector, let type, let bubbles, let cancelable):
      reply(request, dispatchEvent(type, at: selector, bubbles: bubbles, cancelable: cancelable))
    case .settle(let milliseconds):
      reply(request, settle(milliseconds: milliseconds))
    case .getDocument:
      reply(request, .value(session.map { dumpedDocument($0.realm.document) } ?? ""))
    case .getStatus:
      connection.send(.status(status()), id: request.id)
    case .getWitnessLog:
      let log = witnessLog + ((session?.virtualMachine ?? spareVirtualMachine)?.jitWitnessLog ?? [])
      reply(request, .value(log.joined(separator: "\n")))
    case .fetchReply, .shutdown: break  // (refused by the connection; shutdown ends `run`)
    }
  }

  /// Answers, unless the page just broke a limit: then the process ends (the host is told).
  private func reply(_ request: Envelope<HostMessage>, _ outcome: ScriptOutcome) {
    if let session {
      if session.realm.isTerminated {
        connection.fail(
          .timeLimit, "a task of \(session.url) ran past the time limit of \(policy.taskTimeLimitMilliseconds) ms")
      }
      // Refused allocations, or a heap grown past the limit where no script ran (the parse).
      let virtualMachine = session.virtualMachine
      if virtualMachine.heapLimitRefusals > 0 || virtualMachine.heapSize > Int(clamping: policy.heapLimit) {
        connection.fail(.heapLimit, "\(session.url) reached the heap limit of \(policy.heapLimit) bytes")
      }
    }
    connection.send(.reply(outcome), id: request.id)
  }

  /// A new session for the page (the set-up machine for the first one).
  private func openSession(url: String) throws(JSError) -> PageSession {
    if let session { witnessLog += session.virtualMachine.jitWitnessLog }
    session = nil
    let virtualMachine = spareVirtualMachine ?? makeVirtualMachine()
    if let spare = spareVirtualMachine {
      spareVirtualMachine = nil
      _ = spare
    } else {
      virtualMachine.prepareJIT()
    }
    noteJIT(of: virtualMachine)
    let session = try PageSession(
      virtualMachine: virtualMachine, url: url, connection: connection, exposesFFI: policy.exposesFFI)
    self.session = session
    return session
  }

  private func loadPage(url: String, name: String, markup: String) -> ScriptOutcome {
    do {
      let session = try openSession(url: url)
      let request = PageLoadRequest(url: url, name: name) { [connection] src in
        switch connection.fetch(src) {
        case .source(let source, let name): return .success(PageScript(source: source, name: name))
        case .failure(let message): return .failure(PageFetchError(message))
        }
      }
      try session.realm.loadPage(markup, request: request)
      return .value("")
    } catch {
      return outcome(of: error)
    }
  }

  /// The page to run a script in: the one loaded, or a blank one.
  private func currentSession() throws(JSError) -> PageSession {
    if let session { return session }
    let session = try openSession(url: "about:blank")
    try session.realm.loadPage(
      "",
      request: PageLoadRequest(url: "about:blank", name: "about:blank") { _ in
        .failure(PageFetchError("about:blank loads no scripts"))
      })
    return session
  }

  private func evaluate(_ source: String, sourceURL: String) -> ScriptOutcome {
    do {
      let session = try currentSession()
      let value: JSValue
      do {
        value = try session.context.evaluate(source, sourceURL: sourceURL)
      } catch {
        if error.kind == .terminated { session.realm.report(error) }
        session.realm.performMicrotaskCheckpoint()
        return outcome(of: error)
      }
      let text = value.inspected
      session.realm.performMicrotaskCheckpoint()
      return .value(text)
    } catch {
      return outcome(of: error)
    }
  }

  private func dispatchEvent(_ type: String, at selector: String, bubbles: Bool, cancelable: Bool) -> ScriptOutcome {
    guard let session else { return .failed("no page is loaded") }
    do {
      guard
        let notCanceled = try session.realm.dispatchHostEvent(
          type, at: selector, bubbles: bubbles, cancelable: cancelable)
      else { return .failed("no element matches '\(selector)'") }
      return .value(notCanceled ? "true" : "false")
    } catch {
      return .failed("\(error.name): \(error.message)")
    }
  }

  /// Runs the page's timers (each followed by a microtask checkpoint) until none is armed,
  /// the page closed, or `milliseconds` passed. The waits between timers are the content
  /// process's, not a task's: only callbacks count against the time limit.
  private func settle(milliseconds: UInt32) -> ScriptOutcome {
    guard let session else { return .value("idle") }
    let deadline = monotonicNow() + UInt64(milliseconds) * 1_000_000
    session.realm.performMicrotaskCheckpoint()
    while !session.realm.isTerminated && !session.realm.isClosed {
      guard let delay = session.virtualMachine.timeUntilNextTimer else { return .value("idle") }
      let now = monotonicNow()
      let due = now + UInt64(clamping: delay.nanosecondsValue)
      if due > deadline {
        sleep(untilMonotonic: deadline)
        return .value("busy")
      }
      sleep(untilMonotonic: due)
      do {
        _ = try session.virtualMachine.runNextTimer()
      } catch {
        session.realm.report(error)
      }
      session.realm.performMicrotaskCheckpoint()
    }
    return .value("idle")
  }

  private func outcome(of error: JSError) -> ScriptOutcome {
    switch error.kind {
    case .exception: .exception(describeUncaught(error))
    case .syntax: .syntaxError(error.description)
    case .terminated, .destroyed: .failed(error.message)
    }
  }
}

private func sleep(untilMonotonic instant: UInt64) {
  while true {
    let now = monotonicNow()
    if now >= instant { return }
    let span = instant - now
    var request = timespec(tv_sec: Int(span / 1_000_000_000), tv_nsec: Int(span % 1_000_000_000))
    var remaining = timespec()
    if nanosleep(&request, &remaining) == 0 { return }
  }
}

extension Duration {
  fileprivate var nanosecondsValue: Int64 {
    let (seconds, attoseconds) = components
    return seconds &* 1_000_000_000 &+ attoseconds / 1_000_000_000
  }
}
