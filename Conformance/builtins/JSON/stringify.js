// JSON.stringify: property order, omitted values, toJSON, replacers, indentation, escaping.
print(JSON.stringify({ b: 1, a: [1, "two", null, true], c: { d: {} } }));
print(JSON.stringify([undefined, function () {}, Symbol()]), JSON.stringify({ u: undefined, f: function () {}, s: Symbol() }));
print(JSON.stringify(NaN), JSON.stringify(-0), JSON.stringify(Infinity), JSON.stringify("\n\"\\"), JSON.stringify("\u2028") === "\"\u2028\"", JSON.stringify("\ud800"));
print(JSON.stringify(undefined), JSON.stringify(function () {}), JSON.stringify(null), JSON.stringify(new Date(0)));
print(JSON.stringify({ toJSON: function (key) { return "custom:" + key; } }), JSON.stringify({ inner: { toJSON: function (key) { return key; } } }));
print(JSON.stringify({ a: 1, b: 2, c: 3 }, ["c", "a"]), JSON.stringify({ a: 1, b: "x" }, function (key, value) { return typeof value === "number" ? value * 2 : value; }));
print(JSON.stringify({ a: [1, { b: 2 }] }, null, 2));
print(JSON.stringify([1], null, "--"), JSON.stringify({}, null, 4), JSON.stringify([[]], null, 1));
print(JSON.stringify(new Number(5)), JSON.stringify(new String("s")), JSON.stringify(Object(false)));
var cyclic = {};
cyclic.self = cyclic;
try {
  JSON.stringify(cyclic);
} catch (e) {
  print(e.name);
}
