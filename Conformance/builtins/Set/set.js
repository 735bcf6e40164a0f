// Set: uniqueness by SameValueZero, insertion order, iteration and live updates.
var set = new Set([1, 2, 2, "2", NaN, NaN, 0, -0]);
print(set.size, [...set].map(String).join(","));
print(set.has(NaN), set.has(-0), set.has("1"), set.add(3) === set, set.delete(1), set.has(1));
var seen = [];
var live = new Set([1, 2]);
for (var v of live) {
  seen.push(v);
  if (v === 1) live.add(3);
}
print(seen.join(""));
var entry = new Set(["x"]).entries().next().value;
print(entry.join("="), new Set("hello").size, [...new Set("hello")].join(""));
var order = new Set(["b", "a"]);
order.delete("b");
order.add("b");
print([...order].join(""));
