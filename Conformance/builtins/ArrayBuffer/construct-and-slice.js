// ArrayBuffer (ES2024 25.1): the constructor (ToIndex, `new` required, new.target's prototype), isView,
// zeroed storage, slice with negative/clamped bounds and a species constructor that is checked.
var buffer = new ArrayBuffer(8);
print(buffer.byteLength, new ArrayBuffer().byteLength, new ArrayBuffer("3").byteLength, new ArrayBuffer(2.7).byteLength, new Uint8Array(buffer).join());
try { new ArrayBuffer(-1); } catch (e) { print(e.name); }
try { ArrayBuffer(1); } catch (e) { print(e.name); }
try { new ArrayBuffer(2 ** 53); } catch (e) { print(e.name); }
print(ArrayBuffer.isView(new Uint8Array(1)), ArrayBuffer.isView(new DataView(buffer)), ArrayBuffer.isView(buffer), ArrayBuffer.isView([]), ArrayBuffer.isView());
print(Object.prototype.toString.call(buffer), ArrayBuffer.length, ArrayBuffer[Symbol.species] === ArrayBuffer, buffer.resizable, buffer.maxByteLength);
var bytes = new Uint8Array(buffer);
for (var i = 0; i < 8; i++) bytes[i] = i + 1;
print(new Uint8Array(buffer.slice(2, 5)).join(), new Uint8Array(buffer.slice(-3)).join(), buffer.slice(5, 2).byteLength, new Uint8Array(buffer.slice()).join(), buffer.slice(1, 100).byteLength);
class Bigger extends ArrayBuffer {}
var sliced = new Bigger(4).slice(1);
print(sliced instanceof Bigger, sliced.byteLength);
var species = new ArrayBuffer(4);
species.constructor = {};
species.constructor[Symbol.species] = function (n) { return new ArrayBuffer(n + 2); };
print(species.slice(1).byteLength);
species.constructor[Symbol.species] = function () { return species; };
try { species.slice(); } catch (e) { print(e.name); }
species.constructor[Symbol.species] = function () { return new ArrayBuffer(1); };
try { species.slice(); } catch (e) { print(e.name); }
species.constructor[Symbol.species] = function () { return {}; };
try { species.slice(); } catch (e) { print(e.name); }
try { ArrayBuffer.prototype.slice.call(new Uint8Array(2)); } catch (e) { print(e.name); }
try { Object.getOwnPropertyDescriptor(ArrayBuffer.prototype, "byteLength").get.call({}); } catch (e) { print(e.name); }
try { new ArrayBuffer(1e15); } catch (e) { print(e.name, e.message); }
