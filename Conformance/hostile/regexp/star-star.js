// xjs-flags: --timeout-ms=500
// /(a*)*b/ with empty-match checks in the inner loop, run by String.prototype.replace with a callback that is never reached.
print("start");
print("a".repeat(50).replace(/(a*)*b/g, function () { return "never"; }));
