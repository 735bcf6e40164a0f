import XJS
import XJSContent
import XJSDOM
import XJSEngine

/// One page in the content process: its virtual machine, context and DOM realm. A new page
/// gets a new session (nothing of the old page's heap survives a navigation).
final class PageSession {
  let virtualMachine: VirtualMachine
  let context: Context
  let realm: DOMRealm
  let url: String

  init(virtualMachine: VirtualMachine, url: String, connection: HostConnection, exposesFFI: Bool) throws(JSError) {
    self.virtualMachine = virtualMachine
    self.url = url
    context = Context(virtualMachine)
    if exposesFFI { context.installFFI() }
    realm = try DOMRealm(virtualMachine: virtualMachine, context: context)
    virtualMachine.outputHandler = { text, isError in
      var line = text
      if line.hasSuffix("\n") { line.removeLast() }
      connection.console(isError ? .standardError : .standardOutput, line)
    }
    virtualMachine.moduleLoader = HostModuleLoader(connection: connection, pageURL: url)
    realm.reportError = { error in connection.console(.standardError, describeUncaught(error)) }
    realm.reportUnhandledRejection = { error in
      connection.console(.standardError, describeUncaught(error, prefix: "Uncaught (in promise) "))
    }
    realm.reportLoadFailure = { message in connection.console(.standardError, "xjs: \(message)") }
  }
}

/// As `xjs run` prints an uncaught error: `Uncaught` and the stack (with file:line:col).
func describeUncaught(_ error: JSError, prefix: String = "Uncaught ") -> String {
  switch error.kind {
  case .exception: prefix + error.description
  case .syntax: error.description
  case .terminated, .destroyed: "xjs: \(error.message)"
  }
}

/// Modules come from the host too: resolved here (paths and file: URLs relative to the
/// importing module, or the page), read by the host under its policy.
final class HostModuleLoader: XJS.ModuleLoader {
  private let connection: HostConnection
  private let pageURL: String
  private let files = XJS.FileModuleLoader()

  init(connection: HostConnection, pageURL: String) {
    self.connection = connection
    self.pageURL = pageURL
  }

  func resolve(_ specifier: String, referrer: String?) throws(XJS.ModuleLoadError) -> String {
    // A referrer that is no path (a host script's "<host>") imports relative to the page.
    let base = referrer.flatMap { $0.hasPrefix("/") || $0.hasPrefix("file:") ? $0 : nil } ?? pageURL
    guard base.hasPrefix("/") || base.hasPrefix("file:") else {
      throw XJS.ModuleLoadError("Cannot resolve '\(specifier)' from a page that is not a file")
    }
    return try files.resolve(specifier, referrer: base)
  }

  func load(url: String) throws(XJS.ModuleLoadError) -> String {
    // The host serves file: URLs (a module's own `?query` names an instance, not a file).
    let path = String(url.prefix { $0 != "?" })
    switch connection.fetch(XJSEngine.FileModuleLoader.fileURL(forPath: path)) {
    case .source(let source, _): return source
    case .failure(let message): throw XJS.ModuleLoadError("Cannot load module '\(url)': \(message)")
    }
  }
}
