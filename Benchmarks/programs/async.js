// Async: promise chains, awaits in loops, an async generator pipeline consumed with for await,
// Promise.all over many small async functions, and a producer/consumer channel built from
// promises. Everything runs on the job queue (no timers), so the time is the engine's promise
// machinery, async function suspension and resumption, and async generator request queues.
// The expected checksums were computed in node.
"use strict";
const log = typeof print === "function" ? print : (s) => console.log(s);
const SIZE = 60; // quick: 6 (rounds)

const EXPECTED = { 6: "1595672199", 60: "13004752" };
const MODULUS = 2147483647;

function makeRandom(seed) {
  let state = seed >>> 0;
  // Linear congruential generator (Numerical Recipes constants).
  return (limit) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return Math.floor((state / 4294967296) * limit);
  };
}

function mix(hash, value) {
  return (Math.imul(hash ^ (value | 0), 16777619) >>> 0) % MODULUS;
}

// A long chain of then callbacks, some returning plain values, some promises, some thenables.
function thenChain(random, length) {
  let p = Promise.resolve(1);
  for (let i = 0; i < length; i++) {
    const k = random(100);
    if (i % 3 === 0) p = p.then((v) => mix(v, k));
    else if (i % 3 === 1) p = p.then((v) => Promise.resolve(mix(v, k + 1)));
    else p = p.then((v) => ({ then: (resolve) => resolve(mix(v, k + 2)) }));
  }
  return p.catch(() => -1);
}

// Awaits in a loop over values that are sometimes promises, with try/catch around rejections.
async function awaitLoop(random, length) {
  let hash = 7;
  let rejected = 0;
  for (let i = 0; i < length; i++) {
    const r = random(10);
    try {
      const v = r < 4 ? await r * i : r < 8 ? await Promise.resolve(r + i) : await Promise.reject(r);
      hash = mix(hash, v);
    } catch (reason) {
      rejected += reason;
    }
  }
  return mix(hash, rejected);
}

// An async generator pipeline: produce -> map -> filter -> window sums -> for await.
async function* produce(random, count) {
  for (let i = 0; i < count; i++) {
    if (i % 16 === 0) await null;
    yield random(1000);
  }
}
async function* map(source, f) { for await (const v of source) yield f(v); }
async function* filter(source, p) { for await (const v of source) if (p(v)) yield v; }
async function* windows(source, size) {
  let sum = 0;
  let n = 0;
  for await (const v of source) {
    sum += v;
    if (++n === size) { yield sum; sum = 0; n = 0; }
  }
  if (n > 0) yield sum;
}
async function pipeline(random, count) {
  const stages = windows(filter(map(produce(random, count), (v) => v * 3 + 1), (v) => v % 7 !== 0), 5);
  let hash = 11;
  let windowsSeen = 0;
  for await (const s of stages) {
    hash = mix(hash, s);
    windowsSeen++;
  }
  return mix(hash, windowsSeen);
}

// Promise.all over many small async functions, each awaiting a few times.
async function task(id, depth) {
  let acc = id;
  for (let i = 0; i < depth; i++) acc = mix(acc, await (i % 2 ? Promise.resolve(i) : i));
  return acc;
}
async function fanOut(random, tasks) {
  const results = await Promise.all(Array.from({ length: tasks }, (_, id) => task(id, 1 + random(6))));
  const settled = await Promise.allSettled(results.map(async (v, i) => { if (i % 5 === 0) throw v; return v; }));
  let hash = 13;
  for (const r of settled) hash = mix(hash, r.status === "fulfilled" ? r.value : r.reason + 1);
  return hash;
}

// A channel: producers push into a queue of pending promises, one consumer drains it.
class Channel {
  constructor() { this.values = []; this.waiting = []; }
  send(v) { if (this.waiting.length) this.waiting.shift()(v); else this.values.push(v); }
  receive() { return this.values.length ? Promise.resolve(this.values.shift()) : new Promise((r) => this.waiting.push(r)); }
}
async function producer(channel, id, count) {
  for (let i = 0; i < count; i++) {
    await null;
    channel.send(id * 1000 + i);
  }
}
async function channels(random, producers, count) {
  const channel = new Channel();
  const running = Array.from({ length: producers }, (_, id) => producer(channel, id, count));
  let hash = 17;
  for (let i = 0; i < producers * count; i++) hash = mix(hash, await channel.receive());
  await Promise.all(running);
  return mix(hash, random(1000));
}

async function main() {
  if (!(SIZE in EXPECTED)) throw new Error(`async: no expected checksum for ${SIZE} rounds`);
  const random = makeRandom(42);
  let checksum = 0;
  for (let round = 0; round < SIZE; round++) {
    const results = [
      await thenChain(random, 3000),
      await awaitLoop(random, 3000),
      await pipeline(random, 2000),
      await fanOut(random, 600),
      await channels(random, 8, 150),
    ];
    for (const result of results) checksum = (checksum * 31 + result) % MODULUS;
  }
  if (String(checksum) !== EXPECTED[SIZE]) throw new Error(`async: checksum ${checksum}, expected ${EXPECTED[SIZE]}`);
  log(`OK async ${checksum}`);
}

main().catch((error) => {
  log(`FAIL async ${error && error.message}`);
  throw error;
});
