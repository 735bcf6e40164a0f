// Error messages in V8's words (expected output: node's).
const cases = [
  () => { const c = 1; c = 2; },
  () => { let u; u.x; },
  () => { let u = null; u.x = 1; },
  () => { const [a] = 5; },
  () => { for (const x of 5) {} },
  () => { undefinedName; },
  () => { let o = {}; o.f(); },
  () => { new (function () {}.bind())(); new 5; },
  () => { ({}).x.y; },
  () => { class A { constructor() { this.x; } } A(); },
  () => { class B extends Object { constructor() { this.x = 1; } } new B(); },
  () => { Symbol() + ""; },
  () => { BigInt(1.5); },
  () => { 1n + 1; },
  () => { new Array(-1); },
  () => { "a".repeat(-1); },
  () => { Object.defineProperty(1, "x", {}); },
  () => { Object.freeze([1]).push(2); },
  () => { "use strict"; Object.freeze({ a: 1 }).a = 2; },
  () => { JSON.parse("{bad"); },
  () => { let x = x; },
  () => { ({}) instanceof 5; },
  () => { "x" in 5; },
  () => { new Promise(5); },
  () => { Reflect.ownKeys(1); },
  () => { (1).toFixed(200); },
  () => { new Proxy({}, null); },
  () => { function f() { f(); } f(); },
];
for (const c of cases) {
  try { c(); console.log("no error"); } catch (e) { console.log(`${e.name}: ${e.message}`); }
}
