import XJSEngine
import XJSSyntax

/// A JavaScript failure as a Swift error: an exception a script threw (with its name, message,
/// `file:line:col` and stack), a syntax error, a terminated script, or a use of a virtual machine
/// that is gone.
///
/// Thrown from a host function, a `JSError` made with `init(name:message:)` reaches the script as
/// a new error of that name (`TypeError`, `RangeError`, … or `Error`); one caught from the engine
/// is rethrown as the very value; any other Swift error becomes an `Error` whose message is the
/// error's description.
public struct JSError: Error, CustomStringConvertible {
  public enum Kind: Sendable {
    /// The script threw `value`.
    case exception
    /// The source text is not valid JavaScript (an early error).
    case syntax
    /// The script was stopped: its time limit passed, or an interrupt asked it to stop.
    case terminated
    /// The virtual machine this came from has been destroyed.
    case destroyed
  }

  public let kind: Kind
  /// The error's name ("TypeError", "SyntaxError", …; empty for a thrown non-error value).
  public let name: String
  public let message: String
  /// Where it was thrown (`file:line:col`), when known.
  public let location: String?
  /// The JavaScript stack (`Name: message` and one `    at …` line per frame), when known.
  public let stack: String?
  /// The thrown value (nil for syntax errors and terminations).
  public let value: JSValue?

  /// An error to throw from a host function: the script receives a new `name` error.
  public init(name: String = "Error", message: String) {
    kind = .exception
    self.name = name
    self.message = message
    location = nil
    stack = nil
    value = nil
  }

  /// An error to throw from a host function: the script receives `value` itself.
  public init(throwing value: JSValue) {
    let details = value.context.withRuntime { $0.errorDetails(value.raw) }
    kind = .exception
    name = details?.name ?? ""
    message = details?.message ?? ""
    location = details?.location
    stack = details?.stack
    self.value = value
  }

  init(kind: Kind, name: String, message: String, location: String? = nil, stack: String? = nil, value: JSValue? = nil)
  {
    self.kind = kind
    self.name = name
    self.message = message
    self.location = location
    self.stack = stack
    self.value = value
  }

  static let destroyed = JSError(kind: .destroyed, name: "Error", message: "The virtual machine has been destroyed")

  init(thrown: Value, runtime: Runtime, core: VirtualMachineCore) {
    let details = runtime.errorDetails(thrown)
    if runtime.isTermination(thrown) {
      self.init(kind: .terminated, name: details.name, message: details.message)
      return
    }
    let context = core.contextForValues
    self.init(
      kind: .exception, name: details.name, message: details.message, location: details.location,
      stack: details.stack, value: JSValue(thrown, context))
  }

  init(syntax error: SyntaxError) {
    self.init(
      kind: .syntax, name: "SyntaxError", message: error.message,
      location: "\(error.sourceName):\(error.line):\(error.column)", stack: nil, value: nil)
  }

  public var description: String {
    switch kind {
    case .syntax: return "SyntaxError: \(message)" + (location.map { " at \($0)" } ?? "")
    case .exception:
      if let stack { return stack }
      if name.isEmpty { return "Uncaught \(message)" }
      return message.isEmpty ? name : "\(name): \(message)"
    case .terminated, .destroyed: return message
    }
  }
}
