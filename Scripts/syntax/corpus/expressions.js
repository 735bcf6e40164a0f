// Operators, precedence and associativity.
x = a + b * c - d / e % f
x = (a + b) * c


x = a << b >> c >>> d
x = a < b <= c > d >= e
x = a instanceof B in c
x = a == b != c === d !== e
x = a & b | c ^ d
x = a && b || c && d
x = a ? b : c ? d : e
x = a ? b = 1 : c
x = y = z
x += 1; x -= 1; x *= 2; x /= 2; x %= 3
x <<= 1; x >>= 1; x >>>= 1; x &= 1; x |= 1; x ^= 1
x = !a, y = ~b, z = -c, w = +d
x = typeof a, void 0, delete a.b, delete a[0]
x = ++a + a++ - --b - b--
x = a.b.c[d][e](f)(g).h
x = new A, new A(), new A.B(c), new new A()(), new (a.b())
x = a(...b, c, ...d)
x = [1, , 2, ...e, ]
x = [, , ]
x = { a, b: 1, [c]: 2, 'd': 3, 4: 5, get g() { return 1 }, set s(v) {}, m() {}, *gen() {}, async am() {} }

x = function () {}, function* () {}, async function () {}
x = () => 1, (a) => a, a => a, (a, b) => { return a }, async a => a, async (a) => await a, async () => {}
x = (a, b = 1, ...c) => c
x = ({ a }) => a
x = `plain`
x = `a${b}c${d}e`
x = tag`a${b}c`
x = a.b`c`
x = /re/g, /[/]/, /a\/b/i
x = a / b / c
x = this, null, true, false
x = 0x1F + 0o17 + 0b101 + 1e3 + 1.5e-3 + .5 + 5. + 0.1
x = "double \" quote \n \t \\ \u0041 \x41 \u{1F600}"
x = 'single \' quote'
x = (1, 2, 3)
x = a in b

x = (function () { return new.target })
x = class {}
x = class Named extends Base { constructor() { super(); super.m() } static s() {} get g() {} set g(v) {} }
