// view.length through the cached %TypedArray%.prototype getter follows redefinitions of
// length on the prototypes and on the view, and resizes of a length-tracking view.
// (Expected output written from the spec: node's own console breaks once length is redefined.)
const a = new Uint8Array(4);
function len(x) { return x.length; }
let s = 0;
for (let i = 0; i < 10; i++) s += len(a);
print(s);
Object.defineProperty(Uint8Array.prototype, "length", { get() { return 99; }, configurable: true });
print(len(a));
delete Uint8Array.prototype.length;
print(len(a));
const proto = Object.getPrototypeOf(Uint8Array.prototype);
const original = Object.getOwnPropertyDescriptor(proto, "length");
Object.defineProperty(proto, "length", { get() { return -1; }, configurable: true });
print(len(a));
Object.defineProperty(proto, "length", original);
print(len(a));
Object.defineProperty(a, "length", { value: 7 });
print(len(a));
const rab = new ArrayBuffer(8, { maxByteLength: 16 });
const view = new Uint8Array(rab);
for (let i = 0; i < 3; i++) len(view);
print(len(view)); rab.resize(12); print(len(view)); rab.resize(2); print(len(view));
const b = new Uint8Array(8); for (let i = 0; i < 3; i++) len(b);
