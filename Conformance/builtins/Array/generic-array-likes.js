// Array.prototype methods on array-likes: lengths up to 2^53 - 1, index keys past 2^32 - 2, strings, and boxed primitives.
var big = { length: 2 ** 53 - 1 };
big[2 ** 53 - 2] = "last";
print(Array.prototype.at.call(big, -1), Array.prototype.lastIndexOf.call(big, "last"), Array.prototype.includes.call(big, "last", -1));
print(Array.prototype.indexOf.call(big, "last", 2 ** 53 - 3), Array.prototype.findLastIndex.call(big, function (v) { return v === "last"; }) === 2 ** 53 - 2);
try { Array.prototype.push.call(big, 1); } catch (e) { print(e.constructor.name, big.length); }
try { Array.prototype.unshift.call(big, 1); } catch (e) { print(e.constructor.name); }
try { [1].concat({ length: 2 ** 53 - 1, [Symbol.isConcatSpreadable]: true }); } catch (e) { print(e.constructor.name); }
var pushed = { length: 2 ** 32 - 1 };
Array.prototype.push.call(pushed, "a", "b");
print(pushed.length, pushed[4294967295], pushed[4294967296]);
var popped = { length: 4294967297, 4294967296: "p" };
print(Array.prototype.pop.call(popped), popped.length, 4294967296 in popped);
print(Array.prototype.join.call("abc", "-"), Array.prototype.map.call("xy", function (c) { return c + c; }).join());
print(Array.prototype.slice.call({ length: 3, 0: "a", 2: "c" }).length, 1 in Array.prototype.slice.call({ length: 3, 0: "a", 2: "c" }));
var shifted = { length: 3, 0: 1, 2: 3 };
Array.prototype.shift.call(shifted);
print(shifted.length, shifted[0], 0 in shifted, shifted[1], 2 in shifted);
var spliced = { length: 5, 0: "a", 1: "b", 2: "c", 3: "d", 4: "e" };
var removed = Array.prototype.splice.call(spliced, 1, 2, "X");
print(removed.join(), spliced.length, spliced[0], spliced[1], spliced[2], spliced[3], 4 in spliced);
var reversed = { length: 3, 0: "a" };
Array.prototype.reverse.call(reversed);
print(0 in reversed, reversed[2]);
var copied = { length: 5, 0: 1, 1: 2, 2: 3 };
Array.prototype.copyWithin.call(copied, 2, 0);
print(copied[2], copied[3], copied[4], copied.length);
print(Array.prototype.fill.call({ length: 3 }, 7, 1)[1], Array.prototype.join.call({ length: 3, 1: null, 2: undefined }, "+"));
// Negative and fractional lengths clamp to 0; length is read once.
var reads = 0;
var counting = { get length() { reads++; return 2; }, 0: "a", 1: "b" };
Array.prototype.forEach.call(counting, function () {});
print(reads, Array.prototype.indexOf.call({ length: -5, 0: 1 }, 1), Array.prototype.join.call({ length: 1.9, 0: "x", 1: "y" }));
