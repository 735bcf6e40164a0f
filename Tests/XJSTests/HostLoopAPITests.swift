// What a host that runs its own loop (the content process) needs from `import XJS`: output
// redirected, the JIT's state known before any script runs, the time until the next timer, the
// heap limit's refusals, values rendered as the console renders them.

import Testing
import XJS

@Suite struct HostLoopAPITests {
  @Test func outputGoesToTheHandler() throws {
    let vm = VirtualMachine()
    var lines: [(String, Bool)] = []
    vm.outputHandler = { text, isError in lines.append((text, isError)) }
    let context = Context(vm)
    try context.evaluate("print('a', 1); console.log({ b: [2] }); console.error('c')")
    #expect(lines.map(\.0) == ["a 1\n", "{ b: [ 2 ] }\n", "c\n"])
    #expect(lines.map(\.1) == [false, false, true])
  }

  @Test func theJITsStateIsKnownBeforeAnyScriptRuns() {
    var options = VirtualMachine.Options()
    options.jit = .off
    let off = VirtualMachine(options: options)
    #expect(!off.prepareJIT())
    #expect(off.jitStatus.hasPrefix("off: "))
    #expect(off.jitWitnessLog.isEmpty)
    options.jit = .auto
    let tiered = VirtualMachine(options: options)
    #expect(tiered.jitWitnessLog.isEmpty, "nothing is mapped before the first tier-up")
    if tiered.prepareJIT() {
      #expect(tiered.jitStatus.hasPrefix("tiered"))
      #expect(tiered.jitWitnessLog.contains { $0.contains("-> r-x") })
    } else {
      // A system that refuses executable memory (MDWE, SELinux): the status says so.
      #expect(tiered.jitStatus.contains("refused"))
    }
    #expect(tiered.statisticsReport.contains("jit: "))
  }

  @Test func theTimeUntilTheNextTimer() throws {
    let vm = VirtualMachine()
    let context = Context(vm)
    #expect(vm.timeUntilNextTimer == nil)
    try context.evaluate("setTimeout(() => {}, 5000); setTimeout(() => {}, 200)")
    let delay = try #require(vm.timeUntilNextTimer)
    #expect(delay > .milliseconds(100) && delay <= .milliseconds(200))
  }

  @Test func heapLimitRefusalsAreCounted() throws {
    var options = VirtualMachine.Options()
    options.heapLimit = 16 << 20
    let vm = VirtualMachine(options: options)
    let context = Context(vm)
    #expect(vm.heapLimitRefusals == 0)
    let caught = try context.evaluate(
      "try { const a = []; for (;;) a.push(new Array(10000).fill(0.5)); } catch (e) { e instanceof RangeError }")
    #expect(caught.boolValue == true)
    #expect(vm.heapLimitRefusals >= 1)
  }

  @Test func valuesAreRenderedAsTheConsoleRendersThem() throws {
    let vm = VirtualMachine()
    let context = Context(vm)
    #expect(try context.evaluate("[1, 'two', { three: 3 }]").inspected == "[ 1, 'two', { three: 3 } ]")
    #expect(try context.evaluate("'text'").inspected == "'text'")
    #expect(try context.evaluate("({ get x() { throw 1 } })").inspected == "{ x: [Getter] }")
  }
}
