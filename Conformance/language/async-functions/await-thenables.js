// await of thenables takes extra ticks (NewPromiseResolveThenableJob); then is called with resolve/reject functions; non-promises are wrapped.
var log = [];
function tick(name, n) { var p = Promise.resolve(); for (var i = 1; i <= n; i++) (function (i) { p = p.then(() => log.push(name + i)); })(i); }
var thenable = {
  then(resolve, reject) {
    log.push("then called " + typeof resolve + " " + typeof reject + " " + arguments.length);
    resolve("thenable value");
  },
};
async function t() { log.push("t before"); var v = await thenable; log.push("t got " + v); }
async function native() { var v = await Promise.resolve("native"); log.push("native got " + v); }
async function plain() { var v = await 42; log.push("plain got " + v); }
t(); native(); plain();
tick("tick", 4);
// a thenable that resolves with another thenable, and one whose then throws after resolving
var nested = { then(r) { r({ then(r2) { r2("deep"); } }); } };
var throwsLate = { then(r) { r("kept"); throw new Error("ignored"); } };
var throwsEarly = { then() { throw new Error("then threw"); } };
(async () => {
  log.push("nested " + await nested);
  log.push("throwsLate " + await throwsLate);
  try { await throwsEarly; } catch (e) { log.push("caught " + e.message); }
  // a then getter runs once, synchronously at the await
  var reads = 0;
  var counted = { get then() { reads++; return undefined; } };
  var v = await counted;
  log.push("non-callable then: " + (v === counted) + " reads " + reads);
  // a promise subclass is not the same constructor: its then is called (extra ticks)
  class MyPromise extends Promise {}
  var mp = MyPromise.resolve("sub");
  var origThen = mp.then;
  mp.then = function (a, b) { log.push("subclass then"); return origThen.call(this, a, b); };
  log.push("subclass " + await mp);
  print(log.join("\n"));
})();
