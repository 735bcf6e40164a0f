// transfer/transferToFixedLength (ES2024 25.1.6.7-8) move the bytes and detach the source: byteLength 0,
// detached true, every view length 0 with undefined elements and TypeErrors from methods and DataView.
// node 20 lacks transfer and `detached`, so this expected output was written by hand from the spec.
var buffer = new ArrayBuffer(4);
var view = new Uint8Array(buffer);
var dataView = new DataView(buffer);
view.set([1, 2, 3, 4]);
var moved = buffer.transfer();
print(buffer.detached, buffer.byteLength, moved.detached, moved.byteLength, new Uint8Array(moved).join());
print(view.length, view.byteLength, view.byteOffset, view[0], 0 in view, Object.keys(view).length, view.buffer === buffer);
view[0] = 9;
print(view[0], Reflect.set(view, 0, 9), Reflect.defineProperty(view, 0, { value: 1 }));
try { view.join(); } catch (e) { print("join", e.name); }
try { view.values(); } catch (e) { print("values", e.name); }
try { dataView.getUint8(0); } catch (e) { print("getUint8", e.name); }
try { dataView.byteLength; } catch (e) { print("byteLength", e.name); }
try { buffer.slice(); } catch (e) { print("slice", e.name); }
try { buffer.transfer(); } catch (e) { print("transfer", e.name); }
try { buffer.resize(0); } catch (e) { print("resize", e.name); }
try { new Uint8Array(buffer); } catch (e) { print("construct", e.name); }
try { new DataView(buffer); } catch (e) { print("DataView", e.name); }
print(buffer.maxByteLength);
var grown = moved.transfer(6);
print(grown.byteLength, new Uint8Array(grown).join(), grown.resizable);
var shrunk = grown.transferToFixedLength(2);
print(shrunk.byteLength, new Uint8Array(shrunk).join());
var rab = new ArrayBuffer(2, { maxByteLength: 10 });
var keeps = rab.transfer(5);
var fixedCopy = keeps.transferToFixedLength();
print(keeps.detached, fixedCopy.resizable, fixedCopy.byteLength);
var resizable = new ArrayBuffer(2, { maxByteLength: 10 }).transfer();
print(resizable.resizable, resizable.maxByteLength);
try { new ArrayBuffer(2, { maxByteLength: 3 }).transfer(4); } catch (e) { print(e.name); }
var iterating = new Uint8Array(new ArrayBuffer(3));
var it = iterating.values();
it.next();
iterating.buffer.transfer();
try { it.next(); } catch (e) { print("next", e.name); }
var sum = 0;
var detachDuring = new Float64Array([1, 2, 3]);
detachDuring.forEach(function (x, i) { if (i === 0) detachDuring.buffer.transfer(); sum += String(x).length; });
print(sum, detachDuring.length);
var sortTarget = new Int8Array([3, 2, 1]);
sortTarget.sort(function (a, b) { if (!sortTarget.buffer.detached) sortTarget.buffer.transfer(); return a - b; });
print(sortTarget.length);
var fromDetached = new Int8Array([1, 2]);
fromDetached.buffer.transfer();
try { new Int8Array(fromDetached); } catch (e) { print("copy", e.name); }
print([].concat(Array.prototype.slice.call(fromDetached)).length, Array.prototype.join.call(fromDetached));
var convert = new Uint8Array(4);
convert.fill({ valueOf: function () { return 5; } });
var detachInValueOf = new Uint8Array(4);
try { detachInValueOf.fill({ valueOf: function () { detachInValueOf.buffer.transfer(); return 1; } }); } catch (e) { print("fill", e.name); }
print(convert.join());
