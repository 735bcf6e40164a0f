// Infinite generators consumed lazily with take-like helpers; nothing is computed past what is taken.
function* naturals() { let n = 0; while (true) yield n++; }
function* map(it, f) { for (const v of it) yield f(v); }
function* filter(it, p) { for (const v of it) if (p(v)) yield v; }
function* take(it, n) { if (n <= 0) return; for (const v of it) { yield v; if (--n <= 0) return; } }
function* fib() { let [a, b] = [0, 1]; for (;;) { yield a; [a, b] = [b, a + b]; } }
function* primes() {
  const found = [];
  for (const n of naturals()) {
    if (n < 2) continue;
    if (found.every((p) => n % p !== 0)) { found.push(n); yield n; }
  }
}
print([...take(naturals(), 5)].join());
print([...take(map(filter(naturals(), (n) => n % 3 === 0), (n) => n * n), 6)].join());
print([...take(fib(), 15)].join());
print([...take(primes(), 20)].join());
print([...take(naturals(), 0)].length);
// zip two infinite generators
function* zip(a, b) {
  while (true) {
    const x = a.next(), y = b.next();
    if (x.done || y.done) return;
    yield [x.value, y.value];
  }
}
print(JSON.stringify([...take(zip(fib(), primes()), 4)]));
// count how many values the source produced
let produced = 0;
function* tracked() { while (true) { produced++; yield produced; } }
const [first, second] = tracked();
print(first, second, produced);
print([...take(tracked(), 3)].join(), produced);
// a long lazy run (no arrays built)
let sum = 0;
for (const v of take(filter(naturals(), (n) => n & 1), 5000)) sum += v;
print(sum);
