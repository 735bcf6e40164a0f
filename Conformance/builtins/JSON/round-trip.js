// parse(stringify(x)) rebuilds x exactly: repeated keys (the parser's key cache), escapes, wide and
// Latin-1 strings, numbers, nesting; pretty output parses back to the same value.
var rows = [];
for (var i = 0; i < 60; i++) {
  rows.push({ id: i, name: "item-" + i, price: i * 1.25, tags: ["t" + (i % 7), "u" + (i % 3)], ok: i % 2 === 0, note: null, "q\"k": "\u00e9\n" });
}
var text = JSON.stringify({ rows: rows, title: "\u00e9t\u00e9 \u4e2d\u6587 \ud83d\ude00 " + "x".repeat(1000) });
var back = JSON.parse(text);
print(text.length, back.rows.length, back.rows[59].name, back.rows[23].price, back.rows[7].tags.join(), back.rows[5]["q\"k"] === "\u00e9\n");
print(JSON.stringify(back) === text, back.title.length, back.title.charCodeAt(9), back.title.codePointAt(7));
var sum = 0;
back.rows.forEach(function (row) { sum += row.id + row.tags.length + Object.keys(row).length; });
print(sum);
var pretty = JSON.stringify(back.rows.slice(0, 2), null, 2);
print(pretty.split("\n").length, JSON.stringify(JSON.parse(pretty)) === JSON.stringify(back.rows.slice(0, 2)));
