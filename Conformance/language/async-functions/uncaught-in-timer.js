// An exception thrown by a timer callback ends the run as uncaught; later timers do not run.
setTimeout(() => { print("first timer"); throw new Error("from timer"); }, 0);
setTimeout(() => print("second timer never runs"), 20);
Promise.resolve().then(() => print("microtask before timers"));
