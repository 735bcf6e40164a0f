// BigInt arithmetic, bitwise operators, shifts, unary operators and their errors.
function attempt(f) {
  try {
    return String(f());
  } catch (e) {
    return e.constructor.name;
  }
}

const big = 2n ** 100n;
print(big, -big, big + 1n, big - big, big * big);
print(7n / 2n, -7n / 2n, 7n % 2n, -7n % 2n, 7n % -2n, 0n / 5n);
print(3n ** 0n, (-3n) ** 3n, 0n ** 0n, 10n ** 30n);
print(5n & 3n, -5n & 3n, 5n | -3n, -5n ^ -3n, ~0n, ~-1n, ~(2n ** 64n));
print(1n << 64n, 1n << -1n, -9n >> 1n, -1n >> 200n, 12345n >> -3n, (2n ** 64n) >> 60n);
let x = 9007199254740993n;
x++;
print(x, x--, x, ++x, -x, - -x);
let y = 10n;
y += 5n;
y *= 2n;
y **= 2n;
y -= 1n;
y >>= 2n;
print(y, typeof y);

// Errors.
print(attempt(() => 1n + 1), attempt(() => 1 * 1n), attempt(() => 1n >>> 0n));
print(attempt(() => 1n / 0n), attempt(() => 1n % 0n), attempt(() => 2n ** -1n));
print(attempt(() => +1n), attempt(() => Math.abs(1n)), attempt(() => 1n << (2n ** 40n)));
print(attempt(() => 1n + "x"), attempt(() => `${-5n}`), attempt(() => 1n + { valueOf: () => 2n }));
