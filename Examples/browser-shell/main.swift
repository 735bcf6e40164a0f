// xjs-shell: a small command-line "browser shell", the example host of XJSContent. It opens a
// page in a sandboxed content process, runs commands against it, prints what comes back, and
// survives a page that crashes, loops forever or exhausts memory by relaunching the process
// and loading the page again.
//
//   swift build --product xjs && swift build --product xjs-shell   (one product per command)
//   .build/debug/xjs-shell Examples/dom/todo.html 'click #add' settle dump
//   echo 'eval document.title' | .build/debug/xjs-shell --jitless Examples/dom/todo.html
import XJSContent

#if canImport(Glibc)
  import Glibc
#endif

let usage = """
  usage: xjs-shell [options] <page.html> [command ...]

  Opens the page in a content process (`xjs content`, found beside this program, or through
  XJS_EXECUTABLE), then runs each command (read from standard input, one per line, when none
  is given) and prints what comes back. A content process that dies or hangs is reported and
  relaunched, and the page loaded again.

  Commands:
    eval <code>             run a script in the page; print its value or its exception
    click <selector>        dispatch a trusted click at the first element the selector matches
    event <type> <selector> dispatch a trusted event of that type ("window" and "document" too)
    settle [ms]             let the page's timers run until none is left (or ms pass; 5000)
    dump                    print the document
    status                  print the content process's status (JIT mode and why, sandbox)
    witness                 print the JIT's witness log in the content process
    reload                  load the page again in a new content process
    bench-launch [n]        launch n more content processes (default 20), each running a first
                            script; print each launch's time (ms, launch to the script's answer)
                            and an idle process's resident memory, as JSON
    quit

  Options:
    --jitless               deny JIT: the kernel refuses executable memory to the process
    --max-heap=<MB>         the page's heap limit in MB (default 256)
    --timeout-ms=<n>        each task's time limit (default 5000; 0: none)
    --read=<dir>            a directory the page may load scripts from (repeatable; default
                            the page's own directory)
  """

var policy = ContentPolicy()
policy.taskTimeLimit = .milliseconds(5000)
var pagePath: String?
var commands: [String] = []
for argument in CommandLine.arguments.dropFirst() {
  if argument == "--help" || argument == "-h" {
    print(usage)
    exit(0)
  } else if argument == "--jitless" {
    policy.allowsJIT = false
  } else if argument.hasPrefix("--max-heap="), let megabytes = Int(argument.dropFirst(11)) {
    policy.heapLimit = megabytes << 20
  } else if argument.hasPrefix("--timeout-ms="), let milliseconds = Int64(argument.dropFirst(13)), milliseconds >= 0 {
    policy.taskTimeLimit = milliseconds == 0 ? nil : .milliseconds(milliseconds)
  } else if argument.hasPrefix("--read=") {
    policy.readableDirectories = (policy.readableDirectories ?? []) + [String(argument.dropFirst(7))]
  } else if argument.hasPrefix("--") {
    fputs("xjs-shell: unknown option \(argument)\n\(usage)\n", stderr)
    exit(2)
  } else if pagePath == nil {
    pagePath = argument
  } else {
    commands.append(argument)
  }
}
guard let pagePath else {
  fputs(usage + "\n", stderr)
  exit(2)
}
guard access(pagePath, R_OK) == 0 else {
  fputs("xjs-shell: cannot open '\(pagePath)': \(String(cString: strerror(errno)))\n", stderr)
  exit(2)
}

/// The page's content process, relaunched when it dies.
final class Tab {
  let path: String
  var process: ContentProcess

  /// Whether the page loaded in the current process (a page that dies while it loads is not
  /// loaded again by itself: `reload` tries).
  var pageLoaded = false

  init(path: String, policy: ContentPolicy) throws {
    self.path = path
    process = try ContentProcess(policy: policy)
    // The one report of an interruption (also of one while no command runs).
    process.interruptionHandler = { interruption in
      fputs("[xjs-shell] \(interruption)\n", stderr)
    }
    process.consoleHandler = { stream, text in
      if stream == .standardError { fputs("[console.error] \(text)\n", stderr) } else { print("[console] \(text)") }
    }
    load()
  }

  /// Loads the page; when the process dies while loading it, starts a new one on a blank page.
  func load() {
    do {
      if case .failed(let message) = try process.loadPage(path: path) {
        print("[xjs-shell] cannot load \(path): \(message)")
        return
      }
      pageLoaded = true
    } catch {
      pageLoaded = false
      relaunchBlank(after: error)
    }
  }

  /// Runs a request; when the process dies under it, relaunches and reloads the page.
  func perform(_ body: (ContentProcess) throws(ContentProcessError) -> String?) {
    do {
      if let text = try body(process) { print(text) }
    } catch {
      if case .interrupted = error {} else { print("[xjs-shell] \(error)") }
      print("[xjs-shell] relaunching")
      recover()
    }
  }

  func recover() {
    do {
      try process.relaunch()
      if pageLoaded { load() } else { print("[xjs-shell] on a blank page (reload tries the page again)") }
    } catch {
      print("[xjs-shell] \(error)")
    }
  }

  private func relaunchBlank(after error: ContentProcessError) {
    if case .interrupted = error {} else { print("[xjs-shell] \(error)") }
    print("[xjs-shell] the page did not load; relaunching on a blank page (reload tries again)")
    do { try process.relaunch() } catch { print("[xjs-shell] \(error)") }
  }
}

func render(_ outcome: ScriptOutcome) -> String {
  switch outcome {
  case .value(let text): text
  case .exception(let text), .syntaxError(let text): text
  case .failed(let text): "[xjs-shell] \(text)"
  }
}

func run(_ line: String, in tab: Tab) -> Bool {
  let words = line.split(separator: " ", maxSplits: 1).map(String.init)
  guard let command = words.first else { return true }
  let rest = words.count > 1 ? words[1] : ""
  switch command {
  case "eval": tab.perform { process throws(ContentProcessError) in render(try process.evaluate(rest)) }
  case "click":
    tab.perform { process throws(ContentProcessError) in render(try process.dispatchEvent("click", to: rest)) }
  case "event":
    let parts = rest.split(separator: " ", maxSplits: 1).map(String.init)
    guard parts.count == 2 else {
      print("[xjs-shell] event needs a type and a selector")
      return true
    }
    tab.perform { process throws(ContentProcessError) in render(try process.dispatchEvent(parts[0], to: parts[1])) }
  case "settle":
    let milliseconds = Int64(rest) ?? 5000
    tab.perform { process throws(ContentProcessError) in render(try process.settle(for: .milliseconds(milliseconds))) }
  case "dump": tab.perform { process throws(ContentProcessError) in try process.document() }
  case "status":
    tab.perform { process throws(ContentProcessError) in
      let status = try process.status()
      return """
        pid \(status.processID), page \(status.pageURL.isEmpty ? "(none)" : status.pageURL)
        jit: \(status.jitStatus)
        mdwe: \(status.memoryDenyWriteExecute ? "on" : "off"): \(status.memoryDenyWriteExecuteNote)
        sandbox: \(status.sandboxed ? "seccomp filter installed" : "none"), no_new_privs \(status.noNewPrivileges)
        heap: \(status.heapBytes) bytes
        """
    }
  case "witness":
    tab.perform { process throws(ContentProcessError) in
      let log = try process.witnessLog()
      return log.isEmpty ? "(no executable memory was mapped)" : log.joined(separator: "\n")
    }
  case "reload":
    tab.pageLoaded = true
    tab.recover()
  case "bench-launch": benchLaunch(count: Int(rest) ?? 20, policy: tab.process.policy)
  case "quit", "exit": return false
  default: print("[xjs-shell] unknown command '\(command)' (see --help)")
  }
  return true
}

/// Times `count` launches of a content process up to the answer of its first script, then
/// reads an idle one's resident memory (VmRSS) from /proc.
func benchLaunch(count: Int, policy: ContentPolicy) {
  var milliseconds: [Double] = []
  var residentKB = 0
  for index in 0..<max(1, count) {
    var start = timespec()
    clock_gettime(CLOCK_MONOTONIC, &start)
    guard let process = try? ContentProcess(policy: policy), (try? process.evaluate("1 + 1")) == .value("2") else {
      print("[xjs-shell] a benchmark launch failed")
      return
    }
    var end = timespec()
    clock_gettime(CLOCK_MONOTONIC, &end)
    milliseconds.append(Double(end.tv_sec - start.tv_sec) * 1000 + Double(end.tv_nsec - start.tv_nsec) / 1e6)
    if index == count - 1 { residentKB = residentKilobytes(process.processID) }
    process.terminate()
  }
  let times = milliseconds.map { String(format3($0)) }.joined(separator: ", ")
  print("{\"launch_ms\": [\(times)], \"idle_rss_kb\": \(residentKB)}")
}

func format3(_ value: Double) -> String {
  let scaled = Int((value * 1000).rounded())
  let fraction = String(scaled % 1000)
  return "\(scaled / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
}

/// VmRSS of a process, in kB.
func residentKilobytes(_ pid: Int32) -> Int {
  guard let file = fopen("/proc/\(pid)/status", "r") else { return 0 }
  defer { fclose(file) }
  var line = [CChar](repeating: 0, count: 256)
  while fgets(&line, Int32(line.count), file) != nil {
    let text = String(cString: line)
    if text.hasPrefix("VmRSS:") { return Int(text.split(separator: " ").dropFirst().first ?? "") ?? 0 }
  }
  return 0
}

do {
  let tab = try Tab(path: pagePath, policy: policy)
  if commands.isEmpty {
    while let line = readLine() {
      if !run(line, in: tab) { break }
    }
  } else {
    for command in commands where !run(command, in: tab) { break }
  }
  tab.process.terminate()
} catch {
  fputs("xjs-shell: \(error)\n", stderr)
  exit(1)
}
