#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a content process may do, fixed when it is launched (BrowserEngineKit's split: the
/// host decides, the content process cannot widen it).
public struct ContentPolicy: Sendable {
  /// Whether the content process may make machine code. When false the kernel enforces it:
  /// the content process sets `PR_SET_MDWE` before any page code runs, so no mapping can
  /// become executable in it, and its JIT reports the kernel's refusal.
  public var allowsJIT = true
  /// Compile every function before its first run (for tests of machine code).
  public var eagerJIT = false
  /// The heap limit of the page; reaching it stops the page (after the task that reached it)
  /// and the host is told.
  public var heapLimit = 256 << 20
  /// Wall-clock limit of each task (loading the page, a script, an event, a timer callback);
  /// a task past it stops the page and the host is told. Nil: none.
  public var taskTimeLimit: Duration? = .seconds(10)
  /// How long the host waits for the answer to a request that runs page code (a page load
  /// runs several tasks, each under `taskTimeLimit`) before it kills the content process as
  /// unresponsive: the backstop for work the engine cannot interrupt (a huge parse) and for a
  /// content process that no longer answers. `settle(for:)` adds its own duration.
  public var requestTimeLimit: Duration = .seconds(30)
  /// The directories whose files the page may load (scripts, modules); nil: the directory
  /// of the page itself (and below). The content process reads no file itself: it asks the
  /// host, which serves only these.
  public var readableDirectories: [String]?
  /// Where root-relative paths (`/x.js`) are looked up, in order; empty: the page's directory.
  public var documentRoots: [String] = []
  /// Install the seccomp filter after set-up (turn off only to debug under strace).
  public var locksDown = true
  /// Give page scripts the `ffi` object: only to test that native code reached through it is
  /// still under the sandbox.
  public var exposesFFI = false
  /// Collect garbage at every allocation (a conformance mode; very slow).
  public var gcStress = false
  /// How long the host waits for the handshake's answer, and for the rest of a message once
  /// it started arriving.
  public var messageTimeout: Duration = .seconds(10)
  /// How much console output the host keeps between `takeConsoleOutput()` calls: past it the
  /// oldest lines go (a page that logs without end cannot exhaust the host's memory).
  public var maximumConsoleBytes = 4 << 20
  /// The largest message either side accepts.
  public var maximumMessageBytes = 64 << 20
  /// The `xjs` executable to run (`xjs content`); nil: `XJS_EXECUTABLE`, else an `xjs` beside
  /// the host's own executable, else `xjs` on PATH.
  public var executablePath: String?

  public init() {}

  var wirePolicy: WirePolicy {
    WirePolicy(
      allowsJIT: allowsJIT, eagerJIT: eagerJIT, heapLimit: UInt64(max(heapLimit, 1 << 20)),
      taskTimeLimitMilliseconds: taskTimeLimit.map { UInt64(max(1, $0.nanoseconds / 1_000_000)) } ?? 0,
      locksDown: locksDown, exposesFFI: exposesFFI, gcStress: gcStress,
      maximumMessageBytes: UInt64(max(maximumMessageBytes, 1 << 16)))
  }
}

/// Why a content process stopped without the host asking.
public enum ContentInterruptionReason: Equatable, Sendable, CustomStringConvertible {
  /// A task ran past the time limit (the content process said so, or the host killed it
  /// because it stopped answering).
  case exceededTimeLimit
  case exceededHeapLimit
  /// The seccomp filter killed it: the page reached a forbidden system call (SIGSYS).
  case sandboxViolation
  /// Killed by a signal from outside (SIGKILL, SIGTERM…).
  case killed(signal: Int32)
  /// It crashed (SIGSEGV, SIGABRT, SIGTRAP…).
  case crashed(signal: Int32)
  /// One side broke the protocol; the channel was closed.
  case protocolViolation
  /// It could not apply the policy.
  case setupFailed
  /// It exited with this status without being asked to.
  case exited(status: Int32)

  public var description: String {
    switch self {
    case .exceededTimeLimit: "exceeded its time limit"
    case .exceededHeapLimit: "exceeded its heap limit"
    case .sandboxViolation: "was killed by the sandbox (a forbidden system call, SIGSYS)"
    case .killed(let signal): "was killed by signal \(signal) (\(signalName(signal)))"
    case .crashed(let signal): "crashed (signal \(signal), \(signalName(signal)))"
    case .protocolViolation: "broke the protocol"
    case .setupFailed: "could not apply its policy"
    case .exited(let status): "exited with status \(status)"
    }
  }
}

/// A content process's end, as the interruption handler hears of it.
public struct ContentInterruption: Equatable, Sendable, CustomStringConvertible {
  public var processID: Int32
  public var reason: ContentInterruptionReason
  /// What the content process or the host said about it (may be empty).
  public var detail: String

  public var description: String {
    "content process \(processID) \(reason)" + (detail.isEmpty ? "" : ": \(detail)")
  }
}

/// What went wrong with a request.
public enum ContentProcessError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The content process could not be started, or did not complete the handshake.
  case launchFailed(String)
  /// The content process stopped (before or while the request ran).
  case interrupted(ContentInterruption)
  /// It was terminated by the host (`terminate()`); `relaunch()` starts a new one.
  case notRunning

  public var description: String {
    switch self {
    case .launchFailed(let message): "cannot launch a content process: \(message)"
    case .interrupted(let interruption): interruption.description
    case .notRunning: "the content process is not running"
    }
  }
}

func signalName(_ signal: Int32) -> String {
  switch signal {
  case SIGKILL: "SIGKILL"
  case SIGTERM: "SIGTERM"
  case SIGSEGV: "SIGSEGV"
  case SIGBUS: "SIGBUS"
  case SIGABRT: "SIGABRT"
  case SIGILL: "SIGILL"
  case SIGTRAP: "SIGTRAP"
  case SIGSYS: "SIGSYS"
  case SIGINT: "SIGINT"
  default: "signal \(signal)"
  }
}
