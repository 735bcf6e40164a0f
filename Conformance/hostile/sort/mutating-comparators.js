// Comparators that lie, throw, mutate or shrink the array being sorted: sort finishes with a permutation of a snapshot (Array.prototype.sort reads the elements first, SortIndexedProperties), never a crash or a hang; a comparator that throws propagates its exception. (node 20 has no ArrayBuffer.prototype.transfer, so its "detached mid-sort" line is a TypeError from calling undefined; by the spec since ES2021 a detached buffer during sort is not an error: the writes after sorting do nothing.)
// (With an inconsistent comparator the order is implementation-defined, so these lines print facts that hold for any order: the length, the sorted multiset, whether it threw.)
function multiset(a) { return a.slice().sort(function (x, y) { return x - y; }).join(); }
var base = [];
for (var i = 0; i < 500; i++) base.push((i * 7919) % 500);
var expectedSet = multiset(base);
function report(name, a, extra) { print(name, a.length, multiset(a) === expectedSet, extra === undefined ? "" : extra); }

var random = base.slice(); var seed = 1;
random.sort(function () { seed = (seed * 16807) % 2147483647; return (seed % 3) - 1; });
report("random answers", random);

var always = base.slice(); always.sort(function () { return 1; }); report("always 1", always);
var never = base.slice(); never.sort(function () { return -1; }); report("always -1", never);
var nan = base.slice(); nan.sort(function () { return NaN; }); report("NaN", nan);
var huge = base.slice(); huge.sort(function (x, y) { return (x - y) * 1e308 * 10; }); report("infinite answers", huge, huge[0] + "," + huge[499]);
var objects = base.slice(); var calls = 0;
objects.sort(function (x, y) { calls++; return { valueOf: function () { return x - y; } }; });
report("object answers", objects, objects[0] + "," + objects[499]);

var pushing = base.slice();
pushing.sort(function (x, y) { if (pushing.length < 10000) pushing.push(-1); return x - y; });
print("comparator pushes", pushing.length > 500, pushing.slice(0, 500).join() === base.slice().sort(function (x, y) { return x - y; }).join());

var shrinking = base.slice();
shrinking.sort(function (x, y) { shrinking.length = 0; return x - y; });
print("comparator truncates to 0, then sort writes back", shrinking.length);

var holes = base.slice(); var deleted = 0;
holes.sort(function (x, y) { if (deleted < 100) delete holes[deleted++ * 3]; return x - y; });
print("comparator deletes", holes.length, multiset(holes.filter(function () { return true; })) === expectedSet);

var frozenLater = base.slice();
try { frozenLater.sort(function (x, y) { Object.freeze(frozenLater); return x - y; }); print("freeze mid-sort: no error"); }
catch (e) { print("freeze mid-sort", e.constructor.name); }

var throwing = base.slice(); var n = 0;
try { throwing.sort(function (x, y) { if (++n === 300) throw new Error("from comparator"); return x - y; }); }
catch (e) { print("throws", e.message, throwing.length, multiset(throwing) === expectedSet); }

var reentrant = base.slice(0, 50); var depth = 0;
reentrant.sort(function (x, y) { if (depth++ < 50) reentrant.sort(function (a, b) { return b - a; }); return x - y; });
print("re-entrant sort", reentrant.length, reentrant.slice().sort(function (x, y) { return x - y; }).join() === base.slice(0, 50).sort(function (x, y) { return x - y; }).join());

var typed = new Float64Array(base);
typed.sort(function () { return Math.sin(calls++); });
print("typed array random answers", typed.length, Array.from(typed).sort(function (x, y) { return x - y; }).join() === base.slice().sort(function (x, y) { return x - y; }).join());

var grown = new Float64Array(new ArrayBuffer(8 * 500, { maxByteLength: 8 * 1000 }));
grown.set(base);
grown.sort(function (x, y) { grown.buffer.resize(8 * 1000); return x - y; });
print("resizable buffer grows mid-sort", grown.length, grown[0], grown[499], grown[999]);

var shrunk = new Float64Array(new ArrayBuffer(8 * 500, { maxByteLength: 8 * 1000 }));
shrunk.set(base);
shrunk.sort(function (x, y) { shrunk.buffer.resize(8 * 10); return x - y; });
print("resizable buffer shrinks mid-sort", shrunk.length, Array.from(shrunk).join());

var detached = new Float64Array(base);
try {
  detached.sort(function (x, y) { if (detached.buffer.byteLength) detached.buffer.transfer(); return x - y; });
  print("detached mid-sort", detached.length);
} catch (e) { print("detached mid-sort", e.constructor.name); }

var sorted = base.slice();
var toSorted = sorted.toSorted(function (x, y) { sorted.length = 0; return x - y; });
print("toSorted while the source is emptied", sorted.length, toSorted.length, toSorted[0], toSorted[499]);

var proxied = new Proxy(base.slice(), {});
Array.prototype.sort.call(proxied, function (x, y) { return y - x; });
print("through a proxy", proxied[0], proxied[499]);
