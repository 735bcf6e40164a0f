// The `ffi` object end to end: scripts bind functions of libc, libm and a test library
// (FFITestLibrary) and check what comes back, in the interpreter and with every function
// compiled by the JIT (callbacks then run from machine code), and under GC stress.

import CXJSSupport
import Glibc
import Testing

@testable import XJSEngine

/// Runs `source` with `ffi` installed (allowed or refusing) and returns what it printed, with
/// an uncaught error as a last line. `LIB` names the test library.
func runFFIScript(_ source: String, jit: JITMode = .off, gcStress: Bool = false, allowed: Bool = true) -> String {
  var options = RuntimeOptions()
  options.jit.mode = jit
  options.gcStress = gcStress
  let runtime = Runtime(options: options)
  runtime.installFFI(allowed: allowed)
  var output = ""
  runtime.outputHandler = { text, _ in output += text }
  let prelude = "const LIB = \"\(FFITestLibrary.path)\";\n"
  switch runtime.runScript(Array((prelude + source).utf16), name: "ffi-test.js") {
  case .completed: break
  case .syntaxError(let message), .uncaught(let message): output += message.split(separator: "\n")[0] + "\n"
  }
  return output
}

/// The same output in the interpreter, with eager JIT compilation, and collecting garbage at
/// every allocation (which finds values the ffi code forgot to keep rooted).
func expectFFIOutput(_ source: String, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation) {
  for mode in [JITMode.off, .eager] {
    #expect(runFFIScript(source, jit: mode) == expected, "mode \(mode)", sourceLocation: sourceLocation)
  }
  #expect(runFFIScript(source, gcStress: true) == expected, "gc stress", sourceLocation: sourceLocation)
}

@Suite struct FFISystemLibraryTests {
  /// README.md's example, as written there, prints what its comments say.
  @Test func readmeExampleRunsAsDocumented() throws {
    let readmePath = String(#filePath.prefix(upTo: #filePath.firstRange(of: "/Tests/")!.lowerBound)) + "/README.md"
    let readme = try #require(FileModuleLoader.readUTF8File(readmePath))
    let begin = try #require(readme.firstRange(of: "<!-- README: ffi-example begin -->\n```js\n"))
    let end = try #require(readme.firstRange(of: "```\n<!-- README: ffi-example end -->"))
    let example = String(readme[begin.upperBound..<end.lowerBound])
    #expect(example.contains("qsort"))
    expectFFIOutput(example, "2\n1 2 3\n")
  }

  @Test func strlenCosAndAbs() {
    expectFFIOutput(
      """
      const libc = ffi.dlopen("libc.so.6", {
        strlen: { parameters: ["buffer"], result: "usize" },
        abs: { parameters: ["i32"], result: "i32" },
      });
      const libm = ffi.dlopen("libm.so.6", { cos: { parameters: ["f64"], result: "f64" } });
      print(libc.symbols.strlen(new Uint8Array([104, 105, 33, 0])));
      print(libc.symbols.strlen(new Uint8Array([0, 1])));
      print(libc.symbols.abs(-7), libc.symbols.abs(2147483647));
      print(libm.symbols.cos(0), libm.symbols.cos(Math.PI), libm.symbols.cos(1) === Math.cos(1));
      """,
      "3\n0\n7 2147483647\n1 -1 true\n")
  }

  @Test func qsortWithAJavaScriptComparator() {
    expectFFIOutput(
      """
      const libc = ffi.dlopen("libc.so.6", {
        qsort: { parameters: ["buffer", "usize", "usize", "function"], result: "void" },
      });
      let calls = 0;
      const compare = new ffi.UnsafeCallback({ parameters: ["pointer", "pointer"], result: "i32" }, (a, b) => {
        calls++;
        return new ffi.UnsafePointerView(a).getFloat64() - new ffi.UnsafePointerView(b).getFloat64() > 0 ? 1 : -1;
      });
      const values = new Float64Array([3.5, -1, 10, 2.25, 0, 7, -8.5]);
      libc.symbols.qsort(values, values.length, 8, compare);
      print(Array.from(values).join(" "), calls > 6);
      compare.close();
      """,
      "-8.5 -1 0 2.25 3.5 7 10 true\n")
  }

  @Test func divReturnsAStructByValue() {
    expectFFIOutput(
      """
      const libc = ffi.dlopen("libc.so.6", {
        div: { parameters: ["i32", "i32"], result: { struct: ["i32", "i32"] } },
      });
      const result = libc.symbols.div(47, 5);
      const view = new DataView(result.buffer);
      print(result instanceof Uint8Array, result.length, view.getInt32(0, true), view.getInt32(4, true));
      """,
      "true 8 9 2\n")
  }
}

@Suite struct FFITypeTests {
  @Test func integersWrapToTheirWidth() {
    expectFFIOutput(
      """
      const s = ffi.dlopen(LIB, {
        negate_i8: { parameters: ["i8"], result: "i8" },
        add_u8: { parameters: ["u8", "u8"], result: "u8" },
        add_i16: { parameters: ["i16", "i16"], result: "i16" },
        add_u16: { parameters: ["u16", "u16"], result: "u16" },
        add_i32: { parameters: ["i32", "i32"], result: "i32" },
        add_u32: { parameters: ["u32", "u32"], result: "u32" },
      }).symbols;
      print(s.negate_i8(-128), s.negate_i8(5), s.negate_i8(130));
      print(s.add_u8(200, 100), s.add_i16(32767, 1), s.add_u16(65535, 2));
      print(s.add_i32(2147483647, 1), s.add_i32(-2.9, 0.9), s.add_i32(NaN, 3));
      print(s.add_u32(4294967295, 0), s.add_u32(-1, 0), s.add_u32(4294967296, 5));
      """,
      "-128 -5 126\n44 -32768 1\n-2147483648 -2 3\n4294967295 4294967295 5\n")
  }

  @Test func sixtyFourBitIntegersAreNumbersWhenSafeElseBigInts() {
    expectFFIOutput(
      """
      const s = ffi.dlopen(LIB, {
        add_i64: { parameters: ["i64", "i64"], result: "i64" },
        add_u64: { parameters: ["u64", "u64"], result: "u64" },
      }).symbols;
      const a = s.add_i64(2 ** 52, 2 ** 52 - 1);
      print(typeof a, a);
      const b = s.add_i64(2n ** 53n, 1n);
      print(typeof b, b);
      print(s.add_i64(-5, 2n), typeof s.add_i64(-(2n ** 60n), 0));
      print(s.add_u64(-1n, 0), s.add_u64(18446744073709551615n, 2n), s.add_u64(1, 2));
      """,
      "number 9007199254740991\nbigint 9007199254740993\n-3 bigint\n18446744073709551615 1 3\n")
  }

  @Test func floatsAndBooleans() {
    expectFFIOutput(
      """
      const s = ffi.dlopen(LIB, {
        mul_f32: { parameters: ["f32", "f32"], result: "f32" },
        is_even: { parameters: ["i32"], result: "bool" },
      }).symbols;
      print(s.mul_f32(1.5, 4), s.mul_f32(0.1, 1) === Math.fround(0.1), s.mul_f32(3e38, 10));
      print(s.is_even(4), s.is_even(7));
      """,
      "6 true Infinity\ntrue false\n")
  }

  @Test func manyArgumentsSomeOnTheStack() {
    expectFFIOutput(
      """
      const s = ffi.dlopen(LIB, {
        weighted_sum: { parameters: ["f64", "f64", "f64", "f64", "f64", "f64", "f64", "f64", "f64", "f64",
          "i64", "i64", "i64", "i64", "i64", "i64", "i64", "i64"], result: "f64" },
      }).symbols;
      print(s.weighted_sum(1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1));
      print(s.weighted_sum(0, 0, 0, 0, 0, 0, 0, 0, 0, 0.5, 0, 0, 0, 0, 0, 0, 0, 2));
      """,
      "36055\n16005\n")
  }

  @Test func structsByValueInRegistersAndInMemory() {
    expectFFIOutput(
      """
      const Pair = { struct: ["i32", "f64"] };
      const Triple = { struct: ["f64", "f64", "f64"] };
      const Tagged = { struct: ["u8", { struct: ["i16", "i16"] }] };
      const s = ffi.dlopen(LIB, {
        make_pair: { parameters: ["i32", "f64"], result: Pair },
        pair_sum: { parameters: [Pair], result: "f64" },
        triple_scale: { parameters: [Triple, "f64"], result: Triple },
        tagged_width: { parameters: [Tagged], result: "i32" },
      }).symbols;
      const pair = s.make_pair(40, 2.5);
      const view = new DataView(pair.buffer);
      print(pair.length, view.getInt32(0, true), view.getFloat64(8, true), s.pair_sum(pair));
      const triple = s.triple_scale(new Float64Array([1, 2, 3]), 1.5);
      print(Array.from(new Float64Array(triple.buffer)).join(" "));
      const tagged = new DataView(new ArrayBuffer(6));
      tagged.setUint8(0, 3); tagged.setInt16(2, -2, true); tagged.setInt16(4, 5, true);
      print(s.tagged_width(tagged.buffer));
      try { s.pair_sum(new Uint8Array(8)); } catch (e) { print(e.name + ": " + e.message); }
      """,
      """
      16 40 2.5 42.5
      1.5 3 4.5
      21
      TypeError: pair_sum: argument 1 must be the 16 bytes of a { struct: [i32, f64] } (a TypedArray or ArrayBuffer), got object

      """)
  }
}

@Suite struct FFIPointerTests {
  @Test func functionPointersFromCAndFromCallbacks() {
    expectFFIOutput(
      """
      const s = ffi.dlopen(LIB, { adder: { parameters: [], result: "function" } }).symbols;
      const add = new ffi.UnsafeFnPointer(s.adder(), { parameters: ["i32", "i32"], result: "i32" });
      print(add.call(40, 2), add.call.length, Object.prototype.toString.call(add));
      const twice = new ffi.UnsafeCallback({ parameters: ["f64"], result: "f64" }, (x) => x * 2);
      const viaC = new ffi.UnsafeFnPointer(twice.pointer, { parameters: ["f64"], result: "f64" });
      print(viaC.call(1.25));
      twice.close();
      for (const attempt of [
        () => add.call(1),
        () => new ffi.UnsafeFnPointer(null, { parameters: [], result: "void" }),
        () => new ffi.UnsafeFnPointer(s.adder(), { parameters: ["nope"], result: "void" }),
        () => ffi.dlopen(LIB, { adder: { parameters: [], result: "pointer", nonblocking: true } }),
      ]) {
        try { attempt(); } catch (e) { print(e.name + ": " + e.message); }
      }
      """,
      """
      42 2 [object UnsafeFnPointer]
      2.5
      TypeError: UnsafeFnPointer.call expects 2 arguments, got 1
      TypeError: new UnsafeFnPointer: the pointer is null
      TypeError: new UnsafeFnPointer, parameter 0: unknown type 'nope'
      TypeError: ffi.dlopen: symbol 'adder': nonblocking calls are not supported

      """)
  }

  @Test func outParametersThroughBuffers() {
    expectFFIOutput(
      """
      const s = ffi.dlopen(LIB, {
        divide: { parameters: ["i32", "i32", "buffer", "buffer"], result: "void" },
        fill: { parameters: ["buffer", "usize", "u8"], result: "void" },
      }).symbols;
      const quotient = new Int32Array(1), remainder = new Int32Array(1);
      print(s.divide(47, 5, quotient, remainder), quotient[0], remainder[0]);
      const bytes = new Uint8Array(6);
      s.fill(new Uint8Array(bytes.buffer, 2, 3), 3, 9);
      print(bytes.join(","));
      """,
      "undefined 9 2\n0,0,9,9,9,0\n")
  }

  @Test func pointerObjectsAndViews() {
    expectFFIOutput(
      """
      const libc = ffi.dlopen("libc.so.6", {
        malloc: { parameters: ["usize"], result: "pointer" },
        free: { parameters: ["pointer"], result: "void" },
      }).symbols;
      const s = ffi.dlopen(LIB, {
        greeting: { parameters: [], result: "pointer" },
        same_pointer: { parameters: ["pointer"], result: "pointer" },
      }).symbols;
      print(new ffi.UnsafePointerView(s.greeting()).getCString(), ffi.UnsafePointerView.getCString(s.greeting(), 6));
      print(s.same_pointer(null), ffi.UnsafePointer.create(0), ffi.UnsafePointer.create(0n));
      const memory = libc.malloc(32);
      print(typeof memory, Object.prototype.toString.call(memory), ffi.UnsafePointer.equals(s.same_pointer(memory), memory));
      const view = new ffi.UnsafePointerView(memory);
      view.setInt8(-2, 0); view.setUint16(65535, 2); view.setInt32(-123456, 4); view.setFloat64(0.25, 8);
      view.setBigInt64(-(2n ** 62n), 16); view.setFloat32(1.5, 24); view.setBool(true, 28);
      print(view.getInt8(0), view.getUint8(0), view.getUint16(2), view.getInt32(4), view.getFloat64(8));
      print(view.getBigInt64(16), view.getBigUint64(16), view.getFloat32(24), view.getBool(28));
      const copy = new Uint8Array(4);
      view.copyInto(copy, 4);
      print(copy.join(","), new Int32Array(view.getArrayBuffer(8, 0))[1]);
      const next = ffi.UnsafePointer.offset(memory, 4);
      print(new ffi.UnsafePointerView(next).getInt32(), ffi.UnsafePointer.value(next) - ffi.UnsafePointer.value(memory));
      const same = ffi.UnsafePointer.create(ffi.UnsafePointer.value(memory));
      print(ffi.UnsafePointer.equals(same, memory), same === memory);
      view.setPointer(next, 0);
      print(ffi.UnsafePointer.equals(view.getPointer(0), next));
      const array = new Int32Array([11, 22]);
      print(new ffi.UnsafePointerView(ffi.UnsafePointer.of(array)).getInt32(4));
      libc.free(memory);
      """,
      """
      hello from C from C
      null null null
      object [object pointer] true
      -2 254 65535 -123456 0.25
      -4611686018427387904 13835058055282163712 1.5 true
      192,29,254,255 -123456
      -123456 4
      true false
      true
      22

      """)
  }
}

@Suite struct FFICallbackTests {
  private let declarations = """
    const s = ffi.dlopen(LIB, {
      apply_int: { parameters: ["function", "i32", "i32"], result: "i32" },
      apply_mixed: { parameters: ["function", "f64", "i32", "f64", "i64"], result: "f64" },
      sum_of_calls: { parameters: ["function", "i32"], result: "i32" },
      each: { parameters: ["function", "i32"], result: "void" },
      apply_f32: { parameters: ["function", "f32"], result: "f32" },
      apply_u64: { parameters: ["function", "u64"], result: "u64" },
      apply_bool: { parameters: ["function", "bool", "i8", "u16"], result: "bool" },
      apply_many: { parameters: ["function"], result: "f64" },
      apply_pointer: { parameters: ["function", "pointer"], result: "pointer" },
      countdown: { parameters: ["function", "i32"], result: "i32" },
    }).symbols;
    const callback = (parameters, result, f) => new ffi.UnsafeCallback({ parameters, result }, f);

    """

  @Test func integerAndDoubleArguments() {
    expectFFIOutput(
      declarations + """
        print(s.apply_int(callback(["i32", "i32"], "i32", (a, b) => a * 10 + b), 4, -2));
        print(s.apply_mixed(callback(["f64", "i32", "f64", "i64"], "f64", (a, b, c, d) => a + b * c - d), 0.5, 3, 1.5, 2));
        print(s.apply_f32(callback(["f32"], "f32", (x) => x * 2), 1.25));
        print(s.apply_u64(callback(["u64"], "u64", (x) => x + 1n), 2n ** 64n - 2n));
        print(s.apply_bool(callback(["bool", "i8", "u16"], "bool", (b, c, u) => b && c === -3 && u === 65000), true, -3, 65000));
        """,
      "38\n3\n2.5\n18446744073709551615\ntrue\n")
  }

  @Test func argumentsBeyondTheRegistersComeFromTheStack() {
    expectFFIOutput(
      declarations + """
        const types = [...Array(8).fill("i32"), ...Array(9).fill("f64")];
        print(s.apply_many(callback(types, "f64", (...args) => args.join(" ").length + args[7] * 100 + args[16])));
        """,
      "859.5\n")
  }

  @Test func calledManyTimesAndReturningVoid() {
    expectFFIOutput(
      declarations + """
        print(s.sum_of_calls(callback(["i32"], "i32", (i) => i * i), 100));
        const seen = [];
        print(s.each(callback(["i32", "f64"], "void", (i, half) => { seen.push(i + ":" + half); }), 4), seen.join(" "));
        const p = ffi.UnsafePointer.create(0x1000n);
        print(ffi.UnsafePointer.value(s.apply_pointer(callback(["pointer"], "pointer", (q) => ffi.UnsafePointer.offset(q, 16)), p)));
        """,
      "328350\nundefined 0:0 1:0.5 2:1 3:1.5\n4112\n")
  }

  @Test func callbacksCallBackIntoC() {
    expectFFIOutput(
      declarations + """
        // countdown(f, n) calls f(n), which calls countdown(f, n - 1) again: nested ffi calls.
        const step = callback(["i32"], "i32", (n) => n + s.countdown(step, n - 1));
        print(s.countdown(step, 10));
        """,
      "55\n")
  }

  @Test func anExceptionIsRethrownAfterTheCall() {
    expectFFIOutput(
      declarations + """
        let calls = 0;
        const failing = callback(["i32"], "i32", (i) => { calls++; if (i === 3) throw new RangeError("at " + i); return 1; });
        try { s.sum_of_calls(failing, 10); } catch (e) { print(e.name + ": " + e.message, calls); }
        print(s.sum_of_calls(callback(["i32"], "i32", (i) => 1), 5));
        const step = callback(["i32"], "i32", (n) => { if (n === 2) throw new Error("deep"); return s.countdown(step, n - 1); });
        try { s.countdown(step, 5); } catch (e) { print(e.message); }
        """,
      "RangeError: at 3 4\n5\ndeep\n")
  }

  @Test func lifetimeAndSignatureErrors() {
    expectFFIOutput(
      declarations + """
        const f = callback(["i32", "i32"], "i32", (a, b) => a + b);
        print(Object.prototype.toString.call(f), typeof f.pointer, f.callback(1, 2), ffi.UnsafePointer.equals(ffi.UnsafePointer.of(f), f.pointer));
        print(s.apply_int(f.pointer, 1, 2));
        f.close();
        f.close();
        for (const attempt of [
          () => s.apply_int(f, 1, 2),
          () => callback([{ struct: ["i32"] }], "void", () => {}),
          () => callback(["i32"], "i32", 42),
          () => ffi.UnsafeCallback({ parameters: [], result: "void" }, () => {}),
        ]) {
          try { attempt(); } catch (e) { print(e.name + ": " + e.message); }
        }
        """,
      """
      [object UnsafeCallback] object 3 true
      3
      TypeError: apply_int: argument 1: the UnsafeCallback was closed
      TypeError: new UnsafeCallback: structs by value are not supported in callback signatures
      TypeError: new UnsafeCallback: the callback must be a function, got 42
      TypeError: UnsafeCallback must be called with new

      """)
  }
}

@Suite struct FFIThreadTests {
  /// C calling a callback on another thread: the child process prints why and aborts rather
  /// than run JavaScript off the runtime's thread.
  @Test func aCallbackCalledOnAnotherThreadAborts() async {
    let result = await #expect(processExitsWith: .signal(SIGABRT), observing: [\.standardErrorContent]) {
      _ = runFFIScript(
        """
        const s = ffi.dlopen(LIB, { call_on_another_thread: { parameters: ["function"], result: "i32" } }).symbols;
        const f = new ffi.UnsafeCallback({ parameters: ["i32"], result: "i32" }, (x) => x * 2);
        print(s.call_on_another_thread(f));
        """)
      exit(0)
    }
    let childOutput = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(childOutput.contains("called on a thread other than its runtime's"))
  }
}

@Suite struct FFIErrorTests {
  @Test func badCallsAndSignatures() {
    expectFFIOutput(
      """
      const s = ffi.dlopen(LIB, { add_i32: { parameters: ["i32", "i32"], result: "i32" } }).symbols;
      for (const attempt of [
        () => s.add_i32(1),
        () => s.add_i32(1, 2, 3),
        () => s.add_i32(1, "2"),
        () => s.add_i32(1n, 2),
        () => ffi.dlopen(LIB, { add_i32: { parameters: ["int32"], result: "i32" } }),
        () => ffi.dlopen(LIB, { add_i32: { parameters: ["i32", "void"], result: "i32" } }),
        () => ffi.dlopen(LIB, { add_i32: { parameters: "i32", result: "i32" } }),
        () => ffi.dlopen(LIB, { add_i32: { parameters: [{ struct: [] }], result: "i32" } }),
        () => ffi.dlopen(LIB, { nowhere: { parameters: [], result: "void" } }),
        () => ffi.dlopen("/nonexistent/libnothing.so", {}),
        () => ffi.dlopen(42, {}),
        () => new ffi.UnsafePointerView(null),
        () => new ffi.UnsafePointerView({}),
        () => { const cyclic = { struct: ["i32"] }; cyclic.struct.push(cyclic); ffi.dlopen(LIB, { add_i32: { parameters: [cyclic], result: "i32" } }); },
        () => ffi.dlopen(LIB, { add_i32: { parameters: [{ struct: Array(300).fill("u8") }], result: "i32" } }),
        () => ffi.dlopen(LIB, { add_i32: { parameters: Array(65).fill("i32"), result: "i32" } }),
        () => new ffi.UnsafeCallback({ parameters: Array(100).fill("f64"), result: "void" }, () => {}),
        () => new ffi.UnsafePointerView(ffi.UnsafePointer.create(8)).getInt8(-8),
        () => new ffi.UnsafePointerView(ffi.UnsafePointer.create(8)).getInt8(0.5),
      ]) {
        try { attempt(); print("no error"); } catch (e) { print(e.name + ": " + (e.name === "Error" ? e.message.replace(/': .*$/, "': …") : e.message)); }
      }
      """,
      """
      TypeError: add_i32 expects 2 arguments, got 1
      TypeError: add_i32 expects 2 arguments, got 3
      TypeError: add_i32: argument 2 must be a number, got "2"
      TypeError: add_i32: argument 1 must be a number, got 1n
      TypeError: ffi.dlopen: symbol 'add_i32', parameter 0: unknown type 'int32'
      TypeError: ffi.dlopen: symbol 'add_i32', parameter 1: 'void' is only a result type
      TypeError: ffi.dlopen: symbol 'add_i32': 'parameters' must be an array of types
      TypeError: ffi.dlopen: symbol 'add_i32', parameter 0: a struct needs at least one field
      Error: ffi.dlopen: symbol 'nowhere' not found in '\(FFITestLibrary.path)': …
      Error: ffi.dlopen: cannot open '/nonexistent/libnothing.so': …
      TypeError: ffi.dlopen: the path must be a string, got 42
      TypeError: new UnsafePointerView: the pointer is null
      TypeError: new UnsafePointerView: argument 1 must be a pointer object or null, got object
      TypeError: ffi.dlopen: symbol 'add_i32', parameter 0, struct field 1, struct field 1, struct field 1, struct field 1, struct field 1, struct field 1, struct field 1, struct field 1, struct field 1, struct field 1, struct field 1, struct field 1, struct field 1, struct field 1, struct field 1, struct field 1: structs nest at most 16 deep
      TypeError: ffi.dlopen: symbol 'add_i32', parameter 0: a struct has at most 256 fields
      TypeError: ffi.dlopen: symbol 'add_i32': at most 64 parameters
      TypeError: new UnsafeCallback: at most 64 parameters
      TypeError: UnsafePointerView.prototype.getInt8: the address plus the offset is null
      TypeError: UnsafePointerView.prototype.getInt8: an offset must be an integer, got 0.5

      """)
  }

  @Test func aClosedLibraryRefusesItsSymbols() {
    expectFFIOutput(
      """
      const lib = ffi.dlopen("libc.so.6", { abs: { parameters: ["i32"], result: "i32" } });
      print(lib.symbols.abs(-1));
      lib.close();
      lib.symbols.abs(-1);
      """,
      "1\nUncaught Error: abs: the library 'libc.so.6' was closed\n")
  }

  @Test func closingFromACallbackWaitsForTheCallToReturn() {
    expectFFIOutput(
      """
      const lib = ffi.dlopen(LIB, { apply_int: { parameters: ["function", "i32", "i32"], result: "i32" } });
      const closing = new ffi.UnsafeCallback({ parameters: ["i32", "i32"], result: "i32" }, (a, b) => {
        lib.close();
        return a + b;
      });
      print(lib.symbols.apply_int(closing, 2, 3));
      try { lib.symbols.apply_int(closing, 2, 3); } catch (e) { print(e.message.startsWith("apply_int: the library")); }
      """,
      "5\ntrue\n")
  }

  @Test func optionalSymbolsAndRenames() {
    expectFFIOutput(
      """
      const s = ffi.dlopen("libc.so.6", {
        missing: { parameters: [], result: "void", optional: true },
        absolute: { name: "abs", parameters: ["i32"], result: "i32" },
      }).symbols;
      print(s.missing, s.absolute(-9), s.absolute.name, s.absolute.length);
      """,
      "null 9 absolute 1\n")
  }
}

@Suite struct FFIPermissionTests {
  @Test func withoutPermissionEveryEntryPointThrows() {
    let output = runFFIScript(
      """
      const attempts = {
        dlopen: () => ffi.dlopen("libc.so.6", {}),
        UnsafeCallback: () => new ffi.UnsafeCallback({ parameters: [], result: "void" }, () => {}),
        UnsafePointerView: () => new ffi.UnsafePointerView(null),
        getCString: () => ffi.UnsafePointerView.getCString(null),
        of: () => ffi.UnsafePointer.of(new Uint8Array(1)),
        create: () => ffi.UnsafePointer.create(1n),
        equals: () => ffi.UnsafePointer.equals(null, null),
        offset: () => ffi.UnsafePointer.offset(null, 1),
        value: () => ffi.UnsafePointer.value(null),
        UnsafeFnPointer: () => new ffi.UnsafeFnPointer(null, { parameters: [], result: "void" }),
      };
      for (const [name, attempt] of Object.entries(attempts)) {
        try { attempt(); print(name, "ran"); } catch (e) { print(name, e.name, e.message); }
      }
      """, allowed: false)
    let lines = output.split(separator: "\n")
    #expect(lines.count == 10)
    for line in lines {
      #expect(line.hasSuffix(" Error ffi requires the --allow-ffi permission (xjs run --allow-ffi)"), "\(line)")
    }
  }

  @Test func aRuntimeHasNoFFIUnlessItsHostInstallsIt() {
    let runtime = Runtime()
    var output = ""
    runtime.outputHandler = { text, _ in output += text }
    _ = runtime.runScript(Array("print(typeof ffi)".utf16), name: "plain.js")
    #expect(output == "undefined\n")
  }
}

/// The lines of /proc/self/maps.
private func memoryMappings() -> [Substring] {
  guard let file = fopen("/proc/self/maps", "r") else { return [] }
  defer { fclose(file) }
  var text = ""
  var line = [CChar](repeating: 0, count: 4096)
  while fgets(&line, Int32(line.count), file) != nil { text += String(cString: line) }
  return text.split(separator: "\n")
}

private func permissions(_ mapping: Substring) -> Substring { mapping.split(separator: " ")[1] }

/// Not backed by a file (inode 0): memory a program maps for itself, as a JIT's code.
private func isAnonymous(_ mapping: Substring) -> Bool { mapping.split(separator: " ")[4] == "0" }

/// Callbacks in a child process under MDWE (no page may become executable), interpreted and
/// with the JIT asked for (which then falls back to the interpreter): they work, and no
/// anonymous executable mapping appears (the test library's own text does). Nil when all held.
private func checkCallbacksUnderMDWE() -> String? {
  guard xjs_enable_memory_deny_write_execute() == 0 else { return "PR_SET_MDWE failed" }
  let executableBefore = Set(memoryMappings().filter { permissions($0).contains("x") && isAnonymous($0) })
  let script = """
    const s = ffi.dlopen(LIB, { sum_of_calls: { parameters: ["function", "i32"], result: "i32" } }).symbols;
    const callbacks = Array.from({ length: 20 }, (_, k) => new ffi.UnsafeCallback({ parameters: ["i32"], result: "i32" }, (i) => i + k));
    print(callbacks.reduce((total, f) => total + s.sum_of_calls(f, 3), 0));
    for (const f of callbacks) f.close();
    """
  for mode in [JITMode.off, .eager] {
    let output = runFFIScript(script, jit: mode)
    guard output == "630\n" else { return "mode \(mode): \(output)" }
  }
  let added = memoryMappings().filter {
    permissions($0).contains("x") && isAnonymous($0) && !executableBefore.contains($0)
  }
  return added.isEmpty ? nil : "new executable mappings: \(added)"
}

@Suite struct FFIMemoryProtectionTests {
  @Test func callbacksWorkUnderMDWEAndMapNoExecutableMemory() async {
    let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
      if let failure = checkCallbacksUnderMDWE() {
        fputs("FFI MDWE child check failed: \(failure)\n", stderr)
        exit(1)
      }
      exit(0)
    }
    let childOutput = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    for line in childOutput.split(separator: "\n") where line.contains("FFI MDWE child check") {
      Issue.record("\(line)")
    }
  }

  @Test func noMappingIsWritableAndExecutable() {
    #expect(
      runFFIScript(
        """
        const s = ffi.dlopen(LIB, { apply_int: { parameters: ["function", "i32", "i32"], result: "i32" } }).symbols;
        const f = new ffi.UnsafeCallback({ parameters: ["i32", "i32"], result: "i32" }, (a, b) => a - b);
        print(s.apply_int(f, 5, 3));
        f.close();
        """, jit: .eager) == "2\n")
    let writableAndExecutable = memoryMappings().filter { permissions($0).hasPrefix("rwx") }
    #expect(writableAndExecutable.isEmpty, "\(writableAndExecutable)")
  }

  @Test func theTrampolinesAreTextOfTheExecutable() {
    let address = UInt(bitPattern: xjs_ffi_trampoline_address(0))
    let mapping = memoryMappings().first { line in
      let bounds = line.split(separator: " ")[0].split(separator: "-").compactMap { UInt($0, radix: 16) }
      return bounds.count == 2 && bounds[0] <= address && address < bounds[1]
    }
    #expect(mapping.map(permissions) == "r-xp")
    #expect(xjs_ffi_trampoline_count() == 256)
    #expect(xjs_ffi_trampoline_address(256) == nil)
  }
}
