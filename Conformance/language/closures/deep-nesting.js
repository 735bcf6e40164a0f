// Closures reaching several scopes out, with shadowing at intermediate levels.
function level1(a) {
  return function level2(b) {
    var a2 = a * 10;
    return function level3(c) {
      var b = "shadow";
      return function level4() { return [a, a2, b, c].join(" "); };
    };
  };
}
print(level1(1)(2)(3)());
var x = "global";
function readX() { return x; }
function shadowX() { var x = "local"; return readX(); }
print(shadowX());
