// Property loads and stores through the inline caches in loops: one shape, several shapes at one site (up to megamorphic), prototype properties that change, getters, setters, added properties and deletes.
function getX(o) { return o.x; }
function setX(o, v) { o.x = v; return o; }
var shapes = [{ x: 1 }, { y: 0, x: 2 }, { z: 0, y: 0, x: 3 }, Object.create({ x: 4 }), [5], { get x() { return 6; } }];
shapes[4].x = 5;
var total = 0;
for (var i = 0; i < 60; i++) total += getX(shapes[i % shapes.length]);
print(total);
function P() {}
P.prototype.x = 'p1';
var p = new P();
var seen = [];
for (var j = 0; j < 6; j++) { seen.push(getX(p)); if (j === 2) P.prototype.x = 'p2'; if (j === 4) p.x = 'own'; }
print(seen.join(','));
var logged = [];
var withSetter = { set x(v) { logged.push(v); } };
for (var k = 0; k < 3; k++) setX(withSetter, k);
print(logged.join(','), withSetter.x);
var built = [];
for (var m = 0; m < 5; m++) { var o = {}; o.a = m; o.b = m * 2; if (m % 2) o.c = m; built.push(o); }
print(built.map(function (o) { return Object.keys(o).join('') + (o.a + o.b + (o.c || 0)); }).join(' '));
var d = { x: 1, y: 2 };
for (var n = 0; n < 4; n++) { if (n === 2) delete d.x; setX(d, n); }
print(JSON.stringify(d), Object.keys(d).join(''));
var frozen = Object.freeze({ x: 1 });
for (var q = 0; q < 3; q++) setX(frozen, q);
print(frozen.x, [1, 2, 3].length, 'abc'.length, (function () { return arguments.length; })(1, 2));
