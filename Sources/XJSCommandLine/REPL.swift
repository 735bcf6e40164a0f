import XJSEngine

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The interactive read–eval–print loop: keeps state between inputs and reads
/// more lines while an input is incomplete.
struct REPL {
  let options: RunOptions

  func run() -> Int32 {
    let runtime = ScriptRunner(options: options).makeRuntime()
    let interactive = isatty(0) != 0
    if interactive { print("xjs \(CommandLineDriver.version) — type JavaScript, Ctrl-D to exit") }
    var pending = ""
    while true {
      if interactive {
        fputs(pending.isEmpty ? "> " : "... ", stdout)
        fflush(stdout)
      }
      guard let line = readLine(strippingNewline: true) else { break }
      pending += pending.isEmpty ? line : "\n" + line
      if pending.trimmingSpaces.isEmpty {
        pending = ""
        continue
      }
      switch runtime.evaluateForREPL(pending) {
      case .incomplete:
        continue
      case .value(let text):
        print(text)
      case .error(let text):
        fputs(text + "\n", stderr)
      }
      pending = ""
    }
    if interactive { print("") }
    return 0
  }
}

extension String {
  var trimmingSpaces: String {
    String(drop(while: { $0 == " " || $0 == "\t" }).reversed().drop(while: { $0 == " " || $0 == "\t" }).reversed())
  }
}
