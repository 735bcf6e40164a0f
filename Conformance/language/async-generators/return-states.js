// return(): on suspended-start (completes, awaits a promise argument), at a yield inside try/finally (finally runs, may await or yield), when completed.
async function* g() {
  try {
    yield 1;
    yield 2;
  } finally {
    print("finally start");
    await null;
    print("finally after await");
  }
}
async function* yieldsInFinally() {
  try { yield "body"; } finally { yield "from finally"; print("finally done"); }
}
async function* overrides() {
  try { yield 1; } finally { return "overridden"; }
}
(async () => {
  var s = g();
  print("start:", JSON.stringify(await s.return("R")), JSON.stringify(await s.next()));
  var s2 = g();
  print("start, promise arg:", JSON.stringify(await s2.return(Promise.resolve("awaited"))));
  var s3 = g();
  try { await s3.return(Promise.reject("rejected arg")); } catch (e) { print("start, rejected arg:", e); }
  var y = g();
  await y.next();
  print("at yield:", JSON.stringify(await y.return("R2")));
  print("then:", JSON.stringify(await y.next()), JSON.stringify(await y.return("again")));
  var f = yieldsInFinally();
  await f.next();
  print(JSON.stringify(await f.return("R3")));
  print(JSON.stringify(await f.next()));
  var o = overrides();
  await o.next();
  print(JSON.stringify(await o.return("R4")));
  // return with a promise at a yield: the promise is awaited inside the generator, a rejection is thrown there
  async function* catcher() { try { yield 1; } catch (e) { print("caught in generator:", e); yield "recovered"; } }
  var c = catcher();
  await c.next();
  print(JSON.stringify(await c.return(Promise.reject("return reason"))));
  print(JSON.stringify(await c.next()));
  var d = g();
  await d.next();
  print(JSON.stringify(await d.return(Promise.resolve("resolved return"))));
})();
