// AsyncFunction and AsyncGeneratorFunction: constructors, prototypes, own properties, toString of async functions and methods.
var o = { async  am() {}, async *ag() {}, async ["c" + 1]() {} };
class K { static async * sag() {} }
print(o.am.toString(), "|", o.ag.toString(), "|", o.c1.toString(), "|", K.sag.toString());
print((async (x) => x).toString(), "|", (async x => x).toString(), "|", (async function named ( ) { }).toString());
var AsyncFunction = Object.getPrototypeOf(async function () {}).constructor;
var AsyncGeneratorFunction = Object.getPrototypeOf(async function* () {}).constructor;
print(new AsyncFunction("a", "await a").toString());
print(new AsyncGeneratorFunction("a", "yield a").toString());
print(AsyncFunction.prototype[Symbol.toStringTag], AsyncGeneratorFunction.prototype[Symbol.toStringTag]);
print(Object.getPrototypeOf(AsyncFunction) === Function, Object.getPrototypeOf(AsyncGeneratorFunction) === Function);
print(AsyncFunction.name, AsyncGeneratorFunction.name, AsyncFunction.length, AsyncGeneratorFunction.length);
print(typeof AsyncFunction.prototype.prototype, AsyncGeneratorFunction.prototype.prototype === Object.getPrototypeOf((async function* () {}).prototype));
print(Object.getOwnPropertyNames(AsyncFunction.prototype).sort().join(), Object.getOwnPropertyNames(AsyncGeneratorFunction.prototype).sort().join());
print(Object.getOwnPropertyNames(async function () {}).sort().join(), Object.getOwnPropertyNames(async function* () {}).sort().join());
print(JSON.stringify(Object.getOwnPropertyDescriptor(async function* () {}, "prototype")));
for (var make of [() => AsyncFunction("await"), () => new AsyncGeneratorFunction("yield", ""), () => new AsyncFunction("a = await 1", "")]) {
  try { make(); print("no error"); } catch (e) { print(e.name); }
}
var made = new AsyncFunction("return this");
print(typeof made().then, Object.getPrototypeOf(made) === AsyncFunction.prototype);
made.call("receiver").then((v) => print("sloppy this:", typeof v));
