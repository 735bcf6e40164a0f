// Micro: call overhead. A small function called from a loop, and a recursive one:
// add1 applied n times gives n; fib(27) is checked against the iterative Fibonacci number.
"use strict";
const log = typeof print === "function" ? print : (s) => console.log(s);
const SIZE = 20000000; // quick: 2000000 (calls in the loop)

const FIB_DEPTH = 27;

function add1(x) {
  return x + 1;
}

function fib(n) {
  return n < 2 ? n : fib(n - 1) + fib(n - 2);
}

function fibIterative(n) {
  let a = 0;
  let b = 1;
  for (let i = 0; i < n; i++) [a, b] = [b, a + b];
  return a;
}

let count = 0;
for (let i = 0; i < SIZE; i++) count = add1(count);
if (count !== SIZE) throw new Error(`call: counted ${count}, expected ${SIZE}`);
const result = fib(FIB_DEPTH);
const expected = fibIterative(FIB_DEPTH);
if (result !== expected) throw new Error(`call: fib(${FIB_DEPTH}) is ${result}, expected ${expected}`);
log(`OK call ${count + result}`);
