// xjs-flags: --timeout-ms=5000
// Compiling a script of 50,000 top-level function declarations: each compiles and runs quickly (the time limit is there in case it does not).
// (Regression: compiling 50,000 functions used to be quadratic. Every function object allocates, and the gc-stress mode collects at every allocation: when 1,000 allocations take over 20 ms there are 1,000 functions instead of 50,000; the output is the same.)
var probeStart = Date.now();
for (var k = 0, junk; k < 1000; k++) junk = [k];
var slowAllocation = Date.now() - probeStart > 20;
var outer = slowAllocation ? 4 : 200;
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
run("top-level functions", function (outer) {
  var last = outer - 1;
  return expand("function fI_J() { return I + J; }", outer, 250) + "\nf249_" + last + "() - " + last + " + f3_2()";
}, outer);
