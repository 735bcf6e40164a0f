// Rejections: await of a rejected promise throws at the await (try/catch/finally), a throw rejects the returned promise, async finally.
async function fails(value) { await null; throw value; }
async function catches() {
  try {
    await Promise.reject(new Error("rejected"));
    print("not reached");
  } catch (e) {
    print("caught", e.message);
  } finally {
    print("finally");
  }
  try { await fails("string reason"); } catch (e) { print("caught", typeof e, e); }
  try { await fails(undefined); } catch (e) { print("caught undefined?", e === undefined); }
  try {
    await null;
  } finally {
    await null;
    print("awaited in finally");
  }
  return "catches done";
}
async function syncThrow() { throw new TypeError("sync part"); }
async function main() {
  print(await catches());
  var p = syncThrow();
  print("call returned a promise:", p instanceof Promise);
  await p.catch((e) => print("rejected with", e.name, e.message));
  // rejection in a nested call surfaces at the outer await
  async function level(n) { if (n === 0) throw new RangeError("bottom"); return await level(n - 1); }
  try { await level(5); } catch (e) { print("deep", e.name, e.message); }
  // Promise.all with one rejecting async function
  try { await Promise.all([1, fails("all-reason"), Promise.resolve(3)]); } catch (e) { print("all:", e); }
  // a rethrow from catch
  async function rethrow() { try { await fails("first"); } catch (e) { throw "re-" + e; } }
  print("rethrow:", await rethrow().then(() => "fulfilled", (e) => e));
  // a return in finally overrides the rejection
  async function override() { try { await fails("lost"); } finally { return "finally wins"; } }
  print(await override());
  // a rejection handled late is still delivered to the handler
  var late = fails("late");
  await null; await null; await null;
  late.catch((e) => print("late handler:", e));
}
main().then(() => print("main fulfilled"));
