// Proxy chains thousands deep (proxy of proxy of ..., with and without traps, callable, as prototypes) and a prototype cycle closed through a proxy: a result or a RangeError, never a crash.
// (The spec sets no depth limit, so a value and a RangeError are both right for the deep chains; sizes fit the gc-stress mode. The cycle recurses without end: RangeError, as in node.)
function check(name, f) {
  try { print(name, "value:", f()); } catch (e) { print(name, e.constructor.name); }
}
var N = 2000;
function chain(n, handler) { var p = { x: 1 }; for (var i = 0; i < n; i++) p = new Proxy(p, handler); return p; }
var plain = chain(N, {});
check("get through plain proxies", function () { return plain.x; });
check("set through plain proxies", function () { plain.y = 2; return plain.y; });
check("has through plain proxies", function () { return "x" in plain; });
check("keys through plain proxies", function () { return Object.keys(plain).join(); });
check("delete through plain proxies", function () { return delete plain.y && !("y" in plain); });
check("get through trapping proxies", function () { return chain(N, { get: function (t, k) { return Reflect.get(t, k); } }).x; });
check("call through plain proxies", function () { var f = function () { return 7; }; for (var i = 0; i < N; i++) f = new Proxy(f, {}); return f() + " " + typeof f; });
check("isArray through plain proxies", function () { var a = []; for (var i = 0; i < N; i++) a = new Proxy(a, {}); return Array.isArray(a); });
check("proxies as a prototype chain", function () { var o = { x: 3 }; for (var i = 0; i < N / 2; i++) o = Object.create(new Proxy(o, {})); return o.x; });
// A prototype cycle through a proxy (OrdinarySetPrototypeOf stops its cycle check at a proxy).
var target = {};
var proxy = new Proxy(target, {});
Object.setPrototypeOf(target, proxy);
check("get on a cycle", function () { return target.missing; });
check("has on a cycle", function () { return "missing" in target; });
check("set on a cycle", function () { target.fresh = 1; return target.fresh; });
check("own property on a cycle", function () { target.own = 5; return target.own; });
check("after the cycle", function () { return [1, 2, 3].map(function (x) { return x * 2; }).join(); });
