// sort orders numerically with -0 before +0 and NaN last, is stable with a comparator, and writes
// back only what is still in bounds; includes uses SameValueZero (finds NaN), indexOf/lastIndexOf strict
// equality (never NaN, -0 equals 0), with fromIndex clamping (ES2024 23.2.3.16-20, 23.2.3.29).
var floats = new Float64Array([3, -0, NaN, 0, -Infinity, 1e-300, -1, Infinity, NaN, 2]);
floats.sort();
print(Array.from(floats, function (x) { return Object.is(x, -0) ? "-0" : String(x); }).join());
var ints = new Int32Array([5, -3, 100, -2147483648, 2147483647, 0]);
print(ints.sort().join(), new Uint32Array([4294967295, 1, 2147483648]).sort().join());
var pairs = new Uint8Array([21, 10, 22, 11, 23, 12]);
print(pairs.sort(function (a, b) { return (a % 10) - (b % 10); }).join());
print(new Int8Array([3, 1, 2]).sort(function () { return NaN; }).join(), new Int8Array([1, 2, 3]).sort(function (a, b) { return b - a; }).join());
try { new Int8Array(1).sort("no"); } catch (e) { print(e.name); }
var many = new Float32Array(1000);
for (var i = 0; i < many.length; i++) many[i] = (i * 7919) % 1000 - 500;
many.sort();
var sorted = true;
for (var j = 1; j < many.length; j++) if (many[j - 1] > many[j]) sorted = false;
print(sorted, many[0], many[999]);
var search = new Float64Array([1, NaN, -0, 4, 1]);
print(search.includes(NaN), search.indexOf(NaN), search.lastIndexOf(NaN), search.includes(0), search.indexOf(0), search.lastIndexOf(-0));
print(search.indexOf(1), search.indexOf(1, 1), search.indexOf(1, -1), search.lastIndexOf(1), search.lastIndexOf(1, -2), search.lastIndexOf(1, -10));
print(search.includes(4, 4), search.includes(4, -2), search.includes(1, Infinity), search.indexOf(1, -Infinity), search.lastIndexOf(4, Infinity));
print(search.indexOf("1"), search.includes(undefined), new Uint8Array([]).includes(undefined), new Int8Array([1]).indexOf(1.5));
