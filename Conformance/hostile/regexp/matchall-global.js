// xjs-flags: --timeout-ms=500
// A global sticky regexp with lazy nested groups in matchAll on 100,000 characters: each position backtracks quadratically.
print("start");
var n = 0; for (var m of "ab".repeat(50000).matchAll(/(?:a|b)*?(?:a|b)*?c/g)) n++; print(n);
