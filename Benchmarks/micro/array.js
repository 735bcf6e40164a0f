// Micro: dense array element loads and stores, as a sieve of Eratosthenes over a plain
// Array of booleans. There are 78498 primes below one million.
"use strict";
const log = typeof print === "function" ? print : (s) => console.log(s);
const SIZE = 8; // quick: 1 (sieves of one million)

const LIMIT = 1000000;
const PRIMES_BELOW_LIMIT = 78498;

function countPrimes(limit) {
  const composite = new Array(limit).fill(false);
  let count = 0;
  for (let n = 2; n < limit; n++) {
    if (composite[n]) continue;
    count++;
    for (let multiple = n * n; multiple < limit; multiple += n) composite[multiple] = true;
  }
  return count;
}

let total = 0;
for (let round = 0; round < SIZE; round++) {
  const count = countPrimes(LIMIT);
  if (count !== PRIMES_BELOW_LIMIT) throw new Error(`array: found ${count} primes, expected ${PRIMES_BELOW_LIMIT}`);
  total += count;
}
log(`OK array ${total}`);
