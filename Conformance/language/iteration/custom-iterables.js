// User-defined iterables work with spread, Array.from, destructuring and for-of alike.
class Range {
  constructor(from, to) { this.from = from; this.to = to; }
  [Symbol.iterator]() {
    var current = this.from, to = this.to;
    return { next: function () { return current <= to ? { value: current++, done: false } : { value: undefined, done: true }; } };
  }
}
var range = new Range(1, 4);
print([...range].join(","), Array.from(range, function (x) { return x * x; }).join(","));
var [first, ...rest] = range;
print(first, rest.join(""));
var total = 0;
for (var n of range) total += n;
print(total, Math.max(...range), new Set(range).size);
var arrayIterator = [1, 2][Symbol.iterator]();
print(typeof arrayIterator.next, arrayIterator[Symbol.iterator]() === arrayIterator);
var step = arrayIterator.next();
print(step.value, step.done, JSON.stringify(arrayIterator.next()), JSON.stringify(arrayIterator.next()));
print(Object.prototype.toString.call(arrayIterator));
