// The typed array constructors (ES2024 23.2.5.1): from a length, another typed array, an iterable, an
// array-like or a buffer with offset/length (RangeErrors for misalignment and bounds), require `new`,
// use new.target's prototype (subclassing), and inherit from %TypedArray%.
var kinds = [Int8Array, Uint8Array, Uint8ClampedArray, Int16Array, Uint16Array, Int32Array, Uint32Array,
  Float32Array, Float64Array];
print(kinds.map(function (C) { return C.name + ":" + C.BYTES_PER_ELEMENT + ":" + C.prototype.BYTES_PER_ELEMENT + ":" + C.length; }).join(" "));
var TypedArray = Object.getPrototypeOf(Int8Array);
print(TypedArray.name, TypedArray.length, Object.getPrototypeOf(Uint8Array.prototype) === TypedArray.prototype, typeof TypedArray.from);
try { TypedArray(); } catch (e) { print(e.name); }
try { new TypedArray(); } catch (e) { print(e.name); }
try { Uint8Array(2); } catch (e) { print(e.name); }
print(new Uint8Array().length, new Uint8Array(3).join(), new Uint8Array("2").length, new Uint8Array(null).length, new Uint8Array(2.9).length);
try { new Uint8Array(-1); } catch (e) { print(e.name); }
print(new Int16Array([1, 2, 3]).join(), new Int16Array({ length: 2, 0: 5, 1: "6" }).join(), new Int16Array(new Set([7, 8])).join());
print(new Uint8Array("ab").length, new Float64Array(new Int8Array([-1, 2])).join());
var buffer = new ArrayBuffer(8);
print(new Uint16Array(buffer).length, new Uint16Array(buffer, 2).length, new Uint16Array(buffer, 2, 1).length, new Uint8Array(buffer, 8).length);
try { new Uint16Array(buffer, 1); } catch (e) { print(e.name); }
try { new Uint32Array(new ArrayBuffer(6)); } catch (e) { print(e.name); }
try { new Uint8Array(buffer, 9); } catch (e) { print(e.name); }
try { new Uint8Array(buffer, 4, 5); } catch (e) { print(e.name); }
var shared = new Uint8Array(buffer, 4, 2);
shared[0] = 255;
print(new Uint8Array(buffer).join(), shared.buffer === buffer, shared.byteOffset, shared.byteLength);
class Bytes extends Uint8Array {
  sum() { return this.reduce(function (a, b) { return a + b; }, 0); }
}
var bytes = new Bytes([1, 2, 3]);
print(bytes.sum(), bytes instanceof Uint8Array, bytes.constructor.name, bytes.map(function (x) { return x * 2; }).sum());
print(Bytes.from([4, 5]).sum(), Bytes.of(6, 7).constructor === Bytes);
var iterable = {};
iterable[Symbol.iterator] = function () {
  var n = 0;
  return { next: function () { n++; return { value: n * 11, done: n > 3 }; } };
};
print(new Uint8Array(iterable).join(), new Uint8Array([1, , 3]).join());
var order = [];
var newTarget = new Proxy(function () {}, { get: function (t, k) { order.push(String(k)); return undefined; } });
var made = Reflect.construct(Uint8Array, [2], newTarget);
print(order.join(), Object.getPrototypeOf(made) === Uint8Array.prototype);
print(Uint8Array.from({ length: 3 }, function (v, i) { return i * 10; }).join(), Int8Array.of(1, 2, 300).join());
print(Float32Array.from("123").join(), Uint8Array.from(new Set([3, 4]), function (x) { return x + this.d; }, { d: 1 }).join());
