// defineProperty defaults to non-writable, non-enumerable, non-configurable; writes are then ignored (sloppy).
var object = {};
Object.defineProperty(object, "fixed", { value: 1 });
object.fixed = 2;
print(object.fixed, Object.keys(object).length, delete object.fixed, object.fixed);
var descriptor = Object.getOwnPropertyDescriptor(object, "fixed");
print(descriptor.value, descriptor.writable, descriptor.enumerable, descriptor.configurable);
try {
  Object.defineProperty(object, "fixed", { value: 3 });
} catch (e) {
  print(e.name);
}
Object.defineProperty(object, "fixed", { value: 1 });
print("redefining with the same value is allowed");
var literal = { plain: 1 };
var plain = Object.getOwnPropertyDescriptor(literal, "plain");
print(plain.writable, plain.enumerable, plain.configurable);
Object.defineProperties(literal, { a: { value: "a", enumerable: true }, b: { get: function () { return "b"; } } });
print(Object.keys(literal).join(","), literal.b);
var writableOnly = {};
Object.defineProperty(writableOnly, "w", { value: 1, writable: true });
Object.defineProperty(writableOnly, "w", { value: 2 });
print(writableOnly.w);
print(Object.getOwnPropertyDescriptor(object, "missing"));
try {
  Object.defineProperty({}, "bad", { value: 1, get: function () {} });
} catch (e) {
  print(e.name);
}
