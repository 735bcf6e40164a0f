// class P extends Promise: statics and then create P instances through NewPromiseCapability; then uses
// the species constructor; Symbol.species and the Promise object's own properties.
var log = [];
var constructed = 0;
class P extends Promise {
  constructor(executor) { constructed++; super(executor); }
}
var p = new P(function (resolve) { resolve(1); });
log.push("instance: " + (p instanceof P) + " " + (p instanceof Promise) + " " + Object.prototype.toString.call(p));
var derived = p.then(function (v) { return v + 1; });
log.push("then result is P: " + (derived instanceof P));
derived.then(function (v) { log.push("derived value " + v); });
log.push("P.resolve is P: " + (P.resolve(3) instanceof P) + ", P.all is P: " + (P.all([]) instanceof P));
log.push("P.resolve(p) === p: " + (P.resolve(p) === p) + ", Promise.resolve(p) === p: " + (Promise.resolve(p) === p));
log.push("constructed so far: " + constructed);
class Plain extends Promise {
  static get [Symbol.species]() { return Promise; }
}
var plain = new Plain(function (r) { r(); });
log.push("species Promise: then gives Plain? " + (plain.then() instanceof Plain) + ", Promise? " + (plain.then() instanceof Promise));
log.push("finally uses species: " + (plain.finally() instanceof Plain));
var getter = Object.getOwnPropertyDescriptor(Promise, Symbol.species).get;
log.push("species getter: " + getter.name + " returns this: " + (getter.call(42) === 42));
log.push("Promise.length " + Promise.length + ", then.length " + Promise.prototype.then.length +
  ", all.length " + Promise.all.length + ", toStringTag " + Promise.prototype[Symbol.toStringTag]);
try { Promise(function () {}); } catch (e) { log.push("call without new: " + e.constructor.name); }
try { new Promise(1); } catch (e) { log.push("non-callable executor: " + e.constructor.name); }
try { Promise.prototype.then.call({}, function () {}); } catch (e) { log.push("then on non-promise: " + e.constructor.name); }
var thrower = new Promise(function () { throw new Error("executor threw"); });
thrower.catch(function (e) { log.push("executor error rejects: " + e.message); });
var resolveFirst = new Promise(function (resolve) { resolve("kept"); throw new Error("ignored"); });
resolveFirst.then(function (v) { log.push("resolve then throw: " + v); });
var executorArgs;
new Promise(function (resolve, reject) { executorArgs = [this === undefined || this === globalThis, resolve.length, reject.length, resolve.name === ""]; });
log.push("executor: " + executorArgs.join(" "));
log.push("sync end");
setTimeout(function () { print(log.join("\n")); }, 0);
