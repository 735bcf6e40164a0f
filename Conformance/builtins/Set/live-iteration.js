// Set iteration is live like Map's: forEach sees additions, skips deletions, and clear() is noticed.
var set = new Set([1, 2, 3]);
var seen = [];
set.forEach(function (v) {
  seen.push(v);
  if (v < 10) set.add(v + 10);
  if (v === 2) set.delete(3);
});
print(seen.join(","), set.size);
var values = new Set(["a", "b", "c"]).values();
var live = new Set(["x", "y", "z"]);
var iter = live.values();
iter.next();
live.clear();
live.add("w");
print(JSON.stringify(iter.next()), JSON.stringify(iter.next()));
var big = new Set();
for (var i = 0; i < 200; i++) big.add("s" + i);
for (var j = 0; j < 190; j++) big.delete("s" + j);
print(big.size, [...big].join(","));
print(Set.prototype.keys === Set.prototype.values, Set.prototype[Symbol.iterator] === Set.prototype.values, Object.prototype.toString.call(values));
print(JSON.stringify([...new Set([[1], [1]]).entries()].map(function (e) { return e[0] === e[1]; })));
