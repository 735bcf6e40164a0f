// An operand keeps its value when the operand after it writes the same binding: the value of an assignment, compound assignment, update or comma expression is not the binding's register (found by the differential tester: (a *= i) - (a++) gave 1 instead of 0).
(function () {
function f(i) { let a = 2; return (a *= i) - (a++); }
print(f(3));
function g() { let a = 1; return (a = 5) - (a++); }
print(g());
function h() { let a = 1; return (a += 1) + (a = 10); }
print(h());
function k() { let a = 1; return [(a += 1), (a++), a]; }
print(k());
var gl = 1; print((gl *= 3) - (gl++));
function m() { let a = 1; let o = {x: 1}; return (o.x += 1) - (o.x++); }
print(m());
})();
(function () {
function f() { let a = 1; return a + (a = 5); }
print(f());
function g() { let a = 1; return a - (a++); }
print(g());
function h() { let a = 1; return (a++, a) + (a = 10); }
print(h());
function c() { let a = 1; return ((a)) - (a = 7); }
print(c());
function t() { let a = 1; return `${a *= 2}${a++}`; }
print(t());
function q() { let a = 1; return Math.max((a += 5), a++, a); }
print(q());
function cmp() { let a = 1; return (a = 2) < (a = 1); }
print(cmp());
function key() { let a = 1; var o = {}; o[(a += 1)] = a++; return JSON.stringify(o) + a; }
print(key());
function mem() { let o = {x: 1}, p = {x: 2}; let r = o; return (r = p).x - (r = o, 0) + r.x; }
print(mem());
function chain() { let a = 1; return (a = 5) - (a++) - (a = 100); }
print(chain());
function inop() { let k = "x"; return (k += "") in ({ x: 1, [k = "y"]: 2 }); }
print(inop());
})();
