// Timer corners: a callback clears a timer due at the same time, clearInterval inside its own callback, microtasks and timers armed from timers.
var log = [];
var b;
setTimeout(() => { log.push("a clears b"); clearTimeout(b); }, 30);
b = setTimeout(() => log.push("b ran!"), 30);
var n = 0;
var iv = setInterval(() => { log.push("interval " + ++n); if (n === 2) { clearInterval(iv); log.push("cleared inside"); } }, 40);
setTimeout(function () { log.push("arguments " + arguments.length); }, 50);
setTimeout(() => { Promise.reject(new Error("handled in the same turn")).catch(() => log.push("caught in timer")); }, 60);
setTimeout(() => {
  queueMicrotask(() => { setTimeout(() => log.push("timer from a microtask from a timer"), 0); log.push("microtask in timer"); });
}, 120);
setTimeout(() => {
  setTimeout(() => log.push("zero A"), 0);
  setTimeout(() => log.push("zero B"), 0);
  Promise.resolve().then(() => log.push("microtask before the zero timers"));
}, 200);
// clearing an already-fired timer and clearing twice are harmless
var fired = setTimeout(() => log.push("fired once"), 10);
setTimeout(() => { clearTimeout(fired); clearTimeout(fired); log.push("cleared after firing"); }, 20);
setTimeout(() => print(log.join("\n")), 400);
