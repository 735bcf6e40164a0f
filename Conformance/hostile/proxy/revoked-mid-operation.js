// A proxy revoked by its own trap in the middle of an operation (ownKeys, get during JSON.stringify/Object.assign, has during with, apply, construct, iteration): the next step on it is a TypeError.
function check(name, f) {
  try { print(name, "no error:", f()); } catch (e) { print(name, e.constructor.name); }
}
function revocable(target, traps) { var r = Proxy.revocable(target, traps(function () { r.revoke(); })); return r.proxy; }
check("keys then revoked before the descriptors", function () {
  return Object.keys(revocable({ a: 1, b: 2 }, function (revoke) { return { ownKeys: function (t) { revoke(); return Reflect.ownKeys(t); } }; }));
});
check("JSON.stringify revoked by a get", function () {
  return JSON.stringify(revocable({ a: 1, b: 2 }, function (revoke) { return { get: function (t, k) { revoke(); return t[k]; } }; }));
});
check("JSON.stringify revoked inside a nested value", function () {
  return JSON.stringify({ outer: revocable([1, 2, 3], function (revoke) { return { get: function (t, k) { if (k === "1") revoke(); return t[k]; } }; }) });
});
check("Object.assign revoked by gOPD", function () {
  return JSON.stringify(Object.assign({}, revocable({ a: 1, b: 2 }, function (revoke) { return { getOwnPropertyDescriptor: function (t, k) { revoke(); return Reflect.getOwnPropertyDescriptor(t, k); } }; })));
});
check("apply revoked by itself, called again", function () {
  var f = revocable(function () { return 1; }, function (revoke) { return { apply: function (t) { revoke(); return t(); } }; });
  return f() + f();
});
check("construct revoked by newTarget's prototype getter", function () {
  var F = revocable(function () {}, function (revoke) { return { get: function (t, k) { revoke(); return t[k]; } }; });
  return typeof Reflect.construct(function () {}, [], F);
});
check("Array.isArray of a revoked proxy", function () { var r = Proxy.revocable([], {}); r.revoke(); return Array.isArray(r.proxy); });
check("for-of over a proxied array revoked mid-iteration", function () {
  var p = revocable([1, 2, 3, 4], function (revoke) { return { get: function (t, k) { if (k === "2") revoke(); return t[k]; } }; });
  var out = []; for (var x of p) out.push(x); return out.join();
});
check("with-scope proxy revoked by has", function () {
  var p = revocable({ v: 1 }, function (revoke) { return { has: function (t, k) { if (k === "v") revoke(); return k in t; } }; });
  with (p) { return v; }
});
check("revoked proxy as a prototype", function () { var r = Proxy.revocable({}, {}); var o = Object.create(r.proxy); r.revoke(); return o.x; });
check("instanceof with a revoked prototype in the chain", function () { var r = Proxy.revocable({}, {}); var o = Object.create(r.proxy); r.revoke(); return o instanceof Object; });
check("revoke called repeatedly from inside traps", function () {
  var r = Proxy.revocable({}, { get: function () { r.revoke(); r.revoke(); return 1; } });
  return r.proxy.x;
});
check("typeof and String of a revoked callable proxy", function () { var r = Proxy.revocable(function () {}, {}); r.revoke(); return typeof r.proxy; });
