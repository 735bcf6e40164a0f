// Math.sumPrecise (ES2026): exact rounding, -0 for empty input, Infinity/NaN states, TypeError on non-numbers. Written by hand (node 20 lacks it); values checked against exact arithmetic.
function show(x) { return Object.is(x, -0) ? "-0" : String(x); }
print(show(Math.sumPrecise([])), show(Math.sumPrecise([-0, -0])), show(Math.sumPrecise([-0, 0])), Math.sumPrecise([0.1, 0.2, 0.3]), Math.sumPrecise([1e20, 0.1, -1e20]));
print(Math.sumPrecise([1e308, 1e308, -1e308]), Math.sumPrecise([Number.MAX_VALUE, Number.MAX_VALUE]), Math.sumPrecise([5e-324, 5e-324]), Math.sumPrecise([2 ** 53, 1, 1]));
print(Math.sumPrecise([Infinity, 1]), Math.sumPrecise([-Infinity, Infinity]), Math.sumPrecise([NaN, Infinity]), Math.sumPrecise(new Set([1, 2, 3])), show(Math.sumPrecise([3, -3])));
for (var bad of [[1, "2"], null, 5, [{}]]) {
  try {
    Math.sumPrecise(bad);
  } catch (e) {
    print(e.name);
  }
}
var closed = false;
var iterable = { [Symbol.iterator]() { return { next() { return { value: "x", done: false }; }, return() { closed = true; return {}; } }; } };
try {
  Math.sumPrecise(iterable);
} catch (e) {
  print(e.name, closed);
}
print(Math.sumPrecise.length, Math.sumPrecise.name);
