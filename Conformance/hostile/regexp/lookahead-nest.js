// xjs-flags: --timeout-ms=500
// Exponential backtracking inside a lookahead, /^(?=(a+)+$)/, then inside a negative lookahead, through RegExp.prototype.test and search.
print("start");
print(/^(?=(a+)+$)/.test("a".repeat(40) + "!"));
print(("a".repeat(40) + "!").search(/^(?!(a+)+!?$)/));
