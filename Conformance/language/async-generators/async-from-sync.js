// for await and yield* over sync iterators (the async-from-sync wrapper): next/return forwarded, break closes, done values awaited.
// Expected written by hand from ES2025 (node 20 predates two changes: a sync iterator without throw is closed and a TypeError
// thrown; a rejected value with done false closes the sync iterator). Everything else is node 20's output.
var log = [];
function syncIter(tag, values) {
  return {
    [Symbol.iterator]() {
      var i = 0;
      return {
        next(v) { log.push(tag + " next " + v); return i < values.length ? { value: values[i++], done: false } : { value: "end", done: true }; },
        return(v) { log.push(tag + " return " + v); return { value: "ret", done: true }; },
      };
    },
  };
}
(async () => {
  for await (const v of syncIter("brk", [1, 2, 3])) { log.push("v " + v); if (v === 2) break; }
  try { for await (const v of syncIter("thr", [1])) throw "body"; } catch (e) { log.push("caught " + e); }
  async function* d() { var r = yield* syncIter("deleg", [Promise.resolve("p"), 2]); log.push("deleg result " + r); }
  var it = d();
  log.push(JSON.stringify(await it.next("n1")));
  log.push(JSON.stringify(await it.next("n2")));
  log.push(JSON.stringify(await it.return("R")));
  var it2 = d();
  await it2.next();
  try { await it2.throw("T"); } catch (e) { log.push("throw to sync without throw: " + (e instanceof TypeError ? "TypeError" : e)); }
  var bad = { [Symbol.iterator]() { return { next() { return 5; } }; } };
  try { for await (const v of bad); } catch (e) { log.push("non-object result: " + e.constructor.name); }
  var rej = {
    [Symbol.iterator]() {
      var done = false;
      return { next() { var r = { value: Promise.reject("rejected value"), done }; done = true; return r; }, return() { log.push("rej return called"); return {}; } };
    },
  };
  try { for await (const v of rej); } catch (e) { log.push("rejected value: " + e); }
  var doneWithPromise = { [Symbol.iterator]() { return { next() { return { value: Promise.resolve("final"), done: true }; } }; } };
  async function* d2() { var r = yield* doneWithPromise; log.push("done value awaited: " + r); }
  await d2().next();
  print(log.join("\n"));
})();
