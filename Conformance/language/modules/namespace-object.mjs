// Module namespace exotic objects: sorted keys, @@toStringTag, null prototype, not extensible,
// non-writable from outside, exports as enumerable writable non-configurable data properties.
import * as ns from "./namespace-object_FIXTURE.mjs";
print(Object.keys(ns).join(), String(Reflect.ownKeys(ns).length));
print(ns[Symbol.toStringTag], Object.prototype.toString.call(ns), Object.getPrototypeOf(ns));
print(Object.isExtensible(ns), Object.isFrozen(ns), Reflect.preventExtensions(ns));
print(JSON.stringify(Object.getOwnPropertyDescriptor(ns, "b")));
print(Reflect.set(ns, "b", 1), Reflect.deleteProperty(ns, "b"), Reflect.deleteProperty(ns, "nope"));
print("b" in ns, "nope" in ns, ns.nope, Reflect.defineProperty(ns, "b", { value: 2 }));
for (const [key, value] of Object.entries(ns)) print(key, value);
try {
  ns.b = 5;
} catch (error) {
  print(error.constructor.name);
}
try {
  Object.freeze(ns);
} catch (error) {
  print("freeze:", error.constructor.name);
}
