// xjs-flags: --timeout-ms=500
// /a*a*a*a*a*a*b/ on 3,000 a's: polynomial (n^6) backtracking, at every start position, through RegExp.prototype.exec.
print("start");
print(/a*a*a*a*a*a*b/.exec("a".repeat(3000)));
