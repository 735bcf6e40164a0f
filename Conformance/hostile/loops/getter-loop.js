// xjs-flags: --timeout-ms=500
// Endless work hidden in accessors and coercions: a getter that loops, called from inside JSON.stringify, Array.prototype.map and a template literal.
print("start");
var o = { get x() { for (;;) {} } };
[1, 2].map(function () { return `${{ toString: function () { return JSON.stringify(o); } }}`; });
