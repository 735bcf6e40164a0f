// Recursion: direct, mutual, through a named function expression, and moderately deep.
function fib(n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
print(fib(0), fib(1), fib(10), fib(20));
function isEven(n) { return n === 0 ? true : isOdd(n - 1); }
function isOdd(n) { return n === 0 ? false : isEven(n - 1); }
print(isEven(10), isOdd(7), isEven(7));
var factorial = function fact(n) { return n <= 1 ? 1 : n * fact(n - 1); };
print(factorial(10), factorial(20), factorial(25));
function depth(n) { return n === 0 ? 0 : 1 + depth(n - 1); }
print(depth(5000));
function ackermann(m, n) {
  return m === 0 ? n + 1 : n === 0 ? ackermann(m - 1, 1) : ackermann(m - 1, ackermann(m, n - 1));
}
print(ackermann(2, 3));
