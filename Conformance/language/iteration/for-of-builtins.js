// for-of over arrays, strings, Maps, Sets, arguments and array iterators.
var out = [];
for (var value of [1, , 3]) out.push(value);
print(out.join(","));
out = [];
for (var ch of "ab") out.push(ch);
print(out.join(","));
out = [];
for (var [key, val] of new Map([["k1", 1], ["k2", 2]])) out.push(key + "=" + val);
print(out.join(","));
out = [];
for (var item of new Set(["a", "b", "a"])) out.push(item);
print(out.join(","));
function args() { var r = []; for (var a of arguments) r.push(a); return r.join(","); }
print(args(7, 8, 9));
out = [];
for (var [index, entry] of ["x", "y"].entries()) out.push(index + ":" + entry);
print(out.join(","), [...["x", "y"].keys()].join(","));
var growing = [1];
out = [];
for (var g of growing) { out.push(g); if (g < 3) growing.push(g + 1); }
print(out.join(","));
try {
  for (var bad of {}) {}
} catch (e) {
  print(e.name);
}
