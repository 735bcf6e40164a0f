// for await over an async generator, a sync iterable of promises (awaited in order), an array, a string, and a custom Symbol.asyncIterator object.
async function* countdown(n) { while (n > 0) { await null; yield n--; } }
var custom = {
  [Symbol.asyncIterator]() {
    var i = 0;
    return { next: () => Promise.resolve({ value: "c" + i, done: i++ >= 3 }) };
  },
};
var both = {
  [Symbol.asyncIterator]() { return { next: () => ({ value: "async wins", done: (this.used = !this.used) === false }) }; },
  [Symbol.iterator]() { throw new Error("not used"); },
};
(async () => {
  var out = [];
  for await (const v of countdown(3)) out.push(v);
  print("generator:", out.join());
  out = [];
  var slow = new Promise((r) => setTimeout(() => r("slow"), 20));
  for await (const v of [slow, Promise.resolve("fast"), "plain", { then(r) { r("thenable"); } }]) out.push(v);
  print("sync iterable of promises:", out.join());
  out = [];
  for await (var ch of "ab") out.push(ch);
  print("string:", out.join(), "var binding:", ch);
  out = [];
  for await (const v of custom) out.push(v);
  print("custom:", out.join());
  out = [];
  for await (const v of both) out.push(v);
  print("asyncIterator preferred:", out.join());
  // destructuring in the head, and a let binding per iteration
  var fns = [];
  for await (let [k, v] of new Map([["x", 1], ["y", 2]])) fns.push(() => k + v);
  print("destructuring:", fns.map((f) => f()).join());
  var target = {};
  for await (target.prop of ["assigned"]);
  print("assignment target:", target.prop);
  // a rejected promise in a sync iterable throws in the loop
  try {
    for await (const v of [Promise.resolve(1), Promise.reject(new Error("rejected element"))]) print("element", v);
  } catch (e) {
    print("caught:", e.message);
  }
  // not iterable at all
  try { for await (const v of 5); } catch (e) { print("not iterable:", e instanceof TypeError); }
})();
