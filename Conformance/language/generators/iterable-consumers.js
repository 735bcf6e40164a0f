// Generators consumed by destructuring, spread, Array.from, Map/Set and for-of; early exits close them (finally runs).
function* counted(n, tag) {
  try {
    for (let i = 1; i <= n; i++) { print(tag, "yield", i); yield i; }
  } finally {
    print(tag, "closed");
  }
}
var [a, b] = counted(5, "destructure");
print("a b", a, b);
var [x, , ...rest] = counted(4, "rest");
print("x rest", x, JSON.stringify(rest));
var [] = counted(2, "empty-pattern");
print("spread", [0, ...counted(2, "spread"), 9].join());
print("from", Array.from(counted(2, "from"), (v) => v * 100).join());
print("map", JSON.stringify([...new Map(function* () { yield ["k", 1]; yield ["j", 2]; }())]));
print("set size", new Set(counted(3, "set")).size);
print("args", Math.max(...counted(3, "call-spread")));
for (var v of counted(10, "break")) {
  if (v === 2) break;
}
print("after break", v);
outer: for (var i of [1, 2]) {
  for (var w of counted(3, "labelled-continue")) { if (w === 2) continue outer; }
}
function early() { for (var v of counted(3, "return")) { if (v === 2) return "returned " + v; } }
print(early());
try { for (var v of counted(3, "throw")) { if (v === 1) throw new Error("from body"); } } catch (e) { print("caught", e.message); }
// a generator that finished normally is not closed again
var done = counted(1, "exhausted");
for (var v of done) {}
print(JSON.stringify(done.next()));
// destructuring a generator into an object pattern reads properties, not iteration
var { length, next } = counted(1, "object-pattern");
print(typeof next, length);
// destructuring with defaults pulls values lazily
function* lazy() { print("first pulled"); yield undefined; print("second pulled"); yield 2; }
var [p = "default", q = "unused"] = lazy();
print(p, q);
