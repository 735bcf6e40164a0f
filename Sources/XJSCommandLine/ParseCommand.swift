// `xjs parse [--module] [--estree] [--loc] [--strict] [--quiet] [--time] [--repeat N] [--check] file…`
//
// Prints the syntax tree of each file (an indented dump, or ESTree JSON with
// --estree). A file is parsed as module code with --module or when its name
// ends in `.mjs`, otherwise as a script. A syntax error is printed to stderr and makes the command return 1;
// a file that cannot be read returns 2. --check prints one result line a file
// (for conformance scripts); --time reports the parse time and speed on stderr.

import XJSRegExp
import XJSSyntax

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

struct ParseCommandOptions {
  var estree = false
  var module = false
  var locations = false
  var strict = false
  var quiet = false
  var time = false
  var check = false
  var repeatCount = 1
  var files: [String] = []
}

private let parseUsage =
  "usage: xjs parse [--module] [--estree] [--loc] [--strict] [--quiet] [--time] [--repeat N] [--check] file…"

private let parseHelp = """
  \(parseUsage)

  Parses each file and prints its syntax tree (an indented dump, or ESTree JSON). A file is a
  module with --module or when its name ends in .mjs, otherwise a script.
    --module     parse as module code
    --estree     print ESTree JSON instead of the dump
    --loc        with --estree: give every node its source location
    --strict     parse a script as strict code
    --quiet      print no tree; the exit status says whether it parsed
    --time       report the parse time and speed on stderr
    --repeat N   parse N times (the best and mean times, with --time)
    --check      print one line a file: `file<TAB>ok` or `file<TAB>SyntaxError: … (line:col)`
  A syntax error is printed on stderr and exits 1; a file that cannot be read exits 2.
  """

func runParseCommand(_ arguments: [String]) -> Int32 {
  var options = ParseCommandOptions()
  var index = 0
  while index < arguments.count {
    let argument = arguments[index]
    switch argument {
    case "--estree": options.estree = true
    case "--module": options.module = true
    case "--loc": options.locations = true
    case "--strict": options.strict = true
    case "--quiet": options.quiet = true
    case "--time": options.time = true
    case "--check": options.check = true
    case "--help", "-h":
      print(parseHelp)
      return 0
    case "--repeat":
      index += 1
      guard index < arguments.count, let count = Int(arguments[index]), count > 0 else {
        printError("xjs: --repeat needs a positive count")
        return 2
      }
      options.repeatCount = count
    default:
      if argument.hasPrefix("--") {
        printError("xjs: unknown option '\(argument)'")
        printError(parseUsage)
        return 2
      }
      options.files.append(argument)
    }
    index += 1
  }
  guard !options.files.isEmpty else {
    printError(parseUsage)
    return 2
  }
  var status: Int32 = 0
  for file in options.files {
    status = max(status, parseFile(file, options))
  }
  return status
}

private func parseFile(_ path: String, _ options: ParseCommandOptions) -> Int32 {
  let text: [UInt16]
  switch readSourceFile(path) {
  case .success(let units): text = units
  case .failure(let reason):
    printError("xjs: cannot open '\(path)': \(reason.message)")
    return 2
  }
  let source = SourceFile(name: path, text: text)
  var parserOptions = ParserOptions()
  parserOptions.isStrict = options.strict
  parserOptions.validateRegExp = validateRegExpLiteral
  let isModule = options.module || path.hasSuffix(".mjs")
  var program: Program?
  var failure: SyntaxError?
  // The machine may be shared: CPU time of this thread is the honest measure;
  // wall time is reported beside it.
  var bestCPU = Double.infinity
  var bestWall = Double.infinity
  var totalCPU = 0.0
  for _ in 0..<options.repeatCount {
    program = nil  // freeing the previous tree is not part of parsing
    let startedCPU = clockSeconds(CLOCK_THREAD_CPUTIME_ID)
    let startedWall = clockSeconds(CLOCK_MONOTONIC)
    do {
      program =
        isModule
        ? try parseModule(source, options: parserOptions)
        : try parseScript(source, options: parserOptions)
    } catch {
      failure = error
    }
    let cpu = clockSeconds(CLOCK_THREAD_CPUTIME_ID) - startedCPU
    bestCPU = min(bestCPU, cpu)
    bestWall = min(bestWall, clockSeconds(CLOCK_MONOTONIC) - startedWall)
    totalCPU += cpu
    if failure != nil { break }
  }
  if options.time {
    let units = Double(text.count)
    printError(
      "\(path): \(text.count) UTF-16 units; parse CPU time best \(formatMilliseconds(bestCPU)) ms"
        + " (\(formatRate(units / bestCPU / 1e6)) M units/s), mean \(formatMilliseconds(totalCPU / Double(options.repeatCount))) ms"
        + " over \(options.repeatCount); wall best \(formatMilliseconds(bestWall)) ms")
  }
  if let failure {
    if options.check {
      print("\(path)\tSyntaxError: \(failure.message) (\(failure.line):\(failure.column))")
    } else {
      printError(failure.description)
    }
    return 1
  }
  if options.check {
    print("\(path)\tok")
  } else if !options.quiet, let program {
    let text =
      options.estree
      ? estreeJSON(program, includeLocations: options.locations) : dumpAST(program)
    guard let text else {
      printError("xjs: \(path): the syntax tree is nested too deeply to print")
      return 1
    }
    print(text, terminator: options.estree ? "\n" : "")
  }
  return 0
}

struct ReadFailure: Error {
  let message: String
}

/// Reads a file as UTF-8 and returns it as UTF-16 code units.
func readSourceFile(_ path: String) -> Result<[UInt16], ReadFailure> {
  let descriptor = open(path, O_RDONLY)
  guard descriptor >= 0 else {
    return .failure(ReadFailure(message: String(cString: strerror(errno))))
  }
  defer { close(descriptor) }
  var bytes: [UInt8] = []
  var chunk = [UInt8](repeating: 0, count: 1 << 16)
  while true {
    let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    if count < 0 { return .failure(ReadFailure(message: String(cString: strerror(errno)))) }
    if count == 0 { break }
    bytes.append(contentsOf: chunk[0..<count])
  }
  return .success(String(decoding: bytes, as: UTF8.self).utf16CodeUnits)
}

func printError(_ message: String) {
  fputs(message + "\n", stderr)
}

private func clockSeconds(_ clock: clockid_t) -> Double {
  var time = timespec()
  clock_gettime(clock, &time)
  return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

private func formatMilliseconds(_ seconds: Double) -> String {
  let milliseconds = (seconds * 1000 * 100).rounded() / 100
  return String(milliseconds)
}

private func formatRate(_ rate: Double) -> String {
  String((rate * 10).rounded() / 10)
}
