// xjs-flags: --max-heap=1m --timeout-ms=25000
// Allocation bombs made of many small allocations: an object with endless keys, a growing Map, closures, suspended generators and pending promises each reach the heap limit and end in a catchable RangeError; then the heap is usable again.
// (The limit is 1 MB, about 0.5 MB above an empty realm, because the gc-stress mode collects at every allocation: filling 64 MB with small objects takes hours there. allocation-bombs.js fills 64 MB.)
function bomb(name, f) {
  var state = { value: null }, outcome;
  try { f(state); outcome = "finished?!"; }
  catch (e) { outcome = e instanceof RangeError ? "RangeError" : "unexpected " + e; }
  // The garbage goes before printing: until then the heap is full and printing may not allocate.
  state.value = null;
  print(name, outcome);
}
bomb("Map growth", function (s) { s.value = new Map(); for (var i = 0; ; i++) s.value.set(i, { i: i }); });
bomb("closures holding arrays", function (s) { s.value = []; for (;;) { var a = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]; s.value.push(function () { return a; }); } });
bomb("generators kept suspended", function (s) { s.value = []; function* g() { var big = [1, 2, 3, 4, 5, 6, 7, 8]; yield big; } for (;;) { var it = g(); it.next(); s.value.push(it); } });
bomb("promises kept pending", function (s) { s.value = []; for (;;) s.value.push(new Promise(function () {})); });
bomb("one object with endless keys", function (s) { s.value = {}; for (var i = 0; ; i++) s.value["key" + i] = i; });
var after = []; for (var i = 0; i < 10000; i++) after.push(i);
print("after the bombs, an array of 10,000:", after.length);
