// ffi: qsort and bsearch from libc calling a JavaScript comparator through UnsafeCallback;
// expectations by hand (sorted order; bsearch finds what is there and only that).
// xjs-flags: --allow-ffi
const libc = ffi.dlopen("libc.so.6", {
  qsort: { parameters: ["buffer", "usize", "usize", "function"], result: "void" },
  bsearch: { parameters: ["buffer", "buffer", "usize", "usize", "function"], result: "pointer" },
});
const int32At = (pointer) => new ffi.UnsafePointerView(pointer).getInt32();
let calls = 0;
const ascending = new ffi.UnsafeCallback({ parameters: ["pointer", "pointer"], result: "i32" }, (a, b) => {
  calls++;
  return int32At(a) - int32At(b);
});
const descending = new ffi.UnsafeCallback(
  { parameters: ["pointer", "pointer"], result: "i32" },
  (a, b) => int32At(b) - int32At(a),
);
const values = new Int32Array([42, -7, 19, 0, 1000, 3, 3, -250, 8]);
libc.symbols.qsort(values, values.length, 4, ascending);
print(values.join(" "), calls >= values.length - 1);
const key = new Int32Array([19]);
const found = libc.symbols.bsearch(key, values, values.length, 4, ascending);
print(int32At(found), ffi.UnsafePointer.value(found) - ffi.UnsafePointer.value(ffi.UnsafePointer.of(values)));
print(libc.symbols.bsearch(new Int32Array([20]), values, values.length, 4, ascending));
libc.symbols.qsort(values, values.length, 4, descending.pointer);
print(values.join(" "));
ascending.close();
descending.close();
