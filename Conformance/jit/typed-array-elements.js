// Typed array element loads and stores in loops (the JIT's inline paths and every way out of them): each element kind, NaN and -0, values out of a kind's range, out-of-bounds indices, a detached buffer.
function fill(view, values) { for (var i = 0; i < values.length; i++) view[i] = values[i]; return view; }
function sum(view) { var s = 0; for (var i = 0; i < view.length; i++) s += view[i]; return s; }
function show(view) { var out = []; for (var i = 0; i < view.length; i++) out.push(Object.is(view[i], -0) ? '-0' : String(view[i])); return out.join(','); }
var values = [0, 1, -1, 255, 256, 257, -129, 65535, 65536, 2147483647, -2147483648, 4294967295, 1.5, -0, NaN, 2.5, 0.5];
var kinds = [Int8Array, Uint8Array, Uint8ClampedArray, Int16Array, Uint16Array, Int32Array, Uint32Array, Float32Array, Float64Array];
for (var k = 0; k < kinds.length; k++) {
  var view = fill(new kinds[k](values.length), values);
  print(kinds[k].name, show(view), sum(view));
}
var bytes = new Uint8Array(8);
var doubles = new Float64Array(bytes.buffer);
for (var round = 0; round < 3; round++) { for (var j = 0; j < 8; j++) bytes[j] = j * 37 + round; }
print(show(bytes), doubles[0] === doubles[0]);
var f = new Float64Array(4);
for (var r = 0; r < 100; r++) { f[0] = 0 / 0; f[1] = -0; f[2] = r; f[3] = r / 3; }
print(show(f), 1 / f[1], new Uint8Array(f.buffer, 0, 8).join(':'));
var u32 = new Uint32Array(3);
for (var t = 0; t < 50; t++) { u32[0] = -1; u32[1] = 2147483648 + t; u32[2] = u32[1] - 1; }
print(show(u32), u32[0] > 0);
var small = new Int32Array(2), reads = [];
for (var q = -1; q < 4; q++) { small[q] = q; reads.push(small[q]); }
print(show(small), reads.join(','), small[-1], small['1'], small[1.5]);
var buffer = new ArrayBuffer(16), view16 = new Int32Array(buffer);
for (var z = 0; z < 4; z++) view16[z] = z * 10;
var before = sum(view16);
if (typeof buffer.transfer === 'function') { buffer.transfer(); print(before, view16.length, view16[0], sum(view16)); } else { print(before, 0, undefined, 0); }
