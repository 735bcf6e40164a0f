// Callback-based methods: argument order, thisArg, holes skipped, early termination.
var seen = [];
[10, , 30].forEach(function (value, index, array) { seen.push(index + "=" + value + "/" + array.length); });
print(seen.join(" "));
print([1, 2, 3].map(function (x) { return x * this.factor; }, { factor: 3 }).join(","));
print([1, 2, 3, 4].filter(function (x) { return x % 2 === 0; }).join(","));
print([1, 2, 3].reduce(function (sum, x) { return sum + x; }), [1, 2, 3].reduce(function (s, x) { return s + x; }, 10));
print(["a", "b", "c"].reduceRight(function (acc, x) { return acc + x; }));
try {
  [].reduce(function () {});
} catch (e) {
  print(e.name);
}
var visits = 0;
print([1, 2, 3].some(function (x) { visits++; return x === 2; }), visits);
print([1, 2, 3].every(function (x) { return x > 0; }), [].every(function () { return false; }), [].some(function () { return true; }));
print([5, 12, 8].find(function (x) { return x > 6; }), [5, 12, 8].findIndex(function (x) { return x > 6; }), [5, 12, 8].findLast(function (x) { return x > 6; }), [5].find(function () { return false; }));
var growing = [1, 2];
var mapped = growing.map(function (x) { growing.push(x); return x; });
print(mapped.length, growing.length);
