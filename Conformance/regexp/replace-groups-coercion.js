// RegExp.prototype[Symbol.replace] with a user exec: a non-undefined groups is ToObject'ed
// (ES2024 22.2.6.11 step 14.l.i.1) even when the template has no $<…>.
var r = /./;
var groups = null;
r.exec = function () { return { length: 1, 0: "b", index: 0, groups: groups }; };
try { r[Symbol.replace]("bar", "x"); print("no error"); } catch (e) { print(e.name); }
groups = undefined;
print(r[Symbol.replace]("bar", "x"));
groups = "str";
print(r[Symbol.replace]("bar", "[$<length>]"));
groups = { n: 42 };
print(r[Symbol.replace]("bar", "[$<n>]"), r[Symbol.replace]("bar", "-"));
