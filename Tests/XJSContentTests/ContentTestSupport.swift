import Testing

@testable import XJSContent

#if canImport(Glibc)
  import Glibc
#endif

/// The package's root (Tests/XJSContentTests/ is two levels down).
let packageRoot: String = {
  var path = #filePath
  for _ in 0..<3 { path = String(path[..<path.lastIndex(of: "/")!]) }
  return path
}()

/// The `xjs` the content processes run: XJS_EXECUTABLE, or the one built beside these tests.
let xjsExecutable: String = {
  if let variable = getenv("XJS_EXECUTABLE") { return String(cString: variable) }
  return (try? ContentExecutable.locate(nil)) ?? "xjs"
}()

/// A policy for tests: short limits, the given JIT setting.
func testPolicy(allowsJIT: Bool = true, timeLimit: Duration = .seconds(10)) -> ContentPolicy {
  var policy = ContentPolicy()
  policy.allowsJIT = allowsJIT
  policy.taskTimeLimit = timeLimit
  policy.executablePath = xjsExecutable
  return policy
}

/// Runs a command; its stdout, stderr and exit status.
func runCommand(_ arguments: [String]) -> (stdout: String, stderr: String, status: Int32) {
  var outPipe: [Int32] = [-1, -1]
  var errPipe: [Int32] = [-1, -1]
  pipe(&outPipe)
  pipe(&errPipe)
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
  posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
  posix_spawn_file_actions_addclose(&actions, outPipe[0])
  posix_spawn_file_actions_addclose(&actions, errPipe[0])
  var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
  var pid: pid_t = 0
  let spawned = posix_spawn(&pid, arguments[0], &actions, nil, &argv, environ)
  posix_spawn_file_actions_destroy(&actions)
  for pointer in argv { free(pointer) }
  close(outPipe[1])
  close(errPipe[1])
  guard spawned == 0 else { return ("", "spawn failed", -1) }
  // Read both pipes without deadlock: stderr is small in these tests, read stdout first.
  let stdout = readAll(outPipe[0])
  let stderr = readAll(errPipe[0])
  var status: Int32 = 0
  waitpid(pid, &status, 0)
  return (stdout, stderr, (status >> 8) & 0xff)
}

func readAll(_ descriptor: Int32) -> String {
  var bytes: [UInt8] = []
  var chunk = [UInt8](repeating: 0, count: 65536)
  while true {
    let count = read(descriptor, &chunk, chunk.count)
    if count <= 0 { break }
    bytes += chunk[0..<count]
  }
  close(descriptor)
  return String(decoding: bytes, as: UTF8.self)
}

func currentDirectory() -> String {
  var buffer = [CChar](repeating: 0, count: 4096)
  return getcwd(&buffer, buffer.count) != nil ? String(cString: buffer) : "/"
}

/// The lines of /proc/PID/maps.
func mappings(of pid: Int32) -> [String] {
  guard let file = fopen("/proc/\(pid)/maps", "r") else { return [] }
  defer { fclose(file) }
  var lines: [String] = []
  var buffer = [CChar](repeating: 0, count: 4096)
  while fgets(&buffer, Int32(buffer.count), file) != nil {
    lines.append(String(cString: buffer).trimmingSuffix("\n"))
  }
  return lines
}

/// Executable mappings that belong to no file: where JIT code would live.
func anonymousExecutableMappings(of pid: Int32) -> [String] { anonymousExecutable(mappings(of: pid)) }

func anonymousExecutable(_ lines: [String]) -> [String] {
  lines.filter { line in
    let fields = line.split(separator: " ", omittingEmptySubsequences: true)
    guard fields.count >= 2, fields[1].count == 4 else { return false }
    let permissions = Array(fields[1])
    let isAnonymous = fields.count < 6 || fields[5].hasPrefix("[")
    return permissions[2] == "x" && isAnonymous && fields.last != "[vdso]" && fields.last != "[vsyscall]"
  }
}

/// Mappings writable and executable at once (none may ever exist).
func writableExecutableMappings(of pid: Int32) -> [String] { writableExecutable(mappings(of: pid)) }

func writableExecutable(_ lines: [String]) -> [String] {
  lines.filter { line in
    let fields = line.split(separator: " ", omittingEmptySubsequences: true)
    guard fields.count >= 2 else { return false }
    let permissions = Array(fields[1])
    return permissions.count == 4 && permissions[1] == "w" && permissions[2] == "x"
  }
}

/// Records the interruptions a handler hears.
final class InterruptionLog: @unchecked Sendable {
  private let lock = Locked<[ContentInterruption]>([])
  var handler: @Sendable (ContentInterruption) -> Void {
    { [self] interruption in lock.withLock { $0.append(interruption) } }
  }
  var all: [ContentInterruption] { lock.withLock { $0 } }

  /// Waits (up to 10 s) for the handler to have been called.
  func waitForFirst() -> ContentInterruption? {
    for _ in 0..<1000 {
      if let first = all.first { return first }
      usleep(10_000)
    }
    return nil
  }
}

extension String {
  func trimmingSuffix(_ suffix: String) -> String { hasSuffix(suffix) ? String(dropLast(suffix.count)) : self }
}

/// Writes a file in a fresh temporary directory; returns its path.
func temporaryFile(_ name: String, _ contents: String, directory: String? = nil) -> String {
  let folder: String
  if let directory {
    folder = directory
  } else {
    var template = Array("/tmp/xjs-content-test-XXXXXX".utf8CString)
    folder = String(cString: mkdtemp(&template)!)
  }
  let path = folder + "/" + name
  let file = fopen(path, "w")!
  fputs(contents, file)
  fclose(file)
  return path
}

/// The /proc/PID/maps filters the JIT tests rely on, on lines of known shape.
@Test func theMappingFiltersReadMapsLines() {
  let lines = [
    "7f0e0b400000-7f0e0b401000 r-xp 00000000 00:00 0 ",
    "7f0e0b401000-7f0e0b402000 rwxp 00000000 00:00 0",
    "00400000-00c00000 r-xp 00000000 fd:01 1234   /usr/bin/xjs",
    "7ffd1000-7ffd3000 r-xp 00000000 00:00 0                  [vdso]",
    "7f0e0c000000-7f0e0c100000 rw-p 00000000 00:00 0",
  ]
  #expect(anonymousExecutable(lines) == [lines[0], lines[1]])
  #expect(writableExecutable(lines) == [lines[1]])
}
