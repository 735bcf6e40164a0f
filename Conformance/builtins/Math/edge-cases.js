// Math edge cases from the spec: signs of zero, NaN propagation, coercion order, clz32/imul/fround, hypot, pow, atan2, constants.
function show(x) { return Object.is(x, -0) ? "-0" : String(x); }
print([0.5, 1.5, -1.5, -0.5, -0.6, 0.4999999999999999, 2 ** 52 + 0.5, -(2 ** 52) - 1, -0, Infinity].map((x) => show(Math.round(x))).join(" "));
print([Math.max(-0, 0), Math.max(0, -0), Math.min(0, -0), Math.min(-0, 0), Math.max(NaN, Infinity), Math.min(), Math.max("3", [4])].map(show).join(" "));
var order = [];
Math.max({ valueOf() { order.push(1); return NaN; } }, { valueOf() { order.push(2); return 0; } });
Math.hypot({ valueOf() { order.push(3); return Infinity; } }, { valueOf() { order.push(4); return NaN; } });
print(order.join(","));
print([Math.hypot(NaN, Infinity), Math.hypot(-Infinity, NaN), Math.hypot(NaN, 1), Math.hypot(-0), Math.hypot(3, 4, 12), Math.hypot(1e200, 1e200), Math.hypot(1e-200, 1e-200)].map(show).join(" "));
print([Math.sign(-0), Math.sign(0), Math.sign(-2), Math.sign(NaN), Math.ceil(-0.5), Math.floor(-0), Math.trunc(-0.9), Math.trunc(0.9)].map(show).join(" "));
print([Math.pow(1, Infinity), Math.pow(-1, -Infinity), Math.pow(NaN, 0), Math.pow(0, -1), Math.pow(-0, -1), Math.pow(-0, -2), Math.pow(-8, 1 / 3), 2 ** -1074].map(show).join(" "));
print([Math.atan2(0, -0), Math.atan2(-0, -0), Math.atan2(-0, 0), Math.atan2(1, Infinity), Math.atan2(Infinity, Infinity) === Math.PI / 4].map(show).join(" "));
print(Math.clz32(0), Math.clz32(-1), Math.clz32(0.5), Math.clz32(2 ** 32), Math.imul(2 ** 31, 2), Math.imul(-1, 8), Math.imul(3.9, 2.1));
print(Math.fround(1.1), Math.fround(2 ** 128), show(Math.fround(-0)), Math.fround(1e-46), Math.fround(16777217));
print([Math.cbrt(-27), Math.cbrt(64), Math.sqrt(-0), Math.exp(-Infinity), Math.log1p(-1), Math.expm1(-0), Math.atanh(1), Math.acosh(0.5), Math.asinh(-0)].map(show).join(" "));
print(Math.abs(-Infinity), show(Math.abs(-0)), Math.LOG2E, Math.LOG10E, Math.SQRT1_2, Math.LN10, Object.prototype.toString.call(Math));
var d = Object.getOwnPropertyDescriptor(Math, "PI");
print(d.writable, d.enumerable, d.configurable, Math.max.length, Math.hypot.length, Math.random.length, Math.abs.name);
var values = [];
for (var i = 0; i < 1000; i++) values.push(Math.random());
print(values.every((v) => v >= 0 && v < 1), new Set(values).size > 990);
try {
  Math.abs(Symbol());
} catch (e) {
  print(e.name);
}
