// Math functions with their specified edge cases (signs of zero, NaN, empty argument lists).
print(Math.max(), Math.min(), Math.max(1, NaN, 3), Math.max(-0, 0) === 0, 1 / Math.min(0, -0));
print(Math.round(2.5), Math.round(-2.5), Math.round(-0.4), 1 / Math.round(-0.4), Math.round(0.49999999999999994));
print(Math.floor(-1.5), Math.ceil(-1.5), Math.trunc(-1.5), 1 / Math.ceil(-0.5), Math.sign(-3), Math.sign(-0));
print(Math.abs(-7.5), Math.abs("-2"), Math.abs(null), Math.abs(), Math.sqrt(-1), Math.sqrt(16), Math.cbrt(27));
print(Math.pow(2, 10), Math.pow(NaN, 0), Math.hypot(3, 4), Math.hypot(), Math.hypot(NaN, Infinity));
print(Math.exp(0), Math.log(1), Math.log(0), Math.log(-1), Math.log2(8), Math.log10(1000), Math.expm1(0), Math.log1p(0));
print(Math.sin(0), Math.cos(0), Math.atan2(0, -0) === Math.PI, Math.atan2(1, 1) === Math.PI / 4);
print(Math.clz32(1), Math.clz32(0), Math.imul(0xffffffff, 5), Math.fround(5.5), Math.fround(5.05) === 5.05);
print(Math.PI, Math.E, Math.SQRT2, Math.LN2);
var r = Math.random();
print(r >= 0 && r < 1, typeof r);
