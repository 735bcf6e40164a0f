// Symbols: unique identity, descriptions, registry, and exclusion from string-keyed enumeration.
var a = Symbol("desc"), b = Symbol("desc");
print(a === b, a.toString(), a.description, Symbol().description, typeof a);
print(Symbol.for("shared") === Symbol.for("shared"), Symbol.keyFor(Symbol.for("shared")), Symbol.keyFor(a));
var object = { visible: 1 };
object[a] = "symbol value";
print(Object.keys(object).join(","), JSON.stringify(object), object[a], Object.getOwnPropertySymbols(object).length);
var keys = [];
for (var k in object) keys.push(k);
print(keys.join(","));
try {
  a + "";
} catch (e) {
  print(e.name);
}
print(String(a), Object(a) instanceof Symbol, typeof Object(a));
try {
  new Symbol();
} catch (e) {
  print(e.name);
}
print(typeof Symbol.iterator, Symbol.iterator.toString(), Symbol.iterator === Symbol.iterator);
