// A buffer detached (ArrayBuffer.prototype.transfer) or shrunk (resize) from inside a callback, valueOf or getter that a typed array, DataView or Array method calls midway: each method does what the spec says for a detached or out-of-bounds view (a TypeError, or reads of undefined and writes that do nothing), never reads or writes freed memory.
// (node 20 has no transfer, so this file is checked against the spec, step by step, not node.)
function check(name, f) {
  try { print(name, "->", f()); } catch (e) { print(name, "->", e.constructor.name); }
}
function fresh(n) { var t = new Uint8Array(n || 8); for (var i = 0; i < t.length; i++) t[i] = i + 1; return t; }
function detacher(t, value) { return { valueOf: function () { t.buffer.transfer(); return value; } }; }

check("fill value detaches", function () { var t = fresh(); t.fill(detacher(t, 9)); return t.length + " " + t[0]; });
check("fill start detaches", function () { var t = fresh(); t.fill(9, detacher(t, 0)); return t.length; });
check("set source length detaches", function () { var t = fresh(); t.set({ get length() { t.buffer.transfer(); return 2; }, 0: 1, 1: 2 }); return t.length; });
check("set element getter detaches", function () { var t = fresh(); t.set({ length: 3, get 0() { t.buffer.transfer(); return 7; }, 1: 8, 2: 9 }); return t.length + " " + t[1]; });
check("copyWithin target detaches", function () { var t = fresh(); t.copyWithin(detacher(t, 0), 2); return t.length; });
check("slice end detaches", function () { var t = fresh(); return t.slice(0, detacher(t, 4)).length; });
check("subarray begin detaches", function () { var t = fresh(); return t.subarray(detacher(t, 1)).length; });
check("indexOf fromIndex detaches", function () { var t = fresh(); return t.indexOf(0, detacher(t, 0)); });
check("includes undefined after detach", function () { var t = fresh(); return t.includes(undefined, detacher(t, 0)); });
check("lastIndexOf fromIndex detaches", function () { var t = fresh(); return t.lastIndexOf(3, detacher(t, 7)); });
check("join separator detaches", function () { var t = fresh(4); return JSON.stringify(t.join({ toString: function () { t.buffer.transfer(); return "-"; } })); });
check("map callback detaches", function () { var t = fresh(4); return Array.from(t.map(function (x, i) { if (i === 1) t.buffer.transfer(); return x; })).join(); });
check("forEach callback detaches", function () { var t = fresh(4), seen = []; t.forEach(function (x, i) { if (i === 1) t.buffer.transfer(); seen.push(x); }); return seen.join(); });
check("reduce callback detaches", function () { var t = fresh(4); return t.reduce(function (a, x, i) { if (i === 1) t.buffer.transfer(); return a + "," + x; }, "r"); });
check("filter callback detaches", function () { var t = fresh(4); return Array.from(t.filter(function (x, i) { if (i === 0) t.buffer.transfer(); return true; })).join(); });
check("find callback detaches", function () { var t = fresh(4); return t.find(function (x, i) { if (i === 0) t.buffer.transfer(); return x === undefined; }); });
check("every callback detaches", function () { var t = fresh(4), n = 0; t.every(function (x) { n++; t.buffer.byteLength && t.buffer.transfer(); return true; }); return n; });
check("sort with detaching comparator", function () { var t = fresh(); t.sort(function (a, b) { t.buffer.byteLength && t.buffer.transfer(); return b - a; }); return t.length; });
check("for-of after detach", function () { var t = fresh(4), seen = []; for (var x of t) { seen.push(x); if (seen.length === 2) t.buffer.transfer(); } return seen.join(); });
check("Array.prototype.join on a detached view", function () { var t = fresh(4); t.buffer.transfer(); return JSON.stringify(Array.prototype.join.call(t)); });
check("Array.prototype.fill start detaches", function () { var t = fresh(4); return Array.prototype.fill.call(t, 9, detacher(t, 0)).length; });
check("new TypedArray from a detached view", function () { var t = fresh(4); t.buffer.transfer(); return new Uint8Array(t).length; });
check("new TypedArray whose iterable detaches its source", function () { var t = fresh(4); return new Uint8Array({ length: 2, get 0() { t.buffer.transfer(); return 1; }, 1: t }).join(); });
check("TypedArray from() mapper detaches", function () { var t = fresh(4); return Uint8Array.from(t, function (x, i) { if (i === 0) t.buffer.transfer(); return x; }).join(); });
check("DataView getInt32 index detaches", function () { var d = new DataView(new ArrayBuffer(8)); return d.getInt32({ valueOf: function () { d.buffer.transfer(); return 0; } }); });
check("DataView setFloat64 value detaches", function () { var d = new DataView(new ArrayBuffer(8)); d.setFloat64(0, { valueOf: function () { d.buffer.transfer(); return 1; } }); return "set"; });
check("DataView byteLength after detach", function () { var d = new DataView(new ArrayBuffer(8)); d.buffer.transfer(); return d.byteLength; });
check("ArrayBuffer slice end detaches", function () { var b = new ArrayBuffer(8); return b.slice(0, { valueOf: function () { b.transfer(); return 4; } }).byteLength; });
check("transfer twice", function () { var b = new ArrayBuffer(8); b.transfer(); return b.transfer().byteLength; });
check("String.fromCharCode.apply on a detached view", function () { var t = fresh(4); t.buffer.transfer(); return String.fromCharCode.apply(null, t).length; });
check("JSON.stringify of a detached view", function () { var t = fresh(4); t.buffer.transfer(); return JSON.stringify(t); });
check("Object.keys of a detached view", function () { var t = fresh(4); t.buffer.transfer(); return Object.keys(t).length; });
check("index write to a detached view", function () { var t = fresh(4); t.buffer.transfer(); t[0] = 5; return t[0] + " " + Reflect.set(t, 0, 5) + " " + Object.getOwnPropertyDescriptor(t, 0); });
