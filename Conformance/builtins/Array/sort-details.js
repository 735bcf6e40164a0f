// sort/toSorted: SortCompare (undefined last, NaN results as +0), holes removed then deleted at the end, errors propagate.
var sparse = [5, , undefined, 1, , 3];
sparse.sort();
print(sparse.length, 0 in sparse, sparse[0], sparse[1], sparse[2], sparse[3], 4 in sparse, 5 in sparse);
var withHoles = [3, , 1];
var sorted = withHoles.toSorted();
print(sorted.length, 1 in sorted, 2 in sorted, sorted[2], withHoles.length, 1 in withHoles);
print([3, 1, 2].sort(function () { return NaN; }).join(), [2, 1].sort(function (a, b) { return { valueOf: function () { return a - b; } }; }).join());
var calls = [];
try {
  [3, 2, 1].sort(function (a, b) { calls.push(a + "" + b); throw new Error("stop"); });
} catch (e) { print(e.message, calls.length); }
var untouched = [3, 2, 1];
try { untouched.sort(function () { throw new Error("x"); }); } catch (e) { print(untouched.join()); }
for (var bad of [null, 1, "f", {}, []]) {
  try { [1].sort(bad); print("no error"); } catch (e) { print("sort", String(bad), e.constructor.name); }
  try { [1].toSorted(bad); print("no error"); } catch (e) { print("toSorted", e.constructor.name); }
}
// The comparator is checked before ToObject(this) reads anything.
var touched = false;
try { Array.prototype.sort.call({ get length() { touched = true; return 0; } }, 1); } catch (e) { print(e.constructor.name, touched); }
// Default order converts to strings: 10 < 9, and a toString runs.
print([10, 9, 1, { toString: function () { return "0"; } }].sort().join());
// Array-likes sort through their own properties.
var arrayLike = { length: 4, 0: "d", 1: "a", 3: "b" };
Array.prototype.sort.call(arrayLike);
print(arrayLike[0], arrayLike[1], arrayLike[2], 3 in arrayLike, arrayLike.length);
// Stability with many equal keys.
var items = [];
for (var i = 0; i < 45; i++) items.push({ key: i % 3, order: i });
items.sort(function (a, b) { return a.key - b.key; });
var stable = true;
for (var j = 1; j < items.length; j++) {
  if (items[j - 1].key === items[j].key && items[j - 1].order > items[j].order) stable = false;
}
print(stable, items[0].order, items[15].order, items[44].order);
// A comparator that sorts recursively without end ends in a RangeError, not a crash.
var deep = [2, 1];
function recurse(a, b) { deep.sort(recurse); return a - b; }
try { deep.sort(recurse); } catch (e) { print(e.constructor.name); }
