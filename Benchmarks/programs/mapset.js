// Map/Set churn: keyed collections under steady insertion and deletion. An LRU cache on a
// Map (re-insertion moves a key to the end, the first key is the eldest), word counting
// with string keys, object keys for per-node data, breadth-first search over a random
// graph with a Set of visited nodes, and set union/intersection/difference by iteration.
// The expected checksum was computed in node and confirmed in jsc, SpiderMonkey and QuickJS.
"use strict";
const log = typeof print === "function" ? print : (s) => console.log(s);
const SIZE = 13; // quick: 2 (rounds)

const EXPECTED = { 2: "586470760", 13: "1719316891" };

function makeRandom(seed) {
  let state = seed >>> 0;
  // Linear congruential generator (Numerical Recipes constants).
  return (limit) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return Math.floor((state / 4294967296) * limit);
  };
}

class LruCache {
  constructor(capacity) {
    this.capacity = capacity;
    this.entries = new Map();
    this.hits = 0;
    this.misses = 0;
  }

  get(key, compute) {
    if (this.entries.has(key)) {
      const value = this.entries.get(key);
      this.entries.delete(key);
      this.entries.set(key, value);
      this.hits++;
      return value;
    }
    this.misses++;
    const value = compute(key);
    this.entries.set(key, value);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value);
    return value;
  }
}

function cacheWorkload(random) {
  const cache = new LruCache(500);
  let total = 0;
  for (let i = 0; i < 40000; i++) {
    // Skewed keys: small numbers are requested far more often than large ones.
    const key = random(1 + random(3000));
    total += cache.get(`k${key}`, (name) => name.length * 7 + key);
  }
  return total + cache.hits * 3 + cache.misses;
}

function wordCountWorkload(random) {
  const syllables = ["ka", "lo", "mi", "ne", "ru", "ta", "vo", "zi"];
  const counts = new Map();
  for (let i = 0; i < 30000; i++) {
    let word = "";
    for (let s = 1 + random(3); s > 0; s--) word += syllables[random(syllables.length)];
    counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  let best = "";
  let bestCount = 0;
  for (const [word, count] of counts) {
    if (count > bestCount) {
      best = word;
      bestCount = count;
    }
  }
  for (const word of [...counts.keys()]) if (counts.get(word) < 5) counts.delete(word);
  return counts.size * 1000 + bestCount + best.length;
}

function graphWorkload(random) {
  const nodes = Array.from({ length: 3000 }, (_, id) => ({ id, edges: [] }));
  for (const node of nodes) {
    for (let e = random(4); e >= 0; e--) node.edges.push(nodes[random(nodes.length)]);
  }
  const depth = new Map([[nodes[0], 0]]);
  const visited = new Set([nodes[0]]);
  const queue = [nodes[0]];
  for (let head = 0; head < queue.length; head++) {
    const node = queue[head];
    for (const next of node.edges) {
      if (visited.has(next)) continue;
      visited.add(next);
      depth.set(next, depth.get(node) + 1);
      queue.push(next);
    }
  }
  let depthSum = 0;
  for (const d of depth.values()) depthSum += d;
  return visited.size * 100000 + depthSum;
}

function setAlgebraWorkload(random) {
  const a = new Set();
  const b = new Set();
  for (let i = 0; i < 20000; i++) {
    a.add(random(30000));
    b.add(random(30000));
    if (i % 3 === 0) a.delete(random(30000));
  }
  const union = new Set(a);
  for (const x of b) union.add(x);
  const intersection = new Set();
  for (const x of a) if (b.has(x)) intersection.add(x);
  const difference = new Set([...a].filter((x) => !b.has(x)));
  let ordered = 0;
  for (const x of intersection) ordered = (ordered * 31 + x) % 1000003;
  return union.size * 7 + intersection.size * 5 + difference.size * 3 + ordered;
}

if (!(SIZE in EXPECTED)) throw new Error(`mapset: no expected checksum for ${SIZE} rounds`);
const random = makeRandom(7);
let checksum = 0;
for (let round = 0; round < SIZE; round++) {
  const results = [cacheWorkload(random), wordCountWorkload(random), graphWorkload(random), setAlgebraWorkload(random)];
  for (const result of results) checksum = (checksum * 17 + result) % 2147483647;
}
if (String(checksum) !== EXPECTED[SIZE]) throw new Error(`mapset: checksum ${checksum}, expected ${EXPECTED[SIZE]}`);
log(`OK mapset ${checksum}`);
