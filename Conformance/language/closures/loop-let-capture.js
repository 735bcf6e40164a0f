// A `let` in a for-loop head gets a fresh binding per iteration; `var` is shared.
var letFns = [], varFns = [];
for (let i = 0; i < 3; i++) letFns.push(function () { return i; });
for (var j = 0; j < 3; j++) varFns.push(function () { return j; });
print(letFns.map(function (f) { return f(); }).join(","), varFns.map(function (f) { return f(); }).join(","));
var updated = [];
for (let k = 0; k < 3; k++) {
  updated.push(function () { return k; });
  k += 0;
}
print(updated[2]());
var captured = [];
for (let m = 0; m < 3; captured.push(function () { return m; }), m++);
print(captured.map(function (f) { return f(); }).join(","));
var forIn = [];
for (const key in { a: 1, b: 2 }) forIn.push(function () { return key; });
print(forIn[0](), forIn[1]());
