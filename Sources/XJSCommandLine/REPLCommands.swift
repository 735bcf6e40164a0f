import XJSEngine

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The REPL's dot commands (node's set, less `.save`).
enum REPLCommand {
  case help, exit
  case load(String)
  case editor, breakInput, clear
  case unknown

  static let helpText = """
    .break    Sometimes you get stuck, this gets you out
    .clear    Break, and also clear the local context
    .editor   Enter editor mode
    .exit     Exit the REPL
    .help     Print this help message
    .load     Load JS from a file into the REPL session

    Press Ctrl+C to abort current expression, Ctrl+D to exit the REPL
    """

  /// The command a line asks for; nil when the line is JavaScript. As in node, `.5` is a
  /// number, not a command: a command is a dot and then a letter.
  init?(_ line: String) {
    let trimmed = line.trimmingSpaces
    guard trimmed.hasPrefix("."), let first = trimmed.dropFirst().first, first.isLetter else { return nil }
    let words = trimmed.dropFirst().split(separator: " ", maxSplits: 1)
    let argument = words.count > 1 ? String(words[1]).trimmingSpaces : ""
    switch words[0] {
    case "help": self = .help
    case "exit": self = .exit
    case "load": self = .load(argument)
    case "editor": self = .editor
    case "break": self = .breakInput
    case "clear": self = .clear
    default: self = .unknown
    }
  }
}

extension REPLSession {
  func run(_ command: REPLCommand) -> Outcome {
    switch command {
    case .help: print(REPLCommand.helpText)
    case .exit: return .exit
    case .load(let path): load(path)
    case .editor: runEditorMode()
    case .breakInput: pending = ""
    case .clear:
      print("Clearing context...")
      resetContext()
    case .unknown: print("Invalid REPL keyword")
    }
    fflush(stdout)
    return .proceed
  }

  /// `.load FILE`: the file's text, evaluated in this session as one input.
  private func load(_ path: String) {
    guard !path.isEmpty, let text = FileModuleLoader.readUTF8File(path) else {
      print("Failed to load: \(path)")
      return
    }
    evaluate(text, continuing: false)
  }

  /// `.editor`: lines are collected until Ctrl-D and then evaluated as one input; Ctrl-C
  /// drops them. Piped input ends the mode at its end.
  private func runEditorMode() {
    print("// Entering editor mode (Ctrl+D to finish, Ctrl+C to cancel)")
    var lines: [String] = []
    while true {
      if let editor {
        switch editor.readLine(prompt: "") {
        case .line(let line): lines.append(line)
        case .endOfInput(let rest):
          if !rest.isEmpty { lines.append(rest) }
          return evaluate(lines.joined(separator: "\n"), continuing: false)
        case .interrupted: return
        }
      } else {
        guard let line = readLine(strippingNewline: true) else {
          return evaluate(lines.joined(separator: "\n"), continuing: false)
        }
        lines.append(line)
      }
    }
  }
}
