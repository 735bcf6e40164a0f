// Promise.all / allSettled / any / race: results in input order whatever the settling order, the first
// rejection (all, race) or fulfilment (any) wins, AggregateError for any, empty inputs, non-promises.
var log = [];
function later(value, ticks, reject) {
  var p = Promise.resolve();
  for (var i = 0; i < ticks; i++) p = p.then(function () {});
  return p.then(function () { if (reject) throw value; return value; });
}
Promise.all([later("slow", 3), later("fast", 1), "plain", { then: function (r) { r("thenable"); } }])
  .then(function (v) { log.push("all: " + v.join(",")); });
Promise.all([later("ok", 1), later("bad", 2, true), later("worse", 3, true)])
  .catch(function (e) { log.push("all rejected: " + e); });
Promise.all([]).then(function (v) { log.push("all empty: " + Array.isArray(v) + " " + v.length); });
Promise.allSettled([later(1, 2), later(2, 1, true), 3]).then(function (results) {
  log.push("allSettled: " + JSON.stringify(results));
});
Promise.any([later("e1", 1, true), later("win", 2), later("e2", 3, true)])
  .then(function (v) { log.push("any: " + v); });
Promise.any([later("e1", 2, true), later("e2", 1, true)]).catch(function (e) {
  log.push("any rejected: " + (e instanceof AggregateError) + " " + e.name + " [" + e.errors.join(",") + "] " +
    Object.getOwnPropertyDescriptor(e, "errors").enumerable);
});
Promise.any([]).catch(function (e) { log.push("any empty: " + e.name + " " + e.errors.length); });
Promise.race([later("slow", 3), later("fast", 1)]).then(function (v) { log.push("race: " + v); });
Promise.race([later("slow", 3), later("fast failure", 1, true)]).catch(function (e) { log.push("race rejected: " + e); });
var forever = Promise.race([]);
// Iteration errors reject instead of throwing; a non-iterable too.
Promise.all(42).catch(function (e) { log.push("not iterable: " + e.constructor.name); });
var closed = false;
var iterable = {};
iterable[Symbol.iterator] = function () {
  return { next: function () { return { value: 1, done: false }; }, return: function () { closed = true; return {}; } };
};
var originalResolve = Promise.resolve;
Promise.resolve = function () { throw new Error("resolve threw"); };
Promise.all(iterable).catch(function (e) { log.push(e.message + ", iterator closed: " + closed); });
Promise.resolve = originalResolve;
// Element order uses the index even when settled in reverse.
var resolvers = [];
var promises = [0, 1, 2].map(function () { return new Promise(function (r) { resolvers.push(r); }); });
Promise.all(promises).then(function (v) { log.push("reverse settle: " + v.join(",")); });
resolvers[2]("c"); resolvers[1]("b"); resolvers[0]("a");
log.push("sync end");
setTimeout(function () { print(log.join("\n")); }, 0);
