// RegExp.prototype accessors: flags (Get order and letters), the flag getters, source escaping, toString, compile.
// The flags Get order line is written from ES2024 22.2.6.4 by hand (unicodeSets before sticky; node 20 reads it last).
var flagNames = ["hasIndices", "global", "ignoreCase", "multiline", "dotAll", "unicode", "unicodeSets", "sticky"];
var all = /x/dgimsuy;
print(all.flags, flagNames.map(function (n) { return all[n]; }).join());
print(/x/.flags === "", /x/u.unicodeSets, /x/u.unicode);
// Flag getters: undefined on RegExp.prototype itself, TypeError on other objects.
print(flagNames.map(function (n) { return RegExp.prototype[n]; }).join());
var getter = Object.getOwnPropertyDescriptor(RegExp.prototype, "global").get;
print(getter.name, getter.length);
try {
  getter.call({});
} catch (e) {
  print(e.name);
}
try {
  getter.call(1);
} catch (e) {
  print(e.name);
}
// flags reads each flag property through Get, in spec order.
var seen = [];
var fake = {};
flagNames.forEach(function (name) {
  Object.defineProperty(fake, name, { get: function () { seen.push(name); return name === "global" || name === "sticky"; } });
});
var flagsGetter = Object.getOwnPropertyDescriptor(RegExp.prototype, "flags").get;
print(flagsGetter.call(fake), seen.join());
print(RegExp.prototype.flags === "", RegExp.prototype.source, String(RegExp.prototype));
// source: "/" and line terminators escaped, "/" inside a class kept, empty is (?:).
print(new RegExp("/").source, new RegExp("a/b").source, new RegExp("[/]").source, new RegExp("\\/").source, new RegExp("").source);
print(JSON.stringify(new RegExp("\n").source), JSON.stringify(new RegExp("a\rb").source), JSON.stringify(new RegExp("\u2028\u2029").source));
print(JSON.stringify(new RegExp("\\\n").source), eval("/" + new RegExp("/\n").source + "/").test("/\n"));
try {
  Object.getOwnPropertyDescriptor(RegExp.prototype, "source").get.call({});
} catch (e) {
  print(e.name);
}
// toString is generic: it reads source and flags.
print(RegExp.prototype.toString.call({ source: "abc", flags: "xyz" }), String(/a\/b[/]/g), String(new RegExp("")));
// compile (Annex B): reinitializes in place, resets lastIndex, keeps identity.
var re = /a/g;
re.lastIndex = 3;
var same = re.compile("b+", "i");
print(same === re, re.source, re.flags, re.lastIndex, re.test("xBBx"));
re.compile(/c(d)/m);
print(re.source, re.flags, re.exec("cd")[1]);
try {
  re.compile(/x/, "g");
} catch (e) {
  print(e.name);
}
try {
  re.compile("(");
} catch (e) {
  print(e.name, re.source);
}
var frozen = /z/;
Object.defineProperty(frozen, "lastIndex", { writable: false, value: 0 });
try {
  frozen.compile("w");
} catch (e) {
  print(e.name, frozen.source);
}
