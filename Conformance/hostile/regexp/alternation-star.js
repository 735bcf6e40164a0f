// xjs-flags: --timeout-ms=500
// /^(?:a|aa)+$/ and /(a|a)*b/: alternatives that match the same text, exponential (Fibonacci, 2^n) backtracking through String.prototype.match.
print("start");
print(("a".repeat(70) + "b").match(/^(?:a|aa)+$/)); print("a".repeat(60).match(/(a|a)*b/));
