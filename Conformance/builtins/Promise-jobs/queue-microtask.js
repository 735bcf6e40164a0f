// queueMicrotask callbacks share the FIFO job queue with promise reactions; they get no arguments,
// and a non-callable argument is a TypeError.
var log = [];
queueMicrotask(function () { log.push("microtask 1, arguments " + arguments.length); });
Promise.resolve().then(function () { log.push("promise 1"); queueMicrotask(function () { log.push("nested microtask"); }); });
queueMicrotask(function () { log.push("microtask 2"); Promise.resolve().then(function () { log.push("promise from microtask"); }); });
Promise.resolve().then(function () { log.push("promise 2"); });
try { queueMicrotask(42); } catch (e) { log.push("queueMicrotask(42): " + e.constructor.name); }
log.push("sync end");
setTimeout(function () { print(log.join("\n")); }, 0);
