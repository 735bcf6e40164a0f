// A suspended generator resumed from different contexts (deep recursion, a builtin's callback, a promise job, a timer), its locals, closures and sloppy arguments intact; hot loops inside generators.
function* locals(a, b) {
  var c = a + b;
  const f = () => c;
  var x = yield f();
  c = x;
  yield [a, b, c, f(), arguments.length].join();
}
var l1 = locals(1, 2);
l1.next();
function deep(n) { return n === 0 ? l1.next("deep") : deep(n - 1); }
print(deep(500).value);
var l2 = locals(3, 4);
l2.next();
[1].map(() => print(l2.next("from map").value));
var l3 = locals(5, 6);
l3.next();
Promise.resolve().then(() => print("job", l3.next("job").value));
var l4 = locals(7, 8);
l4.next();
setTimeout(() => print("timer", l4.next("timer").value), 0);
// resumed by another generator
function* driver(g) { yield "driver " + g.next("driven").value; }
var l5 = locals(9, 10);
l5.next();
print(driver(l5).next().value);
function* sloppyArgs(a) { yield arguments[0]; a = 2; yield arguments[0]; arguments[0] = 3; yield a; }
print([...sloppyArgs(1)].join());
function* withEval() { var x = 1; yield eval("x"); eval("var y = 5"); yield y; yield typeof eval("(function () { return this; })")(); }
print([...withEval()].join());
// a hot loop inside a generator, resumed many times (tier-up while suspended)
function* hot(n) {
  let s = 0;
  for (let i = 0; i < n; i++) { s = (s + i * i) % 1000003; if (i % 5000 === 0) yield s; }
  return s;
}
var out = [];
for (let k = 0; k < 30; k++) { var it = hot(20000 + k), r; while (!(r = it.next()).done) out.push(r.value); out.push(r.value); }
print(out.length, out.reduce((a, b) => (a * 31 + b) % 1000003, 0));
// private generator methods, labelled continue through finally blocks that yield
class P {
  v = "private generator";
  *#gen() { yield this.v; }
  static *#staticGen() { yield "static private"; }
  run() { return [...this.#gen(), ...P.#staticGen()].join(); }
}
print(new P().run());
function* loopFinally() {
  outer: for (let i = 0; i < 2; i++) for (let j = 0; j < 3; j++) {
    try { yield i + "" + j; if (j === 1) continue outer; } finally { yield "f" + i + j; }
  }
}
print([...loopFinally()].join());
// many live suspended generators
var many = [];
for (let i = 0; i < 2000; i++) { const g = (function* (x) { yield x; yield x * 2; })(i); g.next(); many.push(g); }
var total = 0;
for (const g of many) total += g.next().value;
print("many", total);
