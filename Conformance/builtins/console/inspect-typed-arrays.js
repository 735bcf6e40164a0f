// Typed arrays, ArrayBuffer, DataView.
console.log(new Uint8Array([1, 2, 44]), new ArrayBuffer(4));
console.log(new Int8Array([-1, 2, -3]), new Float64Array([1.5, -0, NaN]), new Uint8ClampedArray(2));
console.log(new BigInt64Array([1n, -2n]), new BigUint64Array(1));
console.log(new Uint16Array(0), new Float32Array(10));
console.log(new Uint8Array(120));
console.log(new Int32Array(Array.from({ length: 30 }, (_, i) => i * 1000 - 7000)));
const buffer = new ArrayBuffer(8); new Uint8Array(buffer).set([0, 1, 15, 16, 255, 171]); console.log(buffer);
console.log(new ArrayBuffer(0), new ArrayBuffer(130));
console.log(new DataView(new ArrayBuffer(2)), new DataView(new ArrayBuffer(4), 1, 2));
console.log({ view: new Uint8Array([1, 2]), buffer: new ArrayBuffer(2) });
const tagged = new Uint8Array(2); tagged.extra = 'x'; console.log(tagged);
class MyBytes extends Uint8Array {}
console.log(new MyBytes(3));
