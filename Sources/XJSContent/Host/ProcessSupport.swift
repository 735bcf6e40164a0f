#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A value behind a mutex.
final class Locked<Value>: @unchecked Sendable {
  private var value: Value
  private var mutex = pthread_mutex_t()

  init(_ value: Value) {
    self.value = value
    pthread_mutex_init(&mutex, nil)
  }

  deinit { pthread_mutex_destroy(&mutex) }

  func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
    pthread_mutex_lock(&mutex)
    defer { pthread_mutex_unlock(&mutex) }
    return body(&value)
  }
}

/// Waits for one child process on a thread of its own (the only place it is reaped), and
/// reports its wait status once.
final class ProcessMonitor: @unchecked Sendable {
  let processID: pid_t
  private let report: (Int32) -> Void
  private var thread = pthread_t()
  private var mutex = pthread_mutex_t()
  private var condition = pthread_cond_t()
  private var exited = false
  private var joined = false

  init(processID: pid_t, report: @escaping (Int32) -> Void) {
    self.processID = processID
    self.report = report
    pthread_mutex_init(&mutex, nil)
    pthread_cond_init(&condition, nil)
    let box = Unmanaged.passRetained(self).toOpaque()
    pthread_create(
      &thread, nil,
      { argument in
        let monitor = Unmanaged<ProcessMonitor>.fromOpaque(argument!).takeRetainedValue()
        monitor.watch()
        return nil
      }, box)
  }

  deinit {
    pthread_cond_destroy(&condition)
    pthread_mutex_destroy(&mutex)
  }

  private func watch() {
    var status: Int32 = 0
    while waitpid(processID, &status, 0) < 0 && errno == EINTR {}
    // The handler runs before waiters wake, so a request that fails has the reason.
    report(status)
    pthread_mutex_lock(&mutex)
    exited = true
    pthread_cond_broadcast(&condition)
    pthread_mutex_unlock(&mutex)
  }

  var isRunning: Bool {
    pthread_mutex_lock(&mutex)
    defer { pthread_mutex_unlock(&mutex) }
    return !exited
  }

  /// Waits until the process has exited and been reported; false after `nanoseconds`.
  func waitForExit(nanoseconds: UInt64) -> Bool {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    let total = UInt64(now.tv_nsec) + nanoseconds
    var deadline = timespec(tv_sec: now.tv_sec + Int(total / 1_000_000_000), tv_nsec: Int(total % 1_000_000_000))
    pthread_mutex_lock(&mutex)
    defer { pthread_mutex_unlock(&mutex) }
    while !exited {
      if pthread_cond_timedwait(&condition, &mutex, &deadline) == ETIMEDOUT { break }
    }
    return exited
  }

  /// Waits for the monitor's thread to end (the process must be dead or dying).
  func join() {
    if joined { return }
    joined = true
    pthread_join(thread, nil)
  }
}

/// Finding and starting `xjs content`.
enum ContentExecutable {
  /// The executable: the one given, `XJS_EXECUTABLE`, an `xjs` beside the host, or `xjs` on PATH.
  static func locate(_ given: String?) throws(ContentProcessError) -> String {
    if let given { return given }
    if let variable = getenv("XJS_EXECUTABLE"), variable.pointee != 0 { return String(cString: variable) }
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    if count > 0 {
      let own = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      if let slash = own.lastIndex(of: "/") {
        let beside = String(own[..<slash]) + "/xjs"
        if access(beside, X_OK) == 0 { return beside }
      }
    }
    return "xjs"
  }

  /// Starts `executable content --fd 3` with one end of a new socketpair as descriptor 3,
  /// standard input and output on /dev/null, and an empty environment (TZ passed on, so
  /// dates read the same; the sanitizers' and the Swift backtracer's options too, so a
  /// sanitizer build's content process runs as its host was told to). Returns the process id
  /// and the host's end.
  static func spawn(_ executable: String) throws(ContentProcessError) -> (pid_t, Int32) {
    var pair: [Int32] = [-1, -1]
    guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else {
      throw .launchFailed("socketpair: \(String(cString: strerror(errno)))")
    }
    if pair[1] == 3 {
      // dup2(3, 3) would keep the close-on-exec flag: move it out of the way first.
      let moved = fcntl(3, F_DUPFD_CLOEXEC, 4)
      close(3)
      pair[1] = moved
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, pair[1], 3)
    let arguments = [executable, "content", "--fd", "3"]
    var environment: [String] = []
    for name in ["TZ", "ASAN_OPTIONS", "LSAN_OPTIONS", "TSAN_OPTIONS", "UBSAN_OPTIONS", "SWIFT_BACKTRACE"] {
      if let value = getenv(name) { environment.append(name + "=" + String(cString: value)) }
    }
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    var envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
    defer {
      for pointer in argv { free(pointer) }
      for pointer in envp { free(pointer) }
    }
    var pid: pid_t = 0
    let status =
      executable.contains("/")
      ? posix_spawn(&pid, executable, &actions, nil, &argv, &envp)
      : posix_spawnp(&pid, executable, &actions, nil, &argv, &envp)
    close(pair[1])
    guard status == 0 else {
      close(pair[0])
      throw .launchFailed("cannot run '\(executable)': \(String(cString: strerror(status)))")
    }
    return (pid, pair[0])
  }
}
