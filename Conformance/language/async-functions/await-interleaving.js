// Interleaving of two async functions' awaits with then callbacks, queueMicrotask and setTimeout (one tick per await of a native promise or a plain value).
var log = [];
function out(s) { log.push(s); }
async function a() {
  out("a1");
  await undefined;
  out("a2");
  await Promise.resolve();
  out("a3");
  await 0;
  out("a4");
}
async function b() {
  out("b1");
  await null;
  out("b2");
  await new Promise((r) => r());
  out("b3");
}
setTimeout(() => { out("timeout"); print(log.join(" ")); }, 0);
a();
Promise.resolve().then(() => out("then1")).then(() => out("then2")).then(() => out("then3"));
queueMicrotask(() => out("micro1"));
b();
queueMicrotask(() => { out("micro2"); queueMicrotask(() => out("micro2-nested")); });
out("sync end");
// a promise that is still pending when awaited resumes one tick after it settles
var resolveLater;
var pending = new Promise((r) => (resolveLater = r));
async function c() { out("c start"); var v = await pending; out("c got " + v); }
c();
Promise.resolve().then(() => { out("resolving"); resolveLater("later"); }).then(() => out("after resolve 1")).then(() => out("after resolve 2"));
