/// A failure the DOM reports as a `DOMException` of the given name ("HierarchyRequestError",
/// "NotFoundError", …); the bindings turn it into the JavaScript object.
public struct DOMError: Error, CustomStringConvertible {
  public let name: String
  public let message: String

  public init(_ name: String, _ message: String) {
    self.name = name
    self.message = message
  }

  public var description: String { "\(name): \(message)" }

  static func hierarchy(_ message: String) -> DOMError { DOMError("HierarchyRequestError", message) }
  static func notFound(_ message: String) -> DOMError { DOMError("NotFoundError", message) }
  static func invalidCharacter(_ message: String) -> DOMError { DOMError("InvalidCharacterError", message) }
  static func indexSize(_ message: String) -> DOMError { DOMError("IndexSizeError", message) }
  static func syntax(_ message: String) -> DOMError { DOMError("SyntaxError", message) }
  static func namespace(_ message: String) -> DOMError { DOMError("NamespaceError", message) }
  static func invalidState(_ message: String) -> DOMError { DOMError("InvalidStateError", message) }
  static func notSupported(_ message: String) -> DOMError { DOMError("NotSupportedError", message) }
  static func inUseAttribute(_ message: String) -> DOMError { DOMError("InUseAttributeError", message) }
}

/// The legacy `code` of each DOMException name (0 for names without one).
let domExceptionCodes: [String: Int] = [
  "IndexSizeError": 1, "HierarchyRequestError": 3, "WrongDocumentError": 4, "InvalidCharacterError": 5,
  "NoModificationAllowedError": 7, "NotFoundError": 8, "NotSupportedError": 9, "InUseAttributeError": 10,
  "InvalidStateError": 11, "SyntaxError": 12, "InvalidModificationError": 13, "NamespaceError": 14,
  "InvalidAccessError": 15, "TypeMismatchError": 17, "SecurityError": 18, "NetworkError": 19, "AbortError": 20,
  "URLMismatchError": 21, "QuotaExceededError": 22, "TimeoutError": 23, "InvalidNodeTypeError": 24,
  "DataCloneError": 25,
]
