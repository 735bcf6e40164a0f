// Symbol.asyncIterator on custom objects and classes; the async generator prototype chain; manual next() on a for-await source.
class Ticker {
  constructor(n) { this.n = n; }
  async *[Symbol.asyncIterator]() { for (let i = 0; i < this.n; i++) yield "tick " + i; }
}
var sourceLog = [];
var manual = {
  [Symbol.asyncIterator]() {
    var n = 0;
    return {
      next(...args) {
        sourceLog.push("next args " + args.length);
        return n < 2 ? Promise.resolve({ value: n++, done: false }) : Promise.resolve({ done: true, value: "ignored" });
      },
    };
  },
};
async function* ag() {}
var AsyncGeneratorFunction = Object.getPrototypeOf(ag).constructor;
var AsyncGeneratorPrototype = Object.getPrototypeOf(ag.prototype);
var AsyncIteratorPrototype = Object.getPrototypeOf(AsyncGeneratorPrototype);
(async () => {
  var out = [];
  for await (const t of new Ticker(3)) out.push(t);
  print(out.join(", "));
  for await (const v of manual) sourceLog.push("value " + v);
  print(sourceLog.join(", "));
  print(AsyncGeneratorFunction.name, Object.prototype.toString.call(ag), Object.prototype.toString.call(ag()));
  print(AsyncGeneratorPrototype[Symbol.toStringTag], Object.getOwnPropertyNames(AsyncGeneratorPrototype).sort().join());
  print(typeof AsyncIteratorPrototype[Symbol.asyncIterator], AsyncIteratorPrototype[Symbol.asyncIterator].call(5) === 5);
  var it = ag();
  print(it[Symbol.asyncIterator]() === it, Symbol.iterator in it, Object.getPrototypeOf(AsyncIteratorPrototype) === Object.prototype);
  var made = new AsyncGeneratorFunction("x", "yield await x; yield x * 2;");
  var results = [];
  for await (const v of made(Promise.resolve(21))) results.push(typeof v);
  print("constructed:", results.join(), made.name);
  for await (const v of made(4)) results.push(v);
  print(results.join());
  try { new ag(); } catch (e) { print("new:", e instanceof TypeError); }
  var next = await ag().next();
  print(JSON.stringify(next), Object.getPrototypeOf(next) === Object.prototype);
})();
