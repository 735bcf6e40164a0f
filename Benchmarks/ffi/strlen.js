// The cost of one call through ffi: libc's strlen on a 5-byte string (a borrowed Uint8Array),
// next to a plain JavaScript function doing the same scan, a builtin doing it
// (TypedArray.prototype.indexOf) and a trivial builtin (Math.abs). Also a C-to-JS callback
// (a C loop calling a JS function through UnsafeCallback is not in libc, so qsort's comparator
// stands in: ns per comparison). Each case runs ROUNDS times; the median is reported.
// Run: xjs run --allow-ffi Benchmarks/ffi/strlen.js   (add --jitless for the interpreter)
"use strict";
const CALLS = 2000000; // per round
const ROUNDS = 7;

const libc = ffi.dlopen("libc.so.6", {
  strlen: { parameters: ["buffer"], result: "usize" },
  qsort: { parameters: ["buffer", "usize", "usize", "function"], result: "void" },
});
const strlen = libc.symbols.strlen;
const text = new Uint8Array([104, 101, 108, 108, 111, 0]);

function jsStrlen(bytes) {
  let length = 0;
  while (bytes[length] !== 0) length++;
  return length;
}

const cases = {
  "ffi strlen": () => {
    let total = 0;
    for (let i = 0; i < CALLS; i++) total += strlen(text);
    return total;
  },
  "JS function (same scan)": () => {
    let total = 0;
    for (let i = 0; i < CALLS; i++) total += jsStrlen(text);
    return total;
  },
  "builtin indexOf(0)": () => {
    let total = 0;
    for (let i = 0; i < CALLS; i++) total += text.indexOf(0);
    return total;
  },
  "builtin Math.abs": () => {
    let total = 0;
    for (let i = 0; i < CALLS; i++) total += Math.abs(-5);
    return total;
  },
};

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1];
}

for (const [name, run] of Object.entries(cases)) {
  const nanoseconds = [];
  for (let round = 0; round < ROUNDS; round++) {
    const start = Date.now();
    const total = run();
    nanoseconds.push(((Date.now() - start) * 1e6) / CALLS);
    if (total !== 5 * CALLS) throw new Error(`${name}: total ${total}, expected ${5 * CALLS}`);
  }
  print(`${name.padEnd(26)} ${median(nanoseconds).toFixed(1).padStart(6)} ns/call`);
}

// Callbacks: qsort of 100000 int32s with a JS comparator; ns per comparison.
const compare = new ffi.UnsafeCallback(
  { parameters: ["pointer", "pointer"], result: "i32" },
  (a, b) => {
    comparisons++;
    return new ffi.UnsafePointerView(a).getInt32() - new ffi.UnsafePointerView(b).getInt32();
  },
);
let comparisons = 0;
const perComparison = [];
for (let round = 0; round < ROUNDS; round++) {
  const values = new Int32Array(100000);
  let seed = 12345 + round;
  for (let i = 0; i < values.length; i++) values[i] = seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  comparisons = 0;
  const start = Date.now();
  libc.symbols.qsort(values, values.length, 4, compare);
  perComparison.push(((Date.now() - start) * 1e6) / comparisons);
  for (let i = 1; i < values.length; i++) if (values[i - 1] > values[i]) throw new Error("qsort: not sorted");
}
compare.close();
print(`${"callback (qsort compare)".padEnd(26)} ${median(perComparison).toFixed(1).padStart(6)} ns/call`);
