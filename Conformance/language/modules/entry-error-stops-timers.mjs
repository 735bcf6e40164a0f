// An exception in the entry module's evaluation ends the run at once: timers it set never run
// (an interval would otherwise keep the run alive forever), as in node.
setInterval(() => print("the interval must not run"), 1);
setTimeout(() => {
  throw new Error("the timer must not run");
}, 0);
throw new Error("the module failed");
