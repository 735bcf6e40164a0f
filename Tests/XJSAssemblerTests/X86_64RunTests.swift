// Assembles small x86-64 functions, seals them into W^X memory, and calls
// them. While they run (from inside a callback they make), /proc/self/maps
// must show no writable-and-executable mapping.
#if arch(x86_64)
  import Glibc
  import Testing

  @testable import XJSAssembler

  private typealias BinaryIntegerFunction = @convention(c) (Int64, Int64) -> Int64
  private typealias UnaryIntegerFunction = @convention(c) (Int64) -> Int64
  private typealias ArraySumFunction = @convention(c) (UnsafePointer<Int64>, Int64) -> Int64
  private typealias DoubleFunction = @convention(c) (Double, Double, Int64) -> Double
  private typealias TruncateFunction = @convention(c) (Double) -> Int64
  private typealias LessThanFunction = @convention(c) (Double, Double) -> Int64

  /// Set by `tripleAndInspectMaps` each time JIT code calls it.
  nonisolated(unsafe) private var callbackCount = 0
  nonisolated(unsafe) private var rwxMappingsSeenDuringCallback: [String] = []
  nonisolated(unsafe) private var callbackReturnAddressWasExecutable = false

  /// A Swift function JIT code calls through a C function pointer. It looks at
  /// /proc/self/maps while the JIT frame is live on the stack.
  private let tripleAndInspectMaps: @convention(c) (Int64) -> Int64 = { value in
    callbackCount += 1
    rwxMappingsSeenDuringCallback += writableExecutableMappings()
    return value * 3
  }

  private let probeAllowsExecution = ExecutionPermission.probe() == .allowed

  @Suite(
    .enabled(if: probeAllowsExecution, "this process may not make pages executable (MDWE/SELinux)"))
  struct X86_64RunTests {
    /// Assembles `build`, installs the code in a fresh page of `region`, and returns it.
    private func install(
      _ region: ExecutableRegion, page: Int, reason: String,
      _ build: (inout X86_64Assembler) -> Void
    ) throws -> ExecutableCode {
      var assembler = X86_64Assembler()
      build(&assembler)
      let bytes = try assembler.finalize().bytes
      return try region.install(bytes, at: page * region.pageSize, reason: reason)
    }

    @Test func assembledFunctionsRunAndTheWitnessLogHoldsEveryTransition() throws {
      let log = WitnessLog()
      let region = try ExecutableRegion.reserve(byteCount: 6 * 4096, log: log, reason: "run tests")
      #expect(region.byteCount == 6 * region.pageSize)

      // (a, b) -> a + b
      let add = try install(region, page: 0, reason: "add") { a in
        a.mov(.rax, .rdi)
        a.add(.rax, .rsi)
        a.ret()
      }

      // n -> 1 + 2 + … + n (0 for n <= 0): a counted loop with a backward branch.
      let sumTo = try install(region, page: 1, reason: "sum loop") { a in
        let top = a.makeLabel()
        let done = a.makeLabel()
        a.xor(.rax, .rax, width: .dword)
        a.test(.rdi, .rdi)
        a.j(.lessOrEqual, done)
        a.bind(top)
        a.add(.rax, .rdi)
        a.sub(.rdi, immediate: 1)
        a.j(.notEqual, top)
        a.bind(done)
        a.ret()
      }

      // (pointer, count) -> sum of pointer[0..<count]: base + index*8 loads.
      let sumArray = try install(region, page: 2, reason: "array sum") { a in
        let top = a.makeLabel()
        let done = a.makeLabel()
        a.xor(.rax, .rax, width: .dword)
        a.xor(.rcx, .rcx, width: .dword)
        a.bind(top)
        a.cmp(.rcx, .rsi)
        a.j(.greaterOrEqual, done)
        a.add(.rax, X86Memory(base: .rdi, index: .rcx, scale: .x8))
        a.add(.rcx, immediate: 1)
        a.jmp(top)
        a.bind(done)
        a.ret()
      }

      // (a, b, n) -> (sqrt(a*a + b*b) + n) * 0.5, the 0.5 loaded RIP-relative.
      let hypotenuse = try install(region, page: 3, reason: "double math") { a in
        let half = a.makeLabel()
        a.mulsd(.xmm0, .xmm0)
        a.mulsd(.xmm1, .xmm1)
        a.addsd(.xmm0, .xmm1)
        a.sqrtsd(.xmm0, .xmm0)
        a.cvtsi2sd(.xmm2, .rdi)
        a.addsd(.xmm0, .xmm2)
        a.mulsd(.xmm0, .ripRelative(half))
        a.ret()
        a.align(to: 8)
        a.bind(half)
        a.emit64(0.5.bitPattern)
      }

      // x -> 3 * (3 * x + 1), calling back into Swift twice.
      let callback = unsafeBitCast(tripleAndInspectMaps, to: Int64.self)
      let callsSwift = try install(region, page: 4, reason: "call Swift") { a in
        a.push(.rbx)  // callee-saved; also realigns rsp to 16 for the calls
        a.mov(.rbx, immediate: callback)
        a.call(.rbx)
        a.lea(.rdi, X86Memory(base: .rax, displacement: 1))
        a.call(.rbx)
        a.pop(.rbx)
        a.ret()
      }

      // Double to integer and a NaN-aware compare in one page.
      let page5 = 5 * region.pageSize
      var assembler = X86_64Assembler()
      assembler.cvttsd2si(.rax, .xmm0)
      assembler.ret()
      let lessThanOffset = assembler.offset
      assembler.xor(.rax, .rax, width: .dword)
      assembler.ucomisd(.xmm1, .xmm0)  // "above" = b > a, false when unordered
      assembler.set(.above, .rax)
      assembler.ret()
      let conversions = try region.install(
        try assembler.finalize().bytes, at: page5, reason: "conversions")

      let addFunction = unsafeBitCast(add.start, to: BinaryIntegerFunction.self)
      #expect(addFunction(2, 40) == 42)
      #expect(addFunction(Int64.max, 1) == Int64.min)
      #expect(addFunction(-7, -8) == -15)

      let sumFunction = unsafeBitCast(sumTo.start, to: UnaryIntegerFunction.self)
      #expect(sumFunction(100) == 5050)
      #expect(sumFunction(1) == 1)
      #expect(sumFunction(0) == 0)
      #expect(sumFunction(-5) == 0)
      #expect(sumFunction(100_000) == 5_000_050_000)

      let arraySum = unsafeBitCast(sumArray.start, to: ArraySumFunction.self)
      let numbers: [Int64] = [3, -1, 4, 1, -5, 9, 2, 6]
      #expect(numbers.withUnsafeBufferPointer { arraySum($0.baseAddress!, Int64($0.count)) } == 19)
      #expect(numbers.withUnsafeBufferPointer { arraySum($0.baseAddress!, 0) } == 0)

      let hypotenuseFunction = unsafeBitCast(hypotenuse.start, to: DoubleFunction.self)
      #expect(hypotenuseFunction(3, 4, 2) == 3.5)
      #expect(hypotenuseFunction(-5, 12, -3) == 5)
      #expect(hypotenuseFunction(.nan, 1, 0).isNaN)

      callbackCount = 0
      rwxMappingsSeenDuringCallback = []
      let callsSwiftFunction = unsafeBitCast(callsSwift.start, to: UnaryIntegerFunction.self)
      #expect(callsSwiftFunction(5) == 48)
      #expect(callsSwiftFunction(-1) == -6)
      #expect(callbackCount == 4)
      #expect(rwxMappingsSeenDuringCallback == [])

      let truncate = unsafeBitCast(conversions.start, to: TruncateFunction.self)
      #expect(truncate(-2.9) == -2)
      #expect(truncate(1e300) == Int64.min)  // the "integer indefinite" value
      let lessThan = unsafeBitCast(
        conversions.address(at: lessThanOffset), to: LessThanFunction.self)
      #expect(lessThan(1, 2) == 1)
      #expect(lessThan(2, 1) == 0)
      #expect(lessThan(.nan, 1) == 0)

      // The kernel agrees: every code page is r-x.
      for code in [add, sumTo, sumArray, hypotenuse, callsSwift, conversions] {
        #expect(mapping(containing: UInt(bitPattern: code.start))?.permissions == "r-xp")
      }
      #expect(writableExecutableMappings() == [])

      try region.release(reason: "run tests done")

      // Exactly: reserve; rw then rx for each of the six pages; one release.
      let reasons = ["add", "sum loop", "array sum", "double math", "call Swift", "conversions"]
      let expected: [(PageState, PageState, String)] =
        [(.unmapped, .reserved, "run tests")]
        + reasons.flatMap { [(.reserved, .writable, $0), (.writable, .executable, $0)] }
        + [(.executable, .unmapped, "run tests done")]
      #expect(log.records.count == expected.count)
      for (record, (from, to, reason)) in zip(log.records, expected) {
        #expect(record.from == from && record.to == to && record.reason == reason, "\(record)")
        #expect(record.refusedWithErrno == nil)
        #expect(
          (record.digest != nil) == (to == .executable), "only seals carry a digest: \(record)")
      }
      #expect(log.records.map(\.sequence) == Array(1...expected.count))
      let base = UInt(bitPattern: region.baseAddress)
      let page = UInt(region.pageSize)
      for (index, seal) in log.records.filter({ $0.to == .executable }).enumerated() {
        #expect(seal.addresses == (base + UInt(index) * page)..<(base + UInt(index + 1) * page))
      }
    }
  }
#endif
