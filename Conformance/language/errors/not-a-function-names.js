// A call of a value that is not a function names the callee as written, as node does (o.method, o.a.list[0], o[k], f(...), o?.n, this[#p]); the expected output is node 20's.
const o = { a: { list: [1] }, n: 5 };
function attempt(f) { try { f(); } catch (e) { print(e.constructor.name + ': ' + e.message); } }
attempt(() => o.method());
attempt(() => o.a.list[0]());
attempt(() => o['n']());
attempt(() => o.a.missing());
attempt(() => undefinedFunctionVar());
attempt(() => { const k = 'n'; o[k](); });
attempt(() => { let f = 3; f(); });
attempt(() => (() => 1)()());
attempt(() => o?.n());
attempt(() => eval(1)());
class C { #p = 1; m() { this.#p(); } }
attempt(() => new C().m());
attempt(() => Math.max.call.missing());
