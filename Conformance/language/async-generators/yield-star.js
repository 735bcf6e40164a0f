// yield* in async generators: over an async iterable (next/return forwarded, results' values not awaited), a sync iterable (values awaited), another async generator.
var log = [];
var asyncIterable = {
  [Symbol.asyncIterator]() {
    log.push("@@asyncIterator");
    var i = 0;
    return {
      next(v) { log.push("next " + v); i++; return Promise.resolve({ value: i < 3 ? "a" + i : "ret", done: i >= 3 }); },
      return(v) { log.push("return " + v); return { value: "closed " + v, done: true }; },
    };
  },
  [Symbol.iterator]() { log.push("wrong: @@iterator"); return [][Symbol.iterator](); },
};
async function* viaAsync() { var r = yield* asyncIterable; log.push("result " + r); }
async function* viaSync() { yield* [Promise.resolve("p1"), "plain", { then(r) { r("thenable"); } }]; }
async function* inner() { try { yield "i1"; yield "i2"; } finally { log.push("inner finally"); } return "inner result"; }
async function* viaGenerator() { var r = yield* inner(); yield "after " + r; }
async function collect(it) { var out = []; for (var r; !(r = await it.next("x")).done; ) out.push(r.value); return out.join(); }
(async () => {
  print("async:", await collect(viaAsync()), "|", log.join(", "));
  log = [];
  print("sync:", await collect(viaSync()));
  print("generator:", await collect(viaGenerator()), log.join(", "));
  log = [];
  var it = viaAsync();
  await it.next();
  print("return:", JSON.stringify(await it.return("R")), log.join(", "));
  // an async iterator's result value that is a promise is passed through unawaited by yield*
  var promiseValued = { [Symbol.asyncIterator]() { var done = false; return { next() { var r = { value: Promise.resolve("inner"), done }; done = true; return r; } }; } };
  async function* passes() { yield* promiseValued; }
  var first = await passes().next();
  print("promise value passed through:", first.value instanceof Promise);
  // a sync iterator yielding a rejected promise: the rejection is thrown in the delegating generator
  async function* rejecting() { try { yield* [Promise.reject("sync rejection")]; } catch (e) { yield "caught " + e; } }
  print(await collect(rejecting()));
})();
