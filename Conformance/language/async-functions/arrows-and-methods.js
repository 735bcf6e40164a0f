// Async arrows (lexical this and arguments), async methods in classes and object literals, super in async methods.
function Outer() {
  this.tag = "outer";
  var arrow = async (x) => [this.tag, arguments.length, arguments[0], x, await x];
  return arrow;
}
var f = Outer.call({ tag: "bound this" }, "outer-arg", "second");
f("arrow-arg").then((r) => print("arrow:", r.join()));
var obj = {
  tag: "obj",
  async method(a) { await null; return this.tag + ":" + a + ":" + arguments.length; },
  async ["comp" + "uted"]() { return "computed"; },
  async *not() {},
  nested() { return (async () => { await null; return (async () => this.tag)(); })(); },
};
obj.method("m", 2).then((v) => print("method:", v));
obj.computed().then((v) => print(v, obj.computed.name));
obj.nested().then((v) => print("nested arrows:", v));
class Base { async value() { await null; return "base"; } static async make() { return new this(); } }
class Derived extends Base {
  async value() { var b = await super.value(); return "derived+" + b; }
  get lazy() { return (async () => await super.value())(); }
}
var d = new Derived();
d.value().then((v) => print(v));
d.lazy.then((v) => print("getter arrow super:", v));
Derived.make().then((x) => print("static this:", x instanceof Derived));
// async functions are not constructors and have no prototype property
for (var fn of [obj.method, async function () {}, async () => {}, Base.prototype.value]) {
  try { new fn(); print("constructed"); } catch (e) { print(e instanceof TypeError, "prototype" in fn); }
}
var AsyncFunction = Object.getPrototypeOf(async function () {}).constructor;
print(AsyncFunction.name, Object.prototype.toString.call(obj.method), Object.getPrototypeOf(AsyncFunction) === Function);
new AsyncFunction("a", "return await a * 2")(21).then((v) => print("AsyncFunction:", v));
// an arrow defined inside an async function sees that function's arguments
async function argsHolder() { await null; return (() => arguments[1])(); }
argsHolder("x", "y").then((v) => print("arguments through arrow:", v));
// `this` stays bound across awaits
var counter = { n: 0, async bump() { this.n++; await null; this.n++; await null; return this.n; } };
counter.bump().then((v) => print("bump:", v, counter.n));
