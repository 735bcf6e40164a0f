// RegExp.prototype.exec/test: result arrays (index, input, groups, indices), lastIndex rules for g, y and neither, unicode positions.
var m = /(?<year>\d{4})-(?<month>\d\d)(-(\d\d))?/.exec("on 2024-03 ok");
print(m.length, m[0], m[1], m[2], m[3], m[4], m.index, m.input);
print(Object.keys(m).join(), Object.getPrototypeOf(m.groups), Object.keys(m.groups).join(), m.groups.year, m.groups.month);
print(/a/.exec("a").groups, "groups" in /a/.exec("a"), /x/.exec("abc"));
// d flag: indices pairs, undefined for groups that did not participate, named groups.
var d = /(?<word>[a-z]+)(\d)?/d.exec("  abc!");
print(JSON.stringify(d.indices), JSON.stringify(d.indices.groups), d.indices.length, Object.getPrototypeOf(d.indices.groups));
print(/a/.exec("a").indices, /a/d.exec("a").indices.groups, Object.keys(/(b)/d.exec("ab")).join());
// lastIndex: ignored and untouched without g/y; advanced with g; reset on failure.
var plain = /o/;
plain.lastIndex = 2;
print(plain.exec("foo").index, plain.lastIndex);
var g = /o/g;
var positions = [];
while (g.exec("foo boo")) positions.push(g.lastIndex);
print(positions.join(), g.lastIndex);
g.lastIndex = 100;
print(g.exec("foo"), g.lastIndex);
// y: the match must start at lastIndex.
var y = /b/y;
print(y.test("ab"), y.lastIndex, (y.lastIndex = 1, y.test("ab")), y.lastIndex, y.test("ab"), y.lastIndex);
var gy = /a/gy;
print("aaba".replace(gy, "x"), "baaa".replace(gy, "x"), "aaba".match(gy).length);
// lastIndex is converted with ToLength, even without g (and the conversion is observable).
var calls = 0;
var counted = /a/;
counted.lastIndex = { valueOf: function () { calls++; return 0; } };
counted.exec("a");
counted.test("a");
print(calls);
var neg = /a/g;
neg.lastIndex = -5;
print(neg.exec("a").index, neg.lastIndex);
// A read-only lastIndex throws where exec must write it.
var ro = /a/g;
Object.defineProperty(ro, "lastIndex", { writable: false, value: 0 });
try {
  ro.exec("a");
} catch (e) {
  print(e.name);
}
var roPlain = /a/;
Object.defineProperty(roPlain, "lastIndex", { writable: false, value: 0 });
print(roPlain.exec("a")[0]);
// Unicode: code point positions, lastIndex inside a surrogate pair.
var u = /./gu;
u.lastIndex = 1;
var pair = u.exec("\u{1F600}x");
print(pair.index, pair[0].length, u.lastIndex);
var nonU = /./g;
nonU.lastIndex = 1;
print(nonU.exec("\u{1F600}x")[0].charCodeAt(0).toString(16), /\uDE00/u.test("\u{1F600}"), /\uDE00/.test("\u{1F600}"));
print(/^.$/u.exec("\u{1F600}")[0].length, /(?:)/gu.exec("\u{1F600}").index);
// Empty and long inputs, case folding, multiline and dotAll.
print(/^$/.exec("")[0] === "", /a*/.exec("bbb")[0] === "", /ǆ/i.test("Ǆ"), /\u212A/i.test("k"), /\u212A/iu.test("k"));
print(/^b$/m.exec("a\nb\nc").index, /a.c/s.test("a\nc"), /a.c/.test("a\nc"), /x{3,}/.exec("x".repeat(100000))[0].length);
