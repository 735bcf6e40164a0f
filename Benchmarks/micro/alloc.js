// Micro: short-lived allocation. Each iteration allocates an object and a small array that
// die at once; the sum of their contents is known in closed form.
"use strict";
const log = typeof print === "function" ? print : (s) => console.log(s);
const SIZE = 5000000; // quick: 500000 (iterations)

function churn(n) {
  let total = 0;
  for (let i = 0; i < n; i++) {
    const pair = { first: i, second: [i, 1] };
    total += pair.first + pair.second[1];
  }
  return total;
}

const total = churn(SIZE);
const expected = (SIZE * (SIZE - 1)) / 2 + SIZE;
if (total !== expected) throw new Error(`alloc: total is ${total}, expected ${expected}`);
log(`OK alloc ${total}`);
