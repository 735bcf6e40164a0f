// ffi: an exception thrown by a callback never unwinds through C: qsort finishes, then the
// ffi call rethrows it; once closed, a callback is refused as an argument (a TypeError).
// xjs-flags: --allow-ffi
const libc = ffi.dlopen("libc.so.6", {
  qsort: { parameters: ["buffer", "usize", "usize", "function"], result: "void" },
});
let calls = 0;
const failing = new ffi.UnsafeCallback({ parameters: ["pointer", "pointer"], result: "i32" }, () => {
  calls++;
  throw new RangeError("comparator failed");
});
try {
  libc.symbols.qsort(new Int32Array([3, 1, 2, 5, 4]), 5, 4, failing);
} catch (e) {
  print("caught", e.name, e.message, calls);
}
failing.close();
try {
  libc.symbols.qsort(new Int32Array(2), 2, 4, failing);
} catch (e) {
  print(e.name, e.message);
}
const uncaught = new ffi.UnsafeCallback({ parameters: ["pointer", "pointer"], result: "i32" }, () => {
  throw new TypeError("not caught anywhere");
});
libc.symbols.qsort(new Int32Array([2, 1]), 2, 4, uncaught);
print("not reached");
