// Number arithmetic: precedence, remainder sign, division by zero, -0 and NaN.
print(1 + 2 * 3, (1 + 2) * 3, 10 - 4 - 3, 2 * 3 / 4);
print(7 % 3, -7 % 3, 7 % -3, 5.5 % 2);
print(1 / 0, -1 / 0, 0 / 0);
print(1 / -0, 1 / (0 * -1), 1 / (-0 + 0), 1 / (-0 - 0));
print(-0 % 5 === 0, 1 / (-0 % 5));
print(0.1 + 0.2, 0.1 + 0.2 === 0.3, 0.5 + 0.25);
print(NaN + 1, NaN === NaN, Infinity - Infinity, Infinity * 0);
print(2 ** 53 + 1, 2 ** 53 + 2, -(2 ** 31));
print(9007199254740993, 4294967296 * 4294967296);
print(-5 / 2, Math.floor(-5 / 2), 5 % 0, Infinity % 2, 2 % Infinity);
