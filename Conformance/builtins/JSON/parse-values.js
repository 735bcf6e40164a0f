// JSON.parse builds fresh objects: duplicate keys keep their first position and last value, index-like
// keys become elements, "__proto__" is an ordinary property, numbers parse exactly.
var o = JSON.parse('{"b": 1, "a": 2, "b": 3, "10": "ten", "2": "two", "__proto__": {"x": 1}}');
print(Object.keys(o).join(), o.b, Object.getPrototypeOf(o) === Object.prototype, o.__proto__.x, Object.hasOwn(o, "__proto__"));
print(JSON.parse("-0") === 0 && 1 / JSON.parse("-0"), JSON.parse("123456789012345678901234567890"), JSON.parse("1e400"), JSON.parse("-1e-400"));
print(JSON.parse("0.1"), JSON.parse("1.7976931348623157e308"), JSON.parse("5e-324"), JSON.parse("9007199254740993"), JSON.parse("[-2147483649, 2147483648]").join());
var a = JSON.parse('[1, [2, [3, []]], {"k": [null, true, false]}]');
print(Array.isArray(a), a.length, a[1][1][1].length, JSON.stringify(a[2]));
var keys = JSON.parse('[{"name": "a", "id": 1}, {"name": "b", "id": 2}, {"id": 3, "name": "c"}]');
print(keys.map(function (x) { return Object.keys(x).join("+"); }).join(" "));
var escaped = JSON.parse('{"t\\u0061b\\tle": "\\"q\\" \\\\ \\/ \\b\\f\\n\\r\\t \\u00e9 \\ud83d\\ude00"}');
print(Object.keys(escaped)[0] === "tab\tle", JSON.stringify(escaped["tab\tle"]));
print(JSON.parse('"\u00e9\u4e2d"').length, JSON.parse('{"\u4e2d": 1}')["\u4e2d"], JSON.parse('["\u00ff", "\u0100"]').join("|"));
print(JSON.parse(new String("[7]"))[0], JSON.parse(12), JSON.parse(null), JSON.parse(true), JSON.parse({ toString: function () { return '"obj"'; } }));
var deep = JSON.parse("[".repeat(500) + "]".repeat(500));
var depth = 0;
for (var node = deep; Array.isArray(node) && node.length; node = node[0]) depth++;
print("nested arrays", depth + 1);
