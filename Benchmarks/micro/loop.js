// Micro: a counting loop with an integer sum inside a function, the interpreter's dispatch
// floor (three or four bytecodes an iteration). The sum 0 + 1 + ... + (n - 1) is n(n - 1)/2.
"use strict";
const log = typeof print === "function" ? print : (s) => console.log(s);
const SIZE = 30000000; // quick: 3000000 (iterations)

function sumBelow(n) {
  let sum = 0;
  for (let i = 0; i < n; i++) sum += i;
  return sum;
}

const sum = sumBelow(SIZE);
const expected = (SIZE * (SIZE - 1)) / 2;
if (sum !== expected) throw new Error(`loop: sum is ${sum}, expected ${expected}`);
log(`OK loop ${sum}`);
