// BigInt64Array, BigUint64Array and DataView's BigInt accessors.
function attempt(f) {
  try {
    return String(f());
  } catch (e) {
    return e.constructor.name;
  }
}

const signed = new BigInt64Array([1n, -2n, 2n ** 63n, 2n ** 64n + 5n]);
print(signed.join(), signed.length, BigInt64Array.BYTES_PER_ELEMENT, signed[2], typeof signed[0]);
const unsigned = new BigUint64Array(signed.buffer);
print(unsigned.join());
print(attempt(() => new BigInt64Array([1])), attempt(() => new BigInt64Array(new Int8Array(2))), attempt(() => new Int8Array(signed)));
signed[0] = 7n;
signed[1] = "-8";
signed[3] = true;
print(signed.join(), attempt(() => (signed[0] = 1)), signed[0]);
const sorted = new BigInt64Array([5n, -1n, 3n, -(2n ** 62n)]).sort();
print(sorted.join(), new BigUint64Array([5n, -1n, 3n]).sort().join(), sorted.indexOf(3n), sorted.includes(5n), sorted.indexOf(3));
print(new BigInt64Array(3).fill(9n).join(), attempt(() => new BigInt64Array(1).fill(1)), BigInt64Array.from([1n, 2n], (v) => v * 2n).join());
print(BigUint64Array.of(1n, -1n).join(), new BigInt64Array([1n, 2n, 3n]).map((v) => -v).join(), new BigInt64Array([4n, 5n]).reverse().join());
print(new BigInt64Array([1n, 2n, 3n]).slice(1).join(), new BigInt64Array([1n, 2n]).with(0, 9n).join(), attempt(() => new BigInt64Array(2).set([1])));
const copy = new BigUint64Array(2);
copy.set(new BigInt64Array([-1n, 2n]));
print(copy.join(), attempt(() => copy.set(new Float64Array(1))), new BigInt64Array(copy).join());
const view = new DataView(new ArrayBuffer(16));
view.setBigInt64(0, -2n);
view.setBigUint64(8, 0x0102030405060708n, true);
print(view.getBigInt64(0), view.getBigUint64(0), view.getBigUint64(8, true), view.getBigUint64(8).toString(16), view.getUint8(8));
print(attempt(() => view.setBigInt64(0, 1)), attempt(() => view.getBigInt64(9)), DataView.prototype.getBigInt64.length);
