// Timers: ordered by delay then by arming order; microtasks (and awaits) drain between timer callbacks; setInterval and clearTimeout.
// Delays are at least 40 ms apart so that load on the machine cannot reorder them.
var log = [];
setTimeout(() => log.push("t280"), 280);
setTimeout(() => {
  log.push("t120 a");
  Promise.resolve().then(() => log.push("t120 a microtask"));
  queueMicrotask(() => log.push("t120 a queueMicrotask"));
}, 120);
setTimeout(() => log.push("t120 b"), 120);
var cancelled = setTimeout(() => log.push("cancelled!"), 20);
clearTimeout(cancelled);
setTimeout((x, y) => log.push("args " + x + " " + y), 200, "one", "two");
var n = 0;
var interval = setInterval(() => {
  n++;
  log.push("interval " + n);
  if (n === 3) clearInterval(interval);
}, 80);
async function sleeper() {
  log.push("sleep start");
  await new Promise((r) => setTimeout(r, 40));
  log.push("slept 40");
  await new Promise((r) => setTimeout(r, 280));
  log.push("slept 280 more");
}
sleeper();
setTimeout(() => {
  // a timer armed from a timer callback, with 0 delay, runs after the microtasks queued by that callback
  setTimeout(() => log.push("zero from timer"), 0);
  queueMicrotask(() => log.push("micro from timer"));
}, 360);
setTimeout(() => print(log.join("\n")), 450);
print("sync", typeof cancelled === typeof interval);
clearTimeout(undefined);
clearInterval(12345);
