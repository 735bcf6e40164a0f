// Plain objects, prototypes, tags, keys, getters, depth and circular references.
console.log({});
console.log({ a: 1, b: 'two', c: [3] });
console.log({ a: { b: { c: { d: {} } } } });
console.log({ a: { b: { c: { d: 1 } } } });
console.log({ a: { b: { c: [] } }, e: { f: { g: [1] } } });
const a = { x: 1 }; a.self = a; console.log(a);
const b = { name: 'b' }; const c = { name: 'c', b }; b.c = c; b.list = [b, c]; console.log(b);
const shared = { s: 1 }; console.log({ one: shared, two: shared });
console.log({ $a: 1, 'b-c': 2, 3: 4, _ok: 5, 'with space': 6, "it's": 7, é: 8, __proto__x: 9 });
console.log({ ['__proto__']: 1 });
console.log({ [Symbol('s')]: 1, [Symbol()]: 2, [Symbol.iterator]: 3, plain: 4 });
console.log({ get g() { return 1; }, set s(v) {}, get gs() { return 1; }, set gs(v) {} });
console.log(Object.create(null), Object.assign(Object.create(null), { a: 1 }));
console.log(Object.create(Object.create(null)));
class Foo { constructor() { this.x = 1; } }
class Bar extends Foo {}
console.log(new Foo(), new Bar(), Object.create(Foo.prototype));
console.log({ foo: new Foo(), deep: { deeper: { deepest: new Foo() } } });
console.log(Math, JSON, Reflect);
console.log({ [Symbol.toStringTag]: 'X', a: 1 });
class Tagged { static { Object.defineProperty(this.prototype, Symbol.toStringTag, { value: 'TG' }); } }
console.log(new Tagged());
console.log({ a: 'x'.repeat(60), b: 'y'.repeat(10) });
console.log({ a: 1, b: 2, c: 3, d: 4, e: 5, f: 6, g: 7, h: 8, i: 9, j: 10, k: 11, l: 12, m: 13, n: 14, o: 15, p: 16, q: 17, r: 18, s: 19 });
console.log({ s: 'line one is long\nline two is long too\nthree three three three three three three' });
console.log({ short: 'a\nb' });
console.log({ quotes: ["it's", 'say "hi"', `both ' and "`, 'all \' " `', 'tab\tnew\nline\\', '\x00\x7f\u0085\ud800'] });
console.log(new Proxy({ a: 1 }, { get() { throw new Error('trap'); }, ownKeys() { throw new Error('trap'); } }));
console.log(new Proxy([1, 2], {}), new Proxy(function named() {}, {}));
const revocable = Proxy.revocable({}, {}); revocable.revoke(); console.log(revocable.proxy);
console.log({ undef: undefined, nul: null, neg: -0, big: 12n, sym: Symbol('q') });
console.log([{ a: { b: { c: {} } } }]);
console.log({ a: [{ b: { c: 1 } }] });
console.log(Object.defineProperty({}, 'hidden', { value: 1, enumerable: false }));
