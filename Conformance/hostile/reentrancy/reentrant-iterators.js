// Re-entrant iteration: a generator resumed from inside itself, arrays, Maps and Sets that grow or shrink while for-of walks them, an iterator whose next() re-enters the consumer.
function* gen() { try { it.next(); } catch (e) { yield e.constructor.name; } yield "after"; }
var it = gen();
print(it.next().value, it.next().value, it.next().done);
function* gen2() { yield 1; it2.return(); yield 2; }
var it2 = gen2(); it2.next();
try { it2.next(); } catch (e) { print("return while running:", e.constructor.name); }
function* gen3() { try { yield 1; } finally { it3.throw(new Error("x")); } }
var it3 = gen3(); it3.next();
try { it3.return(5); } catch (e) { print("throw from finally while running:", e.constructor.name); }
var a = [1, 2, 3], visited = [];
for (var x of a) { visited.push(x); if (a.length < 8) a.push(x * 10); }
print(visited.join());
var b = [1, 2, 3, 4, 5, 6], visited2 = [];
for (var x of b) { visited2.push(x); b.shift(); }
print(visited2.join(), b.join());
var m = new Map([[1, 1], [2, 2], [3, 3]]), seen = [];
for (var [k] of m) { seen.push(k); m.delete(k + 1); if (k < 20) m.set(k + 10, 0); }
print(seen.join(), m.size);
var s = new Set([1, 2, 3]), seen2 = [];
s.forEach(function (v) { seen2.push(v); s.delete(v); if (v < 4) s.add(v + 3); });
print(seen2.join(), s.size);
var s2 = new Set([1]), n = 0;
for (var v of s2) { s2.delete(v); s2.add(v + 1); if (++n === 10000) break; }
print(n, s2.size, [...s2][0]);
var m2 = new Map([[0, 0]]);
for (var [k] of m2) { m2.clear(); if (k < 1000) m2.set(k + 1, 0); }
print(m2.size, [...m2.keys()][0]);
// Array.from and spread over an iterator that mutates the array it came from.
var c = [1, 2, 3];
var iter = { [Symbol.iterator]: function () { var i = 0; return { next: function () { c.length = 0; c.push(i); return i < 5 ? { value: i++, done: false } : { done: true }; } }; } };
print(Array.from(iter).join(), [...iter].join(), c.join());
// Destructuring from an iterator whose next() calls the same destructuring again.
var depth = 0;
var nested = { [Symbol.iterator]: function () { return { next: function () { if (depth++ < 50) { var [p] = nested; return { value: p + 1, done: false }; } return { value: 0, done: false }; }, return: function () { return {}; } }; } };
var [top] = nested;
print(top);
