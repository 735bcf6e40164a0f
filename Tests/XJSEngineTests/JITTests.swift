// The baseline JIT as a user of the engine sees it: the same results as the interpreter, W^X
// executable memory that the witness log accounts for (checked against /proc/self/maps while
// machine code runs), nothing executable without the JIT, limits and stack traces that hold in
// machine code, and the fallback to the interpreter when the OS refuses executable memory.
#if arch(x86_64)
  import CXJSSupport
  import Glibc
  import Testing
  import XJSAssembler

  @testable import XJSEngine

  private let executionAllowed = ExecutionPermission.probe() == .allowed
  private let fibonacciProgram = "function f(n) { return n < 2 ? n : f(n - 1) + f(n - 2); } print(f(20));"

  /// A runtime with the JIT in `mode` (tiered with `threshold`), its output collected.
  private final class Harness {
    let runtime: Runtime
    var output = ""

    init(
      _ mode: JITMode, threshold: Int32 = 500, target: JITTarget = .native,
      configure: (inout RuntimeOptions) -> Void = { _ in }
    ) {
      var options = RuntimeOptions()
      options.jit.mode = mode
      options.jit.threshold = threshold
      options.jit.target = target
      configure(&options)
      runtime = Runtime(options: options)
      runtime.outputHandler = { [unowned self] text, _ in self.output += text }
    }

    /// Runs `source`; the output, then the uncaught error's first line if there was one.
    @discardableResult
    func run(_ source: String) -> String {
      switch runtime.runScript(Array(source.utf16), name: "test.js") {
      case .completed: break
      case .syntaxError(let message), .uncaught(let message):
        output += "!" + (message.split(separator: "\n").first.map(String.init) ?? message) + "\n"
      }
      return output
    }

    /// Defines a global function that calls `body` (from wherever the script calls it).
    func defineFunction(_ name: String, _ body: @escaping () -> Value) {
      let function = runtime.newNativeFunction(name: name, length: 0) { _, _ in body() }
      runtime.addProperty(runtime.realm.globalObject, runtime.propertyKey(name), function.value, .builtin)
    }
  }

  /// Executable mappings of this process that no file backs (machine code someone generated).
  private func anonymousExecutableMappings() -> [String] {
    processMaps().filter { $0.permissions.contains("x") && $0.path.isEmpty }.map(\.line)
  }

  private struct ProcessMapping {
    let addresses: Range<UInt>
    let permissions: String
    let path: String
    let line: String
  }

  private func processMaps() -> [ProcessMapping] {
    guard let file = fopen("/proc/self/maps", "r") else { return [] }
    defer { fclose(file) }
    var result: [ProcessMapping] = []
    var buffer = [CChar](repeating: 0, count: 4096)
    while fgets(&buffer, Int32(buffer.count), file) != nil {
      let line = String(cString: buffer).trimmingCharacters(in: "\n")
      let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
      guard fields.count >= 5 else { continue }
      let bounds = fields[0].split(separator: "-")
      guard bounds.count == 2, let start = UInt(bounds[0], radix: 16), let end = UInt(bounds[1], radix: 16) else {
        continue
      }
      let path = fields.count > 5 ? String(fields[5]).trimmingCharacters(in: " ") : ""
      result.append(ProcessMapping(addresses: start..<end, permissions: String(fields[1]), path: path, line: line))
    }
    return result
  }

  extension String {
    fileprivate func trimmingCharacters(in set: String) -> String {
      var text = Substring(self)
      while let first = text.first, set.contains(first) { text = text.dropFirst() }
      while let last = text.last, set.contains(last) { text = text.dropLast() }
      return String(text)
    }
  }

  /// The state the witness log leaves each page in (the last transition that happened).
  private func finalPageStates(_ records: [WitnessRecord]) -> [UInt: PageState] {
    var states: [UInt: PageState] = [:]
    for record in records where record.refusedWithErrno == nil {
      var page = record.addresses.lowerBound
      while page < record.addresses.upperBound {
        states[page] = record.to
        page += 4096
      }
    }
    return states
  }

  /// Programs whose output must not depend on the tier: arithmetic edge cases, property access
  /// through every cache kind, calls of every kind, exceptions, closures, iteration.
  private let differentialPrograms = [
    """
    var r = [];
    for (var i = -3; i < 4; i++) {
      r.push(i + 2147483647, i - 2147483647, i * -0, i * 1073741824, i / 3, i % 2, -i, ~i, i << 31, i >> 1, i >>> 1);
    }
    r.push(0.1 + 0.2, 1 / 0, -1 / 0, 0 / 0, (0 / 0) + 1, 5.5 - 0.5, 3 * 1.5, 2 ** 10, 7 % -3);
    print(r.join(','));
    print(Object.is(-0 * 1, -0), Object.is(0 * -5, -0), 1 / (0 * -1));
    """,
    """
    function P(x, y) { this.x = x; this.y = y; }
    P.prototype.norm = function () { return this.x * this.x + this.y * this.y; };
    var s = 0, a = [];
    for (var i = 0; i < 200; i++) { var p = new P(i, i + 1); s += p.norm(); a[i] = p.x; }
    var o = { a: 1 }; o.b = 2; o.c = 3; delete o.a;
    print(s, a.length, a[199], o.b + o.c, 'a' in o, [1, 2, 3].length, 'abc'.length);
    """,
    """
    function f(n) { return n < 2 ? n : f(n - 1) + f(n - 2); }
    function g() { return arguments.length + (arguments[0] || 0); }
    function h(a, ...rest) { return a + rest.length; }
    var bound = f.bind(null, 10);
    print(f(15), g(), g(5, 6), h(1, 2, 3), bound(), Math.max(1, 5, 3), [3, 1, 2].sort().join());
    """,
    """
    function thrower(n) { if (n === 0) throw new TypeError('deep'); return thrower(n - 1); }
    try { thrower(5); } catch (e) { print(e.message, e instanceof TypeError); }
    var log = [];
    for (var i = 0; i < 5; i++) { try { if (i % 2) throw i; log.push('ok' + i); } catch (e) { log.push('caught' + e); } finally { log.push('f'); } }
    print(log.join(' '));
    """,
    """
    function counter() { var c = 0; return function () { return ++c; }; }
    var next = counter(); next(); next();
    let total = 0;
    for (const v of [1, 2, 3]) total += v;
    for (const k in { x: 1, y: 2 }) total += k.length;
    class A { #p = 5; get p() { return this.#p; } static s() { return 'S'; } }
    class B extends A { constructor() { super(); this.q = 1; } }
    print(next(), total, new B().p, B.s(), typeof null, typeof undefined, 1 == '1', null == undefined);
    """,
    """
    var x = 0;
    for (var i = 0; i < 3000; i++) { x = (x + i * 7) % 1000003; if (x === 42) break; }
    var strs = []; for (var j = 0; j < 50; j++) strs.push(String.fromCharCode(65 + j % 26));
    print(x, strs.join('').slice(0, 30), [1, 2, 3].map(v => v * 2).join('|'));
    """,
  ]

  /// Reports the failure lines a child process (an exit test) wrote.
  private func reportChildFailures(_ result: ExitTest.Result?) {
    let childOutput = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    for line in childOutput.split(separator: "\n") where line.contains("child check failed") {
      Issue.record("\(line)")
    }
  }

  /// Ends a child process: status 0, or 1 with the failure on stderr.
  private func finishChild(_ failure: String?) -> Never {
    if let failure {
      fputs("child check failed: \(failure)\n", stderr)
      exit(1)
    }
    exit(0)
  }

  /// In a process where only this runtime generates code: every anonymous executable mapping
  /// that appears is made of pages the witness log left sealed.
  private func witnessLogAccountsForExecutableMappings() -> String? {
    let before = Set(anonymousExecutableMappings())
    let harness = Harness(.eager)
    harness.run("function f(a, b) { return a * b; } var s = 0; for (var i = 0; i < 10; i++) s += f(i, 2); print(s);")
    guard harness.output == "90\n" else { return "output \(harness.output)" }
    let states = finalPageStates(harness.runtime.jitWitnessLog)
    var sealed = 0
    for mapping in processMaps() where mapping.permissions.contains("x") && mapping.path.isEmpty {
      if before.contains(mapping.line) { continue }
      var page = mapping.addresses.lowerBound
      while page < mapping.addresses.upperBound {
        guard states[page] == .executable else {
          return "\(mapping.line): page 0x\(String(page, radix: 16)) is not sealed in the witness log"
        }
        sealed += 1
        page += 4096
      }
    }
    guard sealed > 0 else { return "no new executable mapping" }
    guard harness.runtime.jitWitnessLog.allSatisfy({ $0.to != .executable || $0.digest != nil }) else {
      return "a seal without a digest"
    }
    return nil
  }

  private func jitlessMapsNoExecutableMemory() -> String? {
    let before = Set(anonymousExecutableMappings())
    let harness = Harness(.off)
    harness.run("function f(n) { return n + 1; } var s = 0; for (var i = 0; i < 5000; i++) s = f(s); print(s);")
    guard harness.output == "5000\n" else { return "output \(harness.output)" }
    guard harness.runtime.jitWitnessLog.isEmpty, harness.runtime.jitMappedBytes == 0 else {
      return "the JIT mapped memory: \(harness.runtime.witnessReport())"
    }
    let added = Set(anonymousExecutableMappings()).subtracting(before)
    guard added.isEmpty else { return "new executable mappings: \(added)" }
    guard !harness.runtime.isJITEnabled else { return "the JIT is on" }
    return nil
  }

  @Suite(.enabled(if: executionAllowed, "this process may not make pages executable (MDWE/SELinux)"))
  struct JITTests {
    @Test(arguments: differentialPrograms.indices)
    func everyModeGivesTheInterpretersOutput(_ index: Int) {
      let program = differentialPrograms[index]
      let interpreted = Harness(.off).run(program)
      #expect(!interpreted.contains("!"), "the interpreter failed: \(interpreted)")
      let eager = Harness(.eager)
      #expect(eager.run(program) == interpreted)
      #expect(eager.runtime.jitStatistics.functionsCompiled > 0)
      let tiered = Harness(.tiered, threshold: 3)
      #expect(tiered.run(program) == interpreted)
      // The same templates as arm64 code, run in the simulator.
      let simulated = Harness(.eager, target: .arm64Simulator)
      #expect(simulated.run(program) == interpreted)
      #expect(simulated.runtime.jitStatistics.functionsCompiled > 0)
      #expect(Harness(.tiered, threshold: 3, target: .arm64Simulator).run(program) == interpreted)
    }

    @Test(arguments: [JITTarget.native, .arm64Simulator])
    func machineCodeRunsSealedAndNoMappingIsWritableAndExecutable(_ target: JITTarget) {
      let harness = Harness(.eager, target: target)
      var writableExecutable: [String] = []
      var checks = 0
      // Called from machine code: the JIT code that calls it is live on the stack.
      harness.defineFunction("inspectMaps") {
        checks += 1
        writableExecutable += processMaps().filter { $0.permissions.contains("w") && $0.permissions.contains("x") }
          .map(\.line)
        return .undefined
      }
      let output = harness.run("function f(n) { for (var i = 0; i < n; i++) inspectMaps(); return n; } print(f(3));")
      #expect(output == "3\n")
      #expect(checks == 3)
      #expect(writableExecutable.isEmpty, "rwx mappings: \(writableExecutable)")
      // Every page the log leaves executable is r-x in the kernel's view.
      let states = finalPageStates(harness.runtime.jitWitnessLog)
      let executablePages = states.filter { $0.value == .executable }.map(\.key)
      #expect(!executablePages.isEmpty)
      let maps = processMaps()
      for page in executablePages {
        let mapping = maps.first { $0.addresses.contains(page) }
        #expect(mapping?.permissions == "r-xp", "page 0x\(String(page, radix: 16)): \(mapping?.line ?? "not mapped")")
      }
    }

    // These two look at every mapping of the process, so they run in a child process of their
    // own (other tests compile code concurrently in this one).
    @Test func theWitnessLogAccountsForEveryExecutableMapping() async {
      let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
        finishChild(witnessLogAccountsForExecutableMappings())
      }
      reportChildFailures(result)
    }

    @Test func jitlessMapsNothingExecutable() async {
      let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
        finishChild(jitlessMapsNoExecutableMemory())
      }
      reportChildFailures(result)
    }

    @Test(arguments: [JITTarget.native, .arm64Simulator])
    func timeLimitsStopLoopsInMachineCode(_ target: JITTarget) {
      let harness = Harness(.eager, target: target)
      harness.runtime.setTimeLimit(milliseconds: 200)
      let start = monotonicNanoseconds()
      let output = harness.run("var n = 0; while (true) { n++; }")
      let elapsed = monotonicNanoseconds() - start
      #expect(output.contains("Script timed out"), "\(output)")
      #expect(elapsed < 5_000_000_000)
      #expect(harness.runtime.jitStatistics.functionsCompiled >= 1)
    }

    @Test(arguments: [JITTarget.native, .arm64Simulator])
    func interruptsStopLoopsInMachineCode(_ target: JITTarget) {
      let harness = Harness(.eager, target: target)
      let runtime = harness.runtime
      var thread = pthread_t()
      let box = Unmanaged.passRetained(runtime)
      pthread_create(
        &thread, nil,
        { argument in
          usleep(100_000)
          Unmanaged<Runtime>.fromOpaque(argument!).takeUnretainedValue().requestInterrupt()
          return nil
        }, box.toOpaque())
      let output = harness.run("function spin() { for (;;) {} } spin();")
      pthread_join(thread, nil)
      box.release()
      #expect(output.contains("Script interrupted"), "\(output)")
    }

    @Test func deepRecursionInMachineCodeIsARangeError() {
      let program = """
        function down(n) { return down(n + 1) + 1; }
        try { down(0); } catch (e) { print(e instanceof RangeError, e.message); }
        function downAgain(n) { return n === 0 ? 0 : 1 + downAgain(n - 1); }
        print(downAgain(5000));
        """
      let interpreted = Harness(.off).run(program)
      #expect(interpreted == "true Maximum call stack size exceeded\n5000\n")
      #expect(Harness(.eager).run(program) == interpreted)
      #expect(Harness(.eager, target: .arm64Simulator).run(program) == interpreted)
    }

    @Test func exceptionsInMachineCodeHaveTheInterpretersStackTrace() {
      let program = """
        function inner(o) { return o.missing.property; }
        function middle(o) { return inner(o) + 1; }
        function outer() { return middle({}); }
        try { outer(); } catch (e) { print(e.stack); }
        function thrower() { throw new Error('boom'); }
        try { [1].map(thrower); } catch (e) { print(e.stack); }
        """
      let interpreted = Harness(.off).run(program)
      #expect(interpreted.contains("at inner (test.js:1:"), "\(interpreted)")
      #expect(Harness(.eager).run(program) == interpreted)
      #expect(Harness(.tiered, threshold: 1).run(program) == interpreted)
      #expect(Harness(.eager, target: .arm64Simulator).run(program) == interpreted)
    }

    @Test(arguments: [JITTarget.native, .arm64Simulator])
    func aLongTopLevelLoopEntersMachineCodeAtItsHeader(_ target: JITTarget) {
      let harness = Harness(.tiered, threshold: 100, target: target)
      let output = harness.run("var s = 0; for (var i = 0; i < 100000; i++) { s = (s + i) | 0; } print(s);")
      #expect(output == "704982704\n")
      #expect(harness.runtime.jitStatistics.osrEntries >= 1)
      #expect(harness.runtime.jitStatistics.functionsCompiled >= 1)
    }

    /// Generators and async functions are compiled like any code: a frame suspended in machine
    /// code is resumed by machine code (a compiled `next` call), the interpreter, builtins
    /// (spread, Array.from) and the job queue, and each continues after its Yield or Await.
    @Test(arguments: [JITTarget.native, .arm64Simulator])
    func suspendingCodeRunsInMachineCode(_ target: JITTarget) {
      let program = """
        function* count(n) { for (let i = 0; i < n; i++) { const sent = yield i; if (sent) print('sent', sent); } return 'done'; }
        function drive() { const it = count(3); let s = ''; for (let r = it.next(); !r.done; r = it.next(r.value * 10)) s += r.value; return s; }
        print(drive(), [...count(4)].join(), Array.from(count(2)).join());
        function* outer() { try { yield* count(2); yield 'x'; } finally { print('closed'); } }
        const o = outer(); print(o.next().value, o.next().value, JSON.stringify(o.return(9)), o.next().done);
        function* catcher() { while (true) { try { yield 1; } catch (e) { print('caught', e); } } }
        const c = catcher(); c.next(); c.throw('a'); c.throw('b'); print(JSON.stringify(c.return(5)));
        async function sum(values) { let t = 0; for (const v of values) t += await v; return t; }
        sum([1, Promise.resolve(2), 3]).then((v) => print('sum', v));
        async function fails() { await null; throw new Error('late'); }
        fails().catch((e) => print('rejected', e.message));
        async function* ticks(n) { for (let i = 0; i < n; i++) { await null; yield i; } }
        (async () => { let s = 0; for await (const t of ticks(5)) s += t; print('ticks', s); })();
        const queued = ticks(3); Promise.all([queued.next(), queued.next(), queued.next(), queued.next()])
          .then((rs) => print(rs.map((r) => r.done ? 'end' : r.value).join()));
        """
      let interpreted = Harness(.off).run(program)
      #expect(!interpreted.contains("!"), "\(interpreted)")
      #expect(interpreted.contains("ticks 10"), "\(interpreted)")
      let eager = Harness(.eager, target: target)
      #expect(eager.run(program) == interpreted)
      #expect(eager.runtime.jitStatistics.functionsNotCompiled == 0)
      #expect(eager.runtime.jitStatistics.functionsCompiled >= 12)
      // Tiered: frames suspended in the interpreter are resumed in machine code and back.
      #expect(Harness(.tiered, threshold: 2, target: target).run(program) == interpreted)
    }

    @Test func aFunctionTheJITDeclinesStaysInterpreted() {
      let harness = Harness(.eager) { $0.jit.maximumBytecodeWords = 40 }
      let program = """
        function big(a) { var x = a; x = x + 1; x = x * 2; x = x - 3; x = x + 4; x = x * 5; x = x - 6; x = x + 7;
          x = x * 8; x = x - 9; x = x + 10; return x; }
        function small(a) { return a + 1; }
        print(big(1), small(1));
        """
      #expect(harness.run(program) == Harness(.off).run(program))
      #expect(harness.runtime.jitStatistics.functionsNotCompiled >= 1)
      #expect(harness.runtime.jitStatistics.lastFailure?.contains("big") == true)
      #expect(harness.runtime.jitStatistics.functionsCompiled >= 1)
    }

    @Test func codeOfDeadFunctionsIsFreed() {
      let harness = Harness(.eager)
      // Each eval'd function is its own code block with its own machine code.
      harness.run(
        """
        var total = 0;
        for (var i = 0; i < 300; i++) {
          var f = eval('(function (a) { var b = a + ' + i + '; return b * 2 + a * 3 + b * 5 + a * 7 + b * 11; })');
          total += f(i);
        }
        print(total);
        """)
      let compiled = harness.runtime.jitStatistics.functionsCompiled
      #expect(compiled > 300)
      harness.runtime.collectGarbage()
      harness.runtime.collectGarbage()
      let discards = harness.runtime.jitWitnessLog.filter { $0.reason == "code of a dead function" }
      #expect(!discards.isEmpty, "no page of dead code was released")
      #expect(discards.allSatisfy { $0.to == .reserved })
    }

    @Test func underMDWETheEngineRunsInterpreterOnlyWithTheSameOutput() async {
      let expected = Harness(.off).run(fibonacciProgram)
      let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
        guard xjs_enable_memory_deny_write_execute() == 0 else {
          fputs("MDWE child: PR_SET_MDWE failed\n", stderr)
          exit(10)
        }
        let harness = Harness(.eager)
        let output = harness.run(fibonacciProgram)
        guard output == "6765\n" else {
          fputs("MDWE child: output \(output)\n", stderr)
          exit(11)
        }
        guard !harness.runtime.isJITEnabled, harness.runtime.jitStateDescription.contains("refused") else {
          fputs("MDWE child: JIT state \(harness.runtime.jitStateDescription)\n", stderr)
          exit(12)
        }
        guard harness.runtime.jitStatistics.functionsCompiled == 0, harness.runtime.jitMappedBytes == 0 else {
          fputs("MDWE child: compiled \(harness.runtime.jitStatistics.functionsCompiled)\n", stderr)
          exit(13)
        }
        guard harness.runtime.jitWitnessLog.contains(where: { $0.refusedWithErrno != nil }),
          harness.runtime.jitWitnessLog.last?.to == .unmapped
        else {
          fputs("MDWE child: witness log\n\(harness.runtime.witnessReport())\n", stderr)
          exit(14)
        }
        exit(0)
      }
      #expect(expected == "6765\n")
      let childOutput = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
      for line in childOutput.split(separator: "\n") where line.contains("MDWE child") {
        Issue.record("\(line)")
      }
    }
  }
#endif
