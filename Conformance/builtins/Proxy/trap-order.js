// The traps that builtins run on a proxy, in order (Object.keys, assign, freeze, Array methods, spread).
var log = [];
var handler = {};
for (var name of ["get", "set", "has", "deleteProperty", "ownKeys", "getOwnPropertyDescriptor", "defineProperty",
    "getPrototypeOf", "setPrototypeOf", "isExtensible", "preventExtensions"]) {
  handler[name] = (function (name) {
    return function () {
      var key = arguments[1];
      log.push(typeof key === "symbol" ? name + " " + String(key) : key === undefined || typeof key === "object" ? name : name + " " + key);
      return Reflect[name].apply(null, arguments);
    };
  })(name);
}
function logged(target) { return new Proxy(target, handler); }
function show(label) { print(label + ": " + log.join(", ")); log = []; }
var proxy = logged({ a: 1, b: 2 });
Object.keys(proxy); show("keys");
Object.assign({}, proxy); show("assign");
Object.freeze(proxy); show("freeze");
Object.isFrozen(proxy); show("isFrozen");
var array = logged([1, 2, 3]);
array.push(4); show("push");
array.reverse(); show("reverse");
Array.prototype.includes.call(array, 9); show("includes");
array.splice(1, 1); show("splice");
var spread = { ...logged({ s: 1 }) }; show("spread");
Object.prototype.hasOwnProperty.call(logged({}), "h"); show("hasOwnProperty");
