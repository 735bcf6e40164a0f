// Map keys compare with SameValueZero (-0 is stored as +0, NaN equals NaN, strings by content); the
// constructor calls a replaced `set`, reads entries with [[Get]] "0"/"1" and closes the iterator on errors.
// node 20 lacks Map.groupBy, so the last expected line was written by hand.
var key = {};
var long = "k".repeat(200);
var map = new Map([["1", "string"], [1, "number"], [1.0, "same number"], [NaN, "nan"], [-0, "zero"], [key, "object"], [long + "!", "long"]]);
print(map.size, map.get("1"), map.get(1), map.get(Number("NaN")), map.get(0), Object.is(map.keys().next.call(new Map([[-0, 1]]).keys()).value, 0));
print(map.get(long + "!"), map.get("k".repeat(200) + "!"), map.has({}), map.get(key), map.get(0.1 + 0.2), map.set(0.30000000000000004, "f").get(0.1 + 0.2));
var symbol = Symbol("s");
map.set(symbol, "symbol").set(null, "null").set(undefined, "undefined").set(true, "true");
print(map.get(symbol), map.get(null), map.get(undefined), map.get(true), map.get(false), map.size);
var calls = [];
var saved = Map.prototype.set;
Map.prototype.set = function (k, v) { calls.push(k + "=" + v); return saved.call(this, k, v); };
var custom = new Map([["a", 1], ["b", 2]]);
Map.prototype.set = saved;
print(calls.join(" "), custom.size);
var entryObject = { get 0() { return "from-getter"; }, 1: "value" };
print(new Map([entryObject]).get("from-getter"));
var closed = 0;
var iterable = {};
iterable[Symbol.iterator] = function () {
  return { next: function () { return { value: 5, done: false }; }, return: function () { closed++; return {}; } };
};
try {
  new Map(iterable);
} catch (e) {
  print(e.name, closed);
}
print(new Map(null).size, new Map(undefined).size, new Map([]).size);
class Counted extends Map {
  set(k, v) { return super.set(k, v * 10); }
}
var counted = new Counted([["x", 1]]);
print(counted.get("x"), counted instanceof Map, Object.getPrototypeOf(counted) === Counted.prototype, Map[Symbol.species] === Map);
print(Map.length, Map.prototype.set.length, Map.groupBy.length, Object.getOwnPropertyDescriptor(Map.prototype, "size").get.name);
