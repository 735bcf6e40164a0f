// Global reads and writes through the global inline cache stay right when the global object
// has so many properties that its shape is a dictionary (delete, accessor, read-only).
for (var i = 0; i < 100; i++) globalThis["g" + i] = i;
globalThis.target = 5;
function read() { return target; }
function write(v) { target = v; }
let sum = 0;
for (let i = 0; i < 10; i++) sum += read();
write(7);
print(sum, read(), g99);
Object.defineProperty(globalThis, "target", { get() { return "getter"; }, configurable: true });
print(read());
delete globalThis.target;
try { read(); } catch (e) { print(e.constructor.name); }
globalThis.target = 9;
print(read());
Object.defineProperty(globalThis, "target", { writable: false });
write(10);
print(read());
