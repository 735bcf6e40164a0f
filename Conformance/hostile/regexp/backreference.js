// xjs-flags: --timeout-ms=500
// Nested quantifiers around a backreference, /^((a+)\2*)+c$/: fails only after trying every split of the run of a's.
print("start");
print(/^((a+)\2*)+c$/.test("a".repeat(40) + "b"));
