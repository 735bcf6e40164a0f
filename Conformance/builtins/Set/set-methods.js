// The ES2025 set methods take any set-like (size, has, keys) and return new Sets in a defined order.
// node 20 lacks them, so this expectation was written by hand from ES2025 24.2.4.
function list(set) { return [...set].join(",") + " (" + set.size + ")"; }
var a = new Set([1, 2, 3, 4]);
var b = new Set([3, 4, 5]);
print(list(a.union(b)), list(a.intersection(b)), list(a.difference(b)), list(a.symmetricDifference(b)));
print(a.isSubsetOf(b), new Set([3]).isSubsetOf(b), a.isSupersetOf(new Set([1, 4])), a.isDisjointFrom(new Set([9])), a.isDisjointFrom(b));
print(list(new Set([3, 1]).intersection(new Set([1, 2, 3, 4]))), list(new Set([1, 2, 3, 4]).intersection(new Set([3, 1]))));
var calls = [];
var setLike = {
  size: 2,
  has: function (v) { calls.push("has(" + v + ")"); return v === 2; },
  keys: function () {
    calls.push("keys");
    var items = [2, -0], index = 0;
    return { next: function () { return index < items.length ? { value: items[index++], done: false } : { done: true }; } };
  },
};
print(list(new Set([1, 2, 3]).difference(setLike)), calls.join(" "));
calls = [];
var union = new Set([1]).union(setLike);
print([...union].map(function (v) { return Object.is(v, -0) ? "-0" : String(v); }).join(","), calls.join(" "));
calls = [];
print(new Set([5, 6, 7]).isSubsetOf(setLike), calls.join(" "));
class Sub extends Set {}
print(new Sub([1]).union(new Set([2])) instanceof Sub, Object.getPrototypeOf(new Sub([1]).union(new Set([2]))) === Set.prototype);
["not an object", { size: NaN, has: function () {}, keys: function () {} }, { size: -1, has: function () {}, keys: function () {} }, { size: 1, has: 1, keys: function () {} }].forEach(function (other) {
  try {
    a.union(other);
  } catch (e) {
    print(e.name);
  }
});
print(list(a.union({ size: Infinity, has: function () { return false; }, keys: function () { return [9][Symbol.iterator](); } })));
