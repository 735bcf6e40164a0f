// Operations that must throw, with the error type the spec requires.
function errorName(f) {
  try {
    f();
    return "none";
  } catch (e) {
    return e.name;
  }
}
var results = [
  errorName(function () { undefinedFunction(); }),
  errorName(function () { null.property; }),
  errorName(function () { undefined.property; }),
  errorName(function () { var notCallable = 1; notCallable(); }),
  errorName(function () { new Math.max(); }),
  errorName(function () { ({}) instanceof 5; }),
  errorName(function () { "key" in "string"; }),
  errorName(function () { new Array(-1); }),
  errorName(function () { (1.5).toFixed(101); }),
  errorName(function () { "abc".repeat(-1); }),
  errorName(function () { eval("var 1x;"); }),
  errorName(function () { decodeURIComponent("%"); }),
  errorName(function () { Symbol() + ""; }),
  errorName(function () { Object.defineProperty(1, "x", {}); }),
  errorName(function () { var o = {}; o.x.y.z; }),
];
print(results.join("\n"));
