// Indirect eval's `this` is the global this even inside a function; a parenthesized optional chain as a callee keeps its this value.
var thisValue;
(function () { thisValue = (0, eval)('this;'); })();
print(thisValue === globalThis, typeof thisValue);
(function () { 'use strict'; print((0, eval)('this') === globalThis); })();
const a = { b() { return this._b; }, _b: { c: 42 } };
print(a?.b().c, (a?.b)().c, a.b?.().c, (a.b)?.().c, a?.b?.().c, (a?.b)?.().c);
const n = null;
try { (n?.b)(); } catch (e) { print(e.constructor.name); }
print((n?.b)?.());
