// The content-process protocol's messages (ARCHITECTURE.md, "The content process").
//
// A host and a content process talk over one socketpair. Every message is a frame:
//   u32 length (little-endian) | u8 kind | u32 request id | fields
// where the length counts what follows it and is at most the receiver's limit; fields are
// u8 booleans (0 or 1), little-endian integers, and strings (u32 byte count, then UTF-8 that
// must be valid). A frame whose kind is unknown, whose fields run past its end or stop short
// of it, or whose strings are not UTF-8 is malformed: the receiver closes the channel.
//
// The messages and their fields, in order (Wire.swift encodes them; kind in parentheses):
//   host → content
//     hello (1)          u16 version; policy: bool allowsJIT, bool eagerJIT, u64 heapLimit,
//                        u64 taskTimeLimitMilliseconds, bool locksDown, bool exposesFFI,
//                        bool gcStress, u64 maximumMessageBytes
//     loadPage (2)       string url, string name, string markup
//     evaluate (3)       string source, string sourceURL
//     dispatchEvent (4)  string selector, string type, bool bubbles, bool cancelable
//     settle (5)         u32 milliseconds
//     getDocument (6), getStatus (7), getWitnessLog (8), shutdown (10): no fields
//     fetchReply (9)     bool found; then string source, string name, or string message
//   content → host
//     ready (64)         u16 version, status
//     reply (65)         u8 outcome (0 value, 1 exception, 2 syntax error, 3 failed), string text
//     status (66)        status
//     console (67)       u8 stream (0 stdout, 1 stderr), string text
//     fetch (68)         string url
//     fatal (69)         u8 reason (1 time limit, 2 heap limit, 3 protocol violation,
//                        4 set-up failed), string detail
//   status: i32 pid, bool jitEnabled, string jitStatus, bool mdwe, string mdweNote,
//           bool sandboxed, bool noNewPrivileges, u64 heapBytes, string pageURL
//
// The conversation: the host speaks first (hello, answered by ready with the same id), then
// sends one request at a time, each with an id greater than the last; the content process
// answers each with a reply (a status for getStatus) carrying its id. While a request runs,
// the content process may send console lines and fatal (id 0) and fetches, whose ids count
// from 1 on their own and grow; the host answers each fetch with a fetchReply of its id before
// anything else. The host checks its half in Host/ContentProcess.swift (`request`), the
// content process its half in XJSContentProcess/HostConnection.swift.

/// The protocol's version: the host's `hello` names it, the content process's `ready`
/// answers with its own, and they must be equal.
public let contentProtocolVersion: UInt16 = 1

/// What the host fixes at launch (sent in `hello`; the content process applies it before it
/// runs any page code and cannot change it afterwards).
public struct WirePolicy: Equatable, Sendable {
  /// Whether machine code may be made. When false the content process sets
  /// `PR_SET_MDWE(PR_MDWE_REFUSE_EXEC_GAIN)`, so the kernel refuses executable memory.
  public var allowsJIT: Bool
  /// Compile every function before its first run (tests of machine code).
  public var eagerJIT: Bool
  /// Heap limit in bytes.
  public var heapLimit: UInt64
  /// Wall-clock limit of each task (a script, a timer callback, an event dispatch) in
  /// milliseconds; 0 for none.
  public var taskTimeLimitMilliseconds: UInt64
  /// Whether the seccomp filter is installed after set-up (off only to debug under strace).
  public var locksDown: Bool
  /// Whether page scripts get the `ffi` object (tests of the sandbox: native code called
  /// through it is still under the seccomp filter).
  public var exposesFFI: Bool
  /// Collect garbage at every allocation (a conformance mode).
  public var gcStress: Bool
  /// The largest frame body the host accepts: the content process sends nothing larger (an
  /// answer that would not fit becomes a `failed` reply, a console line is cut short).
  public var maximumMessageBytes: UInt64

  public init(
    allowsJIT: Bool, eagerJIT: Bool = false, heapLimit: UInt64, taskTimeLimitMilliseconds: UInt64,
    locksDown: Bool = true, exposesFFI: Bool = false, gcStress: Bool = false, maximumMessageBytes: UInt64 = 64 << 20
  ) {
    self.maximumMessageBytes = maximumMessageBytes
    self.allowsJIT = allowsJIT
    self.eagerJIT = eagerJIT
    self.heapLimit = heapLimit
    self.taskTimeLimitMilliseconds = taskTimeLimitMilliseconds
    self.locksDown = locksDown
    self.exposesFFI = exposesFFI
    self.gcStress = gcStress
  }
}

/// A content process's account of itself (in `ready` and in answer to `getStatus`).
public struct ContentStatus: Equatable, Sendable {
  public var processID: Int32
  /// Whether machine code runs.
  public var jitEnabled: Bool
  /// Which mode runs and why ("tiered (native, threshold 500)", or "off: " and the reason,
  /// such as the kernel's refusal of executable memory).
  public var jitStatus: String
  /// Whether the kernel refuses executable memory to the process (PR_GET_MDWE), and what
  /// happened when the policy asked for it ("set", or why it could not be).
  public var memoryDenyWriteExecute: Bool
  public var memoryDenyWriteExecuteNote: String
  /// Whether the seccomp filter is installed, and PR_SET_NO_NEW_PRIVS set.
  public var sandboxed: Bool
  public var noNewPrivileges: Bool
  /// Bytes the heap of the current page holds.
  public var heapBytes: UInt64
  /// The page loaded (empty before the first load).
  public var pageURL: String

  public init(
    processID: Int32, jitEnabled: Bool, jitStatus: String, memoryDenyWriteExecute: Bool,
    memoryDenyWriteExecuteNote: String, sandboxed: Bool, noNewPrivileges: Bool, heapBytes: UInt64, pageURL: String
  ) {
    self.processID = processID
    self.jitEnabled = jitEnabled
    self.jitStatus = jitStatus
    self.memoryDenyWriteExecute = memoryDenyWriteExecute
    self.memoryDenyWriteExecuteNote = memoryDenyWriteExecuteNote
    self.sandboxed = sandboxed
    self.noNewPrivileges = noNewPrivileges
    self.heapBytes = heapBytes
    self.pageURL = pageURL
  }
}

/// How a request that runs page code ended.
public enum ScriptOutcome: Equatable, Sendable {
  /// It completed: the value, rendered as `console.log` renders it (empty for requests that
  /// have none), or the text asked for (the document, the witness log).
  case value(String)
  /// It threw: the error and its stack, as `Uncaught …` prints them.
  case exception(String)
  case syntaxError(String)
  /// The content process could not do what was asked (no page loaded, no element matched).
  case failed(String)
}

/// Which of the page's output streams a console line went to.
public enum ConsoleStream: UInt8, Sendable {
  case standardOutput = 0
  case standardError = 1
}

/// Why a content process ends by itself (sent just before it exits).
public enum ContentFatalReason: UInt8, Equatable, Sendable {
  /// A task ran past the time limit.
  case timeLimit = 1
  /// The page reached the heap limit.
  case heapLimit = 2
  /// The host broke the protocol.
  case protocolViolation = 3
  /// Set-up failed (the policy could not be applied).
  case setupFailed = 4

  /// The exit status the content process ends with for each reason.
  public var exitStatus: Int32 { 64 + Int32(rawValue) }

  public init?(exitStatus: Int32) { self.init(rawValue: UInt8(clamping: max(0, exitStatus - 64))) }
}

/// A script the content process asked for, answered by the host.
public enum FetchOutcome: Equatable, Sendable {
  case source(String, name: String)
  case failure(String)
}

/// What the host sends.
public enum HostMessage: Equatable, Sendable {
  case hello(version: UInt16, policy: WirePolicy)
  /// Parses `markup` as the document at `url` and runs its scripts (fetched with `fetch`);
  /// errors in inline scripts name `name` (the page's path, as `xjs run --dom` names it).
  case loadPage(url: String, name: String, markup: String)
  case evaluate(source: String, sourceURL: String)
  /// Dispatches a trusted event of `type` at the first element `selector` matches
  /// ("window" and "document" name those).
  case dispatchEvent(selector: String, type: String, bubbles: Bool, cancelable: Bool)
  /// Runs the page's timers until none is armed or `milliseconds` have passed.
  case settle(milliseconds: UInt32)
  case getDocument
  case getStatus
  case getWitnessLog
  /// The answer to the content process's `fetch` with the same id.
  case fetchReply(FetchOutcome)
  case shutdown

  var kind: UInt8 {
    switch self {
    case .hello: 1
    case .loadPage: 2
    case .evaluate: 3
    case .dispatchEvent: 4
    case .settle: 5
    case .getDocument: 6
    case .getStatus: 7
    case .getWitnessLog: 8
    case .fetchReply: 9
    case .shutdown: 10
    }
  }
}

/// What the content process sends.
public enum ContentMessage: Equatable, Sendable {
  case ready(version: UInt16, status: ContentStatus)
  /// The answer to the host's request with the same id.
  case reply(ScriptOutcome)
  case status(ContentStatus)
  /// A line the page wrote (id 0: not an answer).
  case console(ConsoleStream, String)
  /// Asks the host for a script of the page (only while a `loadPage` or `evaluate` runs).
  case fetch(url: String)
  /// The content process is about to exit (id 0).
  case fatal(ContentFatalReason, String)

  var kind: UInt8 {
    switch self {
    case .ready: 64
    case .reply: 65
    case .status: 66
    case .console: 67
    case .fetch: 68
    case .fatal: 69
    }
  }
}

/// One message and its request id.
public struct Envelope<Message: Equatable & Sendable>: Equatable, Sendable {
  public var id: UInt32
  public var message: Message

  public init(id: UInt32, _ message: Message) {
    self.id = id
    self.message = message
  }
}
