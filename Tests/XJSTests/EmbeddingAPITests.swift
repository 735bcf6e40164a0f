// The embedding API through a plain `import XJS`: what a host can do, and nothing more (this
// target cannot see the engine's internals).

import Testing
import XJS

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// README.md's Swift snippet, verbatim except that `print` is the test's collector.
private func readmeSnippet(_ print: (Any...) -> Void) throws {
  // README: swift-embedding begin
  let vm = VirtualMachine()
  let context = Context(vm)
  try context.setGlobal(
    "greet",
    context.function("greet", length: 1) { call in
      call.context.value("Hello, \(try call[0].toString())!")
    })
  print(try context.evaluate("greet('world')", sourceURL: "example.js"))  // Hello, world!
  do {
    try context.evaluate("let o = null;\no.x", sourceURL: "bad.js")
  } catch {
    print(error.name, error.message, error.location ?? "")  // TypeError Cannot read … bad.js:2:3
  }
  // README: swift-embedding end
}

@Suite struct EmbeddingLifecycleTests {
  @Test func readmeSnippetRunsAsDocumented() throws {
    var lines: [String] = []
    try readmeSnippet { items in lines.append(items.map { "\($0)" }.joined(separator: " ")) }
    #expect(lines == ["Hello, world!", "TypeError Cannot read properties of null (reading 'x') bad.js:2:3"])
  }

  @Test func theReadmeQuotesTheSnippetVerbatim() throws {
    let here = String(#filePath)
    let root = here.split(separator: "/Tests/", maxSplits: 1).first.map { String($0) } ?? here
    let readme = try #require(readText(root + "/README.md"))
    let test = try #require(readText(here))
    #expect(readme.contains(snippet(in: test)))
  }

  @Test func evaluationResultsAndSyntaxErrors() throws {
    let vm = VirtualMachine()
    let context = Context(vm)
    #expect(try context.evaluate("1 + 2").numberValue == 3)
    #expect(try context.evaluate("'a' + 'b'").stringValue == "ab")
    #expect(try context.evaluate("undefined").isUndefined)
    do {
      try context.evaluate("var = 1", sourceURL: "broken.js")
      Issue.record("a SyntaxError was expected")
    } catch {
      #expect(error.kind == .syntax)
      #expect(error.location == "broken.js:1:5")
      #expect("\(error)".hasPrefix("SyntaxError:"))
    }
  }

  @Test func contextsHaveTheirOwnGlobalsButShareObjects() throws {
    let vm = VirtualMachine()
    let first = Context(vm)
    let second = Context(vm)
    try first.evaluate("var shared = { n: 1 }; var onlyHere = true;")
    #expect(try second.evaluate("typeof onlyHere").stringValue == "undefined")
    let object = try first["shared"]
    try second.setGlobal("fromFirst", object)
    try second.evaluate("fromFirst.n += 41")
    #expect(try object["n"].numberValue == 42)
    // Each context has its own intrinsics: an array made in one is not an instance of the other's Array.
    #expect(try !second.evaluate("fromFirst instanceof Object").toBool())
    #expect(try first.evaluate("shared instanceof Object").toBool())
  }

  @Test func releasedContextsAreCollectedUnlessSomethingOfThemLives() throws {
    let vm = VirtualMachine()
    let keeper = Context(vm)
    do {
      let doomed = Context(vm)
      try doomed.evaluate(
        "var tag = 'from doomed'; globalThis.make = function () { return [tag, new Error('x') instanceof Error]; };")
      try keeper.setGlobal("make", doomed["make"])
    }
    for _ in 0..<3 { vm.collectGarbage() }
    // The released context's function still runs in its own realm, with its globals.
    #expect(try keeper.evaluate("make().join()").stringValue == "from doomed,true")
    try keeper.evaluate("make = undefined")
    vm.collectGarbage()
    let baseline = vm.heapSize
    for _ in 0..<300 {
      let context = Context(vm)
      #expect(try context.evaluate("[1, 2].map((x) => x + 1).join()").stringValue == "2,3")
    }
    for _ in 0..<3 { vm.collectGarbage() }
    // 300 realms (each a few hundred KB of intrinsics) would be tens of MB if kept.
    #expect(vm.heapSize < baseline + (8 << 20), "heap grew from \(baseline) to \(vm.heapSize)")
  }

  @Test func valuesOutliveCollectionsWhileHeld() throws {
    let vm = VirtualMachine()
    let context = Context(vm)
    let held = try context.evaluate("({ payload: 'x'.repeat(1000) })")
    for _ in 0..<3 {
      try context.evaluate("for (let i = 0; i < 20000; i++) ({ garbage: [i] });")
      vm.collectGarbage()
    }
    #expect(try held["payload"].stringValue?.count == 1000)
  }

  @Test func aDestroyedVirtualMachineIsAnErrorNotACrash() throws {
    var vm: VirtualMachine? = VirtualMachine()
    let context = Context(vm!)
    let value = try context.evaluate("({})")
    vm = nil
    #expect(throws: JSError.self) { try context.evaluate("1") }
    #expect(throws: JSError.self) { try value["x"] }
    do {
      try context.evaluate("1")
    } catch {
      #expect(error.kind == .destroyed)
    }
  }
}

@Suite struct EmbeddingConversionTests {
  @Test func swiftValuesBecomeJavaScriptValues() throws {
    let vm = VirtualMachine()
    let context = Context(vm)
    try context.setGlobal("n", 42)
    try context.setGlobal("d", 0.5)
    try context.setGlobal("s", "héllo ✓")
    try context.setGlobal("b", true)
    try context.setGlobal("nothing", String?.none)
    try context.setGlobal("list", [1, 2, 3])
    try context.setGlobal("map", ["a": "x"])
    try context.setGlobal("when", Date(timeIntervalSince1970: 86400))
    let summary = try context.evaluate(
      "[typeof n, n, d, s.length, b, nothing, Array.isArray(list), list.join('+'), map.a, when.toISOString()].join(',')"
    )
    #expect(summary.stringValue == "number,42,0.5,7,true,,true,1+2+3,x,1970-01-02T00:00:00.000Z")
  }

  @Test func javaScriptValuesBecomeSwiftValues() throws {
    let vm = VirtualMachine()
    let context = Context(vm)
    let object = try context.evaluate("({ a: 1, b: 'two', c: [true, null], d: new Date(0) })")
    let dictionary = try object.toDictionary()
    #expect(Set(dictionary.keys) == ["a", "b", "c", "d"])
    #expect(dictionary["a"]?.numberValue == 1)
    #expect(dictionary["b"]?.stringValue == "two")
    let array = try #require(dictionary["c"]).toArray()
    #expect(array.count == 2 && array[0].boolValue == true && array[1].isNull)
    #expect(dictionary["d"]?.dateValue == Date(timeIntervalSince1970: 0))
    #expect(try context.evaluate("'12'").toDouble() == 12)
    #expect(try context.evaluate("({ valueOf() { return 7 } })").toInt32() == 7)
    #expect(try context.evaluate("[1, [2, 3]]").toString() == "1,2,3")
    #expect(try context.evaluate("Symbol('s')").typeOf == "symbol")
    #expect(try context.evaluate("10n").isBigInt)
    #expect(try context.evaluate("(function () {})").isFunction)
  }

  @Test func propertiesByNameAndIndex() throws {
    let vm = VirtualMachine()
    let context = Context(vm)
    let array = try context.evaluate("[10, 20]")
    #expect(try array[1].numberValue == 20)
    try array.set(2, 30)
    #expect(try array["length"].numberValue == 3)
    let object = context.object()
    try object.set("x", 1)
    #expect(try object.has("x"))
    #expect(try object.delete("x"))
    #expect(try !object.has("x"))
    try object.defineProperty("fixed", value: 1, writable: false)
    #expect(throws: JSError.self) { try object.set("fixed", 2) }
    #expect(try "abc".jsValue(in: context)["length"].numberValue == 3)
  }

  @Test func callingAndConstructing() throws {
    let vm = VirtualMachine()
    let context = Context(vm)
    let add = try context.evaluate("(function (a, b) { return a + b + (this && this.bias || 0); })")
    #expect(try add(2, 3).numberValue == 5)
    let receiver = try context.evaluate("({ bias: 10 })")
    #expect(try add.call(this: receiver, [1, 1]).numberValue == 12)
    let point = try context.evaluate("(class { constructor(x) { this.x = x; } get twice() { return 2 * this.x; } })")
    #expect(try point.construct(21)["twice"].numberValue == 42)
    #expect(try context.evaluate("[3, 1, 2]").invokeMethod("sort").toString() == "1,2,3")
    #expect(throws: JSError.self) { try context.evaluate("({})").call([]) }
  }

  @Test func arrayBuffersAndTypedArraysShareMemoryWithoutCopying() throws {
    let vm = VirtualMachine()
    let context = Context(vm)
    let bytes = UnsafeMutableRawPointer.allocate(byteCount: 8, alignment: 8)
    bytes.initializeMemory(as: UInt8.self, repeating: 0, count: 8)
    var released: UnsafeMutableRawPointer?
    do {
      let buffer = context.arrayBuffer(noCopy: bytes, count: 8) { pointer in
        released = pointer
        pointer.deallocate()
      }
      let view = try context.typedArray("Uint8Array", buffer: buffer, length: 8)
      try context.setGlobal("view", view)
      try context.evaluate("view[0] = 7; view[7] = 255;")
      #expect(bytes.load(fromByteOffset: 0, as: UInt8.self) == 7)
      bytes.storeBytes(of: 9, toByteOffset: 1, as: UInt8.self)
      #expect(try context.evaluate("view[1]").numberValue == 9)
      #expect(view.typedArrayKind == "Uint8Array")
      #expect(view.bytes == [7, 9, 0, 0, 0, 0, 0, 255])
      // A transfer copies the host's bytes out and gives the block back.
      try context.evaluate("globalThis.moved = view.buffer.transfer(); globalThis.view = undefined;")
      #expect(released == bytes)
      #expect(try context.evaluate("new Uint8Array(moved)[7]").numberValue == 255)
    }
    let copied = try [1, 2, 3].withUnsafeBytes { try context.arrayBuffer(copying: $0) }
    #expect(copied.bytes?.count == 3 * MemoryLayout<Int>.size)
    #expect(throws: JSError.self) { try context.typedArray("Float64Array", buffer: copied, byteOffset: 1, length: 1) }
  }

  @Test func externalBuffersAreReleasedWhenCollected() throws {
    let vm = VirtualMachine()
    let context = Context(vm)
    let log = FinalizerLog()
    for _ in 0..<100 {
      let bytes = UnsafeMutableRawPointer.allocate(byteCount: 16, alignment: 8)
      _ = context.arrayBuffer(noCopy: bytes, count: 16) { pointer in
        log.count += 1
        pointer.deallocate()
      }
    }
    try churn(context, vm)
    #expect(log.count >= 90)  // the conservative stack scan may keep a few alive
  }
}

@Suite struct EmbeddingFunctionTests {
  @Test func swiftClosuresAreFunctionsWithThisAndArguments() throws {
    let vm = VirtualMachine()
    let context = Context(vm)
    try context.setGlobal(
      "describe",
      context.function("describe", length: 2) { call in
        let this = call.this.isUndefined ? "none" : try call.this["tag"].toString()
        return call.context.value("\(this):\(call.arguments.count):\(try call[0].toString()):\(call[5].isUndefined)")
      })
    #expect(try context.evaluate("describe('a', 'b')").stringValue == "none:2:a:true")
    #expect(try context.evaluate("({ tag: 'T', describe }).describe(1)").stringValue == "T:1:1:true")
    #expect(try context.evaluate("describe.name + describe.length").stringValue == "describe2")
  }

  @Test func aCallKeptPastItsReturnReadsUndefinedButTakenValuesStay() throws {
    let vm = VirtualMachine(
      options: {
        var options = VirtualMachine.Options()
        options.gcStress = true
        return options
      }())
    let context = Context(vm)
    var keptCall: JSCall?
    var keptArgument: JSValue?
    try context.setGlobal(
      "keep",
      context.function("keep", length: 1) { call in
        keptCall = call
        keptArgument = call[0]
        return call.context.undefined
      })
    try context.evaluate("keep({ name: 'taken' })")
    try context.evaluate("[1, 2, 3].map(x => ({ x }))")  // collections run (gc-stress)
    #expect(keptCall?.argumentCount == 0)
    #expect(keptCall?[0].isUndefined == true)
    #expect(try keptArgument?["name"].stringValue == "taken")
  }

  @Test func hostErrorsReachScriptsAsExceptions() throws {
    let vm = VirtualMachine()
    let context = Context(vm)
    struct Refusal: Error, CustomStringConvertible { var description: String { "not today" } }
    try context.setGlobal("typed", context.function { _ in throw JSError(name: "RangeError", message: "too big") })
    try context.setGlobal("swifty", context.function { _ in throw Refusal() })
    try context.setGlobal("rethrow", context.function { call in try call[0].call([]) })
    let caught = try context.evaluate(
      """
      var seen = [];
      try { typed(); } catch (e) { seen.push(e instanceof RangeError, e.message); }
      try { swifty(); } catch (e) { seen.push(e instanceof Error, e.message); }
      const original = new TypeError('mine');
      try { rethrow(() => { throw original; }); } catch (e) { seen.push(e === original); }
      seen.join();
      """)
    #expect(caught.stringValue == "true,too big,true,not today,true")
  }

  @Test func exceptionsCarryNameMessageLocationAndStack() throws {
    let vm = VirtualMachine()
    let context = Context(vm)
    do {
      try context.evaluate(
        """
        function inner() { throw new RangeError('deep'); }
        function outer() { inner(); }
        outer();
        """, sourceURL: "stack.js")
      Issue.record("an exception was expected")
    } catch {
      #expect(error.kind == .exception)
      #expect(error.name == "RangeError")
      #expect(error.message == "deep")
      #expect(error.location == "stack.js:1:26")
      let stack = try #require(error.stack)
      #expect(stack.contains("at inner (stack.js:1:26)"))
      #expect(stack.contains("at outer (stack.js:2:20)"))
      #expect(try error.value?.isInstance(of: context["RangeError"]) == true)
    }
    do {
      try context.evaluate("throw 42")
    } catch {
      #expect(error.value?.numberValue == 42)
      #expect(error.message == "42")
    }
  }

  @Test func accessorPropertiesRunSwiftGettersAndSetters() throws {
    let vm = VirtualMachine()
    let context = Context(vm)
    final class Counter { var value = 0 }
    let counter = Counter()
    let object = context.object()
    try object.defineProperty(
      "count", enumerable: true, get: { this in this.context.value(counter.value) },
      set: { _, newValue in counter.value = Int(try newValue.toInt32()) })
    try context.setGlobal("o", object)
    try context.evaluate("o.count = 41; o.count++;")
    #expect(counter.value == 42)
    #expect(try context.evaluate("Object.keys(o).join()").stringValue == "count")
  }

  @Test func closuresCapturingTheirContextDoNotKeepTheMachineAlive() throws {
    weak var weakContext: Context?
    do {
      let vm = VirtualMachine()
      let context = Context(vm)
      weakContext = context
      try context.setGlobal("f", context.function { _ in context.value(context.globalObject.isObject) })
      #expect(try context.evaluate("f()").boolValue == true)
    }
    // The virtual machine is gone, and with it the closure and the context it captured.
    #expect(weakContext == nil)
  }
}

/// A host class for the tests.
private final class Point {
  var x: Double
  var y: Double
  init(_ x: Double, _ y: Double) {
    self.x = x
    self.y = y
  }
}

private final class FinalizerLog: @unchecked Sendable {
  var count = 0
}

private func makePointClass(_ log: FinalizerLog) -> JSClass<Point> {
  let points = JSClass<Point>("Point", finalizer: { _ in log.count += 1 })
  points.constructor(length: 2) { call in Point(try call[0].toDouble(), try call[1].toDouble()) }
  points.method("norm") { point, call in call.context.value((point.x * point.x + point.y * point.y).squareRoot()) }
  points.property(
    "x", get: { point, context in context.value(point.x) }, set: { point, value in point.x = try value.toDouble() })
  points.staticMethod("origin") { call in try points.wrap(Point(0, 0), in: call.context) }
  return points
}

/// Allocates enough garbage and collects, so unreachable objects are finalized.
private func churn(_ context: Context, _ vm: VirtualMachine) throws {
  try context.evaluate("for (let i = 0; i < 50000; i++) ({ i });")
  vm.collectGarbage()
  vm.collectGarbage()
}

@Suite struct EmbeddingHostClassTests {
  @Test func hostClassesHaveConstructorsMethodsAccessorsAndBrandChecks() throws {
    let vm = VirtualMachine()
    let context = Context(vm)
    let points = makePointClass(FinalizerLog())
    try context.setGlobal("Point", points.constructor(in: context))
    let result = try context.evaluate(
      """
      const p = new Point(3, 4);
      p.x = 6;
      globalThis.p = p;
      const checks = [p.norm(), p.x, p instanceof Point, Object.prototype.toString.call(p), Point.origin().norm()];
      try { Point.prototype.norm.call({}); } catch (e) { checks.push(e instanceof TypeError); }
      try { Point(1, 2); } catch (e) { checks.push(e.message); }
      class Point3 extends Point { get z() { return 1; } }
      const q = new Point3(0, 2);
      checks.push(q.norm(), q.z, q instanceof Point);
      checks.join();
      """)
    #expect(
      result.stringValue
        == "7.211102550927978,6,true,[object Point],0,true,Class constructor Point cannot be invoked without 'new',2,1,true"
    )
    let wrapped = try points.wrap(Point(1, 1), in: context)
    #expect(points.instance(of: wrapped)?.x == 1)
    #expect(points.instance(of: try context.evaluate("({})")) == nil)
    let p = try context["p"]
    #expect(points.instance(of: p)?.x == 6)
  }

  @Test func finalizersRunAfterTheirObjectIsCollected() throws {
    let log = FinalizerLog()
    let vm = VirtualMachine()
    let context = Context(vm)
    let points = makePointClass(log)
    try context.setGlobal("Point", points.constructor(in: context))
    try context.evaluate("var kept = new Point(1, 2); for (let i = 0; i < 100; i++) new Point(i, i);")
    try churn(context, vm)
    #expect(log.count >= 90)  // the conservative stack scan may keep a few alive
    let beforeRelease = log.count
    try context.evaluate("kept = null")
    try churn(context, vm)
    #expect(log.count >= beforeRelease)
    #expect(log.count <= 101)
  }

  @Test func destroyingTheMachineFinalizesWhatIsLeft() throws {
    let log = FinalizerLog()
    do {
      let vm = VirtualMachine()
      let context = Context(vm)
      let points = makePointClass(log)
      try context.setGlobal("Point", points.constructor(in: context))
      try context.evaluate("var all = []; for (let i = 0; i < 10; i++) all.push(new Point(i, i));")
      #expect(log.count == 0)
    }
    #expect(log.count == 10)
  }

  @Test func propertyHooksMakeExoticHostObjects() throws {
    final class Store {
      var entries: [String: String] = ["greeting": "hi"]
      var list: [Int] = [10, 20, 30]
    }
    let hooks = JSPropertyHooks<Store>(
      get: { store, name, context in
        switch name {
        case .index(let index): return index < store.list.count ? context.value(store.list[index]) : nil
        case .name(let key): return store.entries[key].map { context.value($0) }
        }
      },
      set: { store, name, value in
        guard case .name(let key) = name, !key.hasPrefix("_") else { return nil }
        if key == "locked" { return false }
        store.entries[key] = try value.toString()
        return true
      },
      delete: { store, name, _ in
        guard case .name(let key) = name, store.entries[key] != nil else { return nil }
        store.entries[key] = nil
        return true
      },
      names: { store, _ in store.list.indices.map { .index($0) } + store.entries.keys.sorted().map { .name($0) } })
    let stores = JSClass<Store>("Store", hooks: hooks)
    stores.method("size") { store, call in call.context.value(store.entries.count) }
    let vm = VirtualMachine()
    let context = Context(vm)
    let store = Store()
    try context.setGlobal("store", stores.wrap(store, in: context))
    let result = try context.evaluate(
      """
      'use strict';
      const out = [store.greeting, store[1], 'greeting' in store, store.missing, store.size()];
      store.color = 'red';
      store._private = 1;
      try { store.locked = 1; } catch (e) { out.push(e instanceof TypeError); }
      delete store.greeting;
      out.push(Object.keys(store).join('|'), store._private, JSON.stringify(store));
      out.join();
      """)
    #expect(
      result.stringValue
        == "hi,20,true,,1,true,0|1|2|color|_private,1,{\"0\":10,\"1\":20,\"2\":30,\"color\":\"red\",\"_private\":1}")
    #expect(store.entries == ["color": "red"])
  }
}

private class Shape {
  var sides: Int
  init(sides: Int) { self.sides = sides }
}

private final class Square: Shape {
  var side: Double
  init(side: Double) {
    self.side = side
    super.init(sides: 4)
  }
}

private final class Unrelated {}

@Suite struct EmbeddingHostClassInheritanceTests {
  @Test func aHostClassExtendsAnotherAsWebIDLInterfacesDo() throws {
    let shapes = JSClass<Shape>("Shape")
    shapes.property("sides", get: { shape, context in context.value(shape.sides) })
    shapes.method("describe") { shape, call in call.context.value("a shape of \(shape.sides) sides") }
    let squares = JSClass<Square>("Square", extends: shapes)
    squares.constructor(length: 1) { call in Square(side: try call[0].toDouble()) }
    squares.method("area") { square, call in call.context.value(square.side * square.side) }
    let vm = VirtualMachine()
    let context = Context(vm)
    try context.setGlobal("Shape", shapes.constructor(in: context))
    try context.setGlobal("Square", squares.constructor(in: context))
    let result = try context.evaluate(
      """
      const s = new Square(3);
      const out = [s.area(), s.sides, s.describe(), s instanceof Square, s instanceof Shape,
        Object.getPrototypeOf(Square.prototype) === Shape.prototype, Object.getPrototypeOf(Square) === Shape,
        Object.prototype.toString.call(s)];
      try { Square.prototype.area.call(Object.create(Shape.prototype)); } catch (e) { out.push(e.constructor.name); }
      try { new Shape(); } catch (e) { out.push(e.message); }
      out.join();
      """)
    #expect(
      result.stringValue
        == "9,4,a shape of 4 sides,true,true,true,true,[object Square],TypeError,Illegal constructor")
    let square = try context.evaluate("s")
    #expect(shapes.instance(of: square)?.sides == 4)
    #expect(squares.instance(of: square)?.side == 3)
    #expect(squares.instance(of: try shapes.wrap(Shape(sides: 3), in: context)) == nil)
  }

  @Test func anInstanceOfAnotherSwiftTypeIsRefusedByASubclass() throws {
    let shapes = JSClass<Shape>("Shape")
    let odd = JSClass<Unrelated>("Odd", extends: shapes)
    let context = Context(VirtualMachine())
    #expect(throws: JSError.self) { _ = try odd.wrap(Unrelated(), in: context) }
  }
}

@Suite struct EmbeddingRootingTests {
  /// Collects at every allocation: a value the API holds without rooting would be freed and
  /// reused, and the checks below would read garbage.
  @Test func theAPIRootsWhatItHoldsUnderGCStress() throws {
    var options = VirtualMachine.Options()
    options.gcStress = true
    options.jit = .off
    let vm = VirtualMachine(options: options)
    let context = Context(vm)
    let log = FinalizerLog()
    let points = makePointClass(log)
    try context.setGlobal("Point", points.constructor(in: context))
    try context.setGlobal(
      "pair",
      context.function("pair", length: 2) { call in
        let object = call.context.object()
        try object.set("first", call[0])
        try object.set("second", [call[1], call.context.value("tail")])
        return object
      })
    let result = try context.evaluate(
      """
      const made = [];
      for (let i = 0; i < 20; i++) made.push(pair({ i }, 'v' + i), new Point(i, 2 * i));
      made.map((m) => m instanceof Point ? m.norm().toFixed(1) : m.first.i + m.second.join('')).join(' ')
      """)
    #expect(result.stringValue?.hasPrefix("0v0tail 0.0 1v1tail 2.2 2v2tail 4.5") == true)
    let list = context.array((0..<20).map { context.value("item \($0)") })
    let dictionary = try context.value(["k": [1, 2], "l": [3]]).toDictionary()
    #expect(try list[19].stringValue == "item 19")
    #expect(try dictionary["k"]?.toString() == "1,2")
  }
}

@Suite struct EmbeddingLimitTests {
  @Test func theHeapLimitIsAnExceptionEvenInsideHostCalls() throws {
    var options = VirtualMachine.Options()
    options.heapLimit = 16 << 20
    let vm = VirtualMachine(options: options)
    let context = Context(vm)
    do {
      try context.evaluate("const a = []; for (;;) a.push({ x: [1, 2, 3] });")
      Issue.record("the heap limit did not stop the script")
    } catch {
      #expect(error.name == "RangeError")
      #expect(error.message.contains("heap limit"))
    }
    try context.setGlobal(
      "hog",
      context.function { call in
        let list = call.context.array([])
        for index in 0..<2_000_000 { try list.set(index, "x\(index)") }
        return list
      })
    do {
      try context.evaluate("hog()")
      Issue.record("the heap limit did not stop the host function")
    } catch {
      #expect(error.name == "RangeError")
    }
    // The machine still works afterwards.
    #expect(try context.evaluate("1 + 1").numberValue == 2)
  }

  @Test func theTimeLimitStopsEachEntry() throws {
    var options = VirtualMachine.Options()
    options.timeLimit = .milliseconds(100)
    let vm = VirtualMachine(options: options)
    let context = Context(vm)
    do {
      try context.evaluate("try { for (;;) {} } catch (e) { 'caught' }")
      Issue.record("the time limit did not stop the script")
    } catch {
      #expect(error.kind == .terminated)
    }
    // The limit is per entry: the next evaluation gets its own 100 ms.
    #expect(try context.evaluate("'fine'").stringValue == "fine")
  }

  @Test func deepRecursionIsARangeError() throws {
    var options = VirtualMachine.Options()
    options.stackSize = 256 << 10
    let vm = VirtualMachine(options: options)
    let context = Context(vm)
    #expect(
      try context.evaluate("function f(n) { return f(n + 1); } try { f(0) } catch (e) { e.constructor.name }")
        .stringValue == "RangeError")
    try context.setGlobal("reenter", context.function { call in try call[0].call([]) })
    #expect(
      try context.evaluate("function g() { return reenter(g); } try { g() } catch (e) { e.constructor.name }")
        .stringValue == "RangeError")
  }

  @Test func anInterruptFromAnotherThreadStopsTheScript() throws {
    final class Calls: @unchecked Sendable { var count = 0 }
    let calls = Calls()
    var options = VirtualMachine.Options()
    options.interruptHandler = {
      calls.count += 1
      return calls.count >= 2  // the first interrupt is declined, the second stops the script
    }
    let vm = VirtualMachine(options: options)
    let context = Context(vm)
    let handle = vm.interruptHandle
    let interrupter = Thread {
      for _ in 0..<2 {
        usleep(50_000)
        handle.interrupt()
      }
    }
    interrupter.start()
    do {
      try context.evaluate("for (;;) {}")
      Issue.record("the interrupt did not stop the script")
    } catch {
      #expect(error.kind == .terminated)
    }
    interrupter.join()
    #expect(calls.count == 2)
  }

  @Test func twoMachinesRunOnTwoThreads() throws {
    final class Results: @unchecked Sendable { var values: [Int: Double] = [:] }
    let results = Results()
    let lock = Mutex()
    let threads = (0..<2).map { index in
      Thread {
        let vm = VirtualMachine()
        let context = Context(vm)
        let sum = try? context.evaluate(
          "let s = 0; for (let i = 0; i < 200000; i++) s += i % \(index + 2); function r(n) { return n ? r(n - 1) + 1 : 0; } s + r(300)"
        ).numberValue
        lock.locked { results.values[index] = sum ?? -1 }
      }
    }
    for thread in threads { thread.start() }
    for thread in threads { thread.join() }
    #expect(results.values[0] == 100_300)
    #expect(results.values[1] == 200_299.0)
  }
}

@Suite struct EmbeddingJobTests {
  @Test func promiseJobsRunWhenTheHostDrainsThem() throws {
    let vm = VirtualMachine()
    let context = Context(vm)
    let promise = try context.evaluate(
      "globalThis.log = []; (async () => { log.push('start'); await null; log.push('end'); return 7; })()")
    #expect(try context["log"].toString() == "start")
    guard case .pending = promise.promiseState else {
      Issue.record("the promise settled before the jobs ran")
      return
    }
    #expect(vm.hasPendingJobs)
    try vm.runPendingJobs()
    #expect(!vm.hasPendingWork)
    #expect(try context["log"].toString() == "start,end")
    guard case .fulfilled(let value) = promise.promiseState else {
      Issue.record("the promise did not fulfill")
      return
    }
    #expect(value.numberValue == 7)
  }

  @Test func unhandledRejectionsAreReported() throws {
    let vm = VirtualMachine()
    let context = Context(vm)
    try context.evaluate("Promise.reject(new RangeError('lost')); Promise.reject(1).catch(() => {});")
    try vm.runPendingJobs()
    let reasons = context.takeUnhandledRejections()
    #expect(reasons.map(\.description) == ["RangeError: lost"])
  }

  @Test func timersRunInTheEventLoop() throws {
    let vm = VirtualMachine()
    let context = Context(vm)
    try context.evaluate("globalThis.fired = []; setTimeout(() => fired.push('later'), 5); fired.push('now');")
    try vm.runEventLoop()
    #expect(try context["fired"].toString() == "now,later")
  }
}

/// A host loader serving modules from memory.
private final class MemoryLoader: ModuleLoader {
  let sources: [String: String]
  init(_ sources: [String: String]) { self.sources = sources }

  func resolve(_ specifier: String, referrer: String?) throws(ModuleLoadError) -> String { "mem:" + specifier }

  func load(url: String) throws(ModuleLoadError) -> String {
    guard let text = sources[String(url.dropFirst(4))] else { throw ModuleLoadError("no module \(url)") }
    return text
  }
}

@Suite struct EmbeddingModuleTests {
  @Test func modulesLoadThroughTheHostLoader() throws {
    let vm = VirtualMachine()
    vm.moduleLoader = MemoryLoader([
      "math": "export const twice = (x) => 2 * x;",
      "data": #"{ "n": 21 }"#,
    ])
    let context = Context(vm)
    let promise = try context.evaluateModule(
      url: "mem:main",
      source:
        "import { twice } from 'math'; import data from 'data' with { type: 'json' }; globalThis.result = twice(data.n); await null;"
    )
    try vm.runPendingJobs()
    guard case .fulfilled = promise.promiseState else {
      Issue.record("the module did not complete")
      return
    }
    #expect(try context["result"].numberValue == 42)
    do {
      try context.evaluateModule(url: "mem:broken", source: "import 'missing';")
      Issue.record("a missing module must fail")
    } catch {
      #expect(error.message.contains("no module mem:missing"))
    }
  }
}

// MARK: Helpers

private func readText(_ path: String) -> String? {
  guard let file = fopen(path, "rb") else { return nil }
  defer { fclose(file) }
  var bytes: [UInt8] = []
  var chunk = [UInt8](repeating: 0, count: 65536)
  while true {
    let count = fread(&chunk, 1, chunk.count, file)
    if count <= 0 { break }
    bytes.append(contentsOf: chunk[0..<count])
  }
  return String(decoding: bytes, as: UTF8.self)
}

/// The lines between the README markers in this file, without their common indentation.
private func snippet(in source: String) -> String {
  let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
  guard let begin = lines.firstIndex(where: { $0.contains("README: swift-embedding begin") }),
    let end = lines.firstIndex(where: { $0.contains("README: swift-embedding end") })
  else { return "<no snippet>" }
  return lines[(begin + 1)..<end].map { $0.dropFirst(2) }.joined(separator: "\n")
}

/// A pthread running a closure (Foundation's Thread is not in FoundationEssentials).
private final class Thread: @unchecked Sendable {
  private let body: () -> Void
  private var thread = pthread_t()
  init(_ body: @escaping () -> Void) { self.body = body }

  func start() {
    let box = Unmanaged.passRetained(self).toOpaque()
    pthread_create(
      &thread, nil,
      { raw in
        let me = Unmanaged<Thread>.fromOpaque(raw!).takeRetainedValue()
        me.body()
        return nil
      }, box)
  }

  func join() { pthread_join(thread, nil) }
}

private final class Mutex: @unchecked Sendable {
  private var mutex = pthread_mutex_t()
  init() { pthread_mutex_init(&mutex, nil) }
  func locked(_ body: () -> Void) {
    pthread_mutex_lock(&mutex)
    body()
    pthread_mutex_unlock(&mutex)
  }
}

private final class Holder {
  var held: [JSHeapReference] = []
}

private final class Leaf {}

@Suite struct EmbeddingHostTraceTests {
  /// A host object keeps what it refers to alive exactly while its class's trace reports it.
  @Test func traceKeepsHeapReferencesAliveAndOnlyWhileReported() throws {
    let vm = VirtualMachine()
    let context = Context(vm)
    let log = FinalizerLog()
    let leaves = JSClass<Leaf>("Leaf", finalizer: { _ in log.count += 1 })
    let holders = JSClass<Holder>("Holder", trace: { holder, tracer in holder.held.forEach(tracer.mark) })
    let holder = Holder()
    try context.setGlobal("holder", holders.wrap(holder, in: context))
    for _ in 0..<100 { holder.held.append(try leaves.wrap(Leaf(), in: context).heapReference!) }
    try churn(context, vm)
    #expect(log.count == 0, "a traced leaf was collected")
    #expect(holder.held.allSatisfy { leaves.instance(of: $0.value(in: context)) != nil })
    holder.held = []
    try churn(context, vm)
    #expect(log.count >= 90, "leaves outlived the last trace that reported them")  // the stack scan may keep a few
  }

  @Test func anUntracedHeapReferenceDoesNotKeepItsObject() throws {
    let vm = VirtualMachine()
    let context = Context(vm)
    let log = FinalizerLog()
    let leaves = JSClass<Leaf>("Leaf", finalizer: { _ in log.count += 1 })
    let untraced = Holder()
    for _ in 0..<100 { untraced.held.append(try leaves.wrap(Leaf(), in: context).heapReference!) }
    try churn(context, vm)
    #expect(untraced.held.count == 100)
    #expect(log.count >= 90)  // the conservative stack scan may keep a few alive
  }
}
