// ffi: what a script gets wrong is an exception, never a crash: a wrong argument count or type
// is a TypeError (naming the symbol, the counts, the argument and the type wanted), a bad
// signature is a TypeError, a missing library or symbol an Error naming it, a closed
// library's symbol an Error; hostile declarations (cyclic structs, too many parameters) are
// TypeErrors too. Messages are xjs's own (hand-written expectations).
// xjs-flags: --allow-ffi
const libc = ffi.dlopen("libc.so.6", {
  abs: { parameters: ["i32"], result: "i32" },
  strlen: { parameters: ["buffer"], result: "usize" },
  free: { parameters: ["pointer"], result: "void" },
  qsort: { parameters: ["buffer", "usize", "usize", "function"], result: "void" },
});
const attempts = [
  () => libc.symbols.abs(),
  () => libc.symbols.abs(1, 2),
  () => libc.symbols.abs("1"),
  () => libc.symbols.abs(undefined),
  () => libc.symbols.strlen("text"),
  () => libc.symbols.free({}),
  () => libc.symbols.qsort(new Uint8Array(1), 1, 1, () => 0),
  () => ffi.dlopen("libc.so.6", { abs: { parameters: ["int"], result: "i32" } }),
  () => ffi.dlopen("libc.so.6", { abs: { parameters: ["i32"], result: "long" } }),
  () => ffi.dlopen("libc.so.6", { abs: { parameters: ["void"], result: "i32" } }),
  () => ffi.dlopen("libc.so.6", { abs: {} }),
  () => ffi.dlopen("libc.so.6", { abs: { parameters: Array(65).fill("i32"), result: "i32" } }),
  () => {
    const cyclic = { struct: [] };
    cyclic.struct.push(cyclic);
    ffi.dlopen("libc.so.6", { abs: { parameters: [cyclic], result: "i32" } });
  },
  () => ffi.dlopen("libc.so.6", { no_such_function_here: { parameters: [], result: "void" } }),
  () => ffi.dlopen("/no/such/library.so", {}),
  () => new ffi.UnsafeCallback({ parameters: ["i32"], result: "i32" }),
  () => new ffi.UnsafePointerView(null),
  () => ffi.UnsafePointer.value(42),
];
for (const attempt of attempts) {
  try {
    attempt();
    print("no exception");
  } catch (e) {
    // dlerror's own text (after the path) differs between C libraries.
    print(e.constructor.name + ":", e.name === "Error" ? e.message.replace(/': .*$/, "': ...") : e.message);
  }
}
libc.close();
libc.symbols.abs(-1);
