// Returning a promise from an async function resolves the result through it (extra ticks); return await and plain returns take fewer.
var log = [];
function ticks(n) {
  var p = Promise.resolve();
  for (let i = 1; i <= n; i++) p = p.then(() => log.push("tick" + i));
  return p;
}
async function returnsPromise() { return Promise.resolve("returned promise"); }
async function returnsAwait() { return await Promise.resolve("returned await"); }
async function returnsValue() { return "returned value"; }
async function returnsThenable() { return { then(r) { r("returned thenable"); } }; }
async function returnsAsync() { return returnsValue(); }
returnsPromise().then((v) => log.push(v));
returnsAwait().then((v) => log.push(v));
returnsValue().then((v) => log.push(v));
returnsThenable().then((v) => log.push(v));
returnsAsync().then((v) => log.push("nested " + v));
ticks(6).then(() => {
  print(log.join("\n"));
  // the returned promise is a new promise, not the one returned by the body
  var inner = Promise.resolve(1);
  async function same() { return inner; }
  print("same object:", same() === inner);
  // returning a rejected promise rejects
  async function rejects() { return Promise.reject("inner rejection"); }
  return rejects().catch((e) => print("rejects:", e));
}).then(() => {
  // a pending promise that is returned settles the async function later
  var resolve;
  async function waits() { return new Promise((r) => (resolve = r)); }
  var w = waits();
  w.then((v) => print("waited for", v));
  setTimeout(() => resolve("timer value"), 5);
});
