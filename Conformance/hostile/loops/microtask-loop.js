// xjs-flags: --timeout-ms=500
// A microtask that queues itself forever (Promise.then and queueMicrotask): the script's code has finished, the job queue never empties, the time limit stops it.
var count = 0;
function again() { count++; if (count === 1000) print("1000 jobs"); Promise.resolve().then(again); }
again();
queueMicrotask(function spin() { queueMicrotask(spin); });
print("end of script");
