// Which lookups await and resolve perform: await reads a native promise's constructor but never its then; resolving with a promise reads then synchronously and calls it in a job.
var log = [];
var out = (s) => log.push(s);
var p = Promise.resolve("native");
var constructorReads = 0;
Object.defineProperty(p, "constructor", { get() { constructorReads++; return Promise; } });
p.then = function (a, b) { out("own then called"); return Promise.prototype.then.call(this, a, b); };
(async () => { out("await native with own then: " + (await p) + ", constructor reads " + constructorReads); })();
async function returnsP() { return p; }
returnsP().then((v) => out("returned native with own then: " + v));
var thenReads = 0;
var q = Promise.resolve("q");
Object.defineProperty(q, "then", { get() { thenReads++; out("then getter read"); return Promise.prototype.then; } });
out("before resolve");
new Promise((r) => { r(q); out("after r(q), then reads " + thenReads); }).then((v) => out("resolved via q: " + v));
Promise.resolve(1).finally(() => out("finally callback")).then(() => out("after finally"));
Promise.resolve(2).then(() => out("t1")).then(() => out("t2")).then(() => out("t3")).then(() => out("t4"));
async function* ag() { return Promise.resolve("async generator return awaited"); }
ag().next().then((r) => out(JSON.stringify(r)));
(async () => { for await (const v of [Promise.resolve("for-await 1"), "for-await 2"]) out(v); })();
try { queueMicrotask(5); } catch (e) { out("queueMicrotask(5): " + e.constructor.name); }
var originalResolve = Promise.resolve;
var resolveCalls = 0;
Promise.resolve = function (v) { resolveCalls++; return originalResolve.call(this, v); };
Promise.all([1, 2, 3]).then((v) => out("all " + v + ", Promise.resolve calls " + resolveCalls));
Promise.resolve = originalResolve;
// a promise subclass awaited: PromiseResolve sees another constructor and wraps it, so its then is called
class Sub extends Promise {}
var s = Sub.resolve("sub");
s.then = function (a, b) { out("subclass then called"); return Promise.prototype.then.call(this, a, b); };
(async () => out("await subclass: " + (await s)))();
setTimeout(() => print(log.join("\n")), 0);
