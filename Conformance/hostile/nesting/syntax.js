// Deep nesting in every syntactic form: 1,000 levels compile and run (classes, which nest four constructs per level: 250); 100,000 levels are a SyntaxError ("too deeply nested"), never a native stack overflow. The source is compiled by indirect eval, so the parser's depth check is what is tested.
// (node throws RangeError "Maximum call stack size exceeded" for the 100,000-level forms; both are clean errors; node also stops at 1,000 nested object literals and 1,000 nested functions. A long left-associative chain such as 1+1+...+1 is not nested and compiles at any length.)
function rep(s, n) { return s.repeat(n); }
// n distinct names joined by the separator, from blocks of 100 (the gc-stress mode collects at every allocation).
function distinctNames(n, separator) {
  var block = [];
  for (var i = 0; i < 100; i++) block.push("l" + i + "_X");
  block = block.join(separator);
  var blocks = [];
  for (var j = 0; j < n / 100; j++) blocks.push(block.replaceAll("X", j));
  return blocks.join(separator);
}
var forms = [
  ["parens", function (n) { return rep("(", n) + "1" + rep(")", n); }],
  ["arrays", function (n) { return rep("[", n) + rep("]", n); }],
  ["objects", function (n) { return rep("({a:", n) + "1" + rep("})", n); }],
  ["blocks", function (n) { return rep("{", n) + rep("}", n); }],
  ["functions", function (n) { return rep("(function(){", n) + rep("})", n); }],
  ["arrows", function (n) { return rep("()=>", n) + "1"; }],
  ["if", function (n) { return rep("if (1) ", n) + "1;"; }],
  ["else if", function (n) { return rep("if (0) 0; else ", n) + "1;"; }],
  ["while", function (n) { return rep("while (0) ", n) + ";"; }],
  ["for", function (n) { return rep("for (;0;) ", n) + ";"; }],
  ["unary", function (n) { return rep("!", n) + "1"; }],
  ["typeof", function (n) { return rep("typeof ", n) + "1"; }],
  ["ternary", function (n) { return rep("1 ? ", n) + "1" + rep(" : 0", n); }],
  ["templates", function (n) { return rep("`${", n) + "1" + rep("}`", n); }],
  ["calls", function (n) { return "(function f(){return f})" + rep("()", n); }],
  ["arguments", function (n) { return rep("String(", n) + "1" + rep(")", n); }],
  ["new", function (n) { return rep("new ", n) + "Object"; }],
  ["members", function (n) { return "({})" + rep(".a", n); }],
  ["right assoc", function (n) { return "var x; " + rep("x = ", n) + "1"; }],
  ["exponent", function (n) { return rep("1 ** ", n) + "1"; }],
  ["array patterns", function (n) { return "var " + rep("[", n) + "a" + rep("]", n) + " = " + rep("[", n) + rep("]", n); }],
  ["object patterns", function (n) { return "var " + rep("{a:", n) + "b" + rep("}", n) + " = " + rep("{a:", n) + "1" + rep("}", n); }],
  ["classes", function (n) { n = n / 4; return rep("(class { m() { return ", n) + "1" + rep("} })", n); }],
  ["labels", function (n) { return distinctNames(n, ": ") + ": 1"; }],
  ["with", function (n) { return rep("with ({}) ", n) + "1"; }],
  ["try", function (n) { return rep("try {", n) + rep("} finally {}", n); }],
  ["switch", function (n) { return rep("switch (1) { case 1: ", n) + rep("}", n); }],
  ["spread", function (n) { return rep("[...", n) + "[]" + rep("]", n); }],
  ["optional chains", function (n) { return "({})" + rep("?.a", n); }],
  ["comma in parens", function (n) { return rep("(0, ", n) + "1" + rep(")", n); }],
];
function outcome(src) {
  try { var v = (0, eval)(src); return "ran (" + typeof v + ")"; }
  catch (e) { return e.constructor.name + ": " + e.message; }
}
for (var i = 0; i < forms.length; i++) {
  var name = forms[i][0], make = forms[i][1];
  print(name, "| 1,000:", outcome(make(1000)), "| 100,000:", outcome(make(100000)));
}
print("binary chain of 100,000:", outcome(rep("1+", 100000) + "1"));
print("comma chain of 100,000:", outcome(rep("1,", 100000) + "1"));
print("statements 100,000:", outcome(rep("1;", 100000)));
