// indexOf, lastIndexOf, includes, startsWith, endsWith: positions, clamping, empty needles, RegExp arguments.
var s = "abcabcabc";
print(s.indexOf("c"), s.indexOf("c", 3), s.indexOf("c", -5), s.indexOf("c", 100), s.indexOf(""), s.indexOf("", 100), s.indexOf("x"));
print(s.lastIndexOf("a"), s.lastIndexOf("a", 5), s.lastIndexOf("a", -1), s.lastIndexOf("a", NaN), s.lastIndexOf(""), s.lastIndexOf("", 4), s.lastIndexOf("abcd"));
print(s.includes("cab"), s.includes("cab", 6), s.includes(""), "undefined".includes(), "null".includes(null));
print(s.startsWith("abc"), s.startsWith("bc", 1), s.startsWith("a", -3), s.startsWith("", 100), s.startsWith("abcabcabcx"));
print(s.endsWith("abc"), s.endsWith("ab", 2), s.endsWith("c", 100), s.endsWith("a", -1), s.endsWith("", 0));
print("\u00E9t\u00E9".indexOf("t"), "a\u4E2Db\u4E2D".lastIndexOf("\u4E2D"), "\u4E2D".indexOf("\u00E9"), "x\uD83D\uDE00".indexOf("\uDE00"));
var regexpLike = { [Symbol.match]: true, toString() { return "x"; } };
for (var method of ["includes", "startsWith", "endsWith"]) {
  try {
    "x"[method](regexpLike);
  } catch (e) {
    print(method, e.name);
  }
}
var notRegExp = { [Symbol.match]: false, toString() { return "x"; } };
print("x".includes(notRegExp), "x".startsWith(notRegExp), String.prototype.indexOf.call(12345, 34));
var order = [];
"abc".indexOf({ toString() { order.push("search"); return "b"; } }, { valueOf() { order.push("position"); return 0; } });
print(order.join(","));
