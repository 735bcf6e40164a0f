// xjs-flags: --max-heap=64m --timeout-ms=20000
// Allocation bombs that reach a 64 MB heap limit in few, large allocations: strings, arrays, buffers, BigInts and JSON that double, huge lengths and repeats, a 1 TB ArrayBuffer, a resizable buffer grown past the limit: each ends in a catchable RangeError, and the heap is usable again once the garbage is dropped. (small-object-bombs.js has the bombs made of many small allocations.)
// (node has no equivalent of --max-heap; its own limits give RangeError for the sizes past 2^30 and an out-of-memory crash for the rest.)
function bomb(name, f) {
  var state = { value: null }, outcome;
  try { f(state); outcome = "finished?!"; }
  catch (e) { outcome = e instanceof RangeError ? "RangeError" : "unexpected " + e; }
  // The garbage goes before printing: until then the heap is full and printing may not allocate.
  state.value = null;
  print(name, outcome);
}
bomb("string doubling", function (s) { s.value = "x"; for (;;) s.value += s.value; });
bomb("string repeat", function () { "abc".repeat(2 ** 27); });
bomb("padEnd", function () { "".padEnd(2 ** 28, "ab"); });
bomb("array push", function (s) { s.value = []; for (var i = 0; ; i++) s.value.push(i, i, i, i); });
bomb("dense array by length", function () { var a = new Array(2 ** 26); a.fill(1.5); });
bomb("Array.from a huge length", function () { Array.from({ length: 2 ** 30 }); });
bomb("ArrayBuffer of 1 TB", function () { new ArrayBuffer(2 ** 40); });
bomb("ArrayBuffer of 128 MB", function () { new ArrayBuffer(2 ** 27); });
bomb("many 1 MB buffers", function (s) { s.value = []; for (;;) s.value.push(new Uint8Array(2 ** 20)); });
bomb("resizable buffer grown past the limit", function () { var b = new ArrayBuffer(0, { maxByteLength: 2 ** 30 }); b.resize(2 ** 30); });
bomb("BigInt shift", function () { return 1n << (2n ** 40n); });
bomb("BigInt squaring", function (s) { s.value = 3n; for (;;) s.value *= s.value; });
bomb("JSON.stringify of a growing structure", function (s) { s.value = [1]; for (;;) s.value = [s.value, s.value, JSON.stringify(s.value)]; });
bomb("split into a huge array", function () { "x".repeat(2 ** 25).split(""); });
bomb("array join of a huge array", function () { new Array(2 ** 25).join("abcd"); });
bomb("spread of a huge array", function () { Math.max(...new Array(2 ** 26)); });
bomb("concat doubling", function (s) { s.value = [1]; for (;;) s.value = s.value.concat(s.value); });
var after = []; for (var i = 0; i < 100000; i++) after.push(i);
print("after the bombs, an array of 100,000:", after.length);
