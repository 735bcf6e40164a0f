// yield in expression positions: array and object literals, computed keys, templates, call arguments, conditionals, destructuring defaults, switch, with, labels.
function show(x) { return JSON.stringify(x); }
function* positions() {
  var a = [yield 1, yield 2];
  print("array", show(a));
  var o = { [yield "key"]: yield "value" };
  print("object", show(o));
  print(`template ${yield "t"} end`);
  f(yield "argument");
  function f(x) { print("argument", x); }
  var c = (yield "condition") ? yield "then" : yield "else";
  print("conditional", c);
  var d, e;
  [d = yield "default d", { e = yield "default e" } = {}] = [];
  print("destructuring defaults", d, e);
}
var it = positions(), r, i = 0;
while (!(r = it.next("s" + i++)).done) print(show(r));
// yield without operand (ASI after yield), comma and assignment precedence
function* asi() {
  yield
  1;
  var x = yield 2, y = 3;
  yield [x, y];
  var z = (yield "a", yield "b");
  yield z;
}
var g = asi();
print(show([g.next(), g.next(), g.next("X"), g.next(), g.next(), g.next("Z"), g.next()].map((r) => r.value)));
// switch, labelled block and with across yields
function* control() {
  switch (yield "switch") { case 1: yield "one"; case 2: yield "fallthrough two"; break; default: yield "default"; }
  block: { yield "in label"; break block; }
  var scope = { x: 1 };
  with (scope) { yield x; x = 5; yield x; }
  yield scope.x;
}
var ctl = control();
var seen = [ctl.next().value, ctl.next(1).value];
for (var v of ctl) seen.push(v);
print(seen.join());
// closures over per-iteration let bindings made across yields
function* closures() { const fs = []; for (let i = 0; i < 3; i++) { fs.push(() => i); yield i; } yield fs.map((f) => f()).join(); }
print(show([...closures()]));
// yield is an early error in parameters and in nested functions; eval code cannot yield
for (var src of ["function* p(a = yield) {}", "function* q() { function r() { yield 1; } }", "function* s() { (yield) => 1; }"]) {
  try { eval(src); print("parsed", src); } catch (e) { print(e.name); }
}
function* viaEval() { try { eval("yield 1"); } catch (e) { yield e.name; } }
print([...viaEval()].join(), function* () { var yield_ = 1; yield yield_; }().next().value);
