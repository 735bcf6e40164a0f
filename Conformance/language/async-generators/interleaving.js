// Two async generators consumed concurrently interleave one await at a time; the tick order matches the spec's job order.
var log = [];
async function* gen(name, n) {
  for (let i = 0; i < n; i++) {
    log.push(name + " before yield " + i);
    yield i;
    log.push(name + " after yield " + i);
  }
}
async function consume(name, n) {
  for await (const v of gen(name, n)) log.push(name + " got " + v);
  log.push(name + " done");
}
consume("A", 2);
consume("B", 3);
var p = Promise.resolve();
for (let i = 0; i < 6; i++) p = p.then(() => log.push("tick " + i));
setTimeout(() => print(log.join("\n")), 0);
