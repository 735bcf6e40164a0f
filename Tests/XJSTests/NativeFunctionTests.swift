// Native functions by declared signature through `import XJS`: C functions of libc and libm and
// Swift @convention(c) closures bound with Context.nativeFunction, and the `ffi` object a host
// installs with Context.installFFI.

import Testing
import XJS

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The address of `symbol` in the shared library `path`.
private func address(of symbol: String, in path: String) -> UnsafeRawPointer {
  let handle = dlopen(path, RTLD_NOW)!
  return UnsafeRawPointer(dlsym(handle, symbol)!)
}

/// A C-callable Swift function: no library needed to bind a signature.
private let scaleAndAdd: @convention(c) (Int32, Double, Int64) -> Double = { count, factor, offset in
  Double(count) * factor + Double(offset)
}

@Suite struct NativeFunctionTests {
  /// Held by the suite: a context does not keep its virtual machine alive.
  private let vm = VirtualMachine()

  @Test func bindsLibcAndLibmFunctions() throws {
    let context = Context(vm)
    try context.setGlobal(
      "strlen",
      context.nativeFunction(
        address: address(of: "strlen", in: "libc.so.6"), name: "strlen", parameters: [.buffer], result: .usize))
    try context.setGlobal(
      "cos",
      context.nativeFunction(
        address: address(of: "cos", in: "libm.so.6"), name: "cos", parameters: [.f64], result: .f64))
    #expect(try context.evaluate("strlen(new Uint8Array([65, 66, 67, 0, 68]))").numberValue == 3)
    #expect(try context.evaluate("cos(0) + cos(Math.PI)").numberValue == 0)
    #expect(try context.evaluate("strlen.name + strlen.length").stringValue == "strlen1")
  }

  @Test func bindsASwiftCFunction() throws {
    let context = Context(vm)
    let pointer = unsafeBitCast(scaleAndAdd, to: UnsafeRawPointer.self)
    let function = try context.nativeFunction(address: pointer, parameters: [.i32, .f64, .i64], result: .f64)
    #expect(try function.call([4, 2.5, 100]).numberValue == 110)
    try context.setGlobal("scaleAndAdd", function)
    #expect(try context.evaluate("scaleAndAdd(3, 0.5, 2n ** 40n)").numberValue == 1_099_511_627_777.5)
  }

  @Test func structsByValue() throws {
    let context = Context(vm)
    let div = try context.nativeFunction(
      address: address(of: "div", in: "libc.so.6"), name: "div", parameters: [.i32, .i32],
      result: .structure([.i32, .i32]))
    try context.setGlobal("div", div)
    #expect(try context.evaluate("Array.from(new Int32Array(div(23, 4).buffer)).join()").stringValue == "5,3")
  }

  @Test func badArgumentsAreTypeErrorsInTheScript() throws {
    let context = Context(vm)
    let pointer = unsafeBitCast(scaleAndAdd, to: UnsafeRawPointer.self)
    let function = try context.nativeFunction(
      address: pointer, name: "scaleAndAdd", parameters: [.i32, .f64, .i64], result: .f64)
    do {
      _ = try function.call([1])
      Issue.record("a call with one argument of three succeeded")
    } catch {
      #expect(error.name == "TypeError")
      #expect(error.message == "scaleAndAdd expects 3 arguments, got 1")
    }
    do {
      _ = try function.call([1, "two", 3])
      Issue.record("a string for an f64 was accepted")
    } catch {
      #expect(error.message == "scaleAndAdd: argument 2 must be a number, got \"two\"")
    }
  }

  @Test func aVoidParameterIsRefused() {
    let context = Context(vm)
    let pointer = unsafeBitCast(scaleAndAdd, to: UnsafeRawPointer.self)
    #expect(throws: JSError.self) {
      try context.nativeFunction(address: pointer, name: "bad", parameters: [.void], result: .f64)
    }
  }

  @Test func installFFIGivesScriptsDlopen() throws {
    let context = Context(vm)
    #expect(try context.evaluate("typeof ffi").stringValue == "undefined")
    context.installFFI()
    let result = try context.evaluate(
      """
      const libc = ffi.dlopen("libc.so.6", {
        qsort: { parameters: ["buffer", "usize", "usize", "function"], result: "void" },
      });
      const values = new Int32Array([3, 1, 2]);
      const compare = new ffi.UnsafeCallback({ parameters: ["pointer", "pointer"], result: "i32" },
        (a, b) => new ffi.UnsafePointerView(a).getInt32() - new ffi.UnsafePointerView(b).getInt32());
      libc.symbols.qsort(values, 3, 4, compare);
      compare.close();
      values.join(" ")
      """)
    #expect(result.stringValue == "1 2 3")
  }

  @Test func aRefusingFFIThrowsItsMessage() throws {
    let context = Context(vm)
    context.installFFI(allowed: false, refusal: "no native code here")
    do {
      try context.evaluate("ffi.dlopen('libc.so.6', {})")
      Issue.record("dlopen was not refused")
    } catch {
      #expect(error.name == "Error")
      #expect(error.message == "no native code here")
    }
  }
}
