// Map iterators and forEach are live (ES2024 24.1.3.5, 24.1.5.2): they see entries added later, skip deleted
// ones, survive the table compacting under them, notice clear(), and stay done once finished.
var map = new Map();
for (var i = 0; i < 20; i++) map.set(i, "v" + i);
var keys = map.keys();
var seen = [];
for (var j = 0; j < 5; j++) seen.push(keys.next().value);
for (var k = 0; k < 18; k++) map.delete(k);
map.set("added", 1);
for (var step = keys.next(); !step.done; step = keys.next()) seen.push(step.value);
print(seen.join(","));
map.set("after-done", 2);
print(JSON.stringify(keys.next()), map.size);
var cleared = new Map([[1, 1], [2, 2], [3, 3]]);
var entries = cleared.entries();
entries.next();
cleared.clear();
cleared.set("fresh", 0);
print(JSON.stringify(entries.next()), JSON.stringify(entries.next()));
var chain = new Map([[0, 0]]);
var visits = 0;
chain.forEach(function (value, key) {
  visits++;
  if (key < 500) {
    chain.delete(key);
    chain.set(key + 1, value + 1);
  }
});
print(visits, chain.size, chain.get(500));
var churn = new Map();
var order = [];
for (var n = 0; n < 1000; n++) {
  churn.set(n, n);
  if (n % 3 !== 0) churn.delete(n - 1);
}
churn.forEach(function (v, key) { if (key > 990) order.push(key); });
print(churn.size, order.join(","));
var values = new Map([["a", 1]]).values();
print(Object.prototype.toString.call(values), values[Symbol.iterator]() === values, typeof values.next, Object.getPrototypeOf(Object.getPrototypeOf(values)) === Object.getPrototypeOf(Object.getPrototypeOf([][Symbol.iterator]())));
try {
  values.next.call(new Set().values());
} catch (e) {
  print(e.name);
}
