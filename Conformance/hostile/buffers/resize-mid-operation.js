// A resizable ArrayBuffer shrunk or grown from inside a callback, valueOf or comparator midway through a method of a fixed-length or length-tracking view: out-of-bounds reads give undefined, writes do nothing, methods that check again throw a TypeError, a length-tracking view follows the new size; never an access past the buffer's end.
// (Checked against node 20, which has resizable buffers.)
function check(name, f) {
  try { print(name, "->", f()); } catch (e) { print(name, "->", e.constructor.name); }
}
function buffer() { var b = new ArrayBuffer(8, { maxByteLength: 64 }); var t = new Uint8Array(b); for (var i = 0; i < 8; i++) t[i] = i + 1; return b; }
function shrinker(b, size, value) { return { valueOf: function () { b.resize(size); return value; } }; }
var views = {
  "fixed": function (b) { return new Uint8Array(b, 0, 8); },
  "tracking": function (b) { return new Uint8Array(b); },
  "offset tracking": function (b) { return new Uint8Array(b, 2); },
};
for (var kind in views) {
  var make = views[kind];
  print("--", kind);
  check("fill start shrinks to 4", function () { var b = buffer(), t = make(b); t.fill(9, shrinker(b, 4, 0)); return Array.from(new Uint8Array(b)).join(); });
  check("fill end shrinks to 0", function () { var b = buffer(), t = make(b); t.fill(9, 0, shrinker(b, 0, 8)); return b.byteLength; });
  check("copyWithin shrinks to 5", function () { var b = buffer(), t = make(b); t.copyWithin(0, shrinker(b, 5, 3)); return Array.from(new Uint8Array(b)).join(); });
  check("set from array-like shrinks", function () { var b = buffer(), t = make(b); t.set({ length: 3, get 0() { b.resize(1); return 7; }, 1: 8, 2: 9 }); return Array.from(new Uint8Array(b)).join(); });
  check("slice end shrinks to 3", function () { var b = buffer(), t = make(b); return Array.from(t.slice(0, shrinker(b, 3, 6))).join(); });
  check("indexOf fromIndex shrinks", function () { var b = buffer(), t = make(b); return t.indexOf(7, shrinker(b, 4, 0)); });
  check("includes undefined after shrink", function () { var b = buffer(), t = make(b); return t.includes(undefined, shrinker(b, 4, 0)); });
  check("join separator shrinks", function () { var b = buffer(), t = make(b); return t.join({ toString: function () { b.resize(5); return "."; } }); });
  check("map callback shrinks", function () { var b = buffer(), t = make(b); return Array.from(t.map(function (x, i) { if (i === 0) b.resize(4); return x; })).join(); });
  check("forEach callback grows", function () { var b = buffer(), t = make(b), seen = []; t.forEach(function (x, i) { if (i === 0) b.resize(16); seen.push(x); }); return seen.length + " " + t.length; });
  check("sort comparator shrinks", function () { var b = buffer(), t = make(b); t.sort(function (x, y) { if (b.byteLength > 3) b.resize(3); return y - x; }); return Array.from(new Uint8Array(b)).join(); });
  check("for-of shrinks", function () { var b = buffer(), t = make(b), seen = []; for (var x of t) { seen.push(x); if (seen.length === 2) b.resize(5); } return seen.join(); });
  check("subarray begin shrinks", function () { var b = buffer(), t = make(b); var s = t.subarray(shrinker(b, 4, 1)); return s.length; });
  check("reverse after shrink to 0", function () { var b = buffer(), t = make(b); b.resize(0); return t.reverse().length; });
  check("length and byteOffset after shrink to 1", function () { var b = buffer(), t = make(b); b.resize(1); return t.length + " " + t.byteOffset + " " + t.byteLength; });
}
print("-- DataView");
check("getUint16 index shrinks", function () { var b = buffer(), d = new DataView(b); return d.getUint16(shrinker(b, 2, 1)); });
check("tracking DataView follows growth", function () { var b = buffer(), d = new DataView(b); b.resize(32); d.setUint8(31, 5); return d.byteLength + " " + d.getUint8(31); });
check("fixed DataView out of bounds after shrink", function () { var b = buffer(), d = new DataView(b, 0, 8); b.resize(4); return d.byteLength; });
check("resize past maxByteLength", function () { var b = buffer(); b.resize(65); return b.byteLength; });
check("resize to a huge size", function () { var b = buffer(); b.resize(2 ** 53); return b.byteLength; });
check("maxByteLength of 2^53 - 1", function () { return new ArrayBuffer(0, { maxByteLength: 2 ** 53 - 1 }).maxByteLength; });
check("ArrayBuffer slice end shrinks", function () { var b = buffer(); return b.slice(0, shrinker(b, 2, 6)).byteLength; });
