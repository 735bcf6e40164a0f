// xjs-flags: --timeout-ms=500
// /(a+)+$/ on 40 a's and a b: exponential backtracking in a single exec, stopped by the time limit.
print("start");
print(/(a+)+$/.test("a".repeat(40) + "b"));
