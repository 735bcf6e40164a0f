// String values: length in UTF-16 code units, indexing, escapes, immutability.
var s = "hello";
print(s.length, s[0], s[4], s[5], s.charAt(1), s.charCodeAt(1), s.charAt(10) === "");
print("a\tb".length, "\x41\u0042\u{43}", "\u{1F600}".length, "line\nnext".split("\n").length);
print("quote\"s", 'single\'s', "back\\slash", "\0".length, "\v\f\b".length);
s[0] = "J";
print(s);
print("abc" < "abd", "a" + "b" === "ab", typeof "x", typeof new String("x"));
var wrapper = new String("wrap");
print(wrapper.length, wrapper[1], Object.keys(wrapper).join(","), wrapper instanceof String);
print("\u00e9" === "é", "e\u0301" === "é", "é".length, "e\u0301".length);
