// RegExp constructor: RegExp(re) identity, flags override, IsRegExp objects, new.target and subclassing, species, errors, property attributes.
var re = /ab+c/gi;
print(RegExp(re) === re, new RegExp(re) === re, RegExp(re, "m") === re, RegExp(re, "y").flags, new RegExp(re).flags);
print(RegExp.length, RegExp.name, RegExp.prototype.constructor === RegExp, RegExp[Symbol.species] === RegExp);
var copy = new RegExp(re, "s");
print(copy.source, copy.flags, copy.lastIndex, copy !== re, RegExp(undefined).source, new RegExp().source, RegExp(null).source);
// IsRegExp: an object with a truthy Symbol.match supplies source and flags through Get.
var log = [];
var regExpLike = {
  get source() { log.push("source"); return "x+"; },
  get flags() { log.push("flags"); return "g"; },
  get constructor() { log.push("constructor"); return RegExp; },
  [Symbol.match]: true,
};
var fromLike = RegExp(regExpLike);
print(fromLike === regExpLike, log.join());
log = [];
var constructed = new RegExp(regExpLike);
print(String(constructed), log.join());
// A RegExp with Symbol.match false is still used through its internal slots.
var disguised = /q/y;
disguised[Symbol.match] = false;
print(String(new RegExp(disguised)), RegExp(disguised) === disguised);
// Subclassing: new.target's prototype, methods inherited, species respected by split.
class MyRegExp extends RegExp {
  exec(s) { var m = super.exec(s); if (m) m.tagged = true; return m; }
}
var mine = new MyRegExp("(o)", "g");
print(mine instanceof MyRegExp, mine instanceof RegExp, mine.flags, mine.exec("foo").tagged, mine.lastIndex);
print("a-b-c".split(new MyRegExp("-")).join("|"), "foo".replace(new MyRegExp("o", "g"), "0"));
// Errors: invalid flags and patterns are SyntaxErrors; other types are TypeErrors.
var bad = [["a", "gg"], ["a", "x"], ["(", ""], ["a**", ""], ["[b-a]", ""], ["\\u{110000}", "u"], ["a", "uv"]];
for (var i = 0; i < bad.length; i++) {
  try {
    new RegExp(bad[i][0], bad[i][1]);
    print("no error", bad[i][0]);
  } catch (e) {
    print(e.name, e instanceof SyntaxError);
  }
}
try {
  RegExp.prototype.exec.call({}, "a");
} catch (e) {
  print(e.name);
}
try {
  new RegExp(Symbol());
} catch (e) {
  print(e.name);
}
// Coercion order: pattern before flags.
var order = [];
new RegExp({ toString() { order.push("pattern"); return "p"; } }, { toString() { order.push("flags"); return "g"; } });
print(order.join());
// lastIndex is an own writable, non-enumerable, non-configurable data property.
var desc = Object.getOwnPropertyDescriptor(/x/, "lastIndex");
print(desc.value, desc.writable, desc.enumerable, desc.configurable, Object.keys(/x/g).length);
print(Object.prototype.toString.call(/x/), Object.getPrototypeOf(/x/) === RegExp.prototype, Object.prototype.toString.call(RegExp.prototype));
