// Generators, async functions, for await and timers: run with `xjs run Examples/async.js`.
function* fibonacci() {
  let [a, b] = [0, 1];
  for (;;) {
    yield a;
    [a, b] = [b, a + b];
  }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function* ticker(count) {
  for (const value of fibonacci()) {
    if (count-- === 0) return;
    await sleep(10);
    yield value;
  }
}

async function main() {
  const seen = [];
  for await (const value of ticker(10)) seen.push(value);
  console.log("fibonacci:", seen.join(" "));
  const results = await Promise.allSettled([sleep(5).then(() => "slept"), Promise.reject(new Error("nope"))]);
  console.log(results.map((r) => r.status + ":" + (r.value ?? r.reason.message)).join(", "));
}

main().then(() => console.log("done"));
console.log("main() returned; the event loop runs the rest");
