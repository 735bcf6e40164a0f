// JSON round trip: generate a nested document (an online shop's customers, orders and
// products, with escapes, non-ASCII text, decimals and deep nesting), then repeatedly
// serialize it with JSON.stringify, parse it back with JSON.parse, walk the copy, and check
// that serializing the copy reproduces the same text. The expected checksum was computed
// in node and confirmed in jsc, SpiderMonkey and QuickJS.
"use strict";
const log = typeof print === "function" ? print : (s) => console.log(s);
const SIZE = 44; // quick: 4 (round trips)

const EXPECTED = "219388 7a9c667b 13700 3400 22144 1973887.9152386037";
const CUSTOMERS = 300;

function makeRandom(seed) {
  let state = seed >>> 0;
  return {
    // Linear congruential generator (Numerical Recipes constants): a uniform 32-bit integer.
    nextInt() {
      state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
      return state;
    },
    below(limit) {
      return Math.floor((this.nextInt() / 4294967296) * limit);
    },
    pick(items) {
      return items[this.below(items.length)];
    },
  };
}

const FIRST_NAMES = ["Ada", "Grace", "Linus", "Zoë", "Björn", "Chloé", "Ōta", "Marta", "Nikolaj", "Ana"];
const LAST_NAMES = ["Lovelace", "Hopper", "Müller", "O'Brien", "García", "Ivanov", "Nakamura", "Smith"];
const WORDS = ["widget", "gadget", "sprocket", "gizmo", "thing", "doohickey", "whatsit", "contraption"];
const ODD_TEXT = ["tab\there", "quote \"x\"", "back\\slash", "line\nbreak", "snow ☃", "emoji 😀", "nul\u0001ctl"];

function makeProduct(random, id) {
  return {
    id,
    name: `${random.pick(WORDS)} ${random.pick(WORDS)} mk${random.below(10)}`,
    price: random.below(100000) / 100,
    weight: random.below(5000) / 3,
    tags: Array.from({ length: random.below(4) }, () => random.pick(WORDS)),
    inStock: random.below(3) !== 0,
    note: random.below(5) === 0 ? random.pick(ODD_TEXT) : null,
  };
}

function makeOrder(random, products, number) {
  const lines = Array.from({ length: 1 + random.below(5) }, () => {
    const product = random.pick(products);
    return { product: product.id, quantity: 1 + random.below(9), unitPrice: product.price };
  });
  return {
    number,
    status: random.pick(["new", "paid", "shipped", "returned"]),
    lines,
    total: lines.reduce((sum, line) => sum + line.quantity * line.unitPrice, 0),
    coupon: random.below(7) === 0 ? { code: `SAVE${random.below(50)}`, percent: random.below(30) } : undefined,
  };
}

function makeDocument(random) {
  const products = Array.from({ length: 50 }, (_, id) => makeProduct(random, id));
  let orderNumber = 1000;
  const customers = Array.from({ length: CUSTOMERS }, (_, id) => ({
    id,
    name: { first: random.pick(FIRST_NAMES), last: random.pick(LAST_NAMES) },
    email: `user${id}@example.org`,
    address: { street: `${1 + random.below(999)} ${random.pick(WORDS)} street`, zip: String(random.below(99999)).padStart(5, "0") },
    balance: (random.below(2000000) - 1000000) / 7,
    verified: random.below(2) === 0,
    orders: Array.from({ length: random.below(6) }, () => makeOrder(random, products, orderNumber++)),
  }));
  return {
    version: 3,
    generated: "fixed",
    limits: { big: 1e21, small: 5e-7, negativeZero: -0, max: Number.MAX_SAFE_INTEGER },
    products,
    customers,
  };
}

// Sums a value's numbers and string lengths and counts its keys and elements.
function walk(value, totals) {
  if (Array.isArray(value)) {
    totals.elements += value.length;
    for (const item of value) walk(item, totals);
  } else if (value !== null && typeof value === "object") {
    for (const key of Object.keys(value)) {
      totals.keys++;
      walk(value[key], totals);
    }
  } else if (typeof value === "number") {
    totals.numbers += value % 1000; // keeps 1e21 from swamping the sum
  } else if (typeof value === "string") {
    totals.characters += value.length;
  }
  return totals;
}

function hashText(text) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash.toString(16).padStart(8, "0");
}

const documentText = JSON.stringify(makeDocument(makeRandom(42)));
let totals = null;
for (let trip = 0; trip < SIZE; trip++) {
  const copy = JSON.parse(documentText);
  totals = walk(copy, { keys: 0, elements: 0, numbers: 0, characters: 0 });
  const again = JSON.stringify(copy);
  if (again !== documentText) throw new Error(`json: round trip ${trip} changed the text`);
  const pretty = JSON.stringify(copy, null, 2);
  if (JSON.stringify(JSON.parse(pretty)) !== documentText) throw new Error(`json: indented round trip ${trip} changed the text`);
}
const summary = `${documentText.length} ${hashText(documentText)} ${totals.keys} ${totals.elements} ` +
  `${totals.characters} ${totals.numbers}`;
if (summary !== EXPECTED) throw new Error(`json: checksum ${summary}, expected ${EXPECTED}`);
log(`OK json ${summary}`);
