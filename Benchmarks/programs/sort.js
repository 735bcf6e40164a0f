// Sorting: Array.prototype.sort on the data scripts sort. Numbers with a comparator
// (ascending and descending), strings by the default code-unit order, records by one key
// and then by two keys, and a stability check (ES2019 requires a stable sort: records with
// equal keys keep their original order). Every result is checked for order and for being
// a permutation of its input; the expected checksum was computed in node and confirmed in
// jsc, SpiderMonkey and QuickJS.
"use strict";
const log = typeof print === "function" ? print : (s) => console.log(s);
const SIZE = 8; // quick: 1 (rounds)

const EXPECTED = { 1: "684777", 8: "2137469875" };
const COUNT = 10000;

function makeRandom(seed) {
  let state = seed >>> 0;
  // Linear congruential generator (Numerical Recipes constants).
  return (limit) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return Math.floor((state / 4294967296) * limit);
  };
}

function fail(message) {
  throw new Error(`sort: ${message}`);
}

function checkOrdered(what, items, compare) {
  for (let i = 1; i < items.length; i++) {
    if (compare(items[i - 1], items[i]) > 0) fail(`${what} out of order at index ${i}`);
  }
}

// Order-independent fingerprint, to show a sort returned the same multiset of values.
function fingerprint(values) {
  let sum = 0;
  let xor = 0;
  for (const value of values) {
    sum = (((sum + value) % 1000000007) + 1000000007) % 1000000007;
    xor ^= value;
  }
  return `${sum}/${xor}`;
}

function sortNumbers(random) {
  const numbers = Array.from({ length: COUNT }, () => random(1000000) - 500000);
  const before = fingerprint(numbers);
  const ascending = numbers.slice().sort((a, b) => a - b);
  checkOrdered("ascending numbers", ascending, (a, b) => a - b);
  if (fingerprint(ascending) !== before) fail("ascending sort lost or invented numbers");
  const descending = numbers.sort((a, b) => b - a);
  checkOrdered("descending numbers", descending, (a, b) => b - a);
  const fractions = ascending.map((n) => n / 7);
  fractions.sort((a, b) => b - a);
  return ascending[COUNT >> 1] + descending[100] + Math.round(fractions[1000]);
}

function sortStrings(random) {
  const alphabet = "abcdefghijklmnopqrstuvwxyzÄÖÜäöüABC0123456789";
  const words = Array.from({ length: COUNT }, () => {
    let word = "";
    for (let length = 2 + random(8); length > 0; length--) word += alphabet[random(alphabet.length)];
    return word;
  });
  const sorted = words.slice().sort();
  checkOrdered("strings", sorted, (a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const byLength = words.sort((a, b) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0));
  checkOrdered("strings by length", byLength, (a, b) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0));
  return sorted[0].length + sorted[COUNT - 1].charCodeAt(0) + sorted[COUNT >> 1].charCodeAt(1) + byLength[COUNT >> 2].length;
}

function sortRecords(random) {
  const departments = ["sales", "research", "support", "legal", "ops"];
  const people = Array.from({ length: COUNT }, (_, index) => ({
    index,
    name: `person${random(100000)}`,
    department: departments[random(departments.length)],
    age: 18 + random(50),
    salary: 30000 + random(90000),
  }));
  // Stable: equal ages keep ascending index order.
  const byAge = people.slice().sort((a, b) => a.age - b.age);
  for (let i = 1; i < byAge.length; i++) {
    const previous = byAge[i - 1];
    const current = byAge[i];
    if (previous.age > current.age) fail(`records out of order at index ${i}`);
    if (previous.age === current.age && previous.index > current.index) fail(`sort is not stable at index ${i}`);
  }
  // Two keys: department ascending, salary descending.
  const byDepartment = people.slice().sort((a, b) =>
    a.department < b.department ? -1 : a.department > b.department ? 1 : b.salary - a.salary);
  checkOrdered("records by department and salary", byDepartment, (a, b) =>
    a.department < b.department ? -1 : a.department > b.department ? 1 : b.salary - a.salary);
  if (fingerprint(byDepartment.map((p) => p.index)) !== fingerprint(people.map((p) => p.index))) {
    fail("record sort lost or duplicated records");
  }
  // Stability again through a chain: sort by name, then by department; names stay ordered within a department.
  const chained = people.slice().sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .sort((a, b) => (a.department < b.department ? -1 : a.department > b.department ? 1 : 0));
  for (let i = 1; i < chained.length; i++) {
    if (chained[i - 1].department === chained[i].department && chained[i - 1].name > chained[i].name) {
      fail(`chained sort is not stable at index ${i}`);
    }
  }
  return byAge[COUNT >> 1].index + byDepartment[0].salary + chained[COUNT - 1].index;
}

if (!(SIZE in EXPECTED)) throw new Error(`sort: no expected checksum for ${SIZE} rounds`);
const random = makeRandom(99);
let checksum = 0;
for (let round = 0; round < SIZE; round++) {
  checksum = (checksum * 31 + sortNumbers(random) + sortStrings(random) + sortRecords(random)) % 2147483647;
}
if (String(checksum) !== EXPECTED[SIZE]) fail(`checksum ${checksum}, expected ${EXPECTED[SIZE]}`);
log(`OK sort ${checksum}`);
