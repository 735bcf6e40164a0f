// Objects compare by identity; wrappers are objects; Object.is distinguishes -0 and NaN.
var a = {}, b = {}, c = a;
print(a === b, a === c, a == c, [] === [], new Number(1) === new Number(1), new Number(1) == 1);
print(Object.is(a, c), Object.is(-0, 0), Object.is(NaN, 0 / 0), Object.is("a", "a"));
print([NaN].indexOf(NaN), [NaN].includes(NaN), [-0].includes(0), new Set([NaN, NaN]).size);
