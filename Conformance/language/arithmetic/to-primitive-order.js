// ToPrimitive: hint "default"/"number" tries valueOf first, hint "string" tries toString first.
var log = [];
var object = {
  valueOf: function () { log.push("valueOf"); return 1; },
  toString: function () { log.push("toString"); return "two"; },
};
print(object + 1, object * 2, `${object}`, String(object), object + "");
print(log.join(" "));
var noValue = { valueOf: function () { return {}; }, toString: function () { return "7"; } };
print(noValue * 2, noValue + 1);
var custom = {};
custom[Symbol.toPrimitive] = function (hint) { return hint === "number" ? 10 : hint; };
print(+custom, custom + "", `${custom}`, custom * 1);
var bad = { valueOf: function () { return {}; }, toString: function () { return {}; } };
try {
  bad + 1;
} catch (e) {
  print(e instanceof TypeError);
}
