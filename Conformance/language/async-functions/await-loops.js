// Chains of awaits: a recursion that awaits before recursing, a long then chain awaited once, sequential awaits in a loop.
async function sum(n) {
  if (n === 0) return 0;
  await undefined;
  const rest = await sum(n - 1);
  return n + rest;
}
sum(1000).then((v) => print("sum", v));
let p = Promise.resolve(0);
for (let i = 0; i < 2000; i++) p = p.then((v) => v + 1);
(async () => print("then chain", await p))();
(async () => {
  let total = 0;
  for (let i = 0; i < 10000; i++) total += await i;
  print("loop", total);
})();
// awaits inside nested loops and a while with a condition that awaits
(async () => {
  let count = 0;
  for (let i = 0; i < 10; i++) for (let j = 0; j < 10; j++) if ((await (i * j)) % 2) count++;
  let n = 0;
  while ((await n) < 5) n++;
  print("nested", count, n);
})();
