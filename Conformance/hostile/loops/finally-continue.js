// xjs-flags: --timeout-ms=500
// Endless loops inside try blocks whose finally runs `continue` or returns: a finally clause must not cancel the termination.
print("start");
function f() {
  for (;;) {
    try { do {} while (1); } finally { continue; }
  }
}
function g() {
  try { return f(); } finally { return "finally returned"; }
}
print(g());
