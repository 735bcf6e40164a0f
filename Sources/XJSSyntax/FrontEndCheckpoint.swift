/// How a host stops a long front-end job on a huge script: its time and memory limits must
/// hold while code is parsed and analysed, not only while it runs (one function of 50,000
/// `var`s, or megabytes of eval'd text, take seconds to compile).
///
/// The parser calls `check` every `interval` tokens and the scope analyzer every `interval`
/// nodes, with the count so far. When it returns true the job stops: the parser throws a
/// `SyntaxError` whose `wasInterrupted` is set, the analyzer walks no further (the tree is then
/// only partly annotated and must not be compiled). The host keeps the reason; once `check`
/// has returned true it should keep doing so.
public struct FrontEndCheckpoint {
  public var interval: Int
  public var check: (_ workDone: Int) -> Bool

  public init(interval: Int = 4096, check: @escaping (_ workDone: Int) -> Bool) {
    self.interval = max(1, interval)
    self.check = check
  }
}

/// Counts units of work down to the next checkpoint. A struct kept inline in the parser and
/// the analyzer so that counting costs one decrement and one branch.
struct CheckpointCounter {
  private let checkpoint: FrontEndCheckpoint?
  private var remaining: Int
  private(set) var workDone = 0
  private(set) var stopped = false

  init(_ checkpoint: FrontEndCheckpoint?) {
    self.checkpoint = checkpoint
    remaining = checkpoint?.interval ?? Int.max
  }

  /// Counts one unit; true when the host said to stop (now or at an earlier checkpoint).
  @inline(__always) mutating func tick() -> Bool {
    remaining &-= 1
    if _slowPath(remaining <= 0) { return reachCheckpoint() }
    return stopped
  }

  private mutating func reachCheckpoint() -> Bool {
    guard let checkpoint else {
      remaining = Int.max
      return false
    }
    workDone &+= checkpoint.interval
    remaining = checkpoint.interval
    if !stopped && checkpoint.check(workDone) { stopped = true }
    return stopped
  }
}
