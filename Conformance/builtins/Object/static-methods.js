// Object.keys / values / entries / assign / fromEntries / getOwnPropertyNames / is / groupBy / hasOwn.
// Object.groupBy is ES2024; node 20 lacks it, so its expected line (and the next) were written by hand.
var object = { a: 1, b: 2 };
Object.defineProperty(object, "hidden", { value: 3 });
print(Object.keys(object).join(), Object.values(object).join(), JSON.stringify(Object.entries(object)));
print(Object.getOwnPropertyNames(object).join(), Object.keys("ab").join(), Object.keys([5, 6]).join());
var target = { a: 0 };
var result = Object.assign(target, { a: 1, b: 1 }, null, { c: 1 }, "xy");
print(result === target, JSON.stringify(target));
print(JSON.stringify(Object.fromEntries([["x", 1], ["y", 2]])), JSON.stringify(Object.fromEntries(new Map([["m", 3]]))));
var log = [];
Object.assign({ set value(v) { log.push("setter " + v); } }, { value: 5 });
print(log.join());
print(Object.is(1, 1), Object.getPrototypeOf(Object.prototype), typeof Object.getPrototypeOf(function () {}));
print(Object(1) instanceof Number, typeof Object("s"), Object(null) instanceof Object, Object.prototype.toString.call(null));
print([1, "s", true, null, undefined, [], {}, function () {}, new Date(0), /x/, new Error()].map(function (v) {
  return Object.prototype.toString.call(v).slice(8, -1);
}).join(" "));
print(Object.groupBy([1, 2, 3, 4], function (x) { return x % 2 ? "odd" : "even"; }).odd.join());
print(Object.hasOwn({ p: 1 }, "p"), Object.hasOwn({}, "toString"));
