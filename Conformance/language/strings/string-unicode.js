// Surrogate pairs: code units vs code points in length, indexing, iteration and codePointAt.
var smile = "a\u{1F600}b";
print(smile.length, smile.charCodeAt(1), smile.charCodeAt(2), smile.codePointAt(1), smile.codePointAt(2));
var units = [];
for (var i = 0; i < smile.length; i++) units.push(smile.charCodeAt(i).toString(16));
print(units.join(" "));
var points = [];
for (var ch of smile) points.push(ch.codePointAt(0).toString(16));
print(points.join(" "), [...smile].length, Array.from(smile).length);
print(String.fromCodePoint(0x1f600) === "\u{1F600}", String.fromCharCode(0xd83d, 0xde00) === "\u{1F600}");
print(String.fromCharCode(65, 66, 67), String.fromCharCode(0x10041), "\uD83D".length);
print("\u{1F600}".split("").length, "\u{1F600}".at(0) === "\uD83D", "ß".toUpperCase(), "İ".toLowerCase().length);
