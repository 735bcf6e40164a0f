// BigInt arithmetic: the digits of pi from Gibbons' unbounded spigot (multiplication and
// division of integers thousands of digits long), then a 64-bit FNV-1a hash of the digits
// computed in BigInt, wrapped with a 64-bit mask (small-BigInt arithmetic; not
// BigInt.asUintN, which QuickJS 2025-09-13 gets wrong above 2^63). The expected digits and
// hashes come from a separate Python transcription using its integers.
"use strict";
const log = typeof print === "function" ? print : (s) => console.log(s);
const SIZE = 6000; // quick: 2000 (digits of pi)

const EXPECTED = { 2000: "b0d9822ba0d818a3", 6000: "fbe0de76fc216ed7" };

function piDigits(count) {
  let q = 1n;
  let r = 0n;
  let t = 1n;
  let k = 1n;
  let n = 3n;
  let l = 3n;
  const digits = [];
  while (digits.length < count) {
    if (4n * q + r - t < n * t) {
      digits.push(Number(n));
      const nextR = 10n * (r - n * t);
      n = (10n * (3n * q + r)) / t - 10n * n;
      q *= 10n;
      r = nextR;
    } else {
      const nextR = (2n * q + r) * l;
      const nextN = (q * (7n * k) + 2n + r * l) / (t * l);
      q *= k;
      t *= l;
      l += 2n;
      k += 1n;
      n = nextN;
      r = nextR;
    }
  }
  return digits;
}

function fnv1a64(values) {
  const prime = 0x100000001b3n;
  const mask = 0xffffffffffffffffn;
  let hash = 0xcbf29ce484222325n;
  for (const value of values) {
    hash ^= BigInt(value + 48);
    hash = (hash * prime) & mask;
  }
  return hash.toString(16).padStart(16, "0");
}

if (!(SIZE in EXPECTED)) throw new Error(`bigint: no expected hash for ${SIZE} digits`);
const digits = piDigits(SIZE);
const start = digits.slice(0, 30).join("");
if (start !== "314159265358979323846264338327") throw new Error(`bigint: pi starts ${start}`);
const hash = fnv1a64(digits);
if (hash !== EXPECTED[SIZE]) throw new Error(`bigint: hash of ${SIZE} digits is ${hash}, expected ${EXPECTED[SIZE]}`);
log(`OK bigint ${hash}`);
