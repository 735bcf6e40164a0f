// Equality and ordering of BigInts against BigInts, Numbers, Strings and objects.
const big = 2n ** 64n;
print(1n == 1, 1n === 1, 1n == 1.5, 0n == -0, 1n == "1", 1n == " 1 ", 1n == "1.0", 1n == "0x1");
print(big == 18446744073709551616, 9007199254740993n == 9007199254740992, 2n ** 53n == 2 ** 53);
print(1n == true, 0n == false, 0n == "", 1n == null, 1n == undefined, 1n == Object(1n), Object(1n) == Object(1n));
print(1n < 2, 2n > 1.5, 1n < NaN, 1n > NaN, -1n < -Infinity, big < Infinity, 9007199254740993n > 9007199254740992);
print(1n < "2", "10" > 9n, 1n < "x", 1n >= "x", "1e3" < 2000n, 3n <= 3, 3n >= 3.5);
print(5n === 5n, big === 2n ** 64n, Object.is(0n, -0n), [0n, 1n, 2n].indexOf(1n), [1n].includes(1n));
print(NaN == 0n, [3n, 1n, 2n, 10n].sort().join(), [3n, 1n, -2n].sort((a, b) => (a < b ? -1 : 1)).join());
const m = new Map([[big, "big"]]);
const s = new Set([1n, 1n, 2n ** 64n, 2n ** 64n]);
print(m.get(2n ** 64n), m.has(big + 1n), s.size);
switch (2n ** 3n) {
  case 8:
    print("number case");
    break;
  case 8n:
    print("bigint case");
    break;
}
print(0n ? "truthy" : "falsy", !!-1n, 0n || "right", 1n && "right", typeof Object(1n));
