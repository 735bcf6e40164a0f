// Getters that add and delete properties of the object being enumerated by Object.entries/values, JSON.stringify, Object.assign and for-in: the key list is fixed first, deleted keys are skipped.
function make() {
  var o = {};
  Object.defineProperty(o, "a", { enumerable: true, configurable: true, get: function () {
    delete o.c; o.z = "added"; Object.defineProperty(o, "d", { enumerable: false }); return "A"; } });
  o.b = "B"; o.c = "C"; o.d = "D"; o.e = "E";
  return o;
}
print(JSON.stringify(Object.entries(make())));
print(JSON.stringify(Object.values(make())));
print(JSON.stringify(make()));
print(JSON.stringify(Object.assign({}, make())));
// for-in: a key deleted before it is reached is not visited (added keys may or may not be).
var keys = [], f = { a: 1, b: 2, c: 3, e: 4 };
for (var k in f) { if (k !== "z") keys.push(k); if (k === "a") { delete f.c; f.z = 0; } }
print(keys.join());
print(Object.keys(make()).join());
// A getter that empties the object entirely, and one that makes it huge.
var g = { get x() { for (var k in g) if (k !== "x") delete g[k]; return 1; }, y: 2, w: 3 };
print(JSON.stringify(g), Object.keys(g).join());
var h = { get x() { for (var i = 0; i < 10000; i++) h["k" + i] = i; return 1; }, y: 2 };
var s = JSON.stringify(h);
print(s, Object.keys(h).length);
