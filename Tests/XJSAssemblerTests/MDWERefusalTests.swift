// Under prctl(PR_SET_MDWE, PR_MDWE_REFUSE_EXEC_GAIN) the kernel refuses to
// make pages executable. MDWE cannot be switched off again, so the check runs
// in a child process (a Swift Testing exit test): the child turns MDWE on,
// then probes and seals, and exits with a code naming the first check that
// failed (0 when all held).
import CXJSSupport
import Glibc
import Testing

@testable import XJSAssembler

/// The child's checks. Returns nil when all held, else what went wrong.
private func checkSealingUnderMDWE() -> (code: Int32, message: String)? {
  let enabled = xjs_enable_memory_deny_write_execute()
  guard enabled == 0 else { return (10, "PR_SET_MDWE failed with errno \(enabled)") }
  guard xjs_memory_deny_write_execute_flags() == 1 else {
    return (11, "PR_GET_MDWE does not report the flag")
  }

  // The probe says "refused" and names the cause.
  let probeLog = WitnessLog()
  guard case .refused(let probeError) = ExecutionPermission.probe(log: probeLog) else {
    return (20, "the probe reported .allowed under MDWE")
  }
  guard probeError.cause == .executionRefusedByPolicy,
    probeError.errno == EACCES || probeError.errno == EPERM
  else {
    return (21, "probe error: \(probeError)")
  }
  guard probeLog.records.contains(where: { $0.to == .executable && $0.refusedWithErrno != nil })
  else {
    return (22, "the refused seal is not in the probe's witness log:\n\(probeLog)")
  }
  guard probeLog.records.last?.to == .unmapped else {
    return (23, "the probe left its page mapped:\n\(probeLog)")
  }

  // Sealing real code fails with the typed error and leaves nothing writable.
  let log = WitnessLog()
  let region: ExecutableRegion
  do {
    region = try ExecutableRegion.reserve(byteCount: 2 * 4096, log: log, reason: "mdwe region")
  } catch {
    return (30, "reserving failed: \(error)")
  }
  let base = UInt(bitPattern: region.baseAddress)
  do {
    let token = try region.beginWrite(range: 0..<4, reason: "mdwe code")
    try token.write([0xC3, 0xC3, 0xC3, 0xC3], at: 0)
    _ = try token.seal()
    return (31, "sealing succeeded under MDWE")
  } catch {
    guard error.cause == .executionRefusedByPolicy, error.errno != nil else {
      return (32, "seal error: \(error)")
    }
  }
  guard region.state(ofPageAt: 0) == .reserved else {
    return (33, "page state \(region.state(ofPageAt: 0))")
  }
  guard let after = mapping(containing: base), after.permissions == "---p" else {
    return (
      34,
      "after the refused seal the kernel shows \(String(describing: mapping(containing: base)?.line))"
    )
  }
  let transitions = log.records.map {
    "\($0.from)->\($0.to)\($0.refusedWithErrno == nil ? "" : " refused")"
  }
  guard transitions == ["unmapped->---", "---->rw-", "rw-->r-x refused", "rw-->---"] else {
    return (35, "witness log:\n\(log)")
  }
  do {
    try region.release()
  } catch {
    return (36, "release failed: \(error)")
  }
  guard mapping(containing: base) == nil else {
    return (37, "the region is still mapped after release")
  }
  guard writableExecutableMappings().isEmpty else {
    return (38, "rwx mappings: \(writableExecutableMappings())")
  }
  return nil
}

struct MDWERefusalTests {
  @Test func sealingUnderMDWEFailsCleanlyInAChildProcess() async {
    let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
      if let failure = checkSealingUnderMDWE() {
        fputs("MDWE child check \(failure.code) failed: \(failure.message)\n", stderr)
        exit(failure.code)
      }
      exit(0)
    }
    // The child's stderr also carries the test library's own binary traffic:
    // show only the line our check wrote.
    let childOutput = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    for line in childOutput.split(separator: "\n") where line.contains("MDWE child check") {
      Issue.record("\(line)")
    }
  }

  /// The exit test above must not have put this process under MDWE.
  @Test func parentProcessIsUnaffected() {
    #expect(xjs_memory_deny_write_execute_flags() == 0)
  }
}
