// xjs-flags: --timeout-ms=500
// for-of over an endless generator (yield inside while (true)), consumed through spread inside a catch-all loop.
print("start");
function* naturals() { var i = 0; while (true) yield i++; }
var sum = 0;
for (var n of naturals()) { sum += n; if (n === 1000) print("1000 reached"); }
