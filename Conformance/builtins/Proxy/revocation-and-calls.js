// Proxy creation, revocation, callable proxies (typeof, apply/construct traps), Array.isArray through proxies, long chains.
var results = [];
for (var args of [[], [1, {}], [{}, null], [{}, 1]]) {
  try { new Proxy(args[0], args[1]); results.push("made"); } catch (e) { results.push(e.constructor.name); }
}
print(results.join());
try { Proxy({}, {}); } catch (e) { print("call", e.constructor.name); }
print(Proxy.length, Proxy.name, Proxy.hasOwnProperty("prototype"), Proxy.revocable.length);
var pair = Proxy.revocable({ a: 1 }, {});
print(pair.proxy.a, Object.keys(pair).join(), pair.revoke(), pair.revoke());
for (var op of [
  function (p) { return p.a; }, function (p) { p.a = 1; }, function (p) { return "a" in p; }, function (p) { return Object.keys(p); },
  function (p) { return Object.getPrototypeOf(p); }, function (p) { return Array.isArray(p); }, function (p) { return typeof p; },
]) {
  try { print(op(pair.proxy)); } catch (e) { print(e.constructor.name); }
}
var callable = new Proxy(function (a, b) { return a + b; }, {});
print(typeof callable, typeof new Proxy({}, {}), callable(1, 2), typeof new Proxy(class {}, {}));
var traced = new Proxy(function () { return "called"; }, {
  apply(target, thisArg, list) { return [typeof target, thisArg, list.length, Array.isArray(list)].join(); },
  construct(target, list, newTarget) { return { made: list.join(), same: newTarget === traced }; },
});
print(traced.call("self", 1, 2), new traced(3, 4).made, new traced().same);
try { new (new Proxy(() => {}, {}))(); } catch (e) { print("arrow construct", e.constructor.name); }
print(Array.isArray(new Proxy([], {})), Array.isArray(new Proxy(new Proxy([], {}), {})), Array.isArray(new Proxy({}, {})));
print(Object.prototype.toString.call(new Proxy([], {})), Object.prototype.toString.call(new Proxy(function () {}, {})));
print([].concat(new Proxy([1, 2], {})).length, JSON.stringify(new Proxy([1, { a: 2 }], {})));
// A chain of proxies without traps is followed in a loop, deeper than the native re-entry limit.
var handler = {};
var bottom = function () { return "end"; };
bottom.deep = "bottom";
var chain = bottom;
for (var i = 0; i < 410; i++) chain = new Proxy(chain, handler);
for (var step of [function () { return chain.deep; }, function () { return Object.keys(chain); }, function () { return Array.isArray(chain); }, function () { return chain(); }]) {
  try { print(step()); } catch (e) { print(e.constructor.name); }
}
