// A sloppy direct eval in a parameter expression declares its vars outside the parameters and the body's var scope (ES2024 10.2.11 steps 20 and 28, 19.2.1.3); also eval's declarations in global and nested-eval code, and `arguments` as a parameter name. Node 20 agrees except for eval("var arguments") in h's parameters, a known V8 deviation: the third line was written by hand from EvalDeclarationInstantiation step 3.d (test262 eval-code/direct/*-declare-arguments.js).
var x = "outside";
var probe1, probe2, probeBody;
function f(a = (probe1 = () => x), b = (eval("var x = 'inside'"), (probe2 = () => x))) {
  var x = "body";
  probeBody = () => x;
}
f();
print(probe1(), probe2(), probeBody(), x);

// The eval var may not share a name with a parameter or the arguments object.
function g(a = eval("var a = 1")) {}
try { g(); } catch (e) { print(e instanceof SyntaxError); }
function h(p = eval("var arguments")) {}
try { h(); } catch (e) { print(e instanceof SyntaxError); }

// An arrow has no arguments object: the eval declares `arguments` for it.
var arrow = (p = eval("var arguments = 'param'"), q = () => arguments) => q();
print(arrow());

// A parameter named `arguments` is just a parameter.
var own = (arguments) => arguments;
print(own(7), (function (arguments) { return arguments; })(8));
function bodyVar() {
  return typeof arguments;
  var arguments;
}
print(bodyVar());

// Global code: eval's declarations are configurable properties of the global object,
// and may not clash with global lexical bindings.
eval("function declaredByEval() {} var varByEval = 1;");
var fd = Object.getOwnPropertyDescriptor(this, "declaredByEval");
var vd = Object.getOwnPropertyDescriptor(this, "varByEval");
print(fd.configurable, fd.enumerable, vd.configurable, vd.value);
let lexical = 1;
try { eval("var lexical;"); } catch (e) { print(e instanceof SyntaxError); }

// A nested sloppy eval declares in the function's var scope; new.target is allowed
// through arrows only inside functions.
function nested() {
  eval("eval('var z = 3')");
  return z;
}
print(nested());
try { (() => eval("new.target"))(); } catch (e) { print(e instanceof SyntaxError); }
function withNewTarget() { return (() => eval("new.target"))(); }
print(withNewTarget() === undefined, new withNewTarget() instanceof Object);
