// Array.prototype callbacks that push, pop, shrink, grow and set length of the array they iterate: the length is read once, holes made by the callback are skipped.
var a = [1, 2, 3, 4];
print(a.map(function (x, i) { a.push(x * 10); return x + i; }).join(), a.length);
var b = [1, 2, 3, 4, 5, 6];
var seen = [];
b.forEach(function (x) { seen.push(x); b.pop(); });
print(seen.join(), b.join());
var c = [1, 2, 3, 4, 5];
print(JSON.stringify(c.map(function (x) { c.length = 2; return x; })), c.length);
var d = [1, 2, 3, 4, 5];
print(d.filter(function (x, i) { d[i + 1] = -x; return true; }).join());
var e = [5, 4, 3, 2, 1];
print(e.reduce(function (acc, x) { e.shift(); return acc + x; }, 0), e.join());
var f = [1, 2, 3];
print(f.some(function (x) { f.unshift(0); return x > 5; }), f.length);
var g = [1, 2, 3, 4];
print(g.findLast(function (x, i) { g.length = 0; return x === undefined; }), g.length);
var h = [1, 2, 3, 4, 5];
print(h.findIndex(function (x) { h.splice(0, 1); return x === undefined; }), h.join());
var k = [1, 2, 3, 4];
print(k.every(function (x) { k[10] = 1; return x > 0; }), k.length);
var m = [1, 2, 3];
print(m.flatMap(function (x) { m.push(x); return [x, [x]]; }).length, m.length);
// A huge length set from inside the callback does not make the loop longer.
var n = [1, 2, 3];
var count = 0;
n.forEach(function () { count++; n.length = 2 ** 32 - 1; });
print(count, n.length);
// indexOf/includes/lastIndexOf with a fromIndex whose valueOf shrinks the array.
var p = [1, 2, 3, 4, 5];
print(p.indexOf(undefined, { valueOf: function () { p.length = 1; return 0; } }));
var q = [1, 2, 3, 4, 5];
print(q.includes(undefined, { valueOf: function () { q.length = 1; return 0; } }));
var r = [1, 2, 3, 4, 5];
print(r.lastIndexOf(undefined, { valueOf: function () { r.length = 1; return 4; } }));
// join and toString where an element's toString changes the array.
var s = [1, { toString: function () { s.length = 1; s[5] = "late"; return "X"; } }, 3, 4];
print(s.join("-"), s.length);
// (fill: the end is the length read before start's valueOf, so 1..3 are set again: node 20 gives "2 1,0", a V8 deviation; this line was written by hand.)
var t = [1, 2, 3, 4];
print(t.fill(0, { valueOf: function () { t.length = 2; return 1; } }).length, t.join());
var u = [1, 2, 3, 4, 5, 6];
print(u.copyWithin(0, { valueOf: function () { u.length = 3; return 2; } }).join(), u.length);
var v = [1, 2, 3, 4, 5];
print(v.splice({ valueOf: function () { v.length = 0; return 1; } }, 2).length, v.length);
