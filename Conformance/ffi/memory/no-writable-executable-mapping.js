// ffi: reads the process's own /proc/self/maps through libc after making callbacks and
// calling them: no mapping is ever writable and executable at once (xjs is W^X in every mode;
// callbacks use trampolines in the executable's text, not memory mapped at run time).
// xjs-flags: --allow-ffi
const libc = ffi.dlopen("libc.so.6", {
  open: { parameters: ["buffer", "i32"], result: "i32" },
  read: { parameters: ["i32", "buffer", "usize"], result: "isize" },
  close: { parameters: ["i32"], result: "i32" },
  qsort: { parameters: ["buffer", "usize", "usize", "function"], result: "void" },
});
const compare = new ffi.UnsafeCallback(
  { parameters: ["pointer", "pointer"], result: "i32" },
  (a, b) => new ffi.UnsafePointerView(a).getUint8() - new ffi.UnsafePointerView(b).getUint8(),
);
const sorted = new Uint8Array([9, 4, 7, 1]);
for (let round = 0; round < 200; round++) libc.symbols.qsort(sorted, sorted.length, 1, compare);
function readMaps() {
  const path = new Uint8Array([..."/proc/self/maps"].map((c) => c.charCodeAt(0)).concat(0));
  const fd = libc.symbols.open(path, 0);
  const chunk = new Uint8Array(65536);
  let text = "";
  for (let count; (count = libc.symbols.read(fd, chunk, chunk.length)) > 0; ) {
    text += String.fromCharCode(...chunk.subarray(0, count));
  }
  libc.symbols.close(fd);
  return text.split("\n").filter((line) => line.length > 0);
}
const maps = readMaps();
print(sorted.join(" "), maps.length > 5);
print("writable and executable:", maps.filter((line) => line.split(" ")[1].startsWith("rwx")).length);
compare.close();
