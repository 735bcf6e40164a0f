// Spread in array literals and calls uses the iterator protocol; holes become undefined.
var a = [1, 2], b = [3];
print([...a, ...b, 4].join(","), [..."hey"].join("|"), [...[, 1]].length, 0 in [...[, 1]]);
function count() { return arguments.length + ":" + Array.prototype.join.call(arguments, ","); }
print(count(...a, 0, ...b), count(...[]), count(..."ab"));
print(Math.max(...[3, 9, 2]), Math.min(...[]));
var set = new Set([1, 1, 2]);
print([...set].join(","), [...new Map([[1, "a"]])][0].join("="));
var copy = [...a];
copy.push(99);
print(a.length, copy.length);
function Ctor(x, y) { this.sum = x + y; }
print(new Ctor(...[2, 3]).sum);
try {
  count(...5);
} catch (e) {
  print(e.name);
}
