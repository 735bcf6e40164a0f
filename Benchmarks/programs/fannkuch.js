// Fannkuch-redux: for every permutation of 1..n (in the benchmark's rotation order), count
// the pancake flips needed until 1 comes first — reverse the first k elements, where k is
// the first element. Reports the maximum flip count and a checksum of the flip counts with
// alternating signs. Expected values are the published ones (Computer Language Benchmarks Game).
"use strict";
const log = typeof print === "function" ? print : (s) => console.log(s);
const SIZE = 9; // quick: 8 (permutation length n)
const REPEAT = 2;

const EXPECTED = {
  7: { checksum: 228, maxFlips: 16 },
  8: { checksum: 1616, maxFlips: 22 },
  9: { checksum: 8629, maxFlips: 30 },
  10: { checksum: 73196, maxFlips: 38 },
  11: { checksum: 556355, maxFlips: 51 },
  12: { checksum: 3968050, maxFlips: 65 },
};

function countFlips(permutation, work) {
  for (let i = 0; i < permutation.length; i++) work[i] = permutation[i];
  let flips = 0;
  for (let first = work[0]; first !== 0; first = work[0]) {
    for (let low = 0, high = first; low < high; low++, high--) {
      const swap = work[low];
      work[low] = work[high];
      work[high] = swap;
    }
    flips++;
  }
  return flips;
}

function fannkuch(n) {
  const permutation = Array.from({ length: n }, (_, i) => i);
  const work = new Array(n).fill(0);
  const counters = new Array(n).fill(0);
  let checksum = 0;
  let maxFlips = 0;
  let index = 0;
  let r = n;
  for (;;) {
    for (; r !== 1; r--) counters[r - 1] = r;
    const flips = countFlips(permutation, work);
    if (flips > maxFlips) maxFlips = flips;
    checksum += index % 2 === 0 ? flips : -flips;
    // Next permutation: rotate the first r + 1 elements left until a counter is left over.
    for (;;) {
      if (r === n) return { checksum, maxFlips };
      const first = permutation[0];
      for (let i = 0; i < r; i++) permutation[i] = permutation[i + 1];
      permutation[r] = first;
      counters[r]--;
      if (counters[r] > 0) break;
      r++;
    }
    index++;
  }
}

function expectFannkuch(n) {
  const expected = EXPECTED[n];
  if (expected === undefined) throw new Error(`fannkuch: no expected result for n = ${n}`);
  const { checksum, maxFlips } = fannkuch(n);
  if (checksum !== expected.checksum || maxFlips !== expected.maxFlips) {
    throw new Error(`fannkuch: n = ${n} gives checksum ${checksum} and ${maxFlips} flips, ` +
      `expected ${expected.checksum} and ${expected.maxFlips}`);
  }
  return `${checksum} Pfannkuchen(${n}) = ${maxFlips}`;
}

expectFannkuch(7);
let result = "";
for (let run = 0; run < REPEAT; run++) result = expectFannkuch(SIZE);
log(`OK fannkuch ${result}`);
