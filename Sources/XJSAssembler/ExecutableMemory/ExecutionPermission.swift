/// Whether this process may make pages executable.
public enum ExecutionPermission: Equatable, Sendable {
  case allowed
  /// The OS refused; the error names the cause and errno.
  case refused(ExecutableMemoryError)

  /// Finds out by doing what the JIT does, on one scratch page: reserve,
  /// write, seal, release. Nothing is executed, and nothing stays mapped.
  /// The transitions are recorded in `log`.
  public static func probe(log: WitnessLog = WitnessLog()) -> ExecutionPermission {
    let region: ExecutableRegion
    do {
      region = try ExecutableRegion.reserve(byteCount: 1, log: log, reason: "execution probe")
    } catch {
      return .refused(error)
    }
    defer { try? region.release(reason: "execution probe done") }
    do {
      let token = try region.beginWrite(range: 0..<1, reason: "execution probe")
      try token.write([0xCC], at: 0)  // a trap instruction on x86-64; never run
      _ = try token.seal()
      return .allowed
    } catch {
      return .refused(error)
    }
  }
}
