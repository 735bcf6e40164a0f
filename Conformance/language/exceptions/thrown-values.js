// Any value can be thrown; Error objects get message, name and the prototype chain.
var values = [42, "text", null, undefined, { a: 1 }, [1, 2], true];
var caught = values.map(function (value) {
  try {
    throw value;
  } catch (e) {
    return e === value;
  }
});
print(caught.join(" "));
var error = new Error("message");
print(error.message, error.name, String(error), error instanceof Error, Object.prototype.toString.call(error));
print(Object.keys(error).length, error.hasOwnProperty("message"), Error.prototype.hasOwnProperty("name"));
var types = [TypeError, RangeError, SyntaxError, ReferenceError, EvalError, URIError];
print(types.map(function (T) { var e = new T("m"); return e.name + ":" + (e instanceof Error) + ":" + (Object.getPrototypeOf(T) === Error); }).join(" "));
print(new Error().message === "", String(new TypeError()), Error("no new").message);
var withCause = new Error("outer", { cause: "inner" });
print(withCause.cause, "cause" in new Error("x"), "cause" in new Error("x", {}));
var empty = new Error("");
empty.name = "";
print("[" + String(empty) + "]");
var custom = { name: "Custom", message: "msg" };
print(Error.prototype.toString.call(custom));
