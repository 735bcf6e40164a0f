// map.size and set.size through the cached original getters follow additions, deletions,
// subclasses and redefinitions of size.
function size(x) {
  return x.size;
}
const m = new Map();
const s = new Set();
const seen = [];
for (let i = 0; i < 5; i++) {
  m.set(i, i);
  s.add(i % 3);
  seen.push(size(m) + "/" + size(s));
}
m.delete(0);
s.clear();
seen.push(size(m) + "/" + size(s));
print(seen.join(" "));
class CountingMap extends Map {}
const c = new CountingMap([[1, 2]]);
print(size(c), size(new CountingMap()));
Object.defineProperty(CountingMap.prototype, "size", { get: () => "subclass" });
print(size(c), size(m));
const original = Object.getOwnPropertyDescriptor(Map.prototype, "size");
Object.defineProperty(Map.prototype, "size", { get: () => "redefined", configurable: true });
print(size(m), size(s));
Object.defineProperty(Map.prototype, "size", original);
print(size(m));
Object.defineProperty(s, "size", { value: "own" });
print(size(s), size(new Set([1, 2, 3])));
try {
  size(Object.create(Map.prototype));
} catch (e) {
  print(e.constructor.name);
}
