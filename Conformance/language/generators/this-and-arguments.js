// A generator's this and arguments are bound at the call, visible after resumption; new on a generator is a TypeError.
function* sloppy() { yield this === globalThis; yield typeof this; }
print([...sloppy()].join(), [...sloppy.call(5)].join());
function* strict() { "use strict"; yield this; }
print(strict().next().value, strict.call("s").next().value);
var obj = { name: "obj", *m() { yield this.name; this.name = "changed"; yield this.name; } };
var it = obj.m();
print(it.next().value);
obj.name = "between";
print(it.next().value, obj.name);
function* args(a, b) {
  yield arguments.length;
  a = "reassigned";
  yield arguments[0];
  yield Array.prototype.slice.call(arguments, 1).join("|");
}
print([...args("x", "y", "z")].join());
function* strictArgs(a) { "use strict"; a = 2; yield arguments[0]; }
print(strictArgs(1).next().value);
function* params(a, b = a * 2, ...rest) { yield [a, b, rest.length].join(); }
print(params(3).next().value, params(1, 1, 1, 1).next().value, params.length);
// parameter defaults are evaluated at the call, before the first next()
var evaluated = [];
function* defaults(x = evaluated.push("default")) { evaluated.push("body"); yield x; }
var d = defaults();
print(evaluated.join());
d.next();
print(evaluated.join());
// errors in parameter defaults throw at the call
function* throwing(x = null.prop) {}
try { throwing(); print("no error"); } catch (e) { print("call threw", e instanceof TypeError); }
try { new sloppy(); } catch (e) { print("new:", e instanceof TypeError); }
try { Reflect.construct(function () {}, [], sloppy); print("newTarget ok"); } catch (e) { print("as newTarget:", e instanceof TypeError); }
var bound = sloppy.bind({});
try { new bound(); } catch (e) { print("new bound:", e instanceof TypeError); }
new sloppy();
