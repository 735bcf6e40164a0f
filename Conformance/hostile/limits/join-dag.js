// xjs-flags: --timeout-ms=500
// String() of a DAG of shared nested arrays (2^40 leaves): only builtins run, and the time limit stops them (11 s past a 500 ms limit before).
var a = [1];
for (var i = 0; i < 40; i++) a = [a, a];
print("start");
String(a);
