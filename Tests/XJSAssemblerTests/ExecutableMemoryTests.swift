// The W^X region allocator: states, the witness log, errors, and what the
// kernel reports in /proc/self/maps at every step.
import CXJSSupport
import Glibc
import Testing

@testable import XJSAssembler

private func permissions(_ region: ExecutableRegion, page: Int) -> String? {
  mapping(containing: UInt(bitPattern: region.baseAddress) + UInt(page * region.pageSize))?
    .permissions
}

struct ExecutableMemoryTests {
  @Test func digestIsFNV1a() {
    for (text, expected) in [
      ("", 0xCBF2_9CE4_8422_2325), ("a", 0xAF63_DC4C_8601_EC8C), ("foobar", 0x8594_4171_F739_67E8),
    ]
      as [(String, UInt64)]
    {
      let bytes = Array(text.utf8)
      #expect(bytes.withUnsafeBytes { fnv1a64($0) } == expected)
      #expect(bytes.withUnsafeBytes { referenceFNV1a($0) } == expected)
    }
  }

  @Test func lifecycleIsWitnessedAndMatchesTheKernel() throws {
    let log = WitnessLog()
    let region = try ExecutableRegion.reserve(byteCount: 3 * 4096, log: log, reason: "test region")
    let pageSize = region.pageSize
    #expect(region.byteCount == 3 * pageSize)
    #expect(permissions(region, page: 0) == "---p")

    let token = try region.beginWrite(range: 100..<200, reason: "write one")
    #expect(region.state(ofPageAt: 0) == .writable)
    #expect(permissions(region, page: 0) == "rw-p")
    #expect(permissions(region, page: 1) == "---p")
    let code = Array(0..<100).map { UInt8($0) }
    try token.write(code, at: 0)
    let sealed = try token.seal()
    #expect(sealed.range == 100..<200)
    #expect(region.state(ofPageAt: 0) == .executable)
    #expect(permissions(region, page: 0) == "r-xp")
    let stored = UnsafeRawBufferPointer(start: sealed.start, count: 100)
    #expect(Array(stored) == code)
    let pageDigest = referenceFNV1a(
      UnsafeRawBufferPointer(start: region.baseAddress, count: pageSize))

    try region.release(reason: "test done")
    #expect(mapping(containing: UInt(bitPattern: region.baseAddress)) == nil)
    #expect(throws: ExecutableMemoryError(.regionReleased, operation: "release")) {
      try region.release()
    }

    let base = UInt(bitPattern: region.baseAddress)
    let page = UInt(pageSize)
    #expect(
      log.records == [
        WitnessRecord(
          sequence: 1, addresses: base..<(base + 3 * page), from: .unmapped, to: .reserved,
          reason: "test region",
          digest: nil, refusedWithErrno: nil),
        WitnessRecord(
          sequence: 2, addresses: base..<(base + page), from: .reserved, to: .writable,
          reason: "write one",
          digest: nil, refusedWithErrno: nil),
        WitnessRecord(
          sequence: 3, addresses: base..<(base + page), from: .writable, to: .executable,
          reason: "write one",
          digest: pageDigest, refusedWithErrno: nil),
        WitnessRecord(
          sequence: 4, addresses: base..<(base + page), from: .executable, to: .unmapped,
          reason: "test done",
          digest: nil, refusedWithErrno: nil),
        WitnessRecord(
          sequence: 5, addresses: (base + page)..<(base + 3 * page), from: .reserved, to: .unmapped,
          reason: "test done", digest: nil, refusedWithErrno: nil),
      ])
    #expect(log.description.split(separator: "\n").count == 5)
    #expect(log.description.contains("rw- -> r-x \"write one\" fnv1a=0x"))
  }

  @Test func writesSpanningPagesAndReopeningSealedPages() throws {
    let log = WitnessLog()
    let region = try ExecutableRegion.reserve(byteCount: 4 * 4096, log: log)
    defer { try? region.release() }
    let pageSize = region.pageSize
    _ = try region.install([0xC3], at: 0, reason: "first")
    // Page 0 is sealed, page 1 reserved: one token, one mprotect, two records.
    let token = try region.beginWrite(range: (pageSize - 8)..<(pageSize + 8), reason: "straddle")
    let straddle = log.records.suffix(2)
    #expect(straddle.map(\.from) == [.executable, .reserved])
    #expect(straddle.allSatisfy { $0.to == .writable && $0.reason == "straddle" })
    #expect(permissions(region, page: 0) == "rw-p" && permissions(region, page: 1) == "rw-p")
    try token.write(Array(repeating: 0x90, count: 16), at: 0)
    _ = try token.seal()
    #expect(log.records.last?.addresses.count == 2 * pageSize)
    #expect(log.records.last?.to == .executable)
    #expect(permissions(region, page: 0) == "r-xp" && permissions(region, page: 1) == "r-xp")
    #expect(region.state(ofPageAt: 2 * pageSize) == .reserved)
  }

  @Test func abandonedTokenLeavesNothingWritable() throws {
    let log = WitnessLog()
    let region = try ExecutableRegion.reserve(byteCount: 4096, log: log)
    defer { try? region.release() }
    do {
      let token = try region.beginWrite(range: 0..<16, reason: "never sealed")
      try token.write([1, 2, 3], at: 0)
    }
    #expect(region.state(ofPageAt: 0) == .reserved)
    #expect(permissions(region, page: 0) == "---p")
    #expect(log.records.last?.from == .writable)
    #expect(log.records.last?.to == .reserved)
    #expect(log.records.last?.reason == "write abandoned: never sealed")
  }

  @Test func misuseIsReportedAsTypedErrors() throws {
    let region = try ExecutableRegion.reserve(byteCount: 2 * 4096, log: WitnessLog())
    let size = region.byteCount
    for bad in [0..<0, -1..<4, (size - 1)..<(size + 1)] {
      #expect(throws: ExecutableMemoryError.self) {
        _ = try region.beginWrite(range: bad, reason: "bad")
      }
      do {
        _ = try region.beginWrite(range: bad, reason: "bad")
      } catch {
        #expect(error.cause == .invalidRange)
      }
    }
    let token = try region.beginWrite(range: 0..<8, reason: "open")
    do {
      _ = try region.beginWrite(range: 4..<12, reason: "overlap")
      Issue.record("an overlapping write was allowed")
    } catch {
      #expect(error.cause == .pagesBusy)
    }
    try token.write([], at: 8)  // an empty write at the very end is fine
    do {
      try token.write([1, 2, 3], at: 6)
      Issue.record("a write past the token's range was allowed")
    } catch {
      #expect(error.cause == .invalidRange)
    }
    do {
      try region.release()
      Issue.record("release with an open token was allowed")
    } catch {
      #expect(error.cause == .writeInProgress)
    }
    _ = try token.seal()
    try region.release()
    do {
      _ = try region.beginWrite(range: 0..<8, reason: "after release")
      Issue.record("a released region accepted a write")
    } catch {
      #expect(error.cause == .regionReleased)
    }
    #expect(throws: ExecutableMemoryError.self) {
      try ExecutableRegion.reserve(byteCount: 0, log: WitnessLog())
    }
  }

  @Test func errnoIsClassified() {
    #expect(ExecutableMemoryError.systemCall("x", errno: EACCES).cause == .executionRefusedByPolicy)
    #expect(ExecutableMemoryError.systemCall("x", errno: EPERM).cause == .executionRefusedByPolicy)
    #expect(ExecutableMemoryError.systemCall("x", errno: ENOMEM).cause == .outOfMemory)
    #expect(ExecutableMemoryError.systemCall("x", errno: EINVAL).cause == .systemCallFailed)
    #expect(
      ExecutableMemoryError.systemCall("mprotect", errno: EACCES).description.contains("errno 13"))
  }

  @Test func probeAllowsExecutionInAnUnrestrictedProcess() throws {
    try #require(
      xjs_memory_deny_write_execute_flags() == 0, "this test process already runs under MDWE")
    let log = WitnessLog()
    #expect(ExecutionPermission.probe(log: log) == .allowed)
    #expect(log.records.map(\.to) == [.reserved, .writable, .executable, .unmapped])
    #expect(log.records.allSatisfy { $0.refusedWithErrno == nil })
  }

  @Test func noMappingOfThisProcessIsWritableAndExecutable() {
    #expect(writableExecutableMappings() == [])
  }
}

@Test func impossibleReservationIsATypedError() {
  do {
    _ = try ExecutableRegion.reserve(byteCount: 1 << 62, log: WitnessLog())
    Issue.record("a 4 EiB reservation succeeded")
  } catch {
    #expect(error.cause == .outOfMemory)
    #expect(error.errno == ENOMEM)
  }
}
