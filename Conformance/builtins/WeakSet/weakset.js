// WeakSet: object and non-registered symbol values only; add returns the set; the constructor calls `add`.
var ws = new WeakSet();
var value = {};
print(ws.add(value) === ws, ws.has(value), ws.has({}), ws.add(Symbol("s")).has(Symbol("s")), ws.delete(value), ws.has(value), ws.delete(1));
[1, "s", null, Symbol.for("registered")].forEach(function (bad) {
  try {
    ws.add(bad);
  } catch (e) {
    print(e.name, e.message);
  }
});
var calls = 0;
var saved = WeakSet.prototype.add;
WeakSet.prototype.add = function (v) { calls++; return saved.call(this, v); };
var a = {}, b = {};
var built = new WeakSet([a, b, a]);
WeakSet.prototype.add = saved;
print(calls, built.has(a), built.has(b), Object.prototype.toString.call(built));
try {
  WeakSet.prototype.add.call(new Set(), {});
} catch (e) {
  print(e.name);
}
print(WeakSet.length, Object.getOwnPropertyNames(WeakSet.prototype).sort().join());
