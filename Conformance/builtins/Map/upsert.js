// getOrInsert / getOrInsertComputed (the upsert proposal). node 20 lacks them, so this expectation was
// written by hand from the proposal: a present key returns its value without calling back; otherwise the
// callback gets the canonical key (-0 becomes +0) and its result overwrites anything it stored itself.
var map = new Map([["a", 1]]);
print(map.getOrInsert("a", 2), map.getOrInsert("b", 3), map.get("b"), map.size);
var calls = 0;
print(map.getOrInsertComputed("a", function () { calls++; return 9; }), calls);
print(map.getOrInsertComputed(-0, function (key) { return Object.is(key, 0) ? "plus zero" : "minus zero"; }), map.has(0));
print(map.getOrInsertComputed("c", function (key) { map.set(key, "inner"); return "outer"; }), map.get("c"));
try {
  map.getOrInsertComputed("d", "not callable");
} catch (e) {
  print(e.name, map.has("d"));
}
var weak = new WeakMap();
var key = {};
print(weak.getOrInsert(key, 1), weak.getOrInsert(key, 2), weak.getOrInsertComputed({}, function () { return "computed"; }));
try {
  weak.getOrInsert(1, 1);
} catch (e) {
  print(e.name);
}
print(Map.prototype.getOrInsert.length, Map.prototype.getOrInsertComputed.length, WeakMap.prototype.getOrInsertComputed.name);
