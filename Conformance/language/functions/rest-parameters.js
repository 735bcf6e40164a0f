// Rest parameters collect the remaining arguments into a real array.
function f(first, ...rest) { return first + "|" + rest.length + "|" + rest.join(","); }
print(f(1), f(1, 2, 3), f());
function g(...all) { return Array.isArray(all) + " " + all.length; }
print(g(), g(undefined, undefined));
print(f.length, g.length, (function (a, b, ...c) {}).length);
var arrow = (...xs) => xs.reduce(function (s, x) { return s + x; }, 0);
print(arrow(1, 2, 3, 4));
function destructured(...[a, b]) { return a + b; }
print(destructured(2, 3, 100));
