// yield of a promise or thenable awaits it; a rejected yielded promise throws at the yield; results never hold promises.
async function* g() {
  yield Promise.resolve("resolved");
  yield { then(r) { r("thenable"); } };
  try {
    yield Promise.reject("bad");
  } catch (e) {
    print("caught at yield:", e);
  }
  var sent = yield new Promise((r) => setTimeout(() => r("timer"), 10));
  print("sent:", sent instanceof Promise, await sent);
  return Promise.resolve("returned promise");
}
(async () => {
  var it = g();
  for (var i = 0; i < 5; i++) {
    var r = await it.next(Promise.resolve("sent promise"));
    print(JSON.stringify(r), r.value instanceof Promise);
  }
  // await inside the generator body between yields
  async function* ticker() {
    for (let i = 0; i < 3; i++) { await new Promise((r) => setTimeout(r, 1)); yield i; }
  }
  var seen = [];
  for (var t = ticker(), r2; !(r2 = await t.next()).done; ) seen.push(r2.value);
  print("ticker:", seen.join());
  // a result promise settles only after the yielded promise does
  var order = [];
  var resolveIt;
  async function* slow() { yield new Promise((r) => (resolveIt = r)); }
  var s = slow();
  s.next().then((r) => order.push("next settled " + r.value));
  await null; await null;
  order.push("resolving");
  resolveIt("late");
  await new Promise((r) => setTimeout(r, 0));
  print(order.join(", "));
})();
