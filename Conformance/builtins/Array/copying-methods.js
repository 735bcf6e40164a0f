// ES2023 copying methods: toReversed, toSorted, toSpliced, with; holes read as undefined, RangeError/TypeError limits.
var source = [1, , 3];
var reversed = source.toReversed();
print(reversed.length, 1 in reversed, reversed[1], reversed.join());
var spliced = [1, 2, 3, 4].toSpliced(1, 2, "a", "b", "c");
print(spliced.join(), [1, 2, 3].toSpliced().join(), [1, 2, 3].toSpliced(1).join(), [1, 2, 3].toSpliced(-1, 0, 9).join());
print([1, , 3].toSpliced(0, 0).hasOwnProperty(1));
print([1, 2, 3].with(-1, "z").join(), [1, , 3].with(0, 0).hasOwnProperty(1));
for (var index of [3, -4, Infinity]) {
  try { [1, 2, 3].with(index, 0); } catch (e) { print("with", index, e.constructor.name); }
}
try { Array.prototype.toReversed.call({ length: 2 ** 32 }); } catch (e) { print("toReversed", e.constructor.name); }
try { Array.prototype.toSpliced.call({ length: 2 ** 53 - 1 }, 0, 0, 1); } catch (e) { print("toSpliced", e.constructor.name); }
try { Array.prototype.with.call({ length: 2 ** 32 }, 0, 0); } catch (e) { print("with length", e.constructor.name); }
var log = [];
var watched = {
  length: 3,
  get 0() { log.push("get 0"); return "a"; },
  get 1() { log.push("get 1"); return "b"; },
  get 2() { log.push("get 2"); return "c"; },
};
Array.prototype.toReversed.call(watched);
Array.prototype.with.call(watched, 1, "B");
print(log.join());
var original = [3, 1, 2];
print(original.toSorted().join(), original.join(), original.toSorted(function (a, b) { return b - a; }).join());
print(Array.prototype.toSorted.call({ length: 3, 0: "b", 2: "a" }).join("|"));
