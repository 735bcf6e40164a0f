// Private class elements: fields, methods, accessors, static ones, #x in o, brand checks, return-override stamping, proxies, freeze.
class A { #x = 1; static #count = 0; static { A.#count = 5; } get x() { return this.#x; } #m() { return 2; } static has(o) { return #x in o; } m() { return this.#m(); } static get count() { return A.#count; }
  get #acc() { return this.#x * 10; } set #acc(v) { this.#x = v; } useAcc() { this.#acc = 7; return this.#acc; }
  inc() { this.#x++; this.#x += 2; return this.#x; } static #sm() { return 'sm'; } static callSm() { return A.#sm(); }
  tryWrite() { try { this.#m = 1; } catch (e) { return e.constructor.name + ': ' + e.message; } }
  static read(o) { try { return o.#x; } catch (e) { return e.constructor.name + ': ' + e.message; } }
  names() { return [this.#m.name, Object.getOwnPropertySymbols(this).length, Reflect.ownKeys(this).length]; }
  #f = () => this.#x;
  callF() { return this.#f(); }
}
const a = new A();
print(a.x, a.m(), A.has(a), A.has({}), A.count, a.useAcc(), a.inc(), A.callSm(), a.tryWrite(), A.read({}), a.names().join(), a.callF());
Object.freeze(a); print(a.inc());
class B extends A { #y = 'y'; get y() { return this.#y; } }
const b = new B(); print(b.y, b.x, A.has(b));
class Trojan { constructor(o) { return o; } }
class Stamp extends Trojan { #stamp = 1; static has(o) { return #stamp in o; } }
const plain = {}; new Stamp(plain); print(Stamp.has(plain));
try { new Stamp(plain); } catch (e) { print(e.constructor.name, e.message); }
const p = new Proxy({}, {}); new Stamp(p); print(Stamp.has(p));
function outer() { return class { #z = 3; static get(o) { return o?.#z; } }; }
const C1 = outer(), C2 = outer(); print(C1.get(new C1()), C1.get(null)); try { C1.get(new C2()) } catch (e) { print(e.message) }
try { A.has(1) } catch (e) { print(e.constructor.name) }
print(JSON.stringify(a), Object.keys(a).length);
