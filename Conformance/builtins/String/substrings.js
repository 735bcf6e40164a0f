// slice, substring, substr, at, charAt, charCodeAt, codePointAt, concat: argument clamping and out-of-range results.
var s = "hello world";
print(s.slice(-5), s.slice(2, -2), s.slice(5, 2) === "", s.slice(-100, 3), s.slice(NaN), s.slice(0, Infinity));
print(s.substring(5, 2), s.substring(-3, 4), s.substring(NaN, 2), s.substring(4), s.substring(100, 3));
print(s.substr(-5, 3), s.substr(2), s.substr(2, -1) === "", s.substr(-100, 2), s.substr(3, Infinity));
print(s.at(0), s.at(-1), s.at(100), s.at(-100), s.at("1"), s.at(1.7));
print(s.charAt(1), s.charAt(-1) === "", s.charAt(11) === "", s.charCodeAt(0), s.charCodeAt(99), s.charCodeAt(-1));
var astral = "a\uD83D\uDE00b";
print(astral.codePointAt(1), astral.codePointAt(2), astral.codePointAt(3), astral.codePointAt(4), "\uD800".codePointAt(0), "\uDC00\uD800".codePointAt(0));
print("a".concat("b", 1, null, undefined, [2, 3]), "".concat(), String.prototype.concat.call(1, 2));
print(String.prototype.slice.call(12345, 1, 3), String.prototype.at.call(true, 0));
try {
  String.prototype.slice.call(null, 0);
} catch (e) {
  print(e.name);
}
