// Map: insertion order, SameValueZero keys, size, deletion during iteration.
// Map.groupBy is ES2024; node 20 lacks it, so the last line of the expectation was written by hand.
var map = new Map();
var objectKey = {};
map.set("a", 1).set(objectKey, "object").set(NaN, "nan").set(-0, "zero");
print(map.size, map.get("a"), map.get(objectKey), map.get({}), map.get(NaN), map.get(0), map.has(+0));
print([...map.keys()].map(String).join(","), Object.is([...map.keys()][3], 0));
map.set("a", "updated");
print([...map.values()].join(","));
var visited = [];
var m2 = new Map([[1, "one"], [2, "two"], [3, "three"]]);
m2.forEach(function (value, key, self) {
  visited.push(key + "=" + value);
  if (key === 1) { self.delete(2); self.set(4, "four"); }
});
print(visited.join(" "), m2.size);
print(map.delete("a"), map.delete("a"), map.size);
map.clear();
print(map.size, new Map([[1, 2]]).entries().next().value.join(":"));
try {
  new Map([1]);
} catch (e) {
  print(e.name);
}
try {
  Map();
} catch (e) {
  print(e.name);
}
print(Object.prototype.toString.call(new Map()), Map.groupBy([1, 2, 3], function (x) { return x > 1; }).get(true).join());
