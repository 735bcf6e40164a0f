// RegExp.prototype[Symbol.match/matchAll/replace/search/split] and the String methods that call them.
print("a1b22c333".match(/\d+/g).join(), "abc".match(/\d/g), "abab".match(/(a)b/)[1], "".match(/(?:)/g).length);
print("x".match(/(?:)/g).length, "\u{1F600}".match(/(?:)/gu).length, "\u{1F600}".match(/(?:)/g).length);
// replace: templates with $$, $&, $`, $', $n, $nn, $<name>, and a function replacer's arguments.
print("abc".replace(/b/, "[$$|$&|$`|$']"), "abc".replace(/(b)/, "$1$2$01$10"), "abcdefghijkl".replace(/(a)(b)(c)(d)(e)(f)(g)(h)(i)(j)(k)/, "$11-$10-$1$0"));
print("2024-03".replace(/(?<y>\d+)-(?<m>\d+)/, "$<m>/$<y>/$<none>/$<y"), "ab".replace(/(a)/, "$<x>"), "aaa".replace(/a/g, "$'"));
var args = [];
"x-12-y".replace(/(\d)(?<second>\d)(z)?/, function () { args = Array.prototype.slice.call(arguments); return "#"; });
print(args.length, args.slice(0, 6).join("|"), JSON.stringify(args[6]));
print("aaa".replace(/a/g, function (m, offset) { return offset; }), "abc".replace(/(?:)/g, "-"), "\u{1F600}".replace(/(?:)/gu, "-").length);
print("foo".replace(/o/g, function () { return "$&"; }), "a.b.c".replace(/\./g, "$"), "abc".replace(/b/, "$0"));
// split: captures, limit, empty matches, unicode, no match, empty string.
print(JSON.stringify("a1b2c".split(/(\d)/)), JSON.stringify("abc".split(/(?:)/)), JSON.stringify("a,b,,c".split(/,/, 2)));
print(JSON.stringify("".split(/x/)), JSON.stringify("".split(/(?:)/)), JSON.stringify("abc".split(/x/)), JSON.stringify("abc".split(/b/, 0)));
print(JSON.stringify("\u{1F600}\u{1F600}".split(/(?:)/u).map(function (s) { return s.length; })), "\u{1F600}".split(/(?:)/).length);
print(JSON.stringify("test".split(/(?:x)*/)), JSON.stringify("A<B>bold</B>and<CODE>coded</CODE>".split(/<(\/)?([^<>]+)>/)));
print(JSON.stringify("ab".split(/a*?/)), JSON.stringify("ab".split(/a*/)), JSON.stringify("a b  c".split(/\s+/, -1)));
// search: lastIndex restored; index or -1.
var s = /b/g;
s.lastIndex = 2;
print("abc".search(s), s.lastIndex, "abc".search(/x/), "abc".search(/c/y));
// matchAll: iterator results, lastIndex copied, original regexp untouched, empty matches advance.
var all = /(\w)(\d)?/g;
all.lastIndex = 1;
var it = "a1b2c".matchAll(all);
print(Object.prototype.toString.call(it), it[Symbol.iterator]() === it, all.lastIndex);
var parts = [];
for (var match of it) parts.push(match[0] + "@" + match.index);
print(parts.join(), it.next().done, all.lastIndex);
print([..."abc".matchAll(/(?:)/g)].map(function (m) { return m.index; }).join(), [..."ab".matchAll(/a/gy)].length);
try {
  "abc".matchAll(/b/);
} catch (e) {
  print(e.name);
}
try {
  "abc".replaceAll(/b/, "x");
} catch (e) {
  print(e.name);
}
print("abcb".replaceAll(/b/g, "[$&]"), "ab".replaceAll("b", "$&$&"));
// Receivers: the Symbol methods are generic but need an object.
try {
  RegExp.prototype[Symbol.replace].call("abc", "b", "x");
} catch (e) {
  print(e.name);
}
print(RegExp.prototype[Symbol.split].name, RegExp.prototype[Symbol.replace].length, RegExp.prototype[Symbol.split].length, RegExp.prototype[Symbol.matchAll].length);
