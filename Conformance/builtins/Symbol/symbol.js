// Symbol: descriptions, registry (for/keyFor), well-known symbols' attributes, wrappers, conversions and TypeErrors.
var s = Symbol("desc");
print(typeof s, s.toString(), s.description, Symbol().description, Symbol("").description === "", Symbol(undefined).toString(), Symbol(null).toString());
print(Symbol.for("app") === Symbol.for("app"), Symbol.keyFor(Symbol.for("app")), Symbol.keyFor(s), Symbol.for().toString(), Symbol.keyFor(Symbol.iterator));
print(Symbol.for("\uD800") === Symbol.for("\uFFFD"), Symbol.for("\uD800").description.charCodeAt(0).toString(16));
var names = ["asyncIterator", "hasInstance", "isConcatSpreadable", "iterator", "match", "matchAll", "replace", "search", "species", "split", "toPrimitive", "toStringTag", "unscopables"];
print(names.map((n) => typeof Symbol[n] === "symbol" && Symbol[n].description === "Symbol." + n).every((x) => x));
var d = Object.getOwnPropertyDescriptor(Symbol, "iterator");
print(d.writable, d.enumerable, d.configurable);
try {
  new Symbol();
} catch (e) {
  print("new", e.name);
}
for (var attempt of [() => s + "", () => `${s}`, () => s * 1, () => Symbol.keyFor("x")]) {
  try {
    attempt();
  } catch (e) {
    print(e.name);
  }
}
var wrapper = Object(s);
print(typeof wrapper, wrapper.valueOf() === s, wrapper.description, wrapper[Symbol.toPrimitive]("number") === s, wrapper == s, Object.prototype.toString.call(wrapper));
print(Symbol.prototype[Symbol.toStringTag], Symbol.prototype[Symbol.toPrimitive].name, Symbol.prototype[Symbol.toPrimitive].length, Symbol.length);
var getter = Object.getOwnPropertyDescriptor(Symbol.prototype, "description").get;
print(getter.name, typeof Object.getOwnPropertyDescriptor(Symbol.prototype, "description").set);
try {
  getter.call({});
} catch (e) {
  print(e.name);
}
var object = { [s]: 1, plain: 2 };
print(Object.getOwnPropertySymbols(object).length, Object.keys(object).join(), String(s), Object.getOwnPropertyDescriptor(Symbol.prototype, Symbol.toPrimitive).writable);
