import CXJSAPI
import XJS

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An `xjs_error`: a failed call's kind and texts (NUL-terminated copies that live as long as
/// the error), and the thrown value for an exception. Errors belong to no runtime: they stay
/// readable (and releasable) after their runtime is destroyed.
final class CError {
  let kind: xjs_error_kind
  let name: UnsafeMutablePointer<CChar>
  let message: UnsafeMutablePointer<CChar>
  let location: UnsafeMutablePointer<CChar>?
  let stack: UnsafeMutablePointer<CChar>?
  let summary: UnsafeMutablePointer<CChar>
  let value: JSValue?
  /// The runtime the value belongs to (handles for it are made there while it lives).
  let runtimeSlot: Int
  let runtimeEpoch: UInt8

  init(
    kind: xjs_error_kind, name: String, message: String, location: String?, stack: String?, summary: String,
    value: JSValue?, runtimeSlot: Int = 0, runtimeEpoch: UInt8 = 0
  ) {
    self.kind = kind
    self.name = strdup(name)!
    self.message = strdup(message)!
    self.location = location.flatMap { strdup($0) }
    self.stack = stack.flatMap { strdup($0) }
    self.summary = strdup(summary)!
    self.value = value
    self.runtimeSlot = runtimeSlot
    self.runtimeEpoch = runtimeEpoch
  }

  deinit {
    for text in [name, message, location, stack, summary] { free(text) }
  }

  /// A JSError from the Swift API, as a C error.
  convenience init(_ error: JSError, slot: Int, epoch: UInt8) {
    let kind: xjs_error_kind
    switch error.kind {
    case .exception: kind = XJS_ERROR_EXCEPTION
    case .syntax: kind = XJS_ERROR_SYNTAX
    case .terminated: kind = XJS_ERROR_TERMINATED
    case .destroyed: kind = XJS_ERROR_DESTROYED
    }
    self.init(
      kind: kind, name: error.name, message: error.message, location: error.location, stack: error.stack,
      summary: error.description, value: error.value, runtimeSlot: slot, runtimeEpoch: epoch)
  }

  /// Misuse the API detected: a bad handle, a NULL where a value is needed.
  convenience init(invalidArgument message: String) {
    self.init(
      kind: XJS_ERROR_INVALID_ARGUMENT, name: "InvalidArgument", message: message, location: nil, stack: nil,
      summary: "InvalidArgument: " + message, value: nil)
  }

  /// A TypeError of the API's own (a value of the wrong type), not thrown by a script.
  convenience init(typeError message: String) {
    self.init(
      kind: XJS_ERROR_EXCEPTION, name: "TypeError", message: message, location: nil, stack: nil,
      summary: "TypeError: " + message, value: nil)
  }
}

/// Why a C call failed, as Swift code inside the API throws it.
enum CFailure: Error {
  case error(CError)

  static func invalid(_ message: String) -> CFailure { .error(CError(invalidArgument: message)) }
  static func typeError(_ message: String) -> CFailure { .error(CError(typeError: message)) }
}

/// Runs a C entry point's body: nil on success, or the failure as a new `xjs_error *`.
func reportingFailure(_ body: () throws(CFailure) -> Void) -> OpaquePointer? {
  do {
    try body()
    return nil
  } catch {
    guard case .error(let cError) = error else { return nil }
    return errorTable.insert(cError)
  }
}

func lookupError(_ handle: OpaquePointer?) -> CError? { errorTable.lookup(handle) }

@_cdecl("xjs_error_get_kind")
public func cErrorKind(_ error: OpaquePointer?) -> xjs_error_kind {
  lookupError(error)?.kind ?? XJS_ERROR_INVALID_ARGUMENT
}

@_cdecl("xjs_error_get_name")
public func cErrorName(_ error: OpaquePointer?) -> UnsafePointer<CChar>? {
  lookupError(error).map { UnsafePointer($0.name) }
}

@_cdecl("xjs_error_get_message")
public func cErrorMessage(_ error: OpaquePointer?) -> UnsafePointer<CChar>? {
  lookupError(error).map { UnsafePointer($0.message) }
}

@_cdecl("xjs_error_get_location")
public func cErrorLocation(_ error: OpaquePointer?) -> UnsafePointer<CChar>? {
  lookupError(error)?.location.map { UnsafePointer($0) }
}

@_cdecl("xjs_error_get_stack")
public func cErrorStack(_ error: OpaquePointer?) -> UnsafePointer<CChar>? {
  lookupError(error)?.stack.map { UnsafePointer($0) }
}

@_cdecl("xjs_error_get_description")
public func cErrorDescription(_ error: OpaquePointer?) -> UnsafePointer<CChar>? {
  lookupError(error).map { UnsafePointer($0.summary) }
}

@_cdecl("xjs_error_get_value")
public func cErrorValue(_ error: OpaquePointer?) -> OpaquePointer? {
  guard let error = lookupError(error), let value = error.value,
    let runtime = RuntimeSlots.shared.runtime(slot: error.runtimeSlot, epoch: error.runtimeEpoch),
    value.heapIdentity == runtime.virtualMachine.heapIdentity
  else { return nil }
  return runtime.handle(for: value)
}

@_cdecl("xjs_error_release")
public func cErrorRelease(_ error: OpaquePointer?) {
  _ = errorTable.remove(error)
}

@_cdecl("xjs_free")
public func cFree(_ pointer: UnsafeMutableRawPointer?) { free(pointer) }

/// A malloc'd NUL-terminated copy of `text` (the C API's `char *` results).
func mallocString(_ text: String) -> UnsafeMutablePointer<CChar> { strdup(text)! }
