// The ** operator: right-associative, and its edge cases with NaN, infinities and zeros.
print(2 ** 10, 2 ** 3 ** 2, (2 ** 3) ** 2, 2 ** -1, (-2) ** 2, (-2) ** 3);
print(NaN ** 0, 1 ** Infinity, 0 ** -1, (-0) ** -1, (-0) ** -2, 4 ** 0.5, (-8) ** (1 / 3));
var x = 3;
x **= 2;
print(x, Math.pow(2, 0.5) === 2 ** 0.5);
