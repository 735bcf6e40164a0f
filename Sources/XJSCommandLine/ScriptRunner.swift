import Glibc
import XJSEngine

/// Runs one script file (or inline code) and reports its outcome.
struct ScriptRunner {
  let options: RunOptions

  func makeRuntime() -> Runtime {
    var runtimeOptions = RuntimeOptions()
    runtimeOptions.gcStress = options.gcStress
    runtimeOptions.jit.mode = options.jitMode
    runtimeOptions.jit.target = options.jitTarget
    if let threshold = options.jitThreshold { runtimeOptions.jit.threshold = threshold }
    if let maximumHeap = options.maximumHeap { runtimeOptions.maximumHeapBytes = maximumHeap }
    let runtime = Runtime(options: runtimeOptions)
    if options.test262 {
      runtime.installTest262Host()
      // A shell does not fail a test for a promise left rejected (async tests report through print).
      runtime.tracksUnhandledRejections = false
    }
    if options.printCode { runtime.keepMachineCodeListing() }
    if let timeout = options.timeoutMilliseconds { runtime.setTimeLimit(milliseconds: timeout) }
    return runtime
  }

  func run(path: String, arguments: [String]) -> Int32 {
    guard let text = readScriptFile(path) else {
      fputs("xjs: cannot open '\(path)': \(String(cString: strerror(errno)))\n", stderr)
      return 2
    }
    return execute(text, name: path, scriptArguments: [path] + arguments)
  }

  func run(code: String, name: String, arguments: [String]) -> Int32 {
    execute(Array(code.utf16), name: name, scriptArguments: [name] + arguments)
  }

  /// `scriptArguments` becomes the global `scriptArgs` (the script's name, then its arguments).
  private func execute(_ text: [UInt16], name: String, scriptArguments: [String]) -> Int32 {
    let runtime = makeRuntime()
    runtime.defineGlobalStringArray("scriptArgs", scriptArguments)
    var scriptOptions = ScriptOptions()
    scriptOptions.dumpBytecode = options.dumpBytecode
    let status: Int32
    // The script and the jobs it queued, then its timers (each callback followed by the jobs it
    // queued) until none is left; the first uncaught exception or unhandled rejection stops it.
    switch runtime.runScript(text, name: name, options: scriptOptions) {
    case .completed:
      if let message = runtime.runEventLoopReportingErrors() {
        fflush(stdout)
        fputs(message + "\n", stderr)
        status = 1
      } else {
        status = 0
      }
    case .syntaxError(let message), .uncaught(let message):
      fflush(stdout)
      fputs(message + "\n", stderr)
      status = 1
    }
    fflush(stdout)
    report(runtime)
    return status
  }

  /// What `--print-code`, `--jit-witness` and `--stats` ask for, on stderr.
  private func report(_ runtime: Runtime) {
    if options.printCode { fputs(runtime.machineCodeListing(), stderr) }
    if options.jitWitness { fputs(runtime.witnessReport() + "\n", stderr) }
    if options.stats { fputs(runtime.statisticsReport() + "\n", stderr) }
  }
}

/// Reads a file as UTF-8 (invalid sequences become U+FFFD) into UTF-16 code units.
func readScriptFile(_ path: String) -> [UInt16]? {
  guard let file = fopen(path, "rb") else { return nil }
  defer { fclose(file) }
  var bytes: [UInt8] = []
  // A small chunk: a zero-filled 64 KB buffer alone was 1 % of print("hi")'s peak RSS.
  var buffer = [UInt8](repeating: 0, count: 4096)
  while true {
    let count = fread(&buffer, 1, buffer.count, file)
    if count > 0 { bytes.append(contentsOf: buffer[0..<count]) }
    if count < buffer.count {
      if ferror(file) != 0 { return nil }
      break
    }
  }
  // Skip a UTF-8 byte order mark.
  var start = 0
  if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { start = 3 }
  return Array(String(decoding: bytes[start...], as: UTF8.self).utf16)
}
