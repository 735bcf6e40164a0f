// Default parameter values: evaluated per call, left to right, only for undefined.
var calls = 0;
function next() { return ++calls; }
function f(a = next(), b = a + 1) { return a + ":" + b; }
print(f(), f(), f(10), f(undefined, 5), f(null));
function g(x, y = x * 2, z = y + x) { return [x, y, z].join(","); }
print(g(1), g(1, 1), g(1, undefined, 0));
function h(a, b = 2, c) {}
print(f.length, g.length, h.length);
function scoped(a = function () { return typeof b; }, b = 1) { return a(); }
print(scoped());
try {
  (function (a = b, b = 1) {})();
} catch (e) {
  print(e.name);
}
function args(a = 1) { return arguments.length; }
print(args(), args(undefined));
