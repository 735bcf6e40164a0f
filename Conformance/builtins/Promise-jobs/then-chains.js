// Reactions run as jobs in FIFO order after the script: chains interleave one step per tick, handlers
// registered on a settled promise queue at once, and then() never calls a handler synchronously.
var log = [];
function step(name) { return function (v) { log.push(name + ":" + v); return v + 1; }; }
var a = Promise.resolve(0);
a.then(step("a1")).then(step("a2")).then(step("a3"));
var b = Promise.resolve(10);
b.then(step("b1")).then(step("b2"));
a.then(step("a-second"));
var rejected = Promise.reject(5);
rejected.then(step("never")).catch(function (e) { log.push("caught:" + e); });
rejected.catch(function (e) { log.push("direct catch:" + e); return "recovered"; }).then(step("after catch"));
var pending;
var late = new Promise(function (resolve) { pending = resolve; });
late.then(step("late1"));
late.then(step("late2"));
Promise.resolve().then(function () { pending(100); log.push("resolved late"); });
// Non-callable handlers pass values and reasons through.
Promise.resolve("through").then(null, 42).then(step("identity"));
Promise.reject("reason").then(undefined, undefined).then(null, function (r) { log.push("thrower:" + r); });
// A handler that throws rejects the derived promise.
Promise.resolve().then(function () { throw new TypeError("boom"); }).catch(function (e) { log.push(e.name + ":" + e.message); });
log.push("sync end");
setTimeout(function () { print(log.join("\n")); }, 0);
