// DataView (ES2024 25.3): every get/set method in both byte orders at unaligned offsets, conversions
// like typed arrays, and the checks: ToIndex then bounds (RangeError), a non-buffer argument (TypeError),
// constructor offset/length validation.
var buffer = new ArrayBuffer(16);
var view = new DataView(buffer, 1, 12);
print(view.byteOffset, view.byteLength, view.buffer === buffer, Object.prototype.toString.call(view));
view.setUint32(1, 0x11223344);
view.setUint32(5, 0x11223344, true);
print(new Uint8Array(buffer).join());
print(view.getUint32(1).toString(16), view.getUint32(1, true).toString(16), view.getUint16(2), view.getInt8(1), view.getUint8(8));
view.setInt16(0, -2);
print(view.getInt16(0), view.getUint16(0), view.getInt16(0, true));
view.setFloat32(3, 1.1, true);
print(view.getFloat32(3, true), view.getFloat32(3) !== view.getFloat32(3, true));
view.setFloat64(4, -Math.PI);
print(view.getFloat64(4), view.getFloat64(4, true) !== -Math.PI, view.getUint8(4).toString(16));
view.setInt32(0, 2147483648);
view.setUint8(11, -1);
print(view.getInt32(0), view.getUint32(0), view.getUint8(11), view.getInt8(11));
print(view.setInt8(0, 1), DataView.prototype.getInt8.length, DataView.prototype.setFloat64.length, view.getInt8("0"));
try { view.getUint32(9); } catch (e) { print(e.name); }
try { view.getUint8(12); } catch (e) { print(e.name); }
try { view.getUint8(-1); } catch (e) { print(e.name); }
try { view.setUint8(12, 0); } catch (e) { print(e.name); }
print(view.getUint8(11.9), view.getUint8(), view.getUint8(NaN));
try { new DataView({}); } catch (e) { print(e.name); }
try { DataView(buffer); } catch (e) { print(e.name); }
try { new DataView(buffer, 17); } catch (e) { print(e.name); }
try { new DataView(buffer, 8, 9); } catch (e) { print(e.name); }
print(new DataView(buffer, 16).byteLength, new DataView(buffer, 4).byteLength);
try { DataView.prototype.getUint8.call(new Uint8Array(4), 0); } catch (e) { print(e.name); }
var order = [];
view.setUint16({ valueOf: function () { order.push("index"); return 0; } }, { valueOf: function () { order.push("value"); return 1; } });
print(order.join(), view.getUint16(0));
