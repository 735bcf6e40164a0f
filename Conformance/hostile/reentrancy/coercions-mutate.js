// valueOf/toString/toJSON/reviver/replacer callbacks that mutate the structure the builtin is working on.
var arr = [1, 2, 3], calls = 0;
Object.defineProperty(arr, "length", { value: { valueOf: function () { calls++; arr.push(9); return 1; } } });
print(calls, arr.length, arr.join());
var parsed = JSON.parse('{"a":1,"b":2,"c":[1,2,3,4],"d":4}', function (k, v) {
  if (k === "a") { delete this.b; this.z = 26; }
  if (k === "0") { this.length = 1; }
  return v;
});
print(JSON.stringify(parsed));
var order = [];
JSON.parse('[[1,2],[3,4],{"x":{"y":1}}]', function (k, v) { order.push(k); if (k === "0" && Array.isArray(this) && this.length === 3) this[2] = "gone"; return v; });
print(order.join("|"));
var holder = { a: { toJSON: function () { delete holder.b; holder.c = 3; return "A"; } }, b: 2 };
print(JSON.stringify(holder));
var list = [1, 2, 3, 4];
print(JSON.stringify(list, function (k, v) { if (k === "1") list.length = 2; return v; }));
var other = [7, 8];
var spreader = { length: 2, 0: "x", 1: "y", get [Symbol.isConcatSpreadable]() { other.length = 0; return true; } };
print(JSON.stringify([0].concat(spreader, other)));
var ent = [["a", 1], ["b", 2]];
print(JSON.stringify(Object.fromEntries({ [Symbol.iterator]: function () { var i = 0; return { next: function () { if (i === 1) ent.push(["c", 3]); return i < ent.length ? { value: ent[i++], done: false } : { done: true }; } }; } })));
// A toString that redefines itself: the second String() sees the new method.
var o = { toString: function () { o.toString = function () { return "second"; }; return "first"; } };
print(String(o), String(o), o + "");
// A key whose toString deletes the property being defined/read.
var target = { k: 1 };
var key = { toString: function () { delete target.k; return "k"; } };
print(target[key], key in { k: 1 }, Object.hasOwn(target, key));
// Array.prototype.with / toSpliced / toSorted with a mutating index.
var w = [1, 2, 3];
print(JSON.stringify(w.with({ valueOf: function () { w.length = 0; return 2; } }, 9)), w.length);
var w1 = [1, 2, 3];
try { w1.with({ valueOf: function () { w1.length = 9; return 5; } }, 9); } catch (e) { print("with past the length read first:", e.constructor.name); }
var w2 = [1, 2, 3, 4];
print(JSON.stringify(w2.toSpliced({ valueOf: function () { w2.length = 1; return 1; } }, 1)));
