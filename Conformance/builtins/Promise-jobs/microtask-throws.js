// An exception thrown by a microtask is reported like an uncaught exception and ends the run: later
// timers do not run.
queueMicrotask(function () { print("first microtask"); });
queueMicrotask(function () { throw new RangeError("from a microtask"); });
setTimeout(function () { print("never printed"); }, 0);
print("script end");
