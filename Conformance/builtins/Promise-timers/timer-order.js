// Timers run after the script and its jobs, by due time then by arming order (0 is 1 ms, as in node);
// the jobs a callback queues run before the next timer; extra arguments reach the callback; a cleared
// timer never runs.
var log = [];
setTimeout(function () { log.push("timeout 200"); print(log.join("\n")); }, 200);
setTimeout(function () { log.push("timeout 100"); }, 100);
setTimeout(function (a, b) {
  log.push("timeout 0: " + a + " " + b + " (" + arguments.length + " arguments)");
  Promise.resolve().then(function () { log.push("job queued by timeout 0"); });
  queueMicrotask(function () { log.push("microtask queued by timeout 0"); });
}, 0, "x", "y");
setTimeout(function () { log.push("timeout 1 armed second"); }, 1);
setTimeout(function () { log.push("timeout -5 armed third"); }, -5);
var cancelled = setTimeout(function () { log.push("cancelled timeout ran"); }, 0);
clearTimeout(cancelled);
clearTimeout(cancelled);
clearTimeout(undefined);
Promise.resolve().then(function () { log.push("script's job"); });
queueMicrotask(function () { log.push("script's microtask"); });
log.push("script end");
