// Promise jobs run after the script, in FIFO order; then-callbacks never run synchronously.
var log = [];
Promise.resolve().then(function () { log.push("then 1"); }).then(function () { log.push("then 3"); });
Promise.resolve().then(function () { log.push("then 2"); });
new Promise(function (resolve) { log.push("executor"); resolve(); });
log.push("sync end");
Promise.resolve().then(function () { return new Promise(function (r) { r(); }); }).then(function () { log.push("late"); });
Promise.resolve().then(function () {}).then(function () {}).then(function () {}).then(function () {}).then(function () {
  print(log.join(", "));
});
