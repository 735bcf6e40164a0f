// Block scoping of let, const, class and function declarations in strict code.
"use strict";
let x = "outer";
{
  let x = "inner";
  print(x);
  {
    const x = "innermost";
    print(x);
  }
}
print(x);
{
  function blockFunction() { return "block"; }
  print(typeof blockFunction);
}
print(typeof blockFunction);
if (true) {
  class Local {}
  print(typeof Local);
}
print(typeof Local);
for (let i = 0; i < 1; i++) {
  let i = "shadow in body";
  print(i);
}
try {
  eval("let x = 1; let x = 2;");
} catch (e) {
  print(e.name);
}
