// String constructor: conversions (String(symbol) only without new), wrappers, subclassing, statics, property attributes.
print(String(), String(Symbol("s")), String(Symbol()), String(-0), String([1, [2, 3]]), String({ toString() { return "o"; } }));
try {
  new String(Symbol("s"));
} catch (e) {
  print(e.name);
}
var wrapper = new String("ab");
print(typeof wrapper, wrapper.length, wrapper[1], Object.keys(wrapper).join(","), wrapper instanceof String, wrapper == "ab");
class Sub extends String {
  shout() { return this.toUpperCase() + "!"; }
}
var sub = new Sub("hey");
print(sub.shout(), sub.length, sub instanceof Sub, Object.prototype.toString.call(sub), String.prototype.toString.call(sub));
print(String.fromCharCode(), String.fromCharCode(0x10041, 66.7, -1).length, String.fromCharCode(0xD83D, 0xDE00) === "\uD83D\uDE00");
print(String.fromCodePoint(), String.fromCodePoint(65, 0x1F600).length, String.fromCodePoint("66"));
for (var bad of [-1, 1.5, 0x110000, NaN, Infinity, "x"]) {
  try {
    String.fromCodePoint(bad);
  } catch (e) {
    print(String(bad), e.name);
  }
}
print(String.raw`\u{41}${1}\n`, String.raw({ raw: { length: 3, 0: "a", 1: "b", 2: "c" } }, 1), String.raw({ raw: { length: -1 } }) === "");
print(String.length, String.name, String.fromCharCode.length, String.raw.length, String.prototype.length, String.prototype.valueOf());
var d = Object.getOwnPropertyDescriptor(String.prototype, "padStart");
print(d.writable, d.enumerable, d.configurable, String.prototype.padStart.length, String.prototype.replace.length);
try {
  String.prototype.toString.call({});
} catch (e) {
  print(e.name);
}
