// Promise.withResolvers and Promise.try (ES2024, ES2025). node 20 has neither, so this file's
// expected output was written by hand from the spec (27.2.4.8, 27.2.4.9).
var log = [];
var r = Promise.withResolvers();
log.push("withResolvers keys: " + Object.keys(r).join(","));
r.promise.then(function (v) { log.push("withResolvers resolved: " + v); });
r.resolve("first");
r.resolve("second");
r.reject("ignored");
var rejecting = Promise.withResolvers();
rejecting.promise.catch(function (e) { log.push("withResolvers rejected: " + e); });
rejecting.reject("no");
class Sub extends Promise {}
log.push("withResolvers on a subclass: " + (Sub.withResolvers().promise instanceof Sub));
var calls = [];
var tried = Promise.try(function (a, b) { calls.push("called synchronously with " + a + " " + b); return a + b; }, 2, 3);
log.push(calls.join(""));
tried.then(function (v) { log.push("try result: " + v); });
Promise.try(function () { throw new Error("sync throw"); }).catch(function (e) { log.push("try rejected: " + e.message); });
Promise.try(function () { return Promise.resolve("inner"); }).then(function (v) { log.push("try unwraps: " + v); });
Promise.try(42).catch(function (e) { log.push("try non-callable: " + e.constructor.name); });
log.push("try length " + Promise.try.length + ", withResolvers length " + Promise.withResolvers.length);
log.push("sync end");
setTimeout(function () { print(log.join("\n")); }, 0);
