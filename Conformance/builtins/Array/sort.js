// Array.prototype.sort: default order compares strings, comparator results, stability, undefined last.
print([10, 9, 1, 100].sort().join(","), [10, 9, 1, 100].sort(function (a, b) { return a - b; }).join(","));
print(["b", undefined, "a", , "c"].sort().join(","), ["b", undefined, "a", , "c"].sort().length);
var records = [
  { key: 1, name: "a" }, { key: 0, name: "b" }, { key: 1, name: "c" }, { key: 0, name: "d" }, { key: 1, name: "e" },
  { key: 0, name: "f" }, { key: 1, name: "g" }, { key: 0, name: "h" }, { key: 1, name: "i" }, { key: 0, name: "j" },
  { key: 1, name: "k" }, { key: 0, name: "l" },
];
print(records.sort(function (x, y) { return x.key - y.key; }).map(function (r) { return r.name; }).join(""));
print(["B", "a", "C"].sort().join(""), [true, false].sort().join(","), [-1, -2, 0, 2].sort().join(","));
var array = [3, 2, 1];
print(array.sort() === array);
try {
  [1, 2].sort("not a function");
} catch (e) {
  print(e.name);
}
var big = [];
for (var i = 0; i < 200; i++) big.push((i * 7919) % 200);
big.sort(function (a, b) { return a - b; });
var sorted = true;
for (var j = 1; j < big.length; j++) if (big[j - 1] > big[j]) sorted = false;
print(sorted, big[0], big[199]);
