// throw(): on suspended-start (rejects, generator completes), caught inside at a yield, uncaught (rejects), when completed.
async function* g() {
  while (true) {
    try {
      var v = yield "waiting";
      print("got", v);
    } catch (e) {
      print("caught", e);
      if (e === "stop") return "stopped";
    }
  }
}
(async () => {
  var a = g();
  try { await a.throw("at start"); } catch (e) { print("start rejects:", e); }
  print(JSON.stringify(await a.next()));
  var b = g();
  await b.next();
  print(JSON.stringify(await b.throw("e1")));
  print(JSON.stringify(await b.next("v")));
  print(JSON.stringify(await b.throw("stop")));
  try { await b.throw("completed"); } catch (e) { print("completed rejects:", e); }
  async function* noCatch() { try { yield 1; } finally { await null; print("finally ran"); } }
  var c = noCatch();
  await c.next();
  try { await c.throw(new Error("uncaught")); } catch (e) { print("propagated:", e.message); }
  print(JSON.stringify(await c.next()));
  // a throw() queued behind a next() is delivered at the yield the next() reaches
  var d = g();
  var results = await Promise.allSettled([d.next(), d.throw("queued"), d.next("after")]);
  print(results.map((r) => JSON.stringify(r.value)).join(" "));
  // the generator methods reject (not throw) for a wrong receiver
  var p = g().next.call({});
  print("wrong receiver returns a promise:", p instanceof Promise);
  await p.catch((e) => print("rejected:", e instanceof TypeError));
})();
