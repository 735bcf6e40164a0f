import CXJSAPI
import XJSContent

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// The C API of content processes (xjs.h, "Content processes") over XJSContent's
// ContentProcess. Handles live in a process-wide table (they belong to no runtime).

/// An `xjs_content_process`: the host object and the C handler's user data.
final class CContentProcess {
  let process: ContentProcess
  var handlerState: HandlerState?

  /// The C handler and its user data, released (finalizer called) when replaced.
  final class HandlerState: @unchecked Sendable {
    let handler: xjs_content_interruption_handler
    let userData: UnsafeMutableRawPointer?
    let finalizer: (@convention(c) (UnsafeMutableRawPointer?) -> Void)?

    init(
      handler: xjs_content_interruption_handler, userData: UnsafeMutableRawPointer?,
      finalizer: (@convention(c) (UnsafeMutableRawPointer?) -> Void)?
    ) {
      self.handler = handler
      self.userData = userData
      self.finalizer = finalizer
    }

    deinit { finalizer?(userData) }
  }

  init(_ process: ContentProcess) { self.process = process }
}

let contentProcessTable = ProcessHandleTable<CContentProcess>(tag: 1 << 62)

private func lookupContent(_ handle: OpaquePointer?) throws(CFailure) -> CContentProcess {
  guard let content = contentProcessTable.lookup(handle) else {
    throw .invalid("not a live xjs_content_process handle")
  }
  return content
}

/// A content process's failure as a C error.
private func contentFailure(_ error: ContentProcessError) -> CFailure {
  let message = error.description
  return .error(
    CError(
      kind: XJS_ERROR_CONTENT_PROCESS, name: "ContentProcessError", message: message, location: nil, stack: nil,
      summary: "ContentProcessError: " + message, value: nil))
}

private func string(_ pointer: UnsafePointer<CChar>?, _ name: String) throws(CFailure) -> String {
  guard let pointer else { throw .invalid("\(name) is NULL") }
  return String(cString: pointer)
}

@_cdecl("xjs_content_policy_init")
public func cContentPolicyInit(_ policy: UnsafeMutablePointer<xjs_content_policy>?) {
  guard let policy else { return }
  let defaults = ContentPolicy()
  policy.pointee = xjs_content_policy()
  policy.pointee.struct_size = UInt32(MemoryLayout<xjs_content_policy>.size)
  policy.pointee.allow_jit = 1
  policy.pointee.heap_limit = UInt64(defaults.heapLimit)
  policy.pointee.task_time_limit_ms = 10_000
  policy.pointee.lock_down = 1
}

private func swiftPolicy(_ policy: UnsafePointer<xjs_content_policy>?) throws(CFailure) -> ContentPolicy {
  var settings = xjs_content_policy()
  if let policy {
    guard policy.pointee.struct_size == UInt32(MemoryLayout<xjs_content_policy>.size) else {
      throw .invalid("xjs_content_policy.struct_size is not sizeof(xjs_content_policy): call xjs_content_policy_init")
    }
    settings = policy.pointee
  } else {
    cContentPolicyInit(&settings)
  }
  var result = ContentPolicy()
  result.allowsJIT = settings.allow_jit != 0
  result.heapLimit = Int(clamping: settings.heap_limit)
  result.taskTimeLimit =
    settings.task_time_limit_ms == 0 ? nil : .milliseconds(Int64(clamping: settings.task_time_limit_ms))
  result.locksDown = settings.lock_down != 0
  if let path = settings.executable_path { result.executablePath = String(cString: path) }
  if var directory = settings.readable_directories {
    var directories: [String] = []
    while let entry = directory.pointee {
      directories.append(String(cString: entry))
      directory += 1
    }
    result.readableDirectories = directories
  }
  return result
}

@_cdecl("xjs_content_launch")
public func cContentLaunch(
  _ policy: UnsafePointer<xjs_content_policy>?, _ outProcess: UnsafeMutablePointer<OpaquePointer?>?
) -> OpaquePointer? {
  outProcess?.pointee = nil
  return reportingFailure { () throws(CFailure) in
    guard let outProcess else { throw .invalid("out_process is NULL") }
    let settings = try swiftPolicy(policy)
    let process = try perform { () throws(ContentProcessError) in try ContentProcess(policy: settings) }
    outProcess.pointee = contentProcessTable.insert(CContentProcess(process))
  }
}

@_cdecl("xjs_content_set_interruption_handler")
public func cContentSetInterruptionHandler(
  _ handle: OpaquePointer?, _ handler: xjs_content_interruption_handler?, _ userData: UnsafeMutableRawPointer?,
  _ finalizer: (@convention(c) (UnsafeMutableRawPointer?) -> Void)?
) -> OpaquePointer? {
  reportingFailure { () throws(CFailure) in
    let content = try lookupContent(handle)
    guard let handler else {
      content.process.interruptionHandler = nil
      content.handlerState = nil
      return
    }
    let state = CContentProcess.HandlerState(handler: handler, userData: userData, finalizer: finalizer)
    content.handlerState = state
    content.process.interruptionHandler = { interruption in
      let (reason, code) = cReason(interruption.reason)
      interruption.description.withCString { text in
        state.handler(state.userData, interruption.processID, reason, code, text)
      }
    }
  }
}

private func cReason(_ reason: ContentInterruptionReason) -> (xjs_content_interruption_reason, Int32) {
  switch reason {
  case .exceededTimeLimit: (XJS_CONTENT_EXCEEDED_TIME_LIMIT, 0)
  case .exceededHeapLimit: (XJS_CONTENT_EXCEEDED_HEAP_LIMIT, 0)
  case .sandboxViolation: (XJS_CONTENT_SANDBOX_VIOLATION, SIGSYS)
  case .killed(let signal): (XJS_CONTENT_KILLED, signal)
  case .crashed(let signal): (XJS_CONTENT_CRASHED, signal)
  case .protocolViolation: (XJS_CONTENT_PROTOCOL_VIOLATION, 0)
  case .setupFailed: (XJS_CONTENT_SETUP_FAILED, 0)
  case .exited(let status): (XJS_CONTENT_EXITED, status)
  }
}

/// Runs a request that answers with an outcome and writes it out.
private func answering(
  _ handle: OpaquePointer?, _ outOutcome: UnsafeMutablePointer<xjs_content_outcome>?,
  _ outText: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
  _ request: (ContentProcess) throws(CFailure) -> ScriptOutcome
) -> OpaquePointer? {
  outText?.pointee = nil
  return reportingFailure { () throws(CFailure) in
    let outcome = try request(try lookupContent(handle).process)
    let (kind, text): (xjs_content_outcome, String)
    switch outcome {
    case .value(let value): (kind, text) = (XJS_CONTENT_VALUE, value)
    case .exception(let value): (kind, text) = (XJS_CONTENT_EXCEPTION, value)
    case .syntaxError(let value): (kind, text) = (XJS_CONTENT_SYNTAX_ERROR, value)
    case .failed(let value): (kind, text) = (XJS_CONTENT_FAILED, value)
    }
    outOutcome?.pointee = kind
    outText?.pointee = mallocString(text)
  }
}

/// Calls a request of the Swift API, its errors as C errors.
private func perform<T>(_ body: () throws(ContentProcessError) -> T) throws(CFailure) -> T {
  do { return try body() } catch { throw contentFailure(error) }
}

@_cdecl("xjs_content_load_page")
public func cContentLoadPage(
  _ handle: OpaquePointer?, _ path: UnsafePointer<CChar>?, _ outOutcome: UnsafeMutablePointer<xjs_content_outcome>?,
  _ outText: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> OpaquePointer? {
  answering(handle, outOutcome, outText) { process throws(CFailure) in
    let page = try string(path, "path")
    return try perform { () throws(ContentProcessError) in try process.loadPage(path: page) }
  }
}

@_cdecl("xjs_content_evaluate")
public func cContentEvaluate(
  _ handle: OpaquePointer?, _ source: UnsafePointer<CChar>?, _ sourceURL: UnsafePointer<CChar>?,
  _ outOutcome: UnsafeMutablePointer<xjs_content_outcome>?,
  _ outText: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> OpaquePointer? {
  answering(handle, outOutcome, outText) { process throws(CFailure) in
    let code = try string(source, "source")
    let url = sourceURL.map { String(cString: $0) } ?? "<host>"
    return try perform { () throws(ContentProcessError) in try process.evaluate(code, sourceURL: url) }
  }
}

@_cdecl("xjs_content_dispatch_event")
public func cContentDispatchEvent(
  _ handle: OpaquePointer?, _ type: UnsafePointer<CChar>?, _ selector: UnsafePointer<CChar>?,
  _ outOutcome: UnsafeMutablePointer<xjs_content_outcome>?,
  _ outText: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> OpaquePointer? {
  answering(handle, outOutcome, outText) { process throws(CFailure) in
    let eventType = try string(type, "type")
    let target = try string(selector, "selector")
    return try perform { () throws(ContentProcessError) in try process.dispatchEvent(eventType, to: target) }
  }
}

@_cdecl("xjs_content_settle")
public func cContentSettle(
  _ handle: OpaquePointer?, _ milliseconds: UInt32, _ outText: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> OpaquePointer? {
  answering(handle, nil, outText) { process throws(CFailure) in
    try perform { () throws(ContentProcessError) in try process.settle(for: .milliseconds(Int64(milliseconds))) }
  }
}

@_cdecl("xjs_content_get_document")
public func cContentGetDocument(
  _ handle: OpaquePointer?, _ outHTML: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> OpaquePointer? {
  outHTML?.pointee = nil
  return reportingFailure { () throws(CFailure) in
    guard let outHTML else { throw .invalid("out_html is NULL") }
    let process = try lookupContent(handle).process
    outHTML.pointee = mallocString(try perform { () throws(ContentProcessError) in try process.document() })
  }
}

@_cdecl("xjs_content_take_console")
public func cContentTakeConsole(
  _ handle: OpaquePointer?, _ outStdout: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
  _ outStderr: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> OpaquePointer? {
  outStdout?.pointee = nil
  outStderr?.pointee = nil
  return reportingFailure { () throws(CFailure) in
    let lines = try lookupContent(handle).process.takeConsoleOutput()
    let out = lines.filter { $0.stream == .standardOutput }.map { $0.text + "\n" }.joined()
    let err = lines.filter { $0.stream == .standardError }.map { $0.text + "\n" }.joined()
    outStdout?.pointee = mallocString(out)
    outStderr?.pointee = mallocString(err)
  }
}

@_cdecl("xjs_content_get_status")
public func cContentGetStatus(
  _ handle: OpaquePointer?, _ outJIT: UnsafeMutablePointer<Int32>?, _ outMDWE: UnsafeMutablePointer<Int32>?,
  _ outSandboxed: UnsafeMutablePointer<Int32>?, _ outJITStatus: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> OpaquePointer? {
  outJITStatus?.pointee = nil
  return reportingFailure { () throws(CFailure) in
    let process = try lookupContent(handle).process
    let status = try perform { () throws(ContentProcessError) in try process.status() }
    outJIT?.pointee = status.jitEnabled ? 1 : 0
    outMDWE?.pointee = status.memoryDenyWriteExecute ? 1 : 0
    outSandboxed?.pointee = status.sandboxed ? 1 : 0
    outJITStatus?.pointee = mallocString(status.jitStatus)
  }
}

@_cdecl("xjs_content_get_witness_log")
public func cContentGetWitnessLog(
  _ handle: OpaquePointer?, _ outLog: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> OpaquePointer? {
  outLog?.pointee = nil
  return reportingFailure { () throws(CFailure) in
    guard let outLog else { throw .invalid("out_log is NULL") }
    let process = try lookupContent(handle).process
    let log = try perform { () throws(ContentProcessError) in try process.witnessLog() }
    outLog.pointee = mallocString(log.map { $0 + "\n" }.joined())
  }
}

@_cdecl("xjs_content_get_pid")
public func cContentGetPID(_ handle: OpaquePointer?) -> Int32 {
  contentProcessTable.lookup(handle)?.process.processID ?? 0
}

@_cdecl("xjs_content_relaunch")
public func cContentRelaunch(_ handle: OpaquePointer?) -> OpaquePointer? {
  reportingFailure { () throws(CFailure) in
    let process = try lookupContent(handle).process
    try perform { () throws(ContentProcessError) in try process.relaunch() }
  }
}

@_cdecl("xjs_content_terminate")
public func cContentTerminate(_ handle: OpaquePointer?) {
  contentProcessTable.lookup(handle)?.process.terminate()
}

@_cdecl("xjs_content_release")
public func cContentRelease(_ handle: OpaquePointer?) {
  guard let content = contentProcessTable.remove(handle) else { return }
  content.process.terminate()
  content.process.interruptionHandler = nil
  content.handlerState = nil
}
