// Reflect: the 13 functions, their argument checks and their results.
var object = { a: 1 };
print(Reflect.get(object, "a"), Reflect.set(object, "b", 2), object.b, Reflect.has(object, "b"), Reflect.has(object, "toString"));
print(Reflect.defineProperty(object, "c", { value: 3 }), Reflect.defineProperty(object, "c", { value: 4 }), object.c);
print(Reflect.deleteProperty(object, "a"), Reflect.deleteProperty(object, "c"), "a" in object);
print(Reflect.ownKeys({ b: 1, 2: 0, a: 1, 1: 0, [Symbol.iterator]: 0 }).map(String).join());
print(Reflect.getPrototypeOf([]) === Array.prototype, Reflect.setPrototypeOf(object, null), Reflect.getPrototypeOf(object));
print(Reflect.isExtensible(object), Reflect.preventExtensions(object), Reflect.isExtensible(object), Reflect.set(object, "z", 1));
print(Reflect.setPrototypeOf(object, {}), Reflect.setPrototypeOf(Object.preventExtensions({}), Object.prototype));
var descriptor = Reflect.getOwnPropertyDescriptor({ get x() { return 1; } }, "x");
print(typeof descriptor.get, descriptor.set, descriptor.enumerable, Reflect.getOwnPropertyDescriptor({}, "x"));
// Receivers: getters and setters see the receiver.
var withAccessors = { get who() { return this.name; }, set who(v) { this.name = v; } };
var receiver = { name: "receiver" };
print(Reflect.get(withAccessors, "who", receiver), Reflect.set(withAccessors, "who", "set", receiver), receiver.name);
var frozenReceiver = Object.freeze({});
print(Reflect.set({}, "p", 1, frozenReceiver), Reflect.set({}, "p", 1, 1));
// apply and construct.
print(Reflect.apply(Math.max, null, [1, 3, 2]), Reflect.apply(function () { return this; }, "t", []) == "t");
function Base() { this.made = new.target; }
function Other() {}
var made = Reflect.construct(Base, [], Other);
print(made.made === Other, Object.getPrototypeOf(made) === Other.prototype);
print(Reflect.construct(Date, [0]) instanceof Date, Reflect.apply.length, Reflect.construct.length, Reflect.defineProperty.length);
// Errors: non-object targets, non-callable targets, non-constructors, bad argument lists.
var checks = [
  function () { Reflect.get(1, "a"); },
  function () { Reflect.ownKeys("s"); },
  function () { Reflect.setPrototypeOf({}, 1); },
  function () { Reflect.apply(1, null, []); },
  function () { Reflect.apply(function () {}, null, 1); },
  function () { Reflect.construct(function () {}, [], Math.max); },
  function () { Reflect.construct(() => {}, []); },
  function () { Reflect.defineProperty({}, "x", 1); },
];
print(checks.map(function (check) { try { check(); return "none"; } catch (e) { return e.constructor.name; } }).join());
print(Object.prototype.toString.call(Reflect), typeof Reflect, Reflect[Symbol.toStringTag]);
print(Object.getOwnPropertyNames(Reflect).sort().join());
