// JSON.parse: the JSON grammar only, reviver order and deletion, errors as SyntaxError.
var parsed = JSON.parse('{"a": [1, 2.5e1, -0, true, null], "b": {"c": "\\u0041\\n"}}');
print(parsed.a.join(","), 1 / parsed.a[2], JSON.stringify(parsed.b.c));
var rejected = ["{a: 1}", "[1,]", "'single'", "01", "+1", ".5", "NaN", "undefined", '"\t"', "", "[1] x"];
print(rejected.map(function (text) {
  try {
    JSON.parse(text);
    return "accepted";
  } catch (e) {
    return e.name;
  }
}).join(" "));
print(JSON.parse(" [1 , 2] \n").length, JSON.parse('"\\ud83d\\ude00"').length, JSON.parse("1E2"), JSON.parse('"\u2028"').length);
var order = [];
var revived = JSON.parse('{"x": 1, "y": {"z": 2}, "drop": 3}', function (key, value) {
  order.push(key);
  if (key === "drop") return undefined;
  return typeof value === "number" ? value + 100 : value;
});
print(order.join(","), JSON.stringify(revived));
print(JSON.parse('{"__proto__": 1}').__proto__, Object.keys(JSON.parse('{"a":1,"a":2}')).length, JSON.parse('{"a":1,"a":2}').a);
