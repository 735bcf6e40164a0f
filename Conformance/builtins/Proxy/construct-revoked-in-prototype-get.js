// GetPrototypeFromConstructor falls back to GetFunctionRealm(newTarget), which throws a TypeError for a revoked proxy (ES2024 7.3.24 step 3.a).
var handle = Proxy.revocable(function () {}, {
  get: function (target, key) {
    print("get", String(key));
    handle.revoke();
  }
});
try { new handle.proxy(); print("no error"); } catch (e) { print(e instanceof TypeError); }
var bound = Function.prototype.bind.call(Proxy.revocable(function () {}, {}).proxy);
print(typeof Reflect.construct(Object, [], bound));
var handle2 = Proxy.revocable(function () {}, {});
var boundOverRevoked = Function.prototype.bind.call(handle2.proxy);
Object.defineProperty(boundOverRevoked, "prototype", { value: undefined });
handle2.revoke();
try { Reflect.construct(Array, [], boundOverRevoked); print("no error"); } catch (e) { print(e instanceof TypeError); }
