// xjs-flags: --timeout-ms=500
// An endless for (;;) whose body catches every exception and overflows the stack on purpose: the termination is not an exception a catch can swallow.
print("start");
function down() { down(); }
for (;;) {
  try { down(); } catch (e) { if (!(e instanceof RangeError)) print("caught", e); }
  try { throw new Error("x"); } catch (e) {}
}
