#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// The host event loop: timers (setTimeout/setInterval, Builtins/Timers.swift) ordered by due
// time then by when they were armed, and the loop that runs them, draining the job queue
// (PromiseJobs.swift) after the script and after every timer callback. The queue is a
// runtime root: its callbacks and arguments are traced from Runtime.markRoots.
//
// Public API (for embedders, and the DOM layer's window timers):
//   runtime.runPendingJobs()        drain the job queue (microtasks)
//   runtime.runEventLoop()          jobs and timers until no work is left
//   runtime.hasPendingJobs / hasPendingTimers / hasPendingWork
//   runtime.takeUnhandledRejections()
//   runtime.tracksUnhandledRejections

/// One armed timer.
struct HostTimer {
  let id: Int
  /// Monotonic nanoseconds.
  var due: UInt64
  /// Order among timers due at the same time: arming order.
  var sequence: UInt64
  let callback: Value
  /// An array of the extra arguments, or undefined.
  let arguments: Value
  /// The period of a setInterval timer in nanoseconds; 0 for setTimeout.
  let interval: UInt64

  func runsBefore(_ other: HostTimer) -> Bool {
    due != other.due ? due < other.due : sequence < other.sequence
  }
}

final class TimerQueue {
  /// Armed timers, the next to run last.
  @exclusivity(unchecked) private var timers: [HostTimer] = []
  @exclusivity(unchecked) private var nextID = 1
  @exclusivity(unchecked) private var nextSequence: UInt64 = 0
  /// The interval timer whose callback is running: it is armed again afterwards unless cleared.
  @exclusivity(unchecked) private(set) var runningInterval: HostTimer?
  @exclusivity(unchecked) private var runningIntervalCleared = false

  var isEmpty: Bool { timers.isEmpty && runningInterval == nil }
  var next: HostTimer? { timers.last }

  /// Arms a timer; returns its id (a positive integer, as in browsers).
  func add(callback: Value, arguments: Value, delay: UInt64, repeating: Bool, now: UInt64) -> Int {
    let id = nextID
    nextID += 1
    insert(
      HostTimer(
        id: id, due: now &+ delay, sequence: 0, callback: callback, arguments: arguments,
        interval: repeating ? max(delay, 1) : 0))
    return id
  }

  private func insert(_ timer: HostTimer) {
    var timer = timer
    timer.sequence = nextSequence
    nextSequence += 1
    // Binary search in the descending order for the first timer that runs before this one.
    var low = 0
    var high = timers.count
    while low < high {
      let middle = (low + high) / 2
      if timers[middle].runsBefore(timer) { high = middle } else { low = middle + 1 }
    }
    timers.insert(timer, at: low)
  }

  /// clearTimeout / clearInterval (one id space for both, as in HTML).
  func clear(id: Int) {
    if runningInterval?.id == id { runningIntervalCleared = true }
    if let index = timers.firstIndex(where: { $0.id == id }) { timers.remove(at: index) }
  }

  func removeNext() -> HostTimer? { timers.popLast() }

  func beginInterval(_ timer: HostTimer) {
    runningInterval = timer
    runningIntervalCleared = false
  }

  /// After an interval's callback: armed again `interval` after `start`, unless it was cleared.
  func endInterval(start: UInt64) {
    guard var timer = runningInterval else { return }
    runningInterval = nil
    if runningIntervalCleared { return }
    timer.due = start &+ timer.interval
    insert(timer)
  }

  func trace(_ heap: Heap) {
    for timer in timers {
      heap.mark(timer.callback)
      heap.mark(timer.arguments)
    }
    if let timer = runningInterval {
      heap.mark(timer.callback)
      heap.mark(timer.arguments)
    }
  }
}

extension Runtime {
  // MARK: - Timers

  /// Arms a timer for the host's setTimeout/setInterval (`milliseconds` already clamped).
  func addTimer(callback: Value, arguments: Value, milliseconds: Int, repeating: Bool) -> Int {
    timerQueue.add(
      callback: callback, arguments: arguments, delay: UInt64(milliseconds) * 1_000_000, repeating: repeating,
      now: monotonicNanoseconds())
  }

  func clearTimer(id: Int) { timerQueue.clear(id: id) }

  /// Waits for the next timer and runs its callback (not the jobs it queues). False when no
  /// timer is armed. The time limit and interrupts stop the wait as they stop a script.
  package func runNextTimer() throws(JSException) -> Bool {
    guard let next = timerQueue.next else { return false }
    try wait(until: next.due)
    guard let timer = timerQueue.removeNext() else { return false }
    var arguments: [Value] = []
    if timer.arguments.isObject {
      let array = timer.arguments.asObject
      for index in 0..<array.denseCount { arguments.append(array.denseElements[index]) }
    }
    let start = monotonicNanoseconds()
    if timer.interval != 0 { timerQueue.beginInterval(timer) }
    defer {
      if timer.interval != 0 { timerQueue.endInterval(start: start) }
    }
    // The array object (in `timer`, a local) keeps the arguments alive during the call.
    _ = try withExtendedLifetime(timer) { () throws(JSException) in
      try call(timer.callback, this: .undefined, arguments: arguments)
    }
    return true
  }

  /// Sleeps until the monotonic time `due`, in short slices so an interrupt is seen.
  private func wait(until due: UInt64) throws(JSException) {
    while true {
      let now = monotonicNanoseconds()
      if deadlineNanoseconds != 0 && now >= deadlineNanoseconds {
        deadlineNanoseconds = 0
        throw JSException(makeTerminationError("Script timed out"))
      }
      if interruptFlag.pointee != 0 { try handleSafePoint() }
      if now >= due { return }
      var span = min(due - now, 10_000_000)
      if deadlineNanoseconds != 0 { span = min(span, deadlineNanoseconds - now) }
      var request = timespec(tv_sec: Int(span / 1_000_000_000), tv_nsec: Int(span % 1_000_000_000))
      var remaining = timespec()
      _ = nanosleep(&request, &remaining)
    }
  }

  // MARK: - The event loop (public API)

  /// Whether promise jobs (microtasks) are queued.
  package var hasPendingJobs: Bool { !jobQueue.isEmpty }
  /// Nanoseconds until the next timer is due (0 when it is due now), nil when none is armed.
  package var nanosecondsUntilNextTimer: UInt64? {
    guard let next = timerQueue.next else { return nil }
    let now = monotonicNanoseconds()
    return next.due > now ? next.due - now : 0
  }

  /// Whether a timer is armed.
  package var hasPendingTimers: Bool { !timerQueue.isEmpty }
  /// Whether `runEventLoop` has anything left to do.
  package var hasPendingWork: Bool { hasPendingJobs || hasPendingTimers }

  /// Whether promises rejected with no handler are recorded (default true).
  package var tracksUnhandledRejections: Bool {
    get { jobQueue.tracksRejections }
    set { jobQueue.tracksRejections = newValue }
  }

  /// Runs queued promise jobs until none is left. An exception no job handles stops the
  /// drain and is thrown (the remaining jobs stay queued; call again to go on). Afterwards
  /// the reasons of promises rejected with no handler are kept for `takeUnhandledRejections`.
  package func runPendingJobs() throws(JSException) {
    try runJobs()
    for promise in takeUnhandledRejectedPromises() {
      jobQueue.unhandledReasons.append(promise.asObject.internalSlot(PromiseSlot.result))
    }
  }

  /// Runs jobs and timers until no work is left (waiting for timers that are not due yet).
  /// Stops at the first exception a job or timer callback does not handle, and throws it.
  package func runEventLoop() throws(JSException) {
    try runPendingJobs()
    while try runNextTimer() { try runPendingJobs() }
  }

  /// The rejection reasons of promises that still had no handler when the job queue was
  /// last drained, oldest first; forgets them.
  package func takeUnhandledRejections() -> [Value] {
    let reasons = jobQueue.unhandledReasons
    jobQueue.unhandledReasons = []
    return reasons
  }

  // MARK: - The command-line host

  /// Drains the job queue; nil, or the message for the first exception no job handled or the
  /// first promise left rejected with no handler (`Uncaught (in promise) …`).
  package func drainJobsReportingErrors() -> String? {
    do {
      try runJobs()
    } catch {
      return describeUncaught(error.value)
    }
    guard let promise = takeUnhandledRejectedPromises().first else { return nil }
    return describeUncaught(promise.asObject.internalSlot(PromiseSlot.result), inPromise: true)
  }

  /// Runs timers until none is left, draining the job queue after each callback; nil, or the
  /// message of the first uncaught exception or unhandled rejection (the loop stops there).
  /// `entry` is the promise of a module's evaluation: its rejection ends the loop at once, as
  /// an uncaught exception, before any further timer runs.
  package func runEventLoopReportingErrors(entry: Value? = nil) -> String? {
    while true {
      if let message = drainJobsReportingErrors() { return message }
      if let entry, case .rejected(let reason) = moduleEvaluationState(entry) { return describeUncaught(reason) }
      do {
        guard try runNextTimer() else { return nil }
      } catch {
        return describeUncaught(error.value)
      }
    }
  }
}
