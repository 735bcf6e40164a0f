// while, do-while and for loops with break and continue.
var out = [];
var i = 0;
while (i < 5) {
  i++;
  if (i === 2) continue;
  if (i === 4) break;
  out.push(i);
}
print(out.join(","), i);
var runs = 0;
do { runs++; } while (false);
print(runs);
var sum = 0;
for (var j = 0, k = 10; j < k; j += 2, k--) sum += j * k;
print(sum, j, k);
var count = 0;
for (;;) { if (++count > 3) break; }
print(count);
var evens = [];
for (var n = 0; n < 10; n++) {
  if (n % 2) continue;
  evens.push(n);
}
print(evens.join(" "));
var iterations = 0;
do {
  iterations++;
  if (iterations < 3) continue;
  break;
} while (true);
print(iterations);
