// Proxy traps that lie: duplicate or missing ownKeys, descriptors inconsistent with the target, has/get/set/deleteProperty/getPrototypeOf that break the invariants: every one is a TypeError.
function check(name, f) {
  try { print(name, "no error:", f()); } catch (e) { print(name, e.constructor.name); }
}
var nonConfigurable = Object.defineProperty({}, "fixed", { value: 1, configurable: false, writable: false, enumerable: true });
var frozen = Object.freeze({ a: 1 });
var sealedEmpty = Object.preventExtensions({});
check("ownKeys duplicates", function () { return Object.keys(new Proxy({}, { ownKeys: function () { return ["a", "a"]; } })); });
check("ownKeys non-string", function () { return Reflect.ownKeys(new Proxy({}, { ownKeys: function () { return [1]; } })); });
check("ownKeys not an object", function () { return Reflect.ownKeys(new Proxy({}, { ownKeys: function () { return "ab"; } })); });
check("ownKeys omits non-configurable", function () { return Reflect.ownKeys(new Proxy(nonConfigurable, { ownKeys: function () { return []; } })); });
check("ownKeys extra on non-extensible", function () { return Reflect.ownKeys(new Proxy(sealedEmpty, { ownKeys: function () { return ["x"]; } })); });
check("ownKeys a huge list with a duplicate at the end", function () {
  var keys = []; for (var i = 0; i < 3000; i++) keys.push("k" + i); keys.push("k0");
  return Reflect.ownKeys(new Proxy({}, { ownKeys: function () { return keys; } })).length;
});
check("gOPD reports non-configurable for a configurable property", function () {
  return Object.getOwnPropertyDescriptor(new Proxy({ a: 1 }, { getOwnPropertyDescriptor: function () { return { value: 1, configurable: false }; } }), "a");
});
check("gOPD hides a non-configurable property", function () {
  return Object.getOwnPropertyDescriptor(new Proxy(nonConfigurable, { getOwnPropertyDescriptor: function () { return undefined; } }), "fixed");
});
check("gOPD invents a property on a non-extensible target", function () {
  return Object.getOwnPropertyDescriptor(new Proxy(sealedEmpty, { getOwnPropertyDescriptor: function () { return { value: 1, configurable: true }; } }), "x");
});
check("gOPD returns a primitive", function () {
  return Object.getOwnPropertyDescriptor(new Proxy({}, { getOwnPropertyDescriptor: function () { return 7; } }), "x");
});
check("has denies a non-configurable property", function () { return "fixed" in new Proxy(nonConfigurable, { has: function () { return false; } }); });
check("get changes a frozen value", function () { return new Proxy(frozen, { get: function () { return 2; } }).a; });
check("set claims success on a frozen property", function () { "use strict"; new Proxy(frozen, { set: function () { return true; } }).a = 5; return "set"; });
check("deleteProperty claims a non-configurable property", function () { return Reflect.deleteProperty(new Proxy(nonConfigurable, { deleteProperty: function () { return true; } }), "fixed"); });
check("defineProperty claims non-configurable", function () { return Reflect.defineProperty(new Proxy({}, { defineProperty: function () { return true; } }), "q", { value: 1, configurable: false }); });
check("getPrototypeOf lies on a non-extensible target", function () { return Object.getPrototypeOf(new Proxy(sealedEmpty, { getPrototypeOf: function () { return Array.prototype; } })); });
check("isExtensible lies", function () { return Object.isExtensible(new Proxy({}, { isExtensible: function () { return false; } })); });
check("preventExtensions lies", function () { return Object.preventExtensions(new Proxy({}, { preventExtensions: function () { return true; } })); });
check("setPrototypeOf lies on a non-extensible target", function () { return Reflect.setPrototypeOf(new Proxy(sealedEmpty, { setPrototypeOf: function () { return true; } }), Array.prototype); });
check("construct returns a primitive", function () { return new (new Proxy(function () {}, { construct: function () { return 1; } }))(); });
// Lies seen by higher-level operations.
check("Object.freeze through lying defineProperty", function () { return Object.isFrozen(Object.freeze(new Proxy({ a: 1 }, { defineProperty: function () { return true; } }))); });
check("JSON.stringify over duplicate keys", function () { return JSON.stringify(new Proxy({}, { ownKeys: function () { return ["a", "a"]; } })); });
check("Object.assign from a proxy whose keys outnumber its descriptors", function () {
  return JSON.stringify(Object.assign({}, new Proxy({}, { ownKeys: function () { return ["a", "b"]; }, getOwnPropertyDescriptor: function (t, k) { return k === "a" ? { value: 1, enumerable: true, configurable: true } : undefined; }, get: function (t, k) { return k; } })));
});
check("spread of a proxy with a symbol and string keys", function () { var s = Symbol("s"); var o = { ...new Proxy({}, { ownKeys: function () { return [s, "b"]; }, getOwnPropertyDescriptor: function () { return { value: 0, enumerable: true, configurable: true }; }, get: function (t, k) { return typeof k; } }) }; return o.b + "," + o[s]; });
