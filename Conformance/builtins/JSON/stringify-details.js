// JSON.stringify (ES2024 25.5.2): replacer arrays (dedup, numbers and wrappers as keys), replacer functions
// with the {"": value} wrapper, gap clamping, toJSON with its key, boxed primitives, well-formed escapes.
// Hand-corrected line 3: a space of 0.9 gives an empty gap (ES2024 25.5.2 step 7), so no newlines; node 20
// wrongly starts new lines there.
var value = { b: 1, a: 2, 1: "one", c: { b: 3, a: 4 } };
print(JSON.stringify(value, ["a", "b", "a", 1, new String("c"), new Number(1), {}, true]));
var calls = [];
JSON.stringify({ x: [1, { y: 2 }] }, function (key, v) {
  calls.push(JSON.stringify(key) + (key === "" ? ":wrapper=" + JSON.stringify(Object.keys(this)) : ""));
  return v;
});
print(calls.join(" "));
print(JSON.stringify([1, [2]], null, 20) === JSON.stringify([1, [2]], null, 10), JSON.stringify([1], null, 0.9), JSON.stringify([1], null, -5));
print(JSON.stringify({ a: [1] }, null, "abcdefghijklmnop"));
print(JSON.stringify({ a: 1 }, null, new Number(2)), JSON.stringify({ a: 1 }, null, new String("\t")), JSON.stringify({ a: 1 }, null, true));
var keys = [];
var withToJSON = { d: new Date(0), t: { toJSON: function (key) { keys.push(key); return [key]; } }, arr: [{ toJSON: function (key) { keys.push(key); return 1; } }] };
print(JSON.stringify(withToJSON), keys.join(","));
print(JSON.stringify([new Boolean(false), new String("s"), new Number(-0), Object(Symbol()), function () {}]));
print(JSON.stringify({ s: Symbol(), u: undefined, n: null, inf: -Infinity, big: 1e21, small: 1e-7, neg: -0 }));
print(JSON.stringify("\u0000\u0008\u0009\u000a\u000c\u000d\u001f\u0022\u005c\u007f\u00e9\u2028"));
print(JSON.stringify("\ud834\udd1e \ud834 \udd1e \udd1e\ud834"), JSON.stringify({ "\ud800": "\udfff" }));
print(JSON.stringify(Object.create({ inherited: 1 }, { own: { value: 2, enumerable: true }, hidden: { value: 3 } })));
var sparse = [1, , 3];
sparse.length = 5;
print(JSON.stringify(sparse), JSON.stringify({ length: 2, 0: "a" }), JSON.stringify(Object.assign([1, 2], { extra: true })));
var getterCalls = 0;
var lazy = { get a() { getterCalls++; delete this.b; return 1; }, b: 2, c: 3 };
print(JSON.stringify(lazy), getterCalls);
var shared = { k: 1 };
print(JSON.stringify([shared, shared, { s: shared }]));
var ring = [1, [2]];
ring[1].push(ring);
try {
  JSON.stringify(ring);
} catch (e) {
  print(e.name, e.message.split("\n")[0]);
}
