// eval reports syntax errors as catchable SyntaxError objects; valid code in the same script still runs.
var sources = ["(", "var 1;", "let let = 1;", "a => { return; ", "'unterminated", "if (", "x = 08n", "class { }"];
var names = sources.map(function (source) {
  try {
    eval(source);
    return "ok";
  } catch (e) {
    return e instanceof SyntaxError ? "SyntaxError" : e.name;
  }
});
print(names.join(" "));
try {
  new Function("a", "return a +");
} catch (e) {
  print("Function constructor:", e.name);
}
print(new Function("a", "b", "return a * b")(6, 7));
