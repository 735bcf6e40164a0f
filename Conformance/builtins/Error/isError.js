// Error.isError (ES2026 20.5.2.1) is true only for objects with [[ErrorData]]. Expected output written by hand (node 20 lacks Error.isError), checked against the spec.
var d = Object.getOwnPropertyDescriptor(Error, "isError");
print(typeof d.value, d.writable, d.enumerable, d.configurable, Error.isError.length, Error.isError.name);
print(Error.isError(new Error("x")), Error.isError(new TypeError()), Error.isError(new AggregateError([])));
class MyError extends Error {}
print(Error.isError(new MyError()));
var fake = { __proto__: Error.prototype, constructor: Error, message: "" };
fake[Symbol.toStringTag] = "Error";
print(Error.isError(fake), Error.isError(Object.create(Error.prototype)));
print(Error.isError(), Error.isError(null), Error.isError("Error"), Error.isError(Symbol()), Error.isError(42));
print(Error.isError(new Proxy(new Error(), {})));
var stolen = Reflect.construct(Error, [], Object);
print(Error.isError(stolen), Object.getPrototypeOf(stolen) === Object.prototype);
