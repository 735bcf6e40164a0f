// Generator methods in classes and object literals: plain, static, computed names, Symbol.iterator, not constructible.
var key = "dyn";
class Seq {
  constructor(n) { this.n = n; }
  *[Symbol.iterator]() { for (let i = 0; i < this.n; i++) yield i * 10; }
  *values() { yield* this; }
  static *range(a, b) { while (a < b) yield a++; }
  *[key + "amic"](x) { yield x; yield this.n; }
  *["comp" + 1 + 2]() { yield "computed"; }
}
var s = new Seq(3);
print([...s].join(), [...s.values()].join(), [...Seq.range(2, 5)].join());
print([...s.dynamic("x")].join(), [...s.comp12()].join());
print(Seq.prototype.values.name, Seq.range.name, Seq.prototype[Symbol.iterator].name, Seq.prototype.dynamic.name);
var obj = {
  base: 5,
  *gen() { yield this.base; yield super.toString === Object.prototype.toString; },
  *[Symbol.for("s")]() { yield "symbol-named"; },
  async: function* () { yield "anonymous expression"; },
  "quoted name": function* named() { yield "named"; },
  *1() { yield "numeric"; },
};
print([...obj.gen()].join(), [...obj[Symbol.for("s")]()].join(), obj[Symbol.for("s")].name);
print(obj.async.name, [...obj.async()].join(), obj["quoted name"].name, [...obj[1]()].join(), obj[1].name);
for (var f of [obj.gen, Seq.prototype.values, Seq.range]) {
  try { new f(); print("constructed?"); } catch (e) { print(f.name, "new ->", e instanceof TypeError); }
  print(typeof f.prototype, Object.getPrototypeOf(f.prototype) === Object.getPrototypeOf(function* () {}).prototype, f.hasOwnProperty("caller"));
}
var d = Object.getOwnPropertyDescriptor(Seq.prototype, "values");
print(d.enumerable, d.writable, d.configurable);
// a generator method's result inherits from the method's prototype property
var it = s.values();
print(Object.getPrototypeOf(it) === Seq.prototype.values.prototype, it instanceof Seq.prototype.values);
// inheritance: subclass generator calls super generator
class Sub extends Seq { *values() { yield "sub"; yield* super.values(); } }
print([...new Sub(2).values()].join());
