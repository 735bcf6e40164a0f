// WeakMap: object and non-registered symbol keys only, get/has/delete on other values are false/undefined,
// the constructor takes entries and calls `set`; no size, no iteration. The last expected line was written by
// hand: it lists the upsert proposal's getOrInsert/getOrInsertComputed, which node 20 lacks.
var wm = new WeakMap();
var key = {};
var symbol = Symbol("local");
print(wm.set(key, 1) === wm, wm.get(key), wm.has(key), wm.set(symbol, "sym").get(symbol), wm.has({}));
print(wm.get(1), wm.has("x"), wm.delete(null), wm.delete(key), wm.has(key), wm.delete(key));
[1, "s", null, undefined, Symbol.for("registered")].forEach(function (bad) {
  try {
    wm.set(bad, 1);
  } catch (e) {
    print(e.name, e.message);
  }
});
var k1 = {}, k2 = function () {};
var built = new WeakMap([[k1, "one"], [k2, "two"]]);
print(built.get(k1), built.get(k2), "size" in built, typeof WeakMap.prototype.forEach, Object.prototype.toString.call(built));
try {
  new WeakMap([[1, 2]]);
} catch (e) {
  print(e.name);
}
try {
  WeakMap();
} catch (e) {
  print(e.name, e.message);
}
try {
  WeakMap.prototype.get.call(new Map(), key);
} catch (e) {
  print(e.name);
}
print(WeakMap.length, WeakMap.prototype.set.length, Object.getOwnPropertyNames(WeakMap.prototype).sort().join());
