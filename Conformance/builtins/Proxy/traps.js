// Proxy traps: get, set, has, deleteProperty, ownKeys, and invariant enforcement.
var log = [];
var target = { a: 1 };
var proxy = new Proxy(target, {
  get(t, key, receiver) { log.push("get " + String(key)); return key in t ? t[key] : "default"; },
  set(t, key, value) { log.push("set " + key); t[key] = value * 2; return true; },
  has(t, key) { log.push("has " + key); return key !== "hidden"; },
  deleteProperty(t, key) { log.push("delete " + key); return delete t[key]; },
  ownKeys(t) { log.push("ownKeys"); return Reflect.ownKeys(t); },
});
print(proxy.a, proxy.missing);
proxy.b = 5;
print(target.b, "hidden" in proxy, "other" in proxy, delete proxy.a, Object.keys(proxy).join());
print(log.join(", "));
var frozen = Object.freeze({ fixed: 1 });
var liar = new Proxy(frozen, { get() { return 2; } });
try {
  liar.fixed;
} catch (e) {
  print(e.name);
}
var revocable = Proxy.revocable({}, {});
revocable.revoke();
try {
  revocable.proxy.x;
} catch (e) {
  print(e.name);
}
