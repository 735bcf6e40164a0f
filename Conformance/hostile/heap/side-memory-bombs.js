// xjs-flags: --max-heap=1m --timeout-ms=25000
// Bombs of memory that lives outside the collected heap, in the engine's own structures: functions made from long source text (their code and the text they keep), the syntax trees of functions not called yet, compiled patterns, and chains of shapes whose property tables grow with every property. The heap limit counts all of it, so each bomb ends in a catchable RangeError after a bounded number of rounds. (Before these were counted, the rounds went past each bound, and 32 MB of counted heap held 130-270 MB.)
// (The limit is 1 MB, about 0.5 MB above an empty realm, for the gc-stress mode's sake, as in small-object-bomb-keys.js; node has no equivalent of --max-heap.)
function bomb(name, f, bound) {
  var state = { value: null, rounds: 0 }, outcome;
  try { f(state); outcome = "finished?!"; }
  catch (e) { outcome = e instanceof RangeError ? "RangeError" : "unexpected " + e; }
  // The garbage goes before printing: until then the heap is full and printing may not allocate.
  state.value = null;
  print(name, outcome, state.rounds <= bound ? "within " + bound + " rounds" : "after " + state.rounds + " rounds");
}
var body = "return a + 1;" + " ".repeat(20000);
bomb("functions of 20,000 characters", function (s) {
  s.value = [];
  for (;;) { s.value.push(new Function("a", body + "// " + s.rounds)); s.rounds++; }
}, 100);
bomb("patterns", function (s) {
  s.value = [];
  for (;;) { s.value.push(new RegExp("x{1000}" + s.rounds)); s.rounds++; }
}, 1000);
bomb("objects of 60 properties of their own", function (s) {
  s.value = [];
  for (;;) {
    var o = {};
    for (var j = 0; j < 60; j++) o["k" + s.rounds + "_" + j] = j;
    s.value.push(o);
    s.rounds++;
  }
}, 30);
// Functions nobody calls keep their syntax tree until their first call (lazy compilation): the
// tree is counted (estimated from its source length), so keeping many of them is bounded too.
var uncalled = "function inner() { return " + "a+".repeat(2000) + "a; }";
bomb("functions with an uncalled inner function of 4,000 tokens", function (s) {
  s.value = [];
  for (;;) { s.value.push(new Function("a", uncalled + "// " + s.rounds)); s.rounds++; }
}, 10);
var after = []; for (var i = 0; i < 10000; i++) after.push(i);
print("after the bombs, an array of 10,000:", after.length);
