// BigInt +, -, *, / and % across limb boundaries: carries out of the top limb, borrows through runs
// of zero limbs, every sign combination, results that cancel to zero, and products of
// operands from one limb to past the Karatsuba threshold. Each result is checked against an
// identity and printed as a hash, so the expected output does not depend on print's format.
const limb = 2n ** 64n;
const values = [
  0n, 1n, -1n, limb - 1n, limb, -limb, limb + 1n, limb * limb - 1n, -(limb * limb),
  limb ** 3n - limb, 0x123456789abcdef0fedcba9876543210n, -(3n ** 200n), 7n ** 150n + 1n,
  (limb ** 45n - 1n) / 3n, -(5n ** 1900n),
];
function fold(hash, value) {
  const text = String(value);
  for (let i = 0; i < text.length; i++) hash = (hash * 31 + text.charCodeAt(i)) % 1000000007;
  return hash;
}
/** Folds a op b for every operator into the hash. */
function foldResults(hash, a, b) {
  hash = fold(fold(fold(hash, a + b), a - b), a * b);
  return b === 0n ? hash : fold(fold(hash, a / b), a % b);
}
let hash = 0;
let failures = 0;
const kept = [];
for (const a of values) {
  for (const b of values) {
    const sum = a + b, difference = a - b, product = a * b;
    if (sum - b !== a || difference + b !== a || sum + difference !== a + a) failures++;
    if (product !== b * a || (b !== 0n && product / b !== a) || (b === 0n && product !== 0n)) failures++;
    if (a - a !== 0n || String(a - a) !== "0") failures++;
    if (b !== 0n) {
      const quotient = a / b, remainder = a % b;
      const absolute = (v) => (v < 0n ? -v : v);
      if (quotient * b + remainder !== a || absolute(remainder) >= absolute(b)) failures++;
      if (remainder !== 0n && (remainder < 0n) !== (a < 0n)) failures++;
    }
    hash = foldResults(hash, a, b);
    kept.push(sum, difference, product);
  }
}
print("pairs", values.length * values.length, "failures", failures, "hash", hash);
// Results made while many others are alive still read back the same.
let again = 0;
for (const a of values) for (const b of values) again = foldResults(again, a, b);
print("kept", kept.length, "same", again === hash);
print(String(limb * limb - 1n + 1n), String(-(limb) + limb), String((limb - 1n) * (limb - 1n)));
print(String(limb ** 2n - limb ** 2n + 1n), String(1n - limb ** 3n), String(-(limb ** 3n) - 1n));
print(String((limb ** 3n + 5n) / (limb + 1n)), String(-(limb ** 3n) % (limb - 1n)), String(7n / -(limb ** 2n)), String((limb ** 4n) % (limb ** 2n + 3n)));
let division = [];
try { division.push(1n / 0n); } catch (e) { division.push(e.constructor.name); }
try { division.push(limb % 0n); } catch (e) { division.push(e.constructor.name); }
print(division.join(" "));
