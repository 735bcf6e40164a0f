// Generators: lazy pipelines of generator stages (range/map/filter/take/zip/chunk), recursive
// tree traversals with yield* (in-order, pre-order with depth, a path search that returns
// early and closes the whole delegation chain), a generator-based state machine (a tokenizer
// driven by next(value) for a small stack calculator) and coroutines interleaved by a
// round-robin scheduler. The expected checksums were computed in node.
"use strict";
const log = typeof print === "function" ? print : (s) => console.log(s);
const SIZE = 16; // quick: 2 (rounds)

const EXPECTED = { 2: "1871854148", 16: "989031314" };
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

// ---- lazy pipelines
function* range(start, end, step = 1) { for (let i = start; i < end; i += step) yield i; }
function* map(source, f) { for (const v of source) yield f(v); }
function* filter(source, p) { for (const v of source) if (p(v)) yield v; }
function* take(source, n) {
  if (n <= 0) return;
  for (const v of source) { yield v; if (--n === 0) return; }
}
function* naturals() { let n = 0; for (;;) yield n++; }
function* zip(a, b) {
  const ia = a[Symbol.iterator]();
  const ib = b[Symbol.iterator]();
  for (;;) {
    const x = ia.next();
    const y = ib.next();
    if (x.done || y.done) { ia.return?.(); ib.return?.(); return; }
    yield [x.value, y.value];
  }
}
function* chunk(source, size) {
  let batch = [];
  for (const v of source) { batch.push(v); if (batch.length === size) { yield batch; batch = []; } }
  if (batch.length) yield batch;
}

function pipelines(random) {
  const k = 1 + random(9);
  let hash = 1;
  const squares = map(filter(range(0, 20000), (n) => n % k !== 0), (n) => (n * n) % 10007);
  for (const batch of chunk(squares, 7)) hash = mix(hash, batch.reduce((a, b) => a + b, 0));
  for (const [i, v] of zip(naturals(), take(filter(map(naturals(), (n) => n * 3 + k), (n) => n % 5 === 1), 5000))) {
    hash = mix(hash, i ^ v);
  }
  const [first, second, ...rest] = take(map(range(k, 100000, k), (n) => n >> 1), 2000);
  return mix(mix(hash, first + second), rest.length);
}

// ---- trees
function buildTree(random, depth) {
  if (depth === 0 || random(10) === 0) return null;
  return { value: random(1000), left: buildTree(random, depth - 1), right: buildTree(random, depth - 1) };
}
function* inOrder(node) {
  if (node === null) return;
  yield* inOrder(node.left);
  yield node.value;
  yield* inOrder(node.right);
}
function* preOrderWithDepth(node, depth = 0) {
  if (node === null) return 0;
  yield [node.value, depth];
  const l = yield* preOrderWithDepth(node.left, depth + 1);
  const r = yield* preOrderWithDepth(node.right, depth + 1);
  return 1 + l + r; // node count, through yield*'s result
}
function* pathTo(node, target, path = []) {
  if (node === null) return;
  path.push(node.value);
  if (node.value === target) yield path.slice();
  yield* pathTo(node.left, target, path);
  yield* pathTo(node.right, target, path);
  path.pop();
}

function trees(random) {
  const tree = buildTree(random, 12);
  let hash = 3;
  for (const v of inOrder(tree)) hash = mix(hash, v);
  const walker = preOrderWithDepth(tree);
  let step;
  let deepest = 0;
  while (!(step = walker.next()).done) {
    const [value, depth] = step.value;
    if (depth > deepest) deepest = depth;
    hash = mix(hash, value + depth);
  }
  hash = mix(hash, step.value * 100 + deepest);
  for (let t = 0; t < 20; t++) {
    for (const path of pathTo(tree, random(1000))) { hash = mix(hash, path.length); break; } // first match only
  }
  return hash;
}

// ---- a state machine: a tokenizer coroutine fed one character at a time, and a calculator
function* tokenizer() {
  const tokens = [];
  let ch = yield;
  for (;;) {
    if (ch === null) return tokens;
    if (ch >= "0" && ch <= "9") {
      let n = 0;
      while (ch !== null && ch >= "0" && ch <= "9") { n = n * 10 + (ch.charCodeAt(0) - 48); ch = yield; }
      tokens.push(n);
    } else if (ch === " ") {
      ch = yield;
    } else {
      tokens.push(ch);
      ch = yield;
    }
  }
}
function* calculator() {
  const stack = [];
  for (;;) {
    const token = yield stack.length;
    if (token === undefined) return stack.reduce((a, b) => mix(a, b), 5);
    if (typeof token === "number") { stack.push(token); continue; }
    const b = stack.pop() ?? 0;
    const a = stack.pop() ?? 0;
    switch (token) {
      case "+": stack.push((a + b) % 1000003); break;
      case "-": stack.push((a - b + 1000003) % 1000003); break;
      case "*": stack.push((a * b) % 1000003); break;
      default: stack.push(a ^ b);
    }
  }
}
function stateMachines(random) {
  const ops = "+-*^";
  let hash = 9;
  for (let e = 0; e < 60; e++) {
    let text = String(random(500));
    for (let i = 0; i < 40; i++) text += " " + random(100000) + (random(3) === 0 ? " " + ops[random(4)] : "");
    const lexer = tokenizer();
    lexer.next();
    for (let i = 0; i < text.length; i++) lexer.next(text[i]);
    const tokens = lexer.next(null).value;
    const calc = calculator();
    calc.next();
    for (const token of tokens) calc.next(token);
    hash = mix(hash, calc.next().value + tokens.length);
  }
  return hash;
}

// ---- coroutines under a round-robin scheduler
function* worker(id, steps) {
  let acc = id;
  for (let i = 0; i < steps; i++) {
    const message = yield acc;
    acc = mix(acc, message + i);
  }
  return acc;
}
function scheduler(random) {
  const tasks = Array.from({ length: 50 }, (_, id) => worker(id, 20 + random(60)));
  for (const t of tasks) t.next();
  let hash = 21;
  let tick = 0;
  while (tasks.length) {
    for (let i = 0; i < tasks.length; i++) {
      const r = tasks[i].next(tick++);
      if (r.done) { hash = mix(hash, r.value); tasks.splice(i--, 1); } else hash = mix(hash, r.value & 0xffff);
    }
  }
  return mix(hash, tick);
}

if (!(SIZE in EXPECTED)) throw new Error(`generators: no expected checksum for ${SIZE} rounds`);
const random = makeRandom(2024);
let checksum = 0;
for (let round = 0; round < SIZE; round++) {
  const results = [pipelines(random), trees(random), stateMachines(random), scheduler(random)];
  for (const result of results) checksum = (checksum * 31 + result) % MODULUS;
}
if (String(checksum) !== EXPECTED[SIZE]) throw new Error(`generators: checksum ${checksum}, expected ${EXPECTED[SIZE]}`);
log(`OK generators ${checksum}`);
