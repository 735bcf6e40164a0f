// xjs-flags: --max-heap=1m --timeout-ms=25000
// An allocation bomb made of many small allocations (suspended generators) reaches the heap limit and ends in a catchable RangeError; then the heap is usable again.
// (The limit is 1 MB, about 0.5 MB above an empty realm, because the gc-stress mode collects at every allocation: filling 64 MB with small objects takes hours there, and one bomb a file keeps each test to seconds there. allocation-bombs.js fills 64 MB.)
function bomb(name, f) {
  var state = { value: null }, outcome;
  try { f(state); outcome = "finished?!"; }
  catch (e) { outcome = e instanceof RangeError ? "RangeError" : "unexpected " + e; }
  // The garbage goes before printing: until then the heap is full and printing may not allocate.
  state.value = null;
  print(name, outcome);
}
bomb("generators kept suspended", function (s) { s.value = []; function* g() { var big = [1, 2, 3, 4, 5, 6, 7, 8]; yield big; } for (;;) { var it = g(); it.next(); s.value.push(it); } });
var after = []; for (var i = 0; i < 10000; i++) after.push(i);
print("after the bomb, an array of 10,000:", after.length);
