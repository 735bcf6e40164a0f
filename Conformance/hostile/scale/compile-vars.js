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
function timed(source) {
  var start = Date.now();
  var result = (0, eval)(source);
  return { result: result, ms: Date.now() - start };
}
// "In time" means linear: the whole source compiles and runs in under 3 s, or in under 30 times
// what a tenth of it takes. A quadratic compiler takes 100 times as long; a slow machine or an
// instrumented build (ASan on top of the arm64 simulator) passes 3 s but stays linear.
function run(name, sourceOf, outer) {
  var tenth = timed(sourceOf(Math.max(4, Math.floor(outer / 10))));
  var whole = timed(sourceOf(outer));
  var linear = whole.ms < Math.max(3000, 30 * tenth.ms);
  print(name, whole.result, linear ? "in time" : "slow: " + whole.ms + " ms (a tenth: " + tenth.ms + " ms)");
}
run("50,000 vars", function (outer) {
  return "(function () {" + expand("var vI_J = I * J;", outer, 250) + " return v249_" + (outer - 1) + " + v0_0; })()";
}, 200);
run("50,000 lets", function (outer) {
  return "(function () {" + expand("let vI_J = I + J;", outer, 250) + " return v249_" + (outer - 1) + " + v1_1; })()";
}, 200);
run("50,000 vars and a closure", function (outer) {
  return "(function () {" + expand("var vI_J = I;", outer, 250) + " return function () { return v249_" + (outer - 1) + " + v17_3; }; })()()";
}, 200);
