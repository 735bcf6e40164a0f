// Object spread copies own enumerable properties (getters are invoked) in property order.
var source = { a: 1, b: 2 };
var merged = { ...source, b: "override", c: 3 };
print(JSON.stringify(merged));
var later = { b: "first", ...source };
print(later.b);
var calls = 0;
var withGetter = { get value() { calls++; return "computed"; } };
var copy = { ...withGetter };
print(copy.value, calls, typeof Object.getOwnPropertyDescriptor(copy, "value").get);
var hidden = Object.create({ inherited: 1 }, { own: { value: 1, enumerable: true }, secret: { value: 2 } });
print(Object.keys({ ...hidden }).join(","));
print(JSON.stringify({ ...null, ...undefined, ...5, ..."ab" }));
var symbol = Symbol("s");
var withSymbol = { ...{ [symbol]: "sym" } };
print(withSymbol[symbol]);
var ordered = { ...{ z: 1, 1: "one", a: 2, 0: "zero" } };
print(Object.keys(ordered).join(","));
