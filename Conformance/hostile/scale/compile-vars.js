// xjs-flags: --timeout-ms=5000
// Compiling a function with 50,000 `var`s, 50,000 `let`s, and 50,000 `var`s closed over: each compiles and runs quickly (the time limit is there in case it does not).
// (Regression: compiling 50,000 declarations used to be quadratic. The sources are built from blocks of 250 names so that the gc-stress mode, which collects at every allocation, stays fast.)
function expand(template, outer, inner) {
  // The template's I and J become 0..inner-1 and 0..outer-1: outer * inner copies.
  var block = [];
  for (var i = 0; i < inner; i++) block.push(template.replaceAll("I", i));
  block = block.join("\n");
  var all = [];
  for (var j = 0; j < outer; j++) all.push(block.replaceAll("J", j));
  return all.join("\n");
}
function run(name, source) {
  var start = Date.now();
  var result = (0, eval)(source);
  var ms = Date.now() - start;
  print(name, result, ms < 3000 ? "in time" : "slow: " + ms + " ms");
}
run("50,000 vars", "(function () {" + expand("var vI_J = I * J;", 200, 250) + " return v249_199 + v0_0; })()");
run("50,000 lets", "(function () {" + expand("let vI_J = I + J;", 200, 250) + " return v249_199 + v1_1; })()");
run("50,000 vars and a closure", "(function () {" + expand("var vI_J = I;", 200, 250) + " return function () { return v249_199 + v17_3; }; })()()");
