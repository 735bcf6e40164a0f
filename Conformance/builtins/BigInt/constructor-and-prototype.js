// BigInt(), BigInt.asIntN/asUintN and BigInt.prototype.
function attempt(f) {
  try {
    return String(f());
  } catch (e) {
    return e.constructor.name;
  }
}

print(BigInt(42), BigInt(-0), BigInt(true), BigInt(" 0x1f "), BigInt("-12"), BigInt(""), BigInt("0b101"), BigInt("0o17"));
print(BigInt(2 ** 60), BigInt(Number.MAX_SAFE_INTEGER), BigInt({ valueOf: () => 7 }), BigInt(1e21));
print(attempt(() => BigInt(1.5)), attempt(() => BigInt(NaN)), attempt(() => BigInt("1.5")), attempt(() => BigInt("-0x1")));
print(attempt(() => BigInt(undefined)), attempt(() => BigInt(Symbol())), attempt(() => new BigInt(1)));
print(BigInt.length, BigInt.name, BigInt.asIntN.length, typeof BigInt.prototype.valueOf);
print(BigInt.asIntN(8, 255n), BigInt.asIntN(64, 2n ** 63n), BigInt.asIntN(0, 5n), BigInt.asIntN(3, -5n));
print(BigInt.asUintN(8, -1n), BigInt.asUintN(64, -1n), BigInt.asUintN(1, 3n), BigInt.asUintN(200, 5n));
print(attempt(() => BigInt.asIntN(-1, 1n)), attempt(() => BigInt.asUintN(8, 1)), BigInt.asIntN("8", "300"));
print((255n).toString(16), (-255n).toString(2), (2n ** 70n).toString(36), (0n).toString(), (10n).toLocaleString());
print(attempt(() => (1n).toString(1)), attempt(() => (1n).toString(37)), attempt(() => BigInt.prototype.toString.call(1)));
print(Object(5n).valueOf() === 5n, Object.prototype.toString.call(1n), Object.prototype.toString.call(Object(1n)));
print(Number(2n ** 64n), Number(-(2n ** 53n) - 1n), Number(2n ** 1024n), Number(9007199254740993n), parseInt("99n"));
print(String(-(10n ** 25n)), [1n, 2n].join("+"), JSON.stringify([1]), attempt(() => JSON.stringify({ a: 1n })));
BigInt.prototype.toJSON = function () {
  return this.toString() + "n";
};
print(JSON.stringify({ a: 1n, b: [2n] }));
delete BigInt.prototype.toJSON;
const key = {};
key[10n] = "ten";
print(key["10"], Object.keys({ [2n ** 64n]: 1 })[0]);
console.log(1n, [-2n], { v: 3n }, Object(4n));
