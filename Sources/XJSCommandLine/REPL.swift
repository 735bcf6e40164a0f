import XJSEngine

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The interactive read–eval–print loop: keeps state between inputs and reads more lines
/// while an input is incomplete. On a terminal it edits lines itself (LineEditor), keeps a
/// history and lets Ctrl-C stop a running input; piped input is read line by line.
struct REPL {
  let options: RunOptions

  func run() -> Int32 {
    let session = REPLSession(options: options)
    if isatty(0) != 0 && isatty(1) != 0 && Terminal.prepare() {
      return runOnTerminal(session)
    }
    return runPlain(session)
  }

  /// Input from a pipe or file: no editing, no prompts unless stdin is a terminal.
  private func runPlain(_ session: REPLSession) -> Int32 {
    let interactive = isatty(0) != 0
    if interactive { print("xjs \(CommandLineDriver.version) — type JavaScript, Ctrl-D to exit") }
    while true {
      if interactive {
        fputs(session.prompt, stdout)
        fflush(stdout)
      }
      guard let line = readLine(strippingNewline: true) else { break }
      if session.handle(line) == .exit { return 0 }
    }
    if interactive { print("") }
    return 0
  }

  private func runOnTerminal(_ session: REPLSession) -> Int32 {
    print("xjs \(CommandLineDriver.version) — type JavaScript, .help for help, Ctrl-D to exit")
    let editor = LineEditor(history: History(path: History.defaultPath))
    editor.completion = Completion(runtime: { session.runtime }).complete
    session.editor = editor
    // Node's rule: Ctrl-C on an empty line warns, a second one in a row exits.
    var warnedAboutExit = false
    while true {
      switch editor.readLine(prompt: session.prompt) {
      case .line(let line):
        warnedAboutExit = false
        editor.history.add(line)
        if session.handle(line) == .exit { return 0 }
      case .endOfInput:
        return 0
      case .interrupted(let line):
        if !line.isEmpty || !session.pending.isEmpty {
          session.pending = ""
          warnedAboutExit = false
        } else if warnedAboutExit {
          return 0
        } else {
          print("(To exit, press Ctrl+C again or Ctrl+D or type .exit)")
          warnedAboutExit = true
        }
      }
    }
  }
}

/// The state one REPL keeps: the runtime (replaced by `.clear`), the input still incomplete.
final class REPLSession {
  enum Outcome { case proceed, exit }

  let options: RunOptions
  private(set) var runtime: Runtime
  var pending = ""
  /// The terminal's editor (nil for piped input): `.editor` reads through it.
  var editor: LineEditor?

  init(options: RunOptions) {
    self.options = options
    runtime = ScriptRunner(options: options).makeRuntime()
  }

  var prompt: String { pending.isEmpty ? "> " : "... " }

  /// One line typed: a dot command at the start of an input, or more of the input.
  func handle(_ line: String) -> Outcome {
    if pending.isEmpty, let command = REPLCommand(line) {
      return run(command)
    }
    pending += pending.isEmpty ? line : "\n" + line
    if pending.trimmingSpaces.isEmpty {
      pending = ""
      return .proceed
    }
    evaluate(pending, continuing: true)
    return .proceed
  }

  /// Evaluates an input; an incomplete one stays pending when `continuing` (more lines may
  /// follow), else it is compiled as it is, to report its SyntaxError.
  func evaluate(_ text: String, continuing: Bool) {
    // SIGINT stops this input only: an interrupt asked for earlier is dropped first.
    runtime.clearInterruptRequest()
    if editor != nil { Terminal.setInterruptWord(runtime.interruptRequestWord) }
    defer {
      Terminal.setInterruptWord(nil)
      runtime.clearInterruptRequest()
    }
    switch runtime.evaluateForREPL(text, allowingIncomplete: continuing) {
    case .incomplete:
      return
    case .value(let result):
      print(result)
    case .error(let message):
      fflush(stdout)
      fputs(message + "\n", stderr)
    }
    pending = ""
    fflush(stdout)
  }

  func resetContext() {
    runtime = ScriptRunner(options: options).makeRuntime()
    pending = ""
  }
}

extension String {
  var trimmingSpaces: String {
    String(drop(while: { $0 == " " || $0 == "\t" }).reversed().drop(while: { $0 == " " || $0 == "\t" }).reversed())
  }
}
