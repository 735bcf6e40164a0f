// Functions and classes.
function f() {}
console.log(f, function () {}, () => {}, async function af() {}, async () => {});
console.log(function* gen() {}, async function* agen() {}, Math.max, [].push);
console.log(f.bind(null), (() => {}).bind(null));
console.log(Object.assign(function g() {}, { p: 1 }), Object.assign(() => {}, { q: [1, 2] }));
console.log(class A {}, class extends Object {}, class B extends Array {});
console.log(class A extends Object { static s = 1 });
class Base {}
class Derived extends Base { static x = 1; static y = 'y'; }
console.log(Base, Derived, [Base, Derived]);
console.log({ method() {}, arrow: () => {}, klass: class {}, [Symbol('fn')]: function () {} });
const anonymous = (() => function () {})(); console.log(anonymous);
const renamed = function original() {}; Object.defineProperty(renamed, 'name', { value: 'renamed' }); console.log(renamed);
const noName = function named() {}; Object.defineProperty(noName, 'name', { value: '' }); console.log(noName);
const nullProto = function np() {}; Object.setPrototypeOf(nullProto, null); console.log(nullProto);
console.log(Object, Function, Array, Symbol, Promise);
