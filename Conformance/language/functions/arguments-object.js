// The arguments object: mapped to parameters in sloppy functions, unmapped in strict ones.
function sloppy(a, b) {
  arguments[0] = "changed";
  b = "b changed";
  return [a, arguments[1], arguments.length].join(" ");
}
print(sloppy(1, 2), sloppy(1));
function strict(a) {
  "use strict";
  arguments[0] = "changed";
  return a;
}
print(strict(1));
function info() {
  return [arguments.length, typeof arguments, Array.isArray(arguments), Object.prototype.toString.call(arguments)].join(" ");
}
print(info(1, 2, 3));
function callee() { return arguments.callee === callee; }
print(callee());
function strictCallee() {
  "use strict";
  try {
    return arguments.callee;
  } catch (e) {
    return e.name;
  }
}
print(strictCallee());
function unmappedByDefaults(a = 0) { arguments[0] = 99; return a; }
print(unmappedByDefaults(1));
function spreadArguments() { return [...arguments].reverse().join(""); }
print(spreadArguments("a", "b", "c"));
function outer() { var inner = () => arguments[0]; return inner("ignored"); }
print(outer("outer arg"));
function beyond(a) { arguments[1] = "x"; return arguments.length; }
print(beyond(1));
