// A small C library the ffi tests compile (cc -shared -fPIC) into a temporary directory:
// structs by value, many arguments (some on the stack), pointer out-parameters, and callbacks
// with several integer and double arguments, called several times.

import Glibc

enum FFITestLibrary {
  static let source = #"""
    #include <stdbool.h>
    #include <stdint.h>
    #include <stddef.h>
    #include <string.h>
    #include <pthread.h>

    int32_t add_i32(int32_t a, int32_t b) { return a + b; }
    int8_t negate_i8(int8_t a) { return (int8_t)-a; }
    uint8_t add_u8(uint8_t a, uint8_t b) { return (uint8_t)(a + b); }
    int16_t add_i16(int16_t a, int16_t b) { return (int16_t)(a + b); }
    uint16_t add_u16(uint16_t a, uint16_t b) { return (uint16_t)(a + b); }
    uint32_t add_u32(uint32_t a, uint32_t b) { return a + b; }
    int64_t add_i64(int64_t a, int64_t b) { return a + b; }
    uint64_t add_u64(uint64_t a, uint64_t b) { return a + b; }
    float mul_f32(float a, float b) { return a * b; }
    bool is_even(int32_t a) { return a % 2 == 0; }
    const char *greeting(void) { return "hello from C"; }
    void *same_pointer(void *p) { return p; }

    // Ten doubles and eight integers: two of each beyond the argument registers.
    double weighted_sum(double d1, double d2, double d3, double d4, double d5, double d6, double d7,
                        double d8, double d9, double d10, int64_t i1, int64_t i2, int64_t i3,
                        int64_t i4, int64_t i5, int64_t i6, int64_t i7, int64_t i8) {
      return d1 + 2 * d2 + 3 * d3 + 4 * d4 + 5 * d5 + 6 * d6 + 7 * d7 + 8 * d8 + 9 * d9 + 10 * d10 +
             1000 * (i1 + 2 * i2 + 3 * i3 + 4 * i4 + 5 * i5 + 6 * i6 + 7 * i7 + 8 * i8);
    }

    // Structs by value: one in registers (an integer and a double), one in memory (24 bytes).
    typedef struct { int32_t x; double y; } Pair;
    typedef struct { double a, b, c; } Triple;
    Pair make_pair(int32_t x, double y) { Pair p = {x, y}; return p; }
    double pair_sum(Pair p) { return p.x + p.y; }
    Triple triple_scale(Triple t, double k) { Triple r = {t.a * k, t.b * k, t.c * k}; return r; }
    typedef struct { uint8_t tag; struct { int16_t lo; int16_t hi; } range; } Tagged;
    int32_t tagged_width(Tagged t) { return t.tag * (t.range.hi - t.range.lo); }

    // Out-parameters.
    void divide(int32_t a, int32_t b, int32_t *quotient, int32_t *remainder) {
      *quotient = a / b;
      *remainder = a % b;
    }
    void fill(uint8_t *bytes, size_t count, uint8_t value) { memset(bytes, value, count); }

    // Callbacks.
    int32_t apply_int(int32_t (*f)(int32_t, int32_t), int32_t a, int32_t b) { return f(a, b); }
    double apply_mixed(double (*f)(double, int32_t, double, int64_t), double a, int32_t b, double c, int64_t d) {
      return f(a, b, c, d);
    }
    int32_t sum_of_calls(int32_t (*f)(int32_t), int32_t n) {
      int32_t total = 0;
      for (int32_t i = 0; i < n; i++) total += f(i);
      return total;
    }
    void each(void (*f)(int32_t, double), int32_t n) {
      for (int32_t i = 0; i < n; i++) f(i, i * 0.5);
    }
    float apply_f32(float (*f)(float), float x) { return f(x); }
    uint64_t apply_u64(uint64_t (*f)(uint64_t), uint64_t x) { return f(x); }
    bool apply_bool(bool (*f)(bool, int8_t, uint16_t), bool b, int8_t c, uint16_t s) { return f(b, c, s); }
    // Eight integers and nine doubles: two integers and one double arrive on the stack.
    double apply_many(double (*f)(int32_t, int32_t, int32_t, int32_t, int32_t, int32_t, int32_t, int32_t,
                                  double, double, double, double, double, double, double, double, double)) {
      return f(1, 2, 3, 4, 5, 6, 7, 8, 0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5, 8.5);
    }
    void *apply_pointer(void *(*f)(void *), void *p) { return f(p); }
    // A callback that calls back into C through the same function (recursion through JS).
    int32_t countdown(int32_t (*f)(int32_t), int32_t n) { return n <= 0 ? 0 : f(n); }

    // A function pointer for UnsafeFnPointer.
    typedef int32_t (*binary_i32)(int32_t, int32_t);
    binary_i32 adder(void) { return add_i32; }

    // Calls f(7) on a new thread (which a callback must refuse).
    typedef struct { int32_t (*f)(int32_t); int32_t result; } ThreadCall;
    static void *run_thread_call(void *argument) {
      ThreadCall *call = argument;
      call->result = call->f(7);
      return 0;
    }
    int32_t call_on_another_thread(int32_t (*f)(int32_t)) {
      ThreadCall call = {f, 0};
      pthread_t thread;
      pthread_create(&thread, 0, run_thread_call, &call);
      pthread_join(thread, 0);
      return call.result;
    }
    """#

  /// The compiled library's path (built once per test process).
  static let path: String = build()

  private static func build() -> String {
    var template = Array("/tmp/xjs-ffi-tests-XXXXXX".utf8CString)
    let directory = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
    let sourcePath = directory + "/ffitest.c"
    let libraryPath = directory + "/libffitest.so"
    let file = fopen(sourcePath, "w")!
    fputs(source, file)
    fclose(file)
    // cc where the system has one, else the clang every Swift toolchain ships.
    let compiler = "$(command -v cc || command -v clang)"
    let status = system("\(compiler) -shared -fPIC -O1 -pthread -o '\(libraryPath)' '\(sourcePath)'")
    precondition(status == 0, "the C compiler failed (\(status)) building the ffi test library")
    return libraryPath
  }
}
