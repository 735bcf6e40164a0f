// Long chains of bound functions: calls and constructs unwind the chain without native recursion (2,000 binds here; 100,000 in Tests/XJSEngineTests/RuntimeTests.swift, too slow for gc-stress), and each level's this, arguments and new.target rule still holds.
let f = function (...rest) { return [typeof this === 'object' ? 'obj' : String(this), rest.length, rest.join('')].join(); };
let chain = f.bind('inner', 'a');
for (let i = 0; i < 2000; i++) chain = chain.bind('outer');
print(chain('z'));
print(chain.length, chain.name.startsWith('bound bound bound'), chain.name.length);

function Point(x, y) { this.x = x; this.y = y; }
let Bound = Point.bind(null, 1);
for (let i = 0; i < 2000; i++) Bound = Bound.bind(null);
const p = new Bound(2);
print(p.x, p.y, p instanceof Point, Object.getPrototypeOf(p) === Point.prototype);

class Base { constructor(v) { this.v = v; this.target = new.target.name; } }
const BoundBase = Base.bind(null, 'b').bind(null);
const b = new BoundBase();
print(b.v, b.target, b instanceof Base);
class Other {}
print(Reflect.construct(BoundBase, [], Other).target);
