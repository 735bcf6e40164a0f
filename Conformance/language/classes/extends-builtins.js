// Subclassing built-ins: Array keeps its exotic length, Error keeps its data and name lookup.
class Stack extends Array {
  top() { return this[this.length - 1]; }
}
var stack = new Stack();
stack.push(1, 2, 3);
print(stack.length, stack.top(), Array.isArray(stack), stack instanceof Stack);
stack.length = 1;
print(stack.join(","), stack.map(function (x) { return x * 2; }) instanceof Stack);
class AppError extends Error {
  constructor(message, code) {
    super(message);
    this.code = code;
  }
}
AppError.prototype.name = "AppError";
var error = new AppError("failed", 7);
print(error.message, error.code, error.name, String(error), error instanceof Error);
print(Object.prototype.toString.call(error));
class Plain extends Error {}
print(new Plain("p").name, String(new Plain("p")));
class Collection extends Map {
  getOr(key, fallback) { return this.has(key) ? this.get(key) : fallback; }
}
var collection = new Collection([["a", 1]]);
print(collection.getOr("a", 0), collection.getOr("b", 0), collection.size);
