// xjs-flags: --timeout-ms=500
// setTimeout(f, 0) rescheduling itself and a setInterval that never stops: the event loop runs until the time limit.
var ticks = 0;
function tick() { ticks++; if (ticks === 20) print("20 ticks"); setTimeout(tick, 0); }
setTimeout(tick, 0);
setInterval(function () {}, 1);
print("end of script");
