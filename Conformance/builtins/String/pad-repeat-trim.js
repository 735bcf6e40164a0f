// padStart/padEnd, repeat, trim*, isWellFormed/toWellFormed, with their RangeErrors and whitespace set.
print("5".padStart(3, "0"), "abc".padEnd(8, "12"), "abc".padStart(2), "abc".padStart(6), "[" + "x".padEnd(3) + "]", "abc".padStart(5, ""));
print("ab".padStart(7, "xyz"), "ab".padEnd(NaN, "z"), "ab".padStart(-1, "z"), "ab".padStart(4, null));
print("ab".repeat(3), "x".repeat(0) === "", "".repeat(1e9) === "", "ab".repeat(2.9), "a".repeat("2"));
for (var count of [-1, Infinity, -Infinity]) {
  try {
    "a".repeat(count);
  } catch (e) {
    print(count, e.name);
  }
}
for (var attempt of [() => "ab".repeat(2 ** 30), () => "a".padStart(2 ** 31), () => "a".padEnd(2 ** 40, "b")]) {
  try {
    attempt();
  } catch (e) {
    print(e.name);
  }
}
var ws = "\u0009\u000A\u000B\u000C\u000D\u0020\u00A0\u1680\u2000\u200A\u2028\u2029\u202F\u205F\u3000\uFEFF";
print(JSON.stringify((ws + "x y" + ws).trim()), (ws + "x").trimStart(), ("x" + ws).trimEnd() + "|", ("\u180E" + "x").trim().length);
print(String.prototype.trimLeft === String.prototype.trimStart, String.prototype.trimRight.name, String.prototype.trimLeft.name);
print("ab".isWellFormed(), "a\uD800".isWellFormed(), "\uD83D\uDE00".isWellFormed(), "\uDE00\uD83D".isWellFormed());
print(JSON.stringify("a\uD800b\uDC00\uD83D\uDE00".toWellFormed()), "x".toWellFormed() === "x");
