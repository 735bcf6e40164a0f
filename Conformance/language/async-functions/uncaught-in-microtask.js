// An exception thrown by a queueMicrotask callback ends the run as uncaught, before any timer.
setTimeout(() => print("never"), 0);
queueMicrotask(() => print("first microtask"));
queueMicrotask(() => { throw new RangeError("from microtask"); });
print("sync");
