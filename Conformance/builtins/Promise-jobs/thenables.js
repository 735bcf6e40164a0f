// Resolving with a thenable goes through NewPromiseResolveThenableJob: one tick to call then(), and
// (for a native promise) one more for its reaction, so `resolve(promise)` settles two ticks later.
var log = [];
function ticks(name, count) {
  var p = Promise.resolve();
  for (var i = 1; i <= count; i++) {
    (function (n) { p = p.then(function () { log.push(name + " tick " + n); }); })(i);
  }
}
ticks("clock", 5);
new Promise(function (resolve) { resolve(Promise.resolve("native")); }).then(function (v) { log.push("resolved with promise: " + v); });
Promise.resolve().then(function () { return Promise.resolve("returned"); }).then(function (v) { log.push("returned promise: " + v); });
Promise.resolve().then(function () { return "plain"; }).then(function (v) { log.push("returned plain: " + v); });
var thenable = { then: function (resolve) { log.push("thenable.then called"); resolve("from thenable"); } };
Promise.resolve(thenable).then(function (v) { log.push("thenable value: " + v); });
// then() is read once, synchronously, when resolving.
var reads = 0;
var counted = {};
Object.defineProperty(counted, "then", { get: function () { reads++; log.push("then read"); return function (r) { r("counted"); }; } });
new Promise(function (resolve) { resolve(counted); resolve("ignored"); }).then(function (v) { log.push(v + " after " + reads + " read"); });
// A throwing then getter or then method rejects.
var badGetter = {};
Object.defineProperty(badGetter, "then", { get: function () { throw new Error("getter"); } });
Promise.resolve(badGetter).catch(function (e) { log.push("bad getter: " + e.message); });
Promise.resolve({ then: function () { throw new Error("method"); } }).catch(function (e) { log.push("bad method: " + e.message); });
// A thenable that resolves after throwing keeps its first resolution.
Promise.resolve({ then: function (r) { r("first"); throw new Error("ignored"); } }).then(function (v) { log.push("kept " + v); });
// Promise.resolve returns the same promise for a native promise, a new one otherwise.
var native = Promise.resolve(1);
log.push("same object: " + (Promise.resolve(native) === native));
// Self-resolution is a TypeError.
var self;
var selfPromise = new Promise(function (resolve) { self = resolve; });
self(selfPromise);
selfPromise.catch(function (e) { log.push("self resolution: " + e.constructor.name); });
log.push("sync end");
setTimeout(function () { print(log.join("\n")); }, 0);
