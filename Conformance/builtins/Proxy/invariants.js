// Proxy invariants (ES2024 10.5): every trap result that contradicts the target throws a TypeError.
function check(name, action) {
  try { action(); print(name, "no error"); } catch (e) { print(name, e.constructor.name); }
}
var frozen = Object.freeze({ fixed: 1 });
var sealedAccessor = Object.seal({ set onlySetter(v) {} });
var nonExtensible = Object.preventExtensions({ kept: 1 });
check("get non-writable", function () { new Proxy(frozen, { get() { return 2; } }).fixed; });
check("get same value", function () { new Proxy(frozen, { get() { return 1; } }).fixed; });
check("get no getter", function () { new Proxy(sealedAccessor, { get() { return 1; } }).onlySetter; });
check("set non-writable", function () { new Proxy(frozen, { set() { return true; } }).fixed = 5; });
check("has non-configurable", function () { "fixed" in new Proxy(frozen, { has() { return false; } }); });
check("has non-extensible", function () { "kept" in new Proxy(nonExtensible, { has() { return false; } }); });
check("delete non-configurable", function () { delete new Proxy(frozen, { deleteProperty() { return true; } }).fixed; });
check("delete non-extensible", function () { delete new Proxy(nonExtensible, { deleteProperty() { return true; } }).kept; });
check("defineProperty new on non-extensible", function () {
  Object.defineProperty(new Proxy(nonExtensible, { defineProperty() { return true; } }), "fresh", { value: 1 });
});
check("defineProperty non-configurable missing", function () {
  Object.defineProperty(new Proxy({}, { defineProperty() { return true; } }), "x", { value: 1, configurable: false });
});
check("defineProperty falsish", function () {
  Object.defineProperty(new Proxy({}, { defineProperty() { return false; } }), "x", { value: 1 });
});
print("Reflect.defineProperty falsish", Reflect.defineProperty(new Proxy({}, { defineProperty() { return 0; } }), "x", {}));
check("gOPD undefined for non-configurable", function () {
  Object.getOwnPropertyDescriptor(new Proxy(frozen, { getOwnPropertyDescriptor() {} }), "fixed");
});
check("gOPD non-configurable for configurable", function () {
  Object.getOwnPropertyDescriptor(new Proxy({ c: 1 }, { getOwnPropertyDescriptor() { return { value: 1, configurable: false }; } }), "c");
});
check("gOPD primitive", function () {
  Object.getOwnPropertyDescriptor(new Proxy({}, { getOwnPropertyDescriptor() { return 1; } }), "c");
});
check("ownKeys missing non-configurable", function () { Object.keys(new Proxy(frozen, { ownKeys() { return []; } })); });
check("ownKeys extra on non-extensible", function () { Reflect.ownKeys(new Proxy(nonExtensible, { ownKeys() { return ["kept", "extra"]; } })); });
check("ownKeys duplicate", function () { Reflect.ownKeys(new Proxy({}, { ownKeys() { return ["a", "a"]; } })); });
check("ownKeys number", function () { Reflect.ownKeys(new Proxy({}, { ownKeys() { return [1]; } })); });
check("ownKeys non-object", function () { Reflect.ownKeys(new Proxy({}, { ownKeys() { return "ab"; } })); });
check("getPrototypeOf non-extensible", function () { Object.getPrototypeOf(new Proxy(nonExtensible, { getPrototypeOf() { return null; } })); });
check("getPrototypeOf primitive", function () { Object.getPrototypeOf(new Proxy({}, { getPrototypeOf() { return 1; } })); });
check("setPrototypeOf non-extensible", function () { Reflect.setPrototypeOf(new Proxy(nonExtensible, { setPrototypeOf() { return true; } }), null); });
check("isExtensible mismatch", function () { Object.isExtensible(new Proxy({}, { isExtensible() { return false; } })); });
check("preventExtensions lies", function () { Object.preventExtensions(new Proxy({}, { preventExtensions() { return true; } })); });
check("preventExtensions falsish", function () { Object.preventExtensions(new Proxy({}, { preventExtensions() { return false; } })); });
check("construct non-object", function () { new (new Proxy(function () {}, { construct() { return 1; } }))(); });
check("trap not callable", function () { new Proxy({}, { get: 1 }).x; });
print("trap null falls through", new Proxy({ v: 7 }, { get: null }).v);
