// replace/replaceAll/split with string patterns: $-substitutions, replacer arguments, limits, Symbol dispatch. Per ES2025 only object patterns are asked for Symbol.split/replace, so the line after the getters is hand-checked (node 20 still reads them).
print("aXbXc".replace("X", "-"), "aXbXc".replaceAll("X", "-"), "abc".replace("", "_"), "abc".replaceAll("", "_"));
print("abc".replace("b", "[$&|$`|$'|$$|$1|$<n>|$0]"), "aaa".replaceAll("a", "$&$&"), "x".replace("x", "$"), "x".replace("x", "$$$"));
var calls = [];
print("abab".replaceAll("b", function (m, p, s) { calls.push(m + p + s + (this === undefined)); return p; }), calls.join(" "));
"abc".replace("c", function () { calls.push(arguments.length); });
print(calls[calls.length - 1], "abc".replace("c", function () {}), "a1".replace(1, 2), "null".replace(null, "!"));
print("a,b,,c".split(","), "a,b,,c".split(",", 2), "abc".split(""), "abc".split("", 2), "abc".split(), "".split(",").length, "".split("").length);
print("a,b".split(",", -1).length, "a,b".split(",", 0).length, "a--b--c".split("--"), "test".split("test"), String.prototype.split.call(123, 2));
var custom = {
  [Symbol.replace](string, replacement) { return "replace:" + string + ":" + replacement; },
  [Symbol.split](string, limit) { return "split:" + string + ":" + limit; },
};
print("x".replace(custom, "y"), "x".replaceAll(custom, "z"), "x".split(custom, 3));
Object.defineProperty(String.prototype, Symbol.split, { get() { throw new Error("must not be read"); }, configurable: true });
Object.defineProperty(Number.prototype, Symbol.replace, { get() { throw new Error("must not be read"); }, configurable: true });
print("a1b".split("1"), "a1b".replace(1, "-"), "a1b1".replaceAll(1, "+"));
var order = [];
"abc".split({ toString() { order.push("separator"); return "b"; } }, { valueOf() { order.push("limit"); return 5; } });
print(order.join(","));
try {
  String.prototype.replaceAll.call(undefined, "a", "b");
} catch (e) {
  print(e.name);
}
