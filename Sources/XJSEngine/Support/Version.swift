/// The engine's version: the CLI's `--version`, the Swift API's `VirtualMachine.version` and the
/// C API's `xjs_version()`.
package enum EngineVersion {
  package static let major = 0
  package static let minor = 1
  package static let patch = 0
  package static var string: String { "\(major).\(minor).\(patch)" }
  /// major * 10000 + minor * 100 + patch, as `xjs_version()` returns it.
  package static var number: Int { major * 10000 + minor * 100 + patch }
}
