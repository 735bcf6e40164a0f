import XJSContentProcess
import XJSEngine

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Parses the command line and dispatches to `run`, `parse`, `content`, `-e` or the REPL.
struct CommandLineDriver {
  static var version: String { EngineVersion.string }
  /// The engine modes this build has (the conformance runner reads this line).
  static var modes: [String] {
    var modes = ["interp", "gc-stress"]
    #if arch(x86_64) || arch(arm64)
      modes += ["jit-eager", "jit"]
    #endif
    // arm64 code in the simulator runs on any host.
    modes.append("arm64-sim")
    return modes
  }

  static let usage = """
    Usage:
      xjs run [options] <file.js> [args...]   run a script (global scriptArgs = [file, args...]);
                                              a .mjs file (or any file with --module) runs as a module
      xjs [options] <file.js> [args...]       same as `xjs run`
      xjs -e '<code>' [options]               run code given on the command line
      xjs parse [--estree] <file.js>          check a file and print its syntax tree
                                              (--module, or a .mjs file: parse as a module)
      xjs content [--fd N] [--stats]          run as a sandboxed content process driven by a host
                                              over descriptor N (see xjs content --help)
      xjs                                     interactive REPL

    Options:
      --jitless            interpreter only: no executable memory is mapped (also XJS_JITLESS=1)
      --jit[=MODE]         baseline JIT mode: tiered (default: interpreter first, hot code compiled),
                           eager (every function compiled before it first runs) or off
      --jit-threshold=<n>  calls plus loop iterations before a function is compiled (default 500)
      --jit-target=<t>     native (the host's ISA, the default) or arm64-sim (arm64 code run in the
                           built-in arm64 simulator, on any host)
      --jit-witness        print the witness log of executable memory at exit (stderr)
      --print-code         disassemble the machine code compiled (stderr; through objdump if installed)
      --stats              print the engine's counters at exit (stderr): JIT, code memory, GC
      --gc-stress          collect garbage at every allocation (also XJS_GC_STRESS=1)
      --max-heap=<size>    heap limit, e.g. 256m or 1g (default 2g); past it scripts get a RangeError
      --timeout-ms=<n>     stop the script after n milliseconds of wall time
      --dump-bytecode      print the bytecode of the script and its functions before running
      --module             run the file as an ECMAScript module (default for .mjs); its imports
                           resolve as paths relative to the importing file ('./x.js', '../y.mjs',
                           '/abs/z.js'); bare specifiers are an error; JSON needs with {type:"json"}
      --prelude=<file>     run <file> as a script first, in the same realm (repeatable)
      --test262            install the $262 host object (for the test262 runner)
      --allow-ffi          let the script call native code through the global `ffi` (dlopen,
                           UnsafeCallback, UnsafePointer, UnsafePointerView, UnsafeFnPointer);
                           without it every entry point of `ffi` throws
      --dom                load the file as an HTML page (default for .html and .htm): scripts run
                           as the parser reaches them (inline and src, defer, modules), then
                           DOMContentLoaded, load and the page's timers; prints the document
      --doc-root=<dir>     with --dom, where root-relative src paths (/x.js) resolve (repeatable:
                           searched in order; default the page's folder)
      --reprl              serve Fuzzilli's REPRL protocol on descriptors 100-103: run each script
                           it sends in a fresh runtime (with the other options), defines
                           fuzzilli(); for fuzzing only (see Scripts/fuzz/README.md)
      --help, -h           this help
      --version            version and engine modes

    Exit status: 0 success, 1 uncaught exception or SyntaxError, 2 usage error or unreadable file,
    13 a module's top-level await never settled.
    """

  func run(_ arguments: [String]) -> Int32 {
    if arguments.first == "parse" { return runParseCommand(Array(arguments.dropFirst())) }
    if arguments.first == "content" { return ContentProcessCommand.run(Array(arguments.dropFirst())) }
    var options = RunOptions()
    var rest: [String] = []
    var index = 0
    var inlineCode: String?
    if getenv("XJS_GC_STRESS").map({ String(cString: $0) }) == "1" { options.gcStress = true }
    if getenv("XJS_JITLESS").map({ String(cString: $0) }) == "1" { options.jitMode = .off }
    let remaining = arguments.first == "run" ? Array(arguments.dropFirst()) : arguments
    while index < remaining.count {
      let argument = remaining[index]
      if !rest.isEmpty {
        rest.append(argument)
        index += 1
        continue
      }
      switch argument {
      case "--help", "-h":
        print(CommandLineDriver.usage)
        return 0
      case "--version":
        print("xjs \(CommandLineDriver.version)")
        print("modes: \(CommandLineDriver.modes.joined(separator: " "))")
        return 0
      case "--jitless": options.jitMode = .off
      case "--jit": options.jitMode = .tiered
      case "--jit-witness": options.jitWitness = true
      case "--print-code": options.printCode = true
      case "--stats": options.stats = true
      case "--gc-stress": options.gcStress = true
      case "--dump-bytecode": options.dumpBytecode = true
      case "--test262": options.test262 = true
      case "--allow-ffi": options.allowFFI = true
      case "--module": options.module = true
      case "--dom": options.dom = true
      case "--reprl": options.reprl = true
      case "-e":
        guard index + 1 < remaining.count else { return usageError("-e needs an argument") }
        inlineCode = remaining[index + 1]
        index += 1
      default:
        if argument.hasPrefix("--max-heap") {
          guard let value = optionValue(argument, remaining, &index), let bytes = parseSize(value) else {
            return usageError("--max-heap needs a size such as 256m")
          }
          options.maximumHeap = bytes
        } else if argument.hasPrefix("--prelude") {
          guard let value = optionValue(argument, remaining, &index) else {
            return usageError("--prelude needs a file")
          }
          options.preludes.append(value)
        } else if argument.hasPrefix("--doc-root") {
          guard let value = optionValue(argument, remaining, &index), !value.isEmpty else {
            return usageError("--doc-root needs a folder")
          }
          options.documentRoots.append(value.count > 1 && value.hasSuffix("/") ? String(value.dropLast()) : value)
        } else if argument.hasPrefix("--jit=") {
          guard let mode = JITMode(rawValue: String(argument.dropFirst("--jit=".count))) else {
            return usageError("--jit takes tiered, eager or off")
          }
          options.jitMode = mode
        } else if argument.hasPrefix("--jit-target") {
          guard let value = optionValue(argument, remaining, &index), let target = JITTarget(rawValue: value) else {
            return usageError("--jit-target takes native or arm64-sim")
          }
          options.jitTarget = target
        } else if argument.hasPrefix("--jit-threshold") {
          guard let value = optionValue(argument, remaining, &index), let count = Int32(value), count >= 0 else {
            return usageError("--jit-threshold needs a count of 0 or more")
          }
          options.jitThreshold = count
        } else if argument.hasPrefix("--timeout-ms") {
          guard let value = optionValue(argument, remaining, &index), let milliseconds = Int(value), milliseconds > 0
          else {
            return usageError("--timeout-ms needs a positive number of milliseconds")
          }
          options.timeoutMilliseconds = milliseconds
        } else if argument.hasPrefix("-") && argument != "-" {
          return usageError("unknown option '\(argument)'")
        } else {
          rest.append(argument)
        }
      }
      index += 1
    }
    if options.reprl { return REPRL(options: options).run() }
    if let inlineCode {
      return ScriptRunner(options: options).run(code: inlineCode, name: "<command line>", arguments: rest)
    }
    guard let path = rest.first else {
      if arguments.first == "run" { return usageError("run needs a file") }
      return REPL(options: options).run()
    }
    if options.dom || path.hasSuffix(".html") || path.hasSuffix(".htm") {
      return PageRunner(options: options).run(path: path)
    }
    return ScriptRunner(options: options).run(path: path, arguments: Array(rest.dropFirst()))
  }

  private func optionValue(_ argument: String, _ arguments: [String], _ index: inout Int) -> String? {
    if let equals = argument.firstIndex(of: "=") { return String(argument[argument.index(after: equals)...]) }
    guard index + 1 < arguments.count else { return nil }
    index += 1
    return arguments[index]
  }

  /// A positive byte count such as `256m`; nil for anything else (also sizes that overflow).
  private func parseSize(_ text: String) -> Int? {
    let lower = text.lowercased()
    let multipliers: [(String, Int)] = [("k", 1024), ("m", 1024 * 1024), ("g", 1024 * 1024 * 1024)]
    var digits = Substring(lower)
    var multiplier = 1
    for (suffix, factor) in multipliers where lower.hasSuffix(suffix) {
      digits = lower.dropLast()
      multiplier = factor
    }
    guard let count = Int(digits), count > 0 else { return nil }
    let (bytes, overflow) = count.multipliedReportingOverflow(by: multiplier)
    return overflow ? nil : bytes
  }

  private func usageError(_ message: String) -> Int32 {
    fputs("xjs: \(message)\n\(CommandLineDriver.usage)\n", stderr)
    return 2
  }
}

struct RunOptions {
  var gcStress = false
  var jitMode = JITMode.tiered
  var jitThreshold: Int32?
  var jitTarget = JITTarget.native
  var jitWitness = false
  var printCode = false
  var stats = false
  var dumpBytecode = false
  var test262 = false
  /// The global `ffi` works (otherwise every entry point throws).
  var allowFFI = false
  /// Run the file as a module (also for any `.mjs` file).
  var module = false
  /// Scripts run before the file, in the same realm.
  var preludes: [String] = []
  var maximumHeap: Int?
  var timeoutMilliseconds: Int?
  /// Load the file as an HTML page (`--dom`).
  var dom = false
  /// Where a page's root-relative script paths resolve, in search order (`--doc-root`).
  var documentRoots: [String] = []
  /// Serve Fuzzilli's read-eval-print-reset loop (`--reprl`, REPRL.swift).
  var reprl = false
}
