// The Function constructor builds sloppy functions in the global scope.
var add = new Function("a", "b", "return a + b");
print(add(2, 3), add.length, add.name);
var joined = Function("a, b", "c", "return [a, b, c].join('')");
print(joined(1, 2, 3));
var local = "global value";
function makeReader() {
  var local = "local value";
  return new Function("return typeof local === 'string' ? local : 'none'");
}
print(makeReader()());
var noArgs = new Function();
print(noArgs(), typeof noArgs.prototype);
print(Function.prototype(), typeof Function.prototype, Function.prototype.length);
print(new Function("return this")() === globalThis);
