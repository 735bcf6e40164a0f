// xjs-flags: --timeout-ms=500
// Endless loops in code compiled at run time: eval of eval of new Function, inside a class static block, labelled loops that continue the outer label.
print("start");
class C { static { eval("eval('new Function(\"outer: for (;;) { for (;;) { continue outer; } }\")()')"); } }
