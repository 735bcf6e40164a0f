// Closures and higher-order array methods: the functional style of modern scripts. Chains
// of map/filter/reduce/forEach/some/every/find/flatMap over records, arrow functions that
// capture and update outer variables, function composition and currying, a memoizing
// wrapper, and an event emitter whose listeners are closures. The expected checksum was
// computed in node and confirmed in jsc, SpiderMonkey and QuickJS.
"use strict";
const log = typeof print === "function" ? print : (s) => console.log(s);
const SIZE = 50; // quick: 5 (rounds)

const EXPECTED = { 5: "654566234", 50: "1026478889" };
const RECORDS = 5000;

function makeRandom(seed) {
  let state = seed >>> 0;
  // Linear congruential generator (Numerical Recipes constants).
  return (limit) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return Math.floor((state / 4294967296) * limit);
  };
}

const compose = (...fns) => (x) => fns.reduceRight((value, fn) => fn(value), x);
const curry2 = (fn) => (a) => (b) => fn(a, b);
const add = curry2((a, b) => a + b);
const times = curry2((a, b) => a * b);
const clampTo = (lo, hi) => (x) => Math.min(hi, Math.max(lo, x));

function memoize(fn) {
  const cache = new Map();
  return (n) => {
    if (!cache.has(n)) cache.set(n, fn(n));
    return cache.get(n);
  };
}

function makeCounter(start, step) {
  let value = start;
  return { next: () => (value += step), peek: () => value };
}

class Emitter {
  constructor() {
    this.listeners = {};
  }

  on(event, listener) {
    (this.listeners[event] ??= []).push(listener);
    return () => {
      this.listeners[event] = this.listeners[event].filter((l) => l !== listener);
    };
  }

  emit(event, payload) {
    (this.listeners[event] ?? []).forEach((listener) => listener(payload));
  }
}

function makeRecords(random) {
  const kinds = ["deposit", "withdrawal", "fee", "refund"];
  return Array.from({ length: RECORDS }, (_, id) => ({
    id,
    account: `acct-${random(60)}`,
    kind: kinds[random(kinds.length)],
    amount: 1 + random(10000),
    tags: Array.from({ length: random(3) }, () => `t${random(8)}`),
  }));
}

function pipelines(records) {
  const signed = (r) => (r.kind === "deposit" || r.kind === "refund" ? r.amount : -r.amount);
  const balance = records.map(signed).reduce((a, b) => a + b, 0);
  const bigDeposits = records.filter((r) => r.kind === "deposit" && r.amount > 9000).length;
  const perAccount = records.reduce((totals, r) => {
    totals[r.account] = (totals[r.account] ?? 0) + signed(r);
    return totals;
  }, {});
  const richest = Object.entries(perAccount).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0];
  const tagCounts = {};
  records.flatMap((r) => r.tags).forEach((tag) => {
    tagCounts[tag] = (tagCounts[tag] ?? 0) + 1;
  });
  const allPositive = records.every((r) => r.amount > 0);
  const anyHuge = records.some((r) => r.amount > 9990);
  const firstFee = records.find((r) => r.kind === "fee" && r.amount % 97 === 0);
  const firstFeeIndex = records.findIndex((r) => r === firstFee);
  const scaled = records.map((r) => r.amount).map(compose(clampTo(100, 5000), add(7), times(3)));
  const scaledSum = scaled.reduce((a, b) => a + b, 0);
  return balance + bigDeposits + richest[1] + Object.keys(tagCounts).length * 1000 + (tagCounts.t3 ?? 0) +
    (allPositive ? 1 : 0) + (anyHuge ? 2 : 0) + firstFeeIndex + (scaledSum % 100003);
}

function closureState(random) {
  const counters = Array.from({ length: 50 }, (_, i) => makeCounter(i, 1 + (i % 7)));
  for (let i = 0; i < 20000; i++) counters[random(counters.length)].next();
  const slowSquare = (n) => {
    let total = 0;
    for (let i = 0; i < n; i++) total += n;
    return total;
  };
  const fastSquare = memoize(slowSquare);
  let squares = 0;
  for (let i = 0; i < 5000; i++) squares += fastSquare(random(200));
  return counters.reduce((sum, counter) => sum + counter.peek(), 0) + squares;
}

function events(records) {
  const emitter = new Emitter();
  let deposits = 0;
  let withdrawn = 0;
  let seen = 0;
  const stopCounting = emitter.on("record", () => seen++);
  emitter.on("record", (r) => {
    if (r.kind === "deposit") deposits += r.amount;
  });
  emitter.on("record", (r) => {
    if (r.kind === "withdrawal") withdrawn += r.amount;
  });
  records.forEach((r, i) => {
    if (i === RECORDS / 2) stopCounting();
    emitter.emit("record", r);
  });
  return deposits - withdrawn + seen;
}

if (!(SIZE in EXPECTED)) throw new Error(`closures: no expected checksum for ${SIZE} rounds`);
const random = makeRandom(4242);
let checksum = 0;
for (let round = 0; round < SIZE; round++) {
  const records = makeRecords(random);
  const result = pipelines(records) + closureState(random) + events(records);
  checksum = (checksum * 31 + result) % 2147483647;
}
if (String(checksum) !== EXPECTED[SIZE]) throw new Error(`closures: checksum ${checksum}, expected ${EXPECTED[SIZE]}`);
log(`OK closures ${checksum}`);
