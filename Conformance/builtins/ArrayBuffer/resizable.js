// Resizable buffers (ES2024 25.1.6.6): maxByteLength, resize growing (new bytes zero) and shrinking, and
// the views: length-tracking ones follow the buffer, fixed ones go out of bounds (length 0, TypeError
// from methods) and come back when it grows again; DataView the same. A view of a resizable buffer cannot
// be made non-extensible (TypedArray [[PreventExtensions]]): node 20 predates that rule, so the
// "preventExtensions TypeError" line was added by hand.
var rab = new ArrayBuffer(4, { maxByteLength: 12 });
print(rab.resizable, rab.maxByteLength, rab.byteLength, new ArrayBuffer(2, {}).resizable, new ArrayBuffer(2, { maxByteLength: undefined }).resizable);
try { new ArrayBuffer(5, { maxByteLength: 4 }); } catch (e) { print(e.name); }
try { new ArrayBuffer(1).resize(1); } catch (e) { print(e.name); }
try { rab.resize(13); } catch (e) { print(e.name); }
var tracking = new Uint16Array(rab);
var fixed = new Uint16Array(rab, 2, 1);
var tail = new Uint8Array(rab, 2);
var dataView = new DataView(rab, 2);
tracking.set([0x101, 0x202]);
rab.resize(9);
print(rab.byteLength, tracking.length, tracking.join(), fixed.length, fixed[0], tail.length, dataView.byteLength, new Uint8Array(rab).join());
rab.resize(3);
print(tracking.length, tracking.join(), fixed.length, fixed.byteLength, fixed.byteOffset, fixed[0], tail.length, dataView.byteLength);
try { fixed.fill(1); } catch (e) { print("fill", e.name); }
try { fixed.join(); } catch (e) { print("join", e.name); }
fixed[0] = 7;
print(fixed[0], 0 in fixed, Object.keys(fixed).length, fixed.subarray(0).length);
rab.resize(1);
print(tail.length, tail.byteOffset, tracking.length, new Uint8Array(rab).join());
try { dataView.byteLength; } catch (e) { print("dataView", e.name); }
try { dataView.getUint8(0); } catch (e) { print("getUint8", e.name); }
rab.resize(12);
print(fixed.length, fixed[0], tail.length, tracking.length, dataView.byteLength, new Uint8Array(rab).join());
var grow = new ArrayBuffer(0, { maxByteLength: 100000 });
for (var i = 1; i <= 1000; i++) grow.resize(i * 100);
var view = new Uint8Array(grow);
print(grow.byteLength, view.length, view[99999], view.every(function (x) { return x === 0; }));
try { Object.preventExtensions(new Uint8Array(rab)); } catch (e) { print("preventExtensions", e.name); }
print(Object.isExtensible(Object.preventExtensions(new Uint8Array(new ArrayBuffer(2)))));
