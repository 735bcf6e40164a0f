import XJSEngine

/// Finds modules for a virtual machine: `resolve` turns a specifier (what follows `from`, or
/// `import()`'s argument) into a URL, given the importing module's URL (nil at the top); `load`
/// returns the text of the module at a URL (JSON text for `with { type: "json" }`). A thrown
/// `ModuleLoadError` rejects the import with a TypeError carrying its message. Each URL is
/// loaded once per context.
public protocol ModuleLoader: AnyObject {
  func resolve(_ specifier: String, referrer: String?) throws(ModuleLoadError) -> String
  func load(url: String) throws(ModuleLoadError) -> String
}

/// Why a module could not be resolved or loaded.
public struct ModuleLoadError: Error, CustomStringConvertible {
  public var message: String
  public init(_ message: String) { self.message = message }
  public var description: String { message }
}

/// The default loader: absolute and relative paths and `file:` URLs, read as UTF-8 files.
public final class FileModuleLoader: ModuleLoader {
  private let files = XJSEngine.FileModuleLoader()

  public init() {}

  public func resolve(_ specifier: String, referrer: String?) throws(ModuleLoadError) -> String {
    do throws(XJSEngine.ModuleLoadError) {
      return try files.resolve(specifier, referrer: referrer)
    } catch {
      throw ModuleLoadError(error.message)
    }
  }

  public func load(url: String) throws(ModuleLoadError) -> String {
    do throws(XJSEngine.ModuleLoadError) {
      return try files.load(url: url)
    } catch {
      throw ModuleLoadError(error.message)
    }
  }
}

/// The engine's view of a host's loader.
final class LoaderBridge: XJSEngine.ModuleLoader {
  private let loader: any ModuleLoader

  init(_ loader: any ModuleLoader) { self.loader = loader }

  func resolve(_ specifier: String, referrer: String?) throws(XJSEngine.ModuleLoadError) -> String {
    do throws(ModuleLoadError) {
      return try loader.resolve(specifier, referrer: referrer)
    } catch {
      throw XJSEngine.ModuleLoadError(error.message)
    }
  }

  func load(url: String) throws(XJSEngine.ModuleLoadError) -> String {
    do throws(ModuleLoadError) {
      return try loader.load(url: url)
    } catch {
      throw XJSEngine.ModuleLoadError(error.message)
    }
  }
}
