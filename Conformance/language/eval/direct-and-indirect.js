// Direct eval sees the calling scope; indirect eval runs in the global scope.
var scope = "global";
function test() {
  var scope = "local";
  var direct = eval("scope");
  var indirect = (0, eval)("scope");
  var alias = eval;
  return [direct, indirect, alias("scope")].join(" ");
}
print(test());
function declares() {
  eval("var fromEval = 'declared by eval'");
  return typeof fromEval === "string" ? fromEval : "missing";
}
print(declares(), typeof fromEval);
function strictEval() {
  "use strict";
  eval("var hidden = 1");
  return typeof hidden;
}
print(strictEval());
(0, eval)("var globalFromIndirect = 'global'");
print(globalFromIndirect);
print(eval(42), eval({ not: "a string" }).not, eval(), eval("") === undefined);
function letInEval() {
  eval("let blockScoped = 1");
  return typeof blockScoped;
}
print(letInEval());
