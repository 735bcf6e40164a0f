import XJSEngine
import XJSSyntax

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The runtime of `xjs run`, which the process ends right after: the kernel takes back its heap
/// at once, where finalizing every cell and freeing every block cost 18% of the instructions of
/// `print("hi")`. Held in a global, so leak checkers see it as reachable.
private nonisolated(unsafe) var runtimeLivingUntilExit: Runtime?

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
    runtime.installFFI(allowed: options.allowFFI)
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
    // `xjs -` runs the script read from standard input, named `[stdin]` as node names it.
    if path == "-" {
      guard !options.module else {
        fputs("xjs: a module cannot be read from standard input\n", stderr)
        return 2
      }
      return execute(readStandardInput(), name: "[stdin]", scriptArguments: ["-"] + arguments)
    }
    guard let text = readScriptFile(path) else {
      fputs("xjs: cannot open '\(path)': \(String(cString: strerror(errno)))\n", stderr)
      return 2
    }
    if options.module || path.hasSuffix(".mjs") {
      return executeModule(path: path, scriptArguments: [path] + arguments)
    }
    return execute(text, name: path, scriptArguments: [path] + arguments)
  }

  /// All of standard input, decoded as UTF-8 (invalid sequences become U+FFFD).
  private func readStandardInput() -> [UInt16] {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
      if count <= 0 { break }
      bytes.append(contentsOf: chunk[0..<count])
    }
    return bytes.withUnsafeBufferPointer { utf16FromUTF8($0) }
  }

  /// The `--prelude` scripts; a message when one fails.
  private func runPreludes(_ runtime: Runtime) -> (message: String, status: Int32)? {
    for prelude in options.preludes {
      guard let text = readScriptFile(prelude) else {
        return ("xjs: cannot open '\(prelude)': \(String(cString: strerror(errno)))", 2)
      }
      switch runtime.runScript(text, name: prelude) {
      case .completed: continue
      case .syntaxError(let message), .uncaught(let message): return (message, 1)
      }
    }
    return nil
  }

  /// Runs a file as a module: loads its graph, links and evaluates it, then runs the event
  /// loop; the module's evaluation failing is an uncaught exception.
  private func executeModule(path: String, scriptArguments: [String]) -> Int32 {
    let runtime = makeRuntime()
    runtimeLivingUntilExit = runtime
    runtime.defineGlobalStringArray("scriptArgs", scriptArguments)
    let status = runModuleFile(runtime, path: path)
    fflush(stdout)
    report(runtime)
    return status
  }

  private func runModuleFile(_ runtime: Runtime, path: String) -> Int32 {
    func fail(_ message: String, _ status: Int32 = 1) -> Int32 {
      fflush(stdout)
      fputs(message + "\n", stderr)
      return status
    }
    if let failure = runPreludes(runtime) { return fail(failure.message, failure.status) }
    let url = path.hasPrefix("/") ? path : FileModuleLoader.currentDirectoryPath() + "/" + path
    switch runtime.runModule(url: FileModuleLoader.normalizePath(url)) {
    case .failed(let exception):
      // The graph did not load or link: nothing ran, so it is reported like an early error.
      return fail(runtime.describeError(exception.value))
    case .started(let promise):
      if let message = runtime.runEventLoopReportingErrors(entry: promise) { return fail(message) }
      switch runtime.moduleEvaluationState(promise) {
      case .fulfilled: return 0
      case .rejected(let reason): return fail(runtime.describeUncaught(reason))
      case .pending:
        let waiting = runtime.modulesAwaitingAtTopLevel()
        let names = waiting.isEmpty ? path : waiting.joined(separator: ", ")
        return fail("Warning: Detected unsettled top-level await in \(names)", 13)
      }
    }
  }

  func run(code: String, name: String, arguments: [String]) -> Int32 {
    execute(code.utf16CodeUnits, name: name, scriptArguments: [name] + arguments)
  }

  /// `scriptArguments` becomes the global `scriptArgs` (the script's name, then its arguments).
  private func execute(_ text: [UInt16], name: String, scriptArguments: [String]) -> Int32 {
    let runtime = makeRuntime()
    runtimeLivingUntilExit = runtime
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
  FileModuleLoader.readUTF16File(path)
}

/// Reads a file as UTF-8 text (invalid sequences become U+FFFD); nil with errno set on failure.
func readTextFile(_ path: String) -> String? { FileModuleLoader.readUTF8File(path) }
