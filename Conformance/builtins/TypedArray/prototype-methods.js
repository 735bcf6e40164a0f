// %TypedArray%.prototype methods on in-bounds typed arrays (ES2024 23.2.3): accessors, at, copyWithin, fill,
// reverse, set (overlapping and converting), slice, subarray (shares the buffer), map/filter (species),
// reduce, find*, every/some/forEach, join/toString/toLocaleString, toReversed/toSorted/with.
var ta = new Int8Array([1, 2, 3, 4, 5]);
print(ta.length, ta.byteLength, ta.byteOffset, ta.buffer.byteLength, ta.at(-1), ta.at(5), ta.at(-6), ta.at("1"));
print(new Int8Array([1, 2, 3, 4, 5]).copyWithin(0, 3).join(), new Int8Array([1, 2, 3, 4, 5]).copyWithin(1, 0, 3).join(),
  new Int8Array([1, 2, 3, 4, 5]).copyWithin(-2, -4, -3).join());
print(new Float32Array(4).fill(1.5, 1, -1).join(), new Uint8Array(3).fill(257).join(), new Int16Array(3).fill(-1, -2).join());
print(new Uint8Array([1, 2, 3, 4]).reverse().join(), new Float64Array([1, 2, 3]).reverse().join());
var target = new Uint8Array(6);
target.set([1, 2, 3], 2);
target.set(new Float64Array([300.5, -1]), 0);
print(target.join());
var overlap = new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8]);
overlap.set(overlap.subarray(0, 4), 2);
print(overlap.join());
var words = new Uint16Array([0x0102, 0x0304, 0x0506]);
var bytesOfWords = new Uint8Array(words.buffer);
bytesOfWords.set(words.subarray(0, 2), 1);
print(bytesOfWords.join());
try { target.set([1], 6); } catch (e) { print(e.name); }
try { target.set([1], -1); } catch (e) { print(e.name); }
try { target.set([1], Infinity); } catch (e) { print(e.name); }
var sub = ta.subarray(1, -1);
sub[0] = 20;
print(sub.join(), sub.byteOffset, ta[1], ta.subarray(-2).join(), ta.subarray(4, 1).length, ta.slice(1, 3).join(), ta.slice(-2).buffer === ta.buffer);
print(ta.map(function (x) { return x * 100; }).join(), ta.filter(function (x, i) { return i % 2 === 0; }).join());
print(ta.reduce(function (a, b) { return a + b; }), ta.reduceRight(function (a, b) { return a + "," + b; }, "r"));
try { new Int8Array(0).reduce(function () {}); } catch (e) { print(e.name); }
print(ta.find(function (x) { return x > 3; }), ta.findIndex(function (x) { return x > 3; }),
  ta.findLast(function (x) { return x < 5; }), ta.findLastIndex(function (x) { return x > 100; }));
print(ta.every(function (x) { return x > 0; }), ta.some(function (x) { return x > 10; }), ta.some(function (x) { return x < 0; }));
var seen = [];
ta.forEach(function (value, index, array) { seen.push(index + ":" + value + ":" + (array === ta) + ":" + this.tag); }, { tag: "t" });
print(seen.join(" "));
print(ta.join(), ta.join(" - "), ta.toString(), String(new Float64Array([0.5, -0, NaN])), ta.toString === Array.prototype.toString);
print(new Uint8Array([1, 2]).toLocaleString(), new Int8Array(0).join(), new Int8Array(0).toString() === "");
print(ta.toReversed().join(), ta.toSorted(function (a, b) { return b - a; }).join(), ta.with(0, 99).join(), ta.with(-1, 1.9).join(), ta.join());
try { ta.with(5, 1); } catch (e) { print(e.name); }
print(Object.prototype.toString.call(ta), ta[Symbol.toStringTag], Object.getOwnPropertyDescriptor(Object.getPrototypeOf(Int8Array.prototype), Symbol.toStringTag).get.call([]));
try { Int8Array.prototype.join.call([1, 2]); } catch (e) { print(e.name); }
var lengthGetter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(Int8Array.prototype), "length").get;
try { lengthGetter.call({}); } catch (e) { print(e.name); }
print(Int8Array.prototype.values === Int8Array.prototype[Symbol.iterator], Object.getPrototypeOf(Int8Array.prototype).hasOwnProperty("values"));
