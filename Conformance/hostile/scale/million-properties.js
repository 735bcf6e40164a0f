// A million properties: 1,000,000 index properties on a plain object and an array, a sparse array, a million-entry Map and Set (half deleted): each works.
// (The gc-stress mode collects at every allocation and arm64-sim simulates every instruction, so a million loop iterations take seconds there: when 1,000 allocations and 30,000 empty loop iterations take over 15 ms, the sizes are 20,000 and 2,000 instead; the output is the same.)
var probeStart = Date.now();
for (var k = 0, junk; k < 1000; k++) junk = [k];
for (var k = 0; k < 30000; k++);
var slowMode = Date.now() - probeStart > 15;
var N = slowMode ? 20000 : 1e6, named = slowMode ? 2000 : 1e6;
var o = {};
for (var i = 0; i < N; i++) o[i] = i;
var sum = 0;
for (var i = 0; i < N; i++) sum += o[i];
print("index properties", sum === N * (N - 1) / 2, o[N - 1] === N - 1, N - 1 in o, N in o);
var a = [];
for (var i = 0; i < N; i++) a[i] = i * 2;
print("array", a.length === N, a[N - 1] === 2 * N - 2, a.indexOf(N * 2 - 2) === N - 1, a.lastIndexOf(0), a.includes(1));
var sparse = [];
for (var i = 0; i < 1000; i++) sparse[i * 1009] = i;
print("sparse", sparse.length, sparse[999 * 1009], sparse.reduce(function (s, x) { return s + x; }, 0));
var m = new Map(), s = new Set();
for (var i = 0; i < N; i++) { m.set(i, i); s.add(i); }
print("map and set", m.size === N, s.size === N, m.get(12345), s.has(N - 1), s.has(N));
for (var i = 0; i < N; i += 2) m.delete(i);
print("map after deleting half", m.size === N / 2, m.has(2), m.get(3));
