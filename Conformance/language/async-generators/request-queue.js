// Async generator requests queue: several next() calls before the first settles resolve in order; return()/throw() wait their turn.
var log = [];
async function* g() {
  log.push("start");
  var a = yield "first";
  log.push("a=" + a);
  await null;
  var b = yield "second";
  log.push("b=" + b);
  return "end";
}
var it = g();
var p1 = it.next("ignored");
var p2 = it.next("A");
var p3 = it.next("B");
var p4 = it.next("C");
log.push("sync: all queued, " + (p1 !== p2) + " " + (p1 instanceof Promise));
[p1, p2, p3, p4].forEach((p, i) => p.then((r) => log.push("p" + (i + 1) + " " + JSON.stringify(r))));
Promise.all([p1, p2, p3, p4]).then(() => {
  print(log.join("\n"));
  log = [];
  // return() and throw() queued behind pending next() requests
  var it2 = g();
  var q = [it2.next(), it2.return("R"), it2.next(), it2.throw(new Error("after completion"))];
  return Promise.allSettled(q).then((results) => {
    results.forEach((r) => print(r.status, r.status === "fulfilled" ? JSON.stringify(r.value) : r.reason.message));
    print(log.join(","));
  });
}).then(() => {
  // the generator body does not start until the first request
  var started = false;
  async function* lazy() { started = true; yield 1; }
  var it3 = lazy();
  print("started before next:", started);
  it3.next();
  print("started after next:", started);
});
