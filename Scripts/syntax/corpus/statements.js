// Statements of every kind, with and without semicolons (ASI).
var a = 1, b, c = a + 2
let d = [a, b], e
const f = function named() { return f }
{
  let inner = 1
  ;[inner].forEach(function (x) { return x * 2 })
}
if (a) b = 1; else if (c) { b = 2 } else b = 3
for (var i = 0; i < 10; i++) { if (i === 5) continue; if (i > 7) break }
for (;;) { break }
for (let j = 0, k = 10; j < k; j++, k--) ;
for (var key in { x: 1 }) {}
for (key in { y: 2 }) {}
for (const value of [1, 2, 3]) {}
for (let [x, y] of [[1, 2]]) {}
for (var { p, q } of []) {}
while (false) {}
do a++; while (a < 5)
do { a-- } while (a > 0) a = 0
outer: for (;;) { inner: for (;;) { continue outer } }
block: { break block }
switch (a) {
  case 1:
  case 2: b = 1; break
  default: b = 2
  case 3: { b = 3 }
}
try { throw new Error("x") } catch (error) { a = error } finally { a = null }

try { a() } finally {}
with (Math) { a = floor(1.5) }
debugger
function declared(x, y = 2, ...rest) { return x + y + rest.length }
function* generator() { yield; yield 1; yield* [2, 3]; const x = yield }
async function asyncFunction() { await a; for (const x of await b) {} }

return_label: a
;
