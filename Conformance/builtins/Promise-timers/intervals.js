// setInterval repeats until cleared (also from inside its own callback, and clearTimeout clears an
// interval); timers armed by callbacks run in due order with the rest.
var log = [];
var ticks = 0;
var interval = setInterval(function (tag) {
  ticks++;
  log.push("interval " + ticks + " " + tag);
  Promise.resolve().then(function () { log.push("job after interval " + ticks); });
  if (ticks === 3) {
    clearInterval(interval);
    setTimeout(function () { log.push("timeout armed by the last tick"); }, 1);
  }
}, 5, "tag");
var other = setInterval(function () { log.push("other interval (cleared with clearTimeout)"); clearTimeout(other); }, 1);
var never = setInterval(function () { log.push("never"); }, 1);
clearInterval(never);
setTimeout(function () {
  log.push("nested timeout 1");
  setTimeout(function () { log.push("nested timeout 2 (0 ms)"); }, 0);
  setTimeout(function () { log.push("nested timeout 3 (-1 ms is 1 ms too: arming order)"); }, -1);
}, 300);
setTimeout(function () { print(log.join("\n")); }, 600);
