// Keys that exist only in an ownKeys trap result stay valid while later traps allocate (run under --gc-stress).
var target = {};
for (var i = 0; i < 5; i++) target["key" + i] = i;
var proxy = new Proxy(target, {
  ownKeys: function () { var keys = []; for (var i = 0; i < 5; i++) keys.push("fresh" + i); return keys; },
  getOwnPropertyDescriptor: function (t, k) { var garbage = []; for (var i = 0; i < 3; i++) garbage.push({ k: k }); return { value: k + "!", enumerable: true, configurable: true }; },
  get: function (t, k) { return [k].join() + "?"; },
});
print(Object.keys(proxy).join());
print(Object.values(proxy).join());
print(JSON.stringify(Object.entries(proxy)));
print(JSON.stringify(Object.getOwnPropertyDescriptors(proxy)));
print(Object.getOwnPropertyNames(proxy).join());
print(JSON.stringify(Object.assign({}, proxy)));
print(JSON.stringify({ ...proxy }));
print(Reflect.ownKeys(proxy).join());
print(Object.isFrozen(proxy), Object.isSealed(proxy));
