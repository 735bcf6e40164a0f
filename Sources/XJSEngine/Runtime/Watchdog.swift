// The watchdog: one thread per process that raises a runtime's interrupt word when its time
// limit passes. Safe points then cost a flag load whether or not a limit is set, and a builtin
// that polls `checkSafePoint()` inside a long loop stops within one poll of the deadline
// instead of at the next clock read.

import CXJSSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

final class Watchdog: @unchecked Sendable {
  /// The process's watchdog. Its thread starts on the first `arm` (or `prepare`); a process
  /// that will forbid thread creation (the content process's seccomp filter) calls `prepare`
  /// before it locks down.
  static let shared = Watchdog()

  private struct Alarm {
    let word: UnsafeMutablePointer<Int32>
    let deadline: UInt64
  }

  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private let condition: UnsafeMutablePointer<pthread_cond_t>
  /// Guarded by `mutex`.
  private var alarms: [Alarm] = []
  private var state = ThreadState.notStarted

  private enum ThreadState { case notStarted, running, unavailable }

  private init() {
    mutex = .allocate(capacity: 1)
    pthread_mutex_init(mutex, nil)
    condition = .allocate(capacity: 1)
    // Timed waits measure CLOCK_MONOTONIC, the clock deadlines are read from.
    var attributes = pthread_condattr_t()
    pthread_condattr_init(&attributes)
    pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
    pthread_cond_init(condition, &attributes)
    pthread_condattr_destroy(&attributes)
  }

  /// Starts the thread now, while the process may still create threads. Returns whether the
  /// watchdog runs.
  @discardableResult func prepare() -> Bool {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return startIfNeeded()
  }

  /// Sets `RuntimeHotState.deadlineBit` in `word` at the monotonic time `deadline` (replacing
  /// an alarm already set for `word`). False when no thread could be started: the caller then
  /// reads the clock at its safe points instead.
  func arm(_ word: UnsafeMutablePointer<Int32>, deadline: UInt64) -> Bool {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    guard startIfNeeded() else { return false }
    alarms.removeAll { $0.word == word }
    alarms.append(Alarm(word: word, deadline: deadline))
    pthread_cond_signal(condition)
    return true
  }

  /// Removes the alarm of `word`. Once this returns the watchdog no longer writes to `word`,
  /// so its memory may be freed.
  func disarm(_ word: UnsafeMutablePointer<Int32>) {
    pthread_mutex_lock(mutex)
    alarms.removeAll { $0.word == word }
    pthread_mutex_unlock(mutex)
  }

  /// Called with `mutex` held.
  private func startIfNeeded() -> Bool {
    switch state {
    case .running: return true
    case .unavailable: return false
    case .notStarted: break
    }
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
    // The thread runs a short loop: a small stack is plenty.
    pthread_attr_setstacksize(&attributes, 64 * 1024)
    var thread = pthread_t()
    let started = pthread_create(
      &thread, &attributes,
      { _ in
        Watchdog.shared.watch()
        return nil
      }, nil)
    pthread_attr_destroy(&attributes)
    state = started == 0 ? .running : .unavailable
    return started == 0
  }

  private func watch() {
    pthread_mutex_lock(mutex)
    while true {
      guard let earliest = alarms.map(\.deadline).min() else {
        pthread_cond_wait(condition, mutex)
        continue
      }
      let now = monotonicNanoseconds()
      if now < earliest {
        var due = timespec(tv_sec: Int(earliest / 1_000_000_000), tv_nsec: Int(earliest % 1_000_000_000))
        pthread_cond_timedwait(condition, mutex, &due)
        continue
      }
      for alarm in alarms where alarm.deadline <= now {
        xjs_atomic_or_int32(alarm.word, RuntimeHotState.deadlineBit)
      }
      alarms.removeAll { $0.deadline <= now }
    }
  }
}
