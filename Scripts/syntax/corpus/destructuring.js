// Binding and assignment patterns.
var { a, b: c, d = 1, e: { f }, g: [h, , i = 2, ...j], ...k } = obj
let [l, [m, n] = [], { o } = {}, ...p] = arr
const { ['computed']: q } = obj
function params({ a, b = 1 }, [c, d], { e: { f } } = {}, ...[g, h]) {}
;({ a, b: c.d, e: f[0], g = 1, h: i = 2, ...j } = obj)
;[a, b.c, d[0], [e, f], { g }, h = 1, ...i] = arr
;[a = b = c] = d
;({ a: [b] } = c)
for ([a, b] of c) {}
for ({ a } of b) {}
for ([a] in b) {}
x = ([a, b]) => a
x = ({ a = 1 }) => a
x = (a, [b], { c }) => a
try {} catch ({ message }) {}
try {} catch ([first]) {}
