// xjs-flags: --timeout-ms=500
// An endless loop inside a finally block: one reached by breaking out of a for-of over a generator (its return() runs the finally), one nested in try/finally around another endless loop.
print("start");
function* g() { try { yield 1; } finally { try { for (;;) {} } finally { while (true) {} } } }
for (var x of g()) break;
